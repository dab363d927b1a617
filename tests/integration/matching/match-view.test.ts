import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  businesses,
  consultantProfiles,
  consultantVettings,
  deliveryOutlines,
  files,
  matchRequests,
  users,
} from "~db/schema";
import { RATING_RANGE_MESSAGE } from "~/lib/insights/insight-schemas";
import {
  CANDIDATE_NOT_OPEN_MESSAGE,
  CONSULTANT_NOT_FOUND_MESSAGE,
  MATCH_FEEDBACK_NOT_YET_MESSAGE,
  MATCH_FEEDBACK_SAVED_MESSAGE,
  MATCH_NOT_FOUND_MESSAGE,
  SUGGESTED_CANDIDATE_TITLE,
  VIEW_CANDIDATE_LABEL,
  VIEW_CONSULTANT_LABEL,
  YOUR_CONSULTANT_TITLE,
} from "~/lib/matching/match-copy";
import { MATCH_STATUS_TEXTS, nextCandidateStatusText } from "~/lib/matching/match-status";
import {
  addConsultantExperience,
  call,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  db,
  html,
  postForm,
  signedIn,
} from "../helpers";
import { createClient, signedInClient, signedInManager } from "../../factories";

const put = (path: string, json: unknown, cookie?: string) => call(path, { method: "PUT", json, cookie });

/**
 * What a hiring owner reads beside the spec's fields (issue #36 item 19), for createConsultant's
 * defaults with no past clients and no completed engagement: the same profile the manager vets.
 */
const HIRING_FACTS = {
  businessAreas: ["Finance", "Operations"],
  engagementTypes: ["Fractional", "Project"],
  industries: ["Retail Trade", "Wholesale Trade"],
  industrySpecialties: [
    "Merchant Wholesalers, Durable Goods",
    "Sporting Goods, Hobby, Musical Instrument, Book, and Miscellaneous Retailers",
  ],
  companySizes: ["25-50 employees", "50-100 employees"],
  availability: {
    status: "Available for new work",
    hoursPerWeek: 30,
    timeZone: "Eastern Time (New York)",
    awayUntil: null,
  },
  pastClients: [],
  completedEngagements: [],
  rating: null,
};
const getMatch = (id: string, cookie?: string) =>
  call(`/api/matching/matchRequest/get-match-request/${id}`, { cookie });

/** A business's request awaiting its decision on one consultant who accepted the candidacy. */
async function awaitingDecision(businessId: string) {
  const consultant = await createConsultant({ headline: "Fractional COO for outdoor retail", location: "Bangor, ME" });
  const match = await createMatchRequestRow(businessId, { status: "awaiting_decision" });
  const candidate = await createCandidateRow(match.id, businessId, consultant.user.id, { status: "accepted" });
  return { consultant, match, candidate };
}

async function matchRow(id: string) {
  const [row] = await db().select().from(matchRequests).where(eq(matchRequests.id, id));
  return row!;
}

