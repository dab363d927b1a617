/** The words of fractional retainers (docs/decisions/082): the time log and notice. */

export const TIME_ENTRY_NOT_FOUND = "This month or time entry could not be found.";
export const TIME_ENTRY_MONTH_CLOSED =
  "Time can be logged only on a paid month still in progress: this month is not paid yet or was delivered.";
export const TIME_ENTRY_OUTSIDE_MONTH = "Choose a day of this month, no later than today.";
export const TIME_ENTRY_DATE_REQUIRED = "Enter the day you worked.";
export const TIME_ENTRY_HOURS_INVALID = "Enter the hours in quarter hours, from 0.25 to 24.";
export const TIME_ENTRY_DESCRIPTION_REQUIRED = "Say what you did.";
export const TIME_ENTRY_DESCRIPTION_TOO_LONG = "Keep it under 500 characters.";

export const NOTICE_NOT_A_RETAINER = "Notice can be given only on a signed retainer that is still running.";
export const NOTICE_ALREADY_GIVEN = "Notice was already given on this retainer.";

/** The longest notice a retainer may ask, in whole months. */
export const MAX_NOTICE_MONTHS = 6;
export const RETAINER_FEE_REQUIRED = "Enter the monthly fee, between $1 and $1,000,000.";
export const RETAINER_HOURS_INVALID = "Enter the hours a month in quarter hours, from 1 to 300.";
export const RETAINER_START_REQUIRED = "Enter the date the first month starts.";
export const RETAINER_START_PAST = "The first month cannot start before today. Choose a later date.";
export const RETAINER_NOTICE_INVALID = `Enter the notice in whole months, from 0 to ${MAX_NOTICE_MONTHS}.`;
export const PLAN_KIND_LOCKED = "How the engagement is billed cannot change once a deliverable or month is paid.";
export const RETAINER_START_LOCKED = "The start date cannot change once the first month is paid.";

export const PLAN_KIND_LEGEND = "How is the engagement billed?";
export const PLAN_KIND_CHOICES = [
  {
    value: "retainer",
    label: "Monthly retainer",
    hint: "A fixed fee each month for an hours budget, charged to the business's card on file at the start of each month.",
  },
  {
    value: "coaching",
    label: "Coaching sessions",
    hint: "A fixed fee each month for a number of sessions, charged to the business's card on file at the start of each month. You propose each session's times; the business books one in your conversation.",
  },
  {
    value: "project",
    label: "Deliverables",
    hint: "A price for each deliverable, prepaid in turn before you start on it.",
  },
] as const;
export const RETAINER_TERMS_LEGEND = "Monthly terms";
export const COACHING_TERMS_HINT =
  "Each month runs from the start date's day to the day before it a month later. You propose sessions within the month; after each one you mark it held and the business confirms it. Sessions not used by the month's end expire, and you are paid your share when the month's sessions are settled.";
export const RETAINER_TERMS_HINT =
  "Each month runs from the start date's day to the day before it a month later. You log your time against the month; the business confirms each month, and you are paid your share.";
export const NOTICE_CHOICES = Array.from({ length: MAX_NOTICE_MONTHS + 1 }, (_, months) => months);
/** "1 month", "2 months", "None: it ends with the current month". */
export const noticeLabel = (months: number) =>
  months === 0 ? "None: it ends with the current month" : months === 1 ? "1 month" : `${months} months`;

/** The time log's words, the same for the business and the consultant. */
export const TIME_LOG_TEXTS = {
  heading: "Time log",
  period: "Month",
  budget: "Hours budget",
  logged: "Logged",
  left: "Left",
  extra: "Extra hours approved",
  over: (hours: string, withExtra: boolean) =>
    withExtra
      ? `${hours} logged beyond the budget and the extra hours bought: they are not billed unless the business approves more.`
      : `${hours} logged beyond the budget: they are not billed unless the business approves extra hours.`,
  empty: "No time logged this month yet.",
  caption: (period: string) => `Time logged, ${period}`,
  day: "Day",
  hours: "Hours",
  hoursField: "Hours",
  hoursHint: "In quarter hours: 0.25, 1.5, 3.",
  what: "What was done",
  actions: "Actions",
  remove: "Remove",
  addHeading: "Log time",
  log: "Log time",
  logging: "Logging…",
  logged_notice: "Time logged.",
  removed_notice: "Time entry removed.",
} as const;

/** The business's and the consultant's notice: its card and its answer. */
/** What notice ends, as the texts name it: a retainer or coaching (docs/decisions/085). */
export type NoticeOf = "retainer" | "coaching";

