import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { benchmarkingPurchases, businesses, type Business } from "~db/schema";
import { createJobs, deleteJob, ensureJob, sendEnsuredJob } from "~/server/platform/jobs.server";
import { PLANS, type PlanTier } from "~/lib/payments/plans";
import {
  BENCHMARKING_NOT_UNLOCKED_MESSAGE,
  BENCHMARKING_START_FAILED_MESSAGE,
} from "~/lib/benchmarking/benchmarking-copy";
import { businessExtrasQueries, toBusinessExtras } from "~/server/identity/business-entity.server";
import { toClientBusiness } from "~/server/identity/serializers.server";
import type { ClientViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { preparedRead, runReads } from "~db/prepared";
import { accessTier } from "~/lib/payments/trial";

/**
 * Who may have benchmarking for a year, and starting it (docs/decisions/034):
 * - STARTER and SCALE (STANDARD / PREMIUM) include it: never charged. The year is recorded in
 *   benchmarking_purchases with purchase_id NULL when benchmarking starts for it.
 * - BASIC needs the year bought: a benchmarking_purchases row WITH a purchase (the webhook
 *   fulfilment writes it). A year recorded as included while on a plan does not carry over
 *   after a move to BASIC.
 * - The benchmarking year is the calendar year in UTC (the year a BASIC checkout sells); the
 *   job's and the report's `period` is that year as text ("2026").
 */

export type BenchmarkingAccess = "included" | "purchased" | "none";

/** The benchmarking year of `now`: the calendar year in UTC. */
export function benchmarkingYear(now: Date): number {
  return now.getUTCFullYear();
}

/** The job and report period of a benchmarking year. */
export const benchmarkingPeriod = (year: number) => String(year);

/** Whether the tier's plan includes benchmarking (STARTER and SCALE). */
export function planIncludesBenchmarking(tier: PlanTier): boolean {
  return (PLANS[tier].perks as readonly string[]).includes("competitiveBenchmarking");
}

/** Tiers whose plan includes benchmarking, for queries. */
export const INCLUDED_TIERS = (Object.keys(PLANS) as PlanTier[]).filter(planIncludesBenchmarking);

/**
 * The access of a business to the year: purchased when a row of the year carries a purchase,
 * included when its plan includes benchmarking, otherwise none. `yearRow` is the business's
 * benchmarking_purchases row of that year (or undefined).
 */
export function benchmarkingAccess(
  tier: PlanTier,
  yearRow: { purchaseId: string | null } | undefined,
): BenchmarkingAccess {
  if (yearRow?.purchaseId) return "purchased";
  if (planIncludesBenchmarking(tier)) return "included";
  return "none";
}

const yearRows = preparedRead(["businessId", "year"], (db, p) =>
  db
    .select({ purchaseId: benchmarkingPurchases.purchaseId })
    .from(benchmarkingPurchases)
    .where(and(eq(benchmarkingPurchases.businessId, p.businessId), eq(benchmarkingPurchases.year, p.year)))
    .limit(1)
    .prepare(),
);

/** The business's row of the year in benchmarking_purchases (a read, for runReads). */
export function yearRowQuery(app: AppContext, businessId: string, year: number) {
  return yearRows(app.db, { businessId, year });
}

/** Records an included year (purchase_id NULL); an existing row of the year (bought or not) stays as it is. */
export function recordIncludedYear(app: AppContext, businessId: string, year: number, now: Date) {
  return app.db
    .insert(benchmarkingPurchases)
    .values({ id: crypto.randomUUID(), businessId, year, purchaseId: null, createdAt: now })
    .onConflictDoNothing();
}

/**
 * PUT /api/payments/update-business-benchmarking for a plan that includes benchmarking: nothing
 * is charged, the year is recorded as included (idempotent: ON CONFLICT DO NOTHING).
 */
export async function recordIncludedBenchmarking(app: AppContext, businessId: string): Promise<void> {
  const now = app.now();
  await recordIncludedYear(app, businessId, benchmarkingYear(now), now);
}

/**
 * The year's benchmarking job, in ONE D1 batch (ensureJob), and its message when the job was
 * just created, put back to queued or found stalled (its worker died or its message was lost) (sendEnsuredJob: a queue that refuses leaves no job waiting
 * on a message that never went out). With `includeYear` the included year's row is recorded in
 * the same batch. Answers whether a build was queued.
 */
async function queueBenchmarkingJob(
  app: AppContext,
  businessId: string,
  year: number,
  options: { includeYear: boolean; rerun: true | "failed" },
): Promise<boolean> {
  const ensured = await ensureJob(app, "benchmarking", businessId, benchmarkingPeriod(year), {
    rerun: options.rerun,
    first: options.includeYear ? recordIncludedYear(app, businessId, year, app.now()) : undefined,
  });
  await sendEnsuredJob(app, ensured, (ids) => app.queues.sendBenchmarking(ids), BENCHMARKING_START_FAILED_MESSAGE);
  return ensured.created || ensured.reset || ensured.resent;
}

export type StartBenchmarkingResult =
  { ok: true; business: ReturnType<typeof toClientBusiness> } | { ok: false; status: 402; msg: string };

/**
 * POST /api/benchmarking/create: starts (or restarts after a failure) the building of the
 * current year's report for the viewer's own business and answers the business as the API
 * shows it (with `naicsReport` and `benchmarking.yearsPurchased`). A business with neither a
 * bought year nor a plan that includes benchmarking gets 402 {msg} and nothing is written. A
 * repeat call while the job is queued, running or done sends nothing, unless the job stalled
 * (its worker died, or its message was lost: the building screen's Try again), when it is sent again.
 */
export async function startBenchmarking(app: AppContext, viewer: ClientViewer): Promise<StartBenchmarkingResult> {
  const businessId = viewer.business.id;
  const year = benchmarkingYear(app.now());
  // The tier (and the free trial, ADR 050) is read again with the year's row: the session's copy
  // may predate a plan change.
  const [tierRows, yearRows] = await runReads(app.db, [
    app.db
      .select({
        memberTier: businesses.memberTier,
        trialTier: businesses.trialTier,
        trialEndsAt: businesses.trialEndsAt,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
    yearRowQuery(app, businessId, year),
  ]);
  const tier = accessTier(tierRows[0] ?? viewer.business, app.now());
  const access = benchmarkingAccess(tier, yearRows[0]);
  if (access === "none") return { ok: false, status: 402, msg: BENCHMARKING_NOT_UNLOCKED_MESSAGE };

  // A failed build starts again; a succeeded one's report stands; a queued or running one has its
  // message, unless it stalled, when ensureJob marks it to be sent again.
  await queueBenchmarkingJob(app, businessId, year, { includeYear: access === "included", rerun: "failed" });
  return { ok: true, business: await clientBusiness(app, viewer) };
}

/** The business as the API shows it, read after a change: one batch. */
async function clientBusiness(app: AppContext, viewer: ClientViewer) {
  const [rows, ...extras] = await app.db.batch([
    app.db.select().from(businesses).where(eq(businesses.id, viewer.business.id)),
    ...businessExtrasQueries(app, viewer.business.id),
  ]);
  const business: Business = rows[0] ?? viewer.business;
  return toClientBusiness(business, viewer.user.role, toBusinessExtras(extras));
}

/**
 * Rebuilds the year's report of a business that has benchmarking for the year and whose job is
 * finished (succeeded or failed): used when its books changed. A queued or running job is left
 * alone (it reads the books when it runs). Answers whether a build was queued.
 */
export function rerunBenchmarking(app: AppContext, businessId: string, year: number): Promise<boolean> {
  return queueBenchmarkingJob(app, businessId, year, { includeYear: false, rerun: true });
}

/**
 * The monthly cron's part: every STARTER or SCALE business that has used benchmarking in an
 * earlier year and has no row for the current year gets the year recorded as included and its
 * job queued, so the plan's new year is built without anyone asking. Idempotent: the year's row
 * and the job are unique per business and year, so a second fire records and sends nothing.
 */
export async function startIncludedYears(app: AppContext): Promise<{ year: number; enqueued: number }> {
  const now = app.now();
  const year = benchmarkingYear(now);
  const due = await app.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      and(
        inArray(businesses.memberTier, INCLUDED_TIERS),
        sql`EXISTS (SELECT 1 FROM ${benchmarkingPurchases} AS past WHERE past.business_id = ${businesses.id} AND past.year < ${year})`,
        sql`NOT EXISTS (SELECT 1 FROM ${benchmarkingPurchases} AS current WHERE current.business_id = ${businesses.id} AND current.year = ${year})`,
      ),
    );
  if (due.length === 0) return { year, enqueued: 0 };
  const businessIds = due.map((row) => row.id);
  // One statement per business (D1 binds at most 100 parameters per statement), in one batch.
  const [firstYear, ...otherYears] = businessIds.map((businessId) => recordIncludedYear(app, businessId, year, now));
  await app.db.batch([firstYear!, ...otherYears]);
  const jobIds = await createJobs(app, "benchmarking", businessIds, benchmarkingPeriod(year));
  try {
    await app.queues.sendBenchmarking(jobIds);
  } catch (error) {
    // Without their messages the jobs would never run: take the jobs and the year rows just
    // recorded back out, so the next fire retries them.
    const [firstUndo, ...otherUndos] = [
      ...jobIds.map((jobId) => deleteJob(app.db, jobId)),
      ...businessIds.map((businessId) =>
        app.db
          .delete(benchmarkingPurchases)
          .where(
            and(
              eq(benchmarkingPurchases.businessId, businessId),
              eq(benchmarkingPurchases.year, year),
              isNull(benchmarkingPurchases.purchaseId),
            ),
          ),
      ),
    ];
    await app.db.batch([firstUndo!, ...otherUndos]);
    throw error;
  }
  return { year, enqueued: jobIds.length };
}
