import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { demoProfitAndLossReport } from "~/lib/finance/demo-company";
import {
  censusPayrollLines,
  isCensusPayroll,
  monthlyPayroll,
  payrollByMonth,
  payrollClassOf,
  payrollOver,
  type ExpenseLine,
} from "~/lib/finance/expense-lines";
import {
  parseProfitAndLoss,
  parseProfitAndLossReport,
  ReportFormatError,
  type IntuitReport,
  type IntuitRow,
} from "~/lib/finance/intuit-report";

const fixture = (name: string): IntuitReport =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/intuit/${name}.json`, import.meta.url)), "utf8"));

const MONTHS = ["2026-01", "2026-02", "2026-03"];
const monthly = (amounts: number[]) => amounts.map((amount, i) => ({ date: MONTHS[i], amount }));
const line = (
  account: string,
  accountId: string | null,
  path: string[],
  amounts: number[],
  group: ExpenseLine["group"] = "Expenses",
): ExpenseLine => ({ accountId, account, group, path, monthly: monthly(amounts) });
const named = (account: string, path: string[] = ["Expenses"]) => ({ account, path });

describe("parseProfitAndLossReport: expense lines", () => {
  it("keeps every expense account with activity, with its id, group and nested section path", () => {
    const { rows, expenseLines } = parseProfitAndLossReport(fixture("pnl-payroll-nested"));
    expect(rows).toEqual([
      { date: "2026-01", Income: 32000, NetIncome: 2650 },
      { date: "2026-02", Income: 28000, NetIncome: 750 },
      { date: "2026-03", Income: 38000, NetIncome: 6750 },
    ]);
    const payroll = ["Expenses", "Payroll Expenses"];
    expect(expenseLines).toEqual([
      line("Cost of Labor", "81", ["Cost of Goods Sold"], [6000, 5500, 7000], "COGS"),
      line("Plants and Soil", "66", ["Cost of Goods Sold"], [2000, 1800, 2500], "COGS"),
      line("Advertising", "7", ["Expenses"], [500, 500, 600]),
      line("Contract Labor", "12", ["Expenses"], [1200, 0, 900]),
      line("Payroll Expenses", "60", payroll, [150, 0, 0]),
      line("Wages", "61", payroll, [9000, 9000, 9500]),
      line("Officers Compensation", "62", payroll, [5000, 5000, 5000]),
      line("Sales Commissions", "63", payroll, [400, 350, 600]),
      line("Taxes", "64", payroll, [1100, 1100, 1150]),
      line("Health Insurance", "70", [...payroll, "Company Contributions"], [800, 800, 800]),
      line("Retirement", "71", [...payroll, "Company Contributions"], [300, 300, 300]),
      line("Payroll Service Fees", "68", ["Expenses"], [90, 90, 90]),
      line("Rent or Lease", "17", ["Expenses"], [2500, 2500, 2500]),
      line("Workers' Compensation Insurance", "69", ["Expenses"], [210, 210, 210]),
      line("Interest Expense", "90", ["Other Expenses"], [100, 100, 100], "OtherExpenses"),
    ]);
  });

  it("leaves out income accounts and accounts without activity (Office Supplies is all empty cells)", () => {
    const { expenseLines } = parseProfitAndLossReport(fixture("pnl-payroll-nested"));
    const accounts = expenseLines.map((l) => l.account);
    expect(accounts).not.toContain("Landscaping Services");
    expect(accounts).not.toContain("Design income");
    expect(accounts).not.toContain("Office Supplies");
  });

  it("adds up: COGS + Expenses + Other Expenses = Income + Other Income − Net Income, every month", () => {
    for (const name of ["pnl-payroll-nested", "pnl-no-payroll", "pnl-many-months", "pnl-one-month"]) {
      const { rows, expenseLines } = parseProfitAndLossReport(fixture(name));
      rows.forEach((row, i) => {
        const lines = expenseLines.reduce((sum, l) => sum + Math.round(l.monthly[i].amount * 100), 0);
        expect(lines, `${name} ${row.date}`).toBe(
          Math.round(row.Income * 100) - Math.round(row.NetIncome * 100) + otherIncomeCents(name, i),
        );
      });
    }
  });

  it("keeps the monthly rows exactly as parseProfitAndLoss gives them", () => {
    for (const name of ["pnl-payroll-nested", "pnl-no-payroll", "pnl-many-months", "pnl-one-month", "pnl-no-data"]) {
      expect(parseProfitAndLossReport(fixture(name)).rows).toEqual(parseProfitAndLoss(fixture(name)));
    }
  });

  it("has no lines for a report without data", () => {
    expect(parseProfitAndLossReport(fixture("pnl-no-data")).expenseLines).toEqual([]);
  });

  it("adds a line for a parent account's own postings when its Summary is more than its rows", () => {
    const report = fixture("pnl-payroll-nested");
    const expenses = report.Rows.Row.find((row) => row.type === "Section" && row.group === "Expenses");
    if (!expenses || expenses.type !== "Section") throw new Error("no Expenses section");
    const payroll = expenses.Rows!.Row.find(
      (row) => row.type === "Section" && row.Header?.ColData[0].value === "Payroll Expenses",
    ) as Extract<IntuitRow, { type: "Section" }>;
    // QuickBooks shows the parent's own postings as a Data row; without it, the Summary still counts them.
    payroll.Rows!.Row = payroll.Rows!.Row.filter((row) => !(row.type === "Data" && row.ColData[0].id === "60"));
    payroll.Header!.ColData[0].id = "60";
    const { expenseLines } = parseProfitAndLossReport(report);
    expect(expenseLines.filter((l) => l.account === "Payroll Expenses")).toEqual([
      line("Payroll Expenses", "60", ["Expenses", "Payroll Expenses"], [150, 0, 0]),
    ]);
    expect(monthlyPayroll(expenseLines)).toEqual(monthly([20550, 19850, 22100]));
  });

  it("recognises the expense sections by title when Intuit leaves out `group`", () => {
    const report = fixture("pnl-payroll-nested");
    for (const row of report.Rows.Row) if (row.type === "Section" && row.group !== "NetIncome") delete row.group;
    const { expenseLines } = parseProfitAndLossReport(report);
    expect(expenseLines).toEqual(parseProfitAndLossReport(fixture("pnl-payroll-nested")).expenseLines);
  });

  it("sorts each line's months oldest first when the columns are not", () => {
    const report = fixture("pnl-payroll-nested");
    const [account, jan, feb, mar, total] = report.Columns.Column;
    report.Columns.Column = [account, mar, jan, feb, total];
    const reorder = (cells: { value: string }[]) => [cells[0], cells[3], cells[1], cells[2], cells[4]];
    const visit = (rows: IntuitRow[]) => {
      for (const row of rows) {
        if (row.type === "Data") row.ColData = reorder(row.ColData);
        else {
          if (row.Header) row.Header.ColData = reorder(row.Header.ColData);
          if (row.Summary) row.Summary.ColData = reorder(row.Summary.ColData);
          visit(row.Rows?.Row ?? []);
        }
      }
    };
    visit(report.Rows.Row);
    expect(parseProfitAndLossReport(report)).toEqual(parseProfitAndLossReport(fixture("pnl-payroll-nested")));
  });

  it("still refuses a malformed expense cell", () => {
    const report = fixture("pnl-payroll-nested");
    const expenses = report.Rows.Row.find((row) => row.type === "Section" && row.group === "Expenses");
    if (!expenses || expenses.type !== "Section") throw new Error("no Expenses section");
    const advertising = expenses.Rows!.Row[0];
    if (advertising.type !== "Data") throw new Error("not a data row");
    advertising.ColData[1] = { value: "$500" };
    expect(() => parseProfitAndLossReport(report)).toThrow(ReportFormatError);
  });
});

/** Other income is in Net Income but not in the expense lines (interest earned and the like). */
function otherIncomeCents(name: string, month: number): number {
  const report = fixture(name);
  const section = report.Rows.Row.find((row) => row.type === "Section" && row.group === "OtherIncome");
  if (!section || section.type !== "Section" || !section.Summary) return 0;
  const monthColumns = report.Columns.Column.flatMap((column, index) =>
    column.ColType === "Money" && column.MetaData?.some((m) => m.Name === "StartDate") ? [index] : [],
  );
  return Math.round(Number(section.Summary.ColData[monthColumns[month]].value || "0") * 100);
}

describe("payrollClassOf: Census payroll is wages, salaries, commissions, bonuses and officers' pay", () => {
  it.each([
    ["Wages", ["Expenses", "Payroll Expenses"], "wages"],
    ["Salaries & Wages", ["Expenses"], "wages"],
    ["Salaries and wages", ["Expenses"], "wages"],
    ["Sales Commissions", ["Expenses"], "wages"],
    ["Bonuses", ["Expenses", "Payroll Expenses"], "wages"],
    ["Cost of Labor", ["Cost of Goods Sold"], "wages"],
    ["Direct Labour", ["Cost of Sales"], "wages"],
    ["Payroll Expenses", ["Expenses", "Payroll Expenses"], "wages"],
    ["Hourly", ["Expenses", "Payroll Expenses", "Wages"], "wages"],
    ["Officers Compensation", ["Expenses", "Payroll Expenses"], "officers"],
    ["Officers' Salaries", ["Expenses", "Payroll Expenses"], "officers"],
    ["Officer\u2019s Salary", ["Expenses"], "officers"],
    ["Owner's Salary", ["Expenses"], "officers"],
    ["Jane Doe", ["Expenses", "Officers Compensation"], "officers"],
    ["Payroll Taxes", ["Expenses", "Payroll Expenses"], "payrollTaxes"],
    ["Taxes", ["Expenses", "Payroll Expenses"], "payrollTaxes"],
    ["FICA", ["Expenses"], "payrollTaxes"],
    ["Federal Unemployment (FUTA)", ["Expenses"], "payrollTaxes"],
    ["State Unemployment Tax", ["Expenses"], "payrollTaxes"],
    ["Employer Medicare", ["Expenses"], "payrollTaxes"],
    ["Employee Benefits", ["Expenses", "Payroll Expenses"], "benefits"],
    ["Health Insurance", ["Expenses", "Payroll Expenses", "Company Contributions"], "benefits"],
    ["Other", ["Expenses", "Payroll Expenses", "Company Contributions"], "benefits"],
    ["401(k) Match", ["Expenses"], "benefits"],
    ["Retirement", ["Expenses", "Payroll Expenses", "Company Contributions"], "benefits"],
    ["Workers' Compensation Insurance", ["Expenses"], "benefits"],
    ["Officers Life Insurance", ["Expenses"], "benefits"],
    ["Contract Labor", ["Expenses"], "contractLabor"],
    ["Subcontractors", ["Cost of Goods Sold"], "contractLabor"],
    ["Contract labor", ["Expenses", "Payroll Expenses"], "contractLabor"],
    ["Payroll Service Fees", ["Expenses"], "payrollFees"],
    ["Gusto fees", ["Expenses", "Payroll Expenses"], "payrollFees"],
    ["Salaries - Officers", ["Expenses"], "officers"],
    ["Payroll Expenses:Wages", ["Expenses"], "wages"],
    ["Payroll Expenses:Taxes", ["Expenses"], "payrollTaxes"],
    ["Payroll Expenses:Company Contributions:Other", ["Expenses"], "benefits"],
    ["Unemployment Compensation", ["Expenses", "Payroll Expenses"], "payrollTaxes"],
    ["Outside Labor", ["Cost of Goods Sold"], "contractLabor"],
    ["Staffing Agency", ["Expenses"], "contractLabor"],
  ] as const)("%s under %j is %s", (account, path, expected) => {
    expect(payrollClassOf(named(account, [...path]))).toBe(expected);
  });

  it.each([
    ["Rent or Lease", ["Expenses"]],
    ["Taxes & Licenses", ["Expenses"]],
    ["Insurance", ["Expenses"]],
    ["Advertising", ["Expenses"]],
    ["Reimbursements", ["Expenses", "Payroll Expenses"]],
    ["Staff Meals", ["Expenses"]],
    ["Commissions & fees", ["Expenses"]],
    ["Referral Fees", ["Expenses"]],
    ["Guaranteed Payments", ["Expenses"]],
    ["Payroll Expenses:Reimbursements", ["Expenses"]],
    ["Interest Expense", ["Other Expenses"]],
  ] as const)("%s under %j is not payroll-related", (account, path) => {
    expect(payrollClassOf(named(account, [...path]))).toBeNull();
  });

  it("counts only wages and officers' pay as Census payroll", () => {
    expect(isCensusPayroll(named("Wages", ["Expenses", "Payroll Expenses"]))).toBe(true);
    expect(isCensusPayroll(named("Officers Compensation"))).toBe(true);
    expect(isCensusPayroll(named("Payroll Taxes"))).toBe(false);
    expect(isCensusPayroll(named("Employee Benefits"))).toBe(false);
    expect(isCensusPayroll(named("Contract Labor"))).toBe(false);
    expect(isCensusPayroll(named("Payroll Service Fees"))).toBe(false);
  });
});

describe("monthlyPayroll and payrollOver", () => {
  it("sums the Census payroll lines month by month, oldest first", () => {
    const { expenseLines } = parseProfitAndLossReport(fixture("pnl-payroll-nested"));
    expect(censusPayrollLines(expenseLines).map((l) => l.account)).toEqual([
      "Cost of Labor",
      "Payroll Expenses",
      "Wages",
      "Officers Compensation",
      "Sales Commissions",
    ]);
    // Jan: 6000 + 150 + 9000 + 5000 + 400; taxes, benefits, contract labor, fees left out.
    expect(monthlyPayroll(expenseLines)).toEqual(monthly([20550, 19850, 22100]));
  });

  it("is empty when the books show no payroll (unknown, not zero)", () => {
    const { expenseLines } = parseProfitAndLossReport(fixture("pnl-no-payroll"));
    expect(expenseLines.map((l) => l.account)).toEqual([
      "Contract Labor",
      "Rent or Lease",
      "Software & Subscriptions",
      "Taxes & Licenses",
      "Meals",
      "Airfare",
    ]);
    expect(monthlyPayroll(expenseLines)).toEqual([]);
    expect(payrollOver(expenseLines, MONTHS)).toBeNull();
    expect(monthlyPayroll([])).toEqual([]);
  });

  it("counts a month with no payroll activity as 0 when another line covers it", () => {
    const lines = [line("Wages", "1", ["Expenses"], [100.1, 0, 0.2]), line("Rent", "2", ["Expenses"], [5, 5, 5])];
    expect(monthlyPayroll(lines)).toEqual(monthly([100.1, 0, 0.2]));
  });

  it("adds cents exactly", () => {
    const lines = [
      line("Wages", "1", ["Expenses"], [0.1, 0.1, 0.1]),
      line("Bonus", "2", ["Expenses"], [0.2, 0.2, 0.2]),
    ];
    expect(monthlyPayroll(lines)).toEqual(monthly([0.3, 0.3, 0.3]));
    expect(payrollOver(lines, MONTHS)).toEqual({ months: MONTHS, amount: 0.9, accounts: ["Wages", "Bonus"] });
  });

  it("gives payroll over exactly the months asked, null when one is not in the books", () => {
    const { expenseLines } = parseProfitAndLossReport(fixture("pnl-payroll-nested"));
    expect(payrollOver(expenseLines, ["2026-02", "2026-03"])).toEqual({
      months: ["2026-02", "2026-03"],
      amount: 41950,
      accounts: ["Cost of Labor", "Payroll Expenses", "Wages", "Officers Compensation", "Sales Commissions"],
    });
    expect(payrollOver(expenseLines, ["2025-12", "2026-01"])).toBeNull();
    expect(payrollOver(expenseLines, [])).toBeNull();
  });
});

describe("payrollByMonth (the engine's BooksInput.payrollByMonth)", () => {
  it("maps each month to its payroll", () => {
    const { expenseLines } = parseProfitAndLossReport(fixture("pnl-payroll-nested"));
    expect(payrollByMonth(expenseLines)).toEqual({ "2026-01": 20550, "2026-02": 19850, "2026-03": 22100 });
  });

  it("is an empty record without payroll lines, null without stored lines", () => {
    expect(payrollByMonth(parseProfitAndLossReport(fixture("pnl-no-payroll")).expenseLines)).toEqual({});
    expect(payrollByMonth([])).toEqual({});
    expect(payrollByMonth(null)).toBeNull();
    expect(payrollByMonth(undefined)).toBeNull();
  });
});

describe("the demo company's expense lines", () => {
  const range = { start: "2024-07", end: "2026-06" };
  const { rows, expenseLines } = parseProfitAndLossReport(demoProfitAndLossReport({ seed: "biz-a", ...range }));
  const byAccount = (account: string) => expenseLines.find((l) => l.account === account)!;

  it("has the payroll accounts nested under Expenses > Payroll Expenses, with their ids", () => {
    const payroll = expenseLines.filter((l) => l.path.join(" > ") === "Expenses > Payroll Expenses");
    expect(payroll.map((l) => [l.accountId, l.account, payrollClassOf(l)])).toEqual([
      ["102", "Wages", "wages"],
      ["105", "Officers' Salaries", "officers"],
      ["103", "Payroll Taxes", "payrollTaxes"],
      ["104", "Employee Benefits", "benefits"],
    ]);
    expect(expenseLines.every((l) => l.monthly.length === 24)).toBe(true);
    expect(new Set(expenseLines.map((l) => l.group))).toEqual(new Set(["COGS", "Expenses", "OtherExpenses"]));
  });

  it("gives payroll = wages + officers' salaries, every month of the report", () => {
    const payroll = monthlyPayroll(expenseLines);
    expect(payroll.map((m) => m.date)).toEqual(rows.map((r) => r.date));
    payroll.forEach((month, i) => {
      const expected =
        Math.round(byAccount("Wages").monthly[i].amount * 100) +
        Math.round(byAccount("Officers' Salaries").monthly[i].amount * 100);
      expect(Math.round(month.amount * 100)).toBe(expected);
      expect(month.amount).toBeGreaterThan(0);
    });
  });

  it("keeps payroll taxes at 7.65% of the gross pay (wages + officers' salaries)", () => {
    monthlyPayroll(expenseLines).forEach((month, i) => {
      expect(byAccount("Payroll Taxes").monthly[i].amount).toBeCloseTo(month.amount * 0.0765, 1);
    });
  });
});
