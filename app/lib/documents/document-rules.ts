/**
 * The Documents Hub's rules (issue #16 item 1), pure: where a file comes from (one registry entry
 * per source), the hub's query (search, sort, folder) read from GET parameters, grouping and
 * ordering, the storage quota, and the forms' intents. The forms' Zod schemas are in
 * document-schemas.ts, so the pages that only link to the hub (the dashboard's card) do not load Zod.
 */
import type { FilePurpose } from "~db/enums";
import { fileExtension, sanitizeFileName } from "~/lib/files/file-rules";

/** The groups of the hub, in the order they are shown. */
export const DOCUMENT_SOURCES = ["company", "insight", "match", "deliverable", "sow", "report", "statement"] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** One row of the hub, as the server builds it and the panel shows it. */
export type DocumentRow = {
  /** Unique across the hub: the file id, or `sow-<id>`, `report-<id>`, `benchmarking-<id>`, `statement-<YYYY-MM>`. */
  key: string;
  source: DocumentSource;
  name: string;
  /** Where it came from, and the page of that place. */
  sourceLabel: string;
  sourceHref: string;
  uploadedBy: string;
  /** ISO instant. */
  createdAt: string;
  sizeBytes: number | null;
  /** A download link, or null for a report that is a page (then sourceHref opens it). */
  downloadHref: string | null;
  /** Company documents only: the file id the forms post, its folder and the match it is shared with. */
  fileId: string | null;
  folder: string | null;
  sharedWith: { matchId: string; label: string } | null;
};

/**
 * The hub group of a stored file: a company document stays one even when shared with a match
 * request; otherwise its link decides (a deliverable before its match). Null for an upload linked
 * to nothing yet (a wizard's file before its request is sent): not a document of the hub.
 */
export function fileSource(file: {
  purpose: FilePurpose;
  insightRequestId: string | null;
  matchRequestId: string | null;
  deliveryItemId: string | null;
  threadMessageId: string | null;
}): DocumentSource | null {
  if (file.purpose === "company_document") return "company";
  if (file.deliveryItemId) return "deliverable";
  // A file attached to a message sits under the match the conversation is about.
  if (file.matchRequestId || file.threadMessageId) return "match";
  if (file.insightRequestId) return "insight";
  return null;
}

export const DOCUMENT_SORTS = ["newest", "oldest", "name"] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export type DocumentQuery = { q: string; sort: DocumentSort; folder: string };

export const MAX_SEARCH_LENGTH = 100;
export const MAX_FOLDER_LENGTH = 60;
export const MAX_DOCUMENT_NAME_LENGTH = 150;

/** `?q=&sort=&folder=` of /features?focus=Documents; anything unknown falls back to the default. */
export function parseDocumentQuery(params: URLSearchParams): DocumentQuery {
  const sort = params.get("sort");
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    sort: (DOCUMENT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as DocumentSort) : "newest",
    folder: normalizeFolder(params.get("folder") ?? "") ?? "",
  };
}

/** A folder name as stored: inner whitespace collapsed, trimmed; null for none. */
export function normalizeFolder(value: string): string | null {
  const folder = value.replace(/\s+/g, " ").trim();
  return folder === "" ? null : folder.slice(0, MAX_FOLDER_LENGTH);
}

/** The hub's URL for a query; empty values are left out. */
export function documentsHref(query: Partial<DocumentQuery> = {}): string {
  const params = new URLSearchParams({ focus: "Documents" });
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.folder) params.set("folder", query.folder);
  return `/features?${params.toString()}`;
}

const byName = (a: DocumentRow, b: DocumentRow) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base", numeric: true }) || a.key.localeCompare(b.key);
const byDate = (a: DocumentRow, b: DocumentRow) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.key.localeCompare(b.key);

/** The rows whose name contains the search (any case) and, for company documents, in the folder; sorted. */
export function filterDocuments(rows: readonly DocumentRow[], query: DocumentQuery): DocumentRow[] {
  const needle = query.q.toLocaleLowerCase("en");
  const kept = rows.filter(
    (row) =>
      (needle === "" || row.name.toLocaleLowerCase("en").includes(needle)) &&
      (query.folder === "" || (row.source === "company" && row.folder === query.folder)),
  );
  const compare =
    query.sort === "name"
      ? byName
      : query.sort === "oldest"
        ? byDate
        : (a: DocumentRow, b: DocumentRow) => byDate(b, a);
  return kept.sort(compare);
}

export type DocumentGroup = { source: DocumentSource; rows: DocumentRow[] };

/** The rows by source, in DOCUMENT_SOURCES order; every group is present (the panel says when one is empty). */
export function groupDocuments(rows: readonly DocumentRow[]): DocumentGroup[] {
  return DOCUMENT_SOURCES.map((source) => ({ source, rows: rows.filter((row) => row.source === source) }));
}

/** The company documents' folders, sorted by name. */
export function folderNames(rows: readonly DocumentRow[]): string[] {
  const names = new Set<string>();
  for (const row of rows) if (row.source === "company" && row.folder) names.add(row.folder);
  return [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
}

/** The newest `count` rows that can be downloaded or opened (the dashboard card). */
export function newestDocuments(rows: readonly DocumentRow[], count = 3): DocumentRow[] {
  return filterDocuments(rows, { q: "", sort: "newest", folder: "" }).slice(0, count);
}

export type StorageUsage = { usedBytes: number; quotaBytes: number; percent: number; full: boolean };

export function storageUsage(usedBytes: number, quotaBytes: number): StorageUsage {
  const percent = quotaBytes > 0 ? Math.min(100, Math.round((usedBytes / quotaBytes) * 100)) : 100;
  return { usedBytes, quotaBytes, percent, full: usedBytes >= quotaBytes };
}

/** Whether `adding` more bytes fit beside `usedBytes` under the quota. */
export function fitsQuota(usedBytes: number, adding: number, quotaBytes: number): boolean {
  return usedBytes + adding <= quotaBytes;
}

/**
 * The new shown name of a document: the typed name, made safe, with the document's own extension
 * (typing the same extension again does not double it; another extension is kept as part of the name).
 */
export function renamedFileName(typed: string, current: string): string {
  const ext = fileExtension(current);
  const suffix = ext ? `.${ext}` : "";
  let base = typed.trim();
  if (suffix && base.toLowerCase().endsWith(suffix)) base = base.slice(0, -suffix.length).trim();
  const limit = MAX_DOCUMENT_NAME_LENGTH - suffix.length;
  const cleaned = sanitizeFileName(Array.from(base).slice(0, limit).join("") || "file");
  return `${cleaned}${suffix}`;
}

// ------------------------------------------------------------------ forms

export const DOCUMENT_INTENTS = [
  "document-upload",
  "document-rename",
  "document-move",
  "document-delete",
  "document-share",
  "document-unshare",
] as const;

export function isDocumentIntent(value: unknown): value is (typeof DOCUMENT_INTENTS)[number] {
  return typeof value === "string" && (DOCUMENT_INTENTS as readonly string[]).includes(value);
}
