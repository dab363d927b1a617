import { describe, expect, it } from "vitest";
import { deliveryOutlines } from "~db/schema";
import { MATCH_STATUS_TEXTS } from "~/lib/matching/match-status";
import { createCandidateRow, createMatchRequestRow, createUser, call, db, html } from "../helpers";
import { signedInClient } from "../../factories";

type Tile = { category: string; date: string; href: string; text: string; step: string; actionRequired: boolean };

const decode = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The match tiles a page rendered, in order (the first match list in `scope`). */
function tilesIn(scope: string): Tile[] {
  const list = /<ul class="match-list">([\s\S]*?)<\/ul>/.exec(scope)?.[1] ?? "";
  return [...list.matchAll(/<li class="match-row">([\s\S]*?)<\/li>/g)].map(([, row]) => ({
    category: /class="match-row-category">([^<]*)</.exec(row)?.[1] ?? "",
    date: /class="match-row-date"[^>]*>([^<]*)</.exec(row)?.[1] ?? "",
    href: decode(/<a class="match-row-status"[^>]*? href="([^"]*)"/.exec(row)?.[1] ?? ""),
    text: decode(/<a class="match-row-status"[^>]*>([^<]*)</.exec(row)?.[1] ?? ""),
    step: /class="match-row-step-label">([^<]*)</.exec(row)?.[1] ?? "",
    actionRequired: row.includes("Action required"),
  }));
}

/** The dashboard activity panel's Matching tab (its list renders when the tab is open: `?activity=matching`). */
function matchingTab(page: string): string {
  return /<div role="tabpanel" id="activity-panel-matching"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
}

/** An outline in `state`; a proposed or active one a manager approved, so the business sees it. */
async function outline(matchRequestId: string, businessId: string, state: "draft" | "proposed" | "active") {
  const id = crypto.randomUUID();
  const egmReviewStatus = state === "draft" ? "pending" : "approved";
  await db()
    .insert(deliveryOutlines)
    .values({ id, matchRequestId, businessId, state, egmReviewStatus, title: "Margin recovery" });
  return id;
}

/** One business with a match at each stage the tiles tell apart, oldest first. */
async function businessWithMatches() {
  const client = await signedInClient();
  const id = client.business.id;
  const at = (day: number) => ({ createdAt: new Date(`2026-11-${String(day).padStart(2, "0")}T12:00:00Z`) });
  const { user: declined } = await createUser({ role: "consultant" });
  const { user: waiting } = await createUser({ role: "consultant" });
  const { user: matched } = await createUser({ role: "consultant" });

  const smart = await createMatchRequestRow(id, { status: "matching", ...at(1) });
  const awaiting = await createMatchRequestRow(id, { status: "awaiting_decision", category: "marketing", ...at(2) });
  await createCandidateRow(awaiting.id, id, declined.id, { status: "declined" });
  await createCandidateRow(awaiting.id, id, waiting.id, { status: "accepted" });
  const drafting = await createMatchRequestRow(id, {
    status: "outline_draft",
    matchedConsultantId: matched.id,
    ...at(3),
  });
  await outline(drafting.id, id, "draft");
  const proposed = await createMatchRequestRow(id, { status: "outline_proposed", category: "hr", ...at(4) });
  const proposedOutline = await outline(proposed.id, id, "proposed");
  const active = await createMatchRequestRow(id, { status: "engagement_active", ...at(5) });
  const activeOutline = await outline(active.id, id, "active");
  const cancelled = await createMatchRequestRow(id, { status: "cancelled", ...at(6) });
  return { client, smart, awaiting, waiting, drafting, proposed, proposedOutline, active, activeOutline, cancelled };
}

