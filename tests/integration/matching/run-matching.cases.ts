import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { consultantProfiles, financeReports, matchRequests, matchSuggestions, users } from "~db/schema";
import { DEMO_BUSINESS, DEMO_CONSULTANTS, demoSeedSql } from "~db/seed/demo";
import { MATCH_STATUS_TEXTS, matchStatusText } from "~/lib/matching/match-status";
import { runMatching } from "~/server/matching/run-matching.server";
import {
  addConsultantExperience,
  appAt,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  createSuggestionRow,
  createUser,
  db,
  ORIGIN,
  emailsTo,
  noticesOf,
} from "../helpers";
import { createClient } from "../../factories";

const NOW = new Date("2026-11-23T10:00:00Z");
const app = () => appAt(NOW);

// Storage is shared by the tests of this file: each test starts from an empty pool.
afterEach(async () => {
  await db().update(consultantProfiles).set({ availability: "unavailable" });
});

/** A client business (NAICS 423840, 25-50 people), a manager and a finance/fractional request assigned to them. */
async function setup(request: Parameters<typeof createMatchRequestRow>[1] = {}) {
  const client = await createClient();
  const { user: manager } = await createUser({ role: "manager" });
  const match = await createMatchRequestRow(client.business.id, { assignedManagerId: manager.id, ...request });
  return { client, manager, match };
}

const shortlistOf = (matchRequestId: string) =>
  db()
    .select()
    .from(matchSuggestions)
    .where(eq(matchSuggestions.matchRequestId, matchRequestId))
    .orderBy(asc(matchSuggestions.rank));

const requestRow = async (id: string) => (await db().select().from(matchRequests).where(eq(matchRequests.id, id)))[0];

