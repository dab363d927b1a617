import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { businesses, files, matchCandidates, matchRequests, notifications, users } from "~db/schema";
import { addBusinessDays } from "~/lib/matching/match-copy";
import { MATCH_STATUS_TEXTS, matchStatusText, nextCandidateStatusText } from "~/lib/matching/match-status";
import { createAppContext } from "~/server/load-context";
import { loadCandidacyInbox, respondToCandidacy } from "~/server/matching/candidacies.server";
import { runMatching } from "~/server/matching/run-matching.server";
import type { CloudflareBindings } from "~/server/platform/env.server";
import {
  call,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  db,
  html,
  ORIGIN,
  postForm,
  sessionTokenFrom,
  signIn,
  emailsTo,
  noticesOf,
} from "../helpers";
import { createClient, signedInClient, signedInManager } from "../../factories";

/**
 * The consultant portal: the candidacy inbox, one candidacy, the consultant's answer with the
 * status moves of matching (accept → awaiting_decision; decline → matching with the next
 * candidate's date when nothing else is open), the notifications, idempotency, access, malformed
 * bodies, and the consultant's access to a request's files.
 */

// The engine's own effects are its tests' business (run-matching.test.ts); here, the calls to it.
// Only this file's direct calls see the mock: requests through SELF run the built Worker.
vi.mock("~/server/matching/run-matching.server", () => ({ runMatching: vi.fn(async () => ({ shortlisted: 0 })) }));

const FORM_UNREADABLE = "We couldn't read that form. Please reload the page and try again.";
const ACCEPTED_NOTICE =
  "You accepted this candidacy. The business is now reviewing your profile; we'll tell you when they decide.";
const DECLINED_NOTICE = "You declined this candidacy. Thank you for letting us know.";
const WITHDRAWN = "This candidacy was withdrawn, so it can no longer be answered. There is nothing more to do.";
const ALREADY_ACCEPTED =
  "You already accepted this candidacy, so it can no longer be declined here. If your plans changed, tell your engagement manager.";
const ALREADY_DECLINED = "You already declined this candidacy, so it can no longer be accepted.";

/** A consultant with a vetted profile, signed in. */
async function consultantSession(firstName = "Test") {
  const { user } = await createConsultant();
  if (firstName !== "Test") await db().update(users).set({ firstName }).where(eq(users.id, user.id));
  const response = await signIn(user.email);
  expect(response.status).toBe(200);
  return { user, token: sessionTokenFrom(response)! };
}

/** A business with a match request at `status`, and the consultant proposed on it. */
async function candidacy(
  consultantId: string,
  options: {
    requestStatus?: NonNullable<Parameters<typeof createMatchRequestRow>[1]>["status"];
    candidate?: Parameters<typeof createCandidateRow>[3];
    request?: Parameters<typeof createMatchRequestRow>[1];
    businessName?: string;
  } = {},
) {
  const owner = await createClient();
  if (options.businessName) {
    await db().update(businesses).set({ name: options.businessName }).where(eq(businesses.id, owner.business.id));
  }
  const request = await createMatchRequestRow(owner.business.id, {
    status: options.requestStatus ?? "candidates_proposed",
    ...options.request,
  });
  const candidate = await createCandidateRow(request.id, owner.business.id, consultantId, options.candidate);
  return { owner, request, candidate };
}

const page = (id: string) => `/consultant/candidacies/${id}`;
const answer = (id: string, fields: Record<string, string>, token: string | null) => postForm(page(id), fields, token);

async function candidateRow(id: string) {
  return (await db().select().from(matchCandidates).where(eq(matchCandidates.id, id)))[0]!;
}
async function requestRow(id: string) {
  return (await db().select().from(matchRequests).where(eq(matchRequests.id, id)))[0]!;
}

function appContext(now?: () => Date) {
  return createAppContext(env as unknown as CloudflareBindings, () => {}, now);
}

