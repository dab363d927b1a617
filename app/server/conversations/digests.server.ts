import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { DIGEST_SHOWN_MESSAGES, DIGEST_TEXTS, digestCounterpart, digestExcerpt } from "~/lib/conversations/digest-copy";
import { THREAD_TEXTS, threadPath } from "~/lib/conversations/thread-copy";
import { businessSeesThread, partyOfRole } from "~/lib/conversations/thread-rules";
import { NOTIFICATION_KINDS } from "~/lib/notifications/notification-kinds";
import { UNSUBSCRIBE_TEXTS } from "~/lib/notifications/notification-copy";
import { fullName } from "~/lib/shared/format";
import type { AppContext } from "~/server/load-context";
import { membersWhoMayColumn } from "~/server/business/members.server";
import { optOutsQuery } from "~/server/notifications/preferences.server";
import { signUnsubscribeToken } from "~/server/notifications/unsubscribe-token.server";
import { configuredOrigin, rememberOriginStatement, storedOriginQuery } from "~/server/platform/app-origin.server";
import { sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import { MessageDigestMessageSchema } from "~/server/platform/queues.server";
import { retryDelaySeconds } from "~/server/platform/jobs.server";
import { matchCandidates, messageDigests, threadMessages, threadReads, users } from "~db/schema";
import type { ThreadParty } from "~db/enums";
import { threadRowById, type ThreadRow } from "./participation.server";

/**
 * Email without noise (issue #39 item 5, docs/decisions/075). Each send in a thread enqueues one
 * message on the `message-digests` queue, delivered MESSAGE_DIGEST_DELAY_SECONDS later. Its
 * consumer emails each participant (the business's members whose role reads, the consultant, the
 * match's assigned engagement manager) ONE digest of the thread's messages still unread by them
 * and not emailed before, with a deep link to the thread; a person who turned the "messages"
 * group off gets nothing.
 *
 * Exactly once: `message_digests` keeps, per thread and person, up to which message they were
 * emailed. A digest first claims its range (emailed_up_to, claimed_up_to] with one conditional
 * upsert, then sends under the outbox key of that range, then moves emailed_up_to. A worker that
 * dies between the claim and the move leaves the claim: the redelivered queue message (or the
 * next send's) resumes it under the same key, so the outbox sends it once; a duplicate message
 * finds nothing new.
 */

const KIND = "message_digest";
const GROUP = NOTIFICATION_KINDS.message_digest.group;

/**
 * After a message was written: the delayed queue message of its digest, and the app's origin for
 * the email's link. Never throws (the message is sent; a lost digest is logged).
 */
export async function enqueueMessageDigest(app: AppContext, threadId: string, messageId: string): Promise<void> {
  try {
    const remember = rememberOriginStatement(app);
    if (remember) await remember.run();
    await app.queues.sendMessageDigest(threadId, messageId);
  } catch (error) {
    console.error(`The digest of message ${messageId} could not be queued:`, error);
  }
}

/** The queue's consumer: each thread's digests once per batch; a failure retries that thread's messages. */
export async function consumeMessageDigests(messages: readonly Message<unknown>[], app: AppContext): Promise<void> {
  const byThread = new Map<string, Message<unknown>[]>();
  for (const message of messages) {
    const parsed = MessageDigestMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`Dropping malformed message-digests message ${message.id}`);
      message.ack();
      continue;
    }
    const list = byThread.get(parsed.data.threadId) ?? [];
    list.push(message);
    byThread.set(parsed.data.threadId, list);
  }
  for (const [threadId, list] of byThread) {
    try {
      await sendThreadDigests(app, threadId);
      for (const message of list) message.ack();
    } catch (error) {
      console.error(`The digests of thread ${threadId} failed:`, error);
      for (const message of list) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** After its last retry a digest's message lands here: logged (the thread's next send resumes its claims). */
export function consumeMessageDigestDeadLetters(messages: readonly Message<unknown>[]): void {
  const threads = messages.flatMap((message) => {
    const parsed = MessageDigestMessageSchema.safeParse(message.body);
    return parsed.success ? [parsed.data.threadId] : [];
  });
  if (threads.length > 0) console.error(`Dead-lettered message digests of threads: ${threads.join(", ")}`);
}

type Recipient = { id: string; email: string; firstName: string; party: ThreadParty };

const author = alias(users, "author");

/** A person's messages in a thread within (from, to], unread and by others: newest first. */
function unreadRange(app: AppContext, threadId: string, userId: string, from: number, to: number) {
  const where = and(
    eq(threadMessages.threadId, threadId),
    gt(threadMessages.createdAt, sql`max(${from}, coalesce(${threadReads.readAt}, 0))`),
    lte(threadMessages.createdAt, new Date(to)),
    isNull(threadMessages.hiddenAt),
    or(isNull(threadMessages.authorId), ne(threadMessages.authorId, userId)),
  );
  const reads = and(eq(threadReads.threadId, threadMessages.threadId), eq(threadReads.userId, userId));
  return {
    summary: app.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        last: sql<number | null>`max(${threadMessages.createdAt})`,
      })
      .from(threadMessages)
      .leftJoin(threadReads, reads)
      .where(where),
    latest: app.db
      .select({
        body: threadMessages.body,
        createdAt: threadMessages.createdAt,
        firstName: author.firstName,
        lastName: author.lastName,
      })
      .from(threadMessages)
      .leftJoin(threadReads, reads)
      .leftJoin(author, eq(author.id, threadMessages.authorId))
      .where(where)
      .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
      .limit(DIGEST_SHOWN_MESSAGES),
  };
}

