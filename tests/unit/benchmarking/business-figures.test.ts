import { describe, expect, it } from "vitest";
import {
  businessFigures,
  REVENUE_BAND_FIGURES,
  type BooksInput,
  type BusinessInput,
} from "~/lib/benchmarking/business-figures";
import { monthsEndingAt, revenuePerEmployeeOver, type FinanceRow } from "~/lib/finance/finance";

// A report pulled in Nov 2026: the twelve complete months are Nov 2025 to Oct 2026.
const MONTHS = monthsEndingAt("2026-10", 12);
const rows = (months: string[], income = 100_000, net = 8_000): FinanceRow[] =>
  months.map((date) => ({ date, Income: income, NetIncome: net }));
const payroll = (months: string[], amount = 30_000) => Object.fromEntries(months.map((m) => [m, amount]));
const books = (over: Partial<BooksInput> = {}): BooksInput => ({
  rows: rows(monthsEndingAt("2026-11", 24)),
  payrollByMonth: payroll(MONTHS),
  periodEnd: "2026-11",
  lastUpdate: "2026-11-03T10:00:00.000Z",
  ...over,
});
const input = (over: Partial<BusinessInput> = {}): BusinessInput => ({
  numberOfEmployees: 37,
  employeeBand: "25-50",
  revenueBand: "< 5 million",
  books: books(),
  ...over,
});

describe("from the books: the twelve complete months before the report's month", () => {
  it("revenue, employees, revenue per employee, payroll per employee, payroll share and net margin", () => {
    const f = businessFigures(input());
    expect(f.basis).toBe("books");
    expect(f.booksThrough).toBe("2026-10");
    expect(f.months).toEqual(MONTHS);
    expect(f.basisNote).toBeNull();
    expect(f.figures).toEqual({
      revenue: { value: 1_200_000, note: "Income for Nov 2025 to Oct 2026, from your books." },
      employees: { value: 37, note: "37 employees, the number in Settings → Business." },
      revenuePerEmployee: { value: 32432.43, note: "Income for Nov 2025 to Oct 2026 divided by 37 employees." },
      payrollPerEmployee: {
        value: 9729.73,
        note: "Wages and salaries for Nov 2025 to Oct 2026 ($360,000.00) divided by 37 employees.",
      },
      payrollShare: {
        value: 30,
        note: "Wages and salaries for Nov 2025 to Oct 2026 as a share of income for the same months.",
      },
      netMargin: { value: 8, note: "Net income for Nov 2025 to Oct 2026 divided by income." },
    });
  });

  it("revenue per employee is THE definition (revenuePerEmployeeOver) over those twelve months", () => {
    const uneven = monthsEndingAt("2026-11", 24).map((date, i) => ({ date, Income: 1000 + i * 37.5, NetIncome: 0 }));
    const f = businessFigures(input({ books: books({ rows: uneven }) }));
    expect(f.figures.revenuePerEmployee.value).toBe(revenuePerEmployeeOver(uneven, 37, MONTHS)!.amount);
  });

  it("ignores the report's current (incomplete) month and months outside the window", () => {
    const r = rows(monthsEndingAt("2026-11", 24));
    r[r.length - 1] = { date: "2026-11", Income: 9_999_999, NetIncome: 9_999_999 };
    const f = businessFigures(
      input({ books: books({ rows: r, payrollByMonth: { ...payroll(MONTHS), "2026-11": 1e9 } }) }),
    );
    expect(f.figures.revenue.value).toBe(1_200_000);
    expect(f.figures.payrollShare.value).toBe(30);
  });

  it("a negative net income gives a negative margin", () => {
    const f = businessFigures(input({ books: books({ rows: rows(monthsEndingAt("2026-11", 24), 50_000, -2_500) }) }));
    expect(f.figures.netMargin.value).toBe(-5);
  });

  it("books without payroll lines: payroll measures null, saying why", () => {
    const f = businessFigures(input({ books: books({ payrollByMonth: {} }) }));
    expect(f.figures.payrollPerEmployee).toEqual({
      value: null,
      note: "Your books show no wages or salaries for Nov 2025 to Oct 2026.",
    });
    expect(f.figures.payrollShare.value).toBeNull();
    expect(f.figures.revenue.value).toBe(1_200_000);
  });

  it("a finance report from before expense lines were kept: payroll null, refreshed later", () => {
    const f = businessFigures(input({ books: books({ payrollByMonth: null }) }));
    expect(f.figures.payrollPerEmployee.note).toBe(
      "Your finance report predates payroll lines; it will have them after its next refresh.",
    );
    expect(f.figures.payrollShare.value).toBeNull();
  });

  it("no income in the twelve months: no shares or margin (never divided by 0)", () => {
    const f = businessFigures(input({ books: books({ rows: rows(monthsEndingAt("2026-11", 24), 0, -100) }) }));
    expect(f.figures.netMargin).toEqual({ value: null, note: "Your books show no income for Nov 2025 to Oct 2026." });
    expect(f.figures.payrollShare).toEqual({
      value: null,
      note: "Your books show no income for Nov 2025 to Oct 2026.",
    });
    expect(f.figures.revenue.value).toBe(0);
  });

  it("0 employees: no per-employee figures", () => {
    const f = businessFigures(input({ numberOfEmployees: 0 }));
    expect(f.figures.employees.value).toBe(0);
    expect(f.figures.revenuePerEmployee).toEqual({
      value: null,
      note: "Revenue per employee needs a number of employees above 0.",
    });
    expect(f.figures.payrollPerEmployee.value).toBeNull();
  });
});

