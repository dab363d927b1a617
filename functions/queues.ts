import {
  claimJob,
  completeJob,
  failJobs,
  JOB_LEASE_MS,
  PermanentJobError,
  releaseJob,
  retryDelayFor,
  retryDelaySeconds,
  type JobKind,
} from "../app/server/platform/jobs.server";
import { FINANCE_REPORT_FAILED_MESSAGE } from "../app/lib/finance/finance";
import type { AppContext } from "../app/server/load-context";
import {
  BenchmarkingMessageSchema,
  FinanceRefreshContinueMessageSchema,
  FinanceReportMessageSchema,
  QUEUE_NAMES,
} from "../app/server/platform/queues.server";
import { enqueueMonthlyFinanceRefresh } from "../app/server/finance/monthly-refresh.server";
import type { Job } from "../db/schema";
import { buildBenchmarking } from "./jobs/benchmarking";
import { buildFinanceReportJob } from "./jobs/finance-report";
import { consumePrivacyDeadLetters, consumePrivacyMessages } from "../app/server/privacy/privacy-queue.server";
import { consumeMessageDigestDeadLetters, consumeMessageDigests } from "../app/server/conversations/digests.server";

export type JobBuilder = (app: AppContext, job: Job) => Promise<void>;
export type JobBuilders = Record<JobKind, JobBuilder>;

export const JOB_BUILDERS: JobBuilders = {
  finance_report: buildFinanceReportJob,
  benchmarking: buildBenchmarking,
};

type JobMessageSchema = typeof FinanceReportMessageSchema | typeof BenchmarkingMessageSchema;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs each message's job once. Every message is acknowledged or retried on its own, so one bad
 * message never replays the whole batch. Malformed messages and finished jobs are acknowledged;
 * a message for a job another attempt holds is retried after that attempt's lease (never
 * acknowledged: if the attempt's worker died, this message is what runs the job).
 * A retryable failure waits the error's own `delaySeconds` when it has one (e.g. Intuit's
 * Retry-After on a 429), otherwise the exponential backoff; the job stays queued with lastError.
 */
export async function consumeJobMessages(
  batch: Pick<MessageBatch<unknown>, "queue" | "messages">,
  app: AppContext,
  schema: JobMessageSchema,
  kind: JobKind,
  build: JobBuilder,
): Promise<void> {
  for (const message of batch.messages) {
    try {
      await consumeJobMessage(batch.queue, message, app, schema, kind, build);
    } catch (error) {
      // Our own bookkeeping failed (e.g. D1 unavailable): retry this message alone and carry on
      // with the rest of the batch. The job may have been left running: wait out its lease, so
      // the redelivery can claim it again instead of taking it for another attempt's.
      console.error(`Could not process ${batch.queue} message ${message.id}:`, errorText(error));
      message.retry({ delaySeconds: Math.max(JOB_LEASE_MS / 1000, retryDelaySeconds(message.attempts)) });
    }
  }
}

async function consumeJobMessage(
  queue: string,
  message: Message<unknown>,
  app: AppContext,
  schema: JobMessageSchema,
  kind: JobKind,
  build: JobBuilder,
): Promise<void> {
  const parsed = schema.safeParse(message.body);
  if (!parsed.success) {
    console.error(`Dropping malformed ${queue} message ${message.id}`);
    message.ack();
    return;
  }
  const claim = await claimJob(app, parsed.data.jobId);
  if ("gone" in claim) {
    message.ack(); // unknown or already finished
    return;
  }
  if ("held" in claim) {
    // Another attempt holds the lease. If that attempt's worker died (the usual reason for a
    // redelivery), this message is the only one left: it comes back once the lease is over and
    // takes the job over then; if the attempt finishes first, it finds the job done.
    message.retry({ delaySeconds: claim.retryInSeconds });
    return;
  }
  const job = claim.claimed;
  if (job.kind !== kind) {
    await failJobs(app, [job.id], `A ${job.kind} job arrived on the ${queue} queue.`);
    message.ack();
    return;
  }
  try {
    await build(app, job);
  } catch (error) {
    if (error instanceof PermanentJobError) {
      await failJobs(app, [job.id], error.message);
      message.ack();
    } else {
      console.error(`Job ${job.id} failed (attempt ${job.attempts}):`, errorText(error));
      const delaySeconds = retryDelayFor(error, job.attempts);
      await releaseJob(app, job, errorText(error), delaySeconds);
      message.retry({ delaySeconds });
    }
    return;
  }
  await completeJob(app, job);
  message.ack();
}

