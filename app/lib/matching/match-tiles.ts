import type { MatchRequestStatus } from "~db/enums";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { MATCH_STATUS_TEXTS, MATCH_STEPS, MATCHED_STATUSES, matchStep, matchValueOpensCandidate } from "./match-status";

/**
 * The business's match tiles (spec §4 "Match tile text", where a tile opens, Active/Completed;
 * spec §2 /features Matching tab and the dashboard's activity panel). Pure and isomorphic: the
 * server loads the rows (app/server/insights/insight-views.server.ts), the tiles render them
 * (app/components/matching/match-tiles.tsx), and both follow these rules.
 */

/**
 * The delivery outline a tile follows: the match request's newest outline the business can see
 * (proposed to it, active or complete; a consultant's draft is not shown).
 */
export type MatchTileOutline = { id: string; state: "proposed" | "active" | "complete" };

/** One match request as its tile needs it (serialisable: the loaders return it as is). */
export type MatchTileData = {
  id: string;
  category: string;
  createdAt: string;
  status: MatchRequestStatus;
  /** The status sentence (spec §3 'value', matchStatusText). */
  value: string;
  /** Active = still being matched; Completed = the business has its consultant, or it was cancelled. */
  active: boolean;
  /** The consultant of the candidacy waiting for the business's decision (accepted, decision pending). */
  candidateConsultantId: string | null;
  outline: MatchTileOutline | null;
};

export const ACTIVE_OUTLINE_TILE_TEXT = MATCH_STATUS_TEXTS.engagement_active;
export const PROPOSED_OUTLINE_TILE_TEXT = MATCH_STATUS_TEXTS.outline_proposed;
export const ACTION_REQUIRED_LABEL = "Action required";
export const NO_ACTIVE_MATCHES_MESSAGE = "No Active Matches";
export const NO_COMPLETED_MATCHES_MESSAGE = "No Completed Matches";

/** The Completed side of the Matching toggle: a consultant was matched, or the request was cancelled. */
export function isCompletedMatch(status: MatchRequestStatus): boolean {
  return status === "cancelled" || MATCHED_STATUSES.includes(status);
}

/** A match whose outline was proposed to the business (or is under way) is an engagement (spec §4). */
export function isEngagement(tile: Pick<MatchTileData, "outline">): boolean {
  return tile.outline !== null;
}

/** The sentence a tile shows: the outline's state when there is one, otherwise the request's value. */
export function matchTileText(tile: Pick<MatchTileData, "value" | "outline">): string {
  if (tile.outline?.state === "active") return ACTIVE_OUTLINE_TILE_TEXT;
  if (tile.outline?.state === "proposed") return PROPOSED_OUTLINE_TILE_TEXT;
  return tile.value;
}

/**
 * Where a tile opens: the engagement plan when it has an outline; the suggested candidate when
 * its value speaks of a profile (and a candidacy is waiting); otherwise the match's details.
 */
export function matchTileHref(tile: Pick<MatchTileData, "id" | "value" | "outline" | "candidateConsultantId">): string {
  if (tile.outline) return businessEngagementPath(tile.outline.id);
  const details = `/features?matchId=${encodeURIComponent(tile.id)}`;
  if (matchValueOpensCandidate(tile.value) && tile.candidateConsultantId) {
    return `${details}&viewCandidate=${encodeURIComponent(tile.candidateConsultantId)}`;
  }
  return details;
}

/**
 * "Step 2 of 5: Smart Matching", and whether the business must act (the step's REVIEW state).
 * A cancelled request is on no step.
 */
export function matchTileStep(
  tile: Pick<MatchTileData, "status" | "value">,
): { label: string; actionRequired: boolean; step: number } | null {
  if (tile.status === "cancelled") return null;
  const { step, state } = matchStep(tile.value);
  return {
    step,
    label: `Step ${step} of ${MATCH_STEPS.length}: ${MATCH_STEPS[step - 1]}`,
    actionRequired: state === "review",
  };
}

/** Newest first; equal times keep a stable order by id. */
export function newestFirst<T extends { createdAt: string; id: string }>(tiles: readonly T[]): T[] {
  return [...tiles].sort((a, b) =>
    a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
  );
}

/** The Active or the Completed side of the Matching toggle, newest first. */
export function matchesOfSide<T extends Pick<MatchTileData, "active" | "createdAt" | "id">>(
  tiles: readonly T[],
  side: "active" | "completed",
): T[] {
  return newestFirst(tiles.filter((tile) => tile.active === (side === "active")));
}