describe("from the bands stated at sign-up", () => {
  it("without books: the revenue band's midpoint and the headcount", () => {
    const f = businessFigures(
      input({ books: null, revenueBand: "5-10 million", employeeBand: "50-100", numberOfEmployees: 75 }),
    );
    expect(f.basis).toBe("stated");
    expect(f.booksThrough).toBeNull();
    expect(f.months).toEqual([]);
    expect(f.figures).toEqual({
      revenue: {
        value: 7_500_000,
        note: 'From the bands you gave at sign-up: revenue band "5-10 Million", taken as its midpoint, $7,500,000.00.',
      },
      employees: { value: 75, note: "From the bands you gave at sign-up: 50-100 employees, counted as 75." },
      revenuePerEmployee: {
        value: 100_000,
        note: "From the bands you gave at sign-up: $7,500,000.00 divided by 75 employees.",
      },
      payrollPerEmployee: { value: null, note: "Needs your books: connect your company data." },
      payrollShare: { value: null, note: "Needs your books: connect your company data." },
      netMargin: { value: null, note: "Needs your books: connect your company data." },
    });
  });

  it("every band: midpoints, and the open top band at its floor", () => {
    expect(REVENUE_BAND_FIGURES).toEqual({
      "< 5 million": 2_500_000,
      "5-10 million": 7_500_000,
      "10-15 million": 12_500_000,
      "15-20 million": 17_500_000,
      "> 20 million": 20_000_000,
    });
    const top = businessFigures(input({ books: null, revenueBand: "> 20 million" }));
    expect(top.figures.revenue.note).toBe(
      'From the bands you gave at sign-up: revenue band "> 20 Million", taken as its floor, $20,000,000.00.',
    );
  });

  it("books missing a month of the twelve: the bands, saying why", () => {
    const r = rows(monthsEndingAt("2026-11", 24)).filter((row) => row.date !== "2026-03");
    const f = businessFigures(input({ books: books({ rows: r }) }));
    expect(f.basis).toBe("stated");
    expect(f.basisNote).toBe(
      "Your books do not cover all twelve complete months Nov 2025 to Oct 2026, so the figures come from the bands you gave at sign-up.",
    );
    expect(f.figures.revenue.note).toBe(
      'Your books do not cover all twelve complete months Nov 2025 to Oct 2026, so the figures come from the bands you gave at sign-up. From the bands you gave at sign-up: revenue band "< 5 Million", taken as its midpoint, $2,500,000.00.',
    );
  });
});
