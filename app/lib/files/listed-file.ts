/**
 * A request's file as the manager's console and the consultant's portal list it: the stored name
 * its download link carries, the name it was uploaded under and its size for people.
 */
export type ListedFile = { fileName: string; originalName: string; size: string };

/** The stored name `<uuid>.<ext>` of a file from its R2 key `biz/<businessId>/<name>`. */
export function storedFileName(r2Key: string): string {
  return r2Key.slice(r2Key.lastIndexOf("/") + 1);
}

/** "512 B", "2.4 KB", "1.5 MB": decimal units with at most one decimal, like the 16MB limit. */
function sizeLabel(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 100) / 10} KB`;
  return `${Math.round(bytes / 100_000) / 10} MB`;
}

export function listedFile(row: { r2Key: string; originalName: string; sizeBytes: number }): ListedFile {
  return { fileName: storedFileName(row.r2Key), originalName: row.originalName, size: sizeLabel(row.sizeBytes) };
}
