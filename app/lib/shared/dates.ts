/**
 * The one date format of Partwise: "Nov 3, 2026" (month abbreviation, day, year), used for every
 * date a person reads — client pages, the managers' console, the dev outbox and emails. Spelling
 * the month out means no reader can take 03/11 for March 11 or November 3.
 *
 * Dates are calendar dates in UTC (docs/decisions/015-dates-and-finance-figures.md): the same as the
 * month boundaries of the finance report and the monthly insight allowance, and independent of the
 * time zone of whichever machine renders them, so the server's HTML and the browser's hydration
 * always produce the same text. Built from getUTC* parts, never from Intl or toLocale*, whose
 * output depends on the runtime's ICU data and default zone.
 */

/** Month abbreviations (spec §9), shared by dates, chart labels and month spans. */
export const MONTH_ABBREVIATIONS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "June",
  "July",
  "Aug",
  "Sept",
  "Oct",
  "Nov",
  "Dec",
] as const;

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 3, 2026" (UTC); "" for a value that is not a date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  return `${MONTH_ABBREVIATIONS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * The one clock of Partwise: 12-hour, US style, "2:05 PM", "12:00 AM" (midnight), "12:30 PM" (just
 * after noon), from the hours (0–23) and minutes of a wall clock. Every time a person reads goes
 * through it, always followed by its zone ("UTC", "New York time (UTC-5)").
 */
export function formatClock(hours: number, minutes: number): string {
  const half = hours % 12 === 0 ? 12 : hours % 12;
  return `${half}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** "Nov 3, 2026, 2:05 PM UTC": the date format plus the time, where the time matters (the outbox). */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  return `${formatDate(date)}, ${formatClock(date.getUTCHours(), date.getUTCMinutes())} UTC`;
}

/** The machine-readable value for `<time dateTime>`: the full ISO instant; "" when not a date. */
export function isoDateTime(value: DateInput): string {
  return toDate(value)?.toISOString() ?? "";
}
