import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FILE_NOT_FOUND_MESSAGE } from "~/lib/files/file-rules";
import { requireApiViewer } from "~/http/guards.server";
import { getAssignedFile, getBusinessFile, getCandidateFile } from "~/server/files/files.server";
import { downloadResponse, errorResponse } from "~/http/http.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * GET /api/file-handling/get-file/{fileName} — the stored name `<uuid>.<ext>` → the bytes as a
 * download (Content-Type from the files row, attachment disposition, nosniff, never cached); a
 * CSV comes with its formula cells made inert (app/lib/files/csv-formulas.ts).
 * A client gets the files of its own business; an engagement manager gets the files linked to an
 * insight or match request assigned to them (and the deliverables' files of that match's
 * engagement); a consultant the files of a match request while a candidate on it (proposed or
 * accepted, not after declining, withdrawal or rejection) and once matched to it, and the files
 * delivered for the engagements they run. Everyone else, a malformed name, a missing file and
 * another business's file alike → 404 {msg}; 401 without a session.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireApiViewer(context.app, request);
  const fileName = params.fileName ?? "";
  const file =
    viewer.user.role === "client" && viewer.business
      ? await getBusinessFile(context.app, viewer.business.id, fileName)
      : viewer.user.role === "manager"
        ? await getAssignedFile(context.app, viewer.user.id, fileName)
        : viewer.user.role === "consultant"
          ? await getCandidateFile(context.app, viewer.user.id, fileName)
          : null;
  if (!file) return errorResponse(404, FILE_NOT_FOUND_MESSAGE);
  return downloadResponse({ ...file, name: file.originalName });
}

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/file-handling/get-file/{fileName}",
    operationId: "getFile",
    tag: "files",
    summary: "A file's bytes as a download (the business's own, a manager's assigned, or a candidate consultant's).",
    access: "session",
    params: [{ name: "fileName", description: "The stored name `<uuid>.<ext>`." }],
    ok: { 200: "the file" },
    errors: [401, 404],
  },
];
