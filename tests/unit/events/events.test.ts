import { describe, expect, it } from "vitest";
import { buildIcs, icsDate, icsEscape, icsFold } from "~/lib/events/event-ics";
import { blockMessage, plansText, registrationBlock, seatsLeft } from "~/lib/events/event-rules";
import {
  formatEventTime,
  isValidTimeZone,
  utcToWallTime,
  wallTimeToUtc,
  zoneOffsetMinutes,
} from "~/lib/events/event-time";

describe("event times", () => {
  it("reads wall-clock times in the event's zone, across daylight saving", () => {
    expect(wallTimeToUtc("2031-07-01T10:00", "America/New_York")?.toISOString()).toBe("2031-07-01T14:00:00.000Z");
    expect(wallTimeToUtc("2031-01-15T10:00", "America/New_York")?.toISOString()).toBe("2031-01-15T15:00:00.000Z");
    expect(wallTimeToUtc("2031-01-15T10:00", "Asia/Kolkata")?.toISOString()).toBe("2031-01-15T04:30:00.000Z");
    expect(wallTimeToUtc("2031-01-15T10:00", "UTC")?.toISOString()).toBe("2031-01-15T10:00:00.000Z");
    expect(wallTimeToUtc("2031-01-15 10:00", "UTC")).toBeNull();
    expect(wallTimeToUtc("2031-01-15T10:00", "Mars/Olympus")).toBeNull();
  });

  it("writes them back for the edit form", () => {
    expect(utcToWallTime(new Date("2031-07-01T14:00:00Z"), "America/New_York")).toBe("2031-07-01T10:00");
    expect(utcToWallTime(new Date("2031-01-15T04:30:00Z"), "Asia/Kolkata")).toBe("2031-01-15T10:00");
  });

  it("knows valid zones", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone("Not/AZone")).toBe(false);
  });

  it("formats the time range in the event's zone with the one date format and the 12-hour clock", () => {
    expect(formatEventTime("2026-11-03T14:00:00Z", "2026-11-03T15:30:00Z", "America/New_York")).toBe(
      "Nov 3, 2026, 9:00 AM–10:30 AM New York time (UTC-5)",
    );
    expect(formatEventTime("2031-07-01T14:00:00Z", "2031-07-01T15:00:00Z", "America/New_York")).toBe(
      "July 1, 2031, 10:00 AM–11:00 AM New York time (UTC-4)",
    );
    expect(formatEventTime("2026-11-03T20:00:00Z", "2026-11-03T21:00:00Z", "Asia/Kolkata")).toBe(
      "Nov 4, 2026, 1:30 AM–2:30 AM Kolkata time (UTC+5:30)",
    );
    expect(formatEventTime(new Date("2026-11-03T14:00:00Z"), new Date("2026-11-03T15:30:00Z"))).toBe(
      "Nov 3, 2026, 2:00 PM–3:30 PM UTC",
    );
    expect(formatEventTime(new Date("2026-11-03T22:00:00Z"), new Date("2026-11-04T01:00:00Z"))).toBe(
      "Nov 3, 2026, 10:00 PM – Nov 4, 2026, 1:00 AM UTC",
    );
  });

  it("gives each second its own offset, asked once or again, across a daylight-saving change", () => {
    // New York springs forward at 2026-03-08 07:00 UTC (02:00 local).
    const before = new Date("2026-03-08T06:59:59Z");
    const after = new Date("2026-03-08T07:00:00Z");
    for (let round = 0; round < 2; round++) {
      expect(zoneOffsetMinutes("America/New_York", before)).toBe(-300);
      expect(zoneOffsetMinutes("America/New_York", after)).toBe(-240);
      expect(zoneOffsetMinutes("Europe/Paris", after)).toBe(60);
      expect(zoneOffsetMinutes("Asia/Kolkata", after)).toBe(330);
    }
    // Thousands of distinct instants later, the answers are still right.
    for (let i = 0; i < 2500; i++) zoneOffsetMinutes("America/New_York", new Date(Date.UTC(2026, 0, 1) + i * 1000));
    expect(zoneOffsetMinutes("America/New_York", after)).toBe(-240);
    expect(zoneOffsetMinutes("America/New_York", before)).toBe(-300);
  });
});

describe("registration rules", () => {
  const base = {
    cancelledAt: null,
    startsAt: new Date("2031-01-01T00:00:00Z"),
    now: new Date("2030-12-01T00:00:00Z"),
    allowedTiers: ["STANDARD", "PREMIUM"],
    tier: "STANDARD",
    capacity: 2,
    registrations: 1,
  };
  it("allows an open seat on an allowed plan", () => expect(registrationBlock(base)).toBeNull());
  it("refuses in order: cancelled, started, plan, full", () => {
    expect(registrationBlock({ ...base, cancelledAt: new Date() })).toBe("cancelled");
    expect(registrationBlock({ ...base, now: new Date("2031-01-01T00:00:00Z") })).toBe("started");
    expect(registrationBlock({ ...base, tier: "BASIC", registrations: 2 })).toBe("plan");
    expect(registrationBlock({ ...base, registrations: 2 })).toBe("full");
  });
  it("names the plans and explains the refusal", () => {
    expect(plansText(["BASIC", "STANDARD", "PREMIUM"])).toBe("BASIC, STARTER and SCALE");
    expect(plansText(["PREMIUM"])).toBe("SCALE");
    expect(blockMessage("plan", ["STANDARD", "PREMIUM"])).toBe(
      "This event is open to the STARTER and SCALE plans. Upgrade your plan to join.",
    );
    expect(blockMessage("plan", ["PREMIUM"])).toBe("This event is open to the SCALE plan. Upgrade your plan to join.");
    expect(blockMessage("full", [])).toBe("This event is full.");
    expect(seatsLeft(3, 5)).toBe(0);
    expect(seatsLeft(5, 3)).toBe(2);
  });
});

describe("the .ics file", () => {
  it("escapes text, uses UTC times and folds long lines", () => {
    expect(icsDate(new Date("2026-11-03T14:05:09.123Z"))).toBe("20261103T140509Z");
    expect(icsEscape("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    const folded = icsFold(`DESCRIPTION:${"x".repeat(100)}`);
    expect(folded.split("\r\n").map((line) => line.length)).toEqual([75, 38]);
    expect(folded.split("\r\n")[1]!.startsWith(" ")).toBe(true);
  });

  it("builds one VEVENT with CRLF line ends", () => {
    const ics = buildIcs(
      {
        id: "e1",
        title: "Peer group: cash, pricing",
        description: "Line one\nLine two",
        startsAt: new Date("2026-11-03T14:00:00Z"),
        endsAt: new Date("2026-11-03T15:00:00Z"),
        url: "https://partwise.test/events",
        cancelled: false,
        updatedAt: new Date("2026-10-01T00:00:00Z"),
      },
      new Date("2026-10-02T00:00:00Z"),
    );
    expect(ics).toBe(
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Partwise//Events//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "BEGIN:VEVENT",
        "UID:e1@partwise",
        "DTSTAMP:20261002T000000Z",
        "LAST-MODIFIED:20261001T000000Z",
        "DTSTART:20261103T140000Z",
        "DTEND:20261103T150000Z",
        "SUMMARY:Peer group: cash\\, pricing",
        "DESCRIPTION:Line one\\nLine two",
        "URL:https://partwise.test/events",
        "STATUS:CONFIRMED",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
  });
});
