import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import {
  MEETING_ALREADY_ANSWERED_MESSAGE,
  MEETING_NOT_CANCELLABLE_MESSAGE,
  MEETING_NOT_FOUND_MESSAGE,
  MEETING_OWN_SIDE_MESSAGE,
  MEETING_REMINDER_FROM_MS,
  MEETING_REMINDER_TO_MS,
  MEETING_SLOT_PAST_MESSAGE,
  MEETING_TEXTS as M,
  MEETING_TIME_PASSED_MESSAGE,
  meetingIcsPath,
} from "~/lib/conversations/meeting-copy";
import { buildMeetingIcs, type IcsPerson } from "~/lib/conversations/meeting-ics";
import { typedSlots, type ProposeMeetingInput } from "~/lib/conversations/meeting-schemas";
import { formatSlot, locationKind, slotInstants } from "~/lib/conversations/meeting-slots";
import { THREAD_CLOSED_MESSAGE, threadPath } from "~/lib/conversations/thread-copy";
import { partyOfRole } from "~/lib/conversations/thread-rules";
import { fullName } from "~/lib/shared/format";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { actorOf, auditStatementWhen } from "~/server/audit/audit.server";
import { membersWhoMay } from "~/server/business/members.server";
import { notify, type Notice } from "~/server/notifications/notify.server";
import { businesses, matchCandidates, threadMeetings, users } from "~db/schema";
import type { MeetingStatus, ThreadParty } from "~db/enums";
import {
  accessOf,
  candidacyOpen,
  keyedReplay,
  threadAccess,
  threadRowById,
  writeRefusal,
  type ThreadAccess,
} from "./participation.server";

/**
 * Calls proposed and booked in a conversation (issue #39 item 6, docs/decisions/074). Anyone in
 * the thread who writes proposes two or three times; a person of another side books one or
 * declines; either side cancels a booked call. Each answer is one conditional statement (the call
 * must still be proposed, or booked), so a double click or two people booking different times at
 * once books exactly one; its audit record is written in the same batch only when it changed the
 * call. A booked or cancelled call is announced to its participants with its calendar file
 * (.ics), and reminded the day before by the daily cron.
 */

export type MeetingFailure = { ok: false; status: 400 | 403 | 404 | 409; msg: string; field?: string };
export type MeetingResult<T = Record<never, never>> = ({ ok: true } & T) | MeetingFailure;

const notFound: MeetingFailure = { ok: false, status: 404, msg: MEETING_NOT_FOUND_MESSAGE };

/** A call as the thread page shows it. */
export type MeetingView = {
  id: string;
  status: MeetingStatus;
  proposerParty: ThreadParty;
  proposerName: string;
  /** The viewer's side proposed it. */
  ownSide: boolean;
  /** The times offered (1-based `slot`), UTC instants as ISO. */
  slots: { slot: number; startsAt: string; past: boolean }[];
  durationMinutes: number;
  location: string;
  locationKind: "link" | "phone" | null;
  note: string | null;
  chosenSlot: number | null;
  answeredByName: string | null;
  cancelledByName: string | null;
  createdAt: string;
  /** The viewer may book a time or decline (another side's proposal, a writing role, the thread open). */
  canAnswer: boolean;
  /** The viewer may cancel it (booked: either side; proposed: the proposer's side). */
  canCancel: boolean;
  /** The calendar file, once booked (and after it is cancelled). */
  icsPath: string | null;
};

const proposer = alias(users, "meeting_proposer");
const answerer = alias(users, "meeting_answerer");
const canceller = alias(users, "meeting_canceller");

