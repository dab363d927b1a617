import {
  chartBounds,
  FINANCE_REPORT_FAILED_MESSAGE,
  incomeChangeExplanation,
  monthKey,
  monthLabel,
  monthSpan,
  monthYearLabel,
  quickIncome,
  reportAsOf,
  revenuePerEmployee,
  revenuePerEmployeeExplanation,
  sampleQuickIncome,
  SAMPLE_REVENUE_PER_EMPLOYEE,
  trends,
  type ChartBounds,
  type QuickIncome,
} from "~/lib/finance/finance";

/**
 * The dashboard's company-data cards (monthly revenue and net income, revenue per employee) as
 * plain, serialisable values: the loader computes them from loadDashboardFinance's answer with
 * app/lib/finance/finance.ts, so the browser only draws. Every text that names months carries the year.
 */

/** The monthly card's title; the window's months follow it ("May to Oct 2026"). */
export const MONTHLY_CARD_TITLE = "Monthly Revenue and Net Income";
export const REVENUE_PER_EMPLOYEE_CARD_TITLE = "Revenue Per Employee";

export type RevenueSeries = {
  /** "May to Oct 2026". */
  period: string;
  /** Chart ticks: the month, and under it the year on the first month and on every January. */
  ticks: (string | [string, string])[];
  /** "May 2026" per month: the table, the tooltips and the screen-reader summary. */
  months: string[];
  revenue: number[];
  netIncome: number[];
  bounds: ChartBounds;
  /** "May 2026" of months the report has no row for (drawn as 0). */
  missingMonths: string[];
  revenueTotal: number;
  netIncomeTotal: number;
  /** Net income of the last month minus the month before, and that sentence spelled out. */
  incomeChange: number;
  incomeChangeExplanation: string;
};

export type RevenuePerEmployeeFigure = {
  amount: number;
  /** "Jan to Oct 2026". */
  period: string;
  employees: number;
  /** "Income for Jan to Oct 2026 divided by 37 employees." */
  explanation: string;
};

export type FinanceCards =
  /** No connection: the blurred sample values under the 'Connect Company Data' prompt. */
  | {
      state: "not_connected";
      sample: {
        labels: string[];
        revenue: number[];
        amounts: number[];
        netIncome: number;
        incomeChange: number;
        revenuePerEmployee: number;
      };
    }
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
      revenuePerEmployee: RevenuePerEmployeeFigure | null;
      /** Set when the connection broke after this report was built. */
      brokenMessage: string | null;
      /** "June 2026" while a stale report is being refreshed (the monthly banner). */
      refreshingFor: string | null;
    };

export const BROKEN_CONNECTION_MESSAGE = "QuickBooks access was revoked. Reconnect your company data.";

type FinanceInput = {
  connection: { status: string } | null;
  /** periodEnd: the report's last month ('YYYY-MM'), the reference of every figure. */
  report: { rows: { date: string; Income: number; NetIncome: number }[]; periodEnd: string } | null;
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
        revenue: sample.revenueAmounts,
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

  // The report's own month, not today: a stale report's last month is partly booked, and the
  // value insights stored with the report use the same reference.
  const asOf = reportAsOf(report.periodEnd);
  const perEmployee = revenuePerEmployee(report.rows, numberOfEmployees, asOf);
  return {
    state: "ready",
    sixMonths: revenueSeries(quickIncome(report.rows, asOf)),
    twelveMonths: revenueSeries(trends(report.rows, asOf)),
    revenuePerEmployee: perEmployee
      ? {
          amount: perEmployee.amount,
          period: monthSpan(perEmployee.months[0], perEmployee.months[perEmployee.months.length - 1]),
          employees: perEmployee.employees,
          explanation: revenuePerEmployeeExplanation(perEmployee),
        }
      : null,
    brokenMessage,
    refreshingFor,
  };
}

/** "Jan" alone, or ["Jan", "2026"] on the window's first month and on Januaries. */
export function chartTicks(months: readonly string[]): (string | [string, string])[] {
  return months.map((month, i) =>
    i === 0 || month.endsWith("-01") ? [monthLabel(month), month.slice(0, 4)] : monthLabel(month),
  );
}

function revenueSeries(window: QuickIncome): RevenueSeries {
  return {
    period: monthSpan(window.months[0], window.months[window.months.length - 1]),
    ticks: chartTicks(window.months),
    months: window.months.map(monthYearLabel),
    revenue: window.revenueAmounts,
    netIncome: window.monthAmounts,
    bounds: chartBounds([...window.revenueAmounts, ...window.monthAmounts]),
    missingMonths: window.missingMonths,
    revenueTotal: window.revenueAmount,
    netIncomeTotal: window.netIncomeAmount,
    incomeChange: window.incomeChange,
    incomeChangeExplanation: incomeChangeExplanation(window.incomeChange, window.months),
  };
}
