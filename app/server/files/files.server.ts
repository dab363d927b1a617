import { columnValue } from "~db/column-value";
import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { businesses, FILE_PURPOSES, files, matchCandidates, threadMessages } from "~db/schema";
import {
  acceptedExtension,
  FILE_ADDED_MESSAGE,
  FILE_CONTENT_TYPES,
  FILE_LINKED_MESSAGE,
  FILE_NOT_FOUND_MESSAGE,
  FILE_REJECTED_MESSAGE,
  FILE_REMOVED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILES_ADDED_MESSAGE,
  INVALID_PURPOSE_MESSAGE,
  isStoredFileName,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
  MAX_UPLOAD_REQUEST_BYTES,
  NO_FILE_MESSAGE,
  sanitizeFileName,
  TOO_MANY_FILES_MESSAGE,
  UPLOAD_UNREADABLE_MESSAGE,
  type FileExtension,
} from "~/lib/files/file-rules";
import { contentMatchesExtension } from "~/lib/files/file-content";
import { formatFileSize } from "~/lib/shared/numbers";
import { DOCUMENT_COPY } from "~/lib/documents/document-copy";
import { PLANS } from "~/lib/payments/plans";
import { neutralizeCsvFormulas } from "~/lib/files/csv-formulas";
import type { AppContext } from "~/server/load-context";
import type { ClientViewer } from "~/server/identity/session.server";

/**
 * Client file uploads (spec §5 "File upload", §7 /api/file-handling/*). Bytes live in R2 under a
 * server-made key `biz/<businessId>/<uuid>.<ext>`; each has a `files` row with the sanitised
 * original name, the Content-Type of its extension (never the client's) and its SHA-256.
 */

export type FilePurpose = (typeof FILE_PURPOSES)[number];

export type UploadedFile = {
  _id: string;
  fileName: string;
  originalName: string;
  size: number;
  contentType: string;
};

export type Failure = { ok: false; status: number; msg: string };
export type UploadResult = { ok: true; msg: string; files: UploadedFile[] } | Failure;

export const FILES_CLIENTS_ONLY_MESSAGE = "Only business accounts can upload files.";

/**
 * How the upload route reads its body (the shared form reader's options): multipart only, bound by
 * MAX_UPLOAD_REQUEST_BYTES, which the Worker entry exempts this path from its 1 MB cap for.
 */
export const UPLOAD_FORM = { maxBytes: MAX_UPLOAD_REQUEST_BYTES, accept: ["multipart/form-data"] } as const;

/** What an upload's multipart form carries: its files and the `purpose` field, checked by uploadFiles. */
export function uploadOf(form: FormData): { files: File[]; purpose: unknown } {
  return { files: uploadedFilesOf(form), purpose: form.get("purpose") };
}

/** An upload's body the form reader refused, in the spec's texts: too large, no file (not a multipart form), or unreadable. */
export function uploadRefusedMessage(status: number): string {
  return status === 413 ? FILE_TOO_LARGE_MESSAGE : status === 415 ? NO_FILE_MESSAGE : UPLOAD_UNREADABLE_MESSAGE;
}

/** The parts named `files` of a form; a browser sends an empty, nameless part when no file was chosen: not a file. */
export function uploadedFilesOf(form: FormData): File[] {
  return form
    .getAll("files")
    .filter((entry): entry is File => typeof entry !== "string" && (entry.name !== "" || entry.size > 0));
}

/**
 * What a business's own upload may be for (POST /api/file-handling/upload-files, the Documents
 * Hub): a deliverable's and a message's files come only with their delivery and their message.
 */
const BUSINESS_UPLOAD_PURPOSES: readonly FilePurpose[] = [
  "other",
  "insight_request",
  "match_request",
  "company_document",
];

function parsePurpose(value: unknown, allowed: readonly FilePurpose[] = FILE_PURPOSES): FilePurpose | null {
  if (value === null || value === undefined || value === "") return "other";
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as FilePurpose) : null;
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