describe("runMatching", () => {
  it("writes the ranked shortlist with every factor's explanation and moves the request to matching", async () => {
    const { match } = await setup();
    const best = await createConsultant({}, { firstName: "Best" });
    await addConsultantExperience(best.user.id, { naicsCode: "423840", employeeBand: "25-50", years: 8 });
    await addConsultantExperience(best.user.id, { naicsCode: "423910", employeeBand: "25-50", years: 3 });
    const middle = await createConsultant();
    const last = await createConsultant({ industries: ["62"], industryCodes: [], companySizes: [] });

    expect(await runMatching(app(), match.id, ORIGIN)).toEqual({ shortlisted: 3 });

    const rows = await shortlistOf(match.id);
    expect(rows.map((r) => [r.consultantId, r.rank, r.status])).toEqual([
      [best.user.id, 1, "pending"],
      [middle.user.id, 2, "pending"],
      [last.user.id, 3, "pending"],
    ]);
    expect(rows[0].score).toBeGreaterThan(rows[1].score);
    expect(rows[1].score).toBeGreaterThan(rows[2].score);
    expect(rows.every((r) => r.businessId === match.businessId)).toBe(true);
    expect(rows[0].factors).toEqual([
      { factor: "business_area", points: 15, max: 15, explanation: "Works in finance" },
      { factor: "engagement_type", points: 10, max: 10, explanation: "Offers fractional engagements" },
      {
        factor: "industry",
        points: 25,
        max: 25,
        explanation: "8 years in Industrial Supplies Merchant Wholesalers (NAICS 423840)",
      },
      { factor: "company_size", points: 12, max: 15, explanation: "Has worked with 2 firms of 25-50 people" },
      {
        factor: "capacity",
        points: 10,
        max: 10,
        explanation: "30 free hours a week; a fractional engagement needs about 15",
      },
      { factor: "ratings", points: 8, max: 15, explanation: "Not rated yet" },
      { factor: "books", points: 0, max: 0, explanation: "No finance report is connected" },
    ]);
    expect(rows[0].summary).toBe(
      "8 years in Industrial Supplies Merchant Wholesalers; has worked with 2 firms of 25-50 people",
    );
    expect(rows[1].factors[2].explanation).toBe(
      "Lists Merchant Wholesalers, Durable Goods (NAICS 423) among their industries",
    );
    expect(rows[2].factors[2].explanation).toBe("No experience in Wholesale Trade (NAICS 42) yet");

    const request = await requestRow(match.id);
    expect(request.status).toBe("matching");
    expect(matchStatusText(request)).toBe(MATCH_STATUS_TEXTS.matching);
    expect(request.rankedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("never shortlists a consultant outside the area or type, unvetted, unavailable, away, paused, fully booked or already a candidate", async () => {
    const { match, client } = await setup();
    const fits = await createConsultant();
    // Away until a minute from now: left out. Back since a minute ago: in the pool again.
    await createConsultant({ awayUntil: new Date(NOW.getTime() + 60_000) });
    const back = await createConsultant({ awayUntil: new Date(NOW.getTime() - 60_000) });
    await createConsultant({ businessAreas: ["hr"] });
    await createConsultant({ engagementTypes: ["coaching"] });
    await createConsultant({ vetted: false });
    await createConsultant({ availability: "unavailable" });
    await createConsultant({ pausedAt: new Date(NOW.getTime() - 60_000) });
    // Fifteen hours a week, all taken by a current fractional engagement elsewhere.
    const booked = await createConsultant({ hoursPerWeek: 15 });
    const other = await createClient();
    await createMatchRequestRow(other.business.id, {
      status: "engagement_active",
      matchedConsultantId: booked.user.id,
    });
    const declined = await createConsultant();
    const rejected = await createConsultant();
    const withdrawn = await createConsultant();
    await createCandidateRow(match.id, client.business.id, declined.user.id, { status: "declined" });
    await createCandidateRow(match.id, client.business.id, rejected.user.id, {
      status: "accepted",
      businessDecisionStatus: "rejected",
    });
    await createCandidateRow(match.id, client.business.id, withdrawn.user.id, { status: "withdrawn" });

    expect(await runMatching(app(), match.id, ORIGIN)).toEqual({ shortlisted: 2 });
    expect((await shortlistOf(match.id)).map((r) => r.consultantId).sort()).toEqual(
      [fits.user.id, back.user.id].sort(),
    );
  });

  it("reads ratings, past Partwise clients and committed hours from the consultant's matches", async () => {
    const { match } = await setup();
    const rated = await createConsultant({ hoursPerWeek: 40 });
    const past = await createClient();
    await createMatchRequestRow(past.business.id, {
      status: "completed",
      matchedConsultantId: rated.user.id,
      clientSatisfaction: 5,
    });
    await createMatchRequestRow(past.business.id, {
      status: "engagement_active",
      matchedConsultantId: rated.user.id,
      clientSatisfaction: 4,
      consultingType: "project",
    });

    await runMatching(app(), match.id, ORIGIN);
    const [row] = await shortlistOf(match.id);
    const byFactor = Object.fromEntries(row.factors.map((f) => [f.factor, f.explanation]));
    expect(byFactor.ratings).toBe("Rated 4.5 by 2 clients");
    // The two Partwise clients share the business's NAICS code and band.
    expect(byFactor.industry).toBe(
      "Has worked with 2 clients in Industrial Supplies Merchant Wholesalers (NAICS 423840)",
    );
    expect(byFactor.company_size).toBe("Has worked with 2 firms of 25-50 people");
    // 40 hours less the 10 of the current project.
    expect(byFactor.capacity).toBe("30 free hours a week; a fractional engagement needs about 15");
  });

  it("weighs the business's books: a falling net margin brings finance experience forward", async () => {
    const { match, client } = await setup({ category: "unknown", consultingType: null });
    const seller = await createConsultant({ businessAreas: ["sales"] });
    const finance = await createConsultant({ businessAreas: ["finance"] });
    const rows = Array.from({ length: 24 }, (_, i) => {
      const date = `${2024 + Math.floor((11 + i) / 12)}-${String(((11 + i) % 12) + 1).padStart(2, "0")}`;
      return date < "2025-11" ? { date, Income: 100, NetIncome: 10 } : { date, Income: 100, NetIncome: 4 };
    });
    expect(rows[0].date).toBe("2024-12");
    expect(rows[23].date).toBe("2026-11");
    await db().insert(financeReports).values({
      businessId: client.business.id,
      profitAndLoss: rows,
      source: "demo",
      periodStart: "2024-12",
      periodEnd: "2026-11",
      lastUpdate: NOW,
    });

    await runMatching(app(), match.id, ORIGIN);
    const shortlist = await shortlistOf(match.id);
    expect(shortlist.map((r) => r.consultantId)).toEqual([finance.user.id, seller.user.id]);
    expect(shortlist[0].factors.find((f) => f.factor === "books")).toEqual({
      factor: "books",
      points: 10,
      max: 10,
      explanation: "Net margin down 6.0 percentage points on a year earlier: works in finance",
    });
  });

  it("is idempotent: a second run writes no duplicates and tells the manager once", async () => {
    const { match, manager } = await setup();
    await createConsultant();
    await createConsultant();

    await runMatching(app(), match.id, ORIGIN);
    const first = await shortlistOf(match.id);
    expect(await runMatching(app(), match.id, ORIGIN)).toEqual({ shortlisted: 2 });
    const second = await shortlistOf(match.id);
    expect(second.map((r) => [r.id, r.consultantId, r.rank, r.score])).toEqual(
      first.map((r) => [r.id, r.consultantId, r.rank, r.score]),
    );
    expect(await noticesOf(manager.id)).toHaveLength(1);
    expect(await emailsTo(manager.email)).toHaveLength(1);
  });

  it("tells nobody when the caller tells the managers itself (tellManagers: false), and still writes the shortlist", async () => {
    const { match, manager } = await setup();
    await createConsultant();

    expect(await runMatching(app(), match.id, ORIGIN, { tellManagers: false })).toEqual({ shortlisted: 1 });
    expect(await shortlistOf(match.id)).toHaveLength(1);
    expect(await noticesOf(manager.id)).toEqual([]);
    expect(await emailsTo(manager.email)).toEqual([]);
  });

  it("tells the assigned manager, in the app and by email, with a link to the request", async () => {
    const { match, manager, client } = await setup();
    const { user: otherManager } = await createUser({ role: "manager" });
    await createConsultant();
    await createConsultant();

    await runMatching(app(), match.id, ORIGIN);
    const [notice] = await noticesOf(manager.id);
    expect(notice).toMatchObject({
      kind: "shortlist_ready",
      title: "A shortlist is ready to review",
      body: "Harbor Supply Co. asked for help with Finance. 2 consultants are on the shortlist for you to review.",
      link: `/manage/matches/${match.id}`,
      businessId: client.business.id,
    });
    expect(await noticesOf(otherManager.id)).toEqual([]);
    const [email] = await emailsTo(manager.email);
    expect(email.subject).toBe("A shortlist is ready to review");
    expect(email.kind).toBe("shortlist_ready");
    expect(email.textBody).toContain("Harbor Supply Co. asked for help with Finance.");
    expect(email.textBody).toContain("Review the shortlist");
    expect(email.textBody).toContain(`${ORIGIN}/manage/matches/${match.id}`);
    expect(email.textBody).toContain("Engagement type:\nFractional");
  });

  it("tells every manager while nobody is assigned", async () => {
    const { match } = await setup({ assignedManagerId: null });
    await createConsultant();
    await runMatching(app(), match.id, ORIGIN);
    const managers = await db().select({ id: users.id }).from(users).where(eq(users.role, "manager"));
    expect(managers.length).toBeGreaterThan(1);
    for (const { id } of managers) {
      const notices = await noticesOf(id);
      expect(notices.filter((n) => n.link === `/manage/matches/${match.id}`)).toHaveLength(1);
    }
  });

  it("refreshes pending rows, keeps proposed and skipped ones, drops the pending of who no longer fits, and tells again only for a new consultant", async () => {
    const { match, manager, client } = await setup({ status: "matching" });
    const proposed = await createConsultant();
    const skipped = await createConsultant();
    const pending = await createConsultant();
    const leaving = await createConsultant();
    await createSuggestionRow(match.id, client.business.id, proposed.user.id, {
      rank: 1,
      score: 99,
      status: "proposed",
      summary: "Kept as proposed",
    });
    await createCandidateRow(match.id, client.business.id, proposed.user.id);
    await createSuggestionRow(match.id, client.business.id, skipped.user.id, { rank: 2, status: "skipped" });
    await createSuggestionRow(match.id, client.business.id, pending.user.id, { rank: 3, score: 1, summary: "Old" });
    await createSuggestionRow(match.id, client.business.id, leaving.user.id, { rank: 4 });
    await db()
      .update(consultantProfiles)
      .set({ availability: "unavailable" })
      .where(eq(consultantProfiles.userId, leaving.user.id));

    // Nobody new: the pending row is refreshed, nobody is told.
    expect(await runMatching(app(), match.id, ORIGIN)).toEqual({ shortlisted: 1 });
    let rows = await shortlistOf(match.id);
    const byConsultant = (id: string) => rows.find((r) => r.consultantId === id);
    expect(byConsultant(proposed.user.id)).toMatchObject({
      status: "proposed",
      score: 99,
      summary: "Kept as proposed",
    });
    expect(byConsultant(skipped.user.id)).toMatchObject({ status: "skipped", rank: 2 });
    expect(byConsultant(pending.user.id)).toMatchObject({ status: "pending", rank: 1 });
    expect(byConsultant(pending.user.id)?.summary).not.toBe("Old");
    expect(byConsultant(leaving.user.id)).toBeUndefined();
    expect(await noticesOf(manager.id)).toEqual([]);

    // A consultant joins the pool: added, and the manager is told.
    const newcomer = await createConsultant();
    expect(await runMatching(app(), match.id, ORIGIN)).toEqual({ shortlisted: 2 });
    rows = await shortlistOf(match.id);
    expect(byConsultant(newcomer.user.id)).toMatchObject({ status: "pending" });
    expect(rows).toHaveLength(4);
    expect(await noticesOf(manager.id)).toHaveLength(1);
    expect((await requestRow(match.id)).status).toBe("matching");
  });

  it("never rewrites a suggestion the manager decided on while the pool was read", async () => {
    // Proposed after the pool was read: no candidate row yet, so the ranking includes them.
    const { match, client } = await setup({ status: "matching" });
    const decided = await createConsultant();
    await createSuggestionRow(match.id, client.business.id, decided.user.id, {
      rank: 4,
      score: 99,
      status: "proposed",
      summary: "Kept as proposed",
    });
    await runMatching(app(), match.id, ORIGIN);
    const [row] = await shortlistOf(match.id);
    expect(row).toMatchObject({ status: "proposed", rank: 4, score: 99, summary: "Kept as proposed" });
  });

  it("keeps a later status and leaves a matched request alone", async () => {
    const proposedAt = await setup({ status: "candidates_proposed" });
    await createConsultant();
    await runMatching(app(), proposedAt.match.id, ORIGIN);
    expect((await requestRow(proposedAt.match.id)).status).toBe("candidates_proposed");
    expect(await shortlistOf(proposedAt.match.id)).toHaveLength(1);

    const matched = await setup({ status: "consultant_matched" });
    expect(await runMatching(app(), matched.match.id, ORIGIN)).toEqual({ shortlisted: 0 });
    expect(await shortlistOf(matched.match.id)).toEqual([]);
    expect((await requestRow(matched.match.id)).rankedAt).toBeNull();
    expect(await noticesOf(matched.manager.id)).toEqual([]);
  });

  it("when nobody fits: still moves to matching and tells the manager once that a person must find someone", async () => {
    const { match, manager } = await setup({ category: "hr" });
    await createConsultant(); // finance and operations only

    expect(await runMatching(app(), match.id, ORIGIN)).toEqual({ shortlisted: 0 });
    const request = await requestRow(match.id);
    expect(request.status).toBe("matching");
    expect(request.rankedAt?.toISOString()).toBe(NOW.toISOString());
    const notices = await noticesOf(manager.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "shortlist_empty",
      title: "No consultant fits yet",
      body: "Harbor Supply Co. asked for help with HR. No vetted consultant with free hours fits the request yet: find one by hand.",
      link: `/manage/matches/${match.id}`,
    });
    const [email] = await emailsTo(manager.email);
    expect(email.subject).toBe("No consultant fits yet");
    expect(email.textBody).toContain("Open the request");

    await runMatching(app(), match.id, ORIGIN);
    expect(await noticesOf(manager.id)).toHaveLength(1);
    expect(await emailsTo(manager.email)).toHaveLength(1);
  });

  it("touches no other request or business", async () => {
    const mine = await setup();
    const theirs = await setup();
    const consultant = await createConsultant();
    await createSuggestionRow(theirs.match.id, theirs.client.business.id, consultant.user.id, {
      rank: 5,
      score: 12,
      summary: "Theirs",
    });

    await runMatching(app(), mine.match.id, ORIGIN);
    const [their] = await shortlistOf(theirs.match.id);
    expect(their).toMatchObject({ rank: 5, score: 12, summary: "Theirs", businessId: theirs.client.business.id });
    const theirRequest = await requestRow(theirs.match.id);
    expect(theirRequest.status).toBe("submitted");
    expect(theirRequest.rankedAt).toBeNull();
    expect(await noticesOf(theirs.manager.id)).toEqual([]);
    const mineRows = await db()
      .select()
      .from(matchSuggestions)
      .where(
        and(eq(matchSuggestions.matchRequestId, mine.match.id), eq(matchSuggestions.consultantId, consultant.user.id)),
      );
    expect(mineRows).toHaveLength(1);
    expect(mineRows[0].businessId).toBe(mine.client.business.id);
  });

  it("answers 0 for a request that does not exist", async () => {
    expect(await runMatching(app(), "no-such-request", ORIGIN)).toEqual({ shortlisted: 0 });
  });
});

// Last in the file: the demo seed adds its consultants to the shared pool.
describe("runMatching on the demo data", () => {
  it("shortlists consultant1 near the top for the demo client's fractional finance request, and for operations", async () => {
    for (const statement of demoSeedSql("pbkdf2-sha256$100000$c2FsdA$aGFzaA")) await env.DB.prepare(statement).run();
    const consultant1 = DEMO_CONSULTANTS.find((c) => c.email === "consultant1@partwise.test")!;

    const finance = await createMatchRequestRow(DEMO_BUSINESS.id, {
      category: "finance",
      consultingType: "fractional",
    });
    await runMatching(app(), finance.id, ORIGIN);
    const financeList = await shortlistOf(finance.id);
    const mine = financeList.find((r) => r.consultantId === consultant1.id);
    expect(mine?.rank).toBeLessThanOrEqual(3);
    expect(mine?.summary).toBe("4 years in Sporting Goods Retailers; has worked with 1 firm of 25-50 people");

    const operations = await createMatchRequestRow(DEMO_BUSINESS.id, {
      category: "operations",
      consultingType: "fractional",
    });
    await runMatching(app(), operations.id, ORIGIN);
    const operationsList = await shortlistOf(operations.id);
    expect(operationsList.length).toBeGreaterThanOrEqual(3);
    expect(operationsList.map((r) => r.consultantId)).toContain(consultant1.id);
  });
});