/** A thread's calls in the order they were proposed (at most 200), with who proposed and answered them. Unrun, for the page's batch. */
export function threadMeetingsQuery(app: AppContext, threadId: string) {
  return app.db
    .select({
      meetingId: threadMeetings.id,
      status: threadMeetings.status,
      proposerParty: threadMeetings.proposerParty,
      slot1At: threadMeetings.slot1At,
      slot2At: threadMeetings.slot2At,
      slot3At: threadMeetings.slot3At,
      durationMinutes: threadMeetings.durationMinutes,
      location: threadMeetings.location,
      note: threadMeetings.note,
      chosenSlot: threadMeetings.chosenSlot,
      meetingCreatedAt: threadMeetings.createdAt,
      // Aliased: D1's batch answers rows by column name, and the three people's first_name would collide.
      proposerFirst: sql<string | null>`${proposer.firstName}`.as("proposer_first"),
      proposerLast: sql<string | null>`${proposer.lastName}`.as("proposer_last"),
      answererFirst: sql<string | null>`${answerer.firstName}`.as("answerer_first"),
      answererLast: sql<string | null>`${answerer.lastName}`.as("answerer_last"),
      cancellerFirst: sql<string | null>`${canceller.firstName}`.as("canceller_first"),
      cancellerLast: sql<string | null>`${canceller.lastName}`.as("canceller_last"),
    })
    .from(threadMeetings)
    .leftJoin(proposer, eq(proposer.id, threadMeetings.proposedById))
    .leftJoin(answerer, eq(answerer.id, threadMeetings.answeredById))
    .leftJoin(canceller, eq(canceller.id, threadMeetings.cancelledById))
    .where(eq(threadMeetings.threadId, threadId))
    .orderBy(asc(threadMeetings.createdAt), asc(threadMeetings.id))
    .limit(200);
}

type MeetingRow = Awaited<ReturnType<typeof threadMeetingsQuery>>[number];

const nameOr = (first: string | null, last: string | null, fallback: string | null) =>
  first === null && last === null ? fallback : fullName(first, last) || fallback;

/** The rows of threadMeetingsQuery as the viewer sees them. */
export function meetingViews(rows: readonly MeetingRow[], access: ThreadAccess, now: Date): MeetingView[] {
  return rows.map((row) => {
    const slots = [row.slot1At, row.slot2At, row.slot3At].flatMap((at, index) =>
      at ? [{ slot: index + 1, startsAt: at.toISOString(), past: at.getTime() <= now.getTime() }] : [],
    );
    const ownSide = row.proposerParty === access.party;
    return {
      id: row.meetingId,
      status: row.status,
      proposerParty: row.proposerParty,
      proposerName: nameOr(row.proposerFirst, row.proposerLast, M.someone) ?? M.someone,
      ownSide,
      slots,
      durationMinutes: row.durationMinutes,
      location: row.location,
      locationKind: locationKind(row.location),
      note: row.note,
      chosenSlot: row.chosenSlot,
      answeredByName: row.status === "proposed" ? null : nameOr(row.answererFirst, row.answererLast, null),
      cancelledByName: row.status === "cancelled" ? nameOr(row.cancellerFirst, row.cancellerLast, M.someone) : null,
      createdAt: row.meetingCreatedAt.toISOString(),
      canAnswer: row.status === "proposed" && !ownSide && access.canWrite && slots.some((slot) => !slot.past),
      canCancel: access.canWrite && (row.status === "booked" || (row.status === "proposed" && ownSide)),
      icsPath: row.chosenSlot !== null ? meetingIcsPath(row.meetingId) : null,
    };
  });
}

/**
 * Proposes a call. `input.key` (the form's one-time id) becomes the call's id: a second submit of
 * the same form proposes nothing more. Written only while the candidacy is open; every time must
 * be in the future.
 */
