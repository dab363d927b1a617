import { describe, expect, it } from "vitest";
import { financeCards, BROKEN_CONNECTION_MESSAGE } from "~/components/dashboard/finance-view";
import { connectPath, returnPath, screenFor, type FinanceStatus } from "~/components/quickbooks/connection-status";
import { chartSummary } from "~/components/charts/revenue-chart";

const NOW = new Date("2026-03-15T12:00:00Z");
const connected = { status: "connected" };

/** 2025-01 … 2026-03: Income 1,000·n, NetIncome 100·n (n = 1 for 2025-01). */
const ROWS = Array.from({ length: 15 }, (_, i) => {
  const month = i + 1;
  const date = `${2025 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, "0")}`;
  return { date, Income: 1000 * month, NetIncome: 100 * month };
});

describe("financeCards (dashboard Monthly Rev. and Revenue Per Employee)", () => {
  it("shows the sample values with the last six month labels when nothing is connected", () => {
    const cards = financeCards({ connection: null, report: null, job: null, stale: false }, 10, NOW);
    expect(cards).toEqual({
      state: "not_connected",
      sample: {
        labels: ["Sept", "Oct", "Nov", "Dec", "Jan", "Feb"],
        amounts: [640, 910, 780, 1120, 1050, 1340],
        netIncome: 5840,
        incomeChange: 290,
        revenuePerEmployee: 1327.07,
      },
    });
  });

  it("computes the six and twelve month series, the change and year-to-date revenue per employee", () => {
    const cards = financeCards({ connection: connected, report: { rows: ROWS }, job: null, stale: false }, 4, NOW);
    if (cards.state !== "ready") throw new Error(cards.state);
    expect(cards.sixMonths.labels).toEqual(["Sept", "Oct", "Nov", "Dec", "Jan", "Feb"]);
    expect(cards.sixMonths.amounts).toEqual([900, 1000, 1100, 1200, 1300, 1400]);
    expect(cards.sixMonths.bounds).toEqual({ min: 0, max: 1500, step: 100 });
    expect(cards.twelveMonths.amounts).toHaveLength(12);
    expect(cards.twelveMonths.labels[0]).toBe("Mar");
    expect(cards.netIncome).toBe(6900);
    expect(cards.incomeChange).toBe(100);
    // Jan–Mar 2026: 13,000 + 14,000 + 15,000 over 4 employees.
    expect(cards.revenuePerEmployee).toBe(10500);
    expect(cards.refreshingFor).toBeNull();
    expect(cards.brokenMessage).toBeNull();
  });

  it("names the month being refreshed when the report is stale, and the broken connection", () => {
    const stale = financeCards({ connection: connected, report: { rows: ROWS }, job: null, stale: true }, 4, NOW);
    expect(stale).toMatchObject({ state: "ready", refreshingFor: "Mar 2026" });
    const broken = financeCards({ connection: { status: "broken" }, report: { rows: ROWS }, job: null, stale: true }, 4, NOW);
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
    expect(financeCards({ connection: connected, report: { rows: [] }, job: null, stale: false }, 4, NOW)).toMatchObject({
      state: "empty",
    });
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
  it("reads every month and amount", () => {
    expect(chartSummary("Net income, last 6 months", ["Jan", "Feb"], [1200, -300.5])).toBe(
      "Net income, last 6 months: Jan $1,200.00, Feb -$300.50.",
    );
  });
});
