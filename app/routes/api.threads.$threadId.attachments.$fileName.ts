import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { THREAD_ID_PARAM } from "~/lib/conversations/thread-api";
import { FILE_NOT_FOUND_MESSAGE } from "~/lib/files/file-rules";
import { requireApiViewer } from "~/http/guards.server";
import { downloadResponse, errorResponse } from "~/http/http.server";
import { readAttachment } from "~/server/conversations/attachments.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * GET /api/threads/{threadId}/attachments/{fileName} → a file attached to a message of the thread,
 * as a download (docs/decisions/076), for anyone who reads the thread: its business's members, its
 * consultant, the engagement managers. A file of a hidden message only to engagement managers.
 * Anyone else, another thread's file, a malformed name or a missing object alike → 404 {msg}; 401
 * without a session. Two round trips: the session, then the thread and the file in one batch.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { app } = context;
  const viewer = await requireApiViewer(app, request);
  const file = await readAttachment(app, viewer, params.threadId ?? "", params.fileName ?? "");
  if (!file) return errorResponse(404, FILE_NOT_FOUND_MESSAGE);
  return downloadResponse({ ...file, name: file.originalName });
}

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/threads/{threadId}/attachments/{fileName}",
    operationId: "getMessageAttachment",
    tag: "conversations",
    summary: "A file attached to a message of the thread, as a download.",
    access: "session",
    params: [THREAD_ID_PARAM, { name: "fileName", description: "The stored name `<uuid>.<ext>`." }],
    ok: { 200: "the file" },
    errors: [401, 404],
  },
];
