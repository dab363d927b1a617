import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { contentDisposition, FILE_NOT_FOUND_MESSAGE } from "~/lib/file-rules";
import { requireApiViewer } from "~/server/auth.server";
import { getBusinessFile } from "~/server/files.server";
import { errorResponse } from "~/server/http.server";

/**
 * GET /api/file-handling/get-file/{fileName} — the stored name `<uuid>.<ext>` of a file of the
 * caller's business → the bytes as a download (Content-Type from the files row, attachment
 * disposition, nosniff, never cached). 404 {msg} for a malformed name, a missing file and another
 * business's file alike; 401 without a session.
 * Staff (engagement managers, consultants) get 404 for now: their access comes with the manager
 * console, with its own authorization rules.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireApiViewer(context.app, request);
  if (viewer.user.role !== "client" || !viewer.business) return errorResponse(404, FILE_NOT_FOUND_MESSAGE);
  const file = await getBusinessFile(context.app, viewer.business.id, params.fileName ?? "");
  if (!file) return errorResponse(404, FILE_NOT_FOUND_MESSAGE);
  return new Response(file.body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": contentDisposition(file.originalName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
