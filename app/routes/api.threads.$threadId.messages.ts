import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { API_MESSAGES_DEFAULT_LIMIT, ThreadMessagesQuerySchema, THREAD_ID_PARAM } from "~/lib/conversations/thread-api";
import { THREAD_NOT_FOUND_MESSAGE } from "~/lib/conversations/thread-copy";
import { PostMessageSchema } from "~/lib/conversations/thread-schemas";
import { requireApiViewer } from "~/http/guards.server";
import { describeIssues, errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { resultResponse } from "~/http/route-kit.server";
import { sendMessage } from "~/server/conversations/messages.server";
import { afterMessageSent } from "~/server/conversations/thread-events.server";
import { apiMessageById, apiMessagePage } from "~/server/conversations/thread-api.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * GET /api/threads/{threadId}/messages?before=&limit= → 200 {thread, messages, nextCursor}: the
 * thread's messages newest first, `limit` (1–100, default 50) at a time; pass `nextCursor` as
 * `before` for older ones (keyset pages on the thread's index). A hidden message's body is null
 * but for engagement managers.
 *
 * POST /api/threads/{threadId}/messages {body, key?} → 201 {message}: sends a message. `key` (a
 * UUID the client makes) becomes its id, so a retried post adds nothing (answered 201 again).
 * A closed thread → 409; a member whose role only reads → 403.
 *
 * Both: 401 without a session; 404 {msg} and nothing written for anyone who takes no part in the
 * thread (another business, consultant or member, a removed member); 400 {msg} for a bad query or
 * body (docs/decisions/075).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireApiViewer(context.app, request);
  const search = new URL(request.url).searchParams;
  const query = ThreadMessagesQuerySchema.safeParse({
    before: search.get("before") ?? undefined,
    limit: search.get("limit") ?? undefined,
  });
  if (!query.success) {
    const { msg, errors } = describeIssues(query.error);
    return errorResponse(400, msg, { errors });
  }
  const page = await apiMessagePage(
    context.app,
    viewer,
    params.threadId ?? "",
    query.data.before,
    query.data.limit ?? API_MESSAGES_DEFAULT_LIMIT,
  );
  if (!page) return errorResponse(404, THREAD_NOT_FOUND_MESSAGE);
  return jsonResponse(page);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { app } = context;
  const viewer = await requireApiViewer(app, request);
  const input = await readBody(request, PostMessageSchema);
  const threadId = params.threadId ?? "";
  const key = input.key ?? crypto.randomUUID();
  const result = await sendMessage(app, viewer, threadId, { key, body: input.body });
  if (!result.ok && result.status === 404) return errorResponse(404, THREAD_NOT_FOUND_MESSAGE);
  if (!result.ok) return resultResponse(result, () => jsonResponse({}));
  afterMessageSent(app, threadId, key);
  const message = await apiMessageById(app, viewer, result.access, key);
  return jsonResponse({ message }, { status: 201 });
}

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/threads/{threadId}/messages",
    operationId: "listThreadMessages",
    tag: "conversations",
    summary: "A thread's messages, newest first, in keyset pages (pass nextCursor as before).",
    access: "session",
    params: [THREAD_ID_PARAM],
    query: ThreadMessagesQuerySchema,
    ok: { 200: "{thread, messages, nextCursor}" },
    errors: [400, 401, 404],
  },
  {
    method: "post",
    path: "/api/threads/{threadId}/messages",
    operationId: "postThreadMessage",
    tag: "conversations",
    summary: "Sends a message in a thread; a retried post with the same key adds nothing.",
    access: "session",
    params: [THREAD_ID_PARAM],
    body: { name: "PostMessage", schema: PostMessageSchema, reader: "json" },
    ok: { 201: "{message}" },
    errors: [400, 401, 403, 404, 409],
  },
];
