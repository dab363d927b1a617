import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { strToU8 } from "fflate";
import { dataExports, type DataExport } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { actorOf, auditAfterChange } from "~/server/audit/audit.server";
import { notify } from "~/server/notifications/notify.server";
import { heldUntilLeaseEnds, JOB_LEASE_MS, type LeaseClaim } from "~/server/platform/jobs.server";
import { rememberOriginStatement } from "~/server/platform/app-origin.server";
import { writeMultipart } from "~/server/platform/r2-multipart.server";
import { EXPORT_LINK_DAYS, EXPORT_TEXTS, PRIVACY_PATHS } from "~/lib/privacy/privacy-copy";
import {
  exportExpiry,
  exportProgress,
  exportRow,
  fileEntryName,
  rowsCsv,
  type ExportRow,
} from "~/lib/privacy/export-format";
import {
  businessExportQueries,
  businessFilePrefix,
  withheldFileKeysQuery,
  consultantExportQueries,
  consultantFilePrefix,
  exportObjectKey,
} from "./export-scope.server";
import { d1Batch } from "./d1-batch.server";
import { StreamedZip } from "./streamed-zip.server";

/**
 * Data exports (issue #38 item 5, docs/decisions/069): the owner of a business, or a consultant,
 * asks; a row and a queue message are written; the privacy queue's consumer builds ONE ZIP of
 * every row and file and stores it in R2; the screen shows the progress; an email links the
 * download, which works for 7 days.
 */
export type ExportOwner = { businessId: string } | { userId: string };

type Requester = Parameters<typeof actorOf>[0];

const ownerWhere = (owner: ExportOwner) =>
  "businessId" in owner
    ? eq(dataExports.businessId, owner.businessId)
    : and(eq(dataExports.userId, owner.userId), isNull(dataExports.businessId));

const OPEN = ["queued", "building"] as const;

/**
 * Asks for an export, or answers the open one: the insert is ON CONFLICT DO NOTHING against the
 * one-open-export index, so a double click (or two tabs) makes one export and one build. Only
 * the call that inserted sends the message; if the send fails its row goes, so the next ask
 * starts afresh. One D1 round trip, then the send.
 */
