import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  emailOutbox,
  files,
  matchCandidates,
  matchRequests,
  matchSuggestions,
  notifications,
  users,
  type MatchFactorScore,
} from "~db/schema";
import { MATCH_STATUS_TEXTS, matchStatusText, nextCandidateStatusText } from "~/lib/matching/match-status";
import { FORM_UNREADABLE_MESSAGE } from "~/http/http.server";
import {
  call,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  createSuggestionRow,
  db,
  html,
  postForm,
} from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

/** A consultant with a vetted profile and a name of their own. */
async function consultant(firstName: string, lastName: string, profile: Parameters<typeof createConsultant>[0] = {}) {
  const created = await createConsultant(profile);
  await db().update(users).set({ firstName, lastName }).where(eq(users.id, created.user.id));
  return { ...created, name: `${firstName} ${lastName}` };
}

const FACTORS: MatchFactorScore[] = [
  { factor: "business_area", points: 30, max: 30, explanation: "Works in finance, the area of the request" },
  { factor: "engagement_type", points: 15, max: 15, explanation: "Takes fractional engagements" },
  { factor: "industry", points: 14, max: 20, explanation: "4 years with industrial supplies wholesalers (NAICS 4238)" },
  { factor: "company_size", points: 10, max: 10, explanation: "Has worked with 3 firms of 25-50 people" },
  { factor: "capacity", points: 8, max: 10, explanation: "Available 30 hours a week" },
  { factor: "ratings", points: 4, max: 5, explanation: "Rated 4.6 by 5 past clients" },
  { factor: "books", points: 5, max: 10, explanation: "Margins fell 3 points: a finance lead fits" },
];

const requestRow = async (id: string) => (await db().select().from(matchRequests).where(eq(matchRequests.id, id)))[0];
const suggestionRow = async (id: string) =>
  (await db().select().from(matchSuggestions).where(eq(matchSuggestions.id, id)))[0];
const candidatesOf = (matchRequestId: string) =>
  db().select().from(matchCandidates).where(eq(matchCandidates.matchRequestId, matchRequestId));

/** A business's match request with a shortlist of two: Avery (rank 1, every factor) and Blake (rank 2). */
async function requestWithShortlist(overrides: Parameters<typeof createMatchRequestRow>[1] = {}) {
  const client = await signedInClient();
  const match = await createMatchRequestRow(client.business.id, {
    status: "matching",
    problemStatement: "Our margins fell this year and we do not know <b>why</b>.",
    ...overrides,
  });
  const avery = await consultant("Avery", "Stone", { headline: "Fractional CFO for wholesalers" });
  const blake = await consultant("Blake", "Rivers", { headline: "Finance coach for owners" });
  const first = await createSuggestionRow(match.id, client.business.id, avery.user.id, {
    rank: 1,
    score: 91,
    summary: "4 years with industrial supplies wholesalers; has worked with 3 firms of 25-50 people",
  });
  await db().update(matchSuggestions).set({ factors: FACTORS }).where(eq(matchSuggestions.id, first.id));
  const second = await createSuggestionRow(match.id, client.business.id, blake.user.id, {
    rank: 2,
    score: 74,
    summary: "Coaches owners through margin reviews",
  });
  return { client, match, avery, blake, first, second };
}

