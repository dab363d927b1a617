import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  businesses,
  cardsOnFile,
  coachingSessions,
  deliveryItems,
  deliveryOutlines,
  purchases,
  threadMeetings,
} from "~db/schema";
import {
  COACHING_TELL,
  SESSION_MONTH_FULL,
  SESSION_NOT_FOUND,
  SESSION_NOT_HELD,
  SESSION_NOT_TO_MARK,
  SESSION_OUTSIDE_MONTH,
} from "~/lib/engagements/coaching";
import { NOTICE_SESSIONS_SETTLED } from "~/lib/engagements/retainer-copy";
import type { ProposeMeetingInput } from "~/lib/conversations/meeting-schemas";
import { bookMeeting, cancelMeeting } from "~/server/conversations/meetings.server";
import { answerSession, markSessionHeld, proposeSession } from "~/server/engagements/coaching.server";
import { giveNotice, retainerMonthRow, runRetainers } from "~/server/engagements/retainers.server";
import type { Viewer } from "~/server/identity/session.server";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import {
  createCandidateRow,
  createConsultant,
  db,
  noticesOf,
  ORIGIN,
  payStubSession,
  stripeEnv,
  stripeEvent,
  viewerOf,
} from "../helpers";
import { createSignedOutline, deliverStripeEvent, sendWithStripe } from "../helpers/deliverables";
import { signedInClient } from "../../factories";
import { payoutAccount, transfersOf } from "./helpers";

/**
 * Coaching (issue #41 item 3, docs/decisions/085) with a fake clock: months of $1,200.00 for two
 * sessions of 60 minutes, the first paid by checkout (the card saved), the later ones charged to
 * the card on file by the daily run. The coach proposes sessions in the engagement's conversation,
 * the business books them there; held, confirmed by the business or by the run after 7 days,
 * cancelled late (counts as held), reported as not taking place (does not count), and left unused
 * (expires with the month). Each month is paid out once when its sessions settle, and the ledger
 * balances to the cent.
 */

const FEE = 120_000;
const SHARE = 96_000;
const at = (iso: string) => new Date(`${iso}:00.000Z`);
const appAt = (now: Date) =>
  createAppContext(
    { ...stripeEnv(env), APP_URL: ORIGIN } as unknown as CloudflareBindings,
    () => {},
    () => now,
  );
const monthsOf = (outlineId: string) =>
  db().select().from(deliveryItems).where(eq(deliveryItems.outlineId, outlineId)).orderBy(deliveryItems.position);
const sessionsOf = (itemId: string) =>
  db().select().from(coachingSessions).where(eq(coachingSessions.itemId, itemId)).orderBy(coachingSessions.createdAt);
const meeting = async (id: string) => (await db().select().from(threadMeetings).where(eq(threadMeetings.id, id)))[0]!;

/** A proposal of two times ("YYYY-MM-DDTHH:MM" in UTC) at a video link. */
function times(first: string, second: string): ProposeMeetingInput {
  const [d1, t1] = first.split("T");
  const [d2, t2] = second.split("T");
  return {
    intent: "propose",
    key: crypto.randomUUID(),
    zone: "UTC",
    slot1Date: d1,
    slot1Time: t1,
    slot2Date: d2,
    slot2Time: t2,
    duration: 30,
    location: "https://meet.example.com/coaching",
    note: "",
  };
}

