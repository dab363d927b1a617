import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  businessMembers,
  deliverableDisputes,
  deliveryItemDecisions,
  deliveryItems,
  deliveryOutlineVersions,
  deliveryOutlines,
  matchCandidates,
  threadMessages,
} from "~db/schema";
import {
  EDIT_WINDOW_PASSED_MESSAGE,
  MESSAGE_REQUIRED_MESSAGE,
  THREAD_CLOSED_MESSAGE,
  THREAD_TEXTS as T,
  unreadMessagesText,
} from "~/lib/conversations/thread-copy";
import { ROLE_FORBIDDEN_MESSAGE } from "~/lib/business/role-refusal";
import { call, createOutlineRows, db, html, postForm } from "../helpers";
import {
  consultantSession,
  key,
  openThread,
  type ThreadOptions,
  threadPeople,
  type Team,
  type ThreadPeople,
} from "./thread-setup";
import { createPaidPurchase } from "../helpers/deliverables";
import { signedInClient, signedInConsultant, signedInTeam } from "../../factories";

/**
 * Conversations (issue #39, docs/decisions/072): who reads and writes each thread, sending,
 * editing within 10 minutes, hiding, read marks and the navigation's counts, closed threads, and
 * keyset pages over 10,000 messages on the index.
 */

/** A candidacy of `team`'s business at the given state; the consultant said yes unless `responded: false`. */
const candidacy = (team: Team, consultantId: string, state: ThreadOptions["state"] = {}, responded = true) =>
  openThread(team.business.id, consultantId, { state, responded });

const messagesOf = (threadId: string) =>
  db().select().from(threadMessages).where(eq(threadMessages.threadId, threadId)).orderBy(threadMessages.createdAt);

const send = (path: string, token: string, body: string, formKey = key()) =>
  postForm(path, { intent: "send", key: formKey, body }, token);

let team: Team;
let consultant: ThreadPeople["consultant"];
let manager: ThreadPeople["manager"];

beforeAll(async () => {
  ({ team, consultant, manager } = await threadPeople());
});

