/**
 * A fractional retainer's calendar (docs/decisions/082): months of a fixed fee for an hours budget,
 * counted from the start date. Month n runs from the start date's day n months on (the last day
 * of a shorter month when it has no such day) to the day before month n + 1 starts. All dates are
 * calendar dates, 'YYYY-MM-DD'.
 */
import { formatDate } from "~/lib/shared/dates";
import { formatMoney } from "~/lib/shared/numbers";

export type RetainerMonth = {
  /** From 0: month 0 is the first. */
  index: number;
  start: string;
  end: string;
};

const MS_PER_DAY = 24 * 60 * 60 * 1000;

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split("-").map(Number);
  return [year ?? 0, month ?? 1, day ?? 1];
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `anchor` date's day, `months` months on from `from`'s month (clamped to the month's last day). */
function shiftMonths(from: string, months: number, anchorDay: number): string {
  const [year, month] = parts(from);
  const first = Date.UTC(year, month - 1 + months, 1);
  const target = new Date(first);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(anchorDay, lastDay)));
}

/** The day before `date`. */
export function dayBefore(date: string): string {
  const [year, month, day] = parts(date);
  return iso(Date.UTC(year, month - 1, day) - MS_PER_DAY);
}

/** The day after `date`: the next month's first day after a month's last. */
export function dayAfter(date: string): string {
  const [year, month, day] = parts(date);
  return iso(Date.UTC(year, month - 1, day) + MS_PER_DAY);
}

/** Month `index` of a retainer starting on `startDate`. */
export function retainerMonth(startDate: string, index: number): RetainerMonth {
  const anchor = parts(startDate)[2];
  return {
    index,
    start: shiftMonths(startDate, index, anchor),
    end: dayBefore(shiftMonths(startDate, index + 1, anchor)),
  };
}

/** The index of the month `date` falls in; -1 before the start. */
export function monthIndexOn(startDate: string, date: string): number {
  if (date < startDate) return -1;
  const [startYear, startMonth] = parts(startDate);
  const [year, month] = parts(date);
  let index = (year - startYear) * 12 + (month - startMonth);
  // At most one step back: the month counted may not have reached its start day yet.
  while (index > 0 && retainerMonth(startDate, index).start > date) index -= 1;
  return index;
}

/**
 * The retainer's last day once notice is given on `givenOn` (docs/decisions/082): the notice
 * period runs `noticeMonths` whole months from that day, and the last month billed is the one it
 * ends in (never before the month it is given in, nor the first month).
 */
export function noticeEndsOn(startDate: string, noticeMonths: number, givenOn: string): string {
  const noticeLastDay = dayBefore(shiftMonths(givenOn, noticeMonths, parts(givenOn)[2]));
  // Never before the month the notice is given in (a notice of none ends with the month under way).
  const index = Math.max(0, monthIndexOn(startDate, givenOn), monthIndexOn(startDate, noticeLastDay));
  return retainerMonth(startDate, index).end;
}

/** "Month 2 (Jan 15 – Feb 14, 2027)": the title a month's phase carries everywhere. */
export function retainerMonthTitle(month: RetainerMonth): string {
  return `Month ${month.index + 1} (${formatPeriod(month.start, month.end)})`;
}

/** "Jan 15 – Feb 14, 2027", or across years "Dec 15, 2026 – Jan 14, 2027". */
export function formatPeriod(start: string, end: string): string {
  const from = formatDate(start);
  const to = formatDate(end);
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${from} – ${to}`;
  return `${from.replace(/, \d{4}$/, "")} – ${to}`;
}

/** Minutes as hours, the one format of time logged and budgets: "20 h", "7.5 h", "0.25 h". */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${String(hours)} h`;
}

/** What a month's log comes to against its budget. */
export function budgetStanding(budgetMinutes: number, loggedMinutes: number) {
  return {
    loggedMinutes,
    leftMinutes: Math.max(0, budgetMinutes - loggedMinutes),
    overMinutes: Math.max(0, loggedMinutes - budgetMinutes),
  };
}

/**
 * The summary a month is delivered with at its end: "18.5 h logged of the 20 h budget.", with the
 * extra hours bought for it: "23 h logged of the 20 h budget and 4 h extra."
 */
export function monthSummary(budgetMinutes: number, loggedMinutes: number, extraMinutes = 0): string {
  const extra = extraMinutes > 0 ? ` and ${formatHours(extraMinutes)} extra` : "";
  return `${formatHours(loggedMinutes)} logged of the ${formatHours(budgetMinutes)} budget${extra}.`;
}

/** What extra hours are delivered with, at their month's end: their hours, then the month's summary. */
export function extraHoursSummary(minutes: number, monthSummaryText: string): string {
  return `${formatHours(minutes)} beyond the budget, delivered with the month: ${monthSummaryText}`;
}

/** The fee's price of `minutes` beyond the budget (docs/decisions/084): fee × minutes ÷ budget, to the cent. */
export function extraHoursPriceCents(monthlyFeeCents: number, budgetMinutes: number, minutes: number): number {
  if (budgetMinutes <= 0) return 0;
  return Math.round((monthlyFeeCents * minutes) / budgetMinutes);
}

