import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { businessMembers, emailOutbox, messageDigests, threadMessages } from "~db/schema";
import { DIGEST_TEXTS } from "~/lib/conversations/digest-copy";
import { GROUP_LABELS, UNSUBSCRIBE_TEXTS } from "~/lib/notifications/notification-copy";
import { saveEmailPreferences } from "~/server/notifications/preferences.server";
import { createAppContext } from "~/server/load-context";
import { MESSAGE_DIGEST_DELAY_SECONDS, type MessageDigestMessage } from "~/server/platform/queues.server";
import worker from "../../../functions/worker";
import {
  call,
  createCandidateRow,
  createMatchRequestRow,
  db,
  emailsTo,
  html,
  ORIGIN,
  postForm,
  SESSION_COOKIE,
} from "../helpers";
import { openThread, threadPeople, type Team, type ThreadPeople } from "./thread-setup";
import { apiCall, fakeQueue, withQueue, type FakeQueue } from "../helpers/queues";
import { signedInTeam } from "../../factories";

/**
 * Email without noise (issue #39 item 5, docs/decisions/075): each send enqueues one delayed
 * message; its consumer emails each participant one digest of what is still unread, once, with
 * the thread's deep link, as their preferences allow. The Worker runs with a recording queue, and
 * the tests deliver its messages to the Worker's own `queue` entry.
 */

let team: Team;
let consultant: ThreadPeople["consultant"];
let manager: ThreadPeople["manager"];

beforeAll(async () => {
  ({ team, consultant, manager } = await threadPeople());
});

/** A thread the consultant said yes to, on a match the manager is assigned to. */
async function thread() {
  return (await openThread(team.business.id, consultant.user.id, { assignedManagerId: manager.user.id })).id;
}

/** POST /api/threads/{id}/messages through the Worker with a recording queue. */
async function post(threadId: string, token: string, body: string, queue: FakeQueue) {
  const response = await apiCall(`/api/threads/${threadId}/messages`, { token, json: { body }, queue });
  expect(response.status, body).toBe(201);
  return response.body;
}

/** What the recording queue was sent, with each send's options. */
const sent = (queue: FakeQueue) =>
  queue.send.mock.calls.map(([body, options]) => ({ body: body as MessageDigestMessage, options }));

/** The queue's delivery of `bodies` to the Worker's `queue` entry; each message's ack and retry recorded. */
async function deliver(bodies: MessageDigestMessage[]) {
  const messages = bodies.map((body) => ({
    id: crypto.randomUUID(),
    timestamp: new Date(),
    attempts: 1,
    body,
    ack: vi.fn(),
    retry: vi.fn(),
  }));
  const batch = { queue: "message-digests", messages, ackAll: vi.fn(), retryAll: vi.fn() };
  const ctx = createExecutionContext();
  await worker.queue(batch as unknown as MessageBatch<unknown>, env, ctx);
  await waitOnExecutionContext(ctx);
  return messages;
}

const digestsTo = (email: string) => emailsTo(email, "message_digest");

/** The digests to `email` that quote `text`. */
const digestsWith = async (email: string, text: string) =>
  (await digestsTo(email)).filter((row) => row.textBody.includes(text));

