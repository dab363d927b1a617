// The business's side of the benchmarking report (ADR 032). Pure and deterministic.
//
// - With books: the trailing twelve COMPLETE months before the finance report's reference date
//   (reportAsOf(periodEnd), the same complete-month rule as app/lib/finance/finance.ts), all twelve
//   needed. Revenue = Income, net margin = NetIncome ÷ Income, payroll = the P&L's payroll/wage
//   lines (Census payroll: wages, salaries, commissions, bonuses, officers' pay; classified by
//   app/lib/finance/expense-lines.ts and passed in by month). Revenue per employee is THE
//   definition (finance.ts revenuePerEmployeeOver: Income of complete months ÷ numberOfEmployees)
//   over those twelve months, because Census's figures are annual.
// - Without twelve complete months of books: the bands stated at sign-up. Revenue = the revenue
//   band's midpoint (the open "> 20 million" band counts as its floor, $20 million, so the figure
//   never overstates), employees = numberOfEmployees (the employee band's median unless an exact
//   count was saved). Payroll and net margin need books: null.
import type { EmployeeBand, RevenueBand } from "~db/enums";
import {
  lastCompleteMonth,
  monthSpan,
  monthsEndingAt,
  reportAsOf,
  revenuePerEmployeeExplanation,
  revenuePerEmployeeOver,
  type FinanceRow,
} from "~/lib/finance/finance";
import {
  payrollPerEmployeeNote,
  people,
  STATED_BASIS_TEXT,
  statedRevenueNote,
  statedRevenuePerEmployeeNote,
} from "./benchmarking-copy";
import type { MeasureKey } from "./report-types";

/** Months of books the report needs. */
export const TRAILING_MONTHS = 12;

/** The revenue band's figure used without books: its midpoint, or its floor for the open band. */
export const REVENUE_BAND_FIGURES: Record<RevenueBand, number> = {
  "< 5 million": 2_500_000,
  "5-10 million": 7_500_000,
  "10-15 million": 12_500_000,
  "15-20 million": 17_500_000,
  "> 20 million": 20_000_000,
};

/** The band whose figure a stated revenue is (the figures are distinct); null for any other amount. */
export function bandOfFigure(revenue: number): RevenueBand | null {
  const entry = Object.entries(REVENUE_BAND_FIGURES).find(([, figure]) => figure === revenue);
  return entry ? (entry[0] as RevenueBand) : null;
}

export type BooksInput = {
  /** The finance report's monthly rows (Income, NetIncome). */
  rows: readonly FinanceRow[];
  /**
   * Payroll by month ('YYYY-MM' → dollars) from the P&L's payroll/wage lines (expense-lines.ts
   * monthlyPayroll). A month absent counts as no payroll booked; null when the report has no
   * expense lines at all (built before they were kept).
   */
  payrollByMonth: Readonly<Record<string, number>> | null;
  /** The finance report's last month ('YYYY-MM'): figures are as of its first day. */
  periodEnd: string;
  /** The finance report's lastUpdate (ISO): the report's booksVersion. */
  lastUpdate: string;
};

export type BusinessInput = {
  numberOfEmployees: number;
  employeeBand: EmployeeBand;
  revenueBand: RevenueBand;
  books: BooksInput | null;
};

export type BusinessFigure = { value: number | null; note: string };

export type BusinessFigures = {
  basis: "books" | "stated";
  /** The last month of the twelve used ('YYYY-MM'), null with the stated bands. */
  booksThrough: string | null;
  /** The twelve months used, oldest first; empty with the stated bands. */
  months: string[];
  /** Why the bands were used although books were given (too few months), else null. */
  basisNote: string | null;
  /**
   * Wages and salaries over the twelve months, dollars and cents (payroll per employee's note
   * names it); null with the stated bands or books without expense lines.
   */
  payroll: number | null;
  figures: Record<MeasureKey, BusinessFigure>;
};

const cents = (n: number) => Math.round(n * 100) / 100;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Payroll over `months` from payroll by month (a month absent counts as none): dollars and cents. */
export function payrollOverMonths(payrollByMonth: Readonly<Record<string, number>>, months: readonly string[]): number {
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  return cents(months.reduce((s, m) => s + num(payrollByMonth[m]), 0));
}

/** Payroll per employee as the report keeps it: to the cent. */
export const payrollPerEmployee = (payroll: number, employees: number) => cents(payroll / employees);

function twelveMonths(books: BooksInput): string[] {
  return monthsEndingAt(lastCompleteMonth(reportAsOf(books.periodEnd)), TRAILING_MONTHS);
}