type Checked = {
  id: string;
  ext: FileExtension;
  bytes: Uint8Array;
  originalName: string;
  storedName: string;
  key: string;
  contentType: string;
  sha256: string;
};

/** Validates one file; the first failure wins. */
async function checkFile(file: File, businessId: string): Promise<Checked | Failure> {
  const ext = acceptedExtension(file.name);
  if (!ext) return { ok: false, status: 400, msg: FILE_REJECTED_MESSAGE };
  if (file.size > MAX_FILE_BYTES) return { ok: false, status: 400, msg: FILE_TOO_LARGE_MESSAGE };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatchesExtension(ext, bytes)) return { ok: false, status: 400, msg: FILE_REJECTED_MESSAGE };
  const storedName = `${crypto.randomUUID()}.${ext}`;
  return {
    id: crypto.randomUUID(),
    ext,
    bytes,
    originalName: sanitizeFileName(file.name),
    storedName,
    key: `biz/${businessId}/${storedName}`,
    contentType: FILE_CONTENT_TYPES[ext],
    sha256: toHex(await crypto.subtle.digest("SHA-256", bytes)),
  };
}

/** The bytes every file of the business takes (the Documents Hub's storage, against its plan's quota). */
export async function businessStorageUsed(app: AppContext, businessId: string): Promise<number> {
  const row = await app.db
    .select({ used: sql<number>`coalesce(sum(${files.sizeBytes}), 0)` })
    .from(files)
    .where(eq(files.businessId, businessId))
    .get();
  return Number(row?.used ?? 0);
}

/** The refusal of an upload that does not fit the plan's storage (nothing is stored). */
export function quotaFailure(quotaBytes: number): Failure {
  return { ok: false, status: 400, msg: DOCUMENT_COPY.quotaExceeded(formatFileSize(quotaBytes)) };
}

/**
 * Stores the files of one upload for the caller's business: all are validated first, and if any
 * is refused nothing is stored. R2 objects are written, then all rows in one batch; when the
 * batch fails the objects are deleted again. Every client upload counts against the plan's
 * storage quota (PLANS[tier].storageQuotaBytes): see storeFilesFor.
 */
export async function uploadFiles(
  app: AppContext,
  viewer: ClientViewer,
  input: { files: File[]; purpose: unknown; folder?: string | null },
): Promise<UploadResult> {
  return storeFilesFor(app, { businessId: viewer.business.id, userId: viewer.user.id }, input, {
    quotaBytes: PLANS[viewer.business.memberTier].storageQuotaBytes,
    purposes: BUSINESS_UPLOAD_PURPOSES,
  });
}

/**
 * The same upload for files that belong to a business but are uploaded by someone else on its
 * behalf (the consultant's deliverables): stored under the business's keys, unlinked, with the
 * uploader recorded. The caller has checked that `owner.userId` may add files to that business.
 * With `quotaBytes`, an upload that would take the business's files over it is refused before
 * anything is written, and each row's INSERT repeats the check (the business's other files plus
 * this upload), so two uploads racing each other cannot both pass: a refused batch inserts
 * nothing and its R2 objects are deleted again.
 */
