import { and, eq } from "drizzle-orm";
import { createAppContext } from "~/server/load-context";
import type { BenchmarkReportData } from "~/lib/benchmarking/report-types";
import { benchmarkingPurchases, benchmarkReports, jobs, purchases, valueInsights } from "~db/schema";
import { createPurchaseRow } from "./purchases";
import { db } from "./session";
import { fakeQueue, withQueue, type FakeQueue } from "./queues";

export { apiCall, fakeQueue, sentJobIds, withQueue, type FakeQueue } from "./queues";

/**
 * Benchmarking's integration helpers: a producer that records what is sent (so the real consumer
 * never races a test), the Worker called with it, and the rows a test starts from or checks.
 */

/** An app context with a fake queue and a clock. */
export function benchmarkingApp(queue: FakeQueue = fakeQueue(), now: () => Date = () => new Date(), base?: object) {
  return createAppContext(withQueue(queue, base), () => undefined, now);
}

export const currentYear = () => new Date().getUTCFullYear();

/** A paid benchmarking purchase of the year, as the webhook fulfilment leaves it. */
export async function buyYear(businessId: string, year: number = currentYear()) {
  const now = new Date();
  const { id: purchaseId } = await createPurchaseRow(businessId, {
    id: crypto.randomUUID(),
    kind: "benchmarking",
    referenceId: String(year),
    amountCents: 29_900,
    createdAt: now,
    updatedAt: now,
  });
  await db()
    .insert(benchmarkingPurchases)
    .values({ id: crypto.randomUUID(), businessId, year, purchaseId, createdAt: now });
  return purchaseId;
}

/** A year recorded as included in the plan (purchase_id NULL). */
export async function includeYear(businessId: string, year: number) {
  await db()
    .insert(benchmarkingPurchases)
    .values({ id: crypto.randomUUID(), businessId, year, purchaseId: null, createdAt: new Date() });
}

export const yearRowsOf = (businessId: string) =>
  db().select().from(benchmarkingPurchases).where(eq(benchmarkingPurchases.businessId, businessId));

export const benchmarkJobsOf = (businessId: string) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.businessId, businessId), eq(jobs.kind, "benchmarking")));

export const benchmarkReportsOf = (businessId: string) =>
  db().select().from(benchmarkReports).where(eq(benchmarkReports.businessId, businessId));

export const gapInsightsOf = (businessId: string) =>
  db()
    .select()
    .from(valueInsights)
    .where(and(eq(valueInsights.businessId, businessId), eq(valueInsights.kind, "benchmark_gap")));

export const purchasesOf = (businessId: string) =>
  db().select().from(purchases).where(eq(purchases.businessId, businessId));

/** A built report as the job stores it (the figures are only carried, not checked, by these tests). */
export function sampleReport(year: number): BenchmarkReportData {
  return {
    version: 1,
    year,
    builtAt: `${year}-03-02T10:00:00.000Z`,
    peerGroup: {
      requestedCode: "423840",
      industry: {
        code: "4238",
        label: "Machinery, equipment, and supplies merchant wholesalers",
        level: 4,
        source: "abs2017",
        year: 2017,
      },
      sizeClass: null,
      name: "Machinery, equipment, and supplies merchant wholesalers (NAICS 4238), 2017",
      note: null,
    },
    dollarsOf: 2024,
    basis: "stated",
    booksThrough: null,
    measures: [],
    readings: [],
    sources: [],
    booksVersion: null,
  };
}

/** Stores a built report for the year (as a finished job leaves it). */
export async function storeReport(businessId: string, year: number, data: BenchmarkReportData = sampleReport(year)) {
  await db()
    .insert(benchmarkReports)
    .values({
      id: crypto.randomUUID(),
      businessId,
      naics: "423840",
      period: String(year),
      data,
      createdAt: new Date(),
    });
}

/** Records the year's benchmarking job in a given state. */
export async function storeJob(
  businessId: string,
  year: number,
  status: "queued" | "running" | "succeeded" | "failed",
) {
  const now = new Date();
  const id = crypto.randomUUID();
  await db()
    .insert(jobs)
    .values({
      id,
      kind: "benchmarking",
      businessId,
      period: String(year),
      status,
      attempts: 1,
      createdAt: now,
      updatedAt: now,
    });
  return id;
}