describe("the digest of a thread", () => {
  it("enqueues one delayed message per send and emails each participant ONE digest of three messages, with the deep link", async () => {
    const threadId = await thread();
    const queue = fakeQueue();
    const texts = ["Here is my plan for week one.", "I attached nothing yet.", "Could we talk on Tuesday?"];
    for (const text of texts) await post(threadId, consultant.token, text, queue);

    const sends = sent(queue);
    expect(sends).toHaveLength(3);
    for (const send of sends) {
      expect(send.body).toMatchObject({ v: 1, type: "message-digest.send", threadId });
      expect(send.options).toMatchObject({ delaySeconds: MESSAGE_DIGEST_DELAY_SECONDS });
    }
    expect(MESSAGE_DIGEST_DELAY_SECONDS).toBe(300);

    // The three queue messages arrive in one batch: one email each, all three messages in it.
    const delivered = await deliver(sends.map((send) => send.body));
    for (const message of delivered) expect(message.ack).toHaveBeenCalled();
    for (const person of [team.owner, team.admin, team.member, team.viewer]) {
      const emails = await digestsTo(person.user.email);
      expect(emails, person.user.email).toHaveLength(1);
      const email = emails[0]!;
      expect(email.subject).toBe(DIGEST_TEXTS.subject(3, "Marcus Okafor"));
      expect(email.subject).toBe("3 unread messages in your conversation with Marcus Okafor");
      for (const text of texts) {
        expect(email.textBody).toContain(text);
        expect(email.htmlBody).toContain(html(text));
      }
      expect(email.textBody).toContain(DIGEST_TEXTS.intro(3));
      expect(email.textBody).toContain(`${DIGEST_TEXTS.action}: ${ORIGIN}/messages/${threadId}`);
      expect(email.textBody).toContain(DIGEST_TEXTS.footer);
      expect(email.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(email.status).toBe("sent");
    }
    const managerEmails = await digestsTo(manager.user.email);
    expect(managerEmails).toHaveLength(1);
    expect(managerEmails[0]!.subject).toBe(DIGEST_TEXTS.subject(3, `${team.business.name} and Marcus Okafor`));
    expect(managerEmails[0]!.textBody).toContain(`${ORIGIN}/manage/messages/${threadId}`);
    // The author is not told about their own messages.
    expect(await digestsTo(consultant.user.email)).toHaveLength(0);

    // The consultant's link is their portal's; one message is "1 unread message".
    const reply = fakeQueue();
    await post(threadId, team.owner.token, "Tuesday at 10 works.", reply);
    await deliver(sent(reply).map((send) => send.body));
    const consultantEmails = await digestsTo(consultant.user.email);
    expect(consultantEmails).toHaveLength(1);
    expect(consultantEmails[0]!.subject).toBe(`1 unread message in your conversation with ${team.business.name}`);
    expect(consultantEmails[0]!.textBody).toContain(DIGEST_TEXTS.intro(1));
    expect(consultantEmails[0]!.textBody).toContain(`${ORIGIN}/consultant/messages/${threadId}`);
    // The owner wrote it: nothing more for them; the other members read the consultant's digest
    // already, and the owner's reply is new to them: one more each.
    expect(await digestsTo(team.owner.user.email)).toHaveLength(1);
    expect(await digestsTo(team.admin.user.email)).toHaveLength(2);
  });

  it("a redelivered or duplicate queue message sends nothing more", async () => {
    const threadId = await thread();
    const queue = fakeQueue();
    await post(threadId, consultant.token, "First question about the ledger.", queue);
    const [body] = sent(queue).map((send) => send.body);
    await deliver([body!, body!]);
    await deliver([body!]);
    for (const person of [team.owner, team.viewer, manager]) {
      expect(await digestsWith(person.user.email, "First question about the ledger."), person.user.email).toHaveLength(
        1,
      );
    }
  });

  it("two deliveries racing for the same thread send each digest once", async () => {
    const threadId = await thread();
    const queue = fakeQueue();
    await post(threadId, consultant.token, "Raced twice.", queue);
    await post(threadId, consultant.token, "Still one email.", queue);
    const bodies = sent(queue).map((send) => send.body);
    await Promise.all([deliver([bodies[0]!]), deliver([bodies[1]!]), deliver([bodies[0]!])]);
    for (const person of [team.owner, team.admin, team.member, team.viewer, manager]) {
      const emails = await digestsWith(person.user.email, "Raced twice.");
      expect(emails, person.user.email).toHaveLength(1);
      expect(emails[0]!.textBody).toContain("Still one email.");
    }
  });

  it("emails nothing to whoever read the thread before the delay", async () => {
    const threadId = await thread();
    const queue = fakeQueue();
    await post(threadId, consultant.token, "Read me before the digest goes.", queue);
    const read = await apiCall(`/api/threads/${threadId}/read`, { token: team.member.token, method: "POST", queue });
    expect(read.status).toBe(200);
    await deliver(sent(queue).map((send) => send.body));
    expect(await digestsWith(team.member.user.email, "Read me before the digest goes.")).toHaveLength(0);
    expect(await digestsWith(team.owner.user.email, "Read me before the digest goes.")).toHaveLength(1);
  });

  it("obeys the messages preference, and turning it back on emails no backlog", async () => {
    expect(GROUP_LABELS.messages.label).toBe("Messages");
    const threadId = await thread();
    const app = createAppContext(env, () => undefined);
    // The admin turns the messages group off in Settings (every other group left on).
    const saved = await postForm(
      "/company-profile?tab=preferences",
      { intent: "email-preferences", insights: "on", matching: "on", engagements: "on", events: "on" },
      team.admin.token,
    );
    expect(saved.status).toBe(200);
    const queue = fakeQueue();
    await post(threadId, consultant.token, "Nobody asked the admin.", queue);
    const before = (await digestsTo(team.admin.user.email)).length;
    await deliver(sent(queue).map((send) => send.body));
    expect(await digestsTo(team.admin.user.email)).toHaveLength(before);

    await saveEmailPreferences(app, team.admin.user.id, { messages: true });
    const next = fakeQueue();
    await post(threadId, consultant.token, "Only this one is new.", next);
    await deliver(sent(next).map((send) => send.body));
    const emails = await digestsTo(team.admin.user.email);
    expect(emails).toHaveLength(before + 1);
    const latest = emails.find((email) => email.textBody.includes("Only this one is new."))!;
    expect(latest.subject).toBe("1 unread message in your conversation with Marcus Okafor");
    expect(latest.textBody).not.toContain("Nobody asked the admin.");
    await saveEmailPreferences(app, team.admin.user.id, { messages: true });
  });

  it("the digest's one-click unsubscribe link turns the messages emails off", async () => {
    const threadId = await thread();
    const queue = fakeQueue();
    await post(threadId, consultant.token, "Unsubscribe me from these.", queue);
    await deliver(sent(queue).map((send) => send.body));
    const [email] = await digestsWith(team.viewer.user.email, "Unsubscribe me from these.");
    const link = /^<(.+)>$/.exec(email!.headers!["List-Unsubscribe"]!)![1]!;
    const path = link.slice(ORIGIN.length);
    expect((await call(path)).status).toBe(200);
    const confirmed = await call(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(html(UNSUBSCRIBE_TEXTS.done(GROUP_LABELS.messages.label)));
    const next = fakeQueue();
    await post(threadId, consultant.token, "Not emailed to the viewer.", next);
    await deliver(sent(next).map((send) => send.body));
    expect(await digestsWith(team.viewer.user.email, "Not emailed to the viewer.")).toHaveLength(0);
    expect(await digestsWith(team.owner.user.email, "Not emailed to the viewer.")).toHaveLength(1);
    await saveEmailPreferences(
      createAppContext(env, () => undefined),
      team.viewer.user.id,
      { messages: true },
    );
  });

  it("emails a removed member nothing, and the business nothing before the consultant said yes", async () => {
    const threadId = await thread();
    const leaving = await signedInTeam();
    // A member of this business, removed before the digest.
    const removed = leaving.member;
    await db()
      .insert(businessMembers)
      .values({ businessId: team.business.id, userId: removed.user.id, role: "member" });
    await db()
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, team.business.id), eq(businessMembers.userId, removed.user.id)));
    const queue = fakeQueue();
    await post(threadId, consultant.token, "Hello team.", queue);
    await deliver(sent(queue).map((send) => send.body));
    expect(await digestsTo(removed.user.email)).toHaveLength(0);
    expect(await digestsWith(team.member.user.email, "Hello team.")).toHaveLength(1);

    // A candidacy the consultant has not answered: only they and the manager take part.
    const request = await createMatchRequestRow(team.business.id, {
      status: "candidates_proposed",
      assignedManagerId: manager.user.id,
    });
    const unanswered = await createCandidateRow(request.id, team.business.id, consultant.user.id, {
      status: "proposed",
    });
    const ownerBefore = (await digestsTo(team.owner.user.email)).length;
    const quiet = fakeQueue();
    const managerPost = await apiCall(`/api/threads/${unanswered.id}/messages`, {
      token: manager.token,
      json: { body: "Are you free for this one?" },
      queue: quiet,
    });
    expect(managerPost.status).toBe(201);
    await deliver(sent(quiet).map((send) => send.body));
    expect(await digestsTo(team.owner.user.email)).toHaveLength(ownerBefore);
    const toConsultant = await digestsTo(consultant.user.email);
    expect(toConsultant.some((email) => email.textBody.includes("Are you free for this one?"))).toBe(true);
  });
});

