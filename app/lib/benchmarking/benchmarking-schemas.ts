// Bodies of the benchmarking API routes; the API contract each route exports (`contract`, beside
// its action) describes the same objects, so the two cannot drift.
import * as z from "zod";

/** POST /api/benchmarking/create. */
export const BenchmarkingCreateSchema = z.object({
  businessId: z.string({ error: "businessId is required." }).min(1, { error: "businessId is required." }).max(64),
});
