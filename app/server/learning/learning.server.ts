/**
 * The Learning Center (issue #16): the managers' items (articles, videos, templates) and the
 * clients' list, item page, progress and template download. Status changes are conditional
 * UPDATEs and progress is INSERT … ON CONFLICT DO NOTHING / DELETE, so a replay or double click
 * changes nothing twice. Every client read filters on published, not archived, and the plan.
 */
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import * as z from "zod";
import { learningItems, learningProgress, learningVisits, type LearningItem } from "~db/schema";
import { LEARNING_COPY, LEARNING_FIELD_ERRORS } from "~/lib/learning/learning-copy";
import { readLearningForm, type LearningInput } from "~/lib/learning/learning-schemas";
import { canOpen, tiersFor, VISIT_GAP_MS } from "~/lib/learning/learning-rules";
import { thePlans } from "~/lib/shared/format";
import {
  acceptedExtension,
  FILE_CONTENT_TYPES,
  FILE_REJECTED_MESSAGE,
  fileProblem,
  MAX_FILE_BYTES,
  MULTIPART_OVERHEAD_BYTES,
  sanitizeFileName,
} from "~/lib/files/file-rules";
import { contentMatchesExtension } from "~/lib/files/file-content";
import { neutralizeCsvFormulas } from "~/lib/files/csv-formulas";
import type { ClientViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { preparedRead, runReads } from "~db/prepared";
import { accessTier } from "~/lib/payments/trial";

export const LEARNING_PATH = "/learning";

// ---------------------------------------------------------------- the manager's form

export type TemplateFile = {
  key: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  bytes: Uint8Array;
};

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A template upload checked by the upload rules (type, 16 MB, content matching its extension). */
export async function checkTemplateFile(file: File): Promise<TemplateFile | { error: string }> {
  const problem = fileProblem(file);
  const ext = acceptedExtension(file.name);
  if (problem || !ext) return { error: problem ?? FILE_REJECTED_MESSAGE };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatchesExtension(ext, bytes)) return { error: FILE_REJECTED_MESSAGE };
  return {
    key: `learning/${crypto.randomUUID()}.${ext}`,
    name: sanitizeFileName(file.name),
    contentType: FILE_CONTENT_TYPES[ext],
    sizeBytes: bytes.byteLength,
    sha256: toHex(await crypto.subtle.digest("SHA-256", bytes)),
    bytes,
  };
}

/** The columns an input sets: only the kind's own content is kept (an article has no video …). */
function columnsOf(input: LearningInput) {
  return {
    kind: input.kind,
    title: input.title,
    summary: input.summary,
    area: input.area,
    bodyMarkdown: input.kind === "article" ? input.bodyMarkdown : "",
    videoUrl: input.kind === "video" ? input.videoUrl : null,
    allowedTiers: tiersFor(input.kind, input.access),
  };
}

function fileColumns(file: TemplateFile | null) {
  return {
    fileKey: file?.key ?? null,
    fileName: file?.name ?? null,
    fileContentType: file?.contentType ?? null,
    fileSizeBytes: file?.sizeBytes ?? null,
    fileSha256: file?.sha256 ?? null,
  };
}

async function putTemplate(app: AppContext, file: TemplateFile) {
  await app.files.put(file.key, file.bytes, {
    httpMetadata: { contentType: file.contentType },
    customMetadata: { originalName: file.name },
  });
}

// ---------------------------------------------------------------- managers

/** Creates a draft; a template's file is written to R2 first and removed again if the row fails. */
export async function createLearningItem(
  app: AppContext,
  createdById: string,
  input: LearningInput,
  file: TemplateFile | null,
): Promise<string> {
  const id = crypto.randomUUID();
  const now = app.now();
  const kept = input.kind === "template" ? file : null;
  if (kept) await putTemplate(app, kept);
  try {
    await app.db
      .insert(learningItems)
      .values({ id, ...columnsOf(input), ...fileColumns(kept), createdById, createdAt: now, updatedAt: now });
  } catch (error) {
    if (kept) await app.files.delete(kept.key).catch((e: unknown) => console.error(e));
    throw error;
  }
  return id;
}