export async function proposeMeeting(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  input: ProposeMeetingInput,
): Promise<MeetingResult<{ meetingId: string; access: ThreadAccess }>> {
  const access = await threadAccess(app, viewer, threadId);
  if (!access) return notFound;
  const refusal = writeRefusal(access);
  if (refusal) return refusal;
  const now = app.now();
  const instants = slotInstants(typedSlots(input), input.zone);
  // The schema checked the times; only the clock is the server's.
  if (!instants || instants.length < 2) return { ok: false, status: 400, msg: MEETING_SLOT_PAST_MESSAGE };
  if (instants.some((instant) => instant.getTime() <= now.getTime())) {
    return { ok: false, status: 400, msg: MEETING_SLOT_PAST_MESSAGE, field: "slot1Date" };
  }
  const ms = (index: number) => instants[index]?.getTime() ?? null;
  const inserted = await app.db
    .insert(threadMeetings)
    .select(
      app.db
        .select({
          id: sql<string>`${input.key}`.as("id"),
          threadId: matchCandidates.id,
          businessId: matchCandidates.businessId,
          proposedById: sql<string>`${viewer.user.id}`.as("proposed_by_id"),
          proposerParty: sql<string>`${access.party}`.as("proposer_party"),
          slot1At: sql<number>`${ms(0)}`.as("slot1_at"),
          slot2At: sql<number>`${ms(1)}`.as("slot2_at"),
          slot3At: sql<number | null>`${ms(2)}`.as("slot3_at"),
          durationMinutes: sql<number>`${input.duration}`.as("duration_minutes"),
          location: sql<string>`${input.location}`.as("location"),
          note: sql<string | null>`${input.note ? input.note : null}`.as("note"),
          status: sql<string>`'proposed'`.as("status"),
          chosenSlot: sql<null>`NULL`.as("chosen_slot"),
          startsAt: sql<null>`NULL`.as("starts_at"),
          answeredById: sql<null>`NULL`.as("answered_by_id"),
          answeredAt: sql<null>`NULL`.as("answered_at"),
          cancelledById: sql<null>`NULL`.as("cancelled_by_id"),
          cancelledAt: sql<null>`NULL`.as("cancelled_at"),
          sequence: sql<number>`0`.as("sequence"),
          remindedAt: sql<null>`NULL`.as("reminded_at"),
          createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          updatedAt: sql<number>`${now.getTime()}`.as("updated_at"),
        })
        .from(matchCandidates)
        .where(and(eq(matchCandidates.id, threadId), candidacyOpen(threadId))),
    )
    .onConflictDoNothing({ target: threadMeetings.id })
    .returning({ id: threadMeetings.id });
  if (inserted.length > 0) return { ok: true, meetingId: input.key, access };
  // Nothing inserted: this form was sent before, or the candidacy closed in between.
  const [existing] = await app.db
    .select({ ownerId: threadMeetings.proposedById, threadId: threadMeetings.threadId })
    .from(threadMeetings)
    .where(eq(threadMeetings.id, input.key))
    .limit(1);
  const replay = keyedReplay(existing, viewer.user.id, threadId);
  if (replay === "done") return { ok: true, meetingId: input.key, access };
  return replay === "not-found" ? notFound : { ok: false, status: 409, msg: THREAD_CLOSED_MESSAGE };
}

/** The call's own facts, for explaining a refused answer. */
async function meetingState(app: AppContext, threadId: string, meetingId: string) {
  const [row] = await app.db
    .select({
      status: threadMeetings.status,
      proposerParty: threadMeetings.proposerParty,
      chosenSlot: threadMeetings.chosenSlot,
      answeredById: threadMeetings.answeredById,
      cancelledById: threadMeetings.cancelledById,
    })
    .from(threadMeetings)
    .where(and(eq(threadMeetings.id, meetingId), eq(threadMeetings.threadId, threadId)))
    .limit(1);
  return row;
}

/** The audit record of a change of the call, written only when the statement before it changed a row. */
function meetingAudit(
  app: AppContext,
  viewer: Viewer,
  meetingId: string,
  threadId: string,
  action: "meeting.booked" | "meeting.declined" | "meeting.cancelled",
  detail: Record<string, unknown> = {},
) {
  return auditStatementWhen(
    app,
    {
      actor: actorOf(viewer),
      action,
      businessId: sql`(SELECT business_id FROM thread_meetings WHERE id = ${meetingId})`,
      subject: { type: "thread_meeting", id: meetingId },
      detail: { threadId, ...detail },
    },
    { from: sql`(SELECT 1)`, where: sql`changes() > 0` },
  );
}

/** What an answer to a call changes: its new columns, the state it must be in, and what the trail records. */
type MeetingTransition = {
  /** The new columns, at the instant of the answer. */
  set: (now: Date) => SQLiteUpdateSetSource<typeof threadMeetings>;
  /** The call's state this answer takes it from (with the viewer's part and the instant). */
  from: (access: ThreadAccess, now: Date) => SQL;
  action: "meeting.booked" | "meeting.declined" | "meeting.cancelled";
  detail?: Record<string, unknown>;
};

/**
 * One answer to a call (book, decline, cancel): the viewer's part checked, then one batch of the
 * conditional update (this call of this thread, in the state `from` names, the candidacy still
 * open; its sequence moves on for the calendar) and its audit record, written only when it
 * changed the call. `changed` is the row it changed, or undefined when it changed nothing (the
 * caller explains why from the call's state).
 */
async function answerMeeting(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  meetingId: string,
  transition: MeetingTransition,
): Promise<MeetingFailure | { ok: true; access: ThreadAccess; changed: { chosenSlot: number | null } | undefined }> {
  const access = await threadAccess(app, viewer, threadId);
  if (!access) return notFound;
  const refusal = writeRefusal(access);
  if (refusal) return refusal;
  const now = app.now();
  const [changed] = await app.db.batch([
    app.db
      .update(threadMeetings)
      .set({ ...transition.set(now), sequence: sql`${threadMeetings.sequence} + 1`, updatedAt: now })
      .where(
        and(
          eq(threadMeetings.id, meetingId),
          eq(threadMeetings.threadId, threadId),
          transition.from(access, now),
          candidacyOpen(threadId),
        ),
      )
      .returning({ chosenSlot: threadMeetings.chosenSlot }),
    meetingAudit(app, viewer, meetingId, threadId, transition.action, transition.detail),
  ]);
  return { ok: true, access, changed: changed[0] };
}

