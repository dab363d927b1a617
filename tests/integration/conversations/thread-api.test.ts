import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businessMembers, matchCandidates, threadMessages, threadReads } from "~db/schema";
import { ROLE_FORBIDDEN_MESSAGE } from "~/lib/business/role-refusal";
import { MESSAGES_CURSOR_MESSAGE, MESSAGES_LIMIT_MESSAGE } from "~/lib/conversations/thread-api";
import {
  MESSAGE_REQUIRED_MESSAGE,
  MESSAGE_TOO_LONG_MESSAGE,
  THREAD_CLOSED_MESSAGE,
  THREAD_NOT_FOUND_MESSAGE,
} from "~/lib/conversations/thread-copy";
import { call, db } from "../helpers";
import { openThread, type ThreadOptions, threadPeople, type Team, type ThreadPeople } from "./thread-setup";
import { signedInClient, signedInConsultant, signedInMember } from "../../factories";

/**
 * The conversations JSON API (issue #39 item 8, docs/decisions/075): GET /api/threads, GET and
 * POST /api/threads/{id}/messages, POST /api/threads/{id}/read. Every endpoint needs a session
 * (401) and the caller's part in the thread: anyone else gets 404 and nothing is written.
 */

let team: Team;
let consultant: ThreadPeople["consultant"];
let manager: ThreadPeople["manager"];

beforeAll(async () => {
  ({ team, consultant, manager } = await threadPeople());
});

/** A candidacy of the team's business; the consultant said yes unless `responded: false`. */
async function thread(state: ThreadOptions["state"] = {}, responded = true) {
  return (await openThread(team.business.id, consultant.user.id, { state, responded })).id;
}

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown> & { msg?: string };
}

const messages = (threadId: string) => `/api/threads/${threadId}/messages`;
const post = (threadId: string, token: string | null, body: unknown) =>
  call(messages(threadId), { cookie: token, json: body });
const rowsOf = (threadId: string) => db().select().from(threadMessages).where(eq(threadMessages.threadId, threadId));

type Page = {
  thread: { id: string; closed: boolean; canWrite: boolean; business: { name: string } };
  messages: { id: string; body: string | null; hidden: boolean; mine: boolean; authorParty: string }[];
  nextCursor: string | null;
};

describe("GET /api/threads", () => {
  it("lists each side's threads with unread counts; others' threads are not listed; 401 without a session", async () => {
    const threadId = await thread();
    expect((await post(threadId, consultant.token, { body: "Hello from Marcus." })).status).toBe(201);
    for (const person of [team.owner, team.viewer, manager]) {
      const response = await call("/api/threads", { cookie: person.token });
      expect(response.status).toBe(200);
      const { threads } = (await json(response)) as { threads: Record<string, unknown>[] };
      const mine = threads.find((item) => item.id === threadId);
      expect(mine, person.user.email).toMatchObject({
        id: threadId,
        business: { id: team.business.id, name: team.business.name },
        consultant: { id: consultant.user.id, firstName: "Marcus", lastName: "Okafor" },
        closed: false,
        unread: 1,
        lastMessage: { body: "Hello from Marcus.", authorParty: "consultant" },
      });
    }
    const own = (await json(await call("/api/threads", { cookie: consultant.token }))) as {
      threads: { id: string; unread: number }[];
    };
    expect(own.threads.find((item) => item.id === threadId)).toMatchObject({ unread: 0 });

    const otherBusiness = await signedInClient();
    const otherConsultant = await signedInConsultant();
    for (const outsider of [otherBusiness, otherConsultant]) {
      const { threads } = (await json(await call("/api/threads", { cookie: outsider.token }))) as {
        threads: { id: string }[];
      };
      expect(threads.map((item) => item.id)).not.toContain(threadId);
    }
    const anonymous = await call("/api/threads");
    expect(anonymous.status).toBe(401);
    expect((await json(anonymous)).msg).toBe("You are not signed in.");
    expect((await call("/api/threads", { method: "POST", cookie: team.owner.token })).status).toBe(405);
  });
});

