import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  businesses,
  deliveryItems,
  deliveryOutlines,
  files,
  matchCandidates,
  matchRequests,
  matchSuggestions,
  users,
} from "~db/schema";
import { consultantEngagementPath, consultantNewPlanPath } from "~/lib/engagements/engagement-paths";
import { MATCH_STATUS_TEXTS, matchStatusText, nextCandidateStatusText } from "~/lib/matching/match-status";
import { addBusinessDays } from "~/lib/matching/match-copy";
import { formatDate } from "~/lib/shared/dates";
import {
  call,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  createOutlineRows,
  db,
  html,
  postForm,
  sessionTokenFrom,
  signIn,
  noticesOf,
} from "../helpers";
import { createClient, signedInClient, signedInManager, type SignedInClient } from "../../factories";

/**
 * Issue #36 item 4: unvetting or pausing a consultant withdraws every candidacy of theirs not yet
 * turned into a signed engagement, in one batch; the businesses that saw them are told, in the
 * app and on the match's screen; the matches go back to smart matching; and every door the
 * consultant had (the candidacy, the request's files, the plan) and the business had (accept,
 * consultant info) is closed. Signed engagements go on.
 */

const NOT_VETTED_ANY_MORE = "References did not check out.";

async function named(userId: string, firstName: string, lastName: string) {
  await db().update(users).set({ firstName, lastName }).where(eq(users.id, userId));
}

/** A vetted consultant with a name of their own, signed in. */
async function consultantSession(firstName: string, lastName: string) {
  const created = await createConsultant();
  await named(created.user.id, firstName, lastName);
  const response = await signIn(created.user.email);
  expect(response.status).toBe(200);
  return { ...created, name: `${firstName} ${lastName}`, token: sessionTokenFrom(response)! };
}

/** A signed-in business with a name, whose owner has a name too. */
async function business(name: string): Promise<SignedInClient> {
  const client = await signedInClient();
  await db().update(businesses).set({ name }).where(eq(businesses.id, client.business.id));
  return client;
}

/** A file of the business attached to its match request, stored in R2. */
async function attachFile(client: SignedInClient, matchRequestId: string) {
  const fileName = `${crypto.randomUUID()}.pdf`;
  const key = `biz/${client.business.id}/${fileName}`;
  const bytes = new TextEncoder().encode("%PDF-1.4\n% the brief\n");
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  await db()
    .insert(files)
    .values({
      businessId: client.business.id,
      r2Key: key,
      originalName: "brief.pdf",
      contentType: "application/pdf",
      sizeBytes: bytes.byteLength,
      sha256: "0".repeat(64),
      purpose: "match_request",
      matchRequestId,
    });
  return fileName;
}

const candidateRow = async (id: string) =>
  (await db().select().from(matchCandidates).where(eq(matchCandidates.id, id)))[0]!;
const requestRow = async (id: string) => (await db().select().from(matchRequests).where(eq(matchRequests.id, id)))[0]!;
const unvet = (consultantId: string, token: string) =>
  postForm(`/manage/consultants/${consultantId}`, { intent: "unvet", notes: NOT_VETTED_ANY_MORE }, token);
const decide = (matchId: string, consultantId: string, token: string) =>
  call(`/api/matching/matchRequest/business-decision/${matchId}`, {
    method: "PUT",
    json: { consultantId, decision: "accepted" },
    cookie: token,
  });

const WITHDRAWN_REFUSAL =
  "This candidate was withdrawn and can no longer be accepted or rejected: they are no longer available through Partwise. We are finding your next candidate.";
const withdrawnOnScreen = (name: string, on: Date) =>
  `${name} is no longer available through Partwise, so we withdrew them from this match request on ${formatDate(on)}.`;