describe("GET /api/matching/matchRequest/get-match-request/{id}", () => {
  it("answers the spec §3 entity: only consultants who accepted and were not rejected are candidates", async () => {
    const { business, token } = await signedInClient();
    const { consultant, match } = await awaitingDecision(business.id);
    // Candidacies the business never sees: still waiting for the consultant, declined, withdrawn, rejected.
    for (const [status, businessDecisionStatus] of [
      ["proposed", "pending"],
      ["declined", "pending"],
      ["withdrawn", "pending"],
      ["accepted", "rejected"],
    ] as const) {
      const other = await createConsultant();
      await createCandidateRow(match.id, business.id, other.user.id, { status, businessDecisionStatus });
    }
    await db()
      .insert(files)
      .values({
        businessId: business.id,
        r2Key: `biz/${business.id}/0b6c0a4e-5b1f-4c55-9d1e-2f7a6b9c1d3e.pdf`,
        originalName: "margins-2026.pdf",
        contentType: "application/pdf",
        sizeBytes: 1234,
        sha256: "0".repeat(64),
        purpose: "match_request",
        matchRequestId: match.id,
      });
    const response = await getMatch(match.id, token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      _id: match.id,
      matchRequestId: match.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      value: MATCH_STATUS_TEXTS.awaiting_decision,
      requestInfo: {
        category: "finance",
        consultingType: "fractional",
        problemStatement: "Our margins fell this year and we do not know why.",
      },
      candidates: [
        {
          consultantId: consultant.user.id,
          status: "accepted",
          businessDecisionStatus: "pending",
          yearsOfExperience: 12,
          education: "MBA, University of Maine",
          missionStatement: "Clear numbers, calm decisions.",
          bio: "Twelve years as a finance lead in wholesale and retail.",
          firstName: "Test",
          lastName: "Person",
          headline: "Fractional COO for outdoor retail",
          location: "Bangor, ME",
          photoUrl: null,
          linkedinUrl: null,
          rate: "$150.00 per hour",
          ...HIRING_FACTS,
        },
      ],
      withdrawnCandidates: [],
      matchedConsultant: null,
      draftDeliveryOutline: null,
      proposedDeliveryOutline: null,
      activeDeliveryOutline: null,
      nextCandidateBy: null,
      files: [{ fileName: "0b6c0a4e-5b1f-4c55-9d1e-2f7a6b9c1d3e.pdf", originalName: "margins-2026.pdf", size: 1234 }],
      feedback: null,
    });
  });

  it("names the matched consultant, the outlines by state and the promised date of the next candidate", async () => {
    const { business, token } = await signedInClient();
    const consultant = await createConsultant();
    const matched = await createMatchRequestRow(business.id, {
      status: "outline_proposed",
      matchedConsultantId: consultant.user.id,
      matchedAt: new Date(),
    });
    await createCandidateRow(matched.id, business.id, consultant.user.id, {
      status: "accepted",
      businessDecisionStatus: "accepted",
    });
    // One plan per match: sent to the manager, the business does not see it yet.
    const [proposed] = await db()
      .insert(deliveryOutlines)
      .values({ matchRequestId: matched.id, businessId: business.id, state: "proposed" as const })
      .returning({ id: deliveryOutlines.id });
    const body = (await (await getMatch(matched.id, token)).json()) as Record<string, unknown>;
    expect(body.matchedConsultant).toMatchObject({
      consultantId: consultant.user.id,
      headline: consultant.profile.headline,
    });
    expect(body.candidates).toEqual([expect.objectContaining({ businessDecisionStatus: "accepted" })]);
    expect(body.draftDeliveryOutline).toBeNull();
    expect(body.proposedDeliveryOutline).toBeNull();
    expect(body.activeDeliveryOutline).toBeNull();
    // Once the manager approves it, the business sees it.
    await db()
      .update(deliveryOutlines)
      .set({ egmReviewStatus: "approved" })
      .where(eq(deliveryOutlines.id, proposed!.id));
    const approved = (await (await getMatch(matched.id, token)).json()) as Record<string, unknown>;
    expect(approved.proposedDeliveryOutline).toBe(proposed!.id);
    expect(approved.activeDeliveryOutline).toBeNull();

    const by = new Date("2026-11-25T10:00:00.000Z");
    const waiting = await createMatchRequestRow(business.id, {
      status: "matching",
      nextCandidateBy: by,
    });
    const next = (await (await getMatch(waiting.id, token)).json()) as Record<string, unknown>;
    expect(next.nextCandidateBy).toBe(by.toISOString());
    expect(next.value).toBe(nextCandidateStatusText(by));
  });

  it("404s another business's and an unknown id; 401 without a session; 403 for staff", async () => {
    const { token } = await signedInClient();
    const other = await signedInClient();
    const { match } = await awaitingDecision(other.business.id);
    for (const id of [match.id, "no-such-match"]) {
      const response = await getMatch(id, token);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ msg: MATCH_NOT_FOUND_MESSAGE });
    }
    expect((await getMatch(match.id)).status).toBe(401);
    expect((await getMatch(match.id, (await signedInManager()).token)).status).toBe(403);
    expect((await getMatch(match.id, (await signedIn({ role: "consultant" })).token)).status).toBe(403);
    expect((await getMatch(match.id, other.token)).status).toBe(200);
  });
});

