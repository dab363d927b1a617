import { and, desc, eq, gt, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  attachmentPath,
  carriesContactDetails,
  engagementEventText,
  MESSAGE_EDIT_WINDOW_MS,
  THREAD_PAGE_SIZE,
} from "~/lib/conversations/thread-copy";
import { engagementEventsOfThread } from "~/server/engagements/engagement-events.server";
import { cursorOf } from "~/lib/conversations/thread-schemas";
import { fullName } from "~/lib/shared/format";
import { formatFileSize } from "~/lib/shared/numbers";
import { storedFileName } from "~/lib/files/listed-file";
import { messageAttachmentsQuery } from "~/server/files/files.server";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { matchCandidates, matchRequests, threadMessages, threadReads, users } from "~db/schema";
import type { ThreadParty } from "~db/enums";
import { accessOf, threadRowById, threadRowQuery, type ThreadAccess, type ThreadRow } from "./participation.server";
import { meetingViews, threadMeetingsQuery, type MeetingView } from "./meetings.server";

/** The viewer's part in the thread of `consultantId` on match request `matchRequestId`, or null. */
export async function threadOfMatch(
  app: AppContext,
  viewer: Viewer,
  matchRequestId: string,
  consultantId: string,
): Promise<ThreadAccess | null> {
  const [row] = await threadRowQuery(app)
    .where(and(eq(matchCandidates.matchRequestId, matchRequestId), eq(matchCandidates.consultantId, consultantId)))
    .limit(1);
  return accessOf(viewer, row);
}

/**
 * The reads of conversations (issue #39, docs/decisions/072): a thread's page of messages (keyset
 * pages, newest first, shown oldest first), each person's list of threads, and the unread counts
 * of the navigation. Every query walks an index: a thread's messages by (thread_id, created_at,
 * id), a list by the candidacies' business, consultant or request.
 */

/** A message as a thread page shows it. */
export type MessageView = {
  id: string;
  authorName: string;
  authorParty: ThreadParty;
  mine: boolean;
  /** Null when hidden and the reader is not an engagement manager (the page shows the trace). */
  body: string | null;
  hidden: boolean;
  createdAt: string;
  edited: boolean;
  /** Until when the author may still change it (ISO); null when they may not. */
  editableUntil: string | null;
  /** The people of the other sides who have read it (the author's own messages only). */
  readBy: string[];
  /** Its files (none shown while it is hidden from the reader). */
  attachments: AttachmentView[];
};

export type ThreadView = {
  access: ThreadAccess;
  thread: ThreadRow;
  messages: MessageView[];
  /** The cursor of the page before this one ("Earlier messages"), or null at the thread's start. */
  earlierCursor: string | null;
  /** Messages after the viewer's read mark, by others (before this visit marks them read). */
  unread: number;
  /** A message shows contact details before the plan is signed (issue #39 item 7). */
  offPlatformNotice: boolean;
  /** The engagement's events in the time this page covers, oldest first (shown in line). */
  events: { at: string; text: string }[];
  /** The calls proposed in the thread during this page's span of time (docs/decisions/074). */
  meetings: MeetingView[];
};

const author = alias(users, "author");

/** A message's columns with its author's name: what the pages and the API read of a message. */
export function messageSelect(app: AppContext) {
  return app.db
    .select({
      id: threadMessages.id,
      authorId: threadMessages.authorId,
      authorParty: threadMessages.authorParty,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
      editedAt: threadMessages.editedAt,
      hiddenAt: threadMessages.hiddenAt,
      firstName: author.firstName,
      lastName: author.lastName,
    })
    .from(threadMessages)
    .leftJoin(author, eq(author.id, threadMessages.authorId));
}

/**
 * A thread's messages before `cursor` (or its latest), newest first, `size + 1` of them (one more
 * than a page tells whether there is an earlier one), on the thread's index.
 */
export function messagePageQuery(
  app: AppContext,
  threadId: string,
  cursor: { createdAt: number; id: string } | null,
  size: number = THREAD_PAGE_SIZE,
) {
  return messageSelect(app)
    .where(pageWhere(threadId, cursor))
    .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
    .limit(size + 1);
}