export async function storeFilesFor(
  app: AppContext,
  owner: { businessId: string; userId: string },
  input: { files: File[]; purpose: unknown; folder?: string | null },
  options: {
    quotaBytes?: number;
    quotaMessage?: string;
    maxFiles?: { count: number; message: string };
    purposes?: readonly FilePurpose[];
  } = {},
): Promise<UploadResult> {
  const most = options.maxFiles ?? { count: MAX_FILES_PER_REQUEST, message: TOO_MANY_FILES_MESSAGE };
  if (input.files.length === 0) return { ok: false, status: 400, msg: NO_FILE_MESSAGE };
  if (input.files.length > most.count) return { ok: false, status: 400, msg: most.message };
  const purpose = parsePurpose(input.purpose, options.purposes);
  if (!purpose) return { ok: false, status: 400, msg: INVALID_PURPOSE_MESSAGE };
  // Only company documents sit in folders.
  const folder = purpose === "company_document" ? (input.folder ?? null) : null;

  const checked: Checked[] = [];
  for (const file of input.files) {
    const result = await checkFile(file, owner.businessId);
    if ("ok" in result) return result;
    checked.push(result);
  }
  const total = checked.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  const { quotaBytes } = options;
  const overQuota = (bytes: number): Failure =>
    options.quotaMessage ? { ok: false, status: 400, msg: options.quotaMessage } : quotaFailure(bytes);
  if (quotaBytes !== undefined && (await businessStorageUsed(app, owner.businessId)) + total > quotaBytes) {
    return overQuota(quotaBytes);
  }

  const written: string[] = [];
  let inserted = 0;
  try {
    for (const file of checked) {
      await app.files.put(file.key, file.bytes, {
        httpMetadata: { contentType: file.contentType },
        customMetadata: { originalName: file.originalName },
      });
      written.push(file.key);
    }
    const now = app.now().getTime();
    const ids = sql.join(
      checked.map((file) => sql`${file.id}`),
      sql`, `,
    );
    const fits =
      quotaBytes === undefined
        ? sql`1`
        : sql`(SELECT coalesce(sum(size_bytes), 0) FROM files WHERE business_id = ${owner.businessId} AND id NOT IN (${ids})) + ${total} <= ${quotaBytes}`;
    // INSERT … SELECT from the business's own row: every column of files, in the table's order.
    const [first, ...rest] = checked.map((file) =>
      app.db
        .insert(files)
        .select(
          app.db
            .select({
              id: columnValue(file.id, "id"),
              businessId: businesses.id,
              uploadedByUserId: columnValue(owner.userId, "uploaded_by_user_id"),
              r2Key: columnValue(file.key, "r2_key"),
              originalName: columnValue(file.originalName, "original_name"),
              contentType: columnValue(file.contentType, "content_type"),
              sizeBytes: columnValue(file.bytes.byteLength, "size_bytes"),
              sha256: columnValue(file.sha256, "sha256"),
              purpose: columnValue(purpose, "purpose"),
              insightRequestId: sql<null>`NULL`.as("insight_request_id"),
              matchRequestId: sql<null>`NULL`.as("match_request_id"),
              deliveryItemId: sql<null>`NULL`.as("delivery_item_id"),
              threadMessageId: sql<null>`NULL`.as("thread_message_id"),
              folder: columnValue(folder, "folder"),
              createdAt: columnValue(now, "created_at"),
            })
            .from(businesses)
            .where(and(eq(businesses.id, owner.businessId), fits)),
        )
        .returning({ id: files.id }),
    );
    const results = await app.db.batch([first, ...rest]);
    inserted = results.reduce((sum, rows) => sum + rows.length, 0);
  } catch (error) {
    if (written.length > 0) await app.files.delete(written).catch((e: unknown) => console.error(e));
    throw error;
  }
  if (inserted === 0 && quotaBytes !== undefined) {
    await app.files.delete(written).catch((e: unknown) => console.error(e));
    return overQuota(quotaBytes);
  }

  return {
    ok: true,
    msg: checked.length === 1 ? FILE_ADDED_MESSAGE : FILES_ADDED_MESSAGE,
    files: checked.map((file) => ({
      _id: file.id,
      fileName: file.storedName,
      originalName: file.originalName,
      size: file.bytes.byteLength,
      contentType: file.contentType,
    })),
  };
}

export type StoredFile = {
  originalName: string;
  contentType: string;
  sizeBytes: number;
  body: ReadableStream | Uint8Array<ArrayBuffer>;
};

