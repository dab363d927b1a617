import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { matchCandidates, matchRequests } from "~db/schema";
import {
  CANDIDATE_NOT_FOUND_MESSAGE,
  CANDIDATE_NOT_OPEN_MESSAGE,
  DECISION_FAILED_TITLE,
  DECISION_SUCCESS_TITLE,
  DECISION_UNREADABLE_MESSAGE,
  MATCH_NOT_FOUND_MESSAGE,
  NEXT_CANDIDATE_BUSINESS_DAYS,
  VIEW_CANDIDATE_LABEL,
  addBusinessDays,
  candidateAcceptedMessage,
  candidateRejectedMessage,
} from "~/lib/matching/match-copy";
import { MATCH_STATUS_TEXTS, matchStatusText, nextCandidateStatusText } from "~/lib/matching/match-status";
import { decideCandidate } from "~/server/matching/business-decision.server";
import { runMatching } from "~/server/matching/run-matching.server";
import { createAppContext } from "~/server/load-context";
import type { ClientViewer } from "~/http/guards.server";
import {
  call,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  db,
  html,
  ORIGIN,
  postForm,
  signedIn,
  emailsTo,
  noticesOf,
  auditOf,
} from "../helpers";
import { signedInClient, signedInManager, type SignedInClient } from "../../factories";

// The decision re-ranks through runMatching after a rejection: watched here, the real body still runs.
vi.mock("~/server/matching/run-matching.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/server/matching/run-matching.server")>();
  return { runMatching: vi.fn(actual.runMatching) };
});

const NAME = "Test Person";
const decide = (matchId: string, json: unknown, cookie?: string) =>
  call(`/api/matching/matchRequest/business-decision/${matchId}`, { method: "PUT", json, cookie });

async function matchRow(id: string) {
  const [row] = await db().select().from(matchRequests).where(eq(matchRequests.id, id));
  return row!;
}

async function candidateRow(id: string) {
  const [row] = await db().select().from(matchCandidates).where(eq(matchCandidates.id, id));
  return row!;
}

/** A request awaiting the business's decision on one consultant who accepted, with its own manager. */
async function awaiting(client: SignedInClient) {
  const manager = await signedInManager();
  const consultant = await createConsultant();
  const match = await createMatchRequestRow(client.business.id, {
    status: "awaiting_decision",
    assignedManagerId: manager.user.id,
  });
  const candidate = await createCandidateRow(match.id, client.business.id, consultant.user.id, { status: "accepted" });
  return { manager, consultant, match, candidate };
}

async function addCandidate(
  client: SignedInClient,
  matchId: string,
  status: "proposed" | "accepted" | "declined" | "withdrawn",
  businessDecisionStatus: "pending" | "accepted" | "rejected" = "pending",
) {
  const consultant = await createConsultant();
  const candidate = await createCandidateRow(matchId, client.business.id, consultant.user.id, {
    status,
    businessDecisionStatus,
  });
  return { consultant, candidate };
}

