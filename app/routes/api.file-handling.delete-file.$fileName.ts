import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FILE_REMOVE_CLIENTS_ONLY_MESSAGE } from "~/lib/files/file-rules";
import { jsonResponse, requireMethod } from "~/http/http.server";
import { removeBusinessFile } from "~/server/files/files.server";
import { requireApiClient } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * DELETE /api/file-handling/delete-file/{fileName} — removes a file of the caller's business that
 * is not attached to anything yet (the wizard's Remove button): the row and the R2 object.
 * 200 {msg: 'File removed.'}; 409 {msg} when the file is attached to a request (nothing changes);
 * 404 {msg: 'File not found.'} for a malformed name, another business's file, an unknown or an
 * already removed one; 401 without a session; 403 for staff; 405 for other methods.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "DELETE");
  const viewer = await requireApiClient(context.app, request, {
    business: true,
    action: "useHub",
    forbidden: FILE_REMOVE_CLIENTS_ONLY_MESSAGE,
  });
  const result = await removeBusinessFile(context.app, viewer.business.id, params.fileName ?? "");
  return resultResponse(result, (ok) => jsonResponse({ msg: ok.msg }));
}

export const loader = methodNotAllowed("DELETE");

export const contract: ApiOperation[] = [
  {
    method: "delete",
    path: "/api/file-handling/delete-file/{fileName}",
    operationId: "deleteFile",
    tag: "files",
    summary: "Removes a file not yet attached to a request.",
    access: "session",
    params: [{ name: "fileName", description: "The stored name `<uuid>.<ext>`." }],
    ok: { 200: "{msg}" },
    errors: [...CLIENT_ERRORS, 404, 409],
  },
];