/** A call still proposed by another side than the viewer's: what book and decline answer. */
const proposedByOtherSide = (access: ThreadAccess): SQL =>
  sql`(${threadMeetings.status} = 'proposed' AND ${threadMeetings.proposerParty} <> ${access.party})`;

/**
 * Books one of the times of a call another side proposed. Exactly one booking wins: the update
 * holds only while the call is still proposed (a second click, or another person's pick of another
 * time, changes nothing and reads as already answered; the same person's same pick reads as done).
 */
export async function bookMeeting(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  input: { meetingId: string; slot: number },
  origin: string | null,
): Promise<MeetingResult<{ access: ThreadAccess }>> {
  const column = [threadMeetings.slot1At, threadMeetings.slot2At, threadMeetings.slot3At][input.slot - 1];
  if (!column) return notFound;
  const answer = await answerMeeting(app, viewer, threadId, input.meetingId, {
    set: (now) => ({
      status: "booked",
      chosenSlot: input.slot,
      startsAt: sql`${column}`,
      answeredById: viewer.user.id,
      answeredAt: now,
    }),
    from: (access, now) =>
      sql`${proposedByOtherSide(access)} AND ${column} IS NOT NULL AND ${column} > ${now.getTime()}`,
    action: "meeting.booked",
    detail: { slot: input.slot },
  });
  if (!answer.ok) return answer;
  const { access } = answer;
  if (answer.changed) {
    await tellParticipants(app, origin, input.meetingId, "booked");
    return { ok: true, access };
  }
  const state = await meetingState(app, threadId, input.meetingId);
  if (!state) return notFound;
  if (state.status === "booked" && state.answeredById === viewer.user.id && state.chosenSlot === input.slot) {
    return { ok: true, access };
  }
  if (state.status !== "proposed") return { ok: false, status: 409, msg: MEETING_ALREADY_ANSWERED_MESSAGE };
  if (state.proposerParty === access.party) return { ok: false, status: 403, msg: MEETING_OWN_SIDE_MESSAGE };
  // Still proposed by another side: the time is gone (or was never offered), or the thread closed.
  const [thread] = await threadRowById(app, threadId);
  if (!thread || thread.status === "declined" || thread.status === "withdrawn") {
    return { ok: false, status: 409, msg: THREAD_CLOSED_MESSAGE };
  }
  return { ok: false, status: 409, msg: MEETING_TIME_PASSED_MESSAGE };
}

/** Declines a call another side proposed (while it is still proposed). */
export async function declineMeeting(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  meetingId: string,
): Promise<MeetingResult<{ access: ThreadAccess }>> {
  const answer = await answerMeeting(app, viewer, threadId, meetingId, {
    set: (now) => ({ status: "declined", answeredById: viewer.user.id, answeredAt: now }),
    from: proposedByOtherSide,
    action: "meeting.declined",
  });
  if (!answer.ok) return answer;
  const { access } = answer;
  if (answer.changed) return { ok: true, access };
  const state = await meetingState(app, threadId, meetingId);
  if (!state) return notFound;
  if (state.status === "declined" && state.answeredById === viewer.user.id) return { ok: true, access };
  if (state.status !== "proposed") return { ok: false, status: 409, msg: MEETING_ALREADY_ANSWERED_MESSAGE };
  if (state.proposerParty === access.party) return { ok: false, status: 403, msg: MEETING_OWN_SIDE_MESSAGE };
  return { ok: false, status: 409, msg: THREAD_CLOSED_MESSAGE };
}

/**
 * Cancels a call: a booked one by either side, a proposal not yet answered by the proposer's
 * side. Participants of a booked call are told, with the calendar's cancellation.
 */