async function signedCoaching(start: string) {
  const client = await signedInClient();
  const consultant = await createConsultant();
  await payoutAccount(consultant.user.id, true);
  const { outline: created, match } = await createSignedOutline(client.business.id, consultant.user.id, {
    outline: {
      kind: "coaching",
      title: "Leadership coaching",
      monthlyFeeCents: FEE,
      monthlySessions: 2,
      sessionMinutes: 60,
      cancelNoticeHours: 24,
      retainerStartDate: start,
      noticeMonths: 0,
    },
    items: [],
  });
  const thread = await createCandidateRow(match.id, client.business.id, consultant.user.id, {
    status: "accepted",
    businessDecisionStatus: "accepted",
  });
  const [outline] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, created.id));
  const [first] = await db()
    .insert(deliveryItems)
    .values(retainerMonthRow(outline!, 0, new Date())!)
    .returning();
  const started = await sendWithStripe("/api/payments/create-item-session", {
    token: client.token,
    json: { deliveryItemId: first!.id, deliveryOutlineId: outline!.id },
  });
  expect(started.status).toBe(200);
  const sessionId = ((await started.json()) as { url: string }).url.split("/").pop()!;
  await payStubSession(sessionId);
  expect((await deliverStripeEvent(stripeEvent("checkout.session.completed", { id: sessionId }))).status).toBe(200);
  const [card] = await db().select().from(cardsOnFile).where(eq(cardsOnFile.businessId, client.business.id));
  expect(card).toBeDefined();
  const coach: Viewer = {
    sessionId: "test",
    user: { ...consultant.user, phone: "", role: "consultant", staffRole: null, emailVerified: true },
    business: null,
    member: null,
  };
  const business = await viewerOf(client.user.id, client.business.id);
  return { client, consultant, coach, business, outline: outline!, first: first!, threadId: thread.id };
}

