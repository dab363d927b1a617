import { columnValue } from "~db/column-value";
import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  files,
  insightRequests,
  type Business,
  type BusinessArea,
  type InsightRequestStatus,
  type MemberTier,
} from "~db/schema";
import { isStoredFileName } from "~/lib/files/file-rules";
import { businessFileKeys, freeFilesOf, requestFiles } from "~/server/files/files.server";
import { insertedByThisCall, linkFiles } from "~/server/files/file-rows.server";
import { INSIGHT_FILES_INVALID_MESSAGE, type InsightRequestInput } from "~/lib/insights/insight-schemas";
import { insightStatusText } from "~/lib/insights/insight-status";
import { PLANS } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import type { ClientViewer } from "~/server/identity/session.server";
import { storedFileName } from "~/lib/files/listed-file";
import { actorOf, auditAfterChange } from "~/server/audit/audit.server";
import { categoryLabel } from "~/lib/shared/format";

/**
 * Insight requests (spec §2 /create-insight, §3 "Insight request or report", §7 Insights, §9 plan
 * allowance). The wizard's page action and `POST /api/insight/insightRequest/create` both call
 * `createInsightRequest`; `GET /api/insight/insightRequest/get-insight-request/{id}` calls
 * `getInsightRequest`. Every query is scoped by the caller's business id (from the session).
 *
 * Allowance: STARTER (STANDARD) includes 1 diagnostic insight per UTC calendar month, SCALE
 * (PREMIUM) 2, BASIC none; a subscription that is past_due, unpaid or canceled includes none.
 * A request is "covered" iff the allowance still has room, decided by ONE conditional INSERT so
 * two concurrent requests cannot both be covered (D1 runs each statement, and each batch,
 * serially). Otherwise the same batch inserts it as awaiting_payment.
 */

/** Diagnostic insights included per UTC calendar month (spec §9), from the plan catalogue. */
export const PLAN_INSIGHT_ALLOWANCE: Record<MemberTier, number> = {
  BASIC: PLANS.BASIC.insightsPerMonth,
  STANDARD: PLANS.STANDARD.insightsPerMonth,
  PREMIUM: PLANS.PREMIUM.insightsPerMonth,
};

/** Subscription states that include no allowance (the plan is not being paid for). */
export const NO_ALLOWANCE_SUBSCRIPTION_STATUSES: readonly string[] = ["past_due", "unpaid", "canceled"];

export type InsightAllowance = { included: number; used: number; remaining: number };

export const INSIGHT_SUBMITTED_MESSAGE = "Your insight request has been submitted!";
export const INSIGHT_PAYMENT_NEEDED_MESSAGE = "Complete payment to submit your insight request.";
/** A requestId already used by another business: generic, says nothing about the other row. */
export const INSIGHT_REQUEST_CONFLICT_MESSAGE = "This request could not be created. Start a new insight request.";

export type InsightRequestView = {
  _id: string;
  businessId: string;
  /** ISO 8601. */
  createdAt: string;
  paymentComplete: boolean;
  coveredByPlan: boolean;
  status: InsightRequestStatus;
  /** The status sentence (insightStatusText); the client keys off it (spec §4). */
  value: string;
  /** The report's id once one is linked (published or not). */
  insightReport: string | null;
  requestInfo: {
    category: BusinessArea;
    businessNature: string;
    managementStructure: string;
    resolutionOutcome: string;
    issueDetails: string;
    issueCause: string;
    resolutionHelp: string;
    annualSales: string;
    numEmployees: string;
  };
  files: { fileName: string; originalName: string; size: number }[];
};

export type CreateInsightResult =
  | { ok: true; created: boolean; request: InsightRequestView }
  | { ok: false; status: 400 | 404 | 409; msg: string; fieldErrors?: Record<string, string[]> };

/** Staff calling a client's insight endpoint (403). */
export const INSIGHTS_CLIENTS_ONLY_MESSAGE = "Only business accounts can request insights.";

/** The allowance the business's plan gives this month (0 for BASIC or a subscription in trouble). */
export function includedInsights(business: Pick<Business, "memberTier" | "subscriptionStatus">): number {
  if (business.subscriptionStatus && NO_ALLOWANCE_SUBSCRIPTION_STATUSES.includes(business.subscriptionStatus)) return 0;
  return PLAN_INSIGHT_ALLOWANCE[business.memberTier] ?? 0;
}

/** [start, end) of the UTC calendar month containing `now`, in epoch ms. */
export function utcMonthBounds(now: Date): { start: number; end: number } {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return { start, end };
}

