/**
 * Monthly statements (issue #40 item 3, docs/decisions/081-monthly-statements.md): a business's
 * statement of every charge and refund of a calendar month (UTC), and a consultant's earnings
 * statement (gross, fee, transfers, reversals, held). Pure helpers the server, the pages, the
 * PDFs and the CSVs share: the months, the paths, the decimal amounts and the CSV text.
 */

/** A calendar month, "2026-10" (UTC). */
export type StatementMonth = string;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The month a path names, or null when it is not a real "YYYY-MM" (2000 to 2999). */
export function parseStatementMonth(value: unknown): StatementMonth | null {
  if (typeof value !== "string") return null;
  const match = MONTH_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  return year >= 2000 && year <= 2999 ? value : null;
}

/** The month of an instant (UTC). */
export function monthOf(value: Date): StatementMonth {
  return value.toISOString().slice(0, 7);
}

/** The month before the month of `now` (UTC): what the cron of the 1st sends. */
export function previousMonth(now: Date): StatementMonth {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/** The month's first instant and the next month's first instant (UTC): [start, end). */
export function monthBounds(month: StatementMonth): { start: Date; end: Date } {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, index - 1, 1)), end: new Date(Date.UTC(year, index, 1)) };
}

/** "October 2026". */
export function monthLabel(month: StatementMonth): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return `${MONTH_NAMES[index - 1]} ${year}`;
}

