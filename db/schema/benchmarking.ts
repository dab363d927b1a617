/** Benchmarking: purchases and built reports. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, id } from "./columns";
import { purchases } from "./payments";
import { jobs } from "./platform";

/** A year of benchmarking bought by a business (spec: benchmarking.yearsPurchased). */
export const benchmarkingPurchases = sqliteTable(
  "benchmarking_purchases",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    /** Null when the year is included in the plan rather than bought. */
    purchaseId: text("purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("benchmarking_purchases_business_year_unique").on(t.businessId, t.year),
    index("benchmarking_purchases_purchase_id_idx").on(t.purchaseId),
  ],
);

/** Benchmarking results; one per business and period so a retried job overwrites, not duplicates. */
export const benchmarkReports = sqliteTable(
  "benchmark_reports",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The NAICS code the report was computed against (the business's code at the time). */
    naics: text("naics").notNull(),
    period: text("period").notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("benchmark_reports_business_period_unique").on(t.businessId, t.period),
    index("benchmark_reports_business_created_idx").on(t.businessId, t.createdAt),
  ],
);

export type BenchmarkingPurchase = typeof benchmarkingPurchases.$inferSelect;

export type NewBenchmarkingPurchase = typeof benchmarkingPurchases.$inferInsert;

export type BenchmarkReport = typeof benchmarkReports.$inferSelect;

export type NewBenchmarkReport = typeof benchmarkReports.$inferInsert;
