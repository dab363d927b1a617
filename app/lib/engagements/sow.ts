import { categoryLabel } from "~/lib/shared/format";
import { formatDate } from "~/lib/shared/dates";
import { formatMoney, formatPercent } from "~/lib/shared/numbers";
import { AUTO_ACCEPT_DAYS, REMINDER_DAYS_TEXT } from "./review-deadlines";
import { billedMonthly, coachingTermsLabel, SESSION_AUTO_CONFIRM_DAYS } from "./coaching";
import { formatHours, hourlyRateCents, retainerTermsLabel } from "./retainer-months";

/**
 * The engagement plan's text: the Engagement Plan, the Form of Statement of Work and the Work
 * Schedule and Deliverables (spec §1, §2 Engagement panel). One builder for every place it appears —
 * the business's Deliverables tab, the consultant's and manager's views, and the signed PDF made on
 * the Worker — so what is signed is exactly what was read. Pure and isomorphic.
 */

export const SOW_HEADINGS = {
  plan: "Engagement Plan",
  statement: "Form of Statement of Work",
  schedule: "Work Schedule and Deliverables",
} as const;

export type SowInput = {
  businessName: string;
  consultantName: string;
  /** The match's business area and engagement type (e.g. finance, fractional). */
  category: string;
  consultingType: string | null;
  problemStatement: string;
  title: string;
  overview: string;
  version: number;
  items: readonly { title: string; description: string; deliveryDate: string; priceCents: number }[];
  /** The signature, once given: the typed name and the date written (YYYY-MM-DD). */
  signature: { name: string; date: string } | null;
  /** Today (YYYY-MM-DD, UTC): the effective date before a signature. */
  today: string;
  /** The platform's fee in whole percent of each phase's price (PLATFORM_FEE_PERCENT). */
  platformFeePercent: number;
  /** A retainer's terms (docs/decisions/082); absent or null for a project. */
  retainer?: SowRetainer | null;
};

export type SowRetainer = {
  monthlyFeeCents: number;
  monthlyBudgetMinutes: number;
  /** YYYY-MM-DD. */
  startDate: string;
  noticeMonths: number;
  /** The last day once notice was given (YYYY-MM-DD), else null. */
  endsOn: string | null;
  /** Coaching's sessions (docs/decisions/085); null for a retainer, whose budget is hours. */
  coaching: { sessions: number; sessionMinutes: number; cancelNoticeHours: number } | null;
};

/** The outline's retainer terms for the statement, or null for a project (or a retainer not yet set). */
export function sowRetainerOf(outline: {
  kind: string;
  monthlyFeeCents: number | null;
  monthlyBudgetMinutes: number | null;
  monthlySessions: number | null;
  sessionMinutes: number | null;
  cancelNoticeHours: number | null;
  retainerStartDate: string | null;
  noticeMonths: number | null;
  endsOn: string | null;
}): SowRetainer | null {
  if (!billedMonthly(outline.kind) || outline.monthlyFeeCents === null || outline.retainerStartDate === null)
    return null;
  return {
    monthlyFeeCents: outline.monthlyFeeCents,
    monthlyBudgetMinutes: outline.monthlyBudgetMinutes ?? 0,
    startDate: outline.retainerStartDate,
    noticeMonths: outline.noticeMonths ?? 0,
    endsOn: outline.endsOn,
    coaching:
      outline.kind === "coaching"
        ? {
            sessions: outline.monthlySessions ?? 1,
            sessionMinutes: outline.sessionMinutes ?? 60,
            cancelNoticeHours: outline.cancelNoticeHours ?? 0,
          }
        : null,
  };
}

export type SowItem = { number: number; title: string; description: string; deliveryDate: string; price: string };

export type SowSection = { heading: string; paragraphs: string[]; items?: SowItem[]; total?: string };

export type SowDocument = {
  title: string;
  /** "Nov 23, 2026": the signature date if signed, otherwise today (spec §1: month/day/year). */
  effectiveDate: string;
  version: number;
  sections: SowSection[];
  /** The signature block's lines ("Signed by Dana Reyes on Nov 23, 2026"), or null before signing. */
  signature: string | null;
};

