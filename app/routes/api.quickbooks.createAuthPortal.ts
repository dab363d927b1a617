import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { requireClientBusiness } from "~/http/guards.server";
import { isReturnPage, startConnect } from "~/server/finance/quickbooks.server";
import type { ApiOperation } from "~/server/platform/api-contract.server";
import * as z from "zod";
import { OAUTH_RETURN_PAGES } from "~db/enums";

/**
 * GET /api/quickbooks/createAuthPortal?returnPage=PROFILE_PROGRESS|DASHBOARD|BENCHMARKING (a browser
 * navigation): 302 to Intuit's authorization page with a fresh single-use state, or to
 * the built-in demo consent page when no Intuit keys are configured. returnPage defaults to
 * DASHBOARD. Without a session: to the login screen; staff accounts: to their own home.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request, "changeSettings");
  const url = new URL(request.url);
  const requested = url.searchParams.get("returnPage");
  const returnPage = isReturnPage(requested) ? requested : "DASHBOARD";
  const location = await startConnect(context.app, viewer, returnPage, url.origin);
  return redirect(location, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

/** The loader's query: where the connection flow returns to (DASHBOARD when absent or unknown). */
export const ConnectQuerySchema = z.object({ returnPage: z.enum(OAUTH_RETURN_PAGES).optional() });

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/quickbooks/createAuthPortal",
    operationId: "startQuickBooksConnect",
    tag: "finance",
    summary:
      "A browser navigation: redirects to Intuit's consent page (or the demo one); without a session to the login screen.",
    access: "session",
    query: ConnectQuerySchema,
    ok: { 302: "to the consent page" },
    errors: [],
  },
];