export async function requestExport(app: AppContext, owner: ExportOwner, requester: Requester): Promise<DataExport> {
  const now = app.now();
  const id = crypto.randomUUID();
  const businessId = "businessId" in owner ? owner.businessId : null;
  // The email the build sends needs the app's address: recorded here, as a job's request does.
  const remember = rememberOriginStatement(app);
  const [, , open] = await app.db.batch([
    app.db
      .insert(dataExports)
      .values({
        id,
        businessId,
        userId: "userId" in owner ? owner.userId : null,
        requestedByUserId: requester.user.id,
        status: "queued",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
    auditAfterChange(app, {
      actor: actorOf(requester),
      action: "data.export_requested",
      businessId,
      subject: { type: "data_export", id },
    }),
    app.db
      .select()
      .from(dataExports)
      .where(and(ownerWhere(owner), inArray(dataExports.status, OPEN)))
      .orderBy(desc(dataExports.createdAt))
      .limit(1),
    ...(remember ? [remember] : []),
  ]);
  const row = open[0];
  if (!row) throw new Error("The export was neither recorded nor open.");
  if (row.id === id) {
    try {
      await app.queues.sendPrivacy([{ v: 1, type: "data-export.build", exportId: id }]);
    } catch (error) {
      await app.db.delete(dataExports).where(and(eq(dataExports.id, id), eq(dataExports.status, "queued")));
      throw error;
    }
  }
  return row;
}

/** The owner's newest export (what the screen shows), or null. */
export async function latestExport(app: AppContext, owner: ExportOwner): Promise<DataExport | null> {
  const row = await app.db
    .select()
    .from(dataExports)
    .where(ownerWhere(owner))
    .orderBy(desc(dataExports.createdAt))
    .limit(1)
    .get();
  return row ?? null;
}

export type ExportDownload =
  { ok: true; object: R2ObjectBody; fileName: string } | { ok: false; reason: "not_found" | "expired" };

/**
 * The ZIP of a ready export of `owner` (another owner's id answers not_found, as an unknown one
 * does); after its 7 days, expired.
 */
export async function exportDownload(app: AppContext, exportId: string, owner: ExportOwner): Promise<ExportDownload> {
  const row = await app.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), ownerWhere(owner)))
    .get();
  if (!row || row.status !== "ready" || !row.r2Key) return { ok: false, reason: "not_found" };
  if (!row.expiresAt || row.expiresAt.getTime() <= app.now().getTime()) return { ok: false, reason: "expired" };
  const object = await app.files.get(row.r2Key);
  if (!object) return { ok: false, reason: "expired" };
  return { ok: true, object, fileName: `partwise-export-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

// ------------------------------------------------------------------------------------------------
// The build: the privacy queue's consumer.

/**
 * Takes an export for this attempt (as claimJob does for jobs): a queued one, or a building one
 * whose lease ran out (its worker died). One round trip.
 */
export async function claimExport(app: AppContext, exportId: string): Promise<LeaseClaim<DataExport>> {
  const now = app.now();
  const [claimed, current] = await app.db.batch([
    app.db
      .update(dataExports)
      .set({ status: "building", attempts: sql`${dataExports.attempts} + 1`, startedAt: now, updatedAt: now })
      .where(
        and(
          eq(dataExports.id, exportId),
          or(
            eq(dataExports.status, "queued"),
            and(eq(dataExports.status, "building"), lt(dataExports.startedAt, new Date(now.getTime() - JOB_LEASE_MS))),
          ),
        ),
      )
      .returning(),
    app.db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1),
  ]);
  if (claimed[0]) return { claimed: claimed[0] };
  const row = current[0];
  if (!row || row.status === "ready" || row.status === "failed") return { gone: true };
  return heldUntilLeaseEnds(row.startedAt, now);
}

/** Only the attempt that holds the export writes to it (its attempt number). */
const held = (row: DataExport) =>
  and(eq(dataExports.id, row.id), eq(dataExports.status, "building"), eq(dataExports.attempts, row.attempts));

async function setProgress(app: AppContext, row: DataExport, progress: number) {
  await app.db.update(dataExports).set({ progress, updatedAt: app.now() }).where(held(row));
}

/** Every object under `prefix`, a page (1,000 keys) at a time. */
export async function listKeys(app: AppContext, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await app.files.list({ prefix, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

const README = (what: string, at: Date) =>
  `Partwise data export of ${what}, built ${at.toISOString()}.\r\n\r\n` +
  "data/<table>.json and data/<table>.csv: every record, one file per table (times in UTC, ISO 8601).\r\n" +
  "files/: every file stored for you, under the name it has in data/files.json (r2_key).\r\n" +
  "Secrets (password hashes, access tokens) are never exported.\r\n";

/**
 * Builds the export held by this attempt: the tables in one D1 batch, then every file under the
 * owner's R2 prefix (and, for a business, its signed statements of work), zipped as a stream
 * into one object at exports/… written through an R2 multipart upload, so the memory held is
 * about one part and one chunk whatever the files weigh; the row turns ready with its expiry
 * (7 days) and the requester is emailed. A failure aborts the upload and is thrown for the
 * consumer to retry; a later attempt starts over under its own key (the attempt's number is in
 * it), so an attempt that outlived its lease cannot overwrite the one that finished.
 */
export async function buildExport(app: AppContext, row: DataExport): Promise<void> {
  const owner: ExportOwner = row.businessId ? { businessId: row.businessId } : { userId: row.userId ?? "" };
  const queries =
    "businessId" in owner ? businessExportQueries(owner.businessId) : consultantExportQueries(owner.userId);
  const results = await d1Batch(
    app,
    queries.map((entry) => app.db.all<ExportRow>(entry.query)),
  );
  const tables = queries.map((entry, index) => ({
    name: entry.name,
    rows: (results[index] as ExportRow[]).map(exportRow),
  }));
  // From here on only the exported rows are held (and, once zipped, not those either).
  results.length = 0;

  const prefix = "businessId" in owner ? businessFilePrefix(owner.businessId) : consultantFilePrefix(owner.userId);
  // Every object under the owner's prefix, but a business's files of messages it does not read;
  // a consultant's uploads stored with a business (their messages' files, their deliverables), too.
  const listed = await listKeys(app, prefix);
  const fileRows = tables.find((table) => table.name === "files")?.rows ?? [];
  const withheld = new Set(
    "businessId" in owner
      ? (await app.db.all<{ r2_key: string }>(withheldFileKeysQuery(owner.businessId))).map((row) => row.r2_key)
      : [],
  );
  const keys =
    "businessId" in owner
      ? listed.filter((key) => !withheld.has(key))
      : [...new Set([...listed, ...fileRows.map((file) => String(file.r2_key))])];
  // A business's signed statements of work are kept under sow/ (their keys are on the signatures).
  const sowKeys = (tables.find((table) => table.name === "sow_signatures")?.rows ?? []).map((signature) =>
    String(signature.pdf_key),
  );
  // One entry per name (the first place, the last key), as the names of one folder are.
  const files = new Map<string, string>();
  for (const key of keys) files.set(fileEntryName(key, prefix), key);
  for (const key of sowKeys) files.set(fileEntryName(key, ""), key);

  const key = exportObjectKey(owner, row.id, row.attempts);
  const written = await writeMultipart(
    app.files,
    key,
    { httpMetadata: { contentType: "application/zip" } },
    async (writer) => {
      const zip = new StreamedZip((chunk) => writer.write(chunk));
      for (const table of tables) {
        await zip.addDeflated(`data/${table.name}.json`, strToU8(JSON.stringify(table.rows, null, 2)));
        await zip.addDeflated(`data/${table.name}.csv`, strToU8(rowsCsv(table.rows)));
      }
      tables.length = 0;
      await setProgress(app, row, exportProgress("tables"));
      let done = 0;
      for (const [name, fileKey] of files) {
        // A file deleted since the listing is left out, as it is gone from the records too.
        const object = await app.files.get(fileKey);
        if (object) await zip.addStored(name, object.body);
        done++;
        if (done % 10 === 0 || done === files.size) {
          await setProgress(app, row, exportProgress("files", done, files.size));
        }
      }
      await zip.addDeflated(
        "README.txt",
        strToU8(README("businessId" in owner ? "a business" : "a consultant's account", app.now())),
      );
      await setProgress(app, row, exportProgress("zip"));
      await zip.end();
    },
  );
  const now = app.now();
  const [finished] = await app.db.batch([
    app.db
      .update(dataExports)
      .set({
        status: "ready",
        progress: 100,
        r2Key: key,
        sizeBytes: written.bytes,
        finishedAt: now,
        expiresAt: exportExpiry(now, EXPORT_LINK_DAYS),
        updatedAt: now,
        lastError: null,
      })
      .where(held(row))
      .returning({ id: dataExports.id }),
  ]);
  // Outlived its lease and taken over: the attempt that holds it keeps its own ZIP and tells the person.
  if (finished.length === 0) {
    await app.files.delete(key);
    return;
  }
  await notify(app, null, [
    {
      userId: row.requestedByUserId,
      businessId: row.businessId,
      kind: "data_export_ready",
      title: EXPORT_TEXTS.emailSubject,
      body: EXPORT_TEXTS.emailBody,
      link: PRIVACY_PATHS.download(row.id),
      action: EXPORT_TEXTS.emailAction,
      footer: "You asked Partwise for an export of your data.",
    },
  ]);
}

/** A retryable failure: back to queued (the attempt was counted at the claim), by the attempt that holds it. */
export async function releaseExport(app: AppContext, row: DataExport, error: string): Promise<void> {
  await app.db
    .update(dataExports)
    .set({ status: "queued", lastError: error.slice(0, 1000), updatedAt: app.now() })
    .where(held(row));
}

/** Failed for good (the dead-letter queue, or the last retry). */
export async function failExports(app: AppContext, exportIds: string[], error: string): Promise<void> {
  if (exportIds.length === 0) return;
  const now = app.now();
  await app.db
    .update(dataExports)
    .set({ status: "failed", lastError: error.slice(0, 1000), finishedAt: now, updatedAt: now })
    .where(and(inArray(dataExports.id, exportIds), inArray(dataExports.status, OPEN)));
}

/**
 * The lease sweep's part (cron, every 10 minutes): open exports untouched for a lease (a queued
 * one whose message was lost, a building one whose worker died) are sent again; the same
 * conditional UPDATE touches them, so a second sweep within the lease sends nothing twice.
 */
export async function stalledExports(app: AppContext): Promise<string[]> {
  const now = app.now();
  const cutoff = new Date(now.getTime() - JOB_LEASE_MS);
  const picked = await app.db
    .update(dataExports)
    .set({ updatedAt: now })
    .where(and(inArray(dataExports.status, OPEN), lt(dataExports.updatedAt, cutoff)))
    .returning({ id: dataExports.id });
  return picked.map((row) => row.id);
}

/** What Settings shows of the owner's exports: the newest one's state, and its link while it works. */
export type ExportView = {
  id: string;
  status: DataExport["status"];
  progress: number;
  open: boolean;
  downloadHref: string | null;
  expired: boolean;
  expiresAt: string | null;
};

export function exportView(row: DataExport | null, now: Date): ExportView | null {
  if (!row) return null;
  const expired = row.status === "ready" && (!row.expiresAt || row.expiresAt.getTime() <= now.getTime());
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    open: row.status === "queued" || row.status === "building",
    downloadHref: row.status === "ready" && !expired ? PRIVACY_PATHS.download(row.id) : null,
    expired,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}
