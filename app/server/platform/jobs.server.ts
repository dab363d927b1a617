import { and, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~db/index";
import { jobs, type Job } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { rememberOriginStatement } from "./app-origin.server";

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

/**
 * A job that will not run unless its message is sent again (docs/decisions/006): a running job
 * whose lease ran out (its worker died) and a queued job whose message was due a lease ago, in
 * both cases with no message sent for it within the last lease. The same rule in SQL
 * (stalledCondition) and for a row already read (isStalled).
 */
function stalledCondition(now: Date): SQL {
  const cutoff = new Date(now.getTime() - JOB_LEASE_MS);
  const dueBefore = or(lt(jobs.dueAt, cutoff), and(isNull(jobs.dueAt), lt(jobs.updatedAt, cutoff)))!;
  return or(
    and(eq(jobs.status, "running"), lt(jobs.startedAt, cutoff), dueBefore),
    and(eq(jobs.status, "queued"), dueBefore),
  )!;
}

export function isStalled(job: Pick<Job, "status" | "startedAt" | "dueAt" | "updatedAt">, now: Date): boolean {
  const cutoff = now.getTime() - JOB_LEASE_MS;
  const due = (job.dueAt ?? job.updatedAt).getTime();
  if (job.status === "queued") return due < cutoff;
  if (job.status === "running") return job.startedAt !== null && job.startedAt.getTime() < cutoff && due < cutoff;
  return false;
}

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
        dueAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id }),
  );
  const results = await app.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return results.flatMap((rows) => rows.map((row) => row.id));
}

/**
 * Takes back a job just created by createJobs whose queue message could not be sent (so the next
 * fire creates it again): the DELETE unrun, for the caller's db.batch. `deleteJobs` is the same for
 * a list, as one statement.
 */
export function deleteJob(db: Database, jobId: string) {
  return db.delete(jobs).where(eq(jobs.id, jobId));
}
export function deleteJobs(db: Database, jobIds: string[]) {
  return db.delete(jobs).where(inArray(jobs.id, jobIds));
}

/**
 * What a claim of a leased row answers (a job, an export, a deletion): the row is this attempt's
 * (run it); another attempt holds its lease, so this delivery must come back once the lease ends
 * (`retryInSeconds`), when the row is either finished (nothing to do) or free to take over because
 * that attempt died (acknowledging it now would lose the work with its worker); or it is unknown
 * or finished (nothing to run).
 */
export type LeaseClaim<T> = { claimed: T } | { held: true; retryInSeconds: number } | { gone: true };

export type JobClaim = LeaseClaim<Job>;

/** Past the end of a lease before a held delivery comes back, so it finds the lease over. */
const AFTER_LEASE_SECONDS = 30;

/** The answer for a row another attempt holds since `startedAt`: come back once its lease is over. */
export function heldUntilLeaseEnds(startedAt: Date | null, now: Date): { held: true; retryInSeconds: number } {
  const leaseEnds = (startedAt?.getTime() ?? now.getTime()) + JOB_LEASE_MS;
  const wait = Math.max(0, Math.ceil((leaseEnds - now.getTime()) / 1000));
  return { held: true, retryInSeconds: Math.min(43_200, wait + AFTER_LEASE_SECONDS) };
}

/**
 * Takes a job for this attempt. Only a queued job, or a running one whose lease ran out, can be
 * claimed, in one conditional UPDATE; the same batch reads the row, so a delivery that claims
 * nothing knows whether the job is finished (or unknown) or held by another attempt's lease.
 * One D1 round trip.
 */
export async function claimJob(app: AppContext, jobId: string): Promise<JobClaim> {
  const now = app.now();
  const [claimed, current] = await app.db.batch([
    app.db
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
      .returning(),
    app.db.select({ status: jobs.status, startedAt: jobs.startedAt }).from(jobs).where(eq(jobs.id, jobId)).limit(1),
  ]);
  if (claimed[0]) return { claimed: claimed[0] };
  const row = current[0];
  if (!row || row.status === "succeeded" || row.status === "failed") return { gone: true };
  // Running under another attempt's lease (a queued row would have been claimed above).
  return heldUntilLeaseEnds(row.startedAt, now);
}

/**
 * This attempt finished the job. Only the attempt that holds it (the claim's attempt number)
 * completes it: an attempt that outlived its lease, taken over by another, changes nothing.
 */
export async function completeJob(app: AppContext, job: Job): Promise<void> {
  const now = app.now();
  await app.db
    .update(jobs)
    .set({ status: "succeeded", finishedAt: now, updatedAt: now, lastError: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts)));
}

/**
 * A retryable failure: back to queued with the error noted (the attempt was counted at claim) and
 * its message due after `delaySeconds`, the retry's delay. Only by the attempt that holds it.
 */
export async function releaseJob(app: AppContext, job: Job, error: string, delaySeconds: number): Promise<void> {
  const now = app.now();
  await app.db
    .update(jobs)
    .set({
      status: "queued",
      lastError: error.slice(0, 1000),
      updatedAt: now,
      dueAt: new Date(now.getTime() + delaySeconds * 1000),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts)));
}

export async function failJobs(app: AppContext, jobIds: string[], error: string): Promise<void> {
  if (jobIds.length === 0) return;
  const now = app.now();
  await app.db
    .update(jobs)
    .set({ status: "failed", lastError: error.slice(0, 1000), finishedAt: now, updatedAt: now })
    .where(and(inArray(jobs.id, jobIds), inArray(jobs.status, ["queued", "running"])));
}

