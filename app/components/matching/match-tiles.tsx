import { Link } from "@remix-run/react";
import { categoryLabel } from "~/lib/shared/format";
import { ToggleGroup } from "~/components/ui/toggle-group";
import { formatDate } from "~/lib/shared/dates";
import {
  ACTION_REQUIRED_LABEL,
  NO_ACTIVE_MATCHES_MESSAGE,
  NO_COMPLETED_MATCHES_MESSAGE,
  matchTileHref,
  matchTileStep,
  matchTileText,
  matchesOfSide,
  newestFirst,
  type MatchTileData,
} from "~/lib/matching/match-tiles";

export type MatchItem = MatchTileData;

/**
 * The match tiles, newest first (spec §4): category, date ("Nov 3, 2026"), the tile's sentence
 * as the link to where it opens (the engagement plan, the suggested candidate or the match), and
 * the status bar's step with 'Action required' when the business must act. The link covers the
 * whole tile.
 */
export function MatchRequestItems({ matches, empty }: { matches: readonly MatchItem[]; empty: string }) {
  if (matches.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="match-list">
      {newestFirst(matches).map((match) => {
        const step = matchTileStep(match);
        return (
          <li key={match.id} className="match-row">
            <span className="match-row-category">{categoryLabel(match.category)}</span>
            <time className="match-row-date" dateTime={match.createdAt}>
              {formatDate(match.createdAt)}
            </time>
            <Link className="match-row-status" to={matchTileHref(match)}>
              {matchTileText(match)}
            </Link>
            {step ? (
              <span className="match-row-step">
                <span className="match-row-step-label">{step.label}</span>
                {step.actionRequired ? <span className="badge badge-action">{ACTION_REQUIRED_LABEL}</span> : null}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const OPTIONS = [
  { value: "active", label: "Active", empty: NO_ACTIVE_MATCHES_MESSAGE },
  { value: "completed", label: "Completed", empty: NO_COMPLETED_MATCHES_MESSAGE },
] as const;

/**
 * /features Matching tab: the Active / Completed toggle (aria-pressed) over the match tiles.
 * Completed: the business has its consultant, or the request was cancelled.
 */
export function MatchRequestToggleList({ matches }: { matches: readonly MatchItem[] }) {
  return (
    <ToggleGroup label="Match requests" options={OPTIONS}>
      {(selected) => <MatchRequestItems matches={matchesOfSide(matches, selected.value)} empty={selected.empty} />}
    </ToggleGroup>
  );
}
