import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  businesses,
  files,
  financeReports,
  insightReports,
  insightRequests,
  users,
  type InsightRequestStatus,
} from "~db/schema";
import {
  monthSpan,
  reportAsOf,
  revenuePerEmployee,
  revenuePerEmployeeExplanation,
  trends,
  type FinanceRow,
} from "~/lib/finance/finance";
import { formatDate } from "~/lib/shared/dates";
import { formatDollars, formatPercent } from "~/lib/shared/numbers";
import { categoryLabel, fullName, planLabel } from "~/lib/shared/format";
import { insightQueueLabel } from "~/lib/insights/manager-insights-schemas";
import type { AppContext } from "~/server/load-context";
import { findNaics } from "~/server/business/naics.server";
import { paymentLabel } from "~/server/insights/insight-queue.server";
import { listedFile, type ListedFile } from "~/lib/files/listed-file";
import { requestFiles } from "~/server/files/files.server";

/**
 * One insight request as the engagement manager console shows it (`/manage/insights/:id`), with
 * everything a manager needs to write its report; also the loaded request the review actions
 * decide on.
 */

export type Manager = { id: string };

const manager = alias(users, "manager");

export type FinanceProfile = {
  /** 'Jan 2026 – Dec 2026': the window of the totals. */
  period: string;
  revenue: string;
  netIncome: string;
  /** '12.4%', or 'Not available' without revenue. */
  netMargin: string;
  /** The dashboard's revenue per employee (app/lib/finance/finance.ts), or 'Not available'. */
  revenuePerEmployee: string;
  /** How it is computed: "Income for Jan to Oct 2026 divided by 37 employees, …", or null. */
  revenuePerEmployeeNote: string | null;
  lastUpdate: string;
};

export type InsightRequestDetail = {
  id: string;
  status: InsightRequestStatus;
  statusLabel: string;
  category: string;
  created: string;
  payment: string;
  assignedToMe: boolean;
  assignedTo: string | null;
  business: {
    name: string;
    location: string;
    naics: string;
    naicsTitle: string | null;
    revenueBand: string;
    employeeBand: string;
    plan: string;
  };
  owner: { name: string; email: string };
  finance: FinanceProfile | null;
  answers: { label: string; value: string }[];
  files: ListedFile[];
  report: {
    status: "draft" | "published";
    title: string;
    highLevelSummary: string;
    recommendations: string;
    published: string | null;
    /** The report's last change (ms): the publish preview's version. */
    version: number;
  } | null;
};

/**
 * Everything the request page and the actions need: the request with its business, owner and
 * manager (one joined query), and in parallel one batch of its report, files and finance report.
 * The joined query stays out of the batch: D1 batch results come back as objects keyed by column
 * name, which would merge the joined tables' same-named columns.
 */
export async function loadRequest(app: AppContext, id: string) {
  const owner = alias(users, "owner");
  const [requestRows, [reportRows, fileRows, financeRows]] = await Promise.all([
    app.db
      .select({
        request: insightRequests,
        business: businesses,
        ownerFirstName: owner.firstName,
        ownerLastName: owner.lastName,
        ownerEmail: owner.email,
        managerFirstName: manager.firstName,
        managerLastName: manager.lastName,
        managerEmail: manager.email,
      })
      .from(insightRequests)
      .innerJoin(businesses, eq(businesses.id, insightRequests.businessId))
      .innerJoin(owner, eq(owner.id, businesses.ownerUserId))
      .leftJoin(manager, eq(manager.id, insightRequests.assignedManagerId))
      .where(eq(insightRequests.id, id))
      .limit(1),
    app.db.batch([
      app.db.select().from(insightReports).where(eq(insightReports.insightRequestId, id)).limit(1),
      requestFiles(app, eq(files.insightRequestId, id)),
      app.db
        .select({
          profitAndLoss: financeReports.profitAndLoss,
          lastUpdate: financeReports.lastUpdate,
          periodEnd: financeReports.periodEnd,
        })
        .from(financeReports)
        .innerJoin(insightRequests, eq(insightRequests.businessId, financeReports.businessId))
        .where(eq(insightRequests.id, id))
        .limit(1),
    ]),
  ]);
  const found = requestRows[0];
  if (!found) return null;
  return {
    ...found,
    report: reportRows[0] ?? null,
    files: fileRows,
    finance: financeRows[0] ?? null,
  };
}