/**
 * Saves an item that is not archived (false otherwise). A new template file replaces the old one
 * (the old object is deleted after the row points at the new one); a kind other than template
 * drops the file.
 */
export async function updateLearningItem(
  app: AppContext,
  item: LearningItem,
  input: LearningInput,
  file: TemplateFile | null,
): Promise<boolean> {
  const replacing = input.kind === "template" && file !== null;
  if (replacing) await putTemplate(app, file);
  const files =
    input.kind !== "template" ? fileColumns(null) : replacing ? fileColumns(file) : ({} as Record<string, never>);
  const rows = await app.db
    .update(learningItems)
    .set({ ...columnsOf(input), ...files, updatedAt: app.now() })
    .where(and(eq(learningItems.id, item.id), isNull(learningItems.archivedAt)))
    .returning({ id: learningItems.id });
  if (rows.length === 0) {
    if (replacing) await app.files.delete(file.key).catch((e: unknown) => console.error(e));
    return false;
  }
  const dropped = item.fileKey && (input.kind !== "template" || replacing) ? item.fileKey : null;
  if (dropped) await app.files.delete(dropped).catch((e: unknown) => console.error(e));
  return true;
}

/** A template needs its file before it can be published. */
export function missingContent(item: LearningItem): string | null {
  if (item.kind === "template" && !item.fileKey) return LEARNING_FIELD_ERRORS.file;
  if (item.kind === "article" && item.bodyMarkdown.trim() === "") return LEARNING_FIELD_ERRORS.body;
  if (item.kind === "video" && !item.videoUrl) return LEARNING_FIELD_ERRORS.videoUrl;
  return null;
}

export type StatusChange = "publish" | "unpublish" | "archive";

/** Publish / unpublish / archive once: a repeat (or an archived item) changes nothing and says so. */
export async function changeLearningStatus(
  app: AppContext,
  id: string,
  change: StatusChange,
): Promise<{ changed: boolean; msg: string }> {
  const now = app.now();
  const open = and(eq(learningItems.id, id), isNull(learningItems.archivedAt));
  const update = (set: Partial<LearningItem>, where: ReturnType<typeof and>) =>
    app.db
      .update(learningItems)
      .set({ ...set, updatedAt: now })
      .where(where)
      .returning({ id: learningItems.id });
  switch (change) {
    case "publish": {
      const rows = await update({ publishedAt: now }, and(open, isNull(learningItems.publishedAt)));
      return rows.length > 0
        ? { changed: true, msg: LEARNING_COPY.publishedConfirmation }
        : { changed: false, msg: LEARNING_COPY.alreadyPublished };
    }
    case "unpublish": {
      const rows = await update({ publishedAt: null }, and(open, isNotNull(learningItems.publishedAt)));
      return rows.length > 0
        ? { changed: true, msg: LEARNING_COPY.unpublished }
        : { changed: false, msg: LEARNING_COPY.alreadyUnpublished };
    }
    case "archive": {
      const rows = await update({ archivedAt: now }, open);
      return rows.length > 0
        ? { changed: true, msg: LEARNING_COPY.archived }
        : { changed: false, msg: LEARNING_COPY.alreadyArchived };
    }
  }
}

const doneCount = sql<number>`(SELECT count(*) FROM learning_progress p WHERE p.item_id = learning_items.id)`;

/** Every item, newest change first, with how many people marked it done (one query). */
export async function listConsoleLearningItems(app: AppContext) {
  return app.db
    .select({
      id: learningItems.id,
      kind: learningItems.kind,
      title: learningItems.title,
      area: learningItems.area,
      allowedTiers: learningItems.allowedTiers,
      publishedAt: learningItems.publishedAt,
      archivedAt: learningItems.archivedAt,
      updatedAt: learningItems.updatedAt,
      done: doneCount,
    })
    .from(learningItems)
    .orderBy(desc(learningItems.updatedAt));
}