/** The messages of a thread before `cursor` (all of them without one). */
function pageWhere(threadId: string, cursor: { createdAt: number; id: string } | null) {
  const before = cursor
    ? sql`(${threadMessages.createdAt} < ${cursor.createdAt} OR (${threadMessages.createdAt} = ${cursor.createdAt} AND ${threadMessages.id} < ${cursor.id}))`
    : undefined;
  return and(eq(threadMessages.threadId, threadId), before);
}

/** The files attached to the messages of the same page as messagePageQuery's (docs/decisions/076). */
export function pageAttachmentsQuery(
  app: AppContext,
  threadId: string,
  cursor: { createdAt: number; id: string } | null,
  size: number = THREAD_PAGE_SIZE,
) {
  const ids = app.db
    .select({ id: threadMessages.id })
    .from(threadMessages)
    .where(pageWhere(threadId, cursor))
    .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
    .limit(size + 1);
  return messageAttachmentsQuery(app, sql`(${ids})`);
}

/** A message's file: its name, its size (for people, and in bytes), its type and where it downloads. */
export type AttachmentView = { name: string; size: string; sizeBytes: number; contentType: string; href: string };

/** The attachments of each message of a page, as links into the thread's downloads. */
export function attachmentsByMessage(
  threadId: string,
  rows: { threadMessageId: string; r2Key: string; originalName: string; contentType: string; sizeBytes: number }[],
): Map<string, AttachmentView[]> {
  const byMessage = new Map<string, AttachmentView[]>();
  for (const row of rows) {
    const list = byMessage.get(row.threadMessageId) ?? [];
    list.push({
      name: row.originalName,
      size: formatFileSize(row.sizeBytes),
      sizeBytes: row.sizeBytes,
      contentType: row.contentType,
      href: attachmentPath(threadId, storedFileName(row.r2Key)),
    });
    byMessage.set(row.threadMessageId, list);
  }
  return byMessage;
}

