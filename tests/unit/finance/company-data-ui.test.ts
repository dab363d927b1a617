import { describe, expect, it } from "vitest";
import { financeCards, BROKEN_CONNECTION_MESSAGE } from "~/components/dashboard/finance-view";
import {
  connectPath,
  returnPath,
  screenFor,
  type FinanceStatus,
} from "~/components/finance/quickbooks/connection-status";
import { chartSummary } from "~/components/finance/charts/revenue-chart";
import { demoProfitAndLossReport } from "~/lib/finance/demo-company";
import { monthsEndingAt, reportAsOf, reportRange, revenuePerEmployee } from "~/lib/finance/finance";
import { formatDollars } from "~/lib/shared/numbers";
import { parseProfitAndLoss } from "~/lib/finance/intuit-report";
import { deriveValueInsights, revenuePerEmployeeTrend } from "~/lib/finance/value-insights";

const NOW = new Date("2026-03-15T12:00:00Z");
const connected = { status: "connected" };

/** 2025-01 … 2026-03: Income 1,000·n, NetIncome 100·n (n = 1 for 2025-01). */
const ROWS = Array.from({ length: 15 }, (_, i) => {
  const month = i + 1;
  const date = `${2025 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, "0")}`;
  return { date, Income: 1000 * month, NetIncome: 100 * month };
});

