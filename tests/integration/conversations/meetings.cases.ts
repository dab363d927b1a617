import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, matchCandidates, threadMeetings } from "~db/schema";
import { ROLE_FORBIDDEN_MESSAGE } from "~/lib/business/role-refusal";
import {
  MEETING_ALREADY_ANSWERED_MESSAGE,
  MEETING_OWN_SIDE_MESSAGE,
  MEETING_SLOT_PAST_MESSAGE,
  MEETING_TEXTS as M,
  meetingIcsPath,
} from "~/lib/conversations/meeting-copy";
import { formatSlot } from "~/lib/conversations/meeting-slots";
import { meetingUid } from "~/lib/conversations/meeting-ics";
import { THREAD_CLOSED_MESSAGE } from "~/lib/conversations/thread-copy";
import { fullName } from "~/lib/shared/format";
import worker from "../../../functions/worker";
import { call, db, emailsTo, html, noticesOf, ORIGIN, postForm } from "../helpers";
import { openThread, threadPeople, type Team, type ThreadPeople } from "./thread-setup";
import { signedInClient, signedInConsultant } from "../../factories";

/**
 * Calls in a thread (issue #39 item 6, docs/decisions/074): proposing two or three times, booking
 * one (exactly one under a race), declining, cancelling, who may do what, the calendar file of a
 * booked and a cancelled call, and the reminder the day before (once, however often the cron fires).
 */

const HOUR = 60 * 60 * 1000;

/** A presented candidacy of the team's business with the consultant: an open thread. */
const thread = (team: Team, consultantId: string) => openThread(team.business.id, consultantId);

