import {
  chartBounds,
  FINANCE_REPORT_FAILED_MESSAGE,
  monthKey,
  monthYearLabel,
  quickIncome,
  revenuePerEmployee,
  sampleQuickIncome,
  SAMPLE_REVENUE_PER_EMPLOYEE,
  trends,
  type ChartBounds,
} from "../../lib/finance";

/**
 * The dashboard's company-data cards (Monthly Rev., Revenue Per Employee) as plain, serialisable
 * values: the loader computes them from loadDashboardFinance's answer with app/lib/finance.ts, so
 * the browser only draws.
 */

export type RevenueSeries = { labels: string[]; amounts: number[]; bounds: ChartBounds; missingMonths: string[] };

export type FinanceCards =
  /** No connection: the blurred sample values under the 'Connect Company Data' prompt. */
  | { state: "not_connected"; sample: { labels: string[]; amounts: number[]; netIncome: number; incomeChange: number; revenuePerEmployee: number } }
  /** Connected, no report yet, a build queued or running (or just requested). */
  | { state: "building"; jobId: string | null }
  /** Connected, no report, the build failed. */
  | { state: "failed"; message: string }
  /** The connection needs to be made again (invalid_grant, undecryptable tokens), no report to show. */
  | { state: "broken"; message: string }
  /** A report without rows: 'No Finance Data'. */
  | { state: "empty"; brokenMessage: string | null; refreshingFor: string | null }
  | {
      state: "ready";
      sixMonths: RevenueSeries;
      twelveMonths: RevenueSeries;
      netIncome: number;
      incomeChange: number;
      revenuePerEmployee: number | null;
      /** Set when the connection broke after this report was built. */
      brokenMessage: string | null;
      /** "June 2026" while a stale report is being refreshed (the monthly banner). */
      refreshingFor: string | null;
    };

export const BROKEN_CONNECTION_MESSAGE = "QuickBooks access was revoked. Reconnect your company data.";

type FinanceInput = {
  connection: { status: string } | null;
  report: { rows: { date: string; Income: number; NetIncome: number }[] } | null;
  job: { id: string; status: string; lastError: string | null } | null;
  stale: boolean;
};

export function financeCards(finance: FinanceInput, numberOfEmployees: number, now: Date): FinanceCards {
  const { connection, report, job } = finance;
  if (!connection) {
    const sample = sampleQuickIncome(now);
    return {
      state: "not_connected",
      sample: {
        labels: sample.monthLabels,
        amounts: sample.monthAmounts,
        netIncome: sample.netIncomeAmount,
        incomeChange: sample.incomeChange,
        revenuePerEmployee: SAMPLE_REVENUE_PER_EMPLOYEE,
      },
    };
  }
  const broken = connection.status !== "connected";
  // lastError is for the logs (technical); the user gets the one plain sentence.
  const brokenMessage = broken ? BROKEN_CONNECTION_MESSAGE : null;
  if (!report) {
    if (brokenMessage) return { state: "broken", message: brokenMessage };
    if (job?.status === "failed") return { state: "failed", message: FINANCE_REPORT_FAILED_MESSAGE };
    return { state: "building", jobId: job && (job.status === "queued" || job.status === "running") ? job.id : null };
  }
  const refreshingFor = finance.stale && !broken ? monthYearLabel(monthKey(now)) : null;
  if (report.rows.length === 0) return { state: "empty", brokenMessage, refreshingFor };

  const quick = quickIncome(report.rows, now);
  const year = trends(report.rows, now);
  return {
    state: "ready",
    sixMonths: {
      labels: quick.monthLabels,
      amounts: quick.monthAmounts,
      bounds: chartBounds(quick.monthAmounts),
      missingMonths: quick.missingMonths,
    },
    twelveMonths: {
      labels: year.monthLabels,
      amounts: year.monthAmounts,
      bounds: chartBounds(year.monthAmounts),
      missingMonths: year.missingMonths,
    },
    netIncome: quick.netIncomeAmount,
    incomeChange: quick.incomeChange,
    revenuePerEmployee: revenuePerEmployee(report.rows, numberOfEmployees, now),
    brokenMessage,
    refreshingFor,
  };
}