/** The fee's hourly rate, what an hour beyond the budget costs: extraHoursPriceCents of 60 minutes. */
export function hourlyRateCents(monthlyFeeCents: number, budgetMinutes: number): number {
  return extraHoursPriceCents(monthlyFeeCents, budgetMinutes, 60);
}

/** "Month 2: 4 h extra": the title of the hours bought beyond a month's budget (its position from 0). */
export function extraHoursTitle(monthPosition: number, minutes: number): string {
  return `Month ${monthPosition + 1}: ${formatHours(minutes)} extra`;
}

/** A request for extra hours as both sides read it; `waiting` only while the month can still take it. */
export type ExtraHoursRequestView = {
  id: string;
  hours: string;
  price: string;
  reason: string;
  status: "waiting" | "lapsed" | "approved" | "declined" | "withdrawn";
  /** Approved and paid (the hours bought); false while an approved request's charge is due. */
  paid: boolean;
  askedOn: string;
  decidedOn: string | null;
};

export function extraHoursRequestView(
  request: {
    id: string;
    minutes: number;
    priceCents: number;
    reason: string;
    status: "requested" | "approved" | "declined" | "withdrawn";
    createdAt: Date;
    decidedAt: Date | null;
  },
  monthOpen: boolean,
  paid = false,
): ExtraHoursRequestView {
  return {
    id: request.id,
    hours: formatHours(request.minutes),
    price: formatMoney(request.priceCents),
    reason: request.reason,
    status: request.status === "requested" ? (monthOpen ? "waiting" : "lapsed") : request.status,
    paid: request.status === "approved" && paid,
    askedOn: formatDate(request.createdAt),
    decidedOn: request.decidedAt ? formatDate(request.decidedAt) : null,
  };
}

/** One line of a month's time log as people read it. */
export type TimeEntryView = { id: string; date: string; dateLabel: string; hours: string; description: string };

/** A retainer month's log with its budget: what the business's and the consultant's pages show. */
export type MonthLogView = {
  period: string;
  /** 'YYYY-MM-DD': the days time may be logged on (the form's date bounds). */
  firstDay: string;
  lastDay: string;
  budget: string;
  logged: string;
  left: string;
  /** Hours bought beyond the budget ("4 h", docs/decisions/084); null when none. */
  extra: string | null;
  /** Hours logged beyond the budget and the extra hours ("1.5 h"), which are not billed; null within them. */
  over: string | null;
  entries: TimeEntryView[];
  /** The month's requests for extra hours, oldest first. */
  requests: ExtraHoursRequestView[];
};

export function monthLogView(
  budgetMinutes: number,
  month: { periodStart: string; periodEnd: string },
  entries: readonly { id: string; workDate: string; minutes: number; description: string }[],
  extra: { approvedMinutes: number; requests: ExtraHoursRequestView[] } = { approvedMinutes: 0, requests: [] },
): MonthLogView {
  const standing = budgetStanding(
    budgetMinutes + extra.approvedMinutes,
    entries.reduce((sum, entry) => sum + entry.minutes, 0),
  );
  return {
    period: formatPeriod(month.periodStart, month.periodEnd),
    firstDay: month.periodStart,
    lastDay: month.periodEnd,
    budget: formatHours(budgetMinutes),
    logged: formatHours(standing.loggedMinutes),
    left: formatHours(standing.leftMinutes),
    extra: extra.approvedMinutes > 0 ? formatHours(extra.approvedMinutes) : null,
    over: standing.overMinutes > 0 ? formatHours(standing.overMinutes) : null,
    entries: [...entries]
      .sort((a, b) => a.workDate.localeCompare(b.workDate))
      .map((entry) => ({
        id: entry.id,
        date: entry.workDate,
        dateLabel: formatDate(entry.workDate),
        hours: formatHours(entry.minutes),
        description: entry.description,
      })),
    requests: extra.requests,
  };
}

/**
 * Whether time can be logged on a month: paid and in progress, or sent back for a correction
 * (the consultant mends the log and delivers it again); never once delivered, confirmed or refunded.
 */
export function monthTakesTime(month: { status: string; paidPurchaseId: string | null; refunded?: boolean }): boolean {
  return (month.status === "active" || month.status === "revision") && month.paidPurchaseId !== null && !month.refunded;
}

/**
 * Whether a month takes extra hours (docs/decisions/084): asked for and bought only while it takes
 * time (monthTakesTime) and within its own days, until its last day has ended everywhere (`today`
 * is todayAnywhereOnEarth); after that the month is delivered, or in a correction.
 */
export function monthTakesExtraHours(
  month: { status: string; paidPurchaseId: string | null; refunded?: boolean; periodEnd: string | null },
  today: string,
): boolean {
  return monthTakesTime(month) && month.periodEnd !== null && month.periodEnd >= today;
}

/** "$4,000.00 a month for up to 20 h": a retainer's terms in one line. */
export function retainerTermsLabel(monthlyFeeCents: number, budgetMinutes: number): string {
  return `${formatMoney(monthlyFeeCents)} a month for up to ${formatHours(budgetMinutes)}`;
}