/** A start `hours` from now, on the minute, as the form's UTC date and time. */
function typed(hours: number) {
  const at = new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
  const iso = at.toISOString();
  return { at, date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Proposes a call with the given starts (hours from now), read in UTC; returns the response and the call's id. */
async function propose(path: string, token: string, hours: number[], extra: Record<string, string> = {}) {
  const key = crypto.randomUUID();
  const fields: Record<string, string> = {
    intent: "propose",
    key,
    zone: "UTC",
    duration: "30",
    location: "https://meet.example.com/abc-defg-hij",
    note: "Let us go through the books.",
    ...extra,
  };
  hours.forEach((h, index) => {
    const slot = typed(h);
    fields[`slot${index + 1}Date`] = slot.date;
    fields[`slot${index + 1}Time`] = slot.time;
  });
  const response = await postForm(path, fields, token);
  return { response, id: key, starts: hours.map((h) => typed(h).at) };
}

const meetingRow = async (id: string) =>
  (await db().select().from(threadMeetings).where(eq(threadMeetings.id, id)).limit(1))[0];

const auditsOf = (meetingId: string) =>
  db()
    .select({ action: auditEvents.action, businessId: auditEvents.businessId, actor: auditEvents.actorUserId })
    .from(auditEvents)
    .where(eq(auditEvents.subjectId, meetingId));

let team: Team;
let consultant: ThreadPeople["consultant"];
let manager: ThreadPeople["manager"];

beforeAll(async () => {
  ({ team, consultant, manager } = await threadPeople());
});

describe("proposing and booking a call", () => {
  it("a member proposes two times; the page shows them in UTC without JavaScript; the consultant books one; both sides are told, with the calendar file", async () => {
    const t = await thread(team, consultant.user.id);
    const { response, id, starts } = await propose(t.business, team.member.token, [80, 74]);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(M.proposed);
    const proposed = await meetingRow(id);
    expect(proposed).toMatchObject({
      threadId: t.id,
      businessId: team.business.id,
      proposedById: team.member.user.id,
      proposerParty: "business",
      status: "proposed",
      durationMinutes: 30,
      sequence: 0,
      chosenSlot: null,
    });
    // Stored in UTC, earliest first.
    expect(proposed!.slot1At.getTime()).toBe(starts[1]!.getTime());
    expect(proposed!.slot2At.getTime()).toBe(starts[0]!.getTime());
    expect(proposed!.slot3At).toBeNull();

    // The same form sent twice proposes one call.
    const again = await postForm(
      t.business,
      {
        intent: "propose",
        key: id,
        zone: "UTC",
        slot1Date: typed(80).date,
        slot1Time: typed(80).time,
        slot2Date: typed(74).date,
        slot2Time: typed(74).time,
        duration: "30",
        location: "https://meet.example.com/abc-defg-hij",
      },
      team.member.token,
    );
    expect(again.status).toBe(200);
    expect(await db().select().from(threadMeetings).where(eq(threadMeetings.threadId, t.id))).toHaveLength(1);

    // The consultant reads both times in UTC (the reader's zone is the browser's once the page runs).
    const page = await (await call(t.consultant, { cookie: consultant.token })).text();
    expect(page).toContain(html(M.status.proposed));
    expect(page).toContain(html(formatSlot(proposed!.slot1At, 30, "UTC")));
    expect(page).toContain(html(formatSlot(proposed!.slot2At, 30, "UTC")));
    expect(page).toContain(html(M.book));
    expect(page).toContain(html(M.zoneNote("UTC")));
    // The proposer's side waits; it has no Book button.
    const ownPage = await (await call(t.business, { cookie: team.owner.token })).text();
    expect(ownPage).toContain(html(M.waiting));
    expect(ownPage).not.toContain(`>${M.book}</button>`);

    // The proposer's side cannot book its own proposal.
    const own = await postForm(t.business, { intent: "book", meetingId: id, slot: "1" }, team.owner.token);
    expect(own.status).toBe(403);
    expect(await own.text()).toContain(html(MEETING_OWN_SIDE_MESSAGE));

    const booked = await postForm(t.consultant, { intent: "book", meetingId: id, slot: "2" }, consultant.token);
    expect(booked.status).toBe(200);
    expect(await booked.text()).toContain(M.booked);
    const row = await meetingRow(id);
    expect(row).toMatchObject({ status: "booked", chosenSlot: 2, answeredById: consultant.user.id, sequence: 1 });
    expect(row!.startsAt!.getTime()).toBe(row!.slot2At.getTime());
    expect(await auditsOf(id)).toEqual([
      { action: "meeting.booked", businessId: team.business.id, actor: consultant.user.id },
    ]);

    // Told: the business's writing roles and the consultant; the viewer is not.
    const when = formatSlot(row!.startsAt!, 30, "UTC");
    for (const person of [team.owner, team.admin, team.member]) {
      const [notice] = await noticesOf(person.user.id, "meeting_booked");
      expect(notice?.title).toBe(M.notice.bookedTitle);
      expect(notice?.link).toBe(t.business);
      const [email] = await emailsTo(person.user.email, "meeting_booked");
      expect(email?.textBody).toContain(when);
      expect(email?.textBody).toContain(`${ORIGIN}${meetingIcsPath(id)}`);
    }
    const [consultantNotice] = await noticesOf(consultant.user.id, "meeting_booked");
    expect(consultantNotice?.link).toBe(t.consultant);
    expect(await emailsTo(consultant.user.email, "meeting_booked")).toHaveLength(1);
    expect(await noticesOf(team.viewer.user.id, "meeting_booked")).toHaveLength(0);

    // The page shows the booking and the calendar link.
    const after = await (await call(t.business, { cookie: team.owner.token })).text();
    expect(after).toContain(html(M.status.booked));
    expect(after).toContain(html(M.answeredBy("booked", "Marcus Okafor")));
    expect(after).toContain(meetingIcsPath(id));
    expect(after).toContain(html(M.cancel));

    // The calendar file (RFC 5545): a REQUEST, in UTC, with the place and the people.
    const ics = await call(meetingIcsPath(id), { cookie: team.owner.token });
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await ics.text();
    const lines = text.replace(/\r\n /g, "").split("\r\n");
    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z")
        .replace(/[-:]/g, "");
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines).toContain(`UID:${meetingUid(id)}`);
    expect(lines).toContain("SEQUENCE:1");
    expect(lines).toContain(`DTSTART:${stamp(row!.startsAt!)}`);
    expect(lines).toContain(`DTEND:${stamp(new Date(row!.startsAt!.getTime() + 30 * 60_000))}`);
    expect(lines).toContain("LOCATION:https://meet.example.com/abc-defg-hij");
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines.find((line) => line.startsWith("ORGANIZER"))).toMatch(
      new RegExp(`:mailto:${team.member.user.email.replace(/[.+]/g, "\\$&")}$`),
    );
    const attendees = lines.filter((line) => line.startsWith("ATTENDEE"));
    for (const email of [consultant.user.email, team.owner.user.email, team.admin.user.email]) {
      expect(attendees.some((line) => line.endsWith(`:mailto:${email}`))).toBe(true);
    }
    expect(attendees.some((line) => line.endsWith(`:mailto:${team.viewer.user.email}`))).toBe(false);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    // The viewer takes part in the thread (reading): they may add the call to their calendar too.
    expect((await call(meetingIcsPath(id), { cookie: team.viewer.token })).status).toBe(200);
  });

  it("a proposal with a time in the past is refused and writes nothing", async () => {
    const t = await thread(team, consultant.user.id);
    const { response, id } = await propose(t.consultant, consultant.token, [-2, 50]);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(html(MEETING_SLOT_PAST_MESSAGE));
    expect(await meetingRow(id)).toBeUndefined();
  });
});

