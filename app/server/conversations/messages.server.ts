import { and, eq, gte, isNull, sql } from "drizzle-orm";
import {
  ATTACHMENTS_OVER_QUOTA_MESSAGE,
  EDIT_WINDOW_PASSED_MESSAGE,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGE_NOT_FOUND_MESSAGE,
  THREAD_CLOSED_MESSAGE,
  TOO_MANY_ATTACHMENTS_MESSAGE,
} from "~/lib/conversations/thread-copy";
import { MAX_FILES_PER_MESSAGE } from "~/lib/files/file-rules";
import { PLANS } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { actorOf, auditStatementWhen } from "~/server/audit/audit.server";
import { businessFileKeys, discardUploads, storeFilesFor, type UploadedFile } from "~/server/files/files.server";
import { insertedByThisCall, linkFiles } from "~/server/files/file-rows.server";
import { matchCandidates, threadMessages, threadReads } from "~db/schema";
import { candidacyOpen, keyedReplay, threadAccess, writeRefusal, type ThreadAccess } from "./participation.server";

/**
 * The writes of conversations (issue #39, docs/decisions/072): send, edit within the window, hide
 * (engagement managers), and read marks. Each is one conditional statement, so a double click,
 * a race with the candidacy closing or a replay changes nothing twice.
 */

/** A refusal; `field: "files"` when the message's attachments were refused (nothing is sent). */
export type MessageFailure = { ok: false; status: 400 | 403 | 404 | 409; msg: string; field?: "files" };
export type MessageResult<T = Record<never, never>> = ({ ok: true } & T) | MessageFailure;

const notFound: MessageFailure = { ok: false, status: 404, msg: MESSAGE_NOT_FOUND_MESSAGE };

/** The read mark's upsert: never moves back (a late request cannot unread what was read). */
function readMarkStatement(app: AppContext, threadId: string, userId: string, at: Date) {
  return app.db
    .insert(threadReads)
    .values({ threadId, userId, readAt: at })
    .onConflictDoUpdate({
      target: [threadReads.threadId, threadReads.userId],
      set: { readAt: sql`max(${threadReads.readAt}, excluded.read_at)` },
    });
}

/**
 * Sends a message, with its attachments (docs/decisions/076). `key` is the form's one-time id
 * (made when the form was rendered): it becomes the message's id, so a second submit of the same
 * form adds nothing. The insert holds only while the candidacy is open; the author's read mark
 * moves to it. Files go through the upload rules into the business's storage (a business member's
 * count against its plan's quota, as their other uploads do) and are linked to the message in the
 * batch that inserts it; files of a message that was not inserted (a replay, a thread closed
 * meanwhile) are removed again.
 */
export async function sendMessage(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  input: { key: string; body: string; files?: File[] },
  /** The viewer's part, when the caller has just read it (before reading a multipart body). */
  checked?: ThreadAccess,
): Promise<MessageResult<{ messageId: string; access: ThreadAccess }>> {
  const access = checked ?? (await threadAccess(app, viewer, threadId));
  if (!access) return notFound;
  const refusal = writeRefusal(access);
  if (refusal) return refusal;
  let uploaded: UploadedFile[] = [];
  if (input.files && input.files.length > 0) {
    // Whoever attaches, the files take the business's storage (its plan's quota).
    const stored = await storeFilesFor(
      app,
      { businessId: access.businessId, userId: viewer.user.id },
      { files: input.files, purpose: "thread_message" },
      {
        quotaBytes: PLANS[access.businessTier].storageQuotaBytes,
        quotaMessage: access.party === "business" ? undefined : ATTACHMENTS_OVER_QUOTA_MESSAGE,
        maxFiles: { count: MAX_FILES_PER_MESSAGE, message: TOO_MANY_ATTACHMENTS_MESSAGE },
      },
    );
    if (!stored.ok) return { ok: false, status: 400, msg: stored.msg, field: "files" };
    uploaded = stored.files;
  }
  const now = app.now();
  const insert = app.db
    .insert(threadMessages)
    .select(
      app.db
        .select({
          id: sql<string>`${input.key}`.as("id"),
          threadId: matchCandidates.id,
          businessId: matchCandidates.businessId,
          authorId: sql<string>`${viewer.user.id}`.as("author_id"),
          authorParty: sql<string>`${access.party}`.as("author_party"),
          body: sql<string>`${input.body}`.as("body"),
          createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          editedAt: sql<null>`NULL`.as("edited_at"),
          hiddenAt: sql<null>`NULL`.as("hidden_at"),
          hiddenById: sql<null>`NULL`.as("hidden_by_id"),
        })
        .from(matchCandidates)
        .where(and(eq(matchCandidates.id, threadId), candidacyOpen(threadId))),
    )
    .onConflictDoNothing({ target: threadMessages.id })
    .returning({ id: threadMessages.id });
  const readMark = readMarkStatement(app, threadId, viewer.user.id, now);
  const write = () =>
    uploaded.length > 0
      ? app.db.batch([
          insert,
          linkFiles(
            app.db,
            access.businessId,
            businessFileKeys(
              access.businessId,
              uploaded.map((file) => file.fileName),
            ),
            { threadMessageId: input.key },
            // Right after the insert: only when it inserted (SQLite's changes(); a racing submit of
            // the same form can share its instant, so the row's own facts are not enough).
            sql`${insertedByThisCall(threadMessages, input.key, access.businessId, now.getTime())} AND changes() > 0`,
          ),
          readMark,
        ])
      : app.db.batch([insert, readMark]);
  let inserted: { id: string }[];
  try {
    [inserted] = await write();
  } catch (error) {
    // Nothing was written: the uploads go again rather than wait for the sweep.
    await discardUploads(app, access.businessId, uploaded);
    throw error;
  }
  if (inserted.length > 0) return { ok: true, messageId: input.key, access };
  await discardUploads(app, access.businessId, uploaded);
  // Nothing inserted: this form was sent before (the same author's message in this thread), or
  // the candidacy closed between the check and the write.
  const [existing] = await app.db
    .select({ ownerId: threadMessages.authorId, threadId: threadMessages.threadId })
    .from(threadMessages)
    .where(eq(threadMessages.id, input.key))
    .limit(1);
  const replay = keyedReplay(existing, viewer.user.id, threadId);
  if (replay === "done") return { ok: true, messageId: input.key, access };
  return replay === "not-found" ? notFound : { ok: false, status: 409, msg: THREAD_CLOSED_MESSAGE };
}

