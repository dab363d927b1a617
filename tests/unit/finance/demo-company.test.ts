import { describe, expect, it } from "vitest";
import { demoProfitAndLossReport } from "~/lib/finance/demo-company";
import { parseProfitAndLoss, type IntuitColData, type IntuitRow } from "~/lib/finance/intuit-report";

const RANGE = { start: "2024-07", end: "2026-06" };
const report = (seed: string, range = RANGE) => demoProfitAndLossReport({ seed, ...range });

/** Every row of the report, sections and data rows, depth first. */
function allRows(rows: IntuitRow[]): IntuitRow[] {
  return rows.flatMap((row) => (row.type === "Section" ? [row, ...allRows(row.Rows?.Row ?? [])] : [row]));
}
const cents = (cell: IntuitColData) => Math.round(Number(cell.value || "0") * 100);
const summaryOf = (rows: IntuitRow[], group: string) => {
  const section = rows.find((row) => row.type === "Section" && row.group === group);
  if (!section || section.type !== "Section" || !section.Summary) throw new Error(`no ${group} summary`);
  return section.Summary.ColData;
};

describe("demoProfitAndLossReport", () => {
  it("is deterministic: the same seed gives the same report", () => {
    expect(report("biz-harbor-pine")).toEqual(report("biz-harbor-pine"));
  });

  it("gives different numbers for a different seed", () => {
    const a = parseProfitAndLoss(report("biz-a"));
    const b = parseProfitAndLoss(report("biz-b"));
    expect(a.map((r) => r.date)).toEqual(b.map((r) => r.date));
    expect(a.filter((row, i) => row.Income !== b[i].Income)).toHaveLength(24);
  });

  it("keeps the months it shares with another range (a refresh does not rewrite history)", () => {
    const longer = parseProfitAndLoss(report("biz-a"));
    const shorter = parseProfitAndLoss(report("biz-a", { start: "2025-07", end: "2026-06" }));
    expect(shorter).toEqual(longer.slice(12));
  });

  it("has 24 month columns plus the account and Total columns, in Intuit's format", () => {
    const r = report("biz-a");
    expect(r.Header).toMatchObject({
      ReportName: "ProfitAndLoss",
      StartPeriod: "2024-07-01",
      EndPeriod: "2026-06-30",
      SummarizeColumnsBy: "Month",
      Currency: "USD",
    });
    const columns = r.Columns.Column;
    expect(columns).toHaveLength(26);
    expect(columns[0]).toMatchObject({ ColType: "Account", ColTitle: "" });
    expect(columns[1]).toEqual({
      ColTitle: "Jul 2024",
      ColType: "Money",
      MetaData: [
        { Name: "StartDate", Value: "2024-07-01" },
        { Name: "EndDate", Value: "2024-07-31" },
        { Name: "ColKey", Value: "Jul 2024" },
      ],
    });
    expect(columns[8].MetaData?.[1]).toEqual({ Name: "EndDate", Value: "2025-02-28" });
    expect(columns[25]).toEqual({
      ColTitle: "Total",
      ColType: "Money",
      MetaData: [{ Name: "ColKey", Value: "total" }],
    });
    // Every row has one cell per column; money cells are 2-decimal strings or "" (zero).
    for (const row of allRows(r.Rows.Row)) {
      const cellLists = row.type === "Data" ? [row.ColData] : [row.Header?.ColData, row.Summary?.ColData];
      for (const cells of cellLists.filter((c): c is IntuitColData[] => Boolean(c))) {
        expect(cells).toHaveLength(26);
        for (const cell of cells.slice(1)) expect(cell.value).toMatch(/^(-?\d+\.\d{2})?$/);
      }
    }
  });

  it("has the P&L sections of a retailer, with nested Expenses and some empty and negative cells", () => {
    const rows = report("biz-a").Rows.Row;
    expect(rows.map((row) => (row.type === "Section" ? row.group : null))).toEqual([
      "Income",
      "COGS",
      "GrossProfit",
      "Expenses",
      "NetOperatingIncome",
      "OtherIncome",
      "OtherExpenses",
      "NetOtherIncome",
      "NetIncome",
    ]);
    const names = allRows(rows).map((row) =>
      row.type === "Data" ? row.ColData[0].value : row.Header?.ColData[0].value,
    );
    for (const name of [
      "Sales of Product Income",
      "Payroll Expenses",
      "Wages",
      "Rent or Lease",
      "Advertising",
      "Utilities",
      "Insurance",
    ]) {
      expect(names).toContain(name);
    }
    const expenses = rows[3];
    expect(expenses.type === "Section" && expenses.Rows?.Row.some((row) => row.type === "Section")).toBe(true);
    const values = allRows(rows).flatMap((row) =>
      row.type === "Data" ? row.ColData.slice(1, -1).map((c) => c.value) : [],
    );
    expect(values).toContain("");
    expect(values.some((value) => value.startsWith("-"))).toBe(true);
  });

  it("adds up: every Summary is its rows' sum, Total is the months' sum, and the net lines follow", () => {
    const rows = report("biz-a").Rows.Row;
    for (const row of allRows(rows)) {
      if (row.type !== "Section" || !row.Summary || !row.Rows) continue;
      for (let col = 1; col < 26; col++) {
        const sum = row.Rows.Row.reduce(
          (total, child) => total + cents((child.type === "Data" ? child.ColData : child.Summary!.ColData)[col]),
          0,
        );
        expect(cents(row.Summary.ColData[col])).toBe(sum);
      }
    }
    for (const row of allRows(rows)) {
      const cells = row.type === "Data" ? row.ColData : row.Summary?.ColData;
      if (!cells) continue;
      expect(cents(cells[25])).toBe(cells.slice(1, 25).reduce((total, cell) => total + cents(cell), 0));
    }
    const [income, cogs, gross, expenses, netOperating, otherIncome, otherExpenses, netOther, net] = [
      "Income",
      "COGS",
      "GrossProfit",
      "Expenses",
      "NetOperatingIncome",
      "OtherIncome",
      "OtherExpenses",
      "NetOtherIncome",
      "NetIncome",
    ].map((group) => summaryOf(rows, group));
    for (let col = 1; col < 26; col++) {
      expect(cents(gross[col])).toBe(cents(income[col]) - cents(cogs[col]));
      expect(cents(netOperating[col])).toBe(cents(gross[col]) - cents(expenses[col]));
      expect(cents(netOther[col])).toBe(cents(otherIncome[col]) - cents(otherExpenses[col]));
      expect(cents(net[col])).toBe(cents(netOperating[col]) + cents(netOther[col]));
    }
  });

  it("round-trips through parseProfitAndLoss to the report's Income and Net Income summaries", () => {
    for (const seed of ["biz-a", "biz-b", "Harbor & Pine Outfitters", ""]) {
      const r = report(seed);
      const parsed = parseProfitAndLoss(r);
      const income = summaryOf(r.Rows.Row, "Income");
      const net = summaryOf(r.Rows.Row, "NetIncome");
      expect(parsed).toHaveLength(24);
      expect(parsed.map((row) => row.date)).toEqual(
        r.Columns.Column.slice(1, 25).map((c) => c.MetaData?.[0].Value.slice(0, 7)),
      );
      parsed.forEach((row, i) => {
        expect(Math.round(row.Income * 100)).toBe(cents(income[i + 1]));
        expect(Math.round(row.NetIncome * 100)).toBe(cents(net[i + 1]));
      });
    }
  });

  it("is seasonal and realistic: $250k–$900k a month, summer and December peaks, a winter loss", () => {
    for (const seed of ["biz-a", "biz-b", "biz-c", "x", "another business"]) {
      const rows = parseProfitAndLoss(report(seed));
      for (const row of rows) {
        expect(row.Income).toBeGreaterThanOrEqual(250_000);
        expect(row.Income).toBeLessThanOrEqual(900_000);
      }
      const byMonth = (mm: string) => rows.filter((row) => row.date.endsWith(`-${mm}`));
      for (const year of [0, 1]) {
        const [jan, jul, dec] = ["01", "07", "12"].map((mm) => byMonth(mm)[year]);
        expect(jul.Income).toBeGreaterThan(jan.Income * 1.8);
        expect(dec.Income).toBeGreaterThan(jan.Income * 1.8);
        expect(jan.NetIncome).toBeLessThan(0);
        expect(jul.NetIncome).toBeGreaterThan(0);
      }
      const yearNet = rows.slice(0, 12).reduce((sum, row) => sum + row.NetIncome, 0);
      expect(yearNet).toBeGreaterThan(0); // profitable over a year despite the winter losses
    }
  });

  it("handles a single month and a year boundary, and rejects bad ranges", () => {
    expect(parseProfitAndLoss(report("biz-a", { start: "2025-12", end: "2025-12" }))).toHaveLength(1);
    expect(parseProfitAndLoss(report("biz-a", { start: "2025-11", end: "2026-02" })).map((r) => r.date)).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(() => report("biz-a", { start: "2026-02", end: "2025-11" })).toThrow(RangeError);
    expect(() => report("biz-a", { start: "2025-13", end: "2026-02" })).toThrow(RangeError);
    expect(() => report("biz-a", { start: "2016-01", end: "2026-02" })).toThrow(RangeError);
  });
});