describe("declining and cancelling", () => {
  it("the business declines the consultant's proposal; a later pick is refused; the proposer withdraws another", async () => {
    const t = await thread(team, consultant.user.id);
    const first = await propose(t.consultant, consultant.token, [90, 95, 100]);
    expect(first.response.status).toBe(200);
    expect((await meetingRow(first.id))!.slot3At).not.toBeNull();
    const declined = await postForm(t.business, { intent: "decline", meetingId: first.id }, team.admin.token);
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain(M.declined);
    expect(await meetingRow(first.id)).toMatchObject({
      status: "declined",
      answeredById: team.admin.user.id,
      sequence: 1,
    });
    // A second click reads as done; another pick is refused.
    expect((await postForm(t.business, { intent: "decline", meetingId: first.id }, team.admin.token)).status).toBe(200);
    const late = await postForm(t.business, { intent: "book", meetingId: first.id, slot: "1" }, team.owner.token);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(html(MEETING_ALREADY_ANSWERED_MESSAGE));
    expect((await auditsOf(first.id)).map((row) => row.action)).toEqual(["meeting.declined"]);
    // Never booked: no calendar file.
    expect((await call(meetingIcsPath(first.id), { cookie: consultant.token })).status).toBe(404);

    const second = await propose(t.consultant, consultant.token, [90, 95]);
    const withdrawn = await postForm(t.consultant, { intent: "cancel", meetingId: second.id }, consultant.token);
    expect(withdrawn.status).toBe(200);
    expect(await meetingRow(second.id)).toMatchObject({ status: "cancelled", cancelledById: consultant.user.id });
    // A proposal withdrawn before an answer tells nobody.
    expect(await noticesOf(team.owner.user.id, "meeting_cancelled")).toHaveLength(0);
  });

  it("the engagement manager cancels a booked call: the calendar file becomes a CANCEL, both sides are told", async () => {
    const t = await thread(team, consultant.user.id);
    const { id } = await propose(t.manager, manager.token, [100, 104]);
    // The manager proposed: the business and the consultant are the other sides.
    const booked = await postForm(t.business, { intent: "book", meetingId: id, slot: "1" }, team.owner.token);
    expect(booked.status).toBe(200);
    const cancelled = await postForm(t.manager, { intent: "cancel", meetingId: id }, manager.token);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain(M.cancelled);
    const row = await meetingRow(id);
    expect(row).toMatchObject({ status: "cancelled", cancelledById: manager.user.id, chosenSlot: 1, sequence: 2 });
    expect((await auditsOf(id)).map((r) => r.action).sort()).toEqual(["meeting.booked", "meeting.cancelled"]);

    const text = await (await call(meetingIcsPath(id), { cookie: consultant.token })).text();
    const lines = text.replace(/\r\n /g, "").split("\r\n");
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain(`UID:${meetingUid(id)}`);
    expect(lines.find((line) => line.startsWith("ORGANIZER"))).toContain(`mailto:${manager.user.email}`);

    for (const person of [team.owner, consultant, manager]) {
      const notices = (await noticesOf(person.user.id, "meeting_cancelled")).filter((n) =>
        n.body.includes(
          M.notice.cancelledBody(team.business.name, "Marcus Okafor", formatSlot(row!.startsAt!, 30, "UTC")),
        ),
      );
      expect(notices, person.user.email).toHaveLength(1);
    }
    const [email] = (await emailsTo(consultant.user.email, "meeting_cancelled")).filter((e) =>
      e.textBody.includes(meetingIcsPath(id)),
    );
    expect(email).toBeDefined();
    const page = await (await call(t.consultant, { cookie: consultant.token })).text();
    expect(page).toContain(html(M.status.cancelled));
    expect(page).toContain(html(M.cancelledBy(fullName(manager.user.firstName, manager.user.lastName))));
    // Cancelled twice: the same answer, one audit record.
    expect((await postForm(t.manager, { intent: "cancel", meetingId: id }, manager.token)).status).toBe(200);
    expect((await auditsOf(id)).filter((r) => r.action === "meeting.cancelled")).toHaveLength(1);
  });
});

