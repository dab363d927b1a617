import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { THREAD_ID_PARAM } from "~/lib/conversations/thread-api";
import { THREAD_NOT_FOUND_MESSAGE } from "~/lib/conversations/thread-copy";
import { requireApiViewer } from "~/http/guards.server";
import { errorResponse, jsonResponse, requireMethod } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { markThreadRead } from "~/server/conversations/messages.server";
import { announceThreadChange } from "~/server/conversations/thread-events.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * POST /api/threads/{threadId}/read → 200 {threadId, unread: 0}: marks the thread read for the
 * caller up to now (a read mark never moves back). No body is read. 401 without a session; 404
 * {msg} and nothing written for anyone who takes no part in the thread (docs/decisions/075).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { app } = context;
  const viewer = await requireApiViewer(app, request);
  const threadId = params.threadId ?? "";
  const result = await markThreadRead(app, viewer, threadId);
  if (!result.ok) return errorResponse(404, THREAD_NOT_FOUND_MESSAGE);
  app.afterResponse(() => announceThreadChange(app, threadId, "read"));
  return jsonResponse({ threadId, unread: 0 });
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/threads/{threadId}/read",
    operationId: "markThreadRead",
    tag: "conversations",
    summary: "Marks a thread read for the caller up to now.",
    access: "session",
    params: [THREAD_ID_PARAM],
    ok: { 200: "{threadId, unread}" },
    errors: [401, 404],
  },
];