/** One item for the console (one query). */
export async function getConsoleLearningItem(app: AppContext, id: string) {
  const [row] = await app.db
    .select({ item: learningItems, done: doneCount })
    .from(learningItems)
    .where(eq(learningItems.id, id));
  return row ? { item: row.item, done: Number(row.done) } : null;
}

// ---------------------------------------------------------------- clients

const visible = and(isNotNull(learningItems.publishedAt), isNull(learningItems.archivedAt));

/** What a list shows of an item (never the body, the video or the file). */
const listColumns = {
  id: learningItems.id,
  kind: learningItems.kind,
  title: learningItems.title,
  summary: learningItems.summary,
  area: learningItems.area,
  allowedTiers: learningItems.allowedTiers,
  publishedAt: learningItems.publishedAt,
};

/**
 * The Learning Center page: records this visit and reads the items and the user's progress, in one
 * db.batch. The visit is one upsert that keeps the previous visit's start unless the last one was
 * more than VISIT_GAP_MS ago (SQLite's UPDATE reads the old row), returning the baseline of "New".
 */
export async function loadLearningCenter(app: AppContext, viewer: ClientViewer) {
  const now = app.now();
  const [visit, items, progress] = await app.db.batch([
    app.db
      .insert(learningVisits)
      .values({ userId: viewer.user.id, seenAt: now, previousSeenAt: null })
      .onConflictDoUpdate({
        target: learningVisits.userId,
        set: {
          previousSeenAt: sql`CASE WHEN ${now.getTime()} - seen_at > ${VISIT_GAP_MS} THEN seen_at ELSE previous_seen_at END`,
          seenAt: now,
        },
      })
      .returning({ previousSeenAt: learningVisits.previousSeenAt }),
    app.db.select(listColumns).from(learningItems).where(visible).orderBy(desc(learningItems.publishedAt)),
    app.db
      .select({ itemId: learningProgress.itemId, doneAt: learningProgress.doneAt })
      .from(learningProgress)
      .where(eq(learningProgress.userId, viewer.user.id)),
  ]);
  return { previousSeenAt: visit[0]?.previousSeenAt ?? null, items, done: new Set(progress.map((row) => row.itemId)) };
}

const publishedItemRows = preparedRead([], (db) =>
  db
    .select({ ...listColumns, videoUrl: learningItems.videoUrl })
    .from(learningItems)
    .where(visible)
    .orderBy(desc(learningItems.publishedAt))
    .prepare(),
);
const progressRows = preparedRead(["userId"], (db, p) =>
  db
    .select({ itemId: learningProgress.itemId })
    .from(learningProgress)
    .where(eq(learningProgress.userId, p.userId))
    .prepare(),
);
const visitRows = preparedRead(["userId"], (db, p) =>
  db
    .select({ seenAt: learningVisits.seenAt })
    .from(learningVisits)
    .where(eq(learningVisits.userId, p.userId))
    .prepare(),
);

/** The dashboard's cards: the published items (list columns and video address), progress and last visit (one db.batch). */
export async function loadLearningSummary(app: AppContext, viewer: ClientViewer) {
  const values = { userId: viewer.user.id };
  const [items, progress, visit] = await runReads(app.db, [
    publishedItemRows(app.db, {}),
    progressRows(app.db, values),
    visitRows(app.db, values),
  ]);
  return { items, done: new Set(progress.map((row) => row.itemId)), lastVisit: visit[0]?.seenAt ?? null };
}

/** A published, not archived item and whether the user marked it done (one db.batch); null otherwise. */
export async function getClientLearningItem(app: AppContext, viewer: ClientViewer, id: string) {
  const [items, progress] = await app.db.batch([
    app.db
      .select()
      .from(learningItems)
      .where(and(eq(learningItems.id, id), visible)),
    app.db
      .select({ doneAt: learningProgress.doneAt })
      .from(learningProgress)
      .where(and(eq(learningProgress.itemId, id), eq(learningProgress.userId, viewer.user.id))),
  ]);
  const item = items[0];
  return item ? { item, done: progress.length > 0 } : null;
}

