import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { buildMeetingIcs, icsParam, meetingUid, type MeetingIcsInput } from "~/lib/conversations/meeting-ics";
import {
  MEETING_LOCATION_MESSAGE,
  MEETING_SLOT_INCOMPLETE_MESSAGE,
  MEETING_SLOT_INVALID_MESSAGE,
  MEETING_SLOT_REQUIRED_MESSAGE,
  MEETING_SLOTS_DISTINCT_MESSAGE,
} from "~/lib/conversations/meeting-copy";
import { ProposeMeetingSchema } from "~/lib/conversations/meeting-schemas";
import {
  formatSlot,
  locationKind,
  readerZone,
  slotInstant,
  slotInstants,
  slotZoneLabel,
} from "~/lib/conversations/meeting-slots";
import { ThreadActionSchema } from "~/lib/conversations/thread-schemas";

/** Calls in a thread (docs/decisions/074): the calendar file, the times and zones, the form. */

const base: MeetingIcsInput = {
  id: "3f2a9c1e-0000-4000-8000-000000000001",
  sequence: 1,
  cancelled: false,
  startsAt: new Date("2026-12-03T14:00:00Z"),
  durationMinutes: 45,
  location: "https://meet.example.com/abc-defg-hij",
  summary: "Partwise call: Harbor Bakery, Inc. and Marcus Okafor",
  description: "A call; see the conversation.\nSecond line",
  url: "https://partwise.example/messages/t1",
  organizer: { name: "Dana Reyes", email: "dana@example.com" },
  attendees: [{ name: "Marcus Okafor", email: "marcus@example.com" }],
  updatedAt: new Date("2026-11-30T09:00:00Z"),
};
const now = new Date("2026-11-30T10:00:00Z");

/** The unfolded content lines of a calendar file. */
const unfold = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");

describe("the calendar file of a call (RFC 5545)", () => {
  it("a booked call is a REQUEST: UTC times, the end after its length, the UID and SEQUENCE, organizer and attendees", () => {
    const ics = buildMeetingIcs(base, now);
    const lines = unfold(ics);
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines).toContain(`UID:${meetingUid(base.id)}`);
    expect(lines).toContain("SEQUENCE:1");
    expect(lines).toContain("DTSTAMP:20261130T100000Z");
    expect(lines).toContain("DTSTART:20261203T140000Z");
    expect(lines).toContain("DTEND:20261203T144500Z");
    expect(lines).toContain("LOCATION:https://meet.example.com/abc-defg-hij");
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines).toContain('ORGANIZER;CN="Dana Reyes":mailto:dana@example.com');
    expect(lines).toContain(
      'ATTENDEE;CN="Marcus Okafor";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:marcus@example.com',
    );
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines.at(-1)).toBe("");
  });

  it("a cancelled call is a CANCEL with STATUS:CANCELLED and the same UID", () => {
    const lines = unfold(buildMeetingIcs({ ...base, cancelled: true, sequence: 2 }, now));
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain(`UID:${meetingUid(base.id)}`);
  });

  it("ends every line with CRLF and never a bare LF", () => {
    const ics = buildMeetingIcs(base, now);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("escapes text (backslash, semicolon, comma, newline) and quotes parameter values", () => {
    const ics = buildMeetingIcs(
      {
        ...base,
        summary: "Call; plans, costs \\ more",
        description: "Line one\nLine two",
        location: "+1 (555) 010-2030, ext. 4",
        organizer: { name: 'Dana "DJ" Reyes, CFO', email: "dana@example.com" },
      },
      now,
    );
    const lines = unfold(ics);
    expect(lines).toContain("SUMMARY:Call\\; plans\\, costs \\\\ more");
    expect(lines).toContain("DESCRIPTION:Line one\\nLine two");
    expect(lines).toContain("LOCATION:+1 (555) 010-2030\\, ext. 4");
    expect(lines).toContain('ORGANIZER;CN="Dana DJ Reyes, CFO":mailto:dana@example.com');
    expect(icsParam("a\u0007b")).toBe('"ab"');
  });

  it("folds lines longer than 75 octets (UTF-8), continuation lines starting with one space", () => {
    const long = `Partwise call: ${"Ünïcödé Bäkery ".repeat(12)}and Marcus Okafor`;
    const ics = buildMeetingIcs({ ...base, summary: long }, now);
    const encoder = new TextEncoder();
    for (const line of ics.split("\r\n")) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(ics).toContain("\r\n ");
    expect(unfold(ics)).toContain(`SUMMARY:${long}`);
    // No character is cut in half: every folded piece is valid UTF-8 on its own.
    for (const line of ics.split("\r\n"))
      expect(new TextDecoder("utf-8", { fatal: true }).decode(encoder.encode(line))).toBe(line);
  });
});