describe("the candidacy inbox", () => {
  it("groups the consultant's own candidacies, what needs an answer first, newest request first", async () => {
    const me = await consultantSession("Rowan");
    const other = await createConsultant();
    const day = (n: number) => new Date(Date.UTC(2026, 9, n, 12));
    const older = await candidacy(me.user.id, { request: { createdAt: day(1) }, businessName: "Older Co." });
    const newer = await candidacy(me.user.id, {
      request: { createdAt: day(5), consultingType: null, category: "unknown" },
      businessName: "Newer Co.",
    });
    const accepted = await candidacy(me.user.id, {
      requestStatus: "awaiting_decision",
      candidate: { status: "accepted" },
      request: { createdAt: day(2) },
    });
    const matched = await candidacy(me.user.id, {
      requestStatus: "consultant_matched",
      candidate: { status: "accepted", businessDecisionStatus: "accepted" },
      request: { createdAt: day(3), matchedConsultantId: me.user.id },
    });
    const rejected = await candidacy(me.user.id, {
      requestStatus: "matching",
      candidate: { status: "accepted", businessDecisionStatus: "rejected" },
      request: { createdAt: day(4) },
    });
    // Still "proposed" on its row, but the business already took someone else: not chosen.
    const overtaken = await candidacy(me.user.id, {
      requestStatus: "consultant_matched",
      request: { createdAt: day(6), matchedConsultantId: other.user.id },
    });
    const withdrawn = await candidacy(me.user.id, {
      candidate: { status: "withdrawn" },
      request: { createdAt: day(7) },
    });
    const declined = await candidacy(me.user.id, { candidate: { status: "declined" }, request: { createdAt: day(8) } });
    const notMine = await candidacy(other.user.id);

    const inbox = await loadCandidacyInbox(appContext(), me.user.id);
    const ids = Object.fromEntries(inbox.groups.map((group) => [group.state, group.items.map((item) => item.id)]));
    expect(ids).toEqual({
      to_answer: [newer.candidate.id, older.candidate.id],
      accepted: [accepted.candidate.id],
      matched: [matched.candidate.id],
      not_chosen: [withdrawn.candidate.id, overtaken.candidate.id, rejected.candidate.id],
      declined: [declined.candidate.id],
      // Withdrawn by a manager who unvetted or paused the consultant (withdrawn-candidacies.test.ts).
      withdrawn: [],
    });
    expect(inbox.toAnswer).toBe(2);
    expect(inbox.total).toBe(8);
    expect(JSON.stringify(inbox)).not.toContain(notMine.candidate.id);
    expect(inbox.groups[0]!.items[0]).toEqual({
      id: newer.candidate.id,
      state: "to_answer",
      area: "Not sure yet",
      type: "Not sure yet",
      created: "Oct 5, 2026",
      business: {
        name: "Newer Co.",
        industry: "Industrial Supplies Merchant Wholesalers",
        size: "25-50 employees",
        city: "Portland, ME",
      },
    });
    expect(inbox.groups[0]!.items[1]).toMatchObject({ area: "Finance", type: "Fractional", created: "Oct 1, 2026" });

    const response = await call("/consultant/candidacies", { cookie: me.token });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Hello, Rowan");
    expect(body).toContain("2 candidacies wait for your answer.");
    const order = ["To answer", "Accepted — waiting for the business", "Matched", "Not chosen", "Declined"].map(
      (label) => body.indexOf(`>${label}</span>`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body.indexOf("Newer Co.")).toBeLessThan(body.indexOf("Older Co."));
    expect(body).toContain(`href="/consultant/candidacies/${newer.candidate.id}"`);
    expect(body).toContain("Review and answer: Newer Co., Not sure yet");
    // The navigation counts what waits for an answer.
    expect(body).toContain(", 2 to answer");
  });

  it("tells a consultant without candidacies what will arrive here", async () => {
    const me = await consultantSession();
    const response = await call("/consultant/candidacies", { cookie: me.token });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Nothing needs your answer right now.");
    expect(body).toContain("No candidacies yet");
    expect(body).toContain(
      html(
        "You have no candidacies yet. Once you are proposed for a request, you will find it here with everything the business shared.",
      ),
    );
    expect(body).not.toContain("to answer</span>");
  });

  it("says nothing needs an answer when every candidacy is answered", async () => {
    const me = await consultantSession();
    await candidacy(me.user.id, { candidate: { status: "declined" } });
    const body = await (await call("/consultant/candidacies", { cookie: me.token })).text();
    expect(body).toContain("Nothing needs your answer right now.");
    expect(body).toContain(
      html("When an engagement manager proposes you for a business's request, it appears here and we email you."),
    );
    expect(body).toContain(">Declined</span>");
  });
});

describe("one candidacy", () => {
  it("shows the consultant's own candidacy with the request, the business and its files", async () => {
    const me = await consultantSession();
    const { owner, request, candidate } = await candidacy(me.user.id, {
      request: { consultingType: null, problemStatement: "Cash runs short every spring." },
    });
    const fileName = `${crypto.randomUUID()}.pdf`;
    await db()
      .insert(files)
      .values({
        businessId: owner.business.id,
        r2Key: `biz/${owner.business.id}/${fileName}`,
        originalName: "cash-flow.pdf",
        contentType: "application/pdf",
        sizeBytes: 2400,
        sha256: "0".repeat(64),
        purpose: "match_request",
        matchRequestId: request.id,
      });
    const response = await call(page(candidate.id), { cookie: me.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await response.text();
    for (const text of [
      "Harbor Supply Co.",
      "Finance",
      "Not sure yet",
      "Cash runs short every spring.",
      "Industrial Supplies Merchant Wholesalers",
      "25-50 employees",
      "Portland, ME",
      "To answer",
      html("The business has not seen you yet."),
    ]) {
      expect(body, text).toContain(text);
    }
    // Only what the match shares: not the business's plan, its owner or its revenue.
    expect(body).not.toContain("BASIC");
    expect(body).not.toContain(owner.user.email);
    expect(body).not.toContain(owner.business.revenueBand);
    expect(body).toContain(`href="/api/file-handling/get-file/${fileName}"`);
    expect(body).toContain("cash-flow.pdf");
    expect(body).toContain("2.4 KB");
    expect(body).toContain(`href="${page(candidate.id)}?answer=accept"`);
    expect(body).toContain(`href="${page(candidate.id)}?answer=decline"`);

    // The confirmation step, server-rendered (no JavaScript needed).
    const confirm = await (await call(`${page(candidate.id)}?answer=decline`, { cookie: me.token })).text();
    expect(confirm).toContain("Decline this candidacy?");
    expect(confirm).toContain(
      '<label for="decline-reason">Reason (optional, seen only by your engagement manager)</label>',
    );
    expect(confirm).toContain('name="intent" value="decline"');
    const accept = await (await call(`${page(candidate.id)}?answer=accept`, { cookie: me.token })).text();
    expect(accept).toContain("Accept this candidacy?");
    expect(accept).toContain('name="intent" value="accept"');
  });

  it("answers another consultant's candidacy and an unknown id with a 404", async () => {
    const me = await consultantSession();
    const other = await createConsultant();
    const { candidate } = await candidacy(other.user.id);
    for (const id of [candidate.id, "no-such-candidacy"]) {
      const response = await call(page(id), { cookie: me.token });
      expect(response.status, id).toBe(404);
      await response.text();
      const post = await answer(id, { intent: "accept" }, me.token);
      expect(post.status, id).toBe(404);
      await post.text();
    }
    expect((await candidateRow(candidate.id)).status).toBe("proposed");
  });
});

describe("accepting a candidacy", () => {
  it("moves the candidacy and the request, and tells the business owner with the deep link", async () => {
    const me = await consultantSession();
    const { owner, request, candidate } = await candidacy(me.user.id);
    const response = await answer(candidate.id, { intent: "accept" }, me.token);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${page(candidate.id)}?notice=candidacy-accepted`);

    const row = await candidateRow(candidate.id);
    expect(row.status).toBe("accepted");
    expect(row.businessDecisionStatus).toBe("pending");
    expect(row.consultantRespondedAt).toBeInstanceOf(Date);
    const match = await requestRow(request.id);
    expect(match.status).toBe("awaiting_decision");
    expect(matchStatusText(match)).toBe(MATCH_STATUS_TEXTS.awaiting_decision);

    const link = `/features?matchId=${request.id}&viewCandidate=${me.user.id}`;
    const notices = await noticesOf(owner.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "candidate_ready",
      title: "A consultant is ready for you",
      body: "A consultant accepted your Finance match request. Review their profile and accept or reject them.",
      link,
      businessId: owner.business.id,
    });
    const emails = await emailsTo(owner.user.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("A consultant is ready for you");
    expect(emails[0]!.kind).toBe("candidate_ready");
    expect(emails[0]!.textBody).toContain(`${ORIGIN}${link}`);
    expect(emails[0]!.textBody).toContain("View Candidate");

    const after = await (await call(response.headers.get("Location")!, { cookie: me.token })).text();
    expect(after).toContain(html(ACCEPTED_NOTICE));
    expect(after).toContain("Accepted — waiting for the business");
    expect(after).not.toContain("?answer=accept");

    // The same answer again (a second tab, a resend) changes nothing more and answers the same.
    const repeat = await answer(candidate.id, { intent: "accept" }, me.token);
    expect(repeat.status).toBe(302);
    expect(repeat.headers.get("Location")).toBe(`${page(candidate.id)}?notice=candidacy-accepted`);
    expect(await noticesOf(owner.user.id)).toHaveLength(1);
    expect(await emailsTo(owner.user.email)).toHaveLength(1);
  });

  it("speaks of a request sent without a business area as the business's match request", async () => {
    const me = await consultantSession();
    const { owner, candidate } = await candidacy(me.user.id, { request: { category: "unknown" } });
    expect((await answer(candidate.id, { intent: "accept" }, me.token)).status).toBe(302);
    const [notice] = await noticesOf(owner.user.id);
    expect(notice!.body).toBe(
      "A consultant accepted your match request. Review their profile and accept or reject them.",
    );
  });

  it("moves a request still matching to awaiting_decision and leaves one already awaiting a decision", async () => {
    const me = await consultantSession();
    const fromMatching = await candidacy(me.user.id, { requestStatus: "matching" });
    expect((await answer(fromMatching.candidate.id, { intent: "accept" }, me.token)).status).toBe(302);
    expect((await requestRow(fromMatching.request.id)).status).toBe("awaiting_decision");

    const awaiting = await candidacy(me.user.id, { requestStatus: "awaiting_decision" });
    const first = await createConsultant();
    await createCandidateRow(awaiting.request.id, awaiting.owner.business.id, first.user.id, { status: "accepted" });
    expect((await answer(awaiting.candidate.id, { intent: "accept" }, me.token)).status).toBe(302);
    const match = await requestRow(awaiting.request.id);
    expect(match.status).toBe("awaiting_decision");
    expect((await candidateRow(awaiting.candidate.id)).status).toBe("accepted");
  });

  it("takes one of two accepts sent at once, and tells the owner once", async () => {
    const me = await consultantSession();
    const { owner, candidate } = await candidacy(me.user.id);
    const answers = await Promise.all([
      answer(candidate.id, { intent: "accept" }, me.token),
      answer(candidate.id, { intent: "accept" }, me.token),
    ]);
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    expect(await noticesOf(owner.user.id)).toHaveLength(1);
    expect(await emailsTo(owner.user.email)).toHaveLength(1);
  });
});

describe("declining a candidacy", () => {
  it("reopens matching with the next candidate's date when nothing else is open, and tells the assigned manager", async () => {
    const me = await consultantSession("Jordan");
    const manager = await signedInManager();
    const bystander = await signedInManager();
    const { request, candidate } = await candidacy(me.user.id, {
      request: { assignedManagerId: manager.user.id },
      businessName: "Casco Bay Goods",
    });
    const response = await answer(
      candidate.id,
      { intent: "decline", reason: "  Fully booked until March.  " },
      me.token,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${page(candidate.id)}?notice=candidacy-declined`);

    const row = await candidateRow(candidate.id);
    expect(row.status).toBe("declined");
    expect(row.declineReason).toBe("Fully booked until March.");
    const match = await requestRow(request.id);
    const expectedBy = addBusinessDays(row.consultantRespondedAt!, 2);
    expect(match.status).toBe("matching");
    expect(match.nextCandidateBy!.getTime()).toBe(expectedBy.getTime());
    expect(matchStatusText(match)).toBe(nextCandidateStatusText(expectedBy));

    const notices = await noticesOf(manager.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "candidacy_declined",
      title: "A consultant declined a candidacy",
      body: "Jordan Person declined the Finance match request of Casco Bay Goods. Propose the next candidate.",
      link: `/manage/matches/${request.id}`,
    });
    expect(await noticesOf(bystander.user.id)).toHaveLength(0);
    const [email] = await emailsTo(manager.user.email);
    expect(email!.textBody).toContain(`${ORIGIN}/manage/matches/${request.id}`);
    expect(email!.textBody).toContain("Fully booked until March.");

    const after = await (await call(response.headers.get("Location")!, { cookie: me.token })).text();
    expect(after).toContain(html(DECLINED_NOTICE));
    expect(after).toContain("Fully booked until March.");
    expect(after).toContain(html("The business's files are shown while you are a candidate."));

    const repeat = await answer(candidate.id, { intent: "decline" }, me.token);
    expect(repeat.status).toBe(302);
    expect(repeat.headers.get("Location")).toBe(`${page(candidate.id)}?notice=candidacy-declined`);
    expect(await noticesOf(manager.user.id)).toHaveLength(1);
    expect((await candidateRow(candidate.id)).declineReason).toBe("Fully booked until March.");
    expect((await requestRow(request.id)).nextCandidateBy!.getTime()).toBe(expectedBy.getTime());
  });

  it("keeps the request while another candidacy is open, and tells every manager when none is assigned", async () => {
    const me = await consultantSession();
    const managers = [await signedInManager(), await signedInManager()];
    const { owner, request, candidate } = await candidacy(me.user.id);
    const colleague = await createConsultant();
    await createCandidateRow(request.id, owner.business.id, colleague.user.id);

    expect((await answer(candidate.id, { intent: "decline" }, me.token)).status).toBe(302);
    const row = await candidateRow(candidate.id);
    expect(row.status).toBe("declined");
    expect(row.declineReason).toBeNull();
    const match = await requestRow(request.id);
    expect(match.status).toBe("candidates_proposed");
    expect(match.nextCandidateBy).toBeNull();
    expect(matchStatusText(match)).toBe(MATCH_STATUS_TEXTS.candidates_proposed);

    const everyManager = await db().select({ id: users.id }).from(users).where(eq(users.role, "manager"));
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(eq(notifications.kind, "candidacy_declined"), eq(notifications.link, `/manage/matches/${request.id}`)),
      );
    expect(told.map((n) => n.userId).sort()).toEqual(everyManager.map((m) => m.id).sort());
    for (const manager of managers) expect(told.map((n) => n.userId)).toContain(manager.user.id);
  });

  it("leaves a request awaiting the business's decision on another consultant", async () => {
    const me = await consultantSession();
    const { owner, request, candidate } = await candidacy(me.user.id, { requestStatus: "awaiting_decision" });
    const colleague = await createConsultant();
    await createCandidateRow(request.id, owner.business.id, colleague.user.id, { status: "accepted" });
    expect((await answer(candidate.id, { intent: "decline" }, me.token)).status).toBe(302);
    const match = await requestRow(request.id);
    expect(match.status).toBe("awaiting_decision");
    expect(match.nextCandidateBy).toBeNull();
  });

  it("reopens matching once when the last two open candidacies decline at once", async () => {
    const me = await consultantSession();
    const colleague = await consultantSession();
    const { owner, request, candidate } = await candidacy(me.user.id);
    const second = await createCandidateRow(request.id, owner.business.id, colleague.user.id);
    const answers = await Promise.all([
      answer(candidate.id, { intent: "decline" }, me.token),
      answer(second.id, { intent: "decline" }, colleague.token),
    ]);
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    const match = await requestRow(request.id);
    expect(match.status).toBe("matching");
    expect(match.nextCandidateBy).not.toBeNull();
  });
});