describe("unvetting a consultant withdraws their open candidacies", () => {
  it("withdraws proposed, accepted and accepted-but-unsigned candidacies at once; signed engagements go on", async () => {
    const manager = await signedInManager();
    const cora = await consultantSession("Cora", "Withdrawn");
    const dev = await createConsultant();
    await named(dev.user.id, "Dev", "Stays");

    // Proposed only: the business never saw Cora.
    const quiet = await business("Quiet Harbor Co.");
    const proposedMatch = await createMatchRequestRow(quiet.business.id, { status: "candidates_proposed" });
    const proposed = await createCandidateRow(proposedMatch.id, quiet.business.id, cora.user.id);
    // Accepted, waiting for the business: the only candidate, so the match goes back to matching.
    const waiting = await business("Waiting Bay Ltd.");
    const waitingMatch = await createMatchRequestRow(waiting.business.id, { status: "awaiting_decision" });
    const accepted = await createCandidateRow(waitingMatch.id, waiting.business.id, cora.user.id, {
      status: "accepted",
    });
    await db()
      .update(matchCandidates)
      .set({ consultantRespondedAt: new Date() })
      .where(eq(matchCandidates.id, accepted.id));
    const fileName = await attachFile(waiting, waitingMatch.id);
    // Accepted beside another candidate who also waits: the match keeps awaiting the decision.
    const shared = await business("Shared Dock Inc.");
    const sharedMatch = await createMatchRequestRow(shared.business.id, { status: "awaiting_decision" });
    const sharedCora = await createCandidateRow(sharedMatch.id, shared.business.id, cora.user.id, {
      status: "accepted",
    });
    await createCandidateRow(sharedMatch.id, shared.business.id, dev.user.id, { status: "accepted" });
    // The business accepted Cora and she drafted a plan nobody signed yet.
    const drafted = await business("Draft Point LLC");
    const draftedMatch = await createMatchRequestRow(drafted.business.id, {
      status: "outline_draft",
      matchedConsultantId: cora.user.id,
      matchedAt: new Date(),
    });
    const chosen = await createCandidateRow(draftedMatch.id, drafted.business.id, cora.user.id, {
      status: "accepted",
      businessDecisionStatus: "accepted",
    });
    const { outline: draftOutline } = await createOutlineRows(draftedMatch);
    // A signed engagement: it goes on.
    const signed = await business("Signed Cove Co.");
    const signedMatch = await createMatchRequestRow(signed.business.id, {
      status: "engagement_active",
      matchedConsultantId: cora.user.id,
    });
    const signedCandidate = await createCandidateRow(signedMatch.id, signed.business.id, cora.user.id, {
      status: "accepted",
      businessDecisionStatus: "accepted",
    });
    const { outline: signedOutline } = await createOutlineRows(signedMatch, {
      outline: { state: "active", signedVersion: 1, startedAt: new Date() },
    });
    // Already closed: declined stays declined.
    const turnedDown = await business("Declined Lane Co.");
    const declinedMatch = await createMatchRequestRow(turnedDown.business.id, { status: "matching" });
    const declined = await createCandidateRow(declinedMatch.id, turnedDown.business.id, cora.user.id, {
      status: "declined",
    });

    const response = await unvet(cora.user.id, manager.token);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      html(
        "Cora Withdrawn is no longer vetted. Matching will not propose them. Their 4 open candidacies were withdrawn: 3 matches are back in smart matching and 1 goes on with its other candidates.",
      ),
    );

    for (const { id } of [proposed, accepted, sharedCora, chosen]) {
      expect(await candidateRow(id), id).toMatchObject({ status: "withdrawn", withdrawalReason: "unvetted" });
      expect((await candidateRow(id)).withdrawnAt).toBeInstanceOf(Date);
    }
    expect((await candidateRow(declined.id)).status).toBe("declined");
    expect(await candidateRow(signedCandidate.id)).toMatchObject({
      status: "accepted",
      businessDecisionStatus: "accepted",
      withdrawalReason: null,
    });

    // The matches go back to smart matching with the promised date; the shared one still awaits its decision.
    const withdrawnAt = (await candidateRow(accepted.id)).withdrawnAt!;
    const by = addBusinessDays(withdrawnAt, 2);
    for (const match of [proposedMatch, waitingMatch, draftedMatch]) {
      const row = await requestRow(match.id);
      expect(row, match.id).toMatchObject({
        status: "matching",
        nextCandidateBy: by,
        matchedConsultantId: null,
        matchedAt: null,
      });
      expect(matchStatusText(row)).toBe(nextCandidateStatusText(by));
    }
    const sharedRow = await requestRow(sharedMatch.id);
    expect(sharedRow.status).toBe("awaiting_decision");
    expect(matchStatusText(sharedRow)).toBe(MATCH_STATUS_TEXTS.awaiting_decision);
    expect((await requestRow(signedMatch.id)).status).toBe("engagement_active");
    expect((await requestRow(signedMatch.id)).matchedConsultantId).toBe(cora.user.id);
    // The unsigned plan is withdrawn with her (one plan per match: the next consultant drafts theirs).
    expect(await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, draftOutline.id))).toEqual([]);
    expect(await db().select().from(deliveryItems).where(eq(deliveryItems.outlineId, draftOutline.id))).toEqual([]);
    expect(await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, signedOutline.id))).toHaveLength(1);

    // The engine ranked again: Dev is on the shortlist of the waiting match, Cora is not.
    const shortlist = await db()
      .select({ consultantId: matchSuggestions.consultantId })
      .from(matchSuggestions)
      .where(eq(matchSuggestions.matchRequestId, waitingMatch.id));
    expect(shortlist.map((row) => row.consultantId)).toContain(dev.user.id);
    expect(shortlist.map((row) => row.consultantId)).not.toContain(cora.user.id);

    // The businesses that saw Cora are told; the one that never saw her is not.
    expect(await noticesOf(quiet.user.id, "candidate_withdrawn")).toEqual([]);
    for (const [owner, matchId] of [
      [waiting, waitingMatch.id],
      [shared, sharedMatch.id],
      [drafted, draftedMatch.id],
    ] as const) {
      const told = await noticesOf(owner.user.id, "candidate_withdrawn");
      expect(
        told.map((row) => [row.title, row.link]),
        owner.business.name,
      ).toEqual([["Your candidate was withdrawn", `/features?matchId=${matchId}`]]);
      expect(told[0]!.body).toContain("Cora Withdrawn is no longer available through Partwise");
    }
    // Only a match left without a candidate is looking again; the shared one still has Dev waiting.
    for (const owner of [waiting, drafted]) {
      expect((await noticesOf(owner.user.id, "candidate_withdrawn"))[0]!.body, owner.business.name).toMatch(
        / We are finding your next candidate\.$/,
      );
    }
    expect((await noticesOf(shared.user.id, "candidate_withdrawn"))[0]!.body).toBe(
      "Cora Withdrawn is no longer available through Partwise, so we withdrew them from your Finance match request. The request goes on with its other candidates.",
    );
    expect((await noticesOf(drafted.user.id, "candidate_withdrawn"))[0]!.body).toContain(
      "Their engagement plan, not signed yet, was withdrawn with them.",
    );
    expect(await noticesOf(signed.user.id, "candidate_withdrawn")).toEqual([]);
    // Cora is told once, without the manager's notes.
    const hers = await noticesOf(cora.user.id, "candidacy_withdrawn");
    expect(hers.map((row) => [row.title, row.body, row.link])).toEqual([
      [
        "Your candidacies were withdrawn",
        "An engagement manager withdrew your 4 open candidacies because your profile is no longer vetted.",
        "/consultant/candidacies",
      ],
    ]);
    expect(hers[0]!.body).not.toContain(NOT_VETTED_ANY_MORE);

    // The match's screen says so in words, and offers no View Candidate for her.
    const view = await (await call(`/features?matchId=${waitingMatch.id}`, { cookie: waiting.token })).text();
    expect(view).toContain(html(withdrawnOnScreen("Cora Withdrawn", withdrawnAt)));
    expect(view).not.toContain(`viewCandidate=${cora.user.id}`);
    const api = (await (
      await call(`/api/matching/matchRequest/get-match-request/${waitingMatch.id}`, { cookie: waiting.token })
    ).json()) as { candidates: unknown[]; withdrawnCandidates: unknown[] };
    expect(api.candidates).toEqual([]);
    expect(api.withdrawnCandidates).toEqual([
      { firstName: "Cora", lastName: "Withdrawn", withdrawnAt: withdrawnAt.toISOString() },
    ]);
    // The manager sees the matches in the To do queue again.
    const queue = await (await call("/manage/matches", { cookie: manager.token })).text();
    for (const match of [proposedMatch, waitingMatch, draftedMatch]) {
      expect(queue, match.id).toContain(`href="/manage/matches/${match.id}"`);
    }

    // Doors of the consultant: the candidacy no longer shows the business, its problem or files.
    const page = await call(`/consultant/candidacies/${accepted.id}`, { cookie: cora.token });
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).not.toContain("Waiting Bay Ltd.");
    expect(body).not.toContain(waitingMatch.problemStatement);
    expect(body).not.toContain("brief.pdf");
    expect(body).toContain(
      html(
        `Your engagement manager withdrew this candidacy on ${formatDate(withdrawnAt)} because your profile is no longer vetted. The business and its request are no longer shown to you.`,
      ),
    );
    const inbox = await (await call("/consultant/candidacies", { cookie: cora.token })).text();
    for (const name of ["Quiet Harbor Co.", "Waiting Bay Ltd.", "Shared Dock Inc.", "Draft Point LLC"]) {
      expect(inbox, name).not.toContain(html(name));
    }
    expect(inbox).toContain("Signed Cove Co.");
    expect(inbox).toContain("Declined Lane Co.");
    expect((await call(`/api/file-handling/get-file/${fileName}`, { cookie: cora.token })).status).toBe(404);
    // Nor on the portal's home (no plan to draft for Draft Point) or its Documents page.
    for (const path of ["/consultant", "/consultant/documents"]) {
      const text = await (await call(path, { cookie: cora.token })).text();
      for (const name of ["Waiting Bay Ltd.", "Draft Point LLC", "brief.pdf"]) {
        expect(text, `${path} ${name}`).not.toContain(html(name));
      }
    }
    const answer = await postForm(`/consultant/candidacies/${proposed.id}`, { intent: "accept" }, cora.token);
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain(
      html("This candidacy was withdrawn, so it can no longer be answered. There is nothing more to do."),
    );
    expect((await candidateRow(proposed.id)).status).toBe("withdrawn");
    // No plan can be started, and the withdrawn draft is gone.
    expect((await call(consultantNewPlanPath(draftedMatch.id), { cookie: cora.token })).status).toBe(404);
    const start = await postForm(consultantNewPlanPath(draftedMatch.id), { matchId: draftedMatch.id }, cora.token);
    expect(start.status).toBe(404);
    expect(
      await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.matchRequestId, draftedMatch.id)),
    ).toEqual([]);
    expect((await call(consultantEngagementPath(draftOutline.id), { cookie: cora.token })).status).toBe(404);
    // Her signed engagement stays hers.
    expect((await call(consultantEngagementPath(signedOutline.id), { cookie: cora.token })).status).toBe(200);

    // Doors of the business: no consultant info, no photo, and a stale Accept is a clear refusal.
    const info = await call(`/api/matching/matchRequest/consultant-info/${cora.user.id}`, { cookie: waiting.token });
    expect(info.status).toBe(404);
    expect((await call(`/consultant-photos/${cora.user.id}`, { cookie: waiting.token })).status).toBe(404);
    const stale = await decide(waitingMatch.id, cora.user.id, waiting.token);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ msg: WITHDRAWN_REFUSAL });
    const pageStale = await postForm(
      `/features?matchId=${waitingMatch.id}&viewCandidate=${cora.user.id}&confirm=accept`,
      { intent: "decide", matchId: waitingMatch.id, consultantId: cora.user.id, decision: "accepted" },
      waiting.token,
    );
    expect(pageStale.status).toBe(409);
    expect(await pageStale.text()).toContain(html(WITHDRAWN_REFUSAL));
    expect(await requestRow(waitingMatch.id)).toMatchObject({ status: "matching", matchedConsultantId: null });
    expect(await candidateRow(accepted.id)).toMatchObject({ status: "withdrawn", businessDecisionStatus: "pending" });
  });

  it("a second unvet withdraws nothing more and tells nobody again", async () => {
    const manager = await signedInManager();
    const cora = await consultantSession("Ada", "Twice");
    const owner = await createClient();
    const match = await createMatchRequestRow(owner.business.id, { status: "awaiting_decision" });
    await createCandidateRow(match.id, owner.business.id, cora.user.id, { status: "accepted" });
    expect((await unvet(cora.user.id, manager.token)).status).toBe(200);
    const again = await unvet(cora.user.id, manager.token);
    expect(await again.text()).toContain(html("Ada Twice is already not vetted. Nothing new was recorded."));
    expect(await noticesOf(owner.user.id, "candidate_withdrawn")).toHaveLength(1);
    expect(await noticesOf(cora.user.id, "candidacy_withdrawn")).toHaveLength(1);
  });
});