describe("GET /api/matching/matchRequest/consultant-info/{id}", () => {
  const info = (id: string, cookie?: string) => call(`/api/matching/matchRequest/consultant-info/${id}`, { cookie });

  it("answers the profile of a consultant who accepted a candidacy on the business's request", async () => {
    const { business, token } = await signedInClient();
    const { consultant } = await awaitingDecision(business.id);
    const response = await info(consultant.user.id, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      consultantId: consultant.user.id,
      firstName: "Test",
      lastName: "Person",
      headline: "Fractional COO for outdoor retail",
      location: "Bangor, ME",
      yearsOfExperience: 12,
      education: "MBA, University of Maine",
      missionStatement: "Clear numbers, calm decisions.",
      bio: "Twelve years as a finance lead in wholesale and retail.",
      photoUrl: null,
      linkedinUrl: null,
      rate: "$150.00 per hour",
      ...HIRING_FACTS,
    });
  });

  it("adds what a hiring owner needs: past clients, completed engagements and their ratings, availability; nothing private", async () => {
    const { business, token } = await signedInClient();
    const { consultant } = await awaitingDecision(business.id);
    await db().update(users).set({ phone: "(207) 555-0199" }).where(eq(users.id, consultant.user.id));
    await db()
      .update(consultantProfiles)
      .set({
        availability: "limited",
        hoursPerWeek: 12,
        timeZone: "America/Chicago",
        awayUntil: new Date("2030-01-15T00:00:00Z"),
      })
      .where(eq(consultantProfiles.userId, consultant.user.id));
    await addConsultantExperience(consultant.user.id, {
      clientDescription: "Regional outdoor-gear retailer",
      naicsCode: "459110",
      employeeBand: "25-50",
      years: 3,
    });
    // Engagements through Partwise at other businesses: two completed and rated, one completed
    // without a rating, one still running with a rating (not an outcome yet): 4.5 from 2.
    const elsewhere = await createClient();
    const others = await createClient();
    await db()
      .update(businesses)
      .set({ naics: "423450", employeeBand: "50-100" })
      .where(eq(businesses.id, others.business.id));
    for (const [owner, status, clientSatisfaction, category] of [
      [elsewhere, "completed", 5, "finance"],
      [others, "completed", 4, "operations"],
      [elsewhere, "completed", null, "strategy"],
      [others, "engagement_active", 1, "finance"],
    ] as const) {
      await createMatchRequestRow(owner.business.id, {
        status,
        category,
        consultingType: "project",
        matchedConsultantId: consultant.user.id,
        clientSatisfaction,
        clientFeedback: clientSatisfaction ? "Private words of another business." : null,
      });
    }
    await db().insert(consultantVettings).values({
      consultantId: consultant.user.id,
      decision: "vetted",
      notes: "Internal: checked two references by phone.",
    });
    const response = await call(`/api/matching/matchRequest/consultant-info/${consultant.user.id}`, { cookie: token });
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toMatchObject({
      availability: {
        status: "Limited: a small engagement at most",
        hoursPerWeek: 12,
        timeZone: "Central Time (Chicago)",
        awayUntil: "2030-01-15",
      },
      pastClients: [
        {
          description: "Regional outdoor-gear retailer",
          industry: "Sporting Goods Retailers",
          size: "25-50 employees",
          years: 3,
        },
      ],
      rating: { average: 4.5, count: 2 },
    });
    expect(body.completedEngagements).toEqual(
      expect.arrayContaining([
        {
          area: "Finance",
          type: "Project",
          industry: "Industrial Supplies Merchant Wholesalers",
          size: "25-50 employees",
          rating: 5,
        },
        {
          area: "Operations",
          type: "Project",
          industry: "Medical, Dental, and Hospital Equipment and Supplies Merchant Wholesalers",
          size: "50-100 employees",
          rating: 4,
        },
        {
          area: "Strategy",
          type: "Project",
          industry: "Industrial Supplies Merchant Wholesalers",
          size: "25-50 employees",
          rating: null,
        },
      ]),
    );
    expect(body.completedEngagements).toHaveLength(3);
    // Nothing private: no contact details, no other business's name or words, no internal notes.
    for (const secret of [
      consultant.user.email,
      "555-0199",
      "Internal: checked",
      "Private words",
      "payout",
      "stripe",
    ]) {
      expect(text.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
    // The panel shows the same profile.
    const match = (await createMatchRequestRow(business.id, { status: "awaiting_decision" })).id;
    await createCandidateRow(match, business.id, consultant.user.id, { status: "accepted" });
    const panel = await (
      await call(`/features?matchId=${match}&viewCandidate=${consultant.user.id}`, { cookie: token })
    ).text();
    for (const words of [
      "Past clients",
      "Regional outdoor-gear retailer",
      "Engagements through Partwise",
      "4.5 of 5 from 2 completed engagements",
      "Limited: a small engagement at most",
      "Away until Jan 15, 2030",
      "Business areas",
      "Finance, Operations",
      "Industries",
      "Retail Trade, Wholesale Trade",
    ]) {
      expect(panel, words).toContain(html(words));
    }
    expect(panel).not.toContain(consultant.user.email);
    expect(panel).not.toContain("Internal: checked");
  });

  it("gives the published photo's address, the LinkedIn profile and a day rate in words", async () => {
    const { business, token } = await signedInClient();
    const { consultant } = await awaitingDecision(business.id);
    await db()
      .update(consultantProfiles)
      .set({
        photoKey: `consultants/${consultant.user.id}/photo-1.png`,
        linkedinUrl: "https://www.linkedin.com/in/test-person",
        rateUnit: "day",
        rateCents: 120_000,
      })
      .where(eq(consultantProfiles.userId, consultant.user.id));
    const body = (await (await info(consultant.user.id, token)).json()) as Record<string, unknown>;
    expect(body.photoUrl).toBe(`/consultant-photos/${consultant.user.id}`);
    expect(body.linkedinUrl).toBe("https://www.linkedin.com/in/test-person");
    expect(body.rate).toBe("$1,200.00 per day");
  });

  it("answers the matched consultant too", async () => {
    const { business, token } = await signedInClient();
    const consultant = await createConsultant();
    await createMatchRequestRow(business.id, { status: "consultant_matched", matchedConsultantId: consultant.user.id });
    expect((await info(consultant.user.id, token)).status).toBe(200);
  });

  it("404s a consultant not (or no longer) a candidate of the business, and any consultant of another business", async () => {
    const { business, token } = await signedInClient();
    const other = await signedInClient();
    const match = await createMatchRequestRow(business.id, { status: "candidates_proposed" });
    const proposed = await createConsultant();
    await createCandidateRow(match.id, business.id, proposed.user.id);
    const rejected = await createConsultant();
    await createCandidateRow(match.id, business.id, rejected.user.id, {
      status: "accepted",
      businessDecisionStatus: "rejected",
    });
    const declined = await createConsultant();
    await createCandidateRow(match.id, business.id, declined.user.id, { status: "declined" });
    const stranger = await createConsultant();
    const { consultant: othersCandidate } = await awaitingDecision(other.business.id);
    for (const id of [
      proposed.user.id,
      rejected.user.id,
      declined.user.id,
      stranger.user.id,
      othersCandidate.user.id,
    ]) {
      const response = await info(id, token);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ msg: CONSULTANT_NOT_FOUND_MESSAGE });
    }
    expect((await info(othersCandidate.user.id)).status).toBe(401);
    expect((await info(othersCandidate.user.id, (await signedInManager()).token)).status).toBe(403);
    expect((await info(othersCandidate.user.id, other.token)).status).toBe(200);
  });
});