function coveredCountSql(businessId: string, now: Date) {
  const { start, end } = utcMonthBounds(now);
  return sql`(SELECT count(*) FROM insight_requests WHERE business_id = ${businessId} AND covered_by_plan = 1 AND created_at >= ${start} AND created_at < ${end})`;
}

/** Used = requests covered by the plan created in the current UTC calendar month. */
export async function getInsightAllowance(app: AppContext, business: Business, now: Date): Promise<InsightAllowance> {
  const included = includedInsights(business);
  const [row] = await app.db.all<{ used: number }>(sql`SELECT ${coveredCountSql(business.id, now)} AS used`);
  const used = Number(row?.used ?? 0);
  return { included, used, remaining: Math.max(0, included - used) };
}

type RequestRow = typeof insightRequests.$inferSelect;
type FileRow = { r2Key: string; originalName: string; sizeBytes: number };

function toView(row: RequestRow, fileRows: FileRow[]): InsightRequestView {
  return {
    _id: row.id,
    businessId: row.businessId,
    createdAt: row.createdAt.toISOString(),
    paymentComplete: row.paymentComplete,
    coveredByPlan: row.coveredByPlan,
    status: row.status,
    value: insightStatusText(row.status, row.coveredByPlan),
    insightReport: row.insightReportId ?? null,
    requestInfo: {
      category: row.category,
      businessNature: row.businessNature,
      managementStructure: row.managementStructure,
      resolutionOutcome: row.resolutionOutcome,
      issueDetails: row.issueDetails,
      issueCause: row.issueCause,
      resolutionHelp: row.resolutionHelp,
      annualSales: row.annualSales,
      numEmployees: row.numEmployees,
    },
    files: fileRows.map((file) => ({
      fileName: storedFileName(file.r2Key),
      originalName: file.originalName,
      size: file.sizeBytes,
    })),
  };
}

function readRequestQueries(app: AppContext, businessId: string, id: string) {
  return [
    app.db
      .select()
      .from(insightRequests)
      .where(and(eq(insightRequests.id, id), eq(insightRequests.businessId, businessId)))
      .limit(1),
    requestFiles(app, and(eq(files.insightRequestId, id), eq(files.businessId, businessId))),
  ] as const;
}

/** The business's insight request with its files (one D1 round trip); null for another business's or none. */
export async function getInsightRequest(
  app: AppContext,
  businessId: string,
  id: string,
): Promise<InsightRequestView | null> {
  const [requestRows, fileRows] = await app.db.batch([...readRequestQueries(app, businessId, id)]);
  const row = requestRows[0];
  return row ? toView(row, fileRows) : null;
}

const filesInvalid: CreateInsightResult = {
  ok: false,
  status: 400,
  msg: INSIGHT_FILES_INVALID_MESSAGE,
  fieldErrors: { files: [INSIGHT_FILES_INVALID_MESSAGE] },
};
const conflict: CreateInsightResult = { ok: false, status: 409, msg: INSIGHT_REQUEST_CONFLICT_MESSAGE };

/**
 * Creates the caller's insight request (input already parsed by InsightRequestFormSchema).
 *
 * 1. One read round trip: the row with `requestId` (if given) and the named files that are free
 *    (the caller's business, not yet linked to any request). The same id already the caller's →
 *    that request, created: false; another business's → 409, nothing written. A file name that is
 *    malformed, unknown, another business's or already linked → 400, nothing written.
 * 2. One write batch: the covered INSERT (only if the allowance has room), the awaiting_payment
 *    INSERT (a no-op when the first one inserted, ON CONFLICT(id)), the files' UPDATE, then the
 *    reads of the result. Both INSERTs also re-check, inside the batch, that every named file is
 *    still free, so a concurrent link can't leave the request half-attached.
 */
