/**
 * Intuit's QuickBooks Online report format (the ProfitAndLoss report of the Reports API) and the
 * parser that turns it into Partwise's monthly rows. Pure: used by the finance-report job (real
 * QuickBooks data), by the demo company (which is generated in the same format) and by tests.
 *
 * The format (developer.intuit.com → Accounting API → Reports → ProfitAndLoss):
 *   { Header: {ReportName, StartPeriod, EndPeriod, SummarizeColumnsBy, Currency, Time, ...},
 *     Columns: {Column: [{ColTitle, ColType: "Account"|"Money", MetaData?: [{Name, Value}]}]},
 *     Rows: {Row: [row...]} }
 * A row is a leaf `{type: "Data", ColData: [{value, id?}]}` or a section
 * `{type: "Section", group?, Header?: {ColData}, Rows?: {Row}, Summary?: {ColData}}`; sections nest.
 * Cells line up with Columns; money cells are decimal strings ("1234.50", "-20.00") or "" (zero).
 * With summarize_column_by=Month every month is a Money column whose MetaData carries StartDate /
 * EndDate, and a last "Total" column (ColKey "total") sums the period.
 */
import type { ProfitAndLossRow } from "~db/enums";
import { EXPENSE_LINE_GROUPS, type ExpenseLine, type ExpenseLineGroup } from "./expense-lines";

export type { ExpenseLine, ProfitAndLossRow };

export type IntuitColData = { value: string; id?: string; href?: string };

export type IntuitMetaData = { Name: "StartDate" | "EndDate" | "ColKey" | (string & {}); Value: string };

export type IntuitColumn = {
  ColTitle: string;
  ColType: "Account" | "Money" | (string & {});
  MetaData?: IntuitMetaData[];
};

export type IntuitSectionGroup =
  | "Income"
  | "COGS"
  | "GrossProfit"
  | "Expenses"
  | "NetOperatingIncome"
  | "OtherIncome"
  | "OtherExpenses"
  | "NetOtherIncome"
  | "NetIncome";

export type IntuitDataRow = { type: "Data"; ColData: IntuitColData[]; group?: string };

export type IntuitSectionRow = {
  type: "Section";
  group?: IntuitSectionGroup | (string & {});
  Header?: { ColData: IntuitColData[] };
  Rows?: { Row: IntuitRow[] };
  Summary?: { ColData: IntuitColData[] };
};

export type IntuitRow = IntuitDataRow | IntuitSectionRow;

export type IntuitReportHeader = {
  ReportName: string;
  StartPeriod: string;
  EndPeriod: string;
  SummarizeColumnsBy: string;
  Currency: string;
  Time: string;
  ReportBasis?: "Cash" | "Accrual" | (string & {});
  Option?: { Name: string; Value: string }[];
};

export type IntuitReport = {
  Header: IntuitReportHeader;
  Columns: { Column: IntuitColumn[] };
  Rows: { Row: IntuitRow[] };
};

/** The report is not in the shape Intuit documents; nothing of it is used. */
export class ReportFormatError extends Error {
  constructor(message: string) {
    super(`Malformed ProfitAndLoss report: ${message}`);
    this.name = "ReportFormatError";
  }
}

/** Intuit's money cells: plain decimals, no separators or symbols ("1234.50", "-20.00"). */
const MONEY = /^(-?)(\d{1,13})(?:\.(\d+))?$/;
const ISO_DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MAX_DEPTH = 32;