describe("a worker that dies mid-digest", () => {
  async function lastMessageAt(threadId: string) {
    const rows = await db()
      .select({ createdAt: threadMessages.createdAt })
      .from(threadMessages)
      .where(eq(threadMessages.threadId, threadId));
    return Math.max(...rows.map((row) => row.createdAt.getTime()));
  }

  it("after its claim, before the email: the redelivery sends the claimed digest once", async () => {
    const threadId = await thread();
    const queue = fakeQueue();
    await post(threadId, consultant.token, "A claim was left behind.", queue);
    const at = await lastMessageAt(threadId);
    // What the dead worker left: the viewer's range claimed, nothing sent, the mark not moved.
    await db()
      .insert(messageDigests)
      .values({
        threadId,
        userId: team.viewer.user.id,
        emailedUpTo: new Date(0),
        claimedUpTo: new Date(at),
        updatedAt: new Date(),
      });
    const before = (await digestsTo(team.viewer.user.email)).length;
    const [body] = sent(queue).map((send) => send.body);
    await deliver([body!]);
    await deliver([body!]);
    const emails = await digestsTo(team.viewer.user.email);
    expect(emails).toHaveLength(before + 1);
    expect(emails.at(-1)!.textBody).toContain("A claim was left behind.");
    const [mark] = await db()
      .select()
      .from(messageDigests)
      .where(and(eq(messageDigests.threadId, threadId), eq(messageDigests.userId, team.viewer.user.id)));
    expect(mark!.emailedUpTo.getTime()).toBe(at);
    expect(mark!.claimedUpTo.getTime()).toBe(at);
  });

  it("after the email, before its mark moved: the redelivery sends nothing more", async () => {
    const threadId = await thread();
    const queue = fakeQueue();
    await post(threadId, consultant.token, "Sent, then the worker died.", queue);
    const at = await lastMessageAt(threadId);
    const [body] = sent(queue).map((send) => send.body);
    await deliver([body!]);
    const before = (await digestsTo(team.owner.user.email)).length;
    // Put the owner's mark back to "claimed, not finished", as if the worker died after sending.
    await db()
      .update(messageDigests)
      .set({ emailedUpTo: new Date(0) })
      .where(and(eq(messageDigests.threadId, threadId), eq(messageDigests.userId, team.owner.user.id)));
    await deliver([body!]);
    expect(await digestsTo(team.owner.user.email)).toHaveLength(before);
    const keyed = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `message-digest:${threadId}:${team.owner.user.id}:0`));
    expect(keyed).toHaveLength(1);
    const [mark] = await db()
      .select()
      .from(messageDigests)
      .where(and(eq(messageDigests.threadId, threadId), eq(messageDigests.userId, team.owner.user.id)));
    expect(mark!.emailedUpTo.getTime()).toBe(at);
  });

  it("drops a malformed queue message, and a thread that no longer exists sends nothing", async () => {
    const [malformed, gone] = await deliver([
      { v: 1, type: "wrong" } as unknown as MessageDigestMessage,
      { v: 1, type: "message-digest.send", threadId: "no-such-thread", messageId: "x" },
    ]);
    expect(malformed!.ack).toHaveBeenCalled();
    expect(gone!.ack).toHaveBeenCalled();
    expect(gone!.retry).not.toHaveBeenCalled();
  });
});

