// Bodies of the QuickBooks connection API routes, which validate with them and describe them in
// the `contract` each route exports (the OpenAPI document). Server-side because the return pages are the
// database enum.
import * as z from "zod";
import { OAUTH_RETURN_PAGES } from "~db/schema";

/** POST /api/quickbooks/setTokens: the callback URL Intuit sent the browser to. */
export const SetTokensSchema = z.object({
  url: z
    .string({ error: "The callback URL is required." })
    .min(1, "The callback URL is required.")
    .max(4000, "The callback URL is too long."),
  returnPage: z
    .enum(OAUTH_RETURN_PAGES, { error: "returnPage must be PROFILE_PROGRESS, DASHBOARD or BENCHMARKING." })
    .optional(),
});

/** POST /api/quickbooks/disconnect. The body is optional; a business it names must be the caller's. */
export const DisconnectSchema = z.object({
  businessId: z.string().max(200).optional(),
  business: z.object({ _id: z.string().max(200) }).optional(),
});