describe("engagement manager console: match requests", () => {
  it("refuses clients, consultants and visitors with a 404 on every page and action, changing nothing", async () => {
    const { client, match, first } = await requestWithShortlist();
    const other = await signedInConsultant();
    for (const cookie of [client.token, other.token, null]) {
      for (const path of ["/manage/matches", "/manage/matches?show=all", `/manage/matches/${match.id}`]) {
        const response = await call(path, { cookie });
        expect(response.status, path).toBe(404);
        expect(await response.text()).not.toContain("Fractional CFO");
      }
      for (const fields of [
        { intent: "assign" },
        { intent: "propose", suggestionId: first.id },
        { intent: "skip", suggestionId: first.id },
        { intent: "rerun" },
      ] as Record<string, string>[]) {
        expect((await postForm(`/manage/matches/${match.id}`, fields, cookie)).status).toBe(404);
      }
    }
    const row = await requestRow(match.id);
    expect(row.status).toBe("matching");
    expect(row.assignedManagerId).toBeNull();
    expect((await suggestionRow(first.id)).status).toBe("pending");
    expect(await candidatesOf(match.id)).toHaveLength(0);
  });

  it("lists To do, Waiting, All and Assigned to me with counts; overdue promises first, then newest", async () => {
    const manager = await signedInManager();
    const client = await signedInClient();
    const business = client.business.id;
    const at = (iso: string) => new Date(iso);
    const olderToDo = await createMatchRequestRow(business, {
      status: "submitted",
      createdAt: at("2026-09-01T12:00:00Z"),
    });
    const newerToDo = await createMatchRequestRow(business, {
      status: "matching",
      category: "marketing",
      consultingType: "coaching",
      createdAt: at("2026-10-07T12:00:00Z"),
    });
    const overdue = await createMatchRequestRow(business, {
      status: "matching",
      nextCandidateBy: at("2026-01-05T12:00:00Z"),
      createdAt: at("2025-12-01T12:00:00Z"),
    });
    const mine = await createMatchRequestRow(business, {
      status: "matching",
      assignedManagerId: manager.user.id,
      createdAt: at("2026-08-01T12:00:00Z"),
    });
    const withConsultant = await createMatchRequestRow(business, {
      status: "candidates_proposed",
      createdAt: at("2026-10-01T12:00:00Z"),
    });
    const withBusiness = await createMatchRequestRow(business, {
      status: "awaiting_decision",
      createdAt: at("2026-10-02T12:00:00Z"),
    });
    const matched = await createMatchRequestRow(business, { status: "consultant_matched" });
    const c1 = await consultant("Casey", "North");
    const c2 = await consultant("Drew", "South");
    await createSuggestionRow(newerToDo.id, business, c1.user.id, { rank: 1 });
    await createSuggestionRow(newerToDo.id, business, c2.user.id, { rank: 2 });

    const open = await db()
      .select({ status: matchRequests.status, assigned: matchRequests.assignedManagerId })
      .from(matchRequests)
      .where(inArray(matchRequests.status, ["submitted", "matching", "candidates_proposed", "awaiting_decision"]));
    const todo = open.filter((row) => row.status === "submitted" || row.status === "matching").length;
    const waiting = open.length - todo;

    const link = (id: string) => `href="/manage/matches/${id}"`;
    for (const path of ["/manage/matches", "/manage/matches?show=todo", "/manage/matches?show=bogus"]) {
      const page = await call(path, { cookie: manager.token });
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain("Match requests</h1>");
      expect(text).toMatch(/aria-current="page"[^>]*href="\/manage\/matches">To do(<!-- -->)? <span/);
      expect(text).toContain(`(<!-- -->${todo}<!-- -->)`);
      expect(text).toContain(`(<!-- -->${waiting}<!-- -->)`);
      for (const id of [olderToDo.id, newerToDo.id, overdue.id, mine.id]) expect(text, id).toContain(link(id));
      for (const id of [withConsultant.id, withBusiness.id, matched.id]) expect(text, id).not.toContain(link(id));
      // The overdue promise comes first, then the newest.
      const order = [overdue.id, newerToDo.id, olderToDo.id, mine.id].map((id) => text.indexOf(link(id)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(text).toContain("Overdue</span>");
      expect(text).toContain("Jan 5, 2026");
      expect(text).toContain("Oct 7, 2026");
      expect(text).toContain("Marketing");
      expect(text).toContain("Coaching");
      expect(text).toContain("2 consultants");
      expect(text).toContain("Shortlist to review");
      expect(text).toContain("Unassigned");
      expect(text).toContain(`aria-label="Open request from ${html(client.business.name)}: Finance"`);
    }

    const waitingPage = await (await call("/manage/matches?show=waiting", { cookie: manager.token })).text();
    expect(waitingPage).toMatch(/aria-current="page"[^>]*href="\/manage\/matches\?show=waiting">Waiting/);
    expect(waitingPage).toContain(link(withConsultant.id));
    expect(waitingPage).toContain(link(withBusiness.id));
    expect(waitingPage).toContain("Waiting for the consultant");
    expect(waitingPage).toContain("Waiting for the business");
    expect(waitingPage).not.toContain(link(newerToDo.id));
    expect(waitingPage.indexOf(link(withBusiness.id))).toBeLessThan(waitingPage.indexOf(link(withConsultant.id)));

    const all = await (await call("/manage/matches?show=all", { cookie: manager.token })).text();
    for (const id of [olderToDo.id, newerToDo.id, overdue.id, mine.id, withConsultant.id, withBusiness.id]) {
      expect(all, id).toContain(link(id));
    }
    expect(all).not.toContain(link(matched.id));

    const assigned = await (await call("/manage/matches?show=all&mine=1", { cookie: manager.token })).text();
    expect(assigned).toMatch(/aria-current="page"[^>]*href="\/manage\/matches\?show=all&amp;mine=1">Assigned to me/);
    expect(assigned).toContain(link(mine.id));
    expect(assigned).not.toContain(link(newerToDo.id));
    expect(assigned).toContain("Test Person");
    const mineWaiting = await (await call("/manage/matches?show=waiting&mine=1", { cookie: manager.token })).text();
    expect(mineWaiting).toContain("No match requests assigned to you are waiting for a consultant or a business.");

    // The console home and the navigation count the requests to do.
    const home = await (await call("/manage", { cookie: manager.token })).text();
    expect(home).toContain(`Match requests to do</h2><p class="console-stat-value">${todo}</p>`);
    expect(home).toContain("View match requests");
    expect(home).toContain(`<span class="visually-hidden">, ${todo} to do</span>`);
    expect(home).toContain('href="/manage/matches"');
  });

  it("shows the request: business, request, status sentence, shortlist with every factor, candidates, files after Assign to me", async () => {
    const manager = await signedInManager();
    const { client, match, avery, blake, first } = await requestWithShortlist({
      nextCandidateBy: new Date("2026-11-26T12:00:00Z"),
    });
    const declined = await consultant("Emery", "West");
    await createCandidateRow(match.id, client.business.id, declined.user.id, { status: "declined" });
    await db()
      .update(matchCandidates)
      .set({ declineReason: "Fully booked until March.", consultantRespondedAt: new Date("2026-11-20T09:00:00Z") })
      .where(eq(matchCandidates.consultantId, declined.user.id));
    const fileName = `${crypto.randomUUID()}.pdf`;
    await env.FILES.put(`biz/${client.business.id}/${fileName}`, "%PDF-1.4 margins");
    await db()
      .insert(files)
      .values({
        businessId: client.business.id,
        uploadedByUserId: client.user.id,
        r2Key: `biz/${client.business.id}/${fileName}`,
        originalName: "margins-2026.pdf",
        contentType: "application/pdf",
        sizeBytes: 2048,
        sha256: "0".repeat(64),
        purpose: "match_request",
        matchRequestId: match.id,
      });

    const page = await call(`/manage/matches/${match.id}`, { cookie: manager.token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(`${html(client.business.name)}</h1>`);
    expect(text).toContain("Portland, ME");
    expect(text).toContain("423840<!-- --> – Industrial Supplies Merchant Wholesalers");
    expect(text).toContain("25-50");
    expect(text).toContain("BASIC");
    expect(text).toContain("Finance");
    expect(text).toContain("Fractional");
    expect(text).toContain("Match request</dd>");
    expect(text).toContain("Our margins fell this year and we do not know &lt;b&gt;why&lt;/b&gt;.");
    expect(text).not.toContain("<b>why</b>");
    expect(text).toContain("Shortlist to review");
    expect(text).toContain(html(nextCandidateStatusText(new Date("2026-11-26T12:00:00Z"))));
    expect(text).toContain("Nov 26, 2026");
    // The shortlist by rank, with each consultant's score, summary and every factor's explanation.
    expect(text.indexOf(avery.name)).toBeLessThan(text.indexOf(blake.name));
    expect(text).toContain("Fractional CFO for wholesalers");
    expect(text).toContain("<strong>91</strong>");
    expect(text).toContain(html(first.summary));
    for (const [label, factor] of [
      ["Business area", FACTORS[0]],
      ["Engagement type", FACTORS[1]],
      ["Industry", FACTORS[2]],
      ["Company size", FACTORS[3]],
      ["Capacity", FACTORS[4]],
      ["Ratings", FACTORS[5]],
      ["The business&#x27;s books", FACTORS[6]],
    ] as const) {
      expect(text).toContain(`<th scope="row">${label}</th>`);
      expect(text).toContain(`${factor.points}<!-- -->/<!-- -->${factor.max}`);
      expect(text).toContain(html(factor.explanation));
    }
    expect(text).toContain(`aria-label="Propose ${avery.name}"`);
    expect(text).toContain(`aria-label="Skip ${blake.name}"`);
    // The candidate who declined, with their reason.
    expect(text).toContain(declined.name);
    expect(text).toContain("Declined the candidacy");
    expect(text).toContain("Fully booked until March.");
    expect(text).toContain(html(`${declined.name} declined the candidacy`));
    // Documents: named and downloadable only once the request is the manager's.
    expect(text).toContain("1 document is shared with this match. Assign the request to yourself to see them.");
    expect(text).not.toContain(fileName);
    expect((await call(`/api/file-handling/get-file/${fileName}`, { cookie: manager.token })).status).toBe(404);

    const assigned = await postForm(`/manage/matches/${match.id}`, { intent: "assign" }, manager.token);
    expect(assigned.status).toBe(200);
    const after = await assigned.text();
    expect(after).toContain("This match request is assigned to you.");
    expect(after).toContain(`href="/api/file-handling/get-file/${fileName}"`);
    expect(after).toContain("margins-2026.pdf");
    expect(after).not.toContain(">Assign to me</button>");
    const download = await call(`/api/file-handling/get-file/${fileName}`, { cookie: manager.token });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("%PDF-1.4 margins");

    expect((await call("/manage/matches/no-such-request", { cookie: manager.token })).status).toBe(404);
  });

  it("proposes a consultant once: candidacy, statuses, assignment, notification and email to the consultant", async () => {
    const manager = await signedInManager();
    const { client, match, avery, first, second } = await requestWithShortlist();

    const proposed = await postForm(
      `/manage/matches/${match.id}`,
      { intent: "propose", suggestionId: first.id },
      manager.token,
    );
    expect(proposed.status).toBe(200);
    const page = await proposed.text();
    expect(page).toContain(html(`${avery.name} was proposed. They have been notified and asked to accept or decline.`));
    expect(page).toContain("Asked, no answer yet");
    // The notice is on the card of the consultant it is about, where the button was.
    const notice = page.indexOf(html(`${avery.name} was proposed.`));
    expect(notice).toBeGreaterThan(page.indexOf(`>${avery.name}</h3>`));
    expect(notice).toBeLessThan(page.indexOf(`>Blake Rivers</h3>`));

    const candidates = await candidatesOf(match.id);
    expect(candidates).toHaveLength(1);
    const [candidate] = candidates;
    expect(candidate.consultantId).toBe(avery.user.id);
    expect(candidate.businessId).toBe(client.business.id);
    expect(candidate.status).toBe("proposed");
    expect(candidate.businessDecisionStatus).toBe("pending");
    expect(candidate.proposedById).toBe(manager.user.id);
    const suggestion = await suggestionRow(first.id);
    expect(suggestion.status).toBe("proposed");
    expect(suggestion.decidedById).toBe(manager.user.id);
    expect(suggestion.decidedAt).not.toBeNull();
    expect((await suggestionRow(second.id)).status).toBe("pending");
    const row = await requestRow(match.id);
    expect(row.status).toBe("candidates_proposed");
    expect(matchStatusText(row)).toBe(MATCH_STATUS_TEXTS.candidates_proposed);
    expect(row.assignedManagerId).toBe(manager.user.id);

    const notices = await db().select().from(notifications).where(eq(notifications.userId, avery.user.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "candidate_proposed",
      title: "You have a new candidacy",
      body: "You have been proposed for a fractional engagement in Finance. Review the request and accept or decline the candidacy.",
      link: `/consultant/candidacies/${candidate.id}`,
      businessId: client.business.id,
    });
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, avery.user.email));
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe("You have a new candidacy");
    expect(emails[0].kind).toBe("candidate_proposed");
    expect(emails[0].textBody).toContain("Review the candidacy");
    expect(emails[0].textBody).toContain(`https://partwise.test/consultant/candidacies/${candidate.id}`);
    expect(emails[0].textBody).toContain("Engagement type");

    // A second press (a double click) proposes nothing more and says why.
    const again = await postForm(
      `/manage/matches/${match.id}`,
      { intent: "propose", suggestionId: first.id },
      manager.token,
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This consultant has already been proposed.");
    expect(await candidatesOf(match.id)).toHaveLength(1);
    expect(await db().select().from(notifications).where(eq(notifications.userId, avery.user.id))).toHaveLength(1);

    // Another consultant may be proposed while the first has not answered; the status stays.
    const other = await signedInManager();
    const secondProposal = await postForm(
      `/manage/matches/${match.id}`,
      { intent: "propose", suggestionId: second.id },
      other.token,
    );
    expect(secondProposal.status).toBe(200);
    expect(await candidatesOf(match.id)).toHaveLength(2);
    const kept = await requestRow(match.id);
    expect(kept.status).toBe("candidates_proposed");
    expect(kept.assignedManagerId).toBe(manager.user.id);
  });

  it("proposes while the business decides on an earlier candidate without moving the request back", async () => {
    const manager = await signedInManager();
    const { client, match, first } = await requestWithShortlist({
      status: "awaiting_decision",
    });
    const accepted = await consultant("Finley", "East");
    await createCandidateRow(match.id, client.business.id, accepted.user.id, { status: "accepted" });
    const response = await postForm(
      `/manage/matches/${match.id}`,
      { intent: "propose", suggestionId: first.id },
      manager.token,
    );
    expect(response.status).toBe(200);
    const row = await requestRow(match.id);
    expect(row.status).toBe("awaiting_decision");
    expect(matchStatusText(row)).toBe(MATCH_STATUS_TEXTS.awaiting_decision);
    expect(await candidatesOf(match.id)).toHaveLength(2);
  });

  it("refuses to propose a skipped, foreign, unvetted, unavailable, away, paused or already-candidate consultant, or on a closed request", async () => {
    const manager = await signedInManager();
    const { client, match, avery, first, second } = await requestWithShortlist();
    const business = client.business.id;
    const propose = (matchId: string, suggestionId: string) =>
      postForm(`/manage/matches/${matchId}`, { intent: "propose", suggestionId }, manager.token);
    const expectRefused = async (response: Response, message: string) => {
      expect(response.status, message).toBe(409);
      expect(await response.text()).toContain(html(message));
    };

    // Skipped.
    await db().update(matchSuggestions).set({ status: "skipped" }).where(eq(matchSuggestions.id, second.id));
    await expectRefused(
      await propose(match.id, second.id),
      "This consultant was skipped. Run matching again to rank them anew.",
    );
    // Another request's shortlist entry.
    const elsewhere = await requestWithShortlist();
    const foreign = await propose(match.id, elsewhere.first.id);
    const foreignText = await foreign.clone().text();
    await expectRefused(foreign, "That consultant is not on this request's shortlist.");
    // Not about a card of this page: shown at the top.
    expect(foreignText.indexOf(html("That consultant is not on this request's shortlist."))).toBeLessThan(
      foreignText.indexOf("Shortlist</h2>"),
    );
    await expectRefused(
      await propose(match.id, "no-such-suggestion"),
      "That consultant is not on this request's shortlist.",
    );
    // No longer vetted, or unavailable.
    const unvetted = await consultant("Gray", "Hale", { vetted: false });
    const unvettedEntry = await createSuggestionRow(match.id, business, unvetted.user.id, { rank: 3 });
    await expectRefused(
      await propose(match.id, unvettedEntry.id),
      "This consultant is no longer vetted and cannot be proposed.",
    );
    const away = await consultant("Harper", "Lane", { availability: "unavailable" });
    const awayEntry = await createSuggestionRow(match.id, business, away.user.id, { rank: 4 });
    await expectRefused(
      await propose(match.id, awayEntry.id),
      "This consultant is not available at the moment and cannot be proposed.",
    );
    // Available, but away until next week.
    const onLeave = await consultant("Jules", "Park", { awayUntil: new Date(Date.now() + 7 * 86_400_000) });
    const onLeaveEntry = await createSuggestionRow(match.id, business, onLeave.user.id, { rank: 6 });
    await expectRefused(
      await propose(match.id, onLeaveEntry.id),
      "This consultant is away and cannot be proposed until they are back.",
    );
    // Vetted and available, but paused by a manager.
    const paused = await consultant("Rowan", "Vale", { pausedAt: new Date(Date.now() - 86_400_000) });
    const pausedEntry = await createSuggestionRow(match.id, business, paused.user.id, { rank: 7 });
    await expectRefused(
      await propose(match.id, pausedEntry.id),
      "This consultant is paused and cannot be proposed until a manager unpauses them.",
    );
    // Already a candidate (e.g. proposed from another list earlier).
    const known = await consultant("Indy", "Moss");
    const knownEntry = await createSuggestionRow(match.id, business, known.user.id, { rank: 5 });
    await createCandidateRow(match.id, business, known.user.id, { status: "declined" });
    await expectRefused(
      await propose(match.id, knownEntry.id),
      "This consultant is already a candidate on this request.",
    );
    // A request that has its consultant.
    const closed = await requestWithShortlist({ status: "consultant_matched" });
    await expectRefused(
      await propose(closed.match.id, closed.first.id),
      "This match request already has its consultant, or it was closed.",
    );

    const refusedEntries = [
      second,
      unvettedEntry,
      awayEntry,
      onLeaveEntry,
      pausedEntry,
      knownEntry,
      closed.first,
      elsewhere.first,
    ];
    for (const { id } of refusedEntries) {
      expect((await suggestionRow(id)).decidedById).toBeNull();
    }
    expect(await candidatesOf(match.id)).toHaveLength(1);
    expect(await candidatesOf(closed.match.id)).toHaveLength(0);
    expect((await requestRow(match.id)).status).toBe("matching");
    expect((await requestRow(match.id)).assignedManagerId).toBeNull();
    // The page offers no Propose for the blocked ones and says why.
    const page = await (await call(`/manage/matches/${match.id}`, { cookie: manager.token })).text();
    expect(page).toContain("This consultant is no longer vetted and cannot be proposed.");
    expect(page).not.toContain(`aria-label="Propose ${unvetted.name}"`);
    expect(page).toContain(`aria-label="Skip ${unvetted.name}"`);
    expect(page).toContain("This consultant is away and cannot be proposed until they are back.");
    expect(page).not.toContain(`aria-label="Propose ${onLeave.name}"`);
    expect(page).toContain("This consultant is paused and cannot be proposed until a manager unpauses them.");
    expect(page).not.toContain(`aria-label="Propose ${paused.name}"`);
    expect(page).toContain(`aria-label="Propose ${avery.name}"`);
    expect((await propose("no-such-request", first.id)).status).toBe(404);
  });

  it("skips a consultant (again: no change), refuses to skip a proposed one", async () => {
    const manager = await signedInManager();
    const { match, first, second, blake } = await requestWithShortlist();
    const skip = (suggestionId: string) =>
      postForm(`/manage/matches/${match.id}`, { intent: "skip", suggestionId }, manager.token);

    const skipped = await skip(second.id);
    expect(skipped.status).toBe(200);
    const text = await skipped.text();
    expect(text).toContain("Skipped. The consultant stays on the shortlist as skipped.");
    expect(text).not.toContain(`aria-label="Skip ${blake.name}"`);
    const row = await suggestionRow(second.id);
    expect(row.status).toBe("skipped");
    expect(row.decidedById).toBe(manager.user.id);
    expect((await skip(second.id)).status).toBe(200);
    expect((await suggestionRow(second.id)).decidedAt?.getTime()).toBe(row.decidedAt?.getTime());

    await postForm(`/manage/matches/${match.id}`, { intent: "propose", suggestionId: first.id }, manager.token);
    const refused = await skip(first.id);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This consultant has already been proposed.");
    expect((await suggestionRow(first.id)).status).toBe("proposed");
    expect((await skip("no-such-suggestion")).status).toBe(409);
    expect(
      (await postForm("/manage/matches/no-such-request", { intent: "skip", suggestionId: first.id }, manager.token))
        .status,
    ).toBe(404);
  });

  it("assigns to me (repeatable, another manager takes over) and re-runs matching on open requests only", async () => {
    const manager = await signedInManager();
    const other = await signedInManager();
    const client = await signedInClient();
    const match = await createMatchRequestRow(client.business.id, { status: "submitted" });

    for (let i = 0; i < 2; i++) {
      const response = await postForm(`/manage/matches/${match.id}`, { intent: "assign" }, manager.token);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("This match request is assigned to you.");
      expect((await requestRow(match.id)).assignedManagerId).toBe(manager.user.id);
    }
    const page = await (await call(`/manage/matches/${match.id}`, { cookie: other.token })).text();
    expect(page).toContain(">Assign to me</button>");
    expect(page).toContain("Test Person");
    await postForm(`/manage/matches/${match.id}`, { intent: "assign" }, other.token);
    expect((await requestRow(match.id)).assignedManagerId).toBe(other.user.id);

    const rerun = await postForm(`/manage/matches/${match.id}`, { intent: "rerun" }, manager.token);
    expect(rerun.status).toBe(200);
    expect(await rerun.text()).toContain("Matching ran again. The shortlist below is up to date.");
    const ranked = await requestRow(match.id);
    expect(ranked.status).toBe("matching");
    expect(ranked.rankedAt).not.toBeNull();

    const done = await createMatchRequestRow(client.business.id, { status: "completed" });
    const refused = await postForm(`/manage/matches/${done.id}`, { intent: "rerun" }, manager.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This match request already has its consultant, or it was closed.");
    expect((await call(`/manage/matches/${done.id}`, { cookie: manager.token })).status).toBe(200);
    for (const intent of ["assign", "rerun"]) {
      expect((await postForm("/manage/matches/no-such-request", { intent }, manager.token)).status).toBe(404);
    }
  });

  it("answers a body that is not a usable form with the form's message, never a 500, changing nothing", async () => {
    const manager = await signedInManager();
    const { match, first } = await requestWithShortlist();
    for (const fields of [
      {},
      { intent: "delete" },
      { intent: "propose" },
      { intent: "skip", suggestionId: "" },
    ] as Record<string, string>[]) {
      const response = await postForm(`/manage/matches/${match.id}`, fields, manager.token);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain("Choose Assign to me, Propose, Skip or Re-run matching.");
    }
    for (const [contentType, body, status] of [
      ["application/json", JSON.stringify({ intent: "propose", suggestionId: first.id }), 415],
      ["text/plain", "intent=propose", 415],
      ["multipart/form-data; boundary=x", "--x\r\nnot a multipart body", 400],
    ] as const) {
      const response = await call(`/manage/matches/${match.id}`, {
        method: "POST",
        cookie: manager.token,
        body,
        headers: { Host: "partwise.test", "Content-Type": contentType },
      });
      expect(response.status, contentType).toBe(status);
      expect(await response.text()).toContain(html(FORM_UNREADABLE_MESSAGE));
    }
    expect((await suggestionRow(first.id)).status).toBe("pending");
    expect(await candidatesOf(match.id)).toHaveLength(0);
    const row = await db()
      .select()
      .from(matchRequests)
      .where(and(eq(matchRequests.id, match.id), eq(matchRequests.status, "matching")));
    expect(row).toHaveLength(1);
  });
});
