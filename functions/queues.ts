import {
  claimJob,
  completeJob,
  failJobs,
  PermanentJobError,
  releaseJob,
  retryDelaySeconds,
  type JobKind,
} from "../app/server/jobs.server";
import type { AppContext } from "../app/server/load-context";
import { BenchmarkingMessageSchema, FinanceReportMessageSchema, QUEUE_NAMES } from "../app/server/queues.server";
import type { Job } from "../db/schema";
import { buildBenchmarking } from "./jobs/benchmarking";
import { buildFinanceReport } from "./jobs/finance-report";

export type JobBuilder = (app: AppContext, job: Job) => Promise<void>;
export type JobBuilders = Record<JobKind, JobBuilder>;

export const JOB_BUILDERS: JobBuilders = {
  finance_report: buildFinanceReport,
  benchmarking: buildBenchmarking,
};

type JobMessageSchema = typeof FinanceReportMessageSchema | typeof BenchmarkingMessageSchema;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs each message's job once. Every message is acknowledged or retried on its own, so one bad
 * message never replays the whole batch. Malformed messages and finished jobs are acknowledged.
 */
export async function consumeJobMessages(
  batch: MessageBatch<unknown>,
  app: AppContext,
  schema: JobMessageSchema,
  kind: JobKind,
  build: JobBuilder,
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = schema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`Dropping malformed ${batch.queue} message ${message.id}`);
      message.ack();
      continue;
    }
    const job = await claimJob(app, parsed.data.jobId);
    if (!job) {
      message.ack(); // unknown, already finished, or being run by another attempt
      continue;
    }
    if (job.kind !== kind) {
      await failJobs(app, [job.id], `A ${job.kind} job arrived on the ${batch.queue} queue.`);
      message.ack();
      continue;
    }
    try {
      await build(app, job);
      await completeJob(app, job.id);
      message.ack();
    } catch (error) {
      if (error instanceof PermanentJobError) {
        await failJobs(app, [job.id], error.message);
        message.ack();
      } else {
        console.error(`Job ${job.id} failed (attempt ${job.attempts}):`, errorText(error));
        await releaseJob(app, job, errorText(error));
        message.retry({ delaySeconds: retryDelaySeconds(job.attempts) });
      }
    }
  }
}

/** After the last retry a message lands here: the job is recorded as failed for good. */
export async function consumeDeadLetters(
  batch: MessageBatch<unknown>,
  app: AppContext,
  schema: JobMessageSchema,
): Promise<void> {
  const jobIds: string[] = [];
  for (const message of batch.messages) {
    const parsed = schema.safeParse(message.body);
    if (parsed.success) jobIds.push(parsed.data.jobId);
  }
  await failJobs(app, jobIds, "The job kept failing and was stopped after its last retry.");
  batch.ackAll();
}

/** The Worker's `queue` entry: dispatch by queue name; an unknown queue is an error. */
export async function handleQueueBatch(
  batch: MessageBatch<unknown>,
  app: AppContext,
  builders: JobBuilders = JOB_BUILDERS,
): Promise<void> {
  switch (batch.queue) {
    case QUEUE_NAMES.financeReport:
      return consumeJobMessages(batch, app, FinanceReportMessageSchema, "finance_report", builders.finance_report);
    case QUEUE_NAMES.benchmarking:
      return consumeJobMessages(batch, app, BenchmarkingMessageSchema, "benchmarking", builders.benchmarking);
    case QUEUE_NAMES.financeReportDeadLetter:
      return consumeDeadLetters(batch, app, FinanceReportMessageSchema);
    case QUEUE_NAMES.benchmarkingDeadLetter:
      return consumeDeadLetters(batch, app, BenchmarkingMessageSchema);
    default:
      throw new Error(`No consumer for queue "${batch.queue}".`);
  }
}

