import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { jobs, type Job } from "~db/schema";
import type { AppContext } from "~/server/load-context";

export type JobKind = Job["kind"];
export type JobStatus = Job["status"];

/** A failure that retrying cannot fix (bad data, revoked access): the job ends at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

/**
 * A failure that may pass (a timeout, a 5xx, a rate limit): the job goes back to queued and its
 * message is retried, after `delaySeconds` when the cause says how long to wait (Retry-After),
 * otherwise after the exponential backoff of retryDelaySeconds.
 */
export class RetryableJobError extends Error {
  readonly delaySeconds: number | undefined;
  constructor(message: string, delaySeconds?: number) {
    super(message);
    this.name = "RetryableJobError";
    this.delaySeconds = delaySeconds;
  }
}

/**
 * The wait before the next try: the error's own `delaySeconds` when it carries one (any error
 * class may, e.g. the Intuit client's RetryableError), else the backoff for `attempts`.
 * Capped at the queue's limit of 12 hours; never negative.
 */
export function retryDelayFor(error: unknown, attempts: number): number {
  const own =
    typeof error === "object" && error !== null ? (error as { delaySeconds?: unknown }).delaySeconds : undefined;
  if (typeof own === "number" && Number.isFinite(own)) return Math.min(43_200, Math.max(0, Math.ceil(own)));
  return retryDelaySeconds(attempts);
}

/** A running job whose worker died is taken over after this long (queues are at-least-once). */
export const JOB_LEASE_MS = 10 * 60 * 1000;

/** 'YYYY-MM' of a date in UTC: the period that makes a job unique per business. */
export function periodOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * Records jobs (unique per kind, business and period) and returns the ids of the ones that did not
 * exist yet. One D1 round trip for the whole list; a repeat call creates and returns nothing.
 */
export async function createJobs(
  app: AppContext,
  kind: JobKind,
  businessIds: string[],
  period: string,
): Promise<string[]> {
  if (businessIds.length === 0) return [];
  const now = app.now();
  const statements = businessIds.map((businessId) =>
    app.db
      .insert(jobs)
      .values({
        id: crypto.randomUUID(),
        kind,
        businessId,
        period,
        status: "queued",
        attempts: 0,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id }),
  );
  const results = await app.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return results.flatMap((rows) => rows.map((row) => row.id));
}

/**
 * Takes a job for this attempt. Only a queued job, or a running one whose lease ran out, can be
 * claimed, in one conditional UPDATE; a duplicate delivery of a finished job claims nothing.
 */
export async function claimJob(app: AppContext, jobId: string): Promise<Job | null> {
  const now = app.now();
  const rows = await app.db
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1`, startedAt: now, updatedAt: now })
    .where(
      and(
        eq(jobs.id, jobId),
        or(
          eq(jobs.status, "queued"),
          and(eq(jobs.status, "running"), lt(jobs.startedAt, new Date(now.getTime() - JOB_LEASE_MS))),
        ),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function completeJob(app: AppContext, jobId: string): Promise<void> {
  const now = app.now();
  await app.db
    .update(jobs)
    .set({ status: "succeeded", finishedAt: now, updatedAt: now, lastError: null })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, "running")));
}

/** A retryable failure: back to queued with the error noted (the attempt was counted at claim). */
export async function releaseJob(app: AppContext, job: Job, error: string): Promise<void> {
  const now = app.now();
  await app.db
    .update(jobs)
    .set({ status: "queued", lastError: error.slice(0, 1000), updatedAt: now })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running")));
}

export async function failJobs(app: AppContext, jobIds: string[], error: string): Promise<void> {
  if (jobIds.length === 0) return;
  const now = app.now();
  await app.db
    .update(jobs)
    .set({ status: "failed", lastError: error.slice(0, 1000), finishedAt: now, updatedAt: now })
    .where(and(inArray(jobs.id, jobIds), inArray(jobs.status, ["queued", "running"])));
}

/** Seconds before the next try after `attempts` tries: 30 s, 60 s, 120 s … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

export type EnsuredJob = { job: Job; created: boolean; reset: boolean };

export type EnsureJobOptions = {
  /**
   * Put a finished job back to queued: `true` a succeeded or failed one, "failed" only a failed
   * one (a succeeded job's result stands), `false` never.
   */
  rerun: boolean | "failed";
  /** A write that must happen with the job, run first in the same batch (e.g. recording access). */
  first?: BatchItem<"sqlite">;
};

/**
 * The job of (kind, business, period), recorded if missing, in ONE D1 batch (atomic, one round
 * trip): `first` when given, insert ON CONFLICT DO NOTHING, then with `rerun` a conditional
 * UPDATE that puts a finished job back to queued, then a read of the row. `created`/`reset`
 * tell the caller whether a message must be sent: a queued or running job already has one.
 */
export async function ensureJob(
  app: AppContext,
  kind: JobKind,
  businessId: string,
  period: string,
  options: EnsureJobOptions,
): Promise<EnsuredJob> {
  const now = app.now();
  const key = and(eq(jobs.kind, kind), eq(jobs.businessId, businessId), eq(jobs.period, period));
  const insert = app.db
    .insert(jobs)
    .values({
      id: crypto.randomUUID(),
      kind,
      businessId,
      period,
      status: "queued",
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  const read = app.db.select().from(jobs).where(key).limit(1);
  const rerunStatuses: JobStatus[] = options.rerun === "failed" ? ["failed"] : ["succeeded", "failed"];
  const reset = options.rerun
    ? app.db
        .update(jobs)
        .set({ status: "queued", attempts: 0, lastError: null, startedAt: null, finishedAt: null, updatedAt: now })
        .where(and(key, inArray(jobs.status, rerunStatuses)))
        .returning({ id: jobs.id })
    : null;
  const statements: BatchItem<"sqlite">[] = [insert, ...(reset ? [reset] : []), read];
  if (options.first) statements.unshift(options.first);
  const results = await app.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const ours = options.first ? results.slice(1) : results;
  const inserted = ours[0] as { id: string }[];
  const wasReset = reset ? (ours[1] as { id: string }[]) : [];
  const job = (ours[ours.length - 1] as Job[])[0];
  if (!job) throw new Error(`The ${kind} job of ${businessId} for ${period} could not be recorded.`);
  return { job, created: inserted.length > 0, reset: wasReset.length > 0 };
}

/**
 * Sends the message of a job ensureJob just created or reset (nothing otherwise: a queued or
 * running job already has one). If the queue refuses it, a job just created is removed and a job
 * just reset is marked failed with `failedMessage`, so the next request retries instead of
 * waiting on a message that never went out; the error is rethrown.
 */
export async function sendEnsuredJob(
  app: AppContext,
  ensured: EnsuredJob,
  send: (jobIds: string[]) => Promise<void>,
  failedMessage: string,
): Promise<void> {
  if (!ensured.created && !ensured.reset) return;
  try {
    await send([ensured.job.id]);
  } catch (error) {
    if (ensured.created) await app.db.delete(jobs).where(and(eq(jobs.id, ensured.job.id), eq(jobs.status, "queued")));
    else await failJobs(app, [ensured.job.id], failedMessage);
    throw error;
  }
}