describe("match tiles", () => {
  it("the dashboard's Matching tab shows every match newest first, with its text, step and where it opens", async () => {
    const rows = await businessWithMatches();
    const other = await signedInClient();
    const foreign = await createMatchRequestRow(other.business.id, { status: "awaiting_decision" });

    const page = await (await call("/dashboard?activity=matching", { cookie: rows.client.token })).text();
    expect(page).toContain('aria-selected="true" aria-controls="activity-panel-matching"');
    expect(tilesIn(matchingTab(page))).toEqual([
      {
        category: "Finance",
        date: "Nov 6, 2026",
        href: `/features?matchId=${rows.cancelled.id}`,
        text: MATCH_STATUS_TEXTS.cancelled,
        step: "",
        actionRequired: false,
      },
      {
        category: "Finance",
        date: "Nov 5, 2026",
        href: `/features?focus=Engagements&engagementId=${rows.activeOutline}`,
        text: "Your engagement plan is active! Review the progress here!",
        step: "Step 5 of 5: Done!",
        actionRequired: true,
      },
      {
        category: "HR",
        date: "Nov 4, 2026",
        href: `/features?focus=Engagements&engagementId=${rows.proposedOutline}`,
        text: "Your consultant made an engagement plan for you to review.",
        step: "Step 4 of 5: Match Complete",
        actionRequired: true,
      },
      {
        // The consultant's draft is not the business's to open yet.
        category: "Finance",
        date: "Nov 3, 2026",
        href: `/features?matchId=${rows.drafting.id}`,
        text: MATCH_STATUS_TEXTS.outline_draft,
        step: "Step 4 of 5: Match Complete",
        actionRequired: false,
      },
      {
        category: "Marketing",
        date: "Nov 2, 2026",
        href: `/features?matchId=${rows.awaiting.id}&viewCandidate=${rows.waiting.id}`,
        text: MATCH_STATUS_TEXTS.awaiting_decision,
        step: "Step 3 of 5: Review Consultant",
        actionRequired: true,
      },
      {
        category: "Finance",
        date: "Nov 1, 2026",
        href: `/features?matchId=${rows.smart.id}`,
        text: MATCH_STATUS_TEXTS.matching,
        step: "Step 2 of 5: Smart Matching",
        actionRequired: false,
      },
    ]);
    expect(page).not.toContain(foreign.id);
  });

  it("the dashboard opens on the Insights tab and renders the Matching list only once that tab is opened", async () => {
    const rows = await businessWithMatches();
    const page = await (await call("/dashboard", { cookie: rows.client.token })).text();
    expect(page).toContain('aria-selected="true" aria-controls="activity-panel-insights"');
    expect(matchingTab(page)).toMatch(/^<div role="tabpanel" id="activity-panel-matching"[^>]*hidden=""[^>]*><\/div>/);
    expect(tilesIn(matchingTab(page))).toEqual([]);
    // Anything but "matching" is the default tab.
    const junk = await (await call("/dashboard?activity=%3Cscript%3E", { cookie: rows.client.token })).text();
    expect(junk).toContain('aria-selected="true" aria-controls="activity-panel-insights"');
  });

  it("/features?focus=Matching opens on the Active matches: those still being matched, newest first", async () => {
    const rows = await businessWithMatches();
    const page = await (await call("/features?focus=Matching", { cookie: rows.client.token })).text();
    expect(tilesIn(page).map((tile) => tile.href)).toEqual([
      `/features?matchId=${rows.awaiting.id}&viewCandidate=${rows.waiting.id}`,
      `/features?matchId=${rows.smart.id}`,
    ]);
    expect(page).toContain('aria-pressed="true">Active</button>');
    expect(page).not.toContain("No Active Matches");
  });

  it("a match waiting for a decision but with no accepted candidacy opens its details", async () => {
    const { business, token } = await signedInClient();
    const { user: consultant } = await createUser({ role: "consultant" });
    const match = await createMatchRequestRow(business.id, { status: "awaiting_decision" });
    // Decided already: no longer waiting for the business.
    await createCandidateRow(match.id, business.id, consultant.id, {
      status: "accepted",
      businessDecisionStatus: "rejected",
    });
    const page = await (await call("/features?focus=Matching", { cookie: token })).text();
    expect(tilesIn(page).map((tile) => tile.href)).toEqual([`/features?matchId=${match.id}`]);
  });

  it("says so when there are no matches, and never lists another business's", async () => {
    const { token } = await signedInClient();
    const other = await signedInClient();
    const foreign = await createMatchRequestRow(other.business.id);
    const features = await (await call("/features?focus=Matching", { cookie: token })).text();
    expect(features).toContain(html("No Active Matches"));
    expect(features).not.toContain(foreign.id);
    const dashboard = await (await call("/dashboard?activity=matching", { cookie: token })).text();
    expect(matchingTab(dashboard)).toContain("There are no matches at this time.");
    expect(dashboard).not.toContain(foreign.id);
  });
});