/**
 * The bytes a download serves: the stored object as it is, except a CSV, whose formula cells are
 * made inert (a `'` before them) so a spreadsheet opening it runs nothing; the stored original
 * and its SHA-256 stay untouched.
 */
async function downloadBody(
  contentType: string,
  object: R2ObjectBody,
): Promise<ReadableStream | Uint8Array<ArrayBuffer>> {
  if (contentType !== FILE_CONTENT_TYPES.csv) return object.body;
  return neutralizeCsvFormulas(new Uint8Array(await object.arrayBuffer()));
}

/**
 * A stored file of the business, by its stored name `<uuid>.<ext>`; null for a malformed name,
 * another business's file, a file attached to a message (served through its thread,
 * getMessageAttachment) or a missing object (the caller answers 404 for all alike).
 * Staff read files through getAssignedFile.
 */
export async function getBusinessFile(
  app: AppContext,
  businessId: string,
  fileName: string,
): Promise<StoredFile | null> {
  if (!isStoredFileName(fileName)) return null;
  const key = `biz/${businessId}/${fileName}`;
  const row = await app.db
    .select({ originalName: files.originalName, contentType: files.contentType, sizeBytes: files.sizeBytes })
    .from(files)
    // A message's file downloads only through its thread (getMessageAttachment: the reader's part checked).
    .where(and(eq(files.r2Key, key), eq(files.businessId, businessId), isNull(files.threadMessageId)))
    .get();
  if (!row) return null;
  const object = await app.files.get(key);
  if (!object) return null;
  return { ...row, body: await downloadBody(row.contentType, object) };
}

/** The columns of `files f` that the manager's and the consultant's downloads read. */
const FILE_COLUMNS = sql.raw("f.r2_key, f.original_name, f.content_type, f.size_bytes");

/**
 * `f` is the file stored as `fileName` under the business of the request aliased `request`: a
 * request reaches only its own business's files, whatever a row links.
 */
function isOwnFile(request: "ir" | "mr", fileName: string) {
  const business = sql.raw(`${request}.business_id`);
  return sql`f.business_id = ${business} AND f.r2_key = 'biz/' || ${business} || '/' || ${fileName}`;
}
type FileColumns = { r2_key: string; original_name: string; content_type: string; size_bytes: number };

/** The download of the file row such a query found; null when there is none or its object is gone. */
async function storedFileFrom(app: AppContext, row: FileColumns | undefined): Promise<StoredFile | null> {
  if (!row) return null;
  const object = await app.files.get(row.r2_key);
  if (!object) return null;
  return {
    originalName: row.original_name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    body: await downloadBody(row.content_type, object),
  };
}

/**
 * A file an engagement manager may download: linked to an insight request or a match request
 * whose assigned manager is `managerId`, or to a deliverable of that match's engagement. One query, entered through the manager's assigned
 * requests (indexed) and the files linked to each; the stored name must be the file's own under
 * that request's business. Null for anything else (the caller answers 404).
 */
export async function getAssignedFile(
  app: AppContext,
  managerId: string,
  fileName: string,
): Promise<StoredFile | null> {
  if (!isStoredFileName(fileName)) return null;
  const [row] = await app.db.all<FileColumns>(sql`
    SELECT ${FILE_COLUMNS}
      FROM insight_requests ir JOIN files f ON f.insight_request_id = ir.id
     WHERE ir.assigned_manager_id = ${managerId} AND ${isOwnFile("ir", fileName)}
    UNION ALL
    SELECT ${FILE_COLUMNS}
      FROM match_requests mr JOIN files f ON f.match_request_id = mr.id
     WHERE mr.assigned_manager_id = ${managerId} AND ${isOwnFile("mr", fileName)}
    UNION ALL
    SELECT ${FILE_COLUMNS}
      FROM match_requests mr
      JOIN delivery_outlines o ON o.match_request_id = mr.id
      JOIN delivery_items di ON di.outline_id = o.id
      JOIN files f ON f.delivery_item_id = di.id
     WHERE mr.assigned_manager_id = ${managerId} AND ${isOwnFile("mr", fileName)}
    LIMIT 1`);
  return storedFileFrom(app, row);
}