describe("financeCards (dashboard monthly revenue and net income, revenue per employee)", () => {
  it("shows the sample values with the last six month labels when nothing is connected", () => {
    const cards = financeCards({ connection: null, report: null, job: null, stale: false }, 10, NOW);
    expect(cards).toEqual({
      state: "not_connected",
      sample: {
        labels: ["Sept", "Oct", "Nov", "Dec", "Jan", "Feb"],
        revenue: [1100, 1380, 1240, 1460, 1400, 1500],
        amounts: [640, 910, 780, 1120, 1050, 1340],
        netIncome: 5840,
        incomeChange: 290,
        revenuePerEmployee: 1327.07,
      },
    });
  });

  it("draws revenue and net income for six and twelve months, each with its years, totals and explained change", () => {
    const cards = financeCards(
      { connection: connected, report: { rows: ROWS, periodEnd: "2026-03" }, job: null, stale: false },
      4,
      NOW,
    );
    if (cards.state !== "ready") throw new Error(cards.state);
    const six = cards.sixMonths;
    expect(six.period).toBe("Sept 2025 to Feb 2026");
    expect(six.months).toEqual(["Sept 2025", "Oct 2025", "Nov 2025", "Dec 2025", "Jan 2026", "Feb 2026"]);
    expect(six.ticks).toEqual([["Sept", "2025"], "Oct", "Nov", "Dec", ["Jan", "2026"], "Feb"]);
    expect(six.revenue).toEqual([9000, 10000, 11000, 12000, 13000, 14000]);
    expect(six.netIncome).toEqual([900, 1000, 1100, 1200, 1300, 1400]);
    expect(six.revenueTotal).toBe(69000);
    expect(six.netIncomeTotal).toBe(6900);
    expect(six.incomeChange).toBe(100);
    expect(six.incomeChangeExplanation).toBe("Net income in Feb 2026 was $100.00 more than in Jan 2026.");
    // Both series share the axis: it grows to the revenue.
    expect(six.bounds.max).toBeGreaterThanOrEqual(14000);

    const twelve = cards.twelveMonths;
    expect(twelve.period).toBe("Mar 2025 to Feb 2026");
    expect(twelve.months).toHaveLength(12);
    expect(twelve.months[0]).toBe("Mar 2025");
    expect(twelve.netIncomeTotal).toBe(100 * (3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14));
    expect(twelve.revenueTotal).toBe(1000 * (3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14));

    // Complete months of 2026 (Jan, Feb): 13,000 + 14,000 over 4 employees; March is still being booked.
    expect(cards.revenuePerEmployee).toEqual({
      amount: 6750,
      period: "Jan to Feb 2026",
      employees: 4,
      explanation: "Income for Jan to Feb 2026 divided by 4 employees.",
    });
    expect(cards.refreshingFor).toBeNull();
    expect(cards.brokenMessage).toBeNull();
  });

  it("explains a drop and no change", () => {
    const rows = [
      { date: "2026-01", Income: 500, NetIncome: 400 },
      { date: "2026-02", Income: 500, NetIncome: 339.5 },
    ];
    const down = financeCards(
      { connection: connected, report: { rows, periodEnd: "2026-03" }, job: null, stale: false },
      4,
      NOW,
    );
    if (down.state !== "ready") throw new Error(down.state);
    expect(down.sixMonths.incomeChangeExplanation).toBe("Net income in Feb 2026 was $60.50 less than in Jan 2026.");
    expect(down.sixMonths.missingMonths).toEqual(["Sept 2025", "Oct 2025", "Nov 2025", "Dec 2025"]);
    const flat = financeCards(
      {
        connection: connected,
        report: { rows: rows.map((row) => ({ ...row, NetIncome: 10 })), periodEnd: "2026-03" },
        job: null,
        stale: false,
      },
      4,
      NOW,
    );
    if (flat.state !== "ready") throw new Error(flat.state);
    expect(flat.sixMonths.incomeChangeExplanation).toBe("Net income in Feb 2026 was the same as in Jan 2026.");
  });

  it("describes a stale report's own months, not the months since it was pulled", () => {
    // Pulled in February: January is its last complete month, even though it is March now.
    const stale = financeCards(
      { connection: connected, report: { rows: ROWS, periodEnd: "2026-02" }, job: null, stale: true },
      4,
      NOW,
    );
    expect(stale).toMatchObject({ state: "ready", refreshingFor: "Mar 2026" });
    if (stale.state !== "ready") throw new Error(stale.state);
    expect(stale.sixMonths.period).toBe("Aug 2025 to Jan 2026");
    expect(stale.revenuePerEmployee?.period).toBe("Jan 2026");
    const broken = financeCards(
      { connection: { status: "broken" }, report: { rows: ROWS, periodEnd: "2026-03" }, job: null, stale: true },
      4,
      NOW,
    );
    expect(broken).toMatchObject({ state: "ready", refreshingFor: null, brokenMessage: BROKEN_CONNECTION_MESSAGE });
  });

  it("building, failed, broken and empty states", () => {
    const job = (status: string) => ({ id: "job-1", status, lastError: null });
    expect(financeCards({ connection: connected, report: null, job: job("running"), stale: false }, 4, NOW)).toEqual({
      state: "building",
      jobId: "job-1",
    });
    expect(financeCards({ connection: connected, report: null, job: null, stale: false }, 4, NOW)).toEqual({
      state: "building",
      jobId: null,
    });
    expect(financeCards({ connection: connected, report: null, job: job("failed"), stale: false }, 4, NOW)).toEqual({
      state: "failed",
      message: "Could not build Finance Profile at this time.",
    });
    expect(financeCards({ connection: { status: "broken" }, report: null, job: null, stale: false }, 4, NOW)).toEqual({
      state: "broken",
      message: BROKEN_CONNECTION_MESSAGE,
    });
    expect(
      financeCards(
        { connection: connected, report: { rows: [], periodEnd: "2026-03" }, job: null, stale: false },
        4,
        NOW,
      ),
    ).toMatchObject({
      state: "empty",
    });
  });
});

