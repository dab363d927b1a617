import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  businesses,
  files,
  financeReports,
  insightReports,
  insightRequests,
  notifications,
  users,
  type InsightRequestStatus,
} from "~db/schema";
import {
  formatCurrency,
  monthSpan,
  reportAsOf,
  revenuePerEmployee,
  revenuePerEmployeeExplanation,
  trends,
  type FinanceRow,
} from "~/lib/finance/finance";
import { formatDate } from "~/lib/shared/dates";
import { categoryLabel, fullName, planLabel } from "~/lib/shared/format";
import { draftInsightReport } from "~/lib/insights/insight-draft";
import { insightStatusText } from "~/lib/insights/insight-status";
import {
  ALREADY_IN_REVIEW_MESSAGE,
  ALREADY_PUBLISHED_MESSAGE,
  INSIGHT_READY_EMAIL_SUBJECT,
  INSIGHT_READY_NOTIFICATION_TITLE,
  insightQueueLabel,
  NOT_ASSIGNED_MESSAGE,
  PAYMENT_AWAITING,
  PAYMENT_INCLUDED,
  PAYMENT_PAID,
  PREVIEW_OUTDATED_MESSAGE,
  START_REVIEW_FIRST_MESSAGE,
  WAITING_FOR_PAYMENT_MESSAGE,
  type ReportContent,
} from "~/lib/insights/manager-insights-schemas";
import { sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import type { AppContext } from "~/server/load-context";
import { findNaics } from "~/server/business/naics.server";

/**
 * The engagement manager console's insight work (`/manage/insights`): the queue of insight
 * requests, one request with everything a manager needs to write its report, and the report's
 * life cycle — start review (assign + first draft), save, publish (request ready, the client
 * notified in the app and by email). Every state change is one D1 batch of conditional
 * statements, so two managers (or a double click) cannot both win.
 */

export type Manager = { id: string };

function paymentLabel(row: { coveredByPlan: boolean; paymentComplete: boolean }): string {
  if (row.coveredByPlan) return PAYMENT_INCLUDED;
  return row.paymentComplete ? PAYMENT_PAID : PAYMENT_AWAITING;
}

// ---------------------------------------------------------------------------------------------
// Overview and queue
// ---------------------------------------------------------------------------------------------

export type InsightQueueCounts = Record<InsightRequestStatus, number>;

/** How many requests are in each status (one grouped query). */
export async function insightQueueCounts(app: AppContext): Promise<InsightQueueCounts> {
  const rows = await app.db
    .select({ status: insightRequests.status, value: count() })
    .from(insightRequests)
    .groupBy(insightRequests.status);
  const counts: InsightQueueCounts = {
    awaiting_payment: 0,
    submitted: 0,
    in_review: 0,
    ready: 0,
  };
  for (const row of rows) counts[row.status] = row.value;
  return counts;
}

export type InsightQueueRow = {
  id: string;
  company: string;
  category: string;
  created: string;
  assignedTo: string;
  payment: string;
};

const manager = alias(users, "manager");

/** One query: the requests in one status with company and assigned manager, newest first. */
export async function listInsightQueue(app: AppContext, status: InsightRequestStatus): Promise<InsightQueueRow[]> {
  const rows = await app.db
    .select({
      id: insightRequests.id,
      category: insightRequests.category,
      createdAt: insightRequests.createdAt,
      coveredByPlan: insightRequests.coveredByPlan,
      paymentComplete: insightRequests.paymentComplete,
      company: businesses.name,
      managerFirstName: manager.firstName,
      managerLastName: manager.lastName,
      managerEmail: manager.email,
    })
    .from(insightRequests)
    .innerJoin(businesses, eq(businesses.id, insightRequests.businessId))
    .leftJoin(manager, eq(manager.id, insightRequests.assignedManagerId))
    .where(eq(insightRequests.status, status))
    .orderBy(desc(insightRequests.createdAt), desc(insightRequests.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    company: row.company,
    category: categoryLabel(row.category),
    created: formatDate(row.createdAt),
    assignedTo: row.managerEmail
      ? fullName(row.managerFirstName, row.managerLastName) || row.managerEmail
      : "Unassigned",
    payment: paymentLabel(row),
  }));
}