/**
 * A file a consultant may download: linked to a match request on which they are a candidate still
 * in play (proposed, or accepted while the business decides, and the request still open), or
 * whose consultant they became, and the files delivered for the engagements they run. Not after
 * declining, being withdrawn or rejected. One query, like
 * getAssignedFile; null for anything else (the caller answers 404).
 */
export async function getCandidateFile(
  app: AppContext,
  consultantId: string,
  fileName: string,
): Promise<StoredFile | null> {
  if (!isStoredFileName(fileName)) return null;
  const [row] = await app.db.all<FileColumns>(sql`
    SELECT ${FILE_COLUMNS}
      FROM match_candidates mc
      JOIN match_requests mr ON mr.id = mc.match_request_id
      JOIN files f ON f.match_request_id = mr.id
     WHERE mc.consultant_id = ${consultantId}
       AND mc.status IN ('proposed', 'accepted') AND mc.business_decision_status = 'pending'
       AND mr.status IN ('matching', 'candidates_proposed', 'awaiting_decision')
       AND ${isOwnFile("mr", fileName)}
    UNION ALL
    SELECT ${FILE_COLUMNS}
      FROM match_requests mr JOIN files f ON f.match_request_id = mr.id
     WHERE mr.matched_consultant_id = ${consultantId} AND ${isOwnFile("mr", fileName)}
    UNION ALL
    SELECT ${FILE_COLUMNS}
      FROM delivery_outlines o
      JOIN match_requests mr ON mr.id = o.match_request_id
      JOIN delivery_items di ON di.outline_id = o.id
      JOIN files f ON f.delivery_item_id = di.id
     WHERE o.consultant_id = ${consultantId} AND ${isOwnFile("mr", fileName)}
    LIMIT 1`);
  return storedFileFrom(app, row);
}

/**
 * The file stored as `fileName` attached to a message of thread `threadId` (under the thread's
 * business, never another thread's or business's), with whether its message is hidden; unrun, for
 * the conversations domain to read beside the thread's facts and decide who may have it
 * (readAttachment). Entered by the thread's messages (indexed), then their files.
 */
export function messageAttachmentQuery(app: AppContext, threadId: string, fileName: string) {
  return app.db
    .select({
      r2Key: files.r2Key,
      originalName: files.originalName,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      hidden: sql<boolean>`${threadMessages.hiddenAt} IS NOT NULL`.mapWith(Boolean),
    })
    .from(threadMessages)
    .innerJoin(matchCandidates, eq(matchCandidates.id, threadMessages.threadId))
    .innerJoin(
      files,
      and(
        eq(files.threadMessageId, threadMessages.id),
        eq(files.businessId, matchCandidates.businessId),
        sql`${files.r2Key} = 'biz/' || ${matchCandidates.businessId} || '/' || ${isStoredFileName(fileName) ? fileName : ""}`,
      ),
    )
    .where(eq(threadMessages.threadId, threadId))
    .limit(1);
}

/** The bytes of a file a caller found and may serve (messageAttachmentQuery's row); null when the object is gone. */
export function storedFileOf(
  app: AppContext,
  row: { r2Key: string; originalName: string; contentType: string; sizeBytes: number },
): Promise<StoredFile | null> {
  return storedFileFrom(app, {
    r2_key: row.r2Key,
    original_name: row.originalName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
  });
}

/**
 * The files attached to the messages `messageIds` picks (a subquery of thread_messages ids), in
 * upload order: what a thread's page and the API list under each message. Unrun, for a batch.
 */
