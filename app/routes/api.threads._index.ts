import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiViewer } from "~/http/guards.server";
import { jsonResponse } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { apiThreadList } from "~/server/conversations/thread-api.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * GET /api/threads → 200 {threads: [{id, matchRequestId, category, business, consultant, closed,
 * unread, lastMessage}]}: the conversations the signed-in person takes part in (a business's
 * presented candidates, a consultant's candidacies, every thread for an engagement manager),
 * latest activity first, at most 100 (docs/decisions/075). 401 without a session.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireApiViewer(context.app, request);
  return jsonResponse({ threads: await apiThreadList(context.app, viewer) });
}

export const action = methodNotAllowed("GET");

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/threads",
    operationId: "listThreads",
    tag: "conversations",
    summary: "The conversations the caller takes part in, latest activity first, with their unread counts.",
    access: "session",
    ok: { 200: "{threads}" },
    errors: [401],
  },
];