export async function createInsightRequest(
  app: AppContext,
  viewer: ClientViewer,
  input: InsightRequestInput,
): Promise<CreateInsightResult> {
  const business = viewer.business;
  const id = input.requestId ?? crypto.randomUUID();
  const names = [...new Set(input.files)];
  if (names.some((name) => !isStoredFileName(name))) return filesInvalid;
  const keys = businessFileKeys(business.id, names);
  const freeFiles = freeFilesOf(business.id, keys);
  const countFreeFiles = sql`(SELECT count(*) FROM ${files} WHERE ${freeFiles})`;

  // 1. Reads (one round trip).
  const [existing, free] = await app.db.batch([
    app.db
      .select({ businessId: insightRequests.businessId })
      .from(insightRequests)
      .where(eq(insightRequests.id, id))
      .limit(1),
    app.db
      .select({ n: sql<number>`count(*)` })
      .from(files)
      .where(freeFiles),
  ]);
  if (existing[0]) {
    if (existing[0].businessId !== business.id) return conflict;
    const view = await getInsightRequest(app, business.id, id);
    return view ? { ok: true, created: false, request: view } : conflict;
  }
  if (Number(free[0]?.n ?? 0) !== keys.length) return filesInvalid;

  // 2. Writes (one atomic batch) and the read-back.
  const now = app.now();
  const at = now.getTime();
  const allowance = includedInsights(business);
  const filesStillFree = sql`${countFreeFiles} = ${keys.length}`;

  /**
   * INSERT INTO insight_requests (every column) SELECT <this request's values> WHERE <condition>.
   * Every value is named after its column and drizzle checks the names and their order against
   * the table, so a new column fails loudly instead of shifting values into its neighbour.
   */
  const insert = (covered: boolean, condition: SQL) => {
    const status: InsightRequestStatus = covered ? "submitted" : "awaiting_payment";
    return app.db
      .insert(insightRequests)
      .select(
        app.db
          .select({
            id: columnValue(id, "id"),
            businessId: columnValue(business.id, "business_id"),
            createdByUserId: columnValue(viewer.user.id, "created_by_user_id"),
            category: columnValue(input.category, "category"),
            businessNature: columnValue(input.businessNature, "business_nature"),
            managementStructure: columnValue(input.managementStructure, "management_structure"),
            numEmployees: columnValue(input.numEmployees, "num_employees"),
            annualSales: columnValue(input.annualSales, "annual_sales"),
            issueDetails: columnValue(input.issueDetails, "issue_details"),
            issueCause: columnValue(input.issueCause, "issue_cause"),
            resolutionOutcome: columnValue(input.resolutionOutcome, "resolution_outcome"),
            resolutionHelp: columnValue(input.resolutionHelp, "resolution_help"),
            status: columnValue(status, "status"),
            paymentComplete: columnValue(covered ? 1 : 0, "payment_complete"),
            coveredByPlan: columnValue(covered ? 1 : 0, "covered_by_plan"),
            insightReportId: columnValue(null, "insight_report_id"),
            assignedManagerId: columnValue(null, "assigned_manager_id"),
            createdAt: columnValue(at, "created_at"),
            updatedAt: columnValue(at, "updated_at"),
            submittedAt: columnValue(covered ? at : null, "submitted_at"),
            deliveredAt: columnValue(null, "delivered_at"),
          })
          .from(sql`(SELECT 1)`)
          .where(condition),
      )
      .onConflictDoNothing()
      .returning({ id: insightRequests.id });
  };
  const coveredInsert = insert(
    true,
    allowance > 0 ? sql`${coveredCountSql(business.id, now)} < ${allowance} AND ${filesStillFree}` : sql`0 = 1`,
  );
  const awaitingInsert = insert(false, filesStillFree);
  const linkRequestFiles = linkFiles(
    app.db,
    business.id,
    keys,
    { insightRequestId: id },
    insertedByThisCall(insightRequests, id, business.id, at),
  );
  // Recorded right after whichever insert made the request (a repeat's inserted nothing).
  const audit = () =>
    auditAfterChange(app, {
      actor: actorOf(viewer),
      action: "insight.requested",
      businessId: business.id,
      subject: { type: "insight_request", id },
      detail: { category: categoryLabel(input.category) },
    });
  const [coveredRows, , awaitingRows, , , requestRows, fileRows] = await app.db.batch([
    coveredInsert,
    audit(),
    awaitingInsert,
    audit(),
    linkRequestFiles,
    ...readRequestQueries(app, business.id, id),
  ]);

  const row = requestRows[0];
  if (row) return { ok: true, created: coveredRows.length + awaitingRows.length > 0, request: toView(row, fileRows) };
  // Nothing inserted and nothing of ours: another business took the id meanwhile, or a file
  // was linked meanwhile.
  const [taken] = await app.db
    .select({ id: insightRequests.id })
    .from(insightRequests)
    .where(eq(insightRequests.id, id))
    .limit(1);
  return taken ? conflict : filesInvalid;
}

/** The route's message for a created (or repeated) request. */
export function createdMessage(view: InsightRequestView): string {
  return view.status === "awaiting_payment" ? INSIGHT_PAYMENT_NEEDED_MESSAGE : INSIGHT_SUBMITTED_MESSAGE;
}