export function messageAttachmentsQuery(app: AppContext, messageIds: SQL) {
  return (
    app.db
      .select({
        threadMessageId: sql<string>`${files.threadMessageId}`.as("thread_message_id"),
        r2Key: files.r2Key,
        originalName: files.originalName,
        contentType: files.contentType,
        sizeBytes: files.sizeBytes,
      })
      .from(files)
      .where(sql`${files.threadMessageId} IN ${messageIds}`)
      // The files of one message share their instant: rowid keeps the order they were sent in.
      .orderBy(files.createdAt, sql`${files}.rowid`)
  );
}

/**
 * Removes uploads the caller stored but could not link (the message they came with was not
 * sent): each only while still linked to nothing (removeBusinessFile).
 */
export async function discardUploads(app: AppContext, businessId: string, uploaded: readonly UploadedFile[]) {
  for (const file of uploaded) await removeBusinessFile(app, businessId, file.fileName);
}

/**
 * A file linked to nothing: no insight request, match request, delivery item or message, and not
 * a company document (those stay until the business deletes them in the Documents Hub).
 */
export const fileIsUnlinked = and(
  ne(files.purpose, "company_document"),
  isNull(files.insightRequestId),
  isNull(files.matchRequestId),
  isNull(files.deliveryItemId),
  isNull(files.threadMessageId),
);

/** `<uuid>.<ext>` names as R2 keys of the business; the caller has checked every name's shape. */
export function businessFileKeys(businessId: string, names: readonly string[]): string[] {
  return names.map((name) => `biz/${businessId}/${name}`);
}

/**
 * The files a new request may take: the business's own, named by `keys`, linked to nothing yet
 * and not company documents (the hub shares those with a match request instead). Plain SQL so it can stand inside the INSERT … SELECT and UPDATE of one batch; `IN ()` is
 * valid SQLite (false).
 */
export function freeFilesOf(businessId: string, keys: readonly string[]): SQL {
  return sql`${files.businessId} = ${businessId} AND ${files.r2Key} IN (${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}) AND ${files.insightRequestId} IS NULL AND ${files.matchRequestId} IS NULL AND ${files.deliveryItemId} IS NULL AND ${files.threadMessageId} IS NULL AND ${files.purpose} <> 'company_document'`;
}

/** The files `where` picks, as a request's pages list them (see listedFile), in upload order. */
export function requestFiles(app: AppContext, where: SQL | undefined) {
  return app.db
    .select({ r2Key: files.r2Key, originalName: files.originalName, sizeBytes: files.sizeBytes })
    .from(files)
    .where(where)
    .orderBy(files.createdAt, files.id);
}

export type RemoveResult = { ok: true; msg: string } | Failure;

/**
 * Removes a file of the business that is linked to nothing (a file the person took out of a form
 * before sending it): one conditional DELETE … RETURNING, so a file linked meanwhile stays; then
 * its R2 object. A linked file → 409 and nothing changes; a malformed name, another business's
 * file, an unknown or already removed one → 404.
 */
export async function removeBusinessFile(app: AppContext, businessId: string, fileName: string): Promise<RemoveResult> {
  const notFound: Failure = { ok: false, status: 404, msg: FILE_NOT_FOUND_MESSAGE };
  if (!isStoredFileName(fileName)) return notFound;
  const key = `biz/${businessId}/${fileName}`;
  const ofBusiness = and(eq(files.r2Key, key), eq(files.businessId, businessId));
  const [removed] = await app.db.delete(files).where(and(ofBusiness, fileIsUnlinked)).returning({ r2Key: files.r2Key });
  if (!removed) {
    const kept = await app.db.select({ id: files.id }).from(files).where(ofBusiness).get();
    return kept ? { ok: false, status: 409, msg: FILE_LINKED_MESSAGE } : notFound;
  }
  // The row is gone, so the object can no longer be reached; a failed delete only leaves bytes behind.
  await app.files
    .delete(removed.r2Key)
    .catch((error: unknown) => console.error(`R2 delete of ${removed.r2Key} failed`, error));
  return { ok: true, msg: FILE_REMOVED_MESSAGE };
}