describe("participation", () => {
  it("the business's members, the consultant and a manager read and write; anyone else gets 404 and writes nothing", async () => {
    const threadId = await thread();
    const writers = [
      { who: "owner", token: team.owner.token, party: "business" },
      { who: "admin", token: team.admin.token, party: "business" },
      { who: "member", token: team.member.token, party: "business" },
      { who: "consultant", token: consultant.token, party: "consultant" },
      { who: "manager", token: manager.token, party: "manager" },
    ];
    for (const writer of writers) {
      const response = await post(threadId, writer.token, { body: `Written by the ${writer.who}.` });
      expect(response.status, writer.who).toBe(201);
      const { message } = (await json(response)) as { message: Record<string, unknown> };
      expect(message).toMatchObject({ body: `Written by the ${writer.who}.`, authorParty: writer.party, mine: true });
    }
    expect(await rowsOf(threadId)).toHaveLength(5);

    // A viewer reads, and is refused a post with the role's reason.
    const read = await call(messages(threadId), { cookie: team.viewer.token });
    expect(read.status).toBe(200);
    const page = (await json(read)) as unknown as Page;
    expect(page.thread).toMatchObject({ id: threadId, closed: false, canWrite: false });
    expect(page.messages.map((m) => m.body)).toEqual(writers.map((w) => `Written by the ${w.who}.`).reverse());
    const refused = await post(threadId, team.viewer.token, { body: "A viewer tries." });
    expect(refused.status).toBe(403);
    expect((await json(refused)).msg).toBe(ROLE_FORBIDDEN_MESSAGE);

    // Outsiders: another business, another consultant, a member of another business, a removed member.
    const otherBusiness = await signedInClient();
    const otherConsultant = await signedInConsultant();
    const otherMember = await signedInMember(otherBusiness.business.id, "admin");
    const removed = await signedInMember(team.business.id, "member");
    expect((await call(messages(threadId), { cookie: removed.token })).status).toBe(200);
    await db()
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, team.business.id), eq(businessMembers.userId, removed.user.id)));
    for (const [who, token] of [
      ["another business", otherBusiness.token],
      ["another consultant", otherConsultant.token],
      ["another business's member", otherMember.token],
      ["a removed member", removed.token],
    ] as const) {
      const get = await call(messages(threadId), { cookie: token });
      expect(get.status, who).toBe(404);
      expect((await json(get)).msg, who).toBe(THREAD_NOT_FOUND_MESSAGE);
      const sent = await post(threadId, token, { body: "Let me in." });
      expect(sent.status, who).toBe(404);
      expect((await json(sent)).msg, who).toBe(THREAD_NOT_FOUND_MESSAGE);
      const marked = await call(`/api/threads/${threadId}/read`, { method: "POST", cookie: token });
      expect(marked.status, who).toBe(404);
    }
    expect(await rowsOf(threadId)).toHaveLength(5);
    const outsiderReads = await db().select().from(threadReads).where(eq(threadReads.threadId, threadId));
    for (const id of [otherBusiness.user.id, otherConsultant.user.id, otherMember.user.id, removed.user.id]) {
      expect(outsiderReads.map((row) => row.userId)).not.toContain(id);
    }

    // No session: 401 on every endpoint, nothing written.
    expect((await call(messages(threadId))).status).toBe(401);
    expect((await post(threadId, null, { body: "Anonymous." })).status).toBe(401);
    expect((await call(`/api/threads/${threadId}/read`, { method: "POST" })).status).toBe(401);
    expect(await rowsOf(threadId)).toHaveLength(5);
    expect((await call(messages("no-such-thread"), { cookie: manager.token })).status).toBe(404);
  });

  it("the business does not see a candidacy the consultant has not answered", async () => {
    const threadId = await thread({ status: "proposed" }, false);
    expect((await call(messages(threadId), { cookie: team.owner.token })).status).toBe(404);
    expect((await post(threadId, team.owner.token, { body: "Too early." })).status).toBe(404);
    expect((await call(messages(threadId), { cookie: consultant.token })).status).toBe(200);
    expect((await post(threadId, consultant.token, { body: "A question first." })).status).toBe(201);
  });

  it("a withdrawn candidate's thread stays readable and takes no message (409), nothing written", async () => {
    const threadId = await thread();
    expect((await post(threadId, consultant.token, { body: "Before I withdraw." })).status).toBe(201);
    await db().update(matchCandidates).set({ status: "withdrawn" }).where(eq(matchCandidates.id, threadId));
    for (const token of [consultant.token, team.owner.token, manager.token]) {
      const read = await call(messages(threadId), { cookie: token });
      expect(read.status).toBe(200);
      expect(((await json(read)) as unknown as Page).thread).toMatchObject({ closed: true, canWrite: false });
      const refused = await post(threadId, token, { body: "After the withdrawal." });
      expect(refused.status).toBe(409);
      expect((await json(refused)).msg).toBe(THREAD_CLOSED_MESSAGE);
    }
    expect((await rowsOf(threadId)).map((row) => row.body)).toEqual(["Before I withdraw."]);
  });
});