describe("pausing a consultant withdraws their open candidacies", () => {
  it("withdraws them with the paused reason and says so to the consultant", async () => {
    const manager = await signedInManager();
    const pia = await consultantSession("Pia", "Paused");
    const owner = await business("Pause Point Co.");
    const match = await createMatchRequestRow(owner.business.id, { status: "awaiting_decision" });
    const candidate = await createCandidateRow(match.id, owner.business.id, pia.user.id, { status: "accepted" });

    const response = await postForm(`/manage/consultants/${pia.user.id}`, { intent: "pause" }, manager.token);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      html(
        "Pia Paused is paused. Matching will not propose them until you unpause them. Their open candidacy was withdrawn and its match is back in smart matching.",
      ),
    );
    const row = await candidateRow(candidate.id);
    expect(row).toMatchObject({ status: "withdrawn", withdrawalReason: "paused" });
    expect((await requestRow(match.id)).status).toBe("matching");
    expect((await noticesOf(pia.user.id, "candidacy_withdrawn")).map((notice) => notice.body)).toEqual([
      "An engagement manager withdrew your open candidacy because your profile is paused.",
    ]);
    expect(await noticesOf(owner.user.id, "candidate_withdrawn")).toHaveLength(1);
    const page = await (await call(`/consultant/candidacies/${candidate.id}`, { cookie: pia.token })).text();
    expect(page).toContain(
      html(
        `Your engagement manager withdrew this candidacy on ${formatDate(row.withdrawnAt!)} because your profile is paused. The business and its request are no longer shown to you.`,
      ),
    );
    expect(page).not.toContain("Pause Point Co.");
    // Unpausing does not bring the candidacy back: the engine may rank them again for new requests.
    await postForm(`/manage/consultants/${pia.user.id}`, { intent: "unpause" }, manager.token);
    expect((await candidateRow(candidate.id)).status).toBe("withdrawn");
  });
});