/** After the last retry a message lands here: the job is recorded as failed for good. */
export async function consumeDeadLetters(
  batch: MessageBatch<unknown>,
  app: AppContext,
  schema: JobMessageSchema,
  reason: string,
): Promise<void> {
  const jobIds: string[] = [];
  for (const message of batch.messages) {
    const parsed = schema.safeParse(message.body);
    if (parsed.success) jobIds.push(parsed.data.jobId);
  }
  if (jobIds.length > 0) console.error(`Dead-lettered ${batch.queue} jobs: ${jobIds.join(", ")}`);
  await failJobs(app, jobIds, reason);
  batch.ackAll();
}

/** What a dead-lettered job records as its lastError; the finance one is shown to the user. */
export const DEAD_LETTER_REASONS = {
  financeReport: FINANCE_REPORT_FAILED_MESSAGE,
  benchmarking: "The job kept failing and was stopped after its last retry.",
} as const;

const isContinuation = (body: unknown) =>
  typeof body === "object" && body !== null && (body as { type?: unknown }).type === "finance-report.fanout";

/**
 * The monthly refresh's next pages (enqueueMonthlyFinanceRefresh). Retried on failure: the jobs
 * are unique per business and period, so a replay records and sends only what is missing.
 */
async function continueFinanceRefresh(message: Message<unknown>, app: AppContext): Promise<void> {
  const parsed = FinanceRefreshContinueMessageSchema.safeParse(message.body);
  if (!parsed.success) {
    console.error(`Dropping malformed finance-report continuation ${message.id}`);
    message.ack();
    return;
  }
  try {
    await enqueueMonthlyFinanceRefresh(app, { period: parsed.data.period, after: parsed.data.after });
    message.ack();
  } catch (error) {
    console.error(`Could not continue the monthly finance refresh (${message.id}):`, errorText(error));
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/** The Worker's `queue` entry: dispatch by queue name; an unknown queue is an error. */
export async function handleQueueBatch(
  batch: MessageBatch<unknown>,
  app: AppContext,
  builders: JobBuilders = JOB_BUILDERS,
): Promise<void> {
  switch (batch.queue) {
    case QUEUE_NAMES.financeReport: {
      const continuations = batch.messages.filter((message) => isContinuation(message.body));
      for (const message of continuations) await continueFinanceRefresh(message, app);
      const builds = batch.messages.filter((message) => !isContinuation(message.body));
      if (builds.length === 0) return;
      return consumeJobMessages(
        { queue: batch.queue, messages: builds },
        app,
        FinanceReportMessageSchema,
        "finance_report",
        builders.finance_report,
      );
    }
    case QUEUE_NAMES.benchmarking:
      return consumeJobMessages(batch, app, BenchmarkingMessageSchema, "benchmarking", builders.benchmarking);
    case QUEUE_NAMES.financeReportDeadLetter:
      return consumeDeadLetters(batch, app, FinanceReportMessageSchema, DEAD_LETTER_REASONS.financeReport);
    case QUEUE_NAMES.benchmarkingDeadLetter:
      return consumeDeadLetters(batch, app, BenchmarkingMessageSchema, DEAD_LETTER_REASONS.benchmarking);
    case QUEUE_NAMES.privacy:
      return consumePrivacyMessages(batch.messages, app);
    case QUEUE_NAMES.privacyDeadLetter:
      await consumePrivacyDeadLetters(batch.messages, app);
      batch.ackAll();
      return;
    case QUEUE_NAMES.messageDigests:
      return consumeMessageDigests(batch.messages, app);
    case QUEUE_NAMES.messageDigestsDeadLetter:
      consumeMessageDigestDeadLetters(batch.messages);
      batch.ackAll();
      return;
    default:
      throw new Error(`No consumer for queue "${batch.queue}".`);
  }
}