describe("POST /api/threads/{threadId}/messages", () => {
  it("a retried post with the same key adds nothing; a key used by someone else is not theirs", async () => {
    const threadId = await thread();
    const key = crypto.randomUUID();
    const first = await post(threadId, consultant.token, { body: "Sent once.", key });
    const again = await post(threadId, consultant.token, { body: "Sent once.", key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(((await json(again)) as { message: { id: string } }).message.id).toBe(key);
    expect(await rowsOf(threadId)).toHaveLength(1);
    const taken = await post(threadId, team.owner.token, { body: "Same key, another author.", key });
    expect(taken.status).toBe(404);
    expect(await rowsOf(threadId)).toHaveLength(1);
  });

  it("refuses bad input with the schema's own message, never a 500", async () => {
    const threadId = await thread();
    const cases: [unknown, string][] = [
      [{}, MESSAGE_REQUIRED_MESSAGE],
      [{ body: "   " }, MESSAGE_REQUIRED_MESSAGE],
      [{ body: "x".repeat(5001) }, MESSAGE_TOO_LONG_MESSAGE],
    ];
    for (const [body, msg] of cases) {
      const response = await post(threadId, team.owner.token, body);
      expect(response.status).toBe(400);
      expect((await json(response)).msg).toBe(msg);
    }
    for (const body of [{ body: "Hi", key: "not-a-uuid" }, { body: "Hi", extra: 1 }, [], "text", 12]) {
      const response = await post(threadId, team.owner.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof (await json(response)).msg).toBe("string");
    }
    const junk = await call(messages(threadId), {
      method: "POST",
      cookie: team.owner.token,
      headers: { "Content-Type": "application/json" },
      body: "\u0000junk{]",
    });
    expect(junk.status).toBe(400);
    expect((await json(junk)).msg).toBe("The request body is not valid JSON.");
    expect(await rowsOf(threadId)).toHaveLength(0);
    // Bad input to a thread the caller takes no part in is refused the same way (nothing is read first).
    expect((await post(threadId, (await signedInClient()).token, {})).status).toBe(400);
    expect((await call(messages(threadId), { method: "PUT", cookie: team.owner.token })).status).toBe(405);
  });
});

describe("POST /api/threads/{threadId}/read", () => {
  it("marks the thread read for the caller only; the list's count follows", async () => {
    const threadId = await thread();
    await post(threadId, consultant.token, { body: "One." });
    await post(threadId, consultant.token, { body: "Two." });
    const unreadOf = async (token: string) => {
      const { threads } = (await json(await call("/api/threads", { cookie: token }))) as {
        threads: { id: string; unread: number }[];
      };
      return threads.find((item) => item.id === threadId)?.unread;
    };
    expect(await unreadOf(team.member.token)).toBe(2);
    const response = await call(`/api/threads/${threadId}/read`, { method: "POST", cookie: team.member.token });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ threadId, unread: 0 });
    expect(await unreadOf(team.member.token)).toBe(0);
    expect(await unreadOf(team.owner.token)).toBe(2);
    expect((await call(`/api/threads/${threadId}/read`, { cookie: team.member.token })).status).toBe(405);
  });
});

