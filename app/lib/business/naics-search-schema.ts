// The NAICS search API's query schema, apart from naics.ts so the pages that import NAICS helpers in
// the browser do not load Zod (docs/decisions/041-javascript-weight.md).
import * as z from "zod";
import {
  NAICS_SEARCH_API_MAX_LIMIT,
  NAICS_SEARCH_LIMIT_MESSAGE,
  NAICS_SEARCH_MAX_LENGTH,
  NAICS_SEARCH_MIN_LENGTH,
  NAICS_SEARCH_REQUIRED_MESSAGE,
  NAICS_SEARCH_TOO_LONG_MESSAGE,
} from "./naics";

/** GET /api/naics/search query: `q` (words or code digits) and an optional `limit`. */
export const NaicsSearchQuerySchema = z.object({
  q: z
    .string({ error: NAICS_SEARCH_REQUIRED_MESSAGE })
    .trim()
    .min(NAICS_SEARCH_MIN_LENGTH, NAICS_SEARCH_REQUIRED_MESSAGE)
    .max(NAICS_SEARCH_MAX_LENGTH, NAICS_SEARCH_TOO_LONG_MESSAGE),
  limit: z
    .string()
    .regex(/^[0-9]{1,2}$/, NAICS_SEARCH_LIMIT_MESSAGE)
    .transform(Number)
    .pipe(
      z.number().int().min(1, NAICS_SEARCH_LIMIT_MESSAGE).max(NAICS_SEARCH_API_MAX_LIMIT, NAICS_SEARCH_LIMIT_MESSAGE),
    )
    .optional(),
});