type MonthColumn = { index: number; month: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(message: string): never {
  throw new ReportFormatError(message);
}

/** 'YYYY-MM' of a 'YYYY-MM-DD' metadata value. */
function monthOf(value: unknown, what: string): string {
  if (typeof value !== "string") fail(`${what} is not a string`);
  const match = ISO_DATE.exec(value);
  if (!match) fail(`${what} "${value}" is not a YYYY-MM-DD date`);
  return `${match[1]}-${match[2]}`;
}

function metaValue(column: Record<string, unknown>, name: string): unknown {
  const metaData = column.MetaData;
  if (metaData === undefined) return undefined;
  if (!Array.isArray(metaData)) fail("a column's MetaData is not a list");
  for (const entry of metaData) {
    if (!isObject(entry) || typeof entry.Name !== "string") fail("a column's MetaData entry has no Name");
    if (entry.Name === name) return entry.Value;
  }
  return undefined;
}

function isTotalColumn(column: Record<string, unknown>): boolean {
  const key = metaValue(column, "ColKey");
  return (typeof key === "string" && key.toLowerCase() === "total") || column.ColTitle === "Total";
}

/** The month columns, by cell index. A Total (or any multi-month) column is skipped. */
function monthColumns(report: Record<string, unknown>): { count: number; months: MonthColumn[] } {
  const columns = report.Columns;
  if (!isObject(columns)) fail("Columns is missing");
  const list = columns.Column;
  if (!Array.isArray(list) || list.length === 0) fail("Columns.Column is not a non-empty list");

  const months: MonthColumn[] = [];
  const seen = new Set<string>();
  list.forEach((column: unknown, index) => {
    if (!isObject(column)) fail(`column ${index} is not an object`);
    if (typeof column.ColType !== "string") fail(`column ${index} has no ColType`);
    if (column.ColTitle !== undefined && typeof column.ColTitle !== "string")
      fail(`column ${index} has a non-string ColTitle`);
    if (column.ColType !== "Money") return;
    const start = metaValue(column, "StartDate");
    if (start === undefined || isTotalColumn(column)) return;
    const month = monthOf(start, `column ${index} StartDate`);
    const end = metaValue(column, "EndDate");
    if (end !== undefined && monthOf(end, `column ${index} EndDate`) !== month) return; // spans months
    if (seen.has(month)) fail(`two columns for ${month} (the report is not summarized by month)`);
    seen.add(month);
    months.push({ index, month });
  });
  if (months.length === 0) fail("no month columns (request summarize_column_by=Month)");
  return { count: list.length, months };
}

function money(cell: unknown, where: string): number {
  if (!isObject(cell)) fail(`${where}: a cell is not an object`);
  const value = cell.value;
  if (value === undefined || value === "") return 0;
  if (typeof value !== "string") fail(`${where}: a money cell is not a string`);
  const match = MONEY.exec(value.trim());
  if (!match) fail(`${where}: "${value}" is not an amount`);
  // Rounded to cents on the decimal digits themselves (half away from zero), not on a binary float.
  const [, sign, whole, fraction = ""] = match;
  const digits = fraction.padEnd(3, "0");
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + (digits[2] >= "5" ? 1 : 0);
  return cents === 0 ? 0 : ((sign === "-" ? -1 : 1) * cents) / 100;
}

function colData(container: unknown, where: string, count: number): unknown[] {
  if (!isObject(container)) fail(`${where} is not an object`);
  const cells = container.ColData;
  if (!Array.isArray(cells)) fail(`${where} has no ColData list`);
  if (cells.length !== count) fail(`${where} has ${cells.length} cells for ${count} columns`);
  cells.forEach((cell: unknown) => {
    if (!isObject(cell)) fail(`${where}: a cell is not an object`);
    if (cell.value !== undefined && typeof cell.value !== "string") fail(`${where}: a cell value is not a string`);
  });
  return cells;
}

function rowList(rows: unknown, where: string): unknown[] {
  if (rows === undefined) return [];
  if (!isObject(rows)) fail(`${where} Rows is not an object`);
  if (rows.Row === undefined) return [];
  if (!Array.isArray(rows.Row)) fail(`${where} Rows.Row is not a list`);
  return rows.Row;
}

type Section = { group: unknown; label: unknown; summary: number[] | null };

/** Where a row sits: the expense group of its top-level section (null outside one) and the section titles. */
type Place = { group: ExpenseLineGroup | null; path: string[] };

/** Top-level sections without a `group`, recognised by their title as QuickBooks writes it. */
const GROUP_BY_TITLE: Record<string, ExpenseLineGroup> = {
  expenses: "Expenses",
  "cost of goods sold": "COGS",
  "cost of sales": "COGS",
  "other expenses": "OtherExpenses",
  "other expense": "OtherExpenses",
};

function expenseGroupOf(group: unknown, title: string): ExpenseLineGroup | null {
  if (typeof group === "string") {
    return (EXPENSE_LINE_GROUPS as readonly string[]).includes(group) ? (group as ExpenseLineGroup) : null;
  }
  return GROUP_BY_TITLE[title.trim().toLowerCase()] ?? null;
}

/** A section's title: its Header's first cell, else its Summary label without "Total ". */
function sectionTitle(header: unknown[] | null, summaryLabel: unknown): string {
  const first = header ? (header[0] as Record<string, unknown>).value : undefined;
  if (typeof first === "string" && first.trim() !== "") return first.trim();
  if (typeof summaryLabel === "string") return summaryLabel.trim().replace(/^Total\s+/i, "");
  return "";
}

function cellId(cells: unknown[]): string | null {
  const id = (cells[0] as Record<string, unknown>).id;
  return typeof id === "string" && id !== "" ? id : null;
}

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * Checks every row of the tree (types, cell counts, every money cell numeric), collects the
 * sections with their Summary amounts per month column, and the expense lines of the rows inside
 * an expense group (Data rows by account; a section whose Summary is more than its rows, i.e. the
 * parent account's own postings, adds a line for the difference so the lines add up to the Summary).
 * Returns the rows' total per month column, in cents.
 */
function walk(
  rows: unknown[],
  columns: { count: number; months: MonthColumn[] },
  depth: number,
  out: Section[],
  place: Place,
  lines: ExpenseLine[],
): number[] {
  if (depth > MAX_DEPTH) fail("rows are nested too deeply");
  const total = columns.months.map(() => 0);
  const add = (amounts: number[]) => amounts.forEach((amount, i) => (total[i] += amount));
  const line = (
    group: ExpenseLineGroup | null,
    accountId: string | null,
    account: string,
    path: string[],
    cents: number[],
  ) => {
    if (!group || cents.every((amount) => amount === 0)) return;
    lines.push({
      accountId,
      account,
      group,
      path,
      monthly: columns.months.map(({ month }, i) => ({ date: month, amount: cents[i] / 100 })),
    });
  };
  rows.forEach((row: unknown, position) => {
    const where = `row ${depth}.${position}`;
    if (!isObject(row)) fail(`${where} is not an object`);
    const amounts = (cells: unknown[], part: string) =>
      columns.months.map(({ index }) => money(cells[index], `${where} ${part}`));
    if (row.type === "Data" || (row.type === undefined && row.ColData !== undefined && row.Rows === undefined)) {
      const cells = colData(row, where, columns.count);
      const cents = amounts(cells, "ColData").map(toCents);
      add(cents);
      const name = (cells[0] as Record<string, unknown>).value;
      line(place.group, cellId(cells), typeof name === "string" ? name.trim() : "", place.path, cents);
      return;
    }
    if (row.type !== undefined && row.type !== "Section") fail(`${where} has type ${JSON.stringify(row.type)}`);
    if (row.group !== undefined && typeof row.group !== "string") fail(`${where} has a non-string group`);
    const header = row.Header !== undefined ? colData(row.Header, `${where} Header`, columns.count) : null;
    let summary: number[] | null = null;
    let label: unknown = undefined;
    if (row.Summary !== undefined) {
      const cells = colData(row.Summary, `${where} Summary`, columns.count);
      summary = amounts(cells, "Summary");
      label = (cells[0] as Record<string, unknown>).value;
    }
    out.push({ group: row.group, label, summary });
    const title = sectionTitle(header, label);
    const group = depth === 0 ? expenseGroupOf(row.group, title) : place.group;
    const inner: Place = { group, path: group ? [...place.path, title] : [] };
    const childTotal = walk(rowList(row.Rows, where), columns, depth + 1, out, inner, lines);
    if (!summary) {
      add(childTotal);
      return;
    }
    const summaryCents = summary.map(toCents);
    add(summaryCents);
    const rest = summaryCents.map((amount, i) => amount - childTotal[i]);
    line(group, header ? cellId(header) : null, title, inner.path, rest);
  });
  return total;
}

/** The parsed report: the monthly rows and the expense lines. */
export type ParsedProfitAndLoss = { rows: ProfitAndLossRow[]; expenseLines: ExpenseLine[] };

/**
 * Intuit's ProfitAndLoss report (summarize_column_by=Month) → one row per month, oldest first:
 * Income = the "Income" section's Summary, NetIncome = the "NetIncome" section's Summary (or the
 * section whose Summary is labelled "Net Income"). Empty cells are 0, amounts are rounded to cents,
 * losses stay negative. Anything not in Intuit's documented shape throws ReportFormatError.
 *
 * And the expense lines: every account with activity under Cost of Goods Sold, Expenses and Other
 * Expenses (nested sections kept as the line's `path`, e.g. ["Expenses", "Payroll Expenses"]),
 * month by month in the rows' order, in report order. Accounts with no activity in the period are
 * left out. Payroll is read from them by app/lib/finance/expense-lines.ts.
 */
export function parseProfitAndLossReport(report: unknown): ParsedProfitAndLoss {
  if (!isObject(report)) fail("the report is not an object");
  if (report.Header !== undefined && !isObject(report.Header)) fail("Header is not an object");
  const name = isObject(report.Header) ? report.Header.ReportName : undefined;
  if (name !== undefined && name !== "ProfitAndLoss") fail(`it is a ${JSON.stringify(name)} report`);
  const columns = monthColumns(report);
  if (report.Rows === undefined) fail("Rows is missing");
  const sections: Section[] = [];
  const lines: ExpenseLine[] = [];
  walk(rowList(report.Rows, "report"), columns, 0, sections, { group: null, path: [] }, lines);

  const income = sections.find((section) => section.group === "Income");
  const netIncome =
    sections.find((section) => section.group === "NetIncome") ??
    sections.find((section) => typeof section.label === "string" && section.label.trim() === "Net Income");
  if (sections.length > 0 && !netIncome) fail("there is no Net Income section");
  if (income && !income.summary) fail("the Income section has no Summary");
  if (netIncome && !netIncome.summary) fail("the Net Income section has no Summary");

  const zeros = columns.months.map(() => 0);
  const incomeAmounts = income?.summary ?? zeros;
  const netAmounts = netIncome?.summary ?? zeros;
  const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
  const rows = columns.months
    .map(({ month }, i) => ({ date: month, Income: incomeAmounts[i], NetIncome: netAmounts[i] }))
    .sort(byDate);
  const expenseLines = lines.map((line) => ({ ...line, monthly: [...line.monthly].sort(byDate) }));
  return { rows, expenseLines };
}

/** The monthly rows only (see parseProfitAndLossReport). */
export function parseProfitAndLoss(report: unknown): ProfitAndLossRow[] {
  return parseProfitAndLossReport(report).rows;
}