describe("revenue per employee: the dashboard card and the value-insight tile", () => {
  const periodEnd = "2026-11";
  const data = parseProfitAndLoss(
    demoProfitAndLossReport({ seed: "demo-business-harbor-pine", ...reportRange(periodEnd) }),
  );

  for (const employees of [37, 38, 13]) {
    it(`come from one definition and show the same amount and months (${employees} employees)`, () => {
      // What the finance-report job stores, and what the dashboard computes later in the month.
      const tile = deriveValueInsights(data, employees, reportAsOf(periodEnd)).find(
        (i) => i.kind === "revenue_per_employee",
      );
      const later = new Date("2026-11-28T23:59:00Z");
      const cards = financeCards(
        { connection: connected, report: { rows: data, periodEnd }, job: null, stale: false },
        employees,
        later,
      );
      if (cards.state !== "ready" || !cards.revenuePerEmployee || !tile) throw new Error("no figure");

      const figure = revenuePerEmployee(data, employees, reportAsOf(periodEnd))!;
      expect(cards.revenuePerEmployee.amount).toBe(figure.amount);
      expect(revenuePerEmployeeTrend(data, employees, reportAsOf(periodEnd))?.perEmployee).toBe(figure.amount);
      expect(figure.months).toEqual(monthsEndingAt("2026-10", 10));
      expect(cards.revenuePerEmployee.period).toBe("Jan to Oct 2026");

      const amount = formatDollars(cards.revenuePerEmployee.amount);
      expect(tile.title).toBe(`Revenue per employee ${amount} for ${cards.revenuePerEmployee.period}`);
      expect(tile.summary).toContain(
        `Income for Jan to Oct 2026 comes to ${amount} for each of your ${employees} employees`,
      );
      expect(cards.revenuePerEmployee.explanation).toBe(
        `Income for Jan to Oct 2026 divided by ${employees} employees.`,
      );
    });
  }

  it("leaves the current, half-booked month out (it used to be counted on the card only)", () => {
    const withNovember = data.map((row) => (row.date === "2026-11" ? { ...row, Income: row.Income + 1_000_000 } : row));
    expect(revenuePerEmployee(withNovember, 37, reportAsOf(periodEnd))).toEqual(
      revenuePerEmployee(data, 37, reportAsOf(periodEnd)),
    );
  });
});

describe("/quickbook-status screens", () => {
  const status = (overrides: Partial<FinanceStatus>): FinanceStatus => ({
    connection: { status: "connected", realmId: "demo" },
    job: null,
    report: null,
    ...overrides,
  });
  const job = (s: "queued" | "running" | "succeeded" | "failed") => ({ id: "j", status: s, lastError: null });

  it("follows the newest job while the connection works", () => {
    expect(screenFor(status({ job: job("queued") }))).toBe("building");
    expect(screenFor(status({ job: job("running"), report: { lastUpdate: "x" } }))).toBe("building");
    expect(screenFor(status({ job: job("succeeded"), report: { lastUpdate: "x" } }))).toBe("complete");
    expect(screenFor(status({ job: job("failed") }))).toBe("failed");
    expect(screenFor(status({}))).toBe("failed");
    expect(screenFor(status({ connection: { status: "broken", realmId: "1" } }))).toBe("broken");
    expect(screenFor(status({ connection: null }))).toBe("not_connected");
  });

  it("maps return pages to their pages and to a fresh authorization", () => {
    expect(returnPath("PROFILE_PROGRESS")).toBe("/profile-progress");
    expect(returnPath("DASHBOARD")).toBe("/dashboard");
    expect(returnPath("BENCHMARKING")).toBe("/benchmarking");
    expect(connectPath("BENCHMARKING")).toBe("/api/quickbooks/createAuthPortal?returnPage=BENCHMARKING");
  });
});

describe("chartSummary", () => {
  it("reads every month, with its year, and both amounts", () => {
    expect(
      chartSummary(
        "Revenue and net income, Jan to Feb 2026",
        ["Jan 2026", "Feb 2026"],
        [5000, 4100.25],
        [1200, -300.5],
      ),
    ).toBe(
      "Revenue and net income, Jan to Feb 2026: Jan 2026 revenue $5,000.00, net income $1,200.00; Feb 2026 revenue $4,100.25, net income -$300.50.",
    );
  });
});
