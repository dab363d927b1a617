import * as z from "zod";
import type { CloudflareBindings } from "./env.server";

/**
 * Queue payloads: versioned, discriminated, ids only (the job row holds the details). Parsed with
 * the same schema by the producer and the consumer.
 */
export const FinanceReportMessageSchema = z.object({
  v: z.literal(1),
  type: z.literal("finance-report.build"),
  jobId: z.string().min(1).max(64),
});
export const BenchmarkingMessageSchema = z.object({
  v: z.literal(1),
  type: z.literal("benchmarking.build"),
  jobId: z.string().min(1).max(64),
});
/**
 * The monthly finance refresh, continued: one invocation records and enqueues a bounded number of
 * pages of connected businesses, then hands the rest (those after `after`, by business id) to the
 * queue's consumer in this message (app/server/finance/monthly-refresh.server.ts).
 */
export const FinanceRefreshContinueMessageSchema = z.object({
  v: z.literal(1),
  type: z.literal("finance-report.fanout"),
  period: z.string().regex(/^\d{4}-\d{2}$/),
  after: z.string().min(1).max(64),
});
/**
 * The privacy queue (docs/decisions/069): a data export to build, or an account deletion to carry
 * out (or finish: every step is safe to run again). The row is the job.
 */
export const PrivacyMessageSchema = z.discriminatedUnion("type", [
  z.object({ v: z.literal(1), type: z.literal("data-export.build"), exportId: z.string().min(1).max(64) }),
  z.object({ v: z.literal(1), type: z.literal("account.delete"), deletionId: z.string().min(1).max(64) }),
]);
export type PrivacyMessage = z.infer<typeof PrivacyMessageSchema>;
/**
 * The digest queue (docs/decisions/075): a message was sent in a thread; delivered
 * MESSAGE_DIGEST_DELAY_SECONDS later, its consumer emails each participant what is still unread.
 */
export const MessageDigestMessageSchema = z.object({
  v: z.literal(1),
  type: z.literal("message-digest.send"),
  threadId: z.string().min(1).max(64),
  messageId: z.string().min(1).max(64),
});
export type MessageDigestMessage = z.infer<typeof MessageDigestMessageSchema>;
/** How long after a send its digest is looked at: a message read within it is never emailed. */
export const MESSAGE_DIGEST_DELAY_SECONDS = 5 * 60;
export type FinanceReportMessage = z.infer<typeof FinanceReportMessageSchema>;
export type FinanceRefreshContinueMessage = z.infer<typeof FinanceRefreshContinueMessageSchema>;

/** Cloudflare Queues takes at most 100 messages (and 256 KB) per sendBatch call. */
export const SEND_BATCH_LIMIT = 100;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
export type BenchmarkingMessage = z.infer<typeof BenchmarkingMessageSchema>;

export const QUEUE_NAMES = {
  financeReport: "finance-report",
  benchmarking: "benchmarking",
  financeReportDeadLetter: "finance-report-dlq",
  benchmarkingDeadLetter: "benchmarking-dlq",
  privacy: "privacy",
  privacyDeadLetter: "privacy-dlq",
  messageDigests: "message-digests",
  messageDigestsDeadLetter: "message-digests-dlq",
} as const;

export interface AppQueues {
  sendFinanceReport(jobIds: string[]): Promise<void>;
  sendBenchmarking(jobIds: string[]): Promise<void>;
  continueFinanceRefresh(period: string, after: string): Promise<void>;
  sendPrivacy(messages: PrivacyMessage[]): Promise<void>;
  /** One delayed message per send in a thread (docs/decisions/075). */
  sendMessageDigest(threadId: string, messageId: string): Promise<void>;
}

export function createQueues(
  bindings: Pick<
    CloudflareBindings,
    "FINANCE_REPORT_QUEUE" | "BENCHMARKING_QUEUE" | "PRIVACY_QUEUE" | "MESSAGE_DIGEST_QUEUE"
  >,
): AppQueues {
  return {
    // Ids only (under 100 bytes each): SEND_BATCH_LIMIT messages stay far below 256 KB.
    async sendFinanceReport(jobIds) {
      for (const chunk of chunks(jobIds, SEND_BATCH_LIMIT)) {
        await bindings.FINANCE_REPORT_QUEUE.sendBatch(
          chunk.map((jobId) => ({
            body: FinanceReportMessageSchema.parse({ v: 1, type: "finance-report.build", jobId }),
            contentType: "json" as const,
          })),
        );
      }
    },
    async sendBenchmarking(jobIds) {
      for (const chunk of chunks(jobIds, SEND_BATCH_LIMIT)) {
        await bindings.BENCHMARKING_QUEUE.sendBatch(
          chunk.map((jobId) => ({
            body: BenchmarkingMessageSchema.parse({ v: 1, type: "benchmarking.build", jobId }),
            contentType: "json" as const,
          })),
        );
      }
    },
    async continueFinanceRefresh(period, after) {
      await bindings.FINANCE_REPORT_QUEUE.send(
        FinanceRefreshContinueMessageSchema.parse({ v: 1, type: "finance-report.fanout", period, after }),
        { contentType: "json" },
      );
    },
    async sendPrivacy(messages) {
      for (const chunk of chunks(messages, SEND_BATCH_LIMIT)) {
        await bindings.PRIVACY_QUEUE.sendBatch(
          chunk.map((message) => ({ body: PrivacyMessageSchema.parse(message), contentType: "json" as const })),
        );
      }
    },
    async sendMessageDigest(threadId, messageId) {
      await bindings.MESSAGE_DIGEST_QUEUE.send(
        MessageDigestMessageSchema.parse({ v: 1, type: "message-digest.send", threadId, messageId }),
        { contentType: "json", delaySeconds: MESSAGE_DIGEST_DELAY_SECONDS },
      );
    },
  };
}
