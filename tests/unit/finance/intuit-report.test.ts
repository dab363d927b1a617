import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseProfitAndLoss, ReportFormatError } from "~/lib/finance/intuit-report";

// Fixtures are written from Intuit's documented ProfitAndLoss report format (Header, Columns with
// StartDate/EndDate/ColKey metadata, nested Section rows with Header/Rows/Summary, Data rows).
type Json = Record<string, unknown> & { Columns: { Column: Record<string, unknown>[] }; Rows: { Row: Json[] } };
const fixture = (name: string): Json =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/intuit/${name}.json`, import.meta.url)), "utf8"));

function expectFormatError(report: unknown, message?: RegExp) {
  let thrown: unknown;
  try {
    parseProfitAndLoss(report);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ReportFormatError);
  if (message) expect((thrown as Error).message).toMatch(message);
}

/** The fixture's own arithmetic: each row's Total cell is the sum of its month cells. */
function expectTotalsAddUp(report: Json) {
  const count = report.Columns.Column.length;
  const check = (cells: { value: string }[]) => {
    if (cells.length !== count) throw new Error("cell count");
    const months = cells.slice(1, -1).reduce((sum, c) => sum + Math.round(Number(c.value || 0) * 100), 0);
    expect(Math.round(Number(cells[count - 1].value || 0) * 100)).toBe(months);
  };
  const visit = (rows: Json[]) =>
    rows.forEach((row) => {
      if (row.ColData) check(row.ColData as { value: string }[]);
      if (row.Summary) check((row.Summary as { ColData: { value: string }[] }).ColData);
      if (row.Rows && (row.Rows as { Row?: Json[] }).Row) visit((row.Rows as { Row: Json[] }).Row);
    });
  visit(report.Rows.Row);
}

describe("parseProfitAndLoss", () => {
  it("reads one month column next to the Total column, through nested sections and empty cells", () => {
    const report = fixture("pnl-one-month");
    expectTotalsAddUp(report);
    // Income includes a negative line and an empty cell; Expenses has sub-sections; a net loss.
    expect(parseProfitAndLoss(report)).toEqual([{ date: "2025-06", Income: 1525, NetIncome: -2292.28 }]);
  });

  it("reads many month columns oldest first, keeps a loss month, counts an empty month as 0 and skips a spanning Total", () => {
    const report = fixture("pnl-many-months");
    expectTotalsAddUp(report);
    expect(parseProfitAndLoss(report)).toEqual([
      { date: "2025-10", Income: 440329.4, NetIncome: 33020.61 },
      { date: "2025-11", Income: 552032.7, NetIncome: 44463.6 },
      { date: "2025-12", Income: 728322.9, NetIncome: 131764.79 },
      { date: "2026-01", Income: 239309.5, NetIncome: -67806.74 },
      { date: "2026-02", Income: 0, NetIncome: 0 },
    ]);
  });

  it("finds Net Income by its label when the section has no group, with Income 0 when there is no Income section", () => {
    // Amounts with more than two decimals are rounded to cents, half away from zero.
    expect(parseProfitAndLoss(fixture("pnl-net-income-by-label"))).toEqual([
      { date: "2026-03", Income: 0, NetIncome: -1250.01 },
      { date: "2026-04", Income: 0, NetIncome: -400.11 },
    ]);
  });

  it("gives zero rows for every month of a report with no data", () => {
    expect(parseProfitAndLoss(fixture("pnl-no-data"))).toEqual([
      { date: "2026-01", Income: 0, NetIncome: 0 },
      { date: "2026-02", Income: 0, NetIncome: 0 },
    ]);
  });

  it("orders rows oldest first even when the columns are not", () => {
    const report = fixture("pnl-many-months");
    const order = [0, 4, 2, 1, 3, 5, 6]; // account column first, months shuffled, Total last
    const reorder = (cells: unknown[]) => order.map((i) => cells[i]);
    report.Columns.Column = reorder(report.Columns.Column) as Record<string, unknown>[];
    const visit = (rows: Json[]) =>
      rows.forEach((row) => {
        for (const part of [row, row.Header, row.Summary] as ({ ColData?: unknown[] } | undefined)[]) {
          if (part?.ColData) part.ColData = reorder(part.ColData);
        }
        if (row.Rows) visit((row.Rows as { Row: Json[] }).Row);
      });
    visit(report.Rows.Row);
    expect(parseProfitAndLoss(report).map((row) => row.date)).toEqual([
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(parseProfitAndLoss(report)[3]).toEqual({ date: "2026-01", Income: 239309.5, NetIncome: -67806.74 });
  });

  it("uses a month column's StartDate (a partial first month still counts as that month)", () => {
    const report = fixture("pnl-one-month");
    const metaData = report.Columns.Column[1].MetaData as { Name: string; Value: string }[];
    metaData[0].Value = "2025-06-15";
    expect(parseProfitAndLoss(report)).toEqual([{ date: "2025-06", Income: 1525, NetIncome: -2292.28 }]);
  });

  describe("refuses malformed reports with ReportFormatError", () => {
    it("rejects values that are not a report object", () => {
      for (const value of [null, undefined, "report", 42, [], [fixture("pnl-one-month")]]) expectFormatError(value);
    });

    it("rejects a report without Columns, or with Columns that are not a list", () => {
      const missing = fixture("pnl-one-month");
      delete (missing as Partial<Json>).Columns;
      expectFormatError(missing, /Columns is missing/);

      const notList = fixture("pnl-one-month");
      (notList.Columns as unknown as { Column: unknown }).Column = { ColTitle: "Jun 2025" };
      expectFormatError(notList, /Columns\.Column/);

      const empty = fixture("pnl-one-month");
      empty.Columns.Column = [];
      expectFormatError(empty, /Columns\.Column/);
    });

    it("rejects a report without month columns (summarized by Total)", () => {
      expectFormatError(fixture("pnl-total-only"), /no month columns/);
    });

    it("rejects two columns for the same month (e.g. summarized by week)", () => {
      const report = fixture("pnl-many-months");
      const metaData = report.Columns.Column[2].MetaData as { Name: string; Value: string }[];
      metaData[0].Value = "2025-10-15";
      metaData[1].Value = "2025-10-31";
      expectFormatError(report, /two columns for 2025-10/);
    });

    it("rejects a month column whose StartDate is not a date", () => {
      const report = fixture("pnl-one-month");
      (report.Columns.Column[1].MetaData as { Name: string; Value: unknown }[])[0].Value = "June 2025";
      expectFormatError(report, /StartDate/);
      (report.Columns.Column[1].MetaData as { Name: string; Value: unknown }[])[0].Value = 20250601;
      expectFormatError(report, /StartDate/);
    });

    it("rejects non-numeric strings in money cells, wherever they are", () => {
      for (const bad of ["N/A", "1,525.00", "$1525.00", "12abc", "-", "1e3"]) {
        const summary = fixture("pnl-one-month");
        (summary.Rows.Row[0].Summary as { ColData: { value: string }[] }).ColData[1].value = bad;
        expectFormatError(summary, /is not an amount/);
      }
      // A nested data row, not used for the totals, is still checked: never a partial result.
      const nested = fixture("pnl-one-month");
      const expenses = nested.Rows.Row[3].Rows as { Row: Json[] };
      const automobile = expenses.Row[1].Rows as unknown as { Row: { ColData: { value: string }[] }[] };
      automobile.Row[0].ColData[1].value = "three hundred";
      expectFormatError(nested, /is not an amount/);
    });

    it("rejects wrong types: numbers for money strings, ColData or Row that are not lists, rows that are not objects", () => {
      const numeric = fixture("pnl-one-month");
      (numeric.Rows.Row[0].Summary as { ColData: { value: unknown }[] }).ColData[1].value = 1525;
      expectFormatError(numeric, /not a string/);

      const colData = fixture("pnl-one-month");
      (colData.Rows.Row[2].Summary as { ColData: unknown }).ColData = "Gross Profit";
      expectFormatError(colData, /ColData/);

      const rowList = fixture("pnl-one-month");
      (rowList.Rows as { Row: unknown }).Row = { type: "Section" };
      expectFormatError(rowList, /Row is not a list/);

      const rowItem = fixture("pnl-one-month");
      (rowItem.Rows.Row as unknown[]).push("Net Income");
      expectFormatError(rowItem, /is not an object/);

      const rowType = fixture("pnl-one-month");
      rowType.Rows.Row[1].type = "Subtotal";
      expectFormatError(rowType, /type "Subtotal"/);

      const header = fixture("pnl-one-month");
      header.Header = "ProfitAndLoss";
      expectFormatError(header, /Header/);

      const otherReport = fixture("pnl-one-month");
      (otherReport.Header as { ReportName: string }).ReportName = "BalanceSheet";
      expectFormatError(otherReport, /"BalanceSheet" report/);
    });

    it("rejects a row whose cells do not line up with the columns", () => {
      const report = fixture("pnl-many-months");
      (report.Rows.Row[0].Summary as { ColData: unknown[] }).ColData.pop();
      expectFormatError(report, /6 cells for 7 columns/);
    });

    it("rejects a report with rows but no Net Income, or without Rows at all", () => {
      const noNet = fixture("pnl-many-months");
      noNet.Rows.Row = noNet.Rows.Row.filter((row) => row.group !== "NetIncome");
      expectFormatError(noNet, /no Net Income/);

      const noSummary = fixture("pnl-many-months");
      delete noSummary.Rows.Row[noSummary.Rows.Row.length - 1].Summary;
      expectFormatError(noSummary, /Net Income/);

      const noRows = fixture("pnl-one-month");
      delete (noRows as Partial<Json>).Rows;
      expectFormatError(noRows, /Rows is missing/);
    });
  });
});
