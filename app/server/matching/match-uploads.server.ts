import { MATCH_MAX_FILES, MATCH_TOO_MANY_FILES_MESSAGE } from "~/lib/matching/match-copy";
import { uploadFiles, type Failure } from "~/server/files/files.server";
import type { ClientViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";

/*
 * The files a business attaches to a match request from the plain file input of the wizard's
 * details page (its no-JavaScript Finish). The rules: at most MATCH_MAX_FILES in all, those already attached (`attachedCount`)
 * and the new ones, checked before anything is stored, so a refused Finish stores nothing (no R2
 * object, no files row); the new files are stored as any upload of the business (uploadFiles: the
 * type, the size and the plan's quota checked, R2 then the rows), purpose match_request.
 */

/** How many files the form already attaches, and the new ones chosen. */
export type MatchUploads = { attachedCount: number; uploads: readonly File[] };

/** Too many files in all: refused with the wizard's own message (400), before anything is stored. */
export function matchUploadsRefusal({ attachedCount, uploads }: MatchUploads): Failure | null {
  return attachedCount + uploads.length > MATCH_MAX_FILES
    ? { ok: false, status: 400, msg: MATCH_TOO_MANY_FILES_MESSAGE }
    : null;
}

/**
 * Stores the new files (none chosen: nothing stored, no names) and answers their stored names, for
 * the form's `files`; a refusal (too many, or uploadFiles' own) stores nothing.
 */
export async function attachMatchUploads(
  app: AppContext,
  viewer: ClientViewer,
  input: MatchUploads,
): Promise<{ ok: true; fileNames: string[] } | Failure> {
  const refused = matchUploadsRefusal(input);
  if (refused) return refused;
  if (input.uploads.length === 0) return { ok: true, fileNames: [] };
  const stored = await uploadFiles(app, viewer, { files: [...input.uploads], purpose: "match_request" });
  if (!stored.ok) return stored;
  return { ok: true, fileNames: stored.files.map((file) => file.fileName) };
}