/** Everyone's read marks in a thread, with their names and sides. */
function readMarksQuery(app: AppContext, threadId: string) {
  return app.db
    .select({
      userId: threadReads.userId,
      readAt: threadReads.readAt,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(threadReads)
    .innerJoin(users, eq(users.id, threadReads.userId))
    .where(eq(threadReads.threadId, threadId));
}

/** How many messages by others the viewer has not read in the thread. */
function unreadInThreadQuery(app: AppContext, threadId: string, userId: string) {
  return app.db
    .select({ count: sql<number>`count(*)` })
    .from(threadMessages)
    .leftJoin(threadReads, and(eq(threadReads.threadId, threadMessages.threadId), eq(threadReads.userId, userId)))
    .where(
      and(
        eq(threadMessages.threadId, threadId),
        sql`${threadMessages.createdAt} > coalesce(${threadReads.readAt}, 0)`,
        isNull(threadMessages.hiddenAt),
        or(isNull(threadMessages.authorId), ne(threadMessages.authorId, userId)),
      ),
    );
}

const PARTY_OF_ROLE: Record<string, ThreadParty> = { client: "business", consultant: "consultant", manager: "manager" };

/**
 * One page of a thread as the viewer may read it, or null when they take no part in it (one
 * round trip: the thread's facts, the page, the read marks and the unread count side by side; the
 * part is checked before anything read is returned).
 */
export async function loadThread(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  cursor: { createdAt: number; id: string } | null,
): Promise<ThreadView | null> {
  const [planEvents, itemEvents] = engagementEventsOfThread(
    app,
    threadId,
    0,
    cursor ? cursor.createdAt : Number.MAX_SAFE_INTEGER,
  );
  const [rows, page, attachmentRows, marks, unreadRows, planRows, itemRows, meetingRows] = await app.db.batch([
    threadRowById(app, threadId),
    messagePageQuery(app, threadId, cursor),
    pageAttachmentsQuery(app, threadId, cursor),
    readMarksQuery(app, threadId),
    unreadInThreadQuery(app, threadId, viewer.user.id),
    planEvents,
    itemEvents,
    threadMeetingsQuery(app, threadId),
  ]);
  const thread = rows[0];
  const access = accessOf(viewer, thread);
  if (!thread || !access) return null;

  const now = app.now().getTime();
  const shown = page.slice(0, THREAD_PAGE_SIZE);
  const attachments = attachmentsByMessage(threadId, attachmentRows);
  const messages = [...shown].reverse().map((row): MessageView => {
    const mine = row.authorId === viewer.user.id;
    const hidden = row.hiddenAt !== null;
    const concealed = hidden && access.party !== "manager";
    const editableUntil = row.createdAt.getTime() + MESSAGE_EDIT_WINDOW_MS;
    return {
      id: row.id,
      authorName: fullName(row.firstName, row.lastName) || "",
      authorParty: row.authorParty,
      mine,
      body: concealed ? null : row.body,
      hidden,
      createdAt: row.createdAt.toISOString(),
      edited: row.editedAt !== null,
      attachments: concealed ? [] : (attachments.get(row.id) ?? []),
      editableUntil:
        mine && !hidden && access.canWrite && editableUntil > now ? new Date(editableUntil).toISOString() : null,
      readBy: mine
        ? marks
            .filter(
              (mark) =>
                mark.userId !== viewer.user.id &&
                PARTY_OF_ROLE[mark.role] !== row.authorParty &&
                mark.readAt.getTime() >= row.createdAt.getTime(),
            )
            .map((mark) => fullName(mark.firstName, mark.lastName))
        : [],
    };
  });
  const oldest = shown[shown.length - 1];
  const earlierCursor = page.length > THREAD_PAGE_SIZE && oldest ? cursorOf(oldest) : null;
  // With earlier messages behind a link, this page shows the events since its oldest message.
  const since = earlierCursor && oldest ? oldest.createdAt.getTime() : 0;
  const events = [...planRows, ...itemRows]
    .sort((a, b) => Number(a.at) - Number(b.at))
    .filter((event) => Number(event.at) >= since)
    .map((event) => ({ at: new Date(Number(event.at)).toISOString(), text: engagementEventText(event) }))
    .filter((event) => event.text !== "");
  // A call shows among the messages of its time: after this page's oldest message when earlier
  // ones exist, before the cursor's message on an earlier page.
  const from = earlierCursor && oldest ? oldest.createdAt.getTime() : -Infinity;
  const until = cursor ? cursor.createdAt : Infinity;
  const meetings = meetingViews(
    meetingRows.filter((row) => row.meetingCreatedAt.getTime() >= from && row.meetingCreatedAt.getTime() < until),
    access,
    new Date(now),
  );
  return {
    access,
    thread,
    messages,
    earlierCursor,
    events,
    unread: Number(unreadRows[0]?.count ?? 0),
    offPlatformNotice:
      !thread.planSigned && messages.some((message) => message.body !== null && carriesContactDetails(message.body)),
    meetings,
  };
}

/** A thread in a person's list. */
export type ThreadListItem = {
  id: string;
  thread: ThreadRow;
  /** `mine`: the reader wrote it (the list says "You", not their party). */
  lastMessage: { body: string | null; at: string; authorParty: ThreadParty; mine: boolean } | null;
  unread: number;
  closed: boolean;
};

/** How many threads a list shows (the latest activity first). */
export const THREAD_LIST_LIMIT = 100;

/**
 * The threads the viewer sees, latest activity first, at most THREAD_LIST_LIMIT. A manager sees
 * every thread, or with `assignedToMe` those of the matches assigned to them (what their
 * navigation counts).
 */
export async function listThreads(
  app: AppContext,
  viewer: Viewer,
  options: { assignedToMe?: boolean } = {},
): Promise<ThreadListItem[]> {
  const party = PARTY_OF_ROLE[viewer.user.role];
  const scope =
    party === "manager" && options.assignedToMe
      ? eq(matchRequests.assignedManagerId, viewer.user.id)
      : listScope(viewer, party);
  // undefined: a manager, every thread; null: nobody.
  if (scope === null) return [];
  const userId = viewer.user.id;
  const lastAt = sql<
    number | null
  >`(SELECT max(m.created_at) FROM thread_messages m WHERE m.thread_id = ${matchCandidates.id})`;
  const rows = await threadRowQuery(app)
    .where(scope)
    .orderBy(desc(sql`coalesce(${lastAt}, ${matchCandidates.createdAt})`))
    .limit(THREAD_LIST_LIMIT);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [lasts, unreads] = await app.db.batch([
    app.db
      .select({
        threadId: threadMessages.threadId,
        body: threadMessages.body,
        hiddenAt: threadMessages.hiddenAt,
        createdAt: threadMessages.createdAt,
        authorParty: threadMessages.authorParty,
        authorId: threadMessages.authorId,
      })
      .from(threadMessages)
      .where(
        sql`${threadMessages.id} IN (SELECT (SELECT m.id FROM thread_messages m WHERE m.thread_id = c.id
          ORDER BY m.created_at DESC, m.id DESC LIMIT 1) FROM match_candidates c WHERE c.id IN (${idList}))`,
      ),
    app.db
      .select({ threadId: threadMessages.threadId, count: sql<number>`count(*)` })
      .from(threadMessages)
      .leftJoin(threadReads, and(eq(threadReads.threadId, threadMessages.threadId), eq(threadReads.userId, userId)))
      .where(
        and(
          sql`${threadMessages.threadId} IN (${idList})`,
          sql`${threadMessages.createdAt} > coalesce(${threadReads.readAt}, 0)`,
          isNull(threadMessages.hiddenAt),
          or(isNull(threadMessages.authorId), ne(threadMessages.authorId, userId)),
        ),
      )
      .groupBy(threadMessages.threadId),
  ]);
  const lastBy = new Map(lasts.map((row) => [row.threadId, row]));
  const unreadBy = new Map(unreads.map((row) => [row.threadId, Number(row.count)]));
  return rows.map((thread) => {
    const last = lastBy.get(thread.id);
    const access = accessOf(viewer, thread);
    return {
      id: thread.id,
      thread,
      lastMessage: last
        ? {
            body: last.hiddenAt && party !== "manager" ? null : last.body,
            at: last.createdAt.toISOString(),
            authorParty: last.authorParty,
            mine: last.authorId === userId,
          }
        : null,
      unread: unreadBy.get(thread.id) ?? 0,
      closed: access?.closed ?? true,
    };
  });
}

/** The candidacies a side's list reads: the business's presented candidates, the consultant's own, every one for managers. */
function listScope(viewer: Viewer, party: ThreadParty | undefined): SQL | undefined | null {
  if (party === "manager") return undefined;
  if (party === "consultant") return eq(matchCandidates.consultantId, viewer.user.id);
  if (party === "business" && viewer.business) {
    return and(eq(matchCandidates.businessId, viewer.business.id), businessVisibleSql());
  }
  return null;
}

/** SQL of businessSeesThread over match_candidates (thread-rules.ts says the same in TypeScript). */
function businessVisibleSql(): SQL {
  return sql`(${matchCandidates.status} = 'accepted' OR (${matchCandidates.status} = 'withdrawn' AND ${matchCandidates.consultantRespondedAt} IS NOT NULL))`;
}

/**
 * How many messages by others the viewer has not read, across the threads the navigation counts:
 * a business member's presented candidates, a consultant's candidacies, a manager's assigned
 * matches. Unrun, for the shell's loader to read beside its other reads.
 */
export function unreadMessageCount(app: AppContext, viewer: Viewer) {
  const party = PARTY_OF_ROLE[viewer.user.role];
  const userId = viewer.user.id;
  const scope =
    party === "manager"
      ? eq(matchRequests.assignedManagerId, userId)
      : party === "consultant"
        ? eq(matchCandidates.consultantId, userId)
        : viewer.business
          ? and(eq(matchCandidates.businessId, viewer.business.id), businessVisibleSql())
          : sql`0`;
  return app.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(matchCandidates)
    .innerJoin(matchRequests, eq(matchRequests.id, matchCandidates.matchRequestId))
    .leftJoin(threadReads, and(eq(threadReads.threadId, matchCandidates.id), eq(threadReads.userId, userId)))
    .innerJoin(
      threadMessages,
      and(
        eq(threadMessages.threadId, matchCandidates.id),
        gt(threadMessages.createdAt, sql`coalesce(${threadReads.readAt}, 0)`),
      ),
    )
    .where(
      and(
        scope,
        isNull(threadMessages.hiddenAt),
        or(isNull(threadMessages.authorId), ne(threadMessages.authorId, userId)),
      ),
    );
}
