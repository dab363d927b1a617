// The writes other domains make to files (ADR 057: each domain owns its tables). Insights, matching
// and engagements link uploads to the row they create or deliver, in the same db.batch that writes
// that row; the Documents Hub renames, moves, deletes, shares and unshares the business's company
// documents. Each function answers the statement unrun, for the caller to await or to put in its
// own db.batch. The files' part of each claim (whose file, still free, a company document) lives
// here; the caller's part (the row it inserted, the item still deliverable, its own match request)
// is passed in as SQL and kept in the same WHERE.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "~db/index";
import { files } from "~db/schema";
import { freeFilesOf } from "./files.server";

/** What a set of uploads is linked to: one insight request, match request, delivery item or message. */
export type FileLink =
  { insightRequestId: string } | { matchRequestId: string } | { deliveryItemId: string } | { threadMessageId: string };

/** The link's columns: the row it points at, and the purpose that row's files have. */
function linkColumns(link: FileLink) {
  if ("insightRequestId" in link)
    return { insightRequestId: link.insightRequestId, purpose: "insight_request" } as const;
  if ("matchRequestId" in link) return { matchRequestId: link.matchRequestId, purpose: "match_request" } as const;
  if ("threadMessageId" in link) return { threadMessageId: link.threadMessageId, purpose: "thread_message" } as const;
  return { deliveryItemId: link.deliveryItemId, purpose: "delivery_item" } as const;
}

/**
 * Links the business's files named by `keys` (R2 keys, see businessFileKeys) to `link`, each only
 * while it is still free (freeFilesOf: linked to nothing, not a company document) and only when
 * the caller's `claim` holds inside the same statement (e.g. "the request this batch inserted").
 * A file linked meanwhile, or a claim that fails, changes nothing.
 */
export function linkFiles(db: Database, businessId: string, keys: readonly string[], link: FileLink, claim: SQL) {
  return db
    .update(files)
    .set(linkColumns(link))
    .where(sql`${freeFilesOf(businessId, keys)} AND ${claim}`);
}

/** A table whose rows belong to a business and record when they were created (epoch ms). */
type BusinessRows = SQLiteTable & { id: SQLiteColumn; businessId: SQLiteColumn; createdAt: SQLiteColumn };

/**
 * The claim "the row this call inserted", for linkFiles in the batch that inserts it: `table`'s
 * row `id`, of `businessId`, created at `at`. A row another call inserted with the same id (a
 * second press, another business) was created at another instant or for another business, so it
 * gets no files from this call.
 */
export function insertedByThisCall(table: BusinessRows, id: string, businessId: string, at: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${id} AND ${table.businessId} = ${businessId} AND ${table.createdAt} = ${at})`;
}

/** The business's company document `fileId` (request and deliverable files are not). */
function companyDocument(businessId: string, fileId: string) {
  return and(eq(files.id, fileId), eq(files.businessId, businessId), eq(files.purpose, "company_document"));
}

/** The business's company document `fileId` shows as `name` (the stored object and its extension stay). */
export function renameCompanyDocument(db: Database, businessId: string, fileId: string, name: string) {
  return db.update(files).set({ originalName: name }).where(companyDocument(businessId, fileId));
}

/** The business's company document `fileId` sits in `folder` (null: no folder); RETURNING its id, none when it is not one. */
export function moveCompanyDocument(db: Database, businessId: string, fileId: string, folder: string | null) {
  return db.update(files).set({ folder }).where(companyDocument(businessId, fileId)).returning({ id: files.id });
}

/** The business's company document `fileId` is removed; RETURNING its R2 key, for the caller to delete the object. */
export function deleteCompanyDocument(db: Database, businessId: string, fileId: string) {
  return db.delete(files).where(companyDocument(businessId, fileId)).returning({ r2Key: files.r2Key });
}

/**
 * The business's company document `fileId` is shared with match request `matchId` when the
 * caller's `claim` holds (the match is the business's own); RETURNING its id. Sharing again changes nothing.
 */
export function shareCompanyDocument(db: Database, businessId: string, fileId: string, matchId: string, claim: SQL) {
  return db
    .update(files)
    .set({ matchRequestId: matchId })
    .where(and(companyDocument(businessId, fileId), claim))
    .returning({ id: files.id });
}

/** The business's company document `fileId` is shared with no match request; RETURNING its id. */
export function unshareCompanyDocument(db: Database, businessId: string, fileId: string) {
  return db
    .update(files)
    .set({ matchRequestId: null })
    .where(companyDocument(businessId, fileId))
    .returning({ id: files.id });
}
