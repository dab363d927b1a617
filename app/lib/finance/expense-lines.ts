/**
 * The expense lines of a profit-and-loss report (one per account, month by month, with the path of
 * the sections the account sits in) and which of them are payroll in the Census sense. Pure and
 * isomorphic: the lines are parsed from Intuit's report by app/lib/finance/intuit-report.ts, stored
 * on finance_reports.expense_lines, and read by benchmarking (payroll per employee, payroll share).
 *
 * Census payroll (Annual Business Survey, Economic Census, SUSB) is "all forms of compensation such
 * as salaries, wages, commissions, dismissal pay, bonuses, vacation allowances, sick-leave pay, and
 * employee contributions to qualified pension plans paid during the year to all employees", officers
 * of corporations included. It does NOT include the employer's payroll taxes (FICA, FUTA, state
 * unemployment), the employer's contributions to benefits (health insurance, retirement plans),
 * workers' compensation insurance, payments to contractors, or payroll-service fees. So a line
 * counts when it is wages or officers' pay, and only then.
 *
 * Classification reads the account name first, then the titles of the sections around it
 * (innermost first): "Taxes" under "Payroll Expenses" is a payroll tax, "Health Insurance" under
 * "Company Contributions" a benefit, "Hourly" under "Wages" is wages. A bare "Payroll Expenses"
 * section only says the lines inside are about payroll; it does not make an unrecognised line
 * wages. Anything not recognised is not payroll (never guessed upwards).
 */
import { EXPENSE_LINE_GROUPS, type ExpenseLineRow } from "~db/enums";

export { EXPENSE_LINE_GROUPS };

/** One expense account of the report, month by month (stored in finance_reports.expense_lines). */
export type ExpenseLine = ExpenseLineRow;

export type ExpenseLineGroup = ExpenseLine["group"];

/** What a payroll-related line is; only "wages" and "officers" are payroll for the Census. */
export type PayrollClass = "wages" | "officers" | "payrollTaxes" | "benefits" | "contractLabor" | "payrollFees";

/** The classes that make up Census payroll. */
export const CENSUS_PAYROLL_CLASSES: readonly PayrollClass[] = ["wages", "officers"];

/** One month of payroll, in dollars and cents. */
export type PayrollMonth = { date: string; amount: number };

/** Payroll over a window of months, with the accounts counted. */
export type PayrollTotal = {
  /** The months counted, as asked ('YYYY-MM', oldest first). */
  months: string[];
  /** Sum of the Census payroll lines over those months, in dollars and cents. */
  amount: number;
  /** Names of the accounts counted, in report order, e.g. ["Wages", "Officers' Salaries"]. */
  accounts: string[];
};

