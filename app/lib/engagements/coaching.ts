/**
 * Coaching (issue #41 item 3, docs/decisions/085): a monthly fee for a number of sessions, each
 * month a phase billed like a retainer's month (docs/decisions/082). A session is a call of the
 * engagement's conversation (ADR 074) that the coach proposes for a month; the business books it
 * there. After it the coach marks it held, and the business confirms it (or says it did not take
 * place), else the daily run confirms it 7 days after it was marked held. Unused sessions expire
 * with the month. Pure and isomorphic: the server and both sides' pages share these rules.
 */
import * as z from "zod";
import { formatDate } from "~/lib/shared/dates";
import { formatMoney } from "~/lib/shared/numbers";
import type { MeetingStatus } from "~db/enums";

/** Months billed from the card on file: a retainer's and coaching's (a project's phases are deliverables). */
export const billedMonthly = (kind: string | undefined): boolean => kind === "retainer" || kind === "coaching";

export const SESSION_LENGTHS = [30, 45, 60] as const;
export const MAX_MONTHLY_SESSIONS = 12;
/** The cancellation rules a plan may choose: hours before a session. */
export const CANCEL_NOTICE_CHOICES = [0, 12, 24, 48] as const;
/** A held session the business has not answered is confirmed this many days after it was marked held. */
export const SESSION_AUTO_CONFIRM_DAYS = 7;
/** A booked session its coach never marked held stops counting this many days after it started. */
export const SESSION_MARK_DAYS = 7;

const MS_PER_HOUR = 60 * 60 * 1000;
const MS_PER_DAY = 24 * MS_PER_HOUR;

/**
 * A session's state:
 * - proposed: times offered, one still to come; lapsed: none was booked in time;
 * - declined (by the business), withdrawn (by the coach before an answer), cancelled (in time);
 * - late_cancelled: cancelled by the business within the cancellation rule's hours: it counts as held;
 * - booked: still to come; to_mark: it started, the coach has not marked it held yet;
 * - unmarked: the coach did not mark it held within SESSION_MARK_DAYS: it does not count;
 * - held: marked held, waiting for the business; confirmed; missed: the business said it did not take place.
 */
export type SessionState =
  | "proposed"
  | "lapsed"
  | "declined"
  | "withdrawn"
  | "cancelled"
  | "late_cancelled"
  | "booked"
  | "to_mark"
  | "unmarked"
  | "held"
  | "confirmed"
  | "missed";

export type SessionFacts = {
  meetingStatus: MeetingStatus;
  /** The latest time offered (ms). */
  lastSlotAt: number;
  /** The booked start (ms), kept after a cancellation; null if never booked. */
  startsAt: number | null;
  cancelledAt: number | null;
  /** The call was cancelled by a member of the business. */
  cancelledByBusiness: boolean;
  heldAt: number | null;
  confirmedAt: number | null;
  missedAt: number | null;
};

export function sessionState(facts: SessionFacts, cancelNoticeHours: number, now: number): SessionState {
  if (facts.missedAt !== null) return "missed";
  if (facts.confirmedAt !== null) return "confirmed";
  if (facts.heldAt !== null) return "held";
  switch (facts.meetingStatus) {
    case "proposed":
      return facts.lastSlotAt > now ? "proposed" : "lapsed";
    case "declined":
      return "declined";
    case "cancelled":
      if (facts.startsAt === null) return "withdrawn";
      return facts.cancelledByBusiness &&
        facts.cancelledAt !== null &&
        facts.cancelledAt > facts.startsAt - cancelNoticeHours * MS_PER_HOUR
        ? "late_cancelled"
        : "cancelled";
    case "booked": {
      const start = facts.startsAt ?? 0;
      if (start > now) return "booked";
      return now - start <= SESSION_MARK_DAYS * MS_PER_DAY ? "to_mark" : "unmarked";
    }
  }
}