type Range = Awaited<ReturnType<typeof unreadRange>["summary"]>[number] & {
  latest: Awaited<ReturnType<typeof unreadRange>["latest"]>;
};

async function readRange(app: AppContext, threadId: string, userId: string, from: number, to: number) {
  const { summary, latest } = unreadRange(app, threadId, userId, from, to);
  const [[total], rows] = await app.db.batch([summary, latest]);
  return { count: total?.count ?? 0, last: total?.last === null || !total ? null : Number(total.last), latest: rows };
}

/** Every participant's digest of one thread (see the module's comment). */
export async function sendThreadDigests(app: AppContext, threadId: string): Promise<void> {
  const [rows, readers, origins] = await app.db.batch([
    threadRowById(app, threadId),
    app.db
      .select({ ids: membersWhoMayColumn(matchCandidates.businessId, "read", "reader_ids") })
      .from(matchCandidates)
      .where(eq(matchCandidates.id, threadId)),
    storedOriginQuery(app),
  ]);
  const thread = rows[0];
  if (!thread) return;
  const origin = configuredOrigin(app) ?? origins[0]?.origin?.replace(/\/+$/, "") ?? null;
  if (origin === null) {
    console.error(`No address is known for the link of thread ${threadId}'s digests: none was emailed.`);
    return;
  }
  const ids = [
    ...(businessSeesThread(thread) ? (readers[0]?.ids ?? []) : []),
    thread.consultantId,
    thread.assignedManagerId,
  ].filter((id): id is string => Boolean(id));
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const [people, optOuts, marks] = await app.db.batch([
    app.db
      .select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role })
      .from(users)
      .where(and(inArray(users.id, unique), isNull(users.deactivatedAt))),
    optOutsQuery(app, unique),
    app.db
      .select()
      .from(messageDigests)
      .where(and(eq(messageDigests.threadId, threadId), inArray(messageDigests.userId, unique))),
  ]);
  const off = new Set(optOuts.filter((row) => row.group === GROUP).map((row) => row.userId));
  for (const person of people) {
    const party = partyOfRole(person.role);
    if (!party) continue;
    const mark = marks.find((row) => row.userId === person.id);
    await digestFor(app, thread, { ...person, party }, mark ?? null, off.has(person.id), origin);
  }
}