describe("races", () => {
  it("two people of the business pick different times at once: exactly one booking, one audit record, one notice each", async () => {
    const t = await thread(team, consultant.user.id);
    const { id } = await propose(t.consultant, consultant.token, [120, 125, 130]);
    const before = (await noticesOf(consultant.user.id, "meeting_booked")).length;
    const answers = await Promise.all([
      postForm(t.business, { intent: "book", meetingId: id, slot: "1" }, team.owner.token),
      postForm(t.business, { intent: "book", meetingId: id, slot: "3" }, team.admin.token),
      postForm(t.manager, { intent: "book", meetingId: id, slot: "2" }, manager.token),
    ]);
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const response of answers) {
      if (response.status === 409) expect(await response.text()).toContain(html(MEETING_ALREADY_ANSWERED_MESSAGE));
    }
    const row = await meetingRow(id);
    expect(row).toMatchObject({ status: "booked", sequence: 1 });
    const winner = [team.owner.user.id, team.admin.user.id, manager.user.id][
      answers.findIndex((response) => response.status === 200)
    ];
    expect(row!.answeredById).toBe(winner);
    expect(row!.chosenSlot).toBe([1, 3, 2][answers.findIndex((response) => response.status === 200)]);
    expect((await auditsOf(id)).filter((r) => r.action === "meeting.booked")).toHaveLength(1);
    expect(await noticesOf(consultant.user.id, "meeting_booked")).toHaveLength(before + 1);
  });

  it("a double click on the same time books once and answers both clicks as booked", async () => {
    const t = await thread(team, consultant.user.id);
    const { id } = await propose(t.business, team.owner.token, [140, 145]);
    const clicks = await Promise.all([
      postForm(t.consultant, { intent: "book", meetingId: id, slot: "2" }, consultant.token),
      postForm(t.consultant, { intent: "book", meetingId: id, slot: "2" }, consultant.token),
    ]);
    expect(clicks.map((response) => response.status)).toEqual([200, 200]);
    expect((await auditsOf(id)).filter((r) => r.action === "meeting.booked")).toHaveLength(1);
    expect(await meetingRow(id)).toMatchObject({ status: "booked", chosenSlot: 2, sequence: 1 });
  });
});