export const NOTICE_TEXTS = {
  heading: (of: NoticeOf = "retainer") => (of === "coaching" ? "Coaching" : "Retainer"),
  terms: "Terms",
  cancelRule: "Cancellation",
  notice: "Notice to end it",
  giveNotice: "Give notice",
  giving: "Giving notice…",
  confirm: (endsOn: string, of: NoticeOf = "retainer") =>
    `I am giving notice: the ${of} ends on ${endsOn}, after its last month is ${of === "coaching" ? "settled" : "delivered and confirmed"}. No month after it is charged.`,
  ending: (by: "business" | "consultant", endsOn: string, of: NoticeOf = "retainer") =>
    `${by === "business" ? "You gave" : of === "coaching" ? "The coach gave" : "The consultant gave"} notice: the ${of} ends on ${endsOn}. No month after it is charged.`,
  endingForConsultant: (by: "business" | "consultant", endsOn: string, of: NoticeOf = "retainer") =>
    `${by === "consultant" ? "You gave" : "The business gave"} notice: the ${of} ends on ${endsOn}.`,
} as const;
export const NOTICE_GIVEN = (endsOn: string, of: NoticeOf = "retainer") =>
  `Notice given: the ${of} ends on ${endsOn}. No month after it is charged.`;
export const NOTICE_CONFIRM_REQUIRED = "Tick the box to confirm you are giving notice.";
/**
 * A running retainer or coaching plan between its months: the last one is done and the daily run
 * opens the next on its first day (docs/decisions/082).
 */
export const NEXT_MONTH_OPENS = (day: string) => `The next month opens on ${day}.`;

export const NOTICE_GIVEN_BY_CONSULTANT = "Notice given: the business is told.";

/** The notice told to the other side and the engagement's manager. */
export const NOTICE_TELL_TITLE = (of: NoticeOf = "retainer") =>
  `Notice given on ${of === "coaching" ? "coaching" : "a retainer"}`;
export const NOTICE_TELL_ACTION = "Open the engagement";
export const NOTICE_TELL_CONSULTANT = (business: string, plan: string, endsOn: string, of: NoticeOf = "retainer") =>
  `${business} gave notice on "${plan}": the ${of} ends on ${endsOn}. Its last month is billed and paid as usual.`;
export const NOTICE_TELL_BUSINESS = (plan: string, endsOn: string, of: NoticeOf = "retainer") =>
  `Your ${of === "coaching" ? "coach" : "consultant"} gave notice on "${plan}": the ${of} ends on ${endsOn}. No month after it is charged.`;
export const NOTICE_TELL_MANAGER = (
  business: string,
  plan: string,
  by: "business" | "consultant",
  endsOn: string,
  of: NoticeOf = "retainer",
) =>
  `${by === "business" ? business : "The consultant"} gave notice on "${plan}" (${business}): the ${of} ends on ${endsOn}.`;
export const NOTICE_TELL_FOOTER = {
  business: "You get this email because your business has an engagement on Partwise.",
  consultant: "You get this email because you are the consultant of this engagement on Partwise.",
  manager: "You get this email because you manage this engagement on Partwise.",
} as const;

/** The business's review of a delivered month: confirm it (the consultant is paid) or ask for a correction. */
export const MONTH_REVIEW_TITLE = "Review this month";
export const MONTH_DECISION_LABELS = {
  confirm: "Confirm the month",
  correct: "Ask for a correction",
} as const;
export const MONTH_ACCEPTS_AUTOMATICALLY_AFTER = "and the consultant is paid for it.";
export const MONTH_REVIEW_SENT = {
  confirm: "Month confirmed. Your consultant is paid for it.",
  revise: "Your correction request was sent to your consultant.",
  complete: "Month confirmed. The retainer is complete.",
} as const;
export const RETAINER_TERMS_NEED_REVIEW =
  "Signed terms change only with a new version: send the changed terms for review, and the business signs them before they apply.";
export const paidMonthsLocked = (count: number) =>
  count === 1 ? "Paid for: this month stays as agreed." : "Paid for: these months stay as agreed.";

/**
 * Extra hours (docs/decisions/084): the consultant asks for hours beyond a month's budget, the
 * business approves (bought and charged at once to the card on file) or declines.
 */