describe("who takes part in a thread", () => {
  it("the business's writing roles, the consultant and a manager write; a viewer reads; everyone else reads 404 and writes nothing", async () => {
    const thread = await candidacy(team, consultant.user.id);
    const pages = {
      business: `/messages/${thread.id}`,
      consultant: `/consultant/messages/${thread.id}`,
      manager: `/manage/messages/${thread.id}`,
    };
    const writers = [
      { path: pages.business, token: team.owner.token, text: "Owner here: when could you start?" },
      { path: pages.business, token: team.admin.token, text: "Admin: we close the books on the 5th." },
      { path: pages.business, token: team.member.token, text: "Member: I keep the inventory sheets." },
      { path: pages.consultant, token: consultant.token, text: "I could start next Monday." },
      { path: pages.manager, token: manager.token, text: "I will join your first call." },
    ];
    for (const writer of writers) {
      const response = await send(writer.path, writer.token, writer.text);
      expect(response.status, writer.text).toBe(200);
      expect(await response.text()).toContain(T.sent);
    }
    expect((await messagesOf(thread.id)).map((m) => [m.body, m.authorParty])).toEqual([
      [writers[0]!.text, "business"],
      [writers[1]!.text, "business"],
      [writers[2]!.text, "business"],
      [writers[3]!.text, "consultant"],
      [writers[4]!.text, "manager"],
    ]);

    // The viewer reads every message and is told why there is no form; a post is refused.
    const read = await call(pages.business, { cookie: team.viewer.token });
    expect(read.status).toBe(200);
    const page = await read.text();
    for (const writer of writers) expect(page).toContain(html(writer.text));
    expect(page).toContain(html(T.viewerRole));
    expect(page).not.toContain(`>${T.send}</button>`);
    const refused = await send(pages.business, team.viewer.token, "A viewer tries.");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(html(ROLE_FORBIDDEN_MESSAGE));

    // Outsiders: another business, another consultant, the wrong side's page, no session.
    const otherBusiness = await signedInClient();
    const otherConsultant = await signedInConsultant();
    const outsiders = [
      { path: pages.business, token: otherBusiness.token },
      { path: pages.consultant, token: otherConsultant.token },
      { path: pages.business, token: consultant.token, redirect: true },
      { path: pages.consultant, token: team.owner.token },
      { path: pages.manager, token: team.owner.token },
      { path: pages.manager, token: consultant.token },
    ];
    for (const outsider of outsiders) {
      const get = await call(outsider.path, { cookie: outsider.token });
      const post = await send(outsider.path, outsider.token, "Let me in.");
      if (outsider.redirect) {
        // A consultant on the business's pages goes to their own home, as everywhere in the client app.
        expect(get.status).toBe(302);
      } else {
        expect(get.status, outsider.path).toBe(404);
        expect(post.status, outsider.path).toBe(404);
      }
    }
    // Each side's list shows the thread.
    for (const [list, token] of [
      ["/messages", team.viewer.token],
      ["/consultant/messages", consultant.token],
      ["/manage/messages?show=all", manager.token],
    ] as const) {
      expect(await (await call(list, { cookie: token })).text(), list).toContain(`/messages/${thread.id}"`);
    }
    // The console's own list is of the matches assigned to the manager; "All conversations" every one.
    const mine = await (await call("/manage/messages", { cookie: manager.token })).text();
    expect(mine).not.toContain(`/messages/${thread.id}"`);
    const current = /<a [^>]*aria-current="page"[^>]*>([^<]+)<\/a>/.exec(
      mine.slice(mine.indexOf('class="thread-list-filter"')),
    );
    expect(current?.[1]).toBe(T.managerLists.mine);
    const assigned = await openThread(team.business.id, consultant.user.id, { assignedManagerId: manager.user.id });
    expect(await (await call("/manage/messages", { cookie: manager.token })).text()).toContain(
      `/messages/${assigned.id}"`,
    );
    expect(await call(pages.business)).toHaveProperty("status", 302);
    expect(await call(pages.manager)).toHaveProperty("status", 404);
    expect(await messagesOf(thread.id)).toHaveLength(writers.length);
  });

  it("before the consultant says yes the thread is the consultant's and the manager's; the business reads 404", async () => {
    const thread = await candidacy(team, consultant.user.id, { status: "proposed" }, false);
    expect((await call(`/messages/${thread.id}`, { cookie: team.owner.token })).status).toBe(404);
    expect((await send(`/consultant/messages/${thread.id}`, consultant.token, "A question first.")).status).toBe(200);
    expect((await call(`/manage/messages/${thread.id}`, { cookie: manager.token })).status).toBe(200);
    const list = await (await call("/messages", { cookie: team.owner.token })).text();
    expect(list).not.toContain(`/messages/${thread.id}"`);
  });

  it("a list's last message says \"You\" to its writer, and the writer's party to everyone else, a teammate included", async () => {
    const thread = await candidacy(team, consultant.user.id);
    await send(`/messages/${thread.id}`, team.owner.token, "See you on Monday.");
    const lastLine = async (path: string, token: string) => {
      const page = (await (await call(path, { cookie: token })).text()).replaceAll("<!-- -->", "");
      const item = page.slice(page.indexOf(`/messages/${thread.id}"`));
      return /class="thread-list-last"><span>([^<]*)<\/span>/.exec(item)?.[1];
    };
    expect(await lastLine("/messages", team.owner.token)).toBe(`${T.you}: See you on Monday.`);
    expect(await lastLine("/messages", team.viewer.token)).toBe(`${T.partyLabels.business}: See you on Monday.`);
    expect(await lastLine("/consultant/messages", consultant.token)).toBe(
      `${T.partyLabels.business}: See you on Monday.`,
    );
  });

  it("a rejected candidate's thread closes: everyone who saw it still reads it, nobody writes", async () => {
    const thread = await candidacy(team, consultant.user.id);
    await send(`/messages/${thread.id}`, team.owner.token, "Thank you for your time.");
    await db()
      .update(matchCandidates)
      .set({ businessDecisionStatus: "rejected" })
      .where(eq(matchCandidates.id, thread.id));
    for (const [path, token] of [
      [`/messages/${thread.id}`, team.owner.token],
      [`/consultant/messages/${thread.id}`, consultant.token],
      [`/manage/messages/${thread.id}`, manager.token],
    ] as const) {
      const page = await (await call(path, { cookie: token })).text();
      expect(page).toContain(html("Thank you for your time."));
      expect(page).toContain(html(T.closed));
      const refused = await send(path, token, "One more thing.");
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(html(THREAD_CLOSED_MESSAGE));
    }
    expect(await messagesOf(thread.id)).toHaveLength(1);
  });

  it("a candidacy withdrawn before the consultant answered never reaches the business; one withdrawn after stays readable", async () => {
    const unanswered = await candidacy(team, consultant.user.id, { status: "withdrawn" }, false);
    expect((await call(`/messages/${unanswered.id}`, { cookie: team.owner.token })).status).toBe(404);
    const answered = await candidacy(team, consultant.user.id, { status: "withdrawn" });
    const page = await call(`/messages/${answered.id}`, { cookie: team.owner.token });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(html(T.closed));
  });

  it("a removed member reads 404 and writes nothing", async () => {
    const local = await signedInTeam();
    const thread = await candidacy(local, consultant.user.id);
    await db()
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, local.business.id), eq(businessMembers.userId, local.member.user.id)));
    expect((await call(`/messages/${thread.id}`, { cookie: local.member.token })).status).not.toBe(200);
    expect((await send(`/messages/${thread.id}`, local.member.token, "Still here?")).status).not.toBe(200);
    expect(await messagesOf(thread.id)).toHaveLength(0);
  });
});