describe("PUT /api/matching/matchRequest/feedback/", () => {
  const path = "/api/matching/matchRequest/feedback/";

  it("saves the rating once the business has its consultant; the last write wins; with or without the slash", async () => {
    const { business, token } = await signedInClient();
    const match = await createMatchRequestRow(business.id, { status: "consultant_matched" });
    const first = await put(
      path,
      { matchId: match.id, clientSatisfaction: 4, clientFeedback: "Quick and clear." },
      token,
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: MATCH_FEEDBACK_SAVED_MESSAGE });
    let row = await matchRow(match.id);
    expect(row.clientSatisfaction).toBe(4);
    expect(row.clientFeedback).toBe("Quick and clear.");
    expect(row.feedbackAt).not.toBeNull();
    const second = await put(
      path.slice(0, -1),
      { matchId: match.id, clientSatisfaction: 5, clientFeedback: "" },
      token,
    );
    expect(second.status).toBe(200);
    row = await matchRow(match.id);
    expect(row.clientSatisfaction).toBe(5);
    expect(row.clientFeedback).toBeNull();
    const view = (await (await getMatch(match.id, token)).json()) as Record<string, unknown>;
    expect(view.feedback).toEqual({ clientSatisfaction: 5, clientFeedback: "" });
  });

  it("409s before the match is made and saves nothing", async () => {
    const { business, token } = await signedInClient();
    for (const status of ["submitted", "matching", "candidates_proposed", "awaiting_decision", "cancelled"] as const) {
      const match = await createMatchRequestRow(business.id, { status });
      const response = await put(path, { matchId: match.id, clientSatisfaction: 3 }, token);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ msg: MATCH_FEEDBACK_NOT_YET_MESSAGE });
      expect((await matchRow(match.id)).clientSatisfaction).toBeNull();
    }
  });

  it("refuses bad bodies with 400, another business's match with 404 and nothing saved, no session 401, staff 403", async () => {
    const { business, token } = await signedInClient();
    const other = await signedInClient();
    const own = await createMatchRequestRow(business.id, { status: "consultant_matched" });
    const foreign = await createMatchRequestRow(other.business.id, { status: "consultant_matched" });
    for (const clientSatisfaction of [0, 6, 2.5, "x"]) {
      const response = await put(path, { matchId: own.id, clientSatisfaction }, token);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(RATING_RANGE_MESSAGE);
    }
    const tooLong = await put(
      path,
      { matchId: own.id, clientSatisfaction: 3, clientFeedback: "x".repeat(2001) },
      token,
    );
    expect(tooLong.status).toBe(400);
    expect((await put(path, { clientSatisfaction: 3 }, token)).status).toBe(400);
    const junk = await call(path, {
      method: "PUT",
      body: "{not json",
      cookie: token,
      headers: { "Content-Type": "application/json" },
    });
    expect(junk.status).toBe(400);
    expect(await junk.json()).toEqual({ msg: "The request body is not valid JSON." });
    const foreignAnswer = await put(path, { matchId: foreign.id, clientSatisfaction: 1 }, token);
    expect(foreignAnswer.status).toBe(404);
    expect(await foreignAnswer.json()).toEqual({ msg: MATCH_NOT_FOUND_MESSAGE });
    expect((await matchRow(foreign.id)).clientSatisfaction).toBeNull();
    expect((await matchRow(own.id)).clientSatisfaction).toBeNull();
    expect((await put(path, { matchId: own.id, clientSatisfaction: 3 })).status).toBe(401);
    expect((await put(path, { matchId: own.id, clientSatisfaction: 3 }, (await signedInManager()).token)).status).toBe(
      403,
    );
  });
});

