import { describe, expect, it } from "vitest";
import { MATCH_REQUEST_STATUSES, type MatchRequestStatus } from "~db/enums";
import { MATCH_STATUS_TEXTS, nextCandidateStatusText } from "~/lib/matching/match-status";
import {
  ACTIVE_OUTLINE_TILE_TEXT,
  PROPOSED_OUTLINE_TILE_TEXT,
  isCompletedMatch,
  isEngagement,
  matchTileHref,
  matchTileStep,
  matchTileText,
  matchesOfSide,
  newestFirst,
  type MatchTileData,
} from "~/lib/matching/match-tiles";

function tile(status: MatchRequestStatus, overrides: Partial<MatchTileData> = {}): MatchTileData {
  return {
    id: "match-1",
    category: "finance",
    createdAt: "2026-11-02T10:00:00.000Z",
    status,
    value: MATCH_STATUS_TEXTS[status],
    active: !isCompletedMatch(status),
    candidateConsultantId: null,
    outline: null,
    ...overrides,
  };
}

describe("match tile text", () => {
  it("says the plan is active with an active outline, that a plan waits with a proposed one, else the stored value", () => {
    expect(ACTIVE_OUTLINE_TILE_TEXT).toBe("Your engagement plan is active! Review the progress here!");
    expect(PROPOSED_OUTLINE_TILE_TEXT).toBe("Your consultant made an engagement plan for you to review.");
    expect(matchTileText(tile("engagement_active", { outline: { id: "o1", state: "active" } }))).toBe(
      ACTIVE_OUTLINE_TILE_TEXT,
    );
    expect(matchTileText(tile("outline_proposed", { value: "stale", outline: { id: "o1", state: "proposed" } }))).toBe(
      PROPOSED_OUTLINE_TILE_TEXT,
    );
    expect(matchTileText(tile("completed", { outline: { id: "o1", state: "complete" } }))).toBe(
      MATCH_STATUS_TEXTS.completed,
    );
    const waiting = nextCandidateStatusText(new Date("2026-11-05T09:00:00Z"));
    expect(matchTileText(tile("matching", { value: waiting }))).toBe(
      "We are finding the best consultant for your request. You will see your next candidate by Nov 5, 2026.",
    );
  });
});

describe("where a tile opens", () => {
  it("opens the engagement plan when the match has an outline", () => {
    expect(matchTileHref(tile("engagement_active", { id: "m 1", outline: { id: "out/1", state: "active" } }))).toBe(
      "/features?focus=Engagements&engagementId=out%2F1",
    );
    expect(matchTileHref(tile("outline_proposed", { outline: { id: "o2", state: "proposed" } }))).toBe(
      "/features?focus=Engagements&engagementId=o2",
    );
  });

  it("opens the waiting candidate when the value speaks of a profile", () => {
    const awaiting = tile("awaiting_decision", { id: "m1", candidateConsultantId: "consultant-7" });
    expect(awaiting.value).toContain("profile");
    expect(matchTileHref(awaiting)).toBe("/features?matchId=m1&viewCandidate=consultant-7");
  });

  it("opens the match's details otherwise, and when no candidacy is waiting after all", () => {
    expect(matchTileHref(tile("matching", { id: "m1" }))).toBe("/features?matchId=m1");
    expect(matchTileHref(tile("consultant_matched", { id: "m1", candidateConsultantId: "c" }))).toBe(
      "/features?matchId=m1",
    );
    expect(matchTileHref(tile("awaiting_decision", { id: "m1", candidateConsultantId: null }))).toBe(
      "/features?matchId=m1",
    );
  });
});

describe("step indicator", () => {
  it("names the status bar's step, flags the steps where the business must act, and shows none when cancelled", () => {
    const step = (status: MatchRequestStatus) => matchTileStep({ status, value: MATCH_STATUS_TEXTS[status] });
    expect(step("matching")).toEqual({
      step: 2,
      label: "Step 2 of 5: Smart Matching",
      actionRequired: false,
    });
    expect(step("awaiting_decision")).toEqual({
      step: 3,
      label: "Step 3 of 5: Review Consultant",
      actionRequired: true,
    });
    expect(step("consultant_matched")).toEqual({
      step: 4,
      label: "Step 4 of 5: Match Complete",
      actionRequired: false,
    });
    expect(step("engagement_active")?.label).toBe("Step 5 of 5: Done!");
    // A sentence without a step's keyword is on the first step.
    expect(matchTileStep({ status: "submitted", value: "Received." })).toEqual({
      step: 1,
      label: "Step 1 of 5: Match Requested",
      actionRequired: false,
    });
    expect(step("cancelled")).toBeNull();
  });
});

describe("Active and Completed", () => {
  it("completes a match once the business has its consultant, or when it is cancelled", () => {
    const completed = MATCH_REQUEST_STATUSES.filter(isCompletedMatch);
    expect(completed).toEqual([
      "consultant_matched",
      "outline_draft",
      "outline_proposed",
      "engagement_active",
      "completed",
      "cancelled",
    ]);
    expect(MATCH_REQUEST_STATUSES.filter((status) => !isCompletedMatch(status))).toEqual([
      "submitted",
      "matching",
      "candidates_proposed",
      "awaiting_decision",
    ]);
  });

  it("splits the tiles by side, newest first", () => {
    const tiles = [
      tile("matching", { id: "a", createdAt: "2026-11-01T10:00:00.000Z" }),
      tile("consultant_matched", { id: "b", createdAt: "2026-11-03T10:00:00.000Z" }),
      tile("awaiting_decision", { id: "c", createdAt: "2026-11-04T10:00:00.000Z" }),
      tile("cancelled", { id: "d", createdAt: "2026-10-01T10:00:00.000Z" }),
    ];
    expect(matchesOfSide(tiles, "active").map((t) => t.id)).toEqual(["c", "a"]);
    expect(matchesOfSide(tiles, "completed").map((t) => t.id)).toEqual(["b", "d"]);
    expect(newestFirst(tiles).map((t) => t.id)).toEqual(["c", "b", "a", "d"]);
  });

  it("counts a match with an outline as an engagement", () => {
    expect(isEngagement(tile("outline_proposed", { outline: { id: "o", state: "proposed" } }))).toBe(true);
    expect(isEngagement(tile("consultant_matched"))).toBe(false);
  });
});