describe("messages", () => {
  it("a form sent twice adds one message; an empty one says what is missing", async () => {
    const thread = await candidacy(team, consultant.user.id);
    const path = `/messages/${thread.id}`;
    const formKey = key();
    const [first, second] = await Promise.all([
      send(path, team.owner.token, "Sent once.", formKey),
      send(path, team.owner.token, "Sent once.", formKey),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await messagesOf(thread.id)).toHaveLength(1);
    const empty = await send(path, team.owner.token, "   ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(html(MESSAGE_REQUIRED_MESSAGE));
    // Another person's key cannot be used to claim their message.
    const stolen = await send(`/consultant/messages/${thread.id}`, consultant.token, "Mine now.", formKey);
    expect(stolen.status).toBe(404);
    expect((await messagesOf(thread.id)).map((m) => m.body)).toEqual(["Sent once."]);
  });

  it("the author edits within 10 minutes, then no more; nobody edits another's message", async () => {
    const thread = await candidacy(team, consultant.user.id);
    const path = `/consultant/messages/${thread.id}`;
    await send(path, consultant.token, "I can start on the 3rd.");
    const [message] = await messagesOf(thread.id);
    const edit = (token: string, body: string, at = path) =>
      postForm(at, { intent: "edit", messageId: message!.id, body }, token);

    const edited = await edit(consultant.token, "I can start on the 4th.");
    expect(edited.status).toBe(200);
    expect(await edited.text()).toContain(T.edited);
    const page = await (await call(`/messages/${thread.id}`, { cookie: team.owner.token })).text();
    expect(page).toContain("I can start on the 4th.");
    expect(page).toContain(`(${T.editedMark})`);

    expect((await edit(team.owner.token, "Rewritten by the business.", `/messages/${thread.id}`)).status).toBe(404);

    await db()
      .update(threadMessages)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(threadMessages.id, message!.id));
    const late = await edit(consultant.token, "Too late.");
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(html(EDIT_WINDOW_PASSED_MESSAGE));
    expect((await messagesOf(thread.id))[0]?.body).toBe("I can start on the 4th.");
  });

  it("a manager hides a message: the others read its trace, the manager still reads it, the audit trail records it once", async () => {
    const thread = await candidacy(team, consultant.user.id);
    await send(`/consultant/messages/${thread.id}`, consultant.token, "Call me on 207 555 0199 instead.");
    const [message] = await messagesOf(thread.id);
    const hide = () =>
      postForm(`/manage/messages/${thread.id}`, { intent: "hide", messageId: message!.id }, manager.token);
    const [first, second] = await Promise.all([hide(), hide()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await first.text()).toContain(T.hiddenDone);

    const businessPage = await (await call(`/messages/${thread.id}`, { cookie: team.owner.token })).text();
    expect(businessPage).toContain(T.hiddenTrace);
    expect(businessPage).not.toContain("207 555 0199");
    const managerPage = await (await call(`/manage/messages/${thread.id}`, { cookie: manager.token })).text();
    expect(managerPage).toContain("207 555 0199");
    expect(managerPage).toContain(T.hiddenTrace);

    const audits = await db().select().from(auditEvents).where(eq(auditEvents.subjectId, message!.id));
    expect(audits.map((row) => [row.action, row.businessId, row.actorUserId])).toEqual([
      ["message.hidden", team.business.id, manager.user.id],
    ]);
    // Only managers hide.
    const byConsultant = await postForm(
      `/consultant/messages/${thread.id}`,
      { intent: "hide", messageId: message!.id },
      consultant.token,
    );
    expect(byConsultant.status).toBe(404);
  });

  it("contact details before the plan is signed show both sides the notice; links are links, markup is text", async () => {
    const thread = await candidacy(team, consultant.user.id);
    await send(`/messages/${thread.id}`, team.owner.token, "Our notes: https://example.com/notes. <b>bold</b>");
    let page = await (await call(`/consultant/messages/${thread.id}`, { cookie: consultant.token })).text();
    expect(page).toContain('href="https://example.com/notes" rel="noopener noreferrer nofollow ugc"');
    expect(page).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(page).not.toContain(html(T.offPlatform));
    await send(`/consultant/messages/${thread.id}`, consultant.token, "Write to marcus@okafor-advisory.com");
    for (const [path, token] of [
      [`/messages/${thread.id}`, team.owner.token],
      [`/consultant/messages/${thread.id}`, consultant.token],
    ] as const) {
      page = await (await call(path, { cookie: token })).text();
      expect(page).toContain(html(T.offPlatform));
    }
  });
});

describe("the engagement's events in line", () => {
  it("plan sent, approved, prepaid and delivered read between the messages, in time order, on every side", async () => {
    const thread = await candidacy(team, consultant.user.id, { businessDecisionStatus: "accepted" });
    const t0 = Date.now() - 60 * 60 * 1000;
    const at = (minutes: number) => new Date(t0 + minutes * 60 * 1000);
    const { outline, items } = await createOutlineRows(
      { id: thread.requestId, businessId: team.business.id, matchedConsultantId: consultant.user.id },
      { items: [{ title: "Cash-flow model" }] },
    );
    await db()
      .insert(deliveryOutlineVersions)
      .values({
        id: crypto.randomUUID(),
        outlineId: outline.id,
        businessId: team.business.id,
        version: 1,
        title: outline.title,
        overview: outline.overview,
        items: [],
        submittedAt: at(10),
      });
    await db()
      .update(deliveryOutlines)
      .set({ egmReviewStatus: "approved", egmReviewedAt: at(20) })
      .where(eq(deliveryOutlines.id, outline.id));
    const purchaseId = await createPaidPurchase(team.business.id, items[0]!.id);
    await db()
      .update(deliveryItems)
      .set({ paidPurchaseId: purchaseId, consultantConfirmedAt: at(40) })
      .where(eq(deliveryItems.id, items[0]!.id));
    await db()
      .insert(threadMessages)
      .values([
        {
          id: crypto.randomUUID(),
          threadId: thread.id,
          businessId: team.business.id,
          authorId: consultant.user.id,
          authorParty: "consultant",
          body: "The plan is on its way.",
          createdAt: at(5),
        },
        {
          id: crypto.randomUUID(),
          threadId: thread.id,
          businessId: team.business.id,
          authorId: team.owner.user.id,
          authorParty: "business",
          body: "Looks good to us.",
          createdAt: at(30),
        },
      ]);
    for (const [path, token] of [
      [`/messages/${thread.id}`, team.owner.token],
      [`/consultant/messages/${thread.id}`, consultant.token],
      [`/manage/messages/${thread.id}`, manager.token],
    ] as const) {
      const page = await (await call(path, { cookie: token })).text();
      const order = [
        "The plan is on its way.",
        html("Version 1 of the plan was sent for the engagement manager's review."),
        "The engagement manager approved version 1 of the plan.",
        "Looks good to us.",
        "The deliverable “Cash-flow model” was delivered.",
      ].map((text) => page.indexOf(text));
      expect(
        order.every((index) => index > 0),
        path,
      ).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(page).toContain("The deliverable “Cash-flow model” was prepaid.");
    }
  });
});

describe("a dispute in the engagement's events", () => {
  it("the revision, the business's dispute with its reason and the settlement read in line; the settlement's approval is not an acceptance", async () => {
    const thread = await candidacy(team, consultant.user.id, { businessDecisionStatus: "accepted" });
    const t0 = Date.now() - 60 * 60 * 1000;
    const at = (minutes: number) => new Date(t0 + minutes * 60 * 1000);
    const { outline, items } = await createOutlineRows(
      { id: thread.requestId, businessId: team.business.id, matchedConsultantId: consultant.user.id },
      { items: [{ title: "Cash-flow model" }] },
    );
    const item = items[0]!;
    const purchaseId = await createPaidPurchase(team.business.id, item.id);
    await db()
      .update(deliveryItems)
      .set({
        paidPurchaseId: purchaseId,
        consultantConfirmedAt: at(10),
        status: "approved",
        businessDeliveryReview: "approved",
      })
      .where(eq(deliveryItems.id, item.id));
    const decision = { itemId: item.id, outlineId: outline.id, businessId: team.business.id, complete: true };
    await db()
      .insert(deliveryItemDecisions)
      .values([
        {
          ...decision,
          decidedByUserId: team.owner.user.id,
          decision: "revision",
          decisionAction: "revise",
          businessNotes: "Add the regional surcharges.",
          createdAt: at(20),
        },
        // The settlement's approval, in the manager's name, after the dispute was opened.
        {
          ...decision,
          decidedByUserId: manager.user.id,
          decision: "approved",
          decisionAction: "pause",
          createdAt: at(40),
        },
      ]);
    const reason = "The model still leaves out the regional surcharges we asked for.";
    await db()
      .insert(deliverableDisputes)
      .values({
        id: crypto.randomUUID(),
        itemId: item.id,
        outlineId: outline.id,
        businessId: team.business.id,
        reason,
        openedByUserId: team.owner.user.id,
        openedAt: at(30),
        status: "settled",
        outcome: "split",
        chargedCents: 150_000,
        refundCents: 60_000,
        transferCents: 76_500,
        feeCents: 13_500,
        decision: "Both sides were heard: the surcharges were in the plan.",
        settledByUserId: manager.user.id,
        settledAt: at(40),
        updatedAt: at(40),
      });
    await db()
      .insert(threadMessages)
      .values({
        id: crypto.randomUUID(),
        threadId: thread.id,
        businessId: team.business.id,
        authorId: consultant.user.id,
        authorParty: "consultant",
        body: "The surcharges were never part of phase 1.",
        createdAt: at(35),
      });
    for (const [path, token] of [
      [`/messages/${thread.id}`, team.owner.token],
      [`/consultant/messages/${thread.id}`, consultant.token],
      [`/manage/messages/${thread.id}`, manager.token],
    ] as const) {
      const page = await (await call(path, { cookie: token })).text();
      const order = [
        "The deliverable “Cash-flow model” was delivered.",
        "The business asked for changes to the deliverable “Cash-flow model”.",
        `The business opened a dispute over the deliverable “Cash-flow model”: “${reason}” The consultant can answer here; the engagement manager will settle it.`,
        "The surcharges were never part of phase 1.",
        "The engagement manager settled the dispute over the deliverable “Cash-flow model”: part is refunded to the business and the rest pays the consultant and the platform fee. The decision is on the deliverable.",
      ].map((text) => page.indexOf(html(text)));
      expect(
        order.every((index) => index > 0),
        `${path}: ${JSON.stringify(order)}`,
      ).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(page).not.toContain("The business accepted the deliverable “Cash-flow model”.");
    }
  });
});

describe("unread counts and read marks", () => {
  it("the navigation counts messages by others until the reader reads the thread; the author sees who read theirs", async () => {
    const local = await signedInTeam();
    const own = await consultantSession("Rosa", "Lindgren");
    const thread = await candidacy(local, own.user.id);
    await send(`/consultant/messages/${thread.id}`, own.token, "Here are three questions.");
    await send(`/consultant/messages/${thread.id}`, own.token, "And a fourth.");

    const dashboard = await (await call("/dashboard", { cookie: local.owner.token })).text();
    expect(dashboard).toContain(", 2 unread</span>");
    const list = await (await call("/messages", { cookie: local.owner.token })).text();
    expect(list).toContain(unreadMessagesText(2));
    // The consultant's own messages are not unread to them.
    expect(await (await call("/consultant", { cookie: own.token })).text()).not.toContain(", 2 unread");

    // Reading (the page's read post) marks the thread read for this member only.
    expect((await postForm(`/messages/${thread.id}`, { intent: "read" }, local.owner.token)).status).toBe(200);
    expect(await (await call("/dashboard", { cookie: local.owner.token })).text()).not.toContain(" unread</span>");
    expect(await (await call("/dashboard", { cookie: local.admin.token })).text()).toContain(", 2 unread</span>");

    const consultantPage = await (await call(`/consultant/messages/${thread.id}`, { cookie: own.token })).text();
    expect(consultantPage).toContain(`${T.readMark}: Test Person`);
  });
});

describe("keyset pages", () => {
  it("10,000 messages page 50 at a time, newest page first, without gaps or repeats, each query on an index", async () => {
    const thread = await candidacy(team, consultant.user.id);
    // 10,000 messages, one millisecond apart, in one statement.
    const start = Date.UTC(2026, 0, 1);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       INSERT INTO thread_messages (id, thread_id, business_id, author_id, author_party, body, created_at)
       SELECT printf('m%05d', i), ?1, ?2, ?3, 'consultant', printf('Message %d', i), ?4 + i FROM n`,
    )
      .bind(thread.id, team.business.id, consultant.user.id, start)
      .run();

    let path = `/manage/messages/${thread.id}`;
    const seen: number[] = [];
    for (let page = 0; page < 3; page++) {
      const text = await (await call(path, { cookie: manager.token })).text();
      const numbers = [...text.matchAll(/>Message (\d+)</g)].map((match) => Number(match[1]));
      expect(numbers).toHaveLength(50);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      seen.unshift(...numbers);
      const earlier = /href="[^"]*\?before=([^"]+)"/.exec(text);
      expect(earlier).not.toBeNull();
      path = `/manage/messages/${thread.id}?before=${earlier![1]}`;
    }
    expect(seen).toEqual(Array.from({ length: 150 }, (_, index) => 9851 + index));

    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT id FROM thread_messages WHERE thread_id = ?1
         AND (created_at < ?2 OR (created_at = ?2 AND id < ?3)) ORDER BY created_at DESC, id DESC LIMIT 51`,
    )
      .bind(thread.id, start + 5000, "m05000")
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join("\n");
    expect(details).toContain("thread_messages_thread_created_idx");
    expect(details).not.toMatch(/SCAN thread_messages(?! USING)/);
    expect(details).not.toContain("TEMP B-TREE");
  }, 60_000);
});