describe("the send paths enqueue the digest", () => {
  it("the thread page's form enqueues one delayed message after its write", async () => {
    const threadId = await thread();
    const queue = fakeQueue();
    const request = new Request(`${ORIGIN}/consultant/messages/${threadId}`, {
      method: "POST",
      headers: {
        Cookie: `${SESSION_COOKIE}=${consultant.token}`,
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "send", key: crypto.randomUUID(), body: "Sent from the page." }),
      redirect: "manual",
    });
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      request as Request<unknown, IncomingRequestCfProperties>,
      withQueue(queue),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    const sends = sent(queue);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body.threadId).toBe(threadId);
    expect(sends[0]!.options).toMatchObject({ delaySeconds: MESSAGE_DIGEST_DELAY_SECONDS });
    // Another intent (read) enqueues nothing.
    const before = queue.send.mock.calls.length;
    const read = await call(`/api/threads/${threadId}/read`, { method: "POST", cookie: consultant.token });
    expect(read.status).toBe(200);
    expect(queue.send.mock.calls.length).toBe(before);
  });

  it("lists the messages group in each side's Settings", async () => {
    const hint = html(GROUP_LABELS.messages.hint);
    for (const [path, token] of [
      ["/company-profile?tab=preferences", team.owner.token],
      ["/consultant/settings", consultant.token],
      ["/manage/settings", manager.token],
    ] as const) {
      const response = await call(path, { cookie: token });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(hint);
    }
  });
});