/** The states that take one of the month's sessions. */
const COUNTED: ReadonlySet<SessionState> = new Set([
  "proposed",
  "booked",
  "to_mark",
  "held",
  "confirmed",
  "late_cancelled",
]);
/** The states that are done with: nothing waits on them any more. */
const SETTLED: ReadonlySet<SessionState> = new Set([
  "lapsed",
  "declined",
  "withdrawn",
  "cancelled",
  "late_cancelled",
  "unmarked",
  "confirmed",
  "missed",
]);

export const sessionCounts = (state: SessionState) => COUNTED.has(state);

/** How a month's sessions stand: used (taking a session), held (confirmed or late-cancelled), left. */
export function sessionTally(states: readonly SessionState[], monthlySessions: number) {
  const used = states.filter((state) => COUNTED.has(state)).length;
  const held = states.filter((state) => state === "confirmed" || state === "late_cancelled").length;
  return { used, held, left: Math.max(0, monthlySessions - used) };
}

/**
 * Whether a paid coaching month is paid out now: every one of its sessions is held and confirmed
 * (or cancelled late) before its end, or its days are over and no session waits on anyone (the
 * unused ones expire).
 */
export function monthSettles(states: readonly SessionState[], monthlySessions: number, monthOver: boolean): boolean {
  if (!states.every((state) => SETTLED.has(state))) return false;
  return monthOver || sessionTally(states, monthlySessions).held >= monthlySessions;
}

/** "3 of 4 sessions held; 1 expired unused.": the paid-out month's summary. */
export function coachingMonthSummary(monthlySessions: number, held: number): string {
  const sessions = (n: number) => (n === 1 ? "1 session" : `${n} sessions`);
  const expired = Math.max(0, monthlySessions - held);
  const head = `${held} of ${sessions(monthlySessions)} held`;
  return expired === 0 ? `${head}.` : `${head}; ${expired} expired unused.`;
}

/** "$1,200.00 a month for 4 sessions of 60 minutes": coaching's terms in one line. */
export function coachingTermsLabel(monthlyFeeCents: number, sessions: number, minutes: number): string {
  return `${formatMoney(monthlyFeeCents)} a month for ${sessions === 1 ? "1 session" : `${sessions} sessions`} of ${minutes} minutes`;
}

/** "Cancel at least 24 hours before a session, or it counts as held." */
export function cancelRuleLabel(hours: number): string {
  return hours === 0
    ? "A session may be cancelled up to its start without counting as held."
    : `Cancel at least ${hours} hours before a session, or it counts as held.`;
}

/** A session as both sides' pages show it. */
export type SessionView = {
  id: string;
  state: SessionState;
  /** The booked start, or the first time offered (ISO). */
  startsAt: string;
  durationMinutes: number;
  /** The coach may mark it held now. */
  canMarkHeld: boolean;
  /** The business may confirm it, or say it did not take place, now. */
  canConfirm: boolean;
  /** When the daily run confirms it (held only), "Dec 8, 2026". */
  confirmsOn: string | null;
};

/** A coaching month's sessions card. */
export type CoachingMonthView = {
  itemId: string;
  title: string;
  monthlySessions: number;
  used: number;
  held: number;
  left: number;
  /** The month's last day, "Feb 4, 2027": unused sessions expire after it. */
  expiresOn: string;
  /** Sessions can be proposed for this month now (paid, in progress, its days not over, one left). */
  canPropose: boolean;
  /** The month was paid out (its sessions settled). */
  settled: boolean;
  /** Its last day is behind (UTC): no session is proposed for it, unused ones expired. */
  ended: boolean;
  sessions: SessionView[];
};

/** The day a held session is confirmed by the daily run. */
export function confirmsOn(heldAt: number): string {
  return formatDate(new Date(heldAt + SESSION_AUTO_CONFIRM_DAYS * MS_PER_DAY).toISOString().slice(0, 10));
}

