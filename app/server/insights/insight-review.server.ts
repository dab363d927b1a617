import { and, eq, sql } from "drizzle-orm";
import { insertNotificationsOnceFrom } from "~/server/notifications/notification-rows.server";
import { businesses, businessMembers, insightReports, insightRequests } from "~db/schema";
import { draftInsightReport } from "~/lib/insights/insight-draft";
import {
  ALREADY_IN_REVIEW_MESSAGE,
  ALREADY_PUBLISHED_MESSAGE,
  INSIGHT_READY_NOTIFICATION_TITLE,
  NOT_ASSIGNED_MESSAGE,
  PREVIEW_OUTDATED_MESSAGE,
  START_REVIEW_FIRST_MESSAGE,
  WAITING_FOR_PAYMENT_MESSAGE,
  type ReportContent,
} from "~/lib/insights/manager-insights-schemas";
import type { AppContext } from "~/server/load-context";
import { findNaics } from "~/server/business/naics.server";
import { loadRequest } from "~/server/insights/insight-request-detail.server";
import type { Manager } from "~/server/insights/insight-request-detail.server";
import { emailInsightReady } from "~/server/insights/insight-ready-email.server";
import { membersWhoMayJoin } from "~/server/business/members.server";

/**
 * An insight report's life cycle in the engagement manager console — start review (assign +
 * first draft), save, publish (request ready, the client notified in the app and by email).
 * Every state change is one D1 batch of conditional statements, so two managers (or a double
 * click) cannot both win.
 */

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
        assignedManagerId: viewer.id,
        updatedAt: now,
      })
      .where(
        and(
          eq(insightRequests.id, id),
          sql`(${insightRequests.status} = 'submitted' OR (${insightRequests.status} = 'in_review' AND coalesce(${insightRequests.assignedManagerId}, '') <> ${viewer.id}))`,
        ),
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
              eq(insightRequests.assignedManagerId, viewer.id),
            ),
          ),
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
  forPreview = false,
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
  content: ReportContent,
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
 * confirmed): the report draft → published, the request in_review → ready (its sentence
 * follows, insightStatusText; delivered_at, insight_report_id) and one notification for the business owner, in ONE batch of
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
  requestOrigin: string,
): Promise<ActionResult> {
  const now = app.now();
  const nowMs = now.getTime();
  const link = insightReportLink(id);
  const [published, , told] = await app.db.batch([
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
          reviewedBy(viewer, id),
        ),
      )
      .returning({ id: insightReports.id, title: insightReports.title }),
    app.db
      .update(insightRequests)
      .set({
        status: "ready",
        deliveredAt: now,
        updatedAt: now,
        insightReportId: sql`(SELECT p.id FROM insight_reports p WHERE p.insight_request_id = ${id} AND p.status = 'published')`,
      })
      .where(
        and(
          eq(insightRequests.id, id),
          eq(insightRequests.status, "in_review"),
          eq(insightRequests.assignedManagerId, viewer.id),
          sql`EXISTS (SELECT 1 FROM insight_reports p WHERE p.insight_request_id = ${id} AND p.status = 'published' AND p.published_at = ${nowMs})`,
        ),
      ),
    // The notification's id is derived from the request, so it is written once at most. Every
    // column is named (drizzle checks them against the table), so a new column cannot shift values.
    insertNotificationsOnceFrom(
      app.db,
      app.db
        .select({
          // One per member who may request insights (docs/decisions/068).
          id: sql<string>`${`insight-ready-${id}-`} || ${businessMembers.userId}`.as("id"),
          userId: businessMembers.userId,
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
        .innerJoin(businessMembers, membersWhoMayJoin(businesses.id, "requestInsights"))
        .innerJoin(insightReports, eq(insightReports.insightRequestId, insightRequests.id))
        .where(
          and(
            eq(insightRequests.id, id),
            eq(insightRequests.status, "ready"),
            sql`${insightRequests.deliveredAt} = ${nowMs}`,
            eq(insightReports.status, "published"),
          ),
        ),
    ),
  ]);
  const report = published[0];
  if (!report) return whyNot(app, viewer, id, true, true);
  await emailInsightReady(app, requestOrigin, {
    requestId: id,
    title: report.title,
    link,
    userIds: told.map((row) => row.userId),
  });
  return { ok: true, changed: true };
}
