import {
  ACCEPTED_EXTENSIONS,
  acceptedExtension,
  FILE_ADDED_MESSAGE,
  FILE_REJECTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILES_ADDED_MESSAGE,
  MAX_FILE_BYTES,
} from "~/lib/files/file-rules";

/**
 * The browser's half of the upload rules (spec §5 "File upload"): the same extension list and
 * size limit the server applies (app/lib/files/file-rules.ts), for dropped and picked files alike.
 * The server still checks every file's content; this only saves a pointless upload. Pure.
 */

/** The picker's `accept` attribute: every accepted extension. */
export const FILE_ACCEPT = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(",");

/** The message refusing a file before upload, or null when it may be uploaded. Extension first, like the server. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!acceptedExtension(file.name)) return FILE_REJECTED_MESSAGE;
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}

/** Splits a selection into files to upload and the first refusal message (null when none). */
export function partitionFiles<T extends { name: string; size: number }>(
  files: readonly T[],
): { accepted: T[]; problem: string | null } {
  const accepted: T[] = [];
  let problem: string | null = null;
  for (const file of files) {
    const message = fileProblem(file);
    if (message) problem ??= message;
    else accepted.push(file);
  }
  return { accepted, problem };
}

/** The success text after `count` files were stored. */
export function addedMessage(count: number): string {
  return count > 1 ? FILES_ADDED_MESSAGE : FILE_ADDED_MESSAGE;
}