describe("/features?matchId= (the match view)", () => {
  it("shows the status bar, the sentence, Match Info and View Candidate for a candidate waiting for the business", async () => {
    const { business, token } = await signedInClient();
    const { match, consultant } = await awaitingDecision(business.id);
    const response = await call(`/features?matchId=${match.id}`, { cookie: token });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('aria-label="Match status"');
    for (const step of ["Match Requested", "Smart Matching", "Review Consultant", "Match Complete", "Done!"]) {
      expect(page).toContain(step);
    }
    // Step three is the current one and asks the business to act.
    expect(page).toMatch(
      /<li class="match-step match-step-current match-step-state-review" aria-current="step"><span[^>]*>!<\/span><span class="match-step-label">Review Consultant</,
    );
    expect(page.match(/aria-current="step"/g)).toHaveLength(1);
    expect(page).toContain("Action required");
    expect(page).toContain(html(MATCH_STATUS_TEXTS.awaiting_decision));
    expect(page).toContain("Match Info");
    expect(page).toContain("Fractional");
    expect(page).toContain(html("Our margins fell this year and we do not know why."));
    expect(page).toContain(VIEW_CANDIDATE_LABEL);
    expect(page).toContain(`viewCandidate=${consultant.user.id}`);
    expect(page).not.toContain(SUGGESTED_CANDIDATE_TITLE);
    expect(page).not.toContain(VIEW_CONSULTANT_LABEL);
  });

  it("?viewCandidate= opens the Suggested Candidate panel with Reject and Accept; ?confirm= the confirmation card", async () => {
    const { business, token } = await signedInClient();
    const { match, consultant } = await awaitingDecision(business.id);
    const base = `/features?matchId=${match.id}&viewCandidate=${consultant.user.id}`;
    const panel = await (await call(base, { cookie: token })).text();
    expect(panel).toContain(SUGGESTED_CANDIDATE_TITLE);
    expect(panel).toContain("Fractional COO for outdoor retail");
    expect(panel).toContain("Bangor, ME");
    expect(panel).toContain("MBA, University of Maine");
    expect(panel).toContain(`confirm=reject`);
    expect(panel).toContain(`confirm=accept`);
    const accept = await (await call(`${base}&confirm=accept`, { cookie: token })).text();
    expect(accept).toContain("Accept Consultant");
    expect(accept).toContain(
      html("Once you accept this consultant, you will be contacted to begin a consulting plan."),
    );
    expect(accept).toContain('name="intent" value="decide"');
    expect(accept).toContain('name="decision" value="accepted"');
    const reject = await (await call(`${base}&confirm=reject`, { cookie: token })).text();
    expect(reject).toContain("Reject Consultant");
    expect(reject).toContain(html("Once you reject this consultant, they will no longer appear on your Match Status."));
    expect(reject).toContain('name="decision" value="rejected"');
  });

  it("a candidate no longer waiting says so; once matched it shows View Consultant, the consultant and the feedback form", async () => {
    const { business, token } = await signedInClient();
    const consultant = await createConsultant();
    const stale = await createConsultant();
    const match = await createMatchRequestRow(business.id, {
      status: "consultant_matched",
      matchedConsultantId: consultant.user.id,
    });
    await createCandidateRow(match.id, business.id, consultant.user.id, {
      status: "accepted",
      businessDecisionStatus: "accepted",
    });
    await createCandidateRow(match.id, business.id, stale.user.id, { status: "withdrawn" });
    const page = await (await call(`/features?matchId=${match.id}`, { cookie: token })).text();
    expect(page).toContain(VIEW_CONSULTANT_LABEL);
    expect(page).not.toContain(VIEW_CANDIDATE_LABEL);
    expect(page).toContain("Rate your match");
    expect(page).toContain(html(MATCH_STATUS_TEXTS.consultant_matched));
    const panel = await (
      await call(`/features?matchId=${match.id}&viewCandidate=${consultant.user.id}&confirm=accept`, { cookie: token })
    ).text();
    expect(panel).toContain(YOUR_CONSULTANT_TITLE);
    expect(panel).not.toContain("Accept Consultant");
    expect(panel).not.toContain(">Reject<");
    const gone = await (
      await call(`/features?matchId=${match.id}&viewCandidate=${stale.user.id}`, { cookie: token })
    ).text();
    expect(gone).toContain(html(CANDIDATE_NOT_OPEN_MESSAGE));
  });

  it("an unknown or another business's match shows the not-found notice above the list", async () => {
    const { token } = await signedInClient();
    const other = await signedInClient();
    const { match, consultant } = await awaitingDecision(other.business.id);
    for (const id of [match.id, "no-such-match"]) {
      const page = await (
        await call(`/features?matchId=${id}&viewCandidate=${consultant.user.id}`, { cookie: token })
      ).text();
      expect(page).toContain(html(MATCH_NOT_FOUND_MESSAGE));
      expect(page).toContain("No Active Matches");
      expect(page).not.toContain("Fractional COO for outdoor retail");
    }
  });

  it("intent=feedback saves the rating of a matched request; before matching or for another business it saves nothing", async () => {
    const { business, token } = await signedInClient();
    const other = await signedInClient();
    const matched = await createMatchRequestRow(business.id, { status: "consultant_matched" });
    const saved = await postForm(
      `/features?matchId=${matched.id}`,
      { intent: "feedback", matchId: matched.id, clientSatisfaction: "2", clientFeedback: "Slow start." },
      token,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(html(MATCH_FEEDBACK_SAVED_MESSAGE));
    expect((await matchRow(matched.id)).clientSatisfaction).toBe(2);

    const early = await createMatchRequestRow(business.id, { status: "matching" });
    const notYet = await postForm(
      `/features?matchId=${early.id}`,
      { intent: "feedback", matchId: early.id, clientSatisfaction: "5" },
      token,
    );
    expect(notYet.status).toBe(409);
    const foreign = await createMatchRequestRow(other.business.id, { status: "consultant_matched" });
    const refused = await postForm(
      `/features?matchId=${matched.id}`,
      { intent: "feedback", matchId: foreign.id, clientSatisfaction: "5" },
      token,
    );
    expect(refused.status).toBe(404);
    expect((await matchRow(foreign.id)).clientSatisfaction).toBeNull();
    const invalid = await postForm(
      `/features?matchId=${matched.id}`,
      { intent: "feedback", matchId: matched.id, clientSatisfaction: "9" },
      token,
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain(RATING_RANGE_MESSAGE);
    expect((await matchRow(matched.id)).clientSatisfaction).toBe(2);
  });

  it("the page action refuses JSON, an empty body and an unknown intent without a 500", async () => {
    const { token } = await signedInClient();
    const json = await call("/features?focus=Matching", { method: "POST", json: { intent: "decide" }, cookie: token });
    expect(json.status).toBe(415);
    const empty = await call("/features?focus=Matching", {
      method: "POST",
      body: "",
      cookie: token,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(empty.status).toBe(400);
    expect((await postForm("/features?focus=Matching", { intent: "dance" }, token)).status).toBe(400);
    expect((await postForm("/features?focus=Matching", { intent: "decide", matchId: "x" }, token)).status).toBe(400);
  });
});