export async function cancelMeeting(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  meetingId: string,
  origin: string | null,
): Promise<MeetingResult<{ access: ThreadAccess }>> {
  const answer = await answerMeeting(app, viewer, threadId, meetingId, {
    set: (now) => ({ status: "cancelled", cancelledById: viewer.user.id, cancelledAt: now }),
    from: (access) =>
      sql`(${threadMeetings.status} = 'booked' OR (${threadMeetings.status} = 'proposed' AND ${threadMeetings.proposerParty} = ${access.party}))`,
    action: "meeting.cancelled",
  });
  if (!answer.ok) return answer;
  const { access } = answer;
  if (answer.changed) {
    if (answer.changed.chosenSlot !== null) await tellParticipants(app, origin, meetingId, "cancelled");
    return { ok: true, access };
  }
  const state = await meetingState(app, threadId, meetingId);
  if (!state) return notFound;
  if (state.status === "cancelled" && state.cancelledById === viewer.user.id) return { ok: true, access };
  if (state.status === "proposed" || state.status === "declined" || state.status === "cancelled") {
    return { ok: false, status: 409, msg: MEETING_NOT_CANCELLABLE_MESSAGE };
  }
  return { ok: false, status: 409, msg: THREAD_CLOSED_MESSAGE };
}

/** A call with its thread's names, read for its calendar file and its notices. */
async function meetingFacts(app: AppContext, meetingId: string) {
  const consultant = alias(users, "meeting_consultant");
  const [row] = await app.db
    .select({
      id: threadMeetings.id,
      threadId: threadMeetings.threadId,
      businessId: threadMeetings.businessId,
      status: threadMeetings.status,
      startsAt: threadMeetings.startsAt,
      durationMinutes: threadMeetings.durationMinutes,
      location: threadMeetings.location,
      sequence: threadMeetings.sequence,
      updatedAt: threadMeetings.updatedAt,
      proposedById: threadMeetings.proposedById,
      answeredById: threadMeetings.answeredById,
      cancelledById: threadMeetings.cancelledById,
      consultantId: matchCandidates.consultantId,
      businessName: businesses.name,
      consultantFirst: consultant.firstName,
      consultantLast: consultant.lastName,
    })
    .from(threadMeetings)
    .innerJoin(matchCandidates, eq(matchCandidates.id, threadMeetings.threadId))
    .innerJoin(businesses, eq(businesses.id, threadMeetings.businessId))
    .innerJoin(consultant, eq(consultant.id, matchCandidates.consultantId))
    .where(eq(threadMeetings.id, meetingId))
    .limit(1);
  return row;
}

type MeetingFacts = NonNullable<Awaited<ReturnType<typeof meetingFacts>>>;

type Participant = IcsPerson & { id: string; party: ThreadParty };

/**
 * The people of a call: the business's members whose role writes in its conversations, the
 * consultant, and the engagement managers who proposed, answered or cancelled it; the proposer
 * first (the invitation's organizer). A deactivated account is left out.
 */
async function participantsOf(app: AppContext, facts: MeetingFacts): Promise<Participant[]> {
  const memberIds = await membersWhoMay(app, facts.businessId, "writeMessages");
  const ids = [
    ...new Set(
      [facts.proposedById, facts.consultantId, ...memberIds, facts.answeredById, facts.cancelledById].filter(
        (id): id is string => Boolean(id),
      ),
    ),
  ];
  const rows = await app.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deactivatedAt)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const party = row ? partyOfRole(row.role) : null;
    // A manager takes part in a call only by acting on it; everyone listed above did, or is of the thread.
    if (!row || !party) return [];
    return [{ id, party, email: row.email, name: fullName(row.firstName, row.lastName) || row.email }];
  });
}

const consultantNameOf = (facts: MeetingFacts) => fullName(facts.consultantFirst, facts.consultantLast);

/** The calendar file's text of a booked (REQUEST) or cancelled (CANCEL) call. */
function icsOf(facts: MeetingFacts, people: readonly Participant[], origin: string, now: Date): string | null {
  if (!facts.startsAt || (facts.status !== "booked" && facts.status !== "cancelled")) return null;
  const organizer = people.find((person) => person.id === facts.proposedById) ?? people[0] ?? null;
  const threadUrl = `${origin}${threadPath("business", facts.threadId)}`;
  return buildMeetingIcs(
    {
      id: facts.id,
      sequence: facts.sequence,
      cancelled: facts.status === "cancelled",
      startsAt: facts.startsAt,
      durationMinutes: facts.durationMinutes,
      location: facts.location,
      summary: M.ics.summary(facts.businessName, consultantNameOf(facts)),
      description: M.ics.description(threadUrl),
      url: threadUrl,
      organizer,
      attendees: people.filter((person) => person !== organizer),
      updatedAt: facts.updatedAt,
    },
    now,
  );
}