/** The words of coaching, the same for the business and the coach. */
export const COACHING_TEXTS = {
  heading: "Sessions",
  /** The month's link on the coach's plan page. */
  openSessions: "Manage sessions",
  terms: "Terms",
  cancelRule: "Cancellation",
  tally: (used: number, total: number, left: number) =>
    `${used} of ${total} ${total === 1 ? "session" : "sessions"} taken; ${left} left.`,
  expires: (day: string) => `Sessions not used by ${day} expire with the month.`,
  empty: "No session proposed for this month yet.",
  when: "When",
  state: "State",
  actions: "Actions",
  states: {
    proposed: "Proposed: waiting for the business to choose a time",
    lapsed: "Not booked in time",
    declined: "Declined",
    withdrawn: "Withdrawn",
    cancelled: "Cancelled",
    late_cancelled: "Cancelled late: counts as held",
    booked: "Booked",
    to_mark: "Took place? Waiting for the coach to mark it held",
    unmarked: "Not marked held: does not count",
    held: "Held: waiting for the business to confirm",
    confirmed: "Held and confirmed",
    missed: "Did not take place",
  } satisfies Record<SessionState, string>,
  confirmsOn: (day: string) => `Confirmed automatically on ${day}.`,
  markHeld: "Mark as held",
  marking: "Marking…",
  confirm: "Confirm the session",
  missed: "It did not take place",
  inConversation: "Book, move or cancel sessions in the conversation",
  proposeTitle: "Propose a session",
  proposeIntro: (minutes: number) =>
    `Offer two or three times within this month. The session lasts ${minutes} minutes; the business books one of the times in your conversation.`,
  settled: "This month's sessions are settled and it was paid out.",
  /** An ended month still waiting on a session (to be marked held or answered). */
  ended: (used: number, total: number) =>
    `${used} of ${total} ${total === 1 ? "session" : "sessions"} taken; the month is over and the rest expired.`,
  endedNote: "It is paid out once no session waits to be marked held or confirmed.",
  notices: {
    proposed: "Session proposed. The business books one of the times in your conversation.",
    held: "Session marked as held. The business confirms it.",
    confirmed: "Session confirmed.",
    missed: "Noted: the session did not take place. It does not count, and another can be booked this month.",
  },
} as const;

/** What a coaching session's other side is told by email and notification (held: the business; missed: the coach). */
export const COACHING_TELL = {
  heldTitle: "A session was held: please confirm it",
  held: (coach: string, month: string, day: string) =>
    `${coach} marked a session of ${month} as held. Confirm it, or say it did not take place. If nobody answers, it is confirmed automatically on ${day}.`,
  heldAction: "Open the engagement",
  missedTitle: "A session did not take place",
  missed: (business: string, month: string) =>
    `${business} says a session of ${month} did not take place. It does not count against the month: propose another time.`,
  missedAction: "Open the month",
  footerBusiness: "You get this email because your business has an engagement on Partwise.",
  footerConsultant: "You get this email because you are the consultant of this engagement on Partwise.",
} as const;

export const SESSION_NOT_FOUND = "This session could not be found.";
export const SESSION_MONTH_CLOSED =
  "Sessions can be proposed only for a paid month still in progress: this month is not paid yet or is over.";
export const SESSION_MONTH_FULL = "This month's sessions are all taken. Cancel one, or propose it for next month.";
export const SESSION_OUTSIDE_MONTH = "Offer times within this month's days (UTC).";
export const SESSION_NOT_TO_MARK = "Only a booked session that has started can be marked as held.";
export const SESSION_NOT_HELD = "Only a session marked as held can be confirmed, or reported as not taking place.";
export const SESSION_NO_THREAD = "This engagement has no conversation to book sessions in.";
export const COACHING_SESSIONS_INVALID = `Enter the sessions a month, from 1 to ${MAX_MONTHLY_SESSIONS}.`;
export const COACHING_LENGTH_INVALID = "Choose a session length of 30, 45 or 60 minutes.";
export const COACHING_CANCEL_INVALID = "Choose the cancellation rule.";

/** The coach marks a session held (the month's page). */
export const MarkHeldSchema = z.object({
  intent: z.literal("mark-held"),
  sessionId: z
    .string({ error: "sessionId is required." })
    .trim()
    .min(1, "sessionId is required.")
    .max(80, "sessionId is not valid."),
});