describe("running the engine again after a decline", () => {
  it("runs it once, only when the decline left the request without an open candidacy", async () => {
    const run = vi.mocked(runMatching);
    run.mockClear();
    const app = appContext();
    const me = await createConsultant();
    const colleague = await createConsultant();
    const shared = await candidacy(me.user.id);
    const second = await createCandidateRow(shared.request.id, shared.owner.business.id, colleague.user.id);

    const first = await respondToCandidacy(app, me.user.id, shared.candidate.id, { response: "decline" }, ORIGIN);
    expect(first).toEqual({ ok: true, state: "declined", notice: "candidacy-declined" });
    expect(run).not.toHaveBeenCalled();

    await respondToCandidacy(app, colleague.user.id, second.id, { response: "decline", reason: "Busy" }, ORIGIN);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(app, shared.request.id, ORIGIN, { tellManagers: false });

    const repeat = await respondToCandidacy(app, colleague.user.id, second.id, { response: "decline" }, ORIGIN);
    expect(repeat).toEqual({ ok: true, state: "declined", notice: "candidacy-declined" });
    const accepted = await candidacy(me.user.id);
    await respondToCandidacy(app, me.user.id, accepted.candidate.id, { response: "accept" }, ORIGIN);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("answers another consultant's candidacy as not found and changes nothing", async () => {
    const me = await createConsultant();
    const other = await createConsultant();
    const { request, candidate } = await candidacy(other.user.id);
    for (const response of ["accept", "decline"] as const) {
      const result = await respondToCandidacy(appContext(), me.user.id, candidate.id, { response }, ORIGIN);
      expect(result).toEqual({ ok: false, status: 404, msg: "We couldn't find that candidacy." });
    }
    expect((await candidateRow(candidate.id)).status).toBe("proposed");
    expect((await requestRow(request.id)).status).toBe("candidates_proposed");
  });

  it("keeps the decline when the engine fails", async () => {
    const run = vi.mocked(runMatching);
    run.mockClear();
    run.mockRejectedValueOnce(new Error("engine down"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const me = await createConsultant();
    const { request, candidate } = await candidacy(me.user.id);
    const result = await respondToCandidacy(appContext(), me.user.id, candidate.id, { response: "decline" }, ORIGIN);
    expect(result).toEqual({ ok: true, state: "declined", notice: "candidacy-declined" });
    expect(run).toHaveBeenCalledTimes(1);
    expect((await requestRow(request.id)).status).toBe("matching");
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe("answers that no longer apply", () => {
  it("answers 409 for a withdrawn candidacy and one whose request was matched with someone else", async () => {
    const me = await consultantSession();
    const other = await createConsultant();
    const withdrawn = await candidacy(me.user.id, { candidate: { status: "withdrawn" } });
    const overtaken = await candidacy(me.user.id, {
      requestStatus: "consultant_matched",
      request: { matchedConsultantId: other.user.id },
    });
    for (const { candidate, request } of [withdrawn, overtaken]) {
      for (const intent of ["accept", "decline"]) {
        const response = await answer(candidate.id, { intent }, me.token);
        expect(response.status, intent).toBe(409);
        const body = await response.text();
        expect(body).toContain(html(WITHDRAWN));
        expect(body).toContain("Not chosen");
      }
      const row = await candidateRow(candidate.id);
      expect(row.consultantRespondedAt).toBeNull();
      expect((await requestRow(request.id)).status).toBe(request.status);
    }
    const page409 = await (await call(page(overtaken.candidate.id), { cookie: me.token })).text();
    expect(page409).toContain(html("The business chose another consultant, so this candidacy was withdrawn."));
    expect(page409).not.toContain("?answer=accept");
  });

  it("answers 409 to the opposite answer once one was given", async () => {
    const me = await consultantSession();
    const accepted = await candidacy(me.user.id);
    expect((await answer(accepted.candidate.id, { intent: "accept" }, me.token)).status).toBe(302);
    const decline = await answer(accepted.candidate.id, { intent: "decline" }, me.token);
    expect(decline.status).toBe(409);
    expect(await decline.text()).toContain(html(ALREADY_ACCEPTED));
    expect((await candidateRow(accepted.candidate.id)).status).toBe("accepted");

    const declined = await candidacy(me.user.id);
    expect((await answer(declined.candidate.id, { intent: "decline" }, me.token)).status).toBe(302);
    const accept = await answer(declined.candidate.id, { intent: "accept" }, me.token);
    expect(accept.status).toBe(409);
    expect(await accept.text()).toContain(html(ALREADY_DECLINED));
    expect((await candidateRow(declined.candidate.id)).status).toBe("declined");
  });

  it("takes one of an accept and a decline sent at once and refuses the other", async () => {
    const me = await consultantSession();
    const { candidate } = await candidacy(me.user.id);
    const answers = await Promise.all([
      answer(candidate.id, { intent: "accept" }, me.token),
      answer(candidate.id, { intent: "decline" }, me.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    await Promise.all(answers.map((r) => r.text()));
    const row = await candidateRow(candidate.id);
    const winner = answers[0]!.status === 302 ? "accepted" : "declined";
    expect(row.status).toBe(winner);
  });
});

describe("who reaches the portal", () => {
  it("sends a visitor without a session to the login screen, and answers clients and managers 404", async () => {
    const me = await consultantSession();
    const { candidate } = await candidacy(me.user.id);
    const client = await signedInClient();
    const manager = await signedInManager();
    for (const path of ["/consultant", "/consultant/candidacies", page(candidate.id)]) {
      const anonymous = await call(path);
      expect([302, 303], path).toContain(anonymous.status);
      expect(new URL(anonymous.headers.get("Location")!, ORIGIN).pathname).toBe("/");
      for (const token of [client.token, manager.token]) {
        const response = await call(path, { cookie: token });
        expect(response.status, path).toBe(404);
        await response.text();
      }
    }
    const anonymousPost = await answer(candidate.id, { intent: "accept" }, null);
    expect([302, 303]).toContain(anonymousPost.status);
    for (const token of [client.token, manager.token]) {
      const response = await answer(candidate.id, { intent: "accept" }, token);
      expect(response.status).toBe(404);
      await response.text();
    }
    expect((await candidateRow(candidate.id)).status).toBe("proposed");
  });

  it("sends a signed-in consultant from the login screen and the client app to /consultant", async () => {
    const me = await consultantSession();
    for (const path of ["/", "/login", "/dashboard"]) {
      const response = await call(path, { cookie: me.token });
      expect([302, 303], path).toContain(response.status);
      expect(new URL(response.headers.get("Location")!, ORIGIN).pathname, path).toBe("/consultant");
    }
  });
});

describe("malformed answers", () => {
  it("answers 400 or 415 with the form's error and changes nothing", async () => {
    const me = await consultantSession();
    const { candidate } = await candidacy(me.user.id);
    const unreadable: { headers: Record<string, string>; body?: string }[] = [
      { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "accept" }) },
      { headers: {} },
      { headers: { "Content-Type": "text/plain" }, body: "\u0000junk\u00ff{]" },
      { headers: { "Content-Type": "multipart/form-data; boundary=----x" }, body: "not multipart" },
    ];
    for (const { headers, body } of unreadable) {
      for (const path of [page(candidate.id), `${page(candidate.id)}.data`]) {
        const response = await call(path, { method: "POST", headers, body, cookie: me.token });
        expect([400, 415], `${path} ${headers["Content-Type"]}`).toContain(response.status);
        const text = await response.text();
        expect(text).toContain(path.endsWith(".data") ? FORM_UNREADABLE : html(FORM_UNREADABLE));
      }
    }
    const wrong: [Record<string, string>, string][] = [
      [{}, "Choose Accept or Decline."],
      [{ intent: "maybe" }, "Choose Accept or Decline."],
      [{ intent: "decline", reason: "x".repeat(1001) }, "Keep the reason to 1,000 characters or fewer."],
    ];
    for (const [fields, message] of wrong) {
      const response = await answer(candidate.id, fields, me.token);
      expect(response.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
      expect(await response.text()).toContain(html(message));
    }
    const row = await candidateRow(candidate.id);
    expect(row.status).toBe("proposed");
    expect(row.consultantRespondedAt).toBeNull();
  });
});

describe("the consultant's access to a request's files", () => {
  async function requestWithFile(consultantId: string, options: Parameters<typeof candidacy>[1] = {}) {
    const created = await candidacy(consultantId, options);
    const fileName = `${crypto.randomUUID()}.pdf`;
    const key = `biz/${created.owner.business.id}/${fileName}`;
    const bytes = new TextEncoder().encode("%PDF-1.4\n% the brief\n");
    await env.FILES.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
    await db()
      .insert(files)
      .values({
        businessId: created.owner.business.id,
        r2Key: key,
        originalName: "brief.pdf",
        contentType: "application/pdf",
        sizeBytes: bytes.byteLength,
        sha256: "0".repeat(64),
        purpose: "match_request",
        matchRequestId: created.request.id,
      });
    return { ...created, fileName };
  }
  const download = (fileName: string, token: string) =>
    call(`/api/file-handling/get-file/${fileName}`, { cookie: token });

  it("serves them while proposed, accepted and matched, and never after declining, withdrawal or rejection", async () => {
    const me = await consultantSession();
    const other = await createConsultant();
    const allowed = [
      await requestWithFile(me.user.id),
      await requestWithFile(me.user.id, { requestStatus: "awaiting_decision", candidate: { status: "accepted" } }),
      await requestWithFile(me.user.id, {
        requestStatus: "consultant_matched",
        candidate: { status: "accepted", businessDecisionStatus: "accepted" },
        request: { matchedConsultantId: me.user.id },
      }),
    ];
    for (const { fileName } of allowed) {
      const response = await download(fileName, me.token);
      expect(response.status, fileName).toBe(200);
      expect(response.headers.get("Content-Disposition")).toBe(
        `attachment; filename="brief.pdf"; filename*=UTF-8''brief.pdf`,
      );
      expect(await response.text()).toContain("% the brief");
    }
    const refused = [
      await requestWithFile(me.user.id, { candidate: { status: "declined" } }),
      await requestWithFile(me.user.id, { candidate: { status: "withdrawn" } }),
      await requestWithFile(me.user.id, {
        requestStatus: "matching",
        candidate: { status: "accepted", businessDecisionStatus: "rejected" },
      }),
      // The business took someone else before the row was withdrawn.
      await requestWithFile(me.user.id, {
        requestStatus: "consultant_matched",
        request: { matchedConsultantId: other.user.id },
      }),
      // Another consultant's candidacy.
      await requestWithFile(other.user.id),
    ];
    for (const { fileName } of refused) {
      const response = await download(fileName, me.token);
      expect(response.status, fileName).toBe(404);
      expect(await response.json()).toEqual({ msg: "File not found." });
    }
  });

  it("stops serving them once the consultant declines", async () => {
    const me = await consultantSession();
    const { candidate, fileName } = await requestWithFile(me.user.id);
    expect((await download(fileName, me.token)).status).toBe(200);
    expect((await answer(candidate.id, { intent: "decline" }, me.token)).status).toBe(302);
    const after = await download(fileName, me.token);
    expect(after.status).toBe(404);
    await after.text();
  });

  it("serves a file of another business's request never, even with a candidacy elsewhere", async () => {
    const me = await consultantSession();
    await candidacy(me.user.id);
    const { fileName } = await requestWithFile((await createConsultant()).user.id);
    const response = await download(fileName, me.token);
    expect(response.status).toBe(404);
    await response.text();
    const rows = await db()
      .select()
      .from(matchCandidates)
      .where(inArray(matchCandidates.consultantId, [me.user.id]));
    expect(rows).toHaveLength(1);
  });
});