export type LoadedRequest = NonNullable<Awaited<ReturnType<typeof loadRequest>>>;

/**
 * The last 12 complete months' totals, net margin and revenue per employee, with the dashboard's
 * definitions (app/lib/finance/finance.ts) and its reference date: the report's last month (`asOf`).
 */
export function financeProfile(
  rows: readonly FinanceRow[],
  numberOfEmployees: number,
  lastUpdate: Date,
  asOf: Date,
): FinanceProfile {
  const year = trends(rows, asOf);
  const revenue = year.revenueAmount;
  const netIncome = year.netIncomeAmount;
  const perEmployee = revenuePerEmployee(rows, numberOfEmployees, asOf);
  return {
    period: monthSpan(year.months[0], year.months[year.months.length - 1]),
    revenue: formatDollars(revenue),
    netIncome: formatDollars(netIncome),
    netMargin: revenue > 0 ? formatPercent((netIncome / revenue) * 100) : "Not available",
    revenuePerEmployee: perEmployee === null ? "Not available" : formatDollars(perEmployee.amount),
    revenuePerEmployeeNote: perEmployee === null ? null : revenuePerEmployeeExplanation(perEmployee),
    lastUpdate: formatDate(lastUpdate),
  };
}

function answersOf(request: LoadedRequest["request"]) {
  const answer = (label: string, value: string) => ({
    label,
    value: value.trim() || "Not answered",
  });
  return [
    answer("Nature of the business", request.businessNature),
    answer("Management structure", request.managementStructure),
    answer("The issue", request.issueDetails),
    answer("What causes it", request.issueCause),
    answer("The outcome they want", request.resolutionOutcome),
    answer("Help they want", request.resolutionHelp),
    answer("Annual sales", request.annualSales),
    answer("Number of employees", request.numEmployees),
  ];
}

/** The request page, or null for an unknown id. Files are listed only to the assigned manager. */
export async function getInsightRequestDetail(
  app: AppContext,
  viewer: Manager,
  id: string,
): Promise<InsightRequestDetail | null> {
  const loaded = await loadRequest(app, id);
  if (!loaded) return null;
  const { request, business, report } = loaded;
  const assignedToMe = request.assignedManagerId === viewer.id;
  return {
    id: request.id,
    status: request.status,
    statusLabel: insightQueueLabel(request.status),
    category: categoryLabel(request.category),
    created: formatDate(request.createdAt),
    payment: paymentLabel(request),
    assignedToMe,
    assignedTo: loaded.managerEmail
      ? fullName(loaded.managerFirstName, loaded.managerLastName) || loaded.managerEmail
      : null,
    business: {
      name: business.name,
      location: `${business.city}, ${business.state}`,
      naics: business.naics,
      naicsTitle: findNaics(business.naics)?.title ?? null,
      revenueBand: business.revenueBand,
      employeeBand: business.employeeBand,
      plan: planLabel(business.memberTier),
    },
    owner: {
      name: fullName(loaded.ownerFirstName, loaded.ownerLastName) || loaded.ownerEmail,
      email: loaded.ownerEmail,
    },
    finance: loaded.finance
      ? financeProfile(
          loaded.finance.profitAndLoss,
          business.numberOfEmployees,
          loaded.finance.lastUpdate,
          reportAsOf(loaded.finance.periodEnd),
        )
      : null,
    answers: answersOf(request),
    files: assignedToMe ? loaded.files.map(listedFile) : [],
    report: report
      ? {
          status: report.status,
          title: report.title,
          highLevelSummary: report.highLevelSummary,
          recommendations: report.recommendations,
          published: report.publishedAt ? formatDate(report.publishedAt) : null,
          version: report.updatedAt.getTime(),
        }
      : null,
  };
}