export const EXTRA_HOURS_TEXTS = {
  heading: "Extra hours",
  intro: (rate: string) =>
    `Hours beyond the budget are billed only when the business approves them first, at ${rate} an hour (the monthly fee divided by the hours in the budget).`,
  ask: "Ask for extra hours",
  asking: "Asking…",
  hours: "Hours to add",
  hoursHint: "In quarter hours: 0.25, 1.5, 3.",
  reason: "Why they are needed",
  reasonHint: "The business reads this when it decides.",
  withdraw: "Withdraw the request",
  withdrawing: "Withdrawing…",
  approve: (price: string) => `Approve and pay ${price}`,
  approving: "Charging your card…",
  decline: "Decline",
  declining: "Declining…",
  waitingConsultant: (hours: string, price: string, askedOn: string) =>
    `You asked for ${hours} more (${price}) on ${askedOn}: waiting for the business's approval.`,
  waitingBusiness: (hours: string, price: string, askedOn: string) =>
    `Your consultant asked on ${askedOn} for ${hours} beyond the month's budget, for ${price}.`,
  lapsed: (hours: string) => `The request for ${hours} more was not decided before the month was delivered.`,
  approved: (hours: string, price: string, on: string) => `${hours} more approved on ${on}, for ${price}.`,
  approvedUnpaid: (hours: string, price: string, on: string) =>
    `${hours} more approved on ${on}, for ${price}: not paid yet (under Prepay).`,
  opening: "Opening the payment…",
  declined: (hours: string, on: string) => `The request for ${hours} more was declined on ${on}.`,
  withdrawn: (hours: string, on: string) => `The request for ${hours} more was withdrawn on ${on}.`,
  reasonLabel: "Reason",
  itemHeading: "The extra hours",
  itemHint: "Log these hours in the month's time log: they are delivered with the month the day after it ends.",
  itemMonthLink: "Open the month",
  chargeHint: (card: string) =>
    `Approving charges your ${card} at once; the hours are delivered with the month and confirmed like it.`,
} as const;

export const EXTRA_HOURS_INVALID = "Enter the extra hours in quarter hours, from 0.25 to 100.";
export const EXTRA_HOURS_REASON_REQUIRED = "Say why the extra hours are needed.";
export const EXTRA_HOURS_REASON_TOO_LONG = "Keep it under 500 characters.";
export const EXTRA_HOURS_NOT_FOUND = "This request for extra hours could not be found.";
export const EXTRA_HOURS_MONTH_CLOSED =
  "Extra hours can be asked for and approved only during the month, while it is paid and in progress.";
export const EXTRA_HOURS_NEEDS_SIGNATURE =
  "A changed plan waits for your signature: sign it first, then approve the extra hours.";
export const EXTRA_HOURS_UNPAID_FIRST =
  "Extra hours you approved before are not paid yet: pay them under Prepay first, then approve more.";
export const EXTRA_HOURS_ALREADY_WAITING =
  "A request for extra hours already waits on this month: withdraw it first to ask for a different number.";
export const EXTRA_HOURS_ALREADY_DECIDED = "This request for extra hours was already decided or withdrawn.";
export const EXTRA_HOURS_ASKED = "Request sent: the business is told and decides.";
export const EXTRA_HOURS_WITHDRAWN = "Request withdrawn.";
export const EXTRA_HOURS_DECLINED_ANSWER = "Extra hours declined. Your consultant is told.";
/** The approval's answer: the card on file's (paid) message after it. */
export const EXTRA_HOURS_APPROVED = (paid: string) => `Extra hours approved. ${paid}`;
/** Approved, but the charge did not go through: the hours wait for Prepay. */
export const EXTRA_HOURS_APPROVED_UNPAID = (reason: string) =>
  `Extra hours approved, but not paid yet: ${reason} They wait for their payment under Prepay.`;

/** The request and the decision, told to the other side. */
export const EXTRA_HOURS_TELL = {
  askedTitle: "Extra hours to approve",
  asked: (consultant: string, hours: string, month: string, price: string, reason: string) =>
    `${consultant} asks for ${hours} beyond the budget of ${month}, for ${price}: "${reason}"`,
  decidedTitle: "Your request for extra hours was decided",
  approved: (business: string, hours: string, month: string) =>
    `${business} approved ${hours} more for ${month}. Log them in the month's time log once they are paid.`,
  declined: (business: string, hours: string, month: string) =>
    `${business} declined ${hours} more for ${month}. Hours beyond the budget are not billed.`,
  action: "Open the month",
} as const;

/** A month's notices (docs/decisions/082): paid (to the consultant), delivered by the daily run (to the business). */
export const NOTICE_MONTH_PAID = "A month was paid";
export const NOTICE_SESSIONS_SETTLED = "A coaching month was paid out";
export const NOTICE_MONTH_DELIVERED = "A month was delivered";
/** Extra hours' notices (docs/decisions/084). */
export const NOTICE_EXTRA_PAID = "Extra hours were paid";
export const NOTICE_EXTRA_DELIVERED = "Extra hours were delivered";