/** Lower case, curly quotes straight, "&" and punctuation as spaces, single spaces. */
function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[^a-z0-9']+/g, " ")
    .trim()} `;
}

/** Paid to third parties, whatever the words around them (QuickBooks' default "Commissions & fees"). */
const THIRD_PARTY = / (commissions? (and )?fees?|referral fees?|finder'?s fees?|broker\w* (fees?|commissions?)) /;
const PAYROLL_FEES =
  /( (payroll|gusto|adp|paychex) .*(fee|fees|service|services|processing|charge|charges) | (fee|fees|service|services|processing) .*payroll )/;
const CONTRACT_LABOR =
  / (contract labou?r|contractors?|subcontract\w*|sub contractors?|1099|freelance\w*|outside services|outside labou?r|temp(orary)? (labou?r|staff|help|workers?)|temp agency|staffing( agency)?) /;
const PAYROLL_TAX =
  / (fica|futa|suta|sui|sdi|medicare|social security|unemployment|payroll tax|payroll taxes|employment tax|employment taxes|employer tax|employer taxes) /;
const TAX = / (tax|taxes) /;
const BENEFITS =
  / (benefits?|health|medical|dental|vision|401 ?k|403 ?b|retirement|pension|simple ira|sep ira|profit sharing|hsa|workers' ?comp\w*|workers comp\w*|workman'?s comp\w*|employer contributions?|company contributions?|life insurance|disability|deferred comp\w*) /;
const OFFICERS =
  / (officers?'?|officer's|owners?'? (salary|salaries|wages|pay|compensation)|owner's (salary|salaries|wages|pay|compensation)|shareholder (salary|salaries|wages)) /;
const WAGES =
  / (wages?|salary|salaries|payroll|commissions?|bonus|bonuses|compensation|labou?r|gross pay|overtime|holiday pay|vacation pay|sick pay|pto|paid time off|severance|employee pay|staff pay) /;
/** A section title that only says "payroll" (context, not a class of its own). */
const BARE_PAYROLL = /^ (payroll|payroll expenses?|payroll costs?) $/;

/** The class a name says by itself, with `payrollContext` when a section around it is about payroll. */
function classOfName(name: string, payrollContext: boolean): PayrollClass | null {
  const text = normalise(name);
  if (THIRD_PARTY.test(text)) return null;
  if (PAYROLL_FEES.test(text)) return "payrollFees";
  if (CONTRACT_LABOR.test(text)) return "contractLabor";
  if (PAYROLL_TAX.test(text)) return "payrollTaxes";
  if (TAX.test(text)) return payrollContext ? "payrollTaxes" : null;
  if (BENEFITS.test(text)) return "benefits";
  if (OFFICERS.test(text)) return "officers";
  if (WAGES.test(text)) return "wages";
  return null;
}

function isPayrollTitle(title: string): boolean {
  return classOfName(title, false) !== null;
}

/**
 * What a line is, from its account name and then its sections (innermost first); null when it is
 * not payroll-related (rent, advertising, an unrecognised line under "Payroll Expenses").
 */
export function payrollClassOf(line: Pick<ExpenseLine, "account" | "path">): PayrollClass | null {
  // A fully qualified name ("Payroll Expenses:Taxes") is read as its sections and its account.
  const segments = line.account
    .split(":")
    .map((segment) => segment.trim())
    .filter((segment) => segment !== "");
  const account = segments.length > 1 ? segments[segments.length - 1] : line.account;
  const path = segments.length > 1 ? [...line.path, ...segments.slice(0, -1)] : line.path;
  if (THIRD_PARTY.test(normalise(account))) return null;
  const payrollContext = path.some((title) => isPayrollTitle(title));
  const own = classOfName(account, payrollContext);
  if (own) return own;
  for (let i = path.length - 1; i >= 0; i--) {
    const title = path[i];
    if (BARE_PAYROLL.test(normalise(title))) continue;
    const outer = path.slice(0, i).some((t) => isPayrollTitle(t));
    const fromSection = classOfName(title, outer);
    if (fromSection) return fromSection;
  }
  return null;
}

/** True when the line is Census payroll: wages, salaries, commissions, bonuses or officers' pay. */
export function isCensusPayroll(line: Pick<ExpenseLine, "account" | "path">): boolean {
  const payrollClass = payrollClassOf(line);
  return payrollClass !== null && CENSUS_PAYROLL_CLASSES.includes(payrollClass);
}

/** The lines that count as Census payroll, in report order. */
export function censusPayrollLines(lines: readonly ExpenseLine[]): ExpenseLine[] {
  return lines.filter(isCensusPayroll);
}

const toCents = (amount: number) => (Number.isFinite(amount) ? Math.round(amount * 100) : 0);

/**
 * Census payroll per month, oldest first, over every month the lines cover. Empty when no line is
 * Census payroll (the books do not show payroll: unknown, not zero).
 */
export function monthlyPayroll(lines: readonly ExpenseLine[]): PayrollMonth[] {
  const payroll = censusPayrollLines(lines);
  if (payroll.length === 0) return [];
  const byMonth = new Map<string, number>();
  for (const line of lines) for (const { date } of line.monthly) if (!byMonth.has(date)) byMonth.set(date, 0);
  for (const line of payroll) {
    for (const { date, amount } of line.monthly) byMonth.set(date, (byMonth.get(date) ?? 0) + toCents(amount));
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, total]) => ({ date, amount: total / 100 }));
}

/**
 * Census payroll over exactly `months`; null when no line is payroll or a month is not covered by
 * the lines (never estimated, like revenuePerEmployeeOver in finance.ts).
 */
export function payrollOver(lines: readonly ExpenseLine[], months: readonly string[]): PayrollTotal | null {
  if (months.length === 0) return null;
  const byMonth = new Map(monthlyPayroll(lines).map((month) => [month.date, month.amount]));
  if (byMonth.size === 0 || !months.every((month) => byMonth.has(month))) return null;
  const total = months.reduce((sum, month) => sum + toCents(byMonth.get(month) ?? 0), 0);
  const accounts = [...new Set(censusPayrollLines(lines).map((line) => line.account))];
  return { months: [...months], amount: total / 100, accounts };
}

/**
 * Payroll by month as the benchmarking engine takes it (BooksInput.payrollByMonth in
 * app/lib/benchmarking/business-figures.ts): 'YYYY-MM' → dollars. Null when the report has no
 * expense lines stored (finance_reports.expense_lines NULL: built before they were kept); an empty
 * record when the books show no payroll line (the engine then reports no payroll figure).
 */
export function payrollByMonth(lines: readonly ExpenseLine[] | null | undefined): Record<string, number> | null {
  if (lines == null) return null;
  return Object.fromEntries(monthlyPayroll(lines).map((month) => [month.date, month.amount]));
}