/**
 * The calendar file of a booked or cancelled call, for a participant of its thread; null when the
 * viewer takes no part in the thread, or the call was never booked (the route answers 404).
 */
export async function meetingCalendar(
  app: AppContext,
  viewer: Viewer,
  meetingId: string,
  origin: string,
): Promise<string | null> {
  const facts = await meetingFacts(app, meetingId);
  if (!facts) return null;
  const access = await threadAccess(app, viewer, facts.threadId);
  if (!access) return null;
  return icsOf(facts, await participantsOf(app, facts), origin, app.now());
}

/** The notification kind of each change told (app/lib/notifications/notification-kinds.ts). */
const MEETING_NOTICE_KINDS = {
  booked: "meeting_booked",
  cancelled: "meeting_cancelled",
  reminder: "meeting_reminder",
} as const;

/** The notices of a booked, cancelled or reminded call, one per participant, linking to their side's thread page. */
function meetingNotices(
  facts: MeetingFacts,
  people: readonly Participant[],
  change: "booked" | "cancelled" | "reminder",
  origin: string | null,
): Notice[] {
  if (!facts.startsAt) return [];
  const when = formatSlot(facts.startsAt, facts.durationMinutes, "UTC");
  const consultantName = consultantNameOf(facts);
  const N = M.notice;
  const title = change === "booked" ? N.bookedTitle : change === "cancelled" ? N.cancelledTitle : N.reminderTitle;
  const body = (change === "booked" ? N.bookedBody : change === "cancelled" ? N.cancelledBody : N.reminderBody)(
    facts.businessName,
    consultantName,
    when,
  );
  const fields = [
    { label: M.whenField, value: when },
    { label: M.whereLabel, value: facts.location },
    ...(origin && change !== "reminder"
      ? [{ label: M.calendarField, value: `${origin}${meetingIcsPath(facts.id)}` }]
      : []),
  ];
  return people.map((person) => ({
    userId: person.id,
    businessId: facts.businessId,
    kind: MEETING_NOTICE_KINDS[change],
    title,
    body,
    link: threadPath(person.party, facts.threadId),
    action: N.action,
    fields,
    footer: N.footer,
  }));
}

/** The change is saved: a notice that cannot be written is logged, never undoes it. */
async function tellParticipants(
  app: AppContext,
  origin: string | null,
  meetingId: string,
  change: "booked" | "cancelled",
): Promise<void> {
  try {
    const facts = await meetingFacts(app, meetingId);
    if (!facts) return;
    await notify(app, origin, meetingNotices(facts, await participantsOf(app, facts), change, origin));
  } catch (error) {
    console.error(`The notices of a ${change} call could not be sent:`, error);
  }
}

/**
 * The daily cron: each booked call starting 24 to 48 hours from now is reminded to its
 * participants once. The claim of `reminded_at` is one conditional update, so a second run (or
 * two at once) reminds nobody again. Returns how many calls were reminded.
 */
export async function sendMeetingReminders(app: AppContext): Promise<number> {
  const now = app.now();
  const claimed = await app.db
    .update(threadMeetings)
    .set({ remindedAt: now })
    .where(
      and(
        eq(threadMeetings.status, "booked"),
        gte(threadMeetings.startsAt, new Date(now.getTime() + MEETING_REMINDER_FROM_MS)),
        lt(threadMeetings.startsAt, new Date(now.getTime() + MEETING_REMINDER_TO_MS)),
        isNull(threadMeetings.remindedAt),
      ),
    )
    .returning({ id: threadMeetings.id });
  for (const { id } of claimed) {
    try {
      const facts = await meetingFacts(app, id);
      if (!facts) continue;
      // Cron: notify takes APP_URL, else the app's last known origin, for the links.
      await notify(app, null, meetingNotices(facts, await participantsOf(app, facts), "reminder", null));
    } catch (error) {
      console.error(`The reminder of call ${id} could not be sent:`, error);
    }
  }
  return claimed.length;
}

/**
 * The calls of a thread as the viewer may read them (the JSON API's GET), or null when they take
 * no part in it: one round trip, the thread's facts and its calls side by side.
 */
export async function meetingsOfThread(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
): Promise<MeetingView[] | null> {
  const [rows, meetings] = await app.db.batch([threadRowById(app, threadId), threadMeetingsQuery(app, threadId)]);
  const access = accessOf(viewer, rows[0]);
  return access ? meetingViews(meetings, access, app.now()) : null;
}
