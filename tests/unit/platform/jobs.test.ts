import { describe, expect, it } from "vitest";
import { periodOf, retryDelaySeconds } from "~/server/platform/jobs.server";
import { BenchmarkingMessageSchema, FinanceReportMessageSchema } from "~/server/platform/queues.server";

describe("periodOf", () => {
  it("is the UTC year and month", () => {
    expect(periodOf(new Date("2026-12-01T06:00:00Z"))).toBe("2026-12");
    expect(periodOf(new Date("2027-01-31T23:59:59Z"))).toBe("2027-01");
  });
});

describe("retryDelaySeconds", () => {
  it("backs off exponentially and caps at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
    expect(retryDelaySeconds(0)).toBe(30);
  });
});

describe("queue message schemas", () => {
  it("accept a versioned message with a job id", () => {
    expect(FinanceReportMessageSchema.parse({ v: 1, type: "finance-report.build", jobId: "j1" })).toEqual({
      v: 1,
      type: "finance-report.build",
      jobId: "j1",
    });
  });

  it("refuse another version, another type or a missing id", () => {
    expect(FinanceReportMessageSchema.safeParse({ v: 2, type: "finance-report.build", jobId: "j1" }).success).toBe(
      false,
    );
    expect(FinanceReportMessageSchema.safeParse({ v: 1, type: "benchmarking.build", jobId: "j1" }).success).toBe(false);
    expect(BenchmarkingMessageSchema.safeParse({ v: 1, type: "benchmarking.build" }).success).toBe(false);
  });
});