describe("unvetting while the business accepts", () => {
  it("ends the same whichever lands first: the candidate withdrawn, the match back in matching, no plan", async () => {
    const manager = await signedInManager();
    const orders = ["accept first", "unvet first", "together", "together"] as const;
    for (const [round, order] of orders.entries()) {
      const cora = await consultantSession("Race", `Round${round}`);
      const owner = await business(`Race Bay ${round}`);
      const match = await createMatchRequestRow(owner.business.id, { status: "awaiting_decision" });
      const candidate = await createCandidateRow(match.id, owner.business.id, cora.user.id, { status: "accepted" });
      let unvetted: Response;
      let accepted: Response;
      if (order === "accept first") {
        accepted = await decide(match.id, cora.user.id, owner.token);
        unvetted = await unvet(cora.user.id, manager.token);
      } else if (order === "unvet first") {
        unvetted = await unvet(cora.user.id, manager.token);
        accepted = await decide(match.id, cora.user.id, owner.token);
      } else {
        [unvetted, accepted] = await Promise.all([
          unvet(cora.user.id, manager.token),
          decide(match.id, cora.user.id, owner.token),
        ]);
      }
      expect(unvetted.status, order).toBe(200);
      const answer = (await accepted.json()) as { msg: string };
      // Either the acceptance landed first (and was then withdrawn), or the unvet did (a clear 409).
      if (order === "accept first") expect(accepted.status).toBe(200);
      if (order === "unvet first") expect(accepted.status).toBe(409);
      if (accepted.status === 409) expect(answer.msg, order).toBe(WITHDRAWN_REFUSAL);
      else expect(accepted.status, order).toBe(200);
      expect(await candidateRow(candidate.id), order).toMatchObject({
        status: "withdrawn",
        withdrawalReason: "unvetted",
      });
      expect(await requestRow(match.id), order).toMatchObject({ status: "matching", matchedConsultantId: null });
      expect(await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.matchRequestId, match.id))).toEqual(
        [],
      );
      expect(await noticesOf(owner.user.id, "candidate_withdrawn"), order).toHaveLength(1);
      expect((await call(consultantNewPlanPath(match.id), { cookie: cora.token })).status, order).toBe(404);
    }
  });
});