/** Cents as decimal dollars with a dot and two decimals, no symbol nor grouping: "1234.50", "-25.00". */
export function decimalDollars(cents: number): string {
  const safe = Number.isSafeInteger(cents) ? cents : Math.round(Number.isFinite(cents) ? cents : 0);
  const sign = safe < 0 ? "-" : "";
  const abs = Math.abs(safe);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The ISO date (YYYY-MM-DD, UTC) of an ISO instant. */
export const isoDate = (instant: string) => instant.slice(0, 10);

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break, its quotes
 * doubled. A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed
 * with a quote, as the audit CSV does; amounts are written by decimalDollars and passed as
 * numbers, never prefixed.
 */
export function csvField(value: string | number): string {
  if (typeof value === "number") return decimalDollars(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of fields (cents as numbers) as CSV text: CRLF line ends, a final CRLF. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

// ---------------------------------------------------------------------------------------------
// The business's statement

/** One line of a business's statement: a charge (positive) or a refund (negative). */
export type StatementLine = {
  /** Unique in the statement: `charge-<purchaseId>`, `refund-<refundId>`. */
  key: string;
  kind: "charge" | "refund";
  /** ISO instant: when it was paid or refunded. */
  date: string;
  /** What was bought, in words. */
  description: string;
  /** The engagement behind the line (its title), or "" for an insight or benchmarking. */
  engagement: string;
  /** The deliverable (its title), the insight ("Insight: Finance"), or benchmarking. */
  item: string;
  /** The receipt number of the purchase charged or refunded. */
  receiptNumber: string;
  /** The receipt's page (the purchase id), for the page's link. */
  purchaseId: string;
  /** An automatic refund of a second payment (ADR 010), or that second payment itself. */
  duplicate: boolean;
  /** Cents: positive for a charge, negative for a refund. */
  amountCents: number;
};

export type BusinessStatement = {
  month: StatementMonth;
  business: { name: string; address: string };
  seller: { name: string; address: string };
  lines: StatementLine[];
  chargedCents: number;
  /** Positive: what was refunded. */
  refundedCents: number;
  netCents: number;
};

/** Totals of a business's lines (charged, refunded as a positive amount, net). */
export function businessTotals(lines: readonly StatementLine[]) {
  let chargedCents = 0;
  let refundedCents = 0;
  for (const line of lines) {
    if (line.kind === "charge") chargedCents += line.amountCents;
    else refundedCents -= line.amountCents;
  }
  return { chargedCents, refundedCents, netCents: chargedCents - refundedCents };
}

/** Lines in date order (then charges before refunds, then by key): the same order everywhere. */
export function sortLines<T extends { date: string; key: string }>(lines: T[]): T[] {
  return lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.key < b.key ? -1 : 1));
}

export const BUSINESS_STATEMENT_CSV_HEADER = [
  "Date",
  "Type",
  "Description",
  "Engagement",
  "Deliverable or insight",
  "Receipt number",
  "Amount (USD)",
] as const;

/** The business's statement as CSV: one row per line, then no totals (a bookkeeper's import sums). */
export function businessStatementCsv(statement: BusinessStatement): string {
  return csvText([
    BUSINESS_STATEMENT_CSV_HEADER,
    ...statement.lines.map((line) => [
      isoDate(line.date),
      line.kind === "charge" ? "Charge" : "Refund",
      line.description,
      line.engagement,
      line.item,
      line.receiptNumber,
      line.amountCents,
    ]),
  ]);
}

/** The business's statements, in Settings next to the payment history. */
export const BUSINESS_STATEMENTS_PATH = "/company-profile/statements";
export const businessStatementPath = (month: StatementMonth) => `${BUSINESS_STATEMENTS_PATH}/${month}`;
export const businessStatementPdfPath = (month: StatementMonth) => `${businessStatementPath(month)}/statement.pdf`;
export const businessStatementCsvPath = (month: StatementMonth) => `${businessStatementPath(month)}/statement.csv`;
export const businessStatementFileName = (month: StatementMonth, ext: "pdf" | "csv") =>
  `partwise-statement-${month}.${ext}`;

// ---------------------------------------------------------------------------------------------
// The consultant's earnings statement

/** One deliverable of a consultant's earnings statement (cents). */
export type EarningsLine = {
  itemId: string;
  engagement: string;
  business: string;
  item: string;
  /** What the business paid for it (the transfer's charged_cents): counted the month it was approved. */
  grossCents: number;
  /** Partwise's fee on it: counted with the gross. */
  feeCents: number;
  /** Sent to the consultant's Stripe account this month. */
  transferredCents: number;
  /** Taken back this month (a reversal of a transfer sent). */
  reversedCents: number;
  /** Owed and not sent at the month's end (payouts not set up, failed or being sent). */
  heldCents: number;
};

export type EarningsTotals = Omit<EarningsLine, "itemId" | "engagement" | "business" | "item">;

export type EarningsStatement = {
  month: StatementMonth;
  consultant: { name: string };
  lines: EarningsLine[];
  totals: EarningsTotals;
};

export function earningsTotals(lines: readonly EarningsLine[]): EarningsTotals {
  const totals: EarningsTotals = { grossCents: 0, feeCents: 0, transferredCents: 0, reversedCents: 0, heldCents: 0 };
  for (const line of lines) {
    totals.grossCents += line.grossCents;
    totals.feeCents += line.feeCents;
    totals.transferredCents += line.transferredCents;
    totals.reversedCents += line.reversedCents;
    totals.heldCents += line.heldCents;
  }
  return totals;
}

/**
 * A transfer's part in a month [start, end): its gross and fee the month it was made (the
 * deliverable approved), what was sent and reversed within the month, and held at the month's end
 * (made before the end, neither sent nor reversed by then). Null: nothing of it in the month.
 */
export function transferInMonth(
  transfer: {
    chargedCents: number;
    feeCents: number;
    amountCents: number;
    createdAt: Date;
    paidAt: Date | null;
    reversedAt: Date | null;
  },
  start: Date,
  end: Date,
): Omit<EarningsLine, "itemId" | "engagement" | "business" | "item"> | null {
  const within = (at: Date | null) => at !== null && at >= start && at < end;
  const made = within(transfer.createdAt);
  const sent = within(transfer.paidAt);
  const reversed = within(transfer.reversedAt);
  const settledBy = (at: Date | null) => at !== null && at < end;
  const held = transfer.createdAt < end && !settledBy(transfer.paidAt) && !settledBy(transfer.reversedAt);
  if (!made && !sent && !reversed && !held) return null;
  return {
    grossCents: made ? transfer.chargedCents : 0,
    feeCents: made ? transfer.feeCents : 0,
    transferredCents: sent ? transfer.amountCents : 0,
    reversedCents: reversed ? transfer.amountCents : 0,
    heldCents: held ? transfer.amountCents : 0,
  };
}

export const EARNINGS_STATEMENT_CSV_HEADER = [
  "Month",
  "Business",
  "Engagement",
  "Deliverable",
  "Gross (USD)",
  "Platform fee (USD)",
  "Transferred (USD)",
  "Reversed (USD)",
  "Held at month end (USD)",
] as const;

export function earningsStatementCsv(statement: EarningsStatement): string {
  return csvText([
    EARNINGS_STATEMENT_CSV_HEADER,
    ...statement.lines.map((line) => [
      statement.month,
      line.business,
      line.engagement,
      line.item,
      line.grossCents,
      line.feeCents,
      line.transferredCents,
      line.reversedCents,
      line.heldCents,
    ]),
  ]);
}

export const EARNINGS_STATEMENTS_PATH = "/consultant/payouts/statements";
export const earningsStatementPath = (month: StatementMonth) => `${EARNINGS_STATEMENTS_PATH}/${month}`;
export const earningsStatementPdfPath = (month: StatementMonth) => `${earningsStatementPath(month)}/statement.pdf`;
export const earningsStatementCsvPath = (month: StatementMonth) => `${earningsStatementPath(month)}/statement.csv`;
export const earningsStatementFileName = (month: StatementMonth, ext: "pdf" | "csv") =>
  `partwise-earnings-${month}.${ext}`;