/** Capitalised engagement type ("Fractional"), or "Not sure yet". */
export function consultingTypeLabel(type: string | null): string {
  if (!type) return "Not sure yet";
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** The master services agreement the statement refers to. */
export const MASTER_SERVICES_AGREEMENT =
  "the Partwise Master Services Agreement accepted with the Partwise Terms and Conditions";

export function buildSowDocument(input: SowInput): SowDocument {
  const effectiveDate = formatDate(input.signature?.date ?? input.today);
  const total = input.items.reduce((sum, item) => sum + item.priceCents, 0);
  const items: SowItem[] = input.items.map((item, index) => ({
    number: index + 1,
    title: item.title,
    description: item.description,
    deliveryDate: formatDate(item.deliveryDate),
    price: formatMoney(item.priceCents),
  }));
  const phases = items.length === 1 ? "one phase" : `${items.length} phases`;
  return {
    title: input.title,
    effectiveDate,
    version: input.version,
    signature: input.signature ? `Signed by ${input.signature.name} on ${formatDate(input.signature.date)}` : null,
    sections: [
      {
        heading: SOW_HEADINGS.plan,
        paragraphs: [
          `${input.consultantName} will work with ${input.businessName} on ${categoryLabel(input.category)} as a ${consultingTypeLabel(input.consultingType).toLowerCase()} engagement.`,
          ...(input.problemStatement ? [`What the business asked for: ${input.problemStatement}`] : []),
          ...input.overview
            .split(/\n{2,}/)
            .map((paragraph) => paragraph.trim())
            .filter(Boolean),
        ],
      },
      {
        heading: SOW_HEADINGS.statement,
        paragraphs: input.retainer
          ? input.retainer.coaching
            ? coachingTerms(input, input.retainer, input.retainer.coaching, effectiveDate)
            : retainerTerms(input, input.retainer, effectiveDate)
          : projectTerms(input, effectiveDate, phases),
      },
      {
        heading: SOW_HEADINGS.schedule,
        paragraphs: input.retainer
          ? [retainerSchedule(input.retainer)]
          : items.length === 0
            ? ["No deliverables yet."]
            : [],
        items,
        ...(input.retainer ? {} : { total: formatMoney(total) }),
      },
    ],
  };
}

function statementOpening(input: SowInput, effectiveDate: string): string {
  return `This Statement of Work (version ${input.version}) is made between ${input.businessName} (the "Client") and Partwise, for the services of ${input.consultantName}, under ${MASTER_SERVICES_AGREEMENT}. Where this Statement and that agreement differ, that agreement governs. Effective date: ${effectiveDate}.`;
}

const CHANGES_NEED_SIGNATURE =
  "A change to this plan takes effect only when the engagement manager has approved it and the Client has signed the changed Statement of Work.";

/** A fractional retainer's terms (docs/decisions/082): fee, hours, months, time log, confirmation, notice. */
function retainerTerms(input: SowInput, retainer: SowRetainer, effectiveDate: string): string[] {
  const fee = formatMoney(retainer.monthlyFeeCents);
  const notice =
    retainer.noticeMonths === 0
      ? "Either party may end the retainer in the app without notice: the month under way is the last one billed."
      : `Either party may end the retainer in the app by giving ${noticeText(retainer.noticeMonths)} notice: the last month billed is the one the notice period ends in.`;
  return [
    statementOpening(input, effectiveDate),
    `The work is a monthly retainer starting on ${formatDate(retainer.startDate)}. Each month runs from that day of the month to the day before it a month later. The Client pays a fixed fee of ${fee} a month for up to ${formatHours(retainer.monthlyBudgetMinutes)} of ${input.consultantName}'s time. Hours beyond the month's budget are billed only when ${input.consultantName} asks for them in the app and the Client approves them first: at ${formatMoney(hourlyRateCents(retainer.monthlyFeeCents, retainer.monthlyBudgetMinutes))} an hour (the monthly fee divided by the hours in the budget), charged to the card on file when approved, delivered and confirmed with the month, and paid out like it. Hours logged beyond both the budget and any extra hours bought are not billed.`,
    "The first month is charged when the Client prepays it after signing (or, if it is still unpaid on its first day, to the Client's card on file); each later month is charged to the card on file on the month's first day, before its work begins. If a charge is declined, no work starts on that month until it is paid: Stripe tries the card again, and the Client may pay the month's invoice another way or change the card. A month that passes while an earlier one is unpaid is not billed.",
    `${input.consultantName} logs the time spent each month (the day, the hours and what was done), which the Client can read at any time.`,
    `At the end of each month its hours are delivered to the Client, who confirms the month or asks for a correction with notes. If the Client has not reviewed a month ${AUTO_ACCEPT_DAYS} days after its delivery, it is confirmed automatically; Partwise reminds the Client ${REMINDER_DAYS_TEXT} days after the delivery. After at least one correction, the Client may instead dispute the month, which the engagement manager settles with a written decision: the consultant paid in full, the Client refunded in full, or part refunded and the rest kept.`,
    `When a month is confirmed, Partwise keeps a platform fee of ${formatPercent(input.platformFeePercent, { decimals: 0 })} of its fee and pays the rest to ${input.consultantName}.`,
    notice,
    `${CHANGES_NEED_SIGNATURE} Until then no new month is opened or charged.`,
  ];
}

/** Coaching's terms (docs/decisions/085): fee, sessions, booking, held and confirmed, cancellation, expiry, notice. */
function coachingTerms(
  input: SowInput,
  retainer: SowRetainer,
  coaching: NonNullable<SowRetainer["coaching"]>,
  effectiveDate: string,
): string[] {
  const coach = input.consultantName;
  const sessions = coaching.sessions === 1 ? "one session" : `${coaching.sessions} sessions`;
  return [
    statementOpening(input, effectiveDate),
    `The work is coaching starting on ${formatDate(retainer.startDate)}, in months. Each month runs from that day of the month to the day before it a month later. The Client pays a fixed fee of ${formatMoney(retainer.monthlyFeeCents)} a month for ${sessions} of ${coaching.sessionMinutes} minutes with ${coach}.`,
    "The first month is charged when the Client prepays it after signing (or, if it is still unpaid on its first day, to the Client's card on file); each later month is charged to the card on file on the month's first day, before its sessions begin. If a charge is declined, no session is booked in that month until it is paid: Stripe tries the card again, and the Client may pay the month's invoice another way or change the card. A month that passes while an earlier one is unpaid is not billed.",
    `${coach} proposes each session's times within its month in the app, and the Client books one of them in the engagement's conversation. After a session, ${coach} marks it held and the Client confirms it, or says it did not take place (then it does not count, and another may be booked that month). A session the Client has not answered ${SESSION_AUTO_CONFIRM_DAYS} days after it was marked held is confirmed automatically.`,
    coaching.cancelNoticeHours === 0
      ? "Either party may cancel a booked session up to its start; a cancelled session does not count, and another may be booked that month."
      : `Either party may cancel a booked session. A session the Client cancels less than ${coaching.cancelNoticeHours} hours before it starts counts as held; one cancelled earlier, or by ${coach}, does not count, and another may be booked that month.`,
    "Sessions not used by the end of their month expire with it: they are not carried over or refunded.",
    `A month is settled when its sessions are all held and confirmed, or at its end once no session waits for an answer. Partwise then keeps a platform fee of ${formatPercent(input.platformFeePercent, { decimals: 0 })} of its fee and pays the rest to ${coach}.`,
    retainer.noticeMonths === 0
      ? "Either party may end the coaching in the app without notice: the month under way is the last one billed."
      : `Either party may end the coaching in the app by giving ${noticeText(retainer.noticeMonths)} notice: the last month billed is the one the notice period ends in.`,
    `${CHANGES_NEED_SIGNATURE} Until then no new month is opened or charged.`,
  ];
}

function retainerSchedule(retainer: SowRetainer): string {
  const what = retainer.coaching ? "coaching" : "retainer";
  const ends = retainer.endsOn
    ? ` Notice was given: the ${what} ends on ${formatDate(retainer.endsOn)}.`
    : ` A month is added on each month's first day until notice ends the ${what}.`;
  const terms = retainer.coaching
    ? coachingTermsLabel(retainer.monthlyFeeCents, retainer.coaching.sessions, retainer.coaching.sessionMinutes)
    : retainerTermsLabel(retainer.monthlyFeeCents, retainer.monthlyBudgetMinutes);
  return `${terms}, from ${formatDate(retainer.startDate)}.${ends}`;
}

const noticeText = (months: number) => (months === 1 ? "one month's" : `${months} months'`);

function projectTerms(input: SowInput, effectiveDate: string, phases: string): string[] {
  return [
    statementOpening(input, effectiveDate),
    `The work is divided into ${phases}, listed in the Work Schedule and Deliverables below. Each phase is billed in advance.`,
    "The Client's card on file is charged for the first phase after the Client's verbal approval, and later phases are billed the same way, each before its work begins. In the Partwise app the Client gives that approval by prepaying the phase.",
    "When a phase is delivered, the Client reviews it: accepts it and prepays the next phase, accepts it and pauses, or asks for a revision with notes.",
    `If the Client has not reviewed a delivered phase ${AUTO_ACCEPT_DAYS} days after its delivery, it is accepted automatically and the engagement pauses before the next phase (after the last phase, the engagement is complete); Partwise reminds the Client ${REMINDER_DAYS_TEXT} days after the delivery. A request for a revision stops this clock, and the next delivery starts it again.`,
    "After at least one revision of a phase, the Client may instead dispute its delivery. The phase is then neither accepted automatically nor paid for until the engagement manager settles the dispute, with a written decision, in one of three ways: the consultant is paid in full; the Client is refunded in full; or part of the price is refunded and the rest is kept, the platform fee applying to the part kept.",
    `When the Client accepts a phase, Partwise keeps a platform fee of ${formatPercent(input.platformFeePercent, { decimals: 0 })} of its price and pays the rest to ${input.consultantName}.`,
    "The Client may terminate this engagement after notifying the engagement manager and settling the fees and expenses incurred up to the termination.",
    CHANGES_NEED_SIGNATURE,
  ];
}