describe("who may act on calls", () => {
  it("outsiders get 404 and change nothing; a viewer cannot propose or answer; a closed thread takes no call", async () => {
    const t = await thread(team, consultant.user.id);
    const { id } = await propose(t.consultant, consultant.token, [150, 155]);
    const otherBusiness = await signedInClient();
    const otherConsultant = await signedInConsultant();
    const outsiders = [
      { path: t.business, token: otherBusiness.token },
      { path: t.consultant, token: otherConsultant.token },
      { path: t.manager, token: team.owner.token },
    ];
    for (const outsider of outsiders) {
      for (const fields of [
        { intent: "book", meetingId: id, slot: "1" } as Record<string, string>,
        { intent: "decline", meetingId: id },
        { intent: "cancel", meetingId: id },
      ]) {
        expect((await postForm(outsider.path, fields, outsider.token)).status, outsider.path).toBe(404);
      }
      const proposal = await propose(outsider.path, outsider.token, [150, 155]);
      expect(proposal.response.status).toBe(404);
      expect(await meetingRow(proposal.id)).toBeUndefined();
    }
    // A call of another thread named on this thread's page is not found either.
    const other = await thread(team, consultant.user.id);
    expect(
      (await postForm(other.business, { intent: "book", meetingId: id, slot: "1" }, team.owner.token)).status,
    ).toBe(404);
    expect(await meetingRow(id)).toMatchObject({ status: "proposed", sequence: 0 });
    expect(await auditsOf(id)).toEqual([]);

    // The viewer reads the call but neither proposes nor answers.
    const viewerPage = await (await call(t.business, { cookie: team.viewer.token })).text();
    expect(viewerPage).toContain(html(M.status.proposed));
    expect(viewerPage).not.toContain(html(M.proposeTitle));
    expect(viewerPage).not.toContain(`>${M.book}</button>`);
    const viewerProposal = await propose(t.business, team.viewer.token, [150, 155]);
    expect(viewerProposal.response.status).toBe(403);
    expect(await viewerProposal.response.text()).toContain(html(ROLE_FORBIDDEN_MESSAGE));
    expect(await meetingRow(viewerProposal.id)).toBeUndefined();
    expect((await postForm(t.business, { intent: "book", meetingId: id, slot: "1" }, team.viewer.token)).status).toBe(
      403,
    );

    // The calendar file: outsiders 404, signed out to the login screen.
    await postForm(t.business, { intent: "book", meetingId: id, slot: "1" }, team.owner.token);
    expect((await call(meetingIcsPath(id), { cookie: otherBusiness.token })).status).toBe(404);
    expect((await call(meetingIcsPath(id), { cookie: otherConsultant.token })).status).toBe(404);
    expect((await call(meetingIcsPath(id))).status).toBe(302);
    expect((await call(`/meetings/${id}.txt`, { cookie: team.owner.token })).status).toBe(404);
    expect((await call(meetingIcsPath(crypto.randomUUID()), { cookie: team.owner.token })).status).toBe(404);

    // The candidacy ends: nobody proposes or books in the closed thread.
    const closing = await thread(team, consultant.user.id);
    const open = await propose(closing.consultant, consultant.token, [150, 155]);
    await db().update(matchCandidates).set({ status: "withdrawn" }).where(eq(matchCandidates.id, closing.id));
    const closedPick = await postForm(
      closing.business,
      { intent: "book", meetingId: open.id, slot: "1" },
      team.owner.token,
    );
    expect(closedPick.status).toBe(409);
    expect(await closedPick.text()).toContain(html(THREAD_CLOSED_MESSAGE));
    expect((await propose(closing.consultant, consultant.token, [150, 155])).response.status).toBe(409);
  });
});

describe("the reminder the day before", () => {
  it("each booked call starting 24 to 48 hours ahead is reminded once, however often the daily cron fires", async () => {
    const t = await thread(team, consultant.user.id);
    const soon = await propose(t.business, team.owner.token, [30, 33]);
    const later = await propose(t.business, team.owner.token, [60, 63]);
    const unbooked = await propose(t.business, team.owner.token, [31, 34]);
    for (const call of [soon, later]) {
      expect(
        (await postForm(t.consultant, { intent: "book", meetingId: call.id, slot: "1" }, consultant.token)).status,
      ).toBe(200);
    }
    const fire = () =>
      worker.scheduled(
        createScheduledController({ cron: "0 13 * * *", scheduledTime: Date.now() }),
        env as never,
        createExecutionContext(),
      );
    await fire();
    // Twice more, at once.
    await Promise.all([fire(), fire()]);

    const soonRow = await meetingRow(soon.id);
    expect(soonRow!.remindedAt).not.toBeNull();
    expect((await meetingRow(later.id))!.remindedAt).toBeNull();
    expect((await meetingRow(unbooked.id))!.remindedAt).toBeNull();
    const body = M.notice.reminderBody(team.business.name, "Marcus Okafor", formatSlot(soonRow!.startsAt!, 30, "UTC"));
    for (const person of [team.owner, team.admin, team.member, consultant]) {
      const reminders = (await noticesOf(person.user.id, "meeting_reminder")).filter((n) => n.body === body);
      expect(reminders, person.user.email).toHaveLength(1);
      expect(reminders[0]!.title).toBe(M.notice.reminderTitle);
      const emails = (await emailsTo(person.user.email, "meeting_reminder")).filter((e) => e.textBody.includes(body));
      expect(emails).toHaveLength(1);
    }
    expect(await noticesOf(team.viewer.user.id, "meeting_reminder")).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(threadMeetings)
        .where(and(eq(threadMeetings.threadId, t.id), eq(threadMeetings.status, "booked"))),
    ).toHaveLength(2);
  });
});