describe("PUT business-decision: accepted", () => {
  it("matches the consultant, withdraws the others still in the running, and tells everyone", async () => {
    const client = await signedInClient();
    const { manager, consultant, match, candidate } = await awaiting(client);
    const proposed = await addCandidate(client, match.id, "proposed");
    const otherWaiting = await addCandidate(client, match.id, "accepted");
    const declined = await addCandidate(client, match.id, "declined");
    const rejected = await addCandidate(client, match.id, "accepted", "rejected");

    const response = await decide(match.id, { consultantId: consultant.user.id, decision: "accepted" }, client.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ msg: candidateAcceptedMessage(NAME) });

    const row = await matchRow(match.id);
    expect(row.status).toBe("consultant_matched");
    expect(matchStatusText(row)).toBe(MATCH_STATUS_TEXTS.consultant_matched);
    expect(row.matchedConsultantId).toBe(consultant.user.id);
    expect(row.matchedAt).toBeInstanceOf(Date);
    expect(row.nextCandidateBy).toBeNull();
    const chosen = await candidateRow(candidate.id);
    expect(chosen.businessDecisionStatus).toBe("accepted");
    expect(chosen.decidedAt).toBeInstanceOf(Date);
    expect((await candidateRow(proposed.candidate.id)).status).toBe("withdrawn");
    expect((await candidateRow(otherWaiting.candidate.id)).status).toBe("withdrawn");
    expect((await candidateRow(declined.candidate.id)).status).toBe("declined");
    expect(await candidateRow(rejected.candidate.id)).toMatchObject({
      status: "accepted",
      businessDecisionStatus: "rejected",
    });

    expect(await noticesOf(consultant.user.id)).toEqual([
      expect.objectContaining({ kind: "consultant_matched", link: `/consultant/candidacies/${candidate.id}` }),
    ]);
    expect(await noticesOf(manager.user.id)).toEqual([
      expect.objectContaining({ kind: "consultant_matched", link: `/manage/matches/${match.id}` }),
    ]);
    for (const other of [proposed, otherWaiting]) {
      expect(await noticesOf(other.consultant.user.id)).toEqual([
        expect.objectContaining({ kind: "candidacy_withdrawn", link: "/consultant/candidacies" }),
      ]);
      const [mail] = await emailsTo(other.consultant.user.email);
      expect(mail).toMatchObject({ kind: "candidacy_withdrawn" });
      expect(mail!.textBody).toContain(`${ORIGIN}/consultant`);
    }
    expect(await noticesOf(declined.consultant.user.id)).toEqual([]);
    expect(await noticesOf(rejected.consultant.user.id)).toEqual([]);
    const [consultantMail] = await emailsTo(consultant.user.email);
    expect(consultantMail).toMatchObject({ kind: "consultant_matched" });
    expect(consultantMail!.textBody).toContain(`${ORIGIN}/consultant/candidacies/${candidate.id}`);
    const [managerMail] = await emailsTo(manager.user.email);
    expect(managerMail!.textBody).toContain(`${ORIGIN}/manage/matches/${match.id}`);

    // The business now sees its consultant and no candidate to decide on.
    const view = (await (
      await call(`/api/matching/matchRequest/get-match-request/${match.id}`, { cookie: client.token })
    ).json()) as { matchedConsultant: { consultantId: string }; candidates: unknown[] };
    expect(view.matchedConsultant.consultantId).toBe(consultant.user.id);
    expect(view.candidates).toEqual([expect.objectContaining({ businessDecisionStatus: "accepted" })]);
  });

  it("is idempotent: the same decision again answers the same success and changes nothing", async () => {
    const client = await signedInClient();
    const { manager, consultant, match } = await awaiting(client);
    const body = { consultantId: consultant.user.id, decision: "accepted" };
    const first = await decide(match.id, body, client.token);
    const matchedAt = (await matchRow(match.id)).matchedAt;
    const second = await decide(match.id, body, client.token);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect((await matchRow(match.id)).matchedAt).toEqual(matchedAt);
    expect(await noticesOf(consultant.user.id)).toHaveLength(1);
    expect(await noticesOf(manager.user.id)).toHaveLength(1);
    expect(await emailsTo(consultant.user.email)).toHaveLength(1);
    // Changing one's mind afterwards is refused.
    const reject = await decide(match.id, { ...body, decision: "rejected" }, client.token);
    expect(reject.status).toBe(409);
    expect(await reject.json()).toEqual({ msg: CANDIDATE_NOT_OPEN_MESSAGE });
    expect((await auditOf(client.business.id)).map((event) => event.action)).toEqual(["candidate.accepted"]);
  });

  it("tells every manager when nobody has taken the request", async () => {
    const client = await signedInClient();
    const managers = [await signedInManager(), await signedInManager()];
    const consultant = await createConsultant();
    const match = await createMatchRequestRow(client.business.id, { status: "awaiting_decision" });
    await createCandidateRow(match.id, client.business.id, consultant.user.id, { status: "accepted" });
    await decide(match.id, { consultantId: consultant.user.id, decision: "accepted" }, client.token);
    for (const manager of managers) {
      expect(await noticesOf(manager.user.id)).toEqual([expect.objectContaining({ kind: "consultant_matched" })]);
    }
  });
});