/** One person's digest of a thread: resume a claim left unfinished, or claim what is new, then send. */
async function digestFor(
  app: AppContext,
  thread: ThreadRow,
  person: Recipient,
  mark: { emailedUpTo: Date; claimedUpTo: Date } | null,
  optedOut: boolean,
  origin: string,
): Promise<void> {
  const emailed = mark?.emailedUpTo.getTime() ?? 0;
  const claimed = mark?.claimedUpTo.getTime() ?? 0;
  const now = app.now();
  let to: number;
  let range: Range;
  if (claimed > emailed) {
    // A digest claimed before and not finished (its worker died): the same range, the same key.
    to = claimed;
    range = await readRange(app, thread.id, person.id, emailed, to);
  } else {
    range = await readRange(app, thread.id, person.id, emailed, now.getTime());
    if (range.count === 0 || range.last === null) return;
    to = range.last;
    // The claim: holds only while nobody else moved this person's mark since it was read.
    const [won] = await app.db
      .insert(messageDigests)
      .values({
        threadId: thread.id,
        userId: person.id,
        emailedUpTo: new Date(optedOut ? to : emailed),
        claimedUpTo: new Date(to),
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [messageDigests.threadId, messageDigests.userId],
        set: { emailedUpTo: new Date(optedOut ? to : emailed), claimedUpTo: new Date(to), updatedAt: now },
        setWhere: and(
          eq(messageDigests.emailedUpTo, new Date(emailed)),
          eq(messageDigests.claimedUpTo, new Date(emailed)),
        ),
      })
      .returning({ threadId: messageDigests.threadId });
    // Another delivery claimed it first (it sends), or the person turned these emails off (their
    // mark moves past these messages, so turning them on again emails no backlog).
    if (!won || optedOut) return;
  }
  if (range.count > 0 && !optedOut) {
    await sendEmail(app, {
      ...(await digestEmail(app, thread, person, range, origin)),
      kind: KIND,
      dedupeKey: `message-digest:${thread.id}:${person.id}:${emailed}`,
    });
  }
  await app.db
    .update(messageDigests)
    .set({ emailedUpTo: new Date(to), updatedAt: now })
    .where(
      and(
        eq(messageDigests.threadId, thread.id),
        eq(messageDigests.userId, person.id),
        eq(messageDigests.claimedUpTo, new Date(to)),
      ),
    );
}

/** The digest's email: the latest messages quoted, the others counted, the thread's link and the unsubscribe link. */
async function digestEmail(app: AppContext, thread: ThreadRow, person: Recipient, range: Range, origin: string) {
  const counterpart = digestCounterpart(person.party, {
    businessName: thread.businessName,
    consultantName: fullName(thread.consultantFirstName, thread.consultantLastName),
  });
  const subject = DIGEST_TEXTS.subject(range.count, counterpart);
  const unsubscribeUrl = `${origin}/unsubscribe?token=${encodeURIComponent(
    await signUnsubscribeToken(app.env.PASSWORD_PEPPER, person.id, GROUP, app.now()),
  )}`;
  const quoted = [...range.latest].reverse();
  const { text, html } = renderEmail({
    heading: subject,
    blocks: [
      { type: "paragraph", text: DIGEST_TEXTS.greeting(person.firstName) },
      { type: "paragraph", text: DIGEST_TEXTS.intro(range.count) },
      ...(range.count > quoted.length
        ? [{ type: "paragraph" as const, text: DIGEST_TEXTS.earlier(range.count - quoted.length) }]
        : []),
      ...quoted.map((message) => ({
        type: "field" as const,
        label: fullName(message.firstName, message.lastName) || THREAD_TEXTS.formerMember,
        value: digestExcerpt(message.body),
      })),
      { type: "button", label: DIGEST_TEXTS.action, url: `${origin}${threadPath(person.party, thread.id)}` },
    ],
    footer: DIGEST_TEXTS.footer,
    unsubscribe: { label: UNSUBSCRIBE_TEXTS.footer, url: unsubscribeUrl },
  });
  return {
    to: person.email,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
