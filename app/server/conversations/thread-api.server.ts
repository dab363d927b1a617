import { and, eq, sql } from "drizzle-orm";
import { cursorOf, parseCursor } from "~/lib/conversations/thread-schemas";
import { fullName } from "~/lib/shared/format";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { threadMessages } from "~db/schema";
import type { ThreadParty } from "~db/enums";
import { accessOf, threadRowById, type ThreadAccess, type ThreadRow } from "./participation.server";
import { messageAttachmentsQuery } from "~/server/files/files.server";
import {
  attachmentsByMessage,
  listThreads,
  messagePageQuery,
  messageSelect,
  pageAttachmentsQuery,
  type AttachmentView,
} from "./threads.server";

/**
 * The reads of the conversations JSON API (issue #39 item 8, docs/decisions/075): the viewer's
 * threads, and a thread's messages newest first in keyset pages of any size up to the API's limit
 * (the pages' own reads are in threads.server.ts). Each walks the same indexes as the pages.
 */

/** A thread as the API lists it. */
export type ApiThread = {
  id: string;
  matchRequestId: string;
  category: string;
  business: { id: string; name: string };
  consultant: { id: string; firstName: string; lastName: string };
  closed: boolean;
  unread: number;
  lastMessage: { body: string | null; authorParty: ThreadParty; createdAt: string } | null;
};

function apiThread(thread: ThreadRow) {
  return {
    id: thread.id,
    matchRequestId: thread.matchRequestId,
    category: thread.category,
    business: { id: thread.businessId, name: thread.businessName },
    consultant: { id: thread.consultantId, firstName: thread.consultantFirstName, lastName: thread.consultantLastName },
  };
}

/** GET /api/threads: the threads the viewer sees, latest activity first (at most 100, as the pages). */
export async function apiThreadList(app: AppContext, viewer: Viewer): Promise<ApiThread[]> {
  const items = await listThreads(app, viewer);
  return items.map((item) => ({
    ...apiThread(item.thread),
    closed: item.closed,
    unread: item.unread,
    lastMessage: item.lastMessage
      ? { body: item.lastMessage.body, authorParty: item.lastMessage.authorParty, createdAt: item.lastMessage.at }
      : null,
  }));
}

/** A message as the API answers it. */
export type ApiMessage = {
  id: string;
  authorId: string | null;
  authorName: string;
  authorParty: ThreadParty;
  mine: boolean;
  /** Null when an engagement manager hid it and the reader is not one. */
  body: string | null;
  hidden: boolean;
  createdAt: string;
  editedAt: string | null;
  /** Its files: name, size for people and download address (none while hidden from the reader). */
  attachments: AttachmentView[];
};

export type ApiMessagePage = {
  thread: ReturnType<typeof apiThread> & { closed: boolean; canWrite: boolean };
  messages: ApiMessage[];
  /** Pass as `before` for the page of older messages; null on the thread's first page. */
  nextCursor: string | null;
};

type PageRow = Awaited<ReturnType<typeof messagePageQuery>>[number];

function apiMessage(
  row: PageRow,
  viewer: Viewer,
  access: ThreadAccess,
  attachments: Map<string, AttachmentView[]>,
): ApiMessage {
  const hidden = row.hiddenAt !== null;
  const concealed = hidden && access.party !== "manager";
  return {
    id: row.id,
    authorId: row.authorId,
    authorName: fullName(row.firstName, row.lastName) || "",
    authorParty: row.authorParty,
    mine: row.authorId === viewer.user.id,
    body: concealed ? null : row.body,
    hidden,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    attachments: concealed ? [] : (attachments.get(row.id) ?? []),
  };
}

/**
 * GET /api/threads/{threadId}/messages: one page, newest first, or null when the viewer takes no
 * part in the thread (one round trip: the thread's facts and the page side by side; the part is
 * checked before anything read is answered).
 */
export async function apiMessagePage(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  before: string | undefined,
  limit: number,
): Promise<ApiMessagePage | null> {
  const cursor = parseCursor(before ?? null);
  const [rows, page, attachmentRows] = await app.db.batch([
    threadRowById(app, threadId),
    messagePageQuery(app, threadId, cursor, limit),
    pageAttachmentsQuery(app, threadId, cursor, limit),
  ]);
  const thread = rows[0];
  const access = accessOf(viewer, thread);
  if (!thread || !access) return null;
  const shown = page.slice(0, limit);
  const oldest = shown[shown.length - 1];
  const attachments = attachmentsByMessage(threadId, attachmentRows);
  return {
    thread: { ...apiThread(thread), closed: access.closed, canWrite: access.canWrite },
    messages: shown.map((row) => apiMessage(row, viewer, access, attachments)),
    nextCursor: page.length > limit && oldest ? cursorOf(oldest) : null,
  };
}

/** One message of a thread as the API answers it (after POST, for its author). */
export async function apiMessageById(
  app: AppContext,
  viewer: Viewer,
  access: ThreadAccess,
  messageId: string,
): Promise<ApiMessage | null> {
  const [[row], attachmentRows] = await app.db.batch([
    messageSelect(app)
      .where(and(eq(threadMessages.id, messageId), eq(threadMessages.threadId, access.threadId)))
      .limit(1),
    messageAttachmentsQuery(app, sql`(${messageId})`),
  ]);
  return row ? apiMessage(row, viewer, access, attachmentsByMessage(access.threadId, attachmentRows)) : null;
}