// ---------------------------------------------------------------------------------------------
// One request
// ---------------------------------------------------------------------------------------------

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
  files: { fileName: string; originalName: string; size: string }[];
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
async function loadRequest(app: AppContext, id: string) {
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
      app.db
        .select({
          r2Key: files.r2Key,
          originalName: files.originalName,
          sizeBytes: files.sizeBytes,
        })
        .from(files)
        .where(eq(files.insightRequestId, id))
        .orderBy(files.createdAt, files.id),
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

type LoadedRequest = NonNullable<Awaited<ReturnType<typeof loadRequest>>>;

function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 100) / 10} KB`;
  return `${Math.round(bytes / 100_000) / 10} MB`;
}

const percent = new Intl.NumberFormat("en-US", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/**
 * The last 12 complete months' totals, net margin and revenue per employee, with the dashboard's
 * definitions (app/lib/finance/finance.ts) and its reference date: the report's last month (`asOf`).
 */
export function financeProfile(
  rows: readonly FinanceRow[],
  numberOfEmployees: number,
  lastUpdate: Date,
  asOf: Date
): FinanceProfile {
  const year = trends(rows, asOf);
  const revenue = year.revenueAmount;
  const netIncome = year.netIncomeAmount;
  const perEmployee = revenuePerEmployee(rows, numberOfEmployees, asOf);
  return {
    period: monthSpan(year.months[0], year.months[year.months.length - 1]),
    revenue: formatCurrency(revenue),
    netIncome: formatCurrency(netIncome),
    netMargin: revenue > 0 ? percent.format(netIncome / revenue) : "Not available",
    revenuePerEmployee: perEmployee === null ? "Not available" : formatCurrency(perEmployee.amount),
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
  id: string
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
    files: assignedToMe
      ? loaded.files.map((file) => ({
          fileName: file.r2Key.slice(file.r2Key.lastIndexOf("/") + 1),
          originalName: file.originalName,
          size: formatSize(file.sizeBytes),
        }))
      : [],
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

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

export type ActionFailure = { ok: false; status: 403 | 404 | 409; msg: string };
export type ActionResult = { ok: true; changed: boolean } | ActionFailure;

/**
 * Start review (or take over one in review by someone else): assigns the request to the
 * manager, creates the draft report from draftInsightReport if none exists, and moves the request
 * to in_review — one batch of conditional statements. Awaiting payment and published requests
 * cannot be started; a second start by the same manager changes nothing.
 */
export async function startInsightReview(app: AppContext, viewer: Manager, id: string): Promise<ActionResult> {
  const loaded = await loadRequest(app, id);
  if (!loaded) return { ok: false, status: 404, msg: "Not Found" };
  const { request, business } = loaded;
  if (request.status === "awaiting_payment") return { ok: false, status: 409, msg: WAITING_FOR_PAYMENT_MESSAGE };
  if (request.status === "ready") return { ok: false, status: 409, msg: ALREADY_PUBLISHED_MESSAGE };
  if (request.status === "in_review" && request.assignedManagerId === viewer.id) {
    return { ok: false, status: 409, msg: ALREADY_IN_REVIEW_MESSAGE };
  }

  const now = app.now();
  const draft = draftInsightReport({
    category: request.category,
    answers: {
      businessNature: request.businessNature,
      managementStructure: request.managementStructure,
      issueDetails: request.issueDetails,
      issueCause: request.issueCause,
      resolutionOutcome: request.resolutionOutcome,
      resolutionHelp: request.resolutionHelp,
      annualSales: request.annualSales,
      numEmployees: request.numEmployees,
    },
    business: {
      name: business.name,
      naics: business.naics,
      naicsTitle: findNaics(business.naics)?.title ?? null,
      revenueBand: business.revenueBand,
      employeeBand: business.employeeBand,
      numberOfEmployees: business.numberOfEmployees,
    },
    finance: loaded.finance?.profitAndLoss ?? null,
    now,
  });
  const nowMs = now.getTime();
  const reportId = crypto.randomUUID();
  const { title, highLevelSummary: summary, recommendations } = draft;
  const [assigned] = await app.db.batch([
    app.db
      .update(insightRequests)
      .set({
        status: "in_review",
        statusText: insightStatusText("in_review", request.coveredByPlan),
        assignedManagerId: viewer.id,
        updatedAt: now,
      })
      .where(
        and(
          eq(insightRequests.id, id),
          sql`(${insightRequests.status} = 'submitted' OR (${insightRequests.status} = 'in_review' AND coalesce(${insightRequests.assignedManagerId}, '') <> ${viewer.id}))`
        )
      )
      .returning({ id: insightRequests.id }),
    // INSERT … SELECT with every column named: drizzle checks the selected keys against the
    // table's columns (names and order) and throws on a mismatch, so a new column can never
    // shift values into its neighbour.
    app.db
      .insert(insightReports)
      .select(
        app.db
          .select({
            id: sql<string>`${reportId}`.as("id"),
            insightRequestId: insightRequests.id,
            businessId: insightRequests.businessId,
            category: insightRequests.category,
            title: sql<string>`${title}`.as("title"),
            highLevelSummary: sql<string>`${summary}`.as("high_level_summary"),
            recommendations: sql<string>`${recommendations}`.as("recommendations"),
            status: sql<string>`'draft'`.as("status"),
            authorId: sql<string>`${viewer.id}`.as("author_id"),
            clientSatisfaction: sql<null>`NULL`.as("client_satisfaction"),
            clientFeedback: sql<null>`NULL`.as("client_feedback"),
            feedbackAt: sql<null>`NULL`.as("feedback_at"),
            convertedToMatchRequestId: sql<null>`NULL`.as("converted_to_match_request_id"),
            createdAt: sql<number>`${nowMs}`.as("created_at"),
            updatedAt: sql<number>`${nowMs}`.as("updated_at"),
            publishedAt: sql<null>`NULL`.as("published_at"),
          })
          .from(insightRequests)
          .where(
            and(
              eq(insightRequests.id, id),
              eq(insightRequests.status, "in_review"),
              eq(insightRequests.assignedManagerId, viewer.id)
            )
          )
      )
      .onConflictDoNothing({ target: insightReports.insightRequestId }),
  ]);
  if (assigned.length === 0) return whyNot(app, viewer, id, false);
  return { ok: true, changed: true };
}

/**
 * Why a conditional write changed nothing, from the row as it is now. `forReport`: the write was
 * to the report (save / publish), which needs a review in progress by this manager. `forPreview`:
 * the write was a publish of a previewed version, so a review that is still this manager's means
 * the draft changed after the preview.
 */
async function whyNot(
  app: AppContext,
  viewer: Manager,
  id: string,
  forReport: boolean,
  forPreview = false
): Promise<ActionFailure> {
  const [row] = await app.db
    .select({
      status: insightRequests.status,
      assignedManagerId: insightRequests.assignedManagerId,
    })
    .from(insightRequests)
    .where(eq(insightRequests.id, id))
    .limit(1);
  if (!row) return { ok: false, status: 404, msg: "Not Found" };
  if (row.status === "ready") return { ok: false, status: 409, msg: ALREADY_PUBLISHED_MESSAGE };
  if (row.status === "awaiting_payment") return { ok: false, status: 409, msg: WAITING_FOR_PAYMENT_MESSAGE };
  if (row.status === "in_review" && row.assignedManagerId !== viewer.id)
    return { ok: false, status: 403, msg: NOT_ASSIGNED_MESSAGE };
  if (row.status === "in_review" && !forReport) return { ok: false, status: 409, msg: ALREADY_IN_REVIEW_MESSAGE };
  if (row.status === "in_review" && forPreview) return { ok: false, status: 409, msg: PREVIEW_OUTDATED_MESSAGE };
  return { ok: false, status: 409, msg: START_REVIEW_FIRST_MESSAGE };
}

/** The request is in review by this manager (a condition for the report's writes). */
const reviewedBy = (viewer: Manager, id: string) =>
  sql`EXISTS (SELECT 1 FROM insight_requests r WHERE r.id = ${id} AND r.status = 'in_review' AND r.assigned_manager_id = ${viewer.id})`;

/** Saves the draft's title, summary and recommendations (only the assigned manager, only drafts). */
export async function saveInsightDraft(
  app: AppContext,
  viewer: Manager,
  id: string,
  content: ReportContent
): Promise<ActionResult> {
  const updated = await app.db
    .update(insightReports)
    .set({ ...content, updatedAt: app.now() })
    .where(and(eq(insightReports.insightRequestId, id), eq(insightReports.status, "draft"), reviewedBy(viewer, id)))
    .returning({ id: insightReports.id });
  if (updated.length > 0) return { ok: true, changed: true };
  return whyNot(app, viewer, id, true);
}

/** The in-app link of a delivered insight (spec §2 /insight-discovery). */
export const insightReportLink = (requestId: string) =>
  `/insight-discovery?type=REPORT&id=${encodeURIComponent(requestId)}`;

/**
 * Publishes the draft the manager previewed (`version`: the draft's last change, in ms, as the
 * preview showed it; a draft changed since then is refused with 409, so what goes out is what was
 * confirmed): the report draft → published, the request in_review → ready (status text,
 * delivered_at, insight_report_id) and one notification for the business owner, in ONE batch of
 * conditional statements (the notification's id is derived from the request, so it is written
 * once). Then the owner is emailed (the link on APP_URL, else the request's origin); an email
 * failure is logged and does not undo the publish. A second publish answers 409 and changes
 * nothing.
 */
export async function publishInsightReport(
  app: AppContext,
  viewer: Manager,
  id: string,
  version: number,
  requestOrigin: string
): Promise<ActionResult> {
  const now = app.now();
  const nowMs = now.getTime();
  const link = insightReportLink(id);
  const [published] = await app.db.batch([
    app.db
      .update(insightReports)
      .set({
        status: "published",
        publishedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(insightReports.insightRequestId, id),
          eq(insightReports.status, "draft"),
          eq(insightReports.updatedAt, new Date(version)),
          reviewedBy(viewer, id)
        )
      )
      .returning({ id: insightReports.id, title: insightReports.title }),
    app.db
      .update(insightRequests)
      .set({
        status: "ready",
        statusText: insightStatusText("ready", false),
        deliveredAt: now,
        updatedAt: now,
        insightReportId: sql`(SELECT p.id FROM insight_reports p WHERE p.insight_request_id = ${id} AND p.status = 'published')`,
      })
      .where(
        and(
          eq(insightRequests.id, id),
          eq(insightRequests.status, "in_review"),
          eq(insightRequests.assignedManagerId, viewer.id),
          sql`EXISTS (SELECT 1 FROM insight_reports p WHERE p.insight_request_id = ${id} AND p.status = 'published' AND p.published_at = ${nowMs})`
        )
      ),
    // The notification's id is derived from the request, so it is written once at most. Every
    // column is named (drizzle checks them against the table), so a new column cannot shift values.
    app.db
      .insert(notifications)
      .select(
        app.db
          .select({
            id: sql<string>`${`insight-ready-${id}`}`.as("id"),
            userId: businesses.ownerUserId,
            businessId: businesses.id,
            kind: sql<string>`'insight_ready'`.as("kind"),
            title: sql<string>`${INSIGHT_READY_NOTIFICATION_TITLE}`.as("title"),
            body: insightReports.title,
            link: sql<string>`${link}`.as("link"),
            readAt: sql<null>`NULL`.as("read_at"),
            createdAt: sql<number>`${nowMs}`.as("created_at"),
          })
          .from(insightRequests)
          .innerJoin(businesses, eq(businesses.id, insightRequests.businessId))
          .innerJoin(insightReports, eq(insightReports.insightRequestId, insightRequests.id))
          .where(
            and(
              eq(insightRequests.id, id),
              eq(insightRequests.status, "ready"),
              sql`${insightRequests.deliveredAt} = ${nowMs}`,
              eq(insightReports.status, "published")
            )
          )
      )
      .onConflictDoNothing({ target: notifications.id }),
  ]);
  const report = published[0];
  if (!report) return whyNot(app, viewer, id, true, true);
  await emailOwner(app, id, report.title, new URL(link, app.env.APP_URL ?? requestOrigin).toString());
  return { ok: true, changed: true };
}

async function emailOwner(app: AppContext, requestId: string, title: string, url: string): Promise<void> {
  try {
    const [owner] = await app.db
      .select({ email: users.email, firstName: users.firstName })
      .from(insightRequests)
      .innerJoin(businesses, eq(businesses.id, insightRequests.businessId))
      .innerJoin(users, eq(users.id, businesses.ownerUserId))
      .where(eq(insightRequests.id, requestId))
      .limit(1);
    if (!owner) return;
    const { text, html } = renderEmail({
      heading: INSIGHT_READY_NOTIFICATION_TITLE,
      blocks: [
        {
          type: "paragraph",
          text: `Hi ${owner.firstName || "there"}, your Partwise engagement manager has published your insight report.`,
        },
        { type: "field", label: "Report", value: title },
        { type: "button", label: "View your insight", url },
      ],
      footer: "You received this email because your business requested an insight on Partwise.",
    });
    await sendEmail(app, {
      to: owner.email,
      subject: INSIGHT_READY_EMAIL_SUBJECT,
      text,
      html,
      kind: "insight_ready",
    });
  } catch (error) {
    console.error(`Insight ${requestId} was published but the email to its owner failed:`, error);
  }
}