describe("the times of a call, typed in the reader's zone and stored in UTC", () => {
  it("reads a date and a time in the zone as the UTC instant, across daylight saving", () => {
    expect(slotInstant({ date: "2026-12-03", time: "09:00" }, "America/New_York")?.toISOString()).toBe(
      "2026-12-03T14:00:00.000Z",
    );
    expect(slotInstant({ date: "2026-07-03", time: "09:00" }, "America/New_York")?.toISOString()).toBe(
      "2026-07-03T13:00:00.000Z",
    );
    expect(slotInstant({ date: "2026-12-03", time: "09:00" }, "Asia/Kolkata")?.toISOString()).toBe(
      "2026-12-03T03:30:00.000Z",
    );
    expect(slotInstant({ date: "2026-12-03", time: "09:00" }, "UTC")?.toISOString()).toBe("2026-12-03T09:00:00.000Z");
  });

  it("refuses dates and times that do not exist", () => {
    expect(slotInstant({ date: "2026-02-30", time: "09:00" }, "UTC")).toBeNull();
    expect(slotInstant({ date: "2026-12-03", time: "24:00" }, "UTC")).toBeNull();
    expect(slotInstant({ date: "03/12/2026", time: "09:00" }, "UTC")).toBeNull();
  });

  it("an unknown or empty zone is read as UTC", () => {
    expect(readerZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(readerZone("")).toBe("UTC");
    expect(readerZone(undefined)).toBe("UTC");
    expect(readerZone("Europe/Paris")).toBe("Europe/Paris");
  });

  it("sorts the filled times, skips an empty third, and refuses two equal instants", () => {
    const slots = [
      { date: "2026-12-04", time: "10:00" },
      { date: "2026-12-03", time: "15:30" },
      { date: "", time: "" },
    ];
    expect(slotInstants(slots, "UTC")?.map((d) => d.toISOString())).toEqual([
      "2026-12-03T15:30:00.000Z",
      "2026-12-04T10:00:00.000Z",
    ]);
    expect(
      slotInstants(
        [
          { date: "2026-12-03", time: "10:00" },
          { date: "2026-12-03", time: "10:00" },
        ],
        "UTC",
      ),
    ).toBeNull();
  });

  it("shows a call in the reader's zone with the one clock and the zone named", () => {
    expect(formatSlot("2026-12-03T14:00:00Z", 30, "America/New_York")).toBe(
      "Dec 3, 2026, 9:00 AM–9:30 AM New York time (UTC-5)",
    );
    expect(formatSlot("2026-12-03T14:00:00Z", 60, "UTC")).toBe("Dec 3, 2026, 2:00 PM–3:00 PM UTC");
    expect(formatSlot("2026-12-03T14:00:00Z", 45, "Nowhere/Else")).toBe("Dec 3, 2026, 2:00 PM–2:45 PM UTC");
    expect(slotZoneLabel("Asia/Kolkata", new Date("2026-12-03T00:00:00Z"))).toBe("Kolkata time (UTC+5:30)");
  });

  it("a place is an https:// link or a phone number", () => {
    expect(locationKind("https://zoom.us/j/123456789")).toBe("link");
    expect(locationKind("+1 (555) 010-2030")).toBe("phone");
    expect(locationKind("http://zoom.us/j/1")).toBeNull();
    expect(locationKind("javascript:alert(1)")).toBeNull();
    expect(locationKind("https://localhost")).toBeNull();
    expect(locationKind("12")).toBeNull();
    expect(locationKind("call me")).toBeNull();
  });
});

describe("the Propose a call form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const valid = {
    intent: "propose",
    key: crypto.randomUUID(),
    zone: "America/New_York",
    slot1Date: "2026-12-03",
    slot1Time: "09:00",
    slot2Date: "2026-12-04",
    slot2Time: "13:30",
    duration: "45",
    location: "https://meet.example.com/abc",
  };

  it("accepts two times, a length and a link, through the thread's action schema", () => {
    const submission = parseWithZod(form(valid), { schema: ThreadActionSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success" && submission.value.intent === "propose") {
      expect(submission.value.duration).toBe(45);
      expect(submission.value.zone).toBe("America/New_York");
    }
  });

  it("names each refusal on its field", () => {
    const errorsOf = (fields: Record<string, string>) => {
      const submission = parseWithZod(form(fields), { schema: ProposeMeetingSchema });
      return submission.status === "error" ? submission.error : null;
    };
    expect(errorsOf({ ...valid, slot2Date: "", slot2Time: "" })?.slot2Date).toEqual([MEETING_SLOT_REQUIRED_MESSAGE]);
    expect(errorsOf({ ...valid, slot3Date: "2026-12-05" })?.slot3Date).toEqual([MEETING_SLOT_INCOMPLETE_MESSAGE]);
    expect(errorsOf({ ...valid, slot1Date: "2026-02-30" })?.slot1Date).toEqual([MEETING_SLOT_INVALID_MESSAGE]);
    expect(errorsOf({ ...valid, slot2Date: valid.slot1Date, slot2Time: valid.slot1Time })?.slot2Date).toEqual([
      MEETING_SLOTS_DISTINCT_MESSAGE,
    ]);
    expect(errorsOf({ ...valid, location: "my office" })?.location).toEqual([MEETING_LOCATION_MESSAGE]);
    expect(errorsOf({ ...valid, duration: "90" })?.duration).toBeTruthy();
    // Without JavaScript the zone is not sent: the times are read in UTC.
    const { zone: _zone, ...noZone } = valid;
    const submission = parseWithZod(form(noZone), { schema: ProposeMeetingSchema });
    expect(submission.status === "success" && submission.value.zone).toBe("UTC");
  });
});