describe("GET /api/threads/{threadId}/messages pages", () => {
  it("walks 10,000 messages newest first in keyset pages without gaps or repeats, on the thread's index", async () => {
    const threadId = await thread();
    // 10,000 messages, two per millisecond (ties broken by id), in one statement.
    const start = Date.UTC(2026, 0, 1);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       INSERT INTO thread_messages (id, thread_id, business_id, author_id, author_party, body, created_at)
       SELECT printf('m%05d', i), ?1, ?2, ?3, 'consultant', printf('Message %d', i), ?4 + i / 2 FROM n`,
    )
      .bind(threadId, team.business.id, consultant.user.id, start)
      .run();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=100&before=${encodeURIComponent(cursor)}` : "?limit=100";
      const response = await call(`${messages(threadId)}${query}`, { cookie: team.owner.token });
      expect(response.status).toBe(200);
      const page = (await json(response)) as unknown as Page;
      expect(page.messages.length).toBeGreaterThan(0);
      seen.push(...page.messages.map((message) => message.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(100);
    expect(seen).toEqual(Array.from({ length: 10000 }, (_, index) => `m${String(10000 - index).padStart(5, "0")}`));

    // The default page is 50.
    const first = (await json(await call(messages(threadId), { cookie: manager.token }))) as unknown as Page;
    expect(first.messages).toHaveLength(50);
    expect(first.messages[0]!.id).toBe("m10000");

    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT id FROM thread_messages WHERE thread_id = ?1
         AND (created_at < ?2 OR (created_at = ?2 AND id < ?3)) ORDER BY created_at DESC, id DESC LIMIT 101`,
    )
      .bind(threadId, start + 2500, "m05000")
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join("\n");
    expect(details).toContain("thread_messages_thread_created_idx");
    expect(details).not.toContain("TEMP B-TREE");
  }, 60_000);

  it("hides a hidden message's body but from managers; refuses a bad cursor or limit", async () => {
    const threadId = await thread();
    await post(threadId, consultant.token, { body: "To be hidden." });
    await db().update(threadMessages).set({ hiddenAt: new Date() }).where(eq(threadMessages.threadId, threadId));
    const asBusiness = (await json(await call(messages(threadId), { cookie: team.owner.token }))) as unknown as Page;
    expect(asBusiness.messages[0]).toMatchObject({ body: null, hidden: true });
    const asManager = (await json(await call(messages(threadId), { cookie: manager.token }))) as unknown as Page;
    expect(asManager.messages[0]).toMatchObject({ body: "To be hidden.", hidden: true });

    for (const [query, msg] of [
      ["?before=nonsense", MESSAGES_CURSOR_MESSAGE],
      ["?before=12.a%20b", MESSAGES_CURSOR_MESSAGE],
      ["?limit=0", MESSAGES_LIMIT_MESSAGE],
      ["?limit=101", MESSAGES_LIMIT_MESSAGE],
      ["?limit=ten", MESSAGES_LIMIT_MESSAGE],
    ] as const) {
      const response = await call(`${messages(threadId)}${query}`, { cookie: team.owner.token });
      expect(response.status, query).toBe(400);
      expect((await json(response)).msg, query).toBe(msg);
    }
  });
});

describe("the calls' API (docs/decisions/074)", () => {
  const meetings = (threadId: string) => `/api/threads/${threadId}/meetings`;
  const inDays = (days: number, hour: number) => {
    const at = new Date(Date.now() + days * 86_400_000);
    at.setUTCHours(hour, 0, 0, 0);
    return at.toISOString();
  };

  it("proposes once per key, the other side books exactly one time, either side cancels; outsiders 404 and nothing is written", async () => {
    const threadId = await thread();
    const proposal = {
      slots: [inDays(3, 15), inDays(4, 16)],
      durationMinutes: 30,
      location: "https://meet.example.com/api-call",
      key: crypto.randomUUID(),
    };
    const proposed = await call(meetings(threadId), { cookie: consultant.token, json: proposal });
    expect(proposed.status).toBe(201);
    const { meetingId } = (await proposed.json()) as { meetingId: string };
    expect(meetingId).toBe(proposal.key);
    expect((await call(meetings(threadId), { cookie: consultant.token, json: proposal })).status).toBe(201);

    const listed = (await (await call(meetings(threadId), { cookie: team.owner.token })).json()) as {
      meetings: { id: string; status: string; canAnswer: boolean; slots: { startsAt: string }[] }[];
    };
    expect(listed.meetings).toHaveLength(1);
    expect(listed.meetings[0]).toMatchObject({ id: meetingId, status: "proposed", canAnswer: true });
    expect(listed.meetings[0]!.slots.map((slot) => slot.startsAt)).toEqual(proposal.slots);

    // Outsiders: another business, another consultant; a viewer reads but does not answer.
    const other = await signedInClient();
    const otherConsultant = await signedInConsultant();
    for (const token of [other.token, otherConsultant.token]) {
      expect((await call(meetings(threadId), { cookie: token })).status).toBe(404);
      expect(
        (await call(meetings(threadId), { cookie: token, json: { ...proposal, key: crypto.randomUUID() } })).status,
      ).toBe(404);
      const answer = await call(`${meetings(threadId)}/${meetingId}`, {
        cookie: token,
        json: { action: "book", slot: 1 },
      });
      expect(answer.status).toBe(404);
    }
    const byViewer = await call(`${meetings(threadId)}/${meetingId}`, {
      cookie: team.viewer.token,
      json: { action: "book", slot: 1 },
    });
    expect(byViewer.status).toBe(403);
    expect((await json(byViewer)).msg).toBe(ROLE_FORBIDDEN_MESSAGE);

    // Two members book different times at once: exactly one booking.
    const [first, second] = await Promise.all([
      call(`${meetings(threadId)}/${meetingId}`, { cookie: team.owner.token, json: { action: "book", slot: 1 } }),
      call(`${meetings(threadId)}/${meetingId}`, { cookie: team.member.token, json: { action: "book", slot: 2 } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const booked = (await (await call(meetings(threadId), { cookie: manager.token })).json()) as {
      meetings: { status: string; chosenSlot: number; icsPath: string | null }[];
    };
    expect(booked.meetings[0]).toMatchObject({ status: "booked" });
    expect(booked.meetings[0]!.icsPath).toBe(`/meetings/${meetingId}.ics`);

    const cancelled = await call(`${meetings(threadId)}/${meetingId}`, {
      cookie: consultant.token,
      json: { action: "cancel" },
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ meetingId, action: "cancel" });
  });

  it("refuses a bad proposal with its reason and writes nothing; 401 without a session", async () => {
    const threadId = await thread();
    const bad = [
      { slots: [inDays(3, 15)], durationMinutes: 30, location: "https://meet.example.com/x" },
      { slots: [inDays(3, 15), inDays(3, 15)], durationMinutes: 30, location: "https://meet.example.com/x" },
      { slots: [inDays(3, 15), inDays(4, 15)], durationMinutes: 20, location: "https://meet.example.com/x" },
      { slots: [inDays(3, 15), inDays(4, 15)], durationMinutes: 30, location: "somewhere" },
      { slots: [inDays(-3, 15), inDays(4, 15)], durationMinutes: 30, location: "https://meet.example.com/x" },
      { slots: ["tomorrow", inDays(4, 15)], durationMinutes: 30, location: "https://meet.example.com/x" },
    ];
    for (const body of bad) {
      const response = await call(meetings(threadId), { cookie: team.owner.token, json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).msg).toBeTruthy();
    }
    const none = (await (await call(meetings(threadId), { cookie: team.owner.token })).json()) as { meetings: [] };
    expect(none.meetings).toEqual([]);
    expect((await call(meetings(threadId))).status).toBe(401);
  });
});
