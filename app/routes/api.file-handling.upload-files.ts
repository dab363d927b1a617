import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { errorResponse, jsonResponse, readForm, requireMethod } from "~/http/http.server";
import {
  FILES_CLIENTS_ONLY_MESSAGE,
  UPLOAD_FORM,
  uploadFiles,
  uploadOf,
  uploadRefusedMessage,
} from "~/server/files/files.server";
import { requireApiClient } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";
import * as z from "zod";
import { FILE_PURPOSES } from "~db/enums";

/**
 * POST /api/file-handling/upload-files — multipart, one or more parts named `files` (at most 10)
 * and an optional `purpose` (insight_request | match_request | delivery_item | other).
 * 201 {msg: 'Your file has been added!' | 'Your files have been added!', files: [{_id, fileName,
 * originalName, size, contentType}]}; 400 {msg} with the spec §5 texts for a too-large or refused
 * file (nothing is stored when any file is refused), 'Choose a file to upload.' without files;
 * 401 without a session; 403 for staff; 404 before the business exists.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireApiClient(context.app, request, {
    business: true,
    action: "useHub",
    forbidden: FILES_CLIENTS_ONLY_MESSAGE,
  });
  // A declared size over the upload limit is refused before anything is read, and a body without a
  // Content-Length is counted as it arrives. The isolate buffers the form (stack-notes: 128 MB shared memory).
  const body = await readForm(request, UPLOAD_FORM);
  if (!body.ok) return errorResponse(400, uploadRefusedMessage(body.status));
  const result = await uploadFiles(context.app, viewer, uploadOf(body.form));
  return resultResponse(result, (ok) => jsonResponse({ msg: ok.msg, files: ok.files }, { status: 201 }));
}

export const loader = methodNotAllowed("POST");

/** What the action reads from its multipart body (through uploadOf), as the contract describes it. */
export const FileUploadSchema = z.object({
  files: z.array(z.file()).min(1).max(10).describe("One or more parts named `files`."),
  purpose: z.enum(FILE_PURPOSES).optional(),
});

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/file-handling/upload-files",
    operationId: "uploadFiles",
    tag: "files",
    summary: "Stores files of the caller's business (all or none).",
    access: "session",
    body: { name: "FileUpload", schema: FileUploadSchema, reader: "multipart" },
    ok: { 201: "{msg, files}" },
    errors: [400, ...CLIENT_ERRORS, 404],
  },
];
