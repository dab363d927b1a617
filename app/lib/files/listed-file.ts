import { formatFileSize } from "~/lib/shared/numbers";

/**
 * A request's file as the manager's console and the consultant's portal list it: the stored name
 * its download link carries, the name it was uploaded under and its size for people.
 */
export type ListedFile = { fileName: string; originalName: string; size: string };

/** Where a stored file downloads from (`GET /api/file-handling/get-file/{name}`, the caller's own files only). */
export function fileDownloadHref(fileName: string): string {
  return `/api/file-handling/get-file/${encodeURIComponent(fileName)}`;
}

/** The stored name `<uuid>.<ext>` of a file from its R2 key `biz/<businessId>/<name>`. */
export function storedFileName(r2Key: string): string {
  return r2Key.slice(r2Key.lastIndexOf("/") + 1);
}

export function listedFile(row: { r2Key: string; originalName: string; sizeBytes: number }): ListedFile {
  return { fileName: storedFileName(row.r2Key), originalName: row.originalName, size: formatFileSize(row.sizeBytes) };
}