/** The business's figures for the report, from its books when they cover twelve complete months. */
export function businessFigures(input: BusinessInput): BusinessFigures {
  const employees =
    Number.isFinite(input.numberOfEmployees) && input.numberOfEmployees >= 0 ? input.numberOfEmployees : null;
  const employeesFigure: BusinessFigure = {
    value: employees,
    note:
      employees === null
        ? "No number of employees is recorded in Settings → Business."
        : `${people(employees)}, the number in Settings → Business.`,
  };
  if (input.books) {
    const months = twelveMonths(input.books);
    const byMonth = new Map(input.books.rows.map((r) => [r.date, r]));
    if (months.every((m) => byMonth.has(m))) return fromBooks(input, input.books, months, byMonth, employeesFigure);
    const span = monthSpan(months[0], months[months.length - 1]);
    return fromBands(
      input,
      employeesFigure,
      `Your books do not cover all twelve complete months ${span}, so the figures come from the bands you gave at sign-up.`,
    );
  }
  return fromBands(input, employeesFigure, null);
}

function fromBooks(
  input: BusinessInput,
  books: BooksInput,
  months: string[],
  byMonth: Map<string, FinanceRow>,
  employeesFigure: BusinessFigure,
): BusinessFigures {
  const span = monthSpan(months[0], months[months.length - 1]);
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  const income = cents(months.reduce((s, m) => s + num(byMonth.get(m)?.Income), 0));
  const netIncome = cents(months.reduce((s, m) => s + num(byMonth.get(m)?.NetIncome), 0));
  const payroll = books.payrollByMonth === null ? null : payrollOverMonths(books.payrollByMonth, months);
  const employees = employeesFigure.value;
  const rpe = employees === null ? null : revenuePerEmployeeOver(books.rows, employees, months);

  const payrollMissing =
    books.payrollByMonth === null
      ? "Your finance report predates payroll lines; it will have them after its next refresh."
      : `Your books show no wages or salaries for ${span}.`;
  const hasPayroll = payroll !== null && payroll > 0;

  return {
    basis: "books",
    booksThrough: months[months.length - 1],
    months,
    basisNote: null,
    payroll,
    figures: {
      revenue: { value: income, note: `Income for ${span}, from your books.` },
      employees: employeesFigure,
      revenuePerEmployee: rpe
        ? { value: rpe.amount, note: revenuePerEmployeeExplanation(rpe) }
        : { value: null, note: "Revenue per employee needs a number of employees above 0." },
      payrollPerEmployee:
        hasPayroll && employees
          ? {
              value: payrollPerEmployee(payroll, employees),
              note: payrollPerEmployeeNote(span, payroll, employees),
            }
          : {
              value: null,
              note: hasPayroll ? "Payroll per employee needs a number of employees above 0." : payrollMissing,
            },
      payrollShare:
        hasPayroll && income > 0
          ? {
              value: round1((payroll / income) * 100),
              note: `Wages and salaries for ${span} as a share of income for the same months.`,
            }
          : { value: null, note: hasPayroll ? `Your books show no income for ${span}.` : payrollMissing },
      netMargin:
        income > 0
          ? { value: round1((netIncome / income) * 100), note: `Net income for ${span} divided by income.` }
          : { value: null, note: `Your books show no income for ${span}.` },
    },
  };
}

function fromBands(input: BusinessInput, employeesFigure: BusinessFigure, basisNote: string | null): BusinessFigures {
  const revenue = REVENUE_BAND_FIGURES[input.revenueBand];
  const employees = employeesFigure.value;
  const needsBooks = "Needs your books: connect your company data.";
  return {
    basis: "stated",
    booksThrough: null,
    months: [],
    basisNote,
    payroll: null,
    figures: {
      revenue: {
        value: revenue,
        note: statedRevenueNote(basisNote, input.revenueBand, revenue),
      },
      employees: {
        value: employees,
        note:
          employees === null
            ? employeesFigure.note
            : `${STATED_BASIS_TEXT}: ${input.employeeBand} employees, counted as ${employees}.`,
      },
      revenuePerEmployee: employees
        ? {
            value: cents(revenue / employees),
            note: statedRevenuePerEmployeeNote(revenue, employees),
          }
        : { value: null, note: "Revenue per employee needs a number of employees above 0." },
      payrollPerEmployee: { value: null, note: needsBooks },
      payrollShare: { value: null, note: needsBooks },
      netMargin: { value: null, note: needsBooks },
    },
  };
}