export type ProgressResult = { ok: true; msg: string } | { ok: false; status: 403 | 404; msg: string };

/**
 * Marks an item done or not done for the user. Done is an INSERT … SELECT of a visible item the
 * plan may open, ON CONFLICT DO NOTHING; not done is a DELETE. Either way a repeat writes nothing.
 */
export async function setLearningProgress(
  app: AppContext,
  viewer: ClientViewer,
  itemId: string,
  done: boolean,
): Promise<ProgressResult> {
  const found = await getClientLearningItem(app, viewer, itemId);
  if (!found) return { ok: false, status: 404, msg: LEARNING_COPY.itemNotFound };
  if (!canOpen(found.item.allowedTiers, accessTier(viewer.business, app.now()))) {
    return { ok: false, status: 403, msg: LEARNING_COPY.lockedMessage(thePlans(found.item.allowedTiers)) };
  }
  if (!done) {
    await app.db
      .delete(learningProgress)
      .where(and(eq(learningProgress.userId, viewer.user.id), eq(learningProgress.itemId, itemId)));
    return { ok: true, msg: LEARNING_COPY.markedNotDone };
  }
  await app.db
    .insert(learningProgress)
    .values({ id: crypto.randomUUID(), userId: viewer.user.id, itemId, doneAt: app.now() })
    .onConflictDoNothing({ target: [learningProgress.userId, learningProgress.itemId] });
  return { ok: true, msg: LEARNING_COPY.markedDone };
}

export type TemplateDownload = {
  name: string;
  contentType: string;
  sizeBytes: number;
  body: ReadableStream | Uint8Array<ArrayBuffer>;
};

/** A visible template's file for a plan that may open it; null for anything else (the caller answers 404 or 403). */
export async function getTemplateDownload(
  app: AppContext,
  viewer: ClientViewer,
  id: string,
): Promise<TemplateDownload | "locked" | null> {
  const found = await getClientLearningItem(app, viewer, id);
  if (!found || found.item.kind !== "template" || !found.item.fileKey || !found.item.fileName) return null;
  if (!canOpen(found.item.allowedTiers, accessTier(viewer.business, app.now()))) return "locked";
  const object = await app.files.get(found.item.fileKey);
  if (!object) return null;
  const contentType = found.item.fileContentType ?? "application/octet-stream";
  const body =
    contentType === FILE_CONTENT_TYPES.csv
      ? neutralizeCsvFormulas(new Uint8Array(await object.arrayBuffer()))
      : object.body;
  return { name: found.item.fileName, contentType, sizeBytes: found.item.fileSizeBytes ?? 0, body };
}

/** A console form's body may carry a template: up to the upload limit plus the multipart overhead. */
export const LEARNING_FORM_MAX_BYTES = MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES;

export type LearningSubmission =
  | { ok: true; input: LearningInput; file: TemplateFile | null }
  | { ok: false; msg: string; errors: Record<string, string> };

/**
 * The console form's fields and file, validated as the browser checks them (readLearningForm:
 * every problem at once, the first as `msg`), then an accepted upload's content.
 */
export async function readLearningSubmission(
  form: FormData,
  { hasFile }: { hasFile: boolean },
): Promise<LearningSubmission> {
  const read = readLearningForm(form, { hasFile });
  if (!read.ok) return { ok: false, msg: Object.values(read.issues)[0]!, errors: read.issues };
  if (!read.upload) return { ok: true, input: read.input, file: null };
  const checked = await checkTemplateFile(read.upload);
  if ("error" in checked) return { ok: false, msg: checked.error, errors: { file: checked.error } };
  return { ok: true, input: read.input, file: checked };
}

export const ProgressActionSchema = z.object({ intent: z.enum(["done", "undone"]), itemId: z.string().uuid() });
