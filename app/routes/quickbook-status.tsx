import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { QuickbookStatusScreen, type QuickbookStatusData } from "~/components/finance/quickbooks/status-screen";
import { isReturnPage, STATUS_PATH, type ReturnPage } from "~/components/finance/quickbooks/connection-status";
import { homePathFor } from "~/server/identity/auth.server";
import { requireViewer } from "~/http/guards.server";
import { getFinanceReportStatus } from "~/server/finance/finance-reports.server";
import {
  ACCESS_DENIED_MESSAGE,
  BAD_STATE_MESSAGE,
  completeConnect,
  EXCHANGE_FAILED_MESSAGE,
} from "~/server/finance/quickbooks.server";
import type { ClientViewer } from "~/server/business/settings.server";

export const meta: MetaFunction = () => [{ title: "Company data | Partwise" }];

const REASON_MESSAGES = {
  access_denied: ACCESS_DENIED_MESSAGE,
  bad_state: BAD_STATE_MESSAGE,
  exchange_failed: EXCHANGE_FAILED_MESSAGE,
} as const;
type Reason = keyof typeof REASON_MESSAGES;
const isReason = (value: string | null): value is Reason => value !== null && Object.hasOwn(REASON_MESSAGES, value);

/** The callback's code and state must not linger in the address bar, history or a Referer. */
const CALLBACK_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

function statusUrl(params: Record<string, string>): string {
  return `${STATUS_PATH}?${new URLSearchParams(params)}`;
}

/**
 * /quickbook-status: where Intuit (or the demo consent page) sends the browser back (spec §4
 * accounting connection). Exempt from startup routing, but it needs a client with a business.
 *
 * - With the callback's code/state/error: completes the connection (completeConnect, the same
 *   domain function as POST /api/quickbooks/setTokens) and redirects to itself without them:
 *   `?job=<id>&returnPage=…`, or `?reason=access_denied|bad_state|exchange_failed&returnPage=…`.
 * - Otherwise: the finance-report status (one query), which the page polls while it builds.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const viewer = await requireViewer(app, request);
  if (viewer.user.role !== "client" || !viewer.business) throw redirect(homePathFor(viewer));
  const client = viewer as ClientViewer;
  const url = new URL(request.url);
  const query = url.searchParams;
  const requested = query.get("returnPage");
  const fallbackPage: ReturnPage = isReturnPage(requested) ? requested : "DASHBOARD";

  if (query.has("code") || query.has("state") || query.has("error")) {
    let target: string;
    try {
      const result = await completeConnect(app, client, request.url);
      if (result.ok) {
        target = result.jobId
          ? statusUrl({ job: result.jobId, returnPage: result.returnPage })
          : statusUrl({ returnPage: result.returnPage });
      } else {
        target = statusUrl({ reason: result.reason, returnPage: result.returnPage ?? fallbackPage });
      }
    } catch (error) {
      // Never an error page on the way back from Intuit: the status screen tells what is known.
      console.error(`QuickBooks callback failed for business ${client.business.id}:`, error);
      target = statusUrl({ returnPage: fallbackPage });
    }
    throw redirect(target, { headers: CALLBACK_HEADERS });
  }

  const reason = query.get("reason");
  if (isReason(reason)) {
    return {
      kind: "callback",
      reason,
      message: REASON_MESSAGES[reason],
      returnPage: fallbackPage,
    } satisfies QuickbookStatusData;
  }
  const status = await getFinanceReportStatus(app, client.business.id);
  return { kind: "status", status, returnPage: fallbackPage } satisfies QuickbookStatusData;
}

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

export default QuickbookStatusScreen;