describe("PUT business-decision: rejected", () => {
  it("with another candidate waiting for the business: stays awaiting the decision", async () => {
    const client = await signedInClient();
    const { consultant, match, candidate } = await awaiting(client);
    const next = await addCandidate(client, match.id, "accepted");
    const response = await decide(match.id, { consultantId: consultant.user.id, decision: "rejected" }, client.token);
    expect(response.status).toBe(200);
    const decidedAt = (await candidateRow(candidate.id)).decidedAt!;
    expect(await response.json()).toEqual({
      msg: candidateRejectedMessage(addBusinessDays(decidedAt, NEXT_CANDIDATE_BUSINESS_DAYS)),
    });
    const row = await matchRow(match.id);
    expect(row.status).toBe("awaiting_decision");
    expect(matchStatusText(row)).toBe(MATCH_STATUS_TEXTS.awaiting_decision);
    expect(row.nextCandidateBy).toBeNull();
    expect((await candidateRow(candidate.id)).businessDecisionStatus).toBe("rejected");
    expect((await candidateRow(next.candidate.id)).status).toBe("accepted");
    // The rejected consultant no longer appears on the business's match.
    const view = (await (
      await call(`/api/matching/matchRequest/get-match-request/${match.id}`, { cookie: client.token })
    ).json()) as { candidates: { consultantId: string }[] };
    expect(view.candidates.map((c) => c.consultantId)).toEqual([next.consultant.user.id]);
  });

  it("with a consultant still asked: back to candidates proposed", async () => {
    const client = await signedInClient();
    const { consultant, match } = await awaiting(client);
    const asked = await addCandidate(client, match.id, "proposed");
    await addCandidate(client, match.id, "declined");
    expect(
      (await decide(match.id, { consultantId: consultant.user.id, decision: "rejected" }, client.token)).status,
    ).toBe(200);
    const row = await matchRow(match.id);
    expect(row.status).toBe("candidates_proposed");
    expect(matchStatusText(row)).toBe(MATCH_STATUS_TEXTS.candidates_proposed);
    expect(row.nextCandidateBy).toBeNull();
    expect((await candidateRow(asked.candidate.id)).status).toBe("proposed");
  });

  it("with nobody left: back to matching with the promised date in the sentence and the answer; managers and the consultant are told", async () => {
    const client = await signedInClient();
    const { manager, consultant, match, candidate } = await awaiting(client);
    await addCandidate(client, match.id, "declined");
    const response = await decide(match.id, { consultantId: consultant.user.id, decision: "rejected" }, client.token);
    expect(response.status).toBe(200);
    const decidedAt = (await candidateRow(candidate.id)).decidedAt!;
    const promised = addBusinessDays(decidedAt, NEXT_CANDIDATE_BUSINESS_DAYS);
    expect(await response.json()).toEqual({ msg: candidateRejectedMessage(promised) });
    const row = await matchRow(match.id);
    expect(row.status).toBe("matching");
    expect(row.nextCandidateBy).toEqual(promised);
    expect(matchStatusText(row)).toBe(nextCandidateStatusText(promised));
    expect(row.matchedConsultantId).toBeNull();

    expect(await noticesOf(manager.user.id)).toEqual([
      expect.objectContaining({ kind: "candidate_rejected", link: `/manage/matches/${match.id}` }),
    ]);
    const [managerMail] = await emailsTo(manager.user.email);
    expect(managerMail).toMatchObject({ kind: "candidate_rejected", subject: "Pick the next candidate" });
    expect(await noticesOf(consultant.user.id)).toEqual([
      expect.objectContaining({
        kind: "candidacy_withdrawn",
        title: "You were not chosen",
        link: "/consultant/candidacies",
      }),
    ]);

    // The same rejection again: the same answer, no second notice.
    const again = await decide(match.id, { consultantId: consultant.user.id, decision: "rejected" }, client.token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ msg: candidateRejectedMessage(promised) });
    expect(await noticesOf(manager.user.id)).toHaveLength(1);
    expect(await noticesOf(consultant.user.id)).toHaveLength(1);
    // …and accepting the rejected consultant afterwards is refused.
    expect(
      (await decide(match.id, { consultantId: consultant.user.id, decision: "accepted" }, client.token)).status,
    ).toBe(409);
  });

  it("re-runs matching after a rejection, never after an acceptance or a repeat", async () => {
    const client = await signedInClient();
    const app = createAppContext(env, () => undefined);
    const viewer = { user: client.user, business: client.business } as unknown as ClientViewer;
    const spy = vi.mocked(runMatching);
    spy.mockClear();

    const first = await awaiting(client);
    const rejection = { consultantId: first.consultant.user.id, decision: "rejected" } as const;
    expect(await decideCandidate(app, viewer, first.match.id, rejection, ORIGIN)).toMatchObject({ ok: true });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith(app, first.match.id, ORIGIN, { tellManagers: false });
    expect((await matchRow(first.match.id)).status).toBe("matching");
    await decideCandidate(app, viewer, first.match.id, rejection, ORIGIN);
    expect(spy).toHaveBeenCalledTimes(1);

    const second = await awaiting(client);
    await decideCandidate(
      app,
      viewer,
      second.match.id,
      { consultantId: second.consultant.user.id, decision: "accepted" },
      ORIGIN,
    );
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe("PUT business-decision: races", () => {
  it("accept and reject of the same candidate at once: one wins, the other is refused, one state change", async () => {
    const client = await signedInClient();
    const { manager, consultant, match, candidate } = await awaiting(client);
    const answers = await Promise.all([
      decide(match.id, { consultantId: consultant.user.id, decision: "accepted" }, client.token),
      decide(match.id, { consultantId: consultant.user.id, decision: "rejected" }, client.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = (await candidateRow(candidate.id)).businessDecisionStatus;
    const row = await matchRow(match.id);
    expect(row.status).toBe(winner === "accepted" ? "consultant_matched" : "matching");
    expect(await noticesOf(manager.user.id)).toHaveLength(1);
    // The trail has the decision that won, once, with the consultant's name.
    const name = `${consultant.user.firstName} ${consultant.user.lastName}`;
    expect(await auditOf(client.business.id)).toEqual([
      {
        action: winner === "accepted" ? "candidate.accepted" : "candidate.rejected",
        actorUserId: client.user.id,
        actorKind: "client",
        subjectType: "consultant",
        subjectId: consultant.user.id,
        detail: { consultant: name },
      },
    ]);
  });

  it("two candidates accepted at once: one match, the other candidate withdrawn", async () => {
    const client = await signedInClient();
    const { consultant, match, candidate } = await awaiting(client);
    const other = await addCandidate(client, match.id, "accepted");
    const answers = await Promise.all([
      decide(match.id, { consultantId: consultant.user.id, decision: "accepted" }, client.token),
      decide(match.id, { consultantId: other.consultant.user.id, decision: "accepted" }, client.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const row = await matchRow(match.id);
    expect(row.status).toBe("consultant_matched");
    const decisions = await db()
      .select({ status: matchCandidates.status, decision: matchCandidates.businessDecisionStatus })
      .from(matchCandidates)
      .where(inArray(matchCandidates.id, [candidate.id, other.candidate.id]));
    expect(decisions.map((d) => `${d.status}/${d.decision}`).sort()).toEqual([
      "accepted/accepted",
      "withdrawn/pending",
    ]);
  });
});

describe("PUT business-decision: refusals", () => {
  it("409s a candidate the consultant has not accepted and a request not waiting for a decision", async () => {
    const client = await signedInClient();
    const match = await createMatchRequestRow(client.business.id, { status: "candidates_proposed" });
    const asked = await addCandidate(client, match.id, "proposed");
    const response = await decide(
      match.id,
      { consultantId: asked.consultant.user.id, decision: "accepted" },
      client.token,
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ msg: CANDIDATE_NOT_OPEN_MESSAGE });
    // An accepted candidacy on a request that moved on (e.g. a matched one) cannot be decided either.
    const moved = await createMatchRequestRow(client.business.id, { status: "matching" });
    const stray = await addCandidate(client, moved.id, "accepted");
    expect(
      (await decide(moved.id, { consultantId: stray.consultant.user.id, decision: "accepted" }, client.token)).status,
    ).toBe(409);
    expect((await candidateRow(stray.candidate.id)).businessDecisionStatus).toBe("pending");
    expect((await matchRow(moved.id)).status).toBe("matching");
  });

  it("404s a consultant not on the request and another business's request, writing nothing", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const { match } = await awaiting(client);
    const stranger = await createConsultant();
    const unknown = await decide(match.id, { consultantId: stranger.user.id, decision: "accepted" }, client.token);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ msg: CANDIDATE_NOT_FOUND_MESSAGE });

    const theirs = await awaiting(other);
    for (const decision of ["accepted", "rejected"]) {
      const response = await decide(
        theirs.match.id,
        { consultantId: theirs.consultant.user.id, decision },
        client.token,
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ msg: MATCH_NOT_FOUND_MESSAGE });
    }
    expect((await matchRow(theirs.match.id)).status).toBe("awaiting_decision");
    expect((await candidateRow(theirs.candidate.id)).businessDecisionStatus).toBe("pending");
    expect(await noticesOf(theirs.manager.user.id)).toEqual([]);
  });

  it("400s bad bodies; 401 without a session; 403 for staff", async () => {
    const client = await signedInClient();
    const { consultant, match, candidate } = await awaiting(client);
    const maybe = await decide(match.id, { consultantId: consultant.user.id, decision: "maybe" }, client.token);
    expect(maybe.status).toBe(400);
    expect(((await maybe.json()) as { msg: string }).msg).toBe(DECISION_UNREADABLE_MESSAGE);
    expect((await decide(match.id, { decision: "accepted" }, client.token)).status).toBe(400);
    const junk = await call(`/api/matching/matchRequest/business-decision/${match.id}`, {
      method: "PUT",
      body: "decision=",
      cookie: client.token,
      headers: { "Content-Type": "application/json" },
    });
    expect(junk.status).toBe(400);
    expect(await junk.json()).toEqual({ msg: "The request body is not valid JSON." });
    const body = { consultantId: consultant.user.id, decision: "accepted" };
    expect((await decide(match.id, body)).status).toBe(401);
    expect((await decide(match.id, body, (await signedInManager()).token)).status).toBe(403);
    expect((await decide(match.id, body, (await signedIn({ role: "consultant" })).token)).status).toBe(403);
    expect((await candidateRow(candidate.id)).businessDecisionStatus).toBe("pending");
    expect((await decide(match.id, body, client.token)).status).toBe(200);
  });
});

describe("/features intent=decide (Continue on the confirmation card)", () => {
  const page = (matchId: string, consultantId: string, confirm: string) =>
    `/features?matchId=${matchId}&viewCandidate=${consultantId}&confirm=${confirm}`;

  it("accepts and shows Congratulations! with the server's msg; the view then offers View Consultant", async () => {
    const client = await signedInClient();
    const { consultant, match } = await awaiting(client);
    const response = await postForm(
      page(match.id, consultant.user.id, "accept"),
      { intent: "decide", matchId: match.id, consultantId: consultant.user.id, decision: "accepted" },
      client.token,
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(`>${DECISION_SUCCESS_TITLE}</h2>`);
    expect(DECISION_SUCCESS_TITLE).toBe("Congratulations!");
    expect(body).toContain(html(candidateAcceptedMessage(NAME)));
    expect(body).toContain(`href="/features?matchId=${match.id}"`);
    // The view under the card already shows the new state.
    expect(body).toContain(html(MATCH_STATUS_TEXTS.consultant_matched));
    expect(body).not.toContain(VIEW_CANDIDATE_LABEL);
    expect((await matchRow(match.id)).status).toBe("consultant_matched");
    const after = await (await call(`/features?matchId=${match.id}`, { cookie: client.token })).text();
    expect(after).toContain("View Consultant");
  });

  it("rejects and shows the promised date; a decision no longer open shows Something went wrong. with the msg", async () => {
    const client = await signedInClient();
    const { consultant, match, candidate } = await awaiting(client);
    const fields = { intent: "decide", matchId: match.id, consultantId: consultant.user.id, decision: "rejected" };
    const response = await postForm(page(match.id, consultant.user.id, "reject"), fields, client.token);
    expect(response.status).toBe(200);
    const decidedAt = (await candidateRow(candidate.id)).decidedAt!;
    const body = await response.text();
    // Issue #36 item 15: a rejection is not congratulated; the heading says what happened.
    expect(body).toContain(">Candidate rejected</h2>");
    expect(body).not.toContain(DECISION_SUCCESS_TITLE);
    expect(body).toContain(html(candidateRejectedMessage(addBusinessDays(decidedAt, NEXT_CANDIDATE_BUSINESS_DAYS))));
    const late = await postForm(
      page(match.id, consultant.user.id, "accept"),
      { ...fields, decision: "accepted" },
      client.token,
    );
    expect(late.status).toBe(409);
    const lateBody = await late.text();
    expect(lateBody).toContain(html(DECISION_FAILED_TITLE));
    expect(lateBody).toContain(html(CANDIDATE_NOT_OPEN_MESSAGE));
  });

  it("another business's request answers 404 and changes nothing; a malformed decision is a 400", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const theirs = await awaiting(other);
    const response = await postForm(
      "/features?focus=Matching",
      { intent: "decide", matchId: theirs.match.id, consultantId: theirs.consultant.user.id, decision: "accepted" },
      client.token,
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(html(MATCH_NOT_FOUND_MESSAGE));
    expect((await matchRow(theirs.match.id)).status).toBe("awaiting_decision");
    const malformed = await postForm(
      "/features?focus=Matching",
      { intent: "decide", matchId: theirs.match.id, consultantId: theirs.consultant.user.id, decision: "yes" },
      client.token,
    );
    expect(malformed.status).toBe(400);
    const [row] = await db()
      .select()
      .from(matchCandidates)
      .where(and(eq(matchCandidates.id, theirs.candidate.id), eq(matchCandidates.businessDecisionStatus, "pending")));
    expect(row).toBeDefined();
  });
});