/** How many stalled jobs one sweep sends again; the rest wait for the next sweep. */
export const STALLED_SWEEP_LIMIT = 500;

/**
 * The lease sweep (cron, every 10 minutes): every stalled job (a running one past its lease, a
 * queued one whose message was due a lease ago) gets its message again, its due time set to now
 * in the same conditional UPDATE that picks it, so a second sweep in the same lease sends
 * nothing twice. A running job stays running: the message takes it over once its lease is over
 * (claimJob). The message's claim runs a job once however many copies arrive. A send that fails
 * is thrown after the other kind's; those jobs are due now and the next sweep after a lease
 * tries them again. Answers how many jobs of each kind were sent.
 */
export async function resendStalledJobs(app: AppContext): Promise<Record<JobKind, number>> {
  const now = app.now();
  const stalled = app.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.status, ["queued", "running"]), stalledCondition(now)))
    .orderBy(jobs.updatedAt)
    .limit(STALLED_SWEEP_LIMIT);
  const picked = await app.db
    .update(jobs)
    .set({ dueAt: now, updatedAt: now })
    .where(and(inArray(jobs.id, stalled), stalledCondition(now)))
    .returning({ id: jobs.id, kind: jobs.kind });
  const ids = (kind: JobKind) => picked.filter((job) => job.kind === kind).map((job) => job.id);
  const sends: [JobKind, (jobIds: string[]) => Promise<void>][] = [
    ["finance_report", (jobIds) => app.queues.sendFinanceReport(jobIds)],
    ["benchmarking", (jobIds) => app.queues.sendBenchmarking(jobIds)],
  ];
  const failures: unknown[] = [];
  for (const [kind, send] of sends) {
    const jobIds = ids(kind);
    if (jobIds.length === 0) continue;
    console.warn(`Sending ${jobIds.length} stalled ${kind} job(s) again: ${jobIds.join(", ")}`);
    await send(jobIds).catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw failures[0];
  return { finance_report: ids("finance_report").length, benchmarking: ids("benchmarking").length };
}

/** Seconds before the next try after `attempts` tries: 30 s, 60 s, 120 s … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * `created`: recorded now; `reset`: a finished job put back to queued; `resent`: a stalled job
 * (isStalled) whose message must go out again, its due time set to now.
 */
export type EnsuredJob = { job: Job; created: boolean; reset: boolean; resent: boolean };

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
 * UPDATE that puts a finished job back to queued, then one that marks a stalled job (its worker
 * died, or its message was lost) as due now, then a read of the row. In a request, the batch also
 * records the request's origin for the emails the job sends (app-origin.server.ts).
 * `created`/`reset`/`resent` tell the caller whether a message must be sent: a queued or running
 * job that is not stalled already has one.
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
      dueAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  const read = app.db.select().from(jobs).where(key).limit(1);
  const rerunStatuses: JobStatus[] = options.rerun === "failed" ? ["failed"] : ["succeeded", "failed"];
  const reset = options.rerun
    ? app.db
        .update(jobs)
        .set({
          status: "queued",
          attempts: 0,
          lastError: null,
          startedAt: null,
          finishedAt: null,
          updatedAt: now,
          dueAt: now,
        })
        .where(and(key, inArray(jobs.status, rerunStatuses)))
        .returning({ id: jobs.id })
    : null;
  // A job just reset above is queued and due now, so it is not stalled here.
  const resend = app.db
    .update(jobs)
    .set({ dueAt: now, updatedAt: now })
    .where(and(key, stalledCondition(now)))
    .returning({ id: jobs.id });
  const remember = rememberOriginStatement(app);
  const ours: BatchItem<"sqlite">[] = [insert, ...(reset ? [reset] : []), resend, read];
  const statements: BatchItem<"sqlite">[] = [
    ...(options.first ? [options.first] : []),
    ...ours,
    ...(remember ? [remember] : []),
  ];
  const results = await app.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const mine = results.slice(options.first ? 1 : 0, (options.first ? 1 : 0) + ours.length);
  const inserted = mine[0] as { id: string }[];
  const wasReset = reset ? (mine[1] as { id: string }[]) : [];
  const wasResent = mine[mine.length - 2] as { id: string }[];
  const job = (mine[mine.length - 1] as Job[])[0];
  if (!job) throw new Error(`The ${kind} job of ${businessId} for ${period} could not be recorded.`);
  return { job, created: inserted.length > 0, reset: wasReset.length > 0, resent: wasResent.length > 0 };
}

/**
 * Sends the message of a job ensureJob just created, reset or found stalled (nothing otherwise:
 * a queued or running job that is not stalled already has one). If the queue refuses it, a job
 * just created is removed and a job reset or found stalled is marked failed with
 * `failedMessage`, so the next request retries instead of waiting on a message that never went
 * out; the error is rethrown.
 */
export async function sendEnsuredJob(
  app: AppContext,
  ensured: EnsuredJob,
  send: (jobIds: string[]) => Promise<void>,
  failedMessage: string,
): Promise<void> {
  if (!ensured.created && !ensured.reset && !ensured.resent) return;
  try {
    await send([ensured.job.id]);
  } catch (error) {
    if (ensured.created) await app.db.delete(jobs).where(and(eq(jobs.id, ensured.job.id), eq(jobs.status, "queued")));
    else await failJobs(app, [ensured.job.id], failedMessage);
    throw error;
  }
}