describe("coaching", () => {
  it("books sessions in the conversation, confirms, cancels late, expires unused and pays each month out once, to the cent", async () => {
    const { client, consultant, coach, business, outline, first, threadId } = await signedCoaching("2027-01-01");
    expect((await monthsOf(outline.id))[0]).toMatchObject({
      title: "Month 1 (Jan 1 – Jan 31, 2027)",
      priceCents: FEE,
      status: "active",
    });
    const member = { businessId: client.business.id, userId: client.user.id };

    // Jan 3: the coach proposes a session; a time outside January is refused, another coach gets 404.
    const jan3 = appAt(at("2027-01-03T10:00"));
    expect(await proposeSession(jan3, coach, first.id, times("2027-01-10T15:00", "2027-02-02T15:00"))).toEqual({
      ok: false,
      status: 400,
      msg: SESSION_OUTSIDE_MONTH,
      field: "slot1Date",
    });
    const stranger = await createConsultant();
    const strangerViewer: Viewer = { ...coach, user: { ...coach.user, id: stranger.user.id } };
    expect(await proposeSession(jan3, strangerViewer, first.id, times("2027-01-10T15:00", "2027-01-11T15:00"))).toEqual(
      {
        ok: false,
        status: 404,
        msg: SESSION_NOT_FOUND,
      },
    );
    expect(await sessionsOf(first.id)).toEqual([]);
    const a = times("2027-01-10T15:00", "2027-01-11T15:00");
    expect(await proposeSession(jan3, coach, first.id, a)).toEqual({ ok: true, sessionId: a.key });
    // The same form sent again proposes nothing more; the call has the plan's length.
    expect(await proposeSession(jan3, coach, first.id, a)).toEqual({ ok: true, sessionId: a.key });
    expect(await meeting(a.key)).toMatchObject({ status: "proposed", durationMinutes: 60, threadId });

    // The business books the first time in the conversation.
    expect(await bookMeeting(jan3, business, threadId, { meetingId: a.key, slot: 1 }, null)).toMatchObject({
      ok: true,
    });

    // Two proposals race for the month's last place: one takes it, the other's call is withdrawn.
    const b = times("2027-01-20T15:00", "2027-01-21T15:00");
    const c = times("2027-01-22T15:00", "2027-01-23T15:00");
    const raced = await Promise.all([
      proposeSession(jan3, coach, first.id, b),
      proposeSession(jan3, coach, first.id, c),
    ]);
    expect(raced.filter((answer) => answer.ok)).toHaveLength(1);
    expect(raced.filter((answer) => !answer.ok)).toEqual([{ ok: false, status: 409, msg: SESSION_MONTH_FULL }]);
    const winner = raced[0]!.ok ? b : c;
    const loser = raced[0]!.ok ? c : b;
    expect((await sessionsOf(first.id)).map((row) => row.id).sort()).toEqual([a.key, winner.key].sort());
    expect(await meeting(loser.key)).toMatchObject({ status: "cancelled" });
    expect(await proposeSession(jan3, coach, first.id, times("2027-01-25T15:00", "2027-01-26T15:00"))).toEqual({
      ok: false,
      status: 409,
      msg: SESSION_MONTH_FULL,
    });

    // The business books the second session's later time, then cancels it 10 hours before: under
    // the 24-hour rule it counts as held.
    expect(await bookMeeting(jan3, business, threadId, { meetingId: winner.key, slot: 2 }, null)).toMatchObject({
      ok: true,
    });
    const lateCancel = winner === b ? "2027-01-21T05:00" : "2027-01-23T05:00";
    expect(await cancelMeeting(appAt(at(lateCancel)), business, threadId, winner.key, null)).toMatchObject({
      ok: true,
    });

    // Jan 10: not before the session starts; then held once (a double click is fine), the business told.
    expect(await markSessionHeld(appAt(at("2027-01-10T14:00")), consultant.user.id, first.id, a.key, null)).toEqual({
      ok: false,
      status: 409,
      msg: SESSION_NOT_TO_MARK,
    });
    const jan10 = appAt(at("2027-01-10T16:00"));
    expect(await markSessionHeld(jan10, consultant.user.id, first.id, a.key, null)).toEqual({ ok: true });
    expect(await markSessionHeld(jan10, consultant.user.id, first.id, a.key, null)).toEqual({ ok: true });
    expect(await markSessionHeld(jan10, stranger.user.id, first.id, a.key, null)).toMatchObject({ status: 404 });
    const held = await noticesOf(client.user.id, "session_held");
    expect(held).toHaveLength(1);
    const coachName = `${consultant.user.firstName} ${consultant.user.lastName}`;
    expect(held[0]).toMatchObject({
      title: COACHING_TELL.heldTitle,
      body: COACHING_TELL.held(coachName, first.title, "Jan 17, 2027"),
    });

    // Jan 17: nobody answered yet (7 days are not over): nothing is paid out.
    expect(await runRetainers(appAt(at("2027-01-17T13:00")))).toMatchObject({ delivered: 0 });
    expect((await monthsOf(outline.id))[0]).toMatchObject({ status: "active" });

    // Jan 18: the session is confirmed by the run, both places are held, and January is paid out
    // before its end, once however often the run fires.
    const jan18 = appAt(at("2027-01-18T13:00"));
    const runs = await Promise.all([runRetainers(jan18), runRetainers(jan18)]);
    expect(runs[0]!.delivered + runs[1]!.delivered).toBe(1);
    expect((await sessionsOf(first.id)).find((row) => row.id === a.key)).toMatchObject({ confirmedByUserId: null });
    expect((await monthsOf(outline.id))[0]).toMatchObject({
      status: "approved",
      summaryOfWork: "2 of 2 sessions held.",
    });
    expect(await transfersOf(first.id)).toMatchObject([{ amountCents: SHARE, feeCents: FEE - SHARE }]);
    expect((await noticesOf(consultant.user.id, "sessions_settled")).map((row) => row.title)).toEqual([
      NOTICE_SESSIONS_SETTLED,
    ]);
    // A paid-out month takes no more: a late answer changes nothing.
    expect(await answerSession(jan18, member, a.key, "missed", null)).toEqual({
      ok: false,
      status: 409,
      msg: SESSION_NOT_HELD,
    });

    // Feb 1: February is opened and charged to the card on file.
    expect(await runRetainers(appAt(at("2027-02-01T13:00")))).toMatchObject({ opened: 1, charged: 1 });
    const feb = (await monthsOf(outline.id))[1]!;
    expect(feb).toMatchObject({ title: "Month 2 (Feb 1 – Feb 28, 2027)", status: "active" });
    expect(feb.paidPurchaseId).not.toBeNull();

    // A session that did not take place does not count: another is booked, held and confirmed.
    const feb2 = appAt(at("2027-02-02T09:00"));
    const d = times("2027-02-05T15:00", "2027-02-06T15:00");
    expect(await proposeSession(feb2, coach, feb.id, d)).toMatchObject({ ok: true });
    expect(await bookMeeting(feb2, business, threadId, { meetingId: d.key, slot: 1 }, null)).toMatchObject({
      ok: true,
    });
    expect(await answerSession(feb2, member, d.key, "confirm", null)).toEqual({
      ok: false,
      status: 409,
      msg: SESSION_NOT_HELD,
    });
    const feb5 = appAt(at("2027-02-05T17:00"));
    expect(await markSessionHeld(feb5, consultant.user.id, feb.id, d.key, null)).toEqual({ ok: true });
    const otherBusiness = await signedInClient();
    expect(
      await answerSession(
        feb5,
        { businessId: otherBusiness.business.id, userId: otherBusiness.user.id },
        d.key,
        "missed",
        null,
      ),
    ).toEqual({ ok: false, status: 404, msg: SESSION_NOT_FOUND });
    expect(await answerSession(feb5, member, d.key, "missed", null)).toEqual({ ok: true });
    const [{ name: businessName }] = await db()
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, client.business.id));
    const missed = await noticesOf(consultant.user.id, "session_missed");
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({
      title: COACHING_TELL.missedTitle,
      body: COACHING_TELL.missed(businessName, feb.title),
    });
    const e = times("2027-02-12T15:00", "2027-02-13T15:00");
    expect(await proposeSession(feb5, coach, feb.id, e)).toMatchObject({ ok: true });
    expect(await bookMeeting(feb5, business, threadId, { meetingId: e.key, slot: 1 }, null)).toMatchObject({
      ok: true,
    });
    const feb12 = appAt(at("2027-02-12T16:30"));
    expect(await markSessionHeld(feb12, consultant.user.id, feb.id, e.key, null)).toEqual({ ok: true });
    // Two confirmations at once: one answer, both told it is done; one place of two is held, so
    // February waits for its end.
    expect(
      await Promise.all([
        answerSession(feb12, member, e.key, "confirm", null),
        answerSession(feb12, member, e.key, "confirm", null),
      ]),
    ).toEqual([{ ok: true }, { ok: true }]);
    expect((await sessionsOf(feb.id)).find((row) => row.id === e.key)).toMatchObject({
      confirmedByUserId: client.user.id,
    });
    expect((await monthsOf(outline.id))[1]).toMatchObject({ status: "active" });

    // Mar 5: the business gives notice (none required): March is the last month.
    expect(await runRetainers(appAt(at("2027-03-01T13:00")))).toMatchObject({ opened: 1, charged: 1, delivered: 1 });
    expect((await monthsOf(outline.id))[1]).toMatchObject({
      status: "approved",
      summaryOfWork: "1 of 2 sessions held; 1 expired unused.",
    });
    expect(
      await giveNotice(appAt(at("2027-03-05T10:00")), outline.id, {
        party: "business",
        businessId: client.business.id,
        userId: client.user.id,
      }),
    ).toEqual({ ok: true, endsOn: "2027-03-31", kind: "coaching" });

    // Apr 1: March's sessions expire unused; it is paid out, and the coaching is complete. No April.
    expect(await runRetainers(appAt(at("2027-04-01T13:00")))).toMatchObject({ opened: 0, charged: 0, delivered: 1 });
    const months = await monthsOf(outline.id);
    expect(months.map((month) => [month.status, month.summaryOfWork])).toEqual([
      ["approved", "2 of 2 sessions held."],
      ["approved", "1 of 2 sessions held; 1 expired unused."],
      ["approved", "0 of 2 sessions held; 2 expired unused."],
    ]);
    expect((await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outline.id)))[0]).toMatchObject({
      complete: true,
    });

    // The ledger: three months charged once each, three transfers of 80%, the fee kept.
    const paid = await db()
      .select()
      .from(purchases)
      .where(
        and(
          inArray(
            purchases.referenceId,
            months.map((month) => month.id),
          ),
          eq(purchases.status, "paid"),
        ),
      );
    expect(paid.map((row) => row.amountCents)).toEqual([FEE, FEE, FEE]);
    const transfers = (await Promise.all(months.map((month) => transfersOf(month.id)))).flat();
    expect(transfers.map((row) => row.amountCents)).toEqual([SHARE, SHARE, SHARE]);
    expect(transfers.reduce((sum, row) => sum + row.amountCents + row.feeCents, 0)).toBe(3 * FEE);
  });
});
