import { z } from "zod";
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
export type FinanceReportMessage = z.infer<typeof FinanceReportMessageSchema>;
export type BenchmarkingMessage = z.infer<typeof BenchmarkingMessageSchema>;

export const QUEUE_NAMES = {
  financeReport: "finance-report",
  benchmarking: "benchmarking",
  financeReportDeadLetter: "finance-report-dlq",
  benchmarkingDeadLetter: "benchmarking-dlq",
} as const;

export interface AppQueues {
  sendFinanceReport(jobIds: string[]): Promise<void>;
  sendBenchmarking(jobIds: string[]): Promise<void>;
}

export function createQueues(
  bindings: Pick<CloudflareBindings, "FINANCE_REPORT_QUEUE" | "BENCHMARKING_QUEUE">,
): AppQueues {
  return {
    async sendFinanceReport(jobIds) {
      if (jobIds.length === 0) return;
      await bindings.FINANCE_REPORT_QUEUE.sendBatch(
        jobIds.map((jobId) => ({
          body: FinanceReportMessageSchema.parse({ v: 1, type: "finance-report.build", jobId }),
          contentType: "json" as const,
        })),
      );
    },
    async sendBenchmarking(jobIds) {
      if (jobIds.length === 0) return;
      await bindings.BENCHMARKING_QUEUE.sendBatch(
        jobIds.map((jobId) => ({
          body: BenchmarkingMessageSchema.parse({ v: 1, type: "benchmarking.build", jobId }),
          contentType: "json" as const,
        })),
      );
    },
  };
}