/** Changes the viewer's own message within MESSAGE_EDIT_WINDOW_MS of sending, while the thread is open and it is not hidden. */
export async function editMessage(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  input: { messageId: string; body: string },
): Promise<MessageResult<{ access: ThreadAccess }>> {
  const access = await threadAccess(app, viewer, threadId);
  if (!access) return notFound;
  const refusal = writeRefusal(access);
  if (refusal) return refusal;
  const now = app.now();
  const mine = and(
    eq(threadMessages.id, input.messageId),
    eq(threadMessages.threadId, threadId),
    eq(threadMessages.authorId, viewer.user.id),
    isNull(threadMessages.hiddenAt),
  );
  const changed = await app.db
    .update(threadMessages)
    .set({ body: input.body, editedAt: now })
    .where(
      and(
        mine,
        gte(threadMessages.createdAt, new Date(now.getTime() - MESSAGE_EDIT_WINDOW_MS)),
        candidacyOpen(threadId),
      ),
    )
    .returning({ id: threadMessages.id });
  if (changed.length > 0) return { ok: true, access };
  const [still] = await app.db.select({ id: threadMessages.id }).from(threadMessages).where(mine).limit(1);
  return still ? { ok: false, status: 409, msg: EDIT_WINDOW_PASSED_MESSAGE } : notFound;
}

/**
 * An engagement manager hides a message: it stays in D1 (the record, and evidence), the others
 * read that a message was hidden. Recorded in the audit trail once, whoever clicks twice.
 */
export async function hideMessage(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  messageId: string,
): Promise<MessageResult<{ access: ThreadAccess }>> {
  const access = await threadAccess(app, viewer, threadId);
  if (!access || access.party !== "manager") return notFound;
  const now = app.now();
  const [hidden] = await app.db.batch([
    app.db
      .update(threadMessages)
      .set({ hiddenAt: now, hiddenById: viewer.user.id })
      .where(
        and(eq(threadMessages.id, messageId), eq(threadMessages.threadId, threadId), isNull(threadMessages.hiddenAt)),
      )
      .returning({ id: threadMessages.id, businessId: threadMessages.businessId }),
    // Right after the update: recorded only when it hid the message (SQLite's changes()).
    auditStatementWhen(
      app,
      {
        actor: actorOf(viewer),
        action: "message.hidden",
        businessId: sql`(SELECT business_id FROM thread_messages WHERE id = ${messageId})`,
        subject: { type: "thread_message", id: messageId },
        detail: { threadId },
      },
      { from: sql`(SELECT 1)`, where: sql`changes() > 0` },
    ),
  ]);
  if (hidden.length > 0) return { ok: true, access };
  const [exists] = await app.db
    .select({ id: threadMessages.id })
    .from(threadMessages)
    .where(and(eq(threadMessages.id, messageId), eq(threadMessages.threadId, threadId)))
    .limit(1);
  // Already hidden (a second click): the same answer as the first.
  return exists ? { ok: true, access } : notFound;
}

/** Marks the thread read for the viewer up to now (they take part in it, else not found). */
export async function markThreadRead(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
): Promise<MessageResult<{ access: ThreadAccess }>> {
  const access = await threadAccess(app, viewer, threadId);
  if (!access) return notFound;
  await readMarkStatement(app, threadId, viewer.user.id, app.now());
  return { ok: true, access };
}

/** The read mark alone, for a page that has already checked the viewer's part (after its answer). */
export function markReadAfterCheck(app: AppContext, access: ThreadAccess): Promise<unknown> {
  return readMarkStatement(app, access.threadId, access.userId, app.now()).run();
}
