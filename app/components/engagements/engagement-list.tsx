import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/shared/dates";
import { ToggleGroup } from "~/components/ui/toggle-group";
import { NO_ACTIVE_ENGAGEMENTS, NO_COMPLETED_ENGAGEMENTS } from "~/lib/engagements/engagement-copy";
import { useMemberRole } from "~/components/business/role-gate";
import {
  nextStepText,
  engagementStatusLabel,
  engagementsOfSide,
  type EngagementTileData,
} from "~/lib/engagements/engagement-display";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { consultingTypeLabel } from "~/lib/engagements/sow";
import { categoryLabel } from "~/lib/shared/format";

/**
 * One engagement's tile: its plan's title as the link that opens the engagement panel (the link
 * covers the tile), the business area and type, the consultant, the date it started and the
 * engagement status (spec §4: Complete, Pending, Approved (awaiting customer decision), Active),
 * with the business's next step when it has one.
 */
export function EngagementTile({ tile }: { tile: EngagementTileData }) {
  // Said for the reader: a role that cannot take the step reads who it waits for (docs/decisions/071).
  const role = useMemberRole();
  return (
    <li className="engagement-tile">
      <Link className="engagement-tile-link" to={businessEngagementPath(tile.id)} preventScrollReset>
        {tile.title || `${categoryLabel(tile.category)} engagement`}
      </Link>
      <span className="engagement-tile-meta">
        {categoryLabel(tile.category)} · {consultingTypeLabel(tile.consultingType)}
        {tile.consultantName ? ` · ${tile.consultantName}` : ""}
      </span>
      <time className="engagement-tile-date" dateTime={tile.createdAt}>
        {formatDate(tile.createdAt)}
      </time>
      <span className={`badge engagement-status engagement-status-${tile.status}`}>
        {engagementStatusLabel(tile.status)}
      </span>
      {tile.nextStep ? <span className="engagement-tile-next">{nextStepText(tile.nextStep, role)}</span> : null}
    </li>
  );
}

export function EngagementTiles({ tiles, empty }: { tiles: readonly EngagementTileData[]; empty: string }) {
  if (tiles.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="engagement-list">
      {tiles.map((tile) => (
        <EngagementTile key={tile.id} tile={tile} />
      ))}
    </ul>
  );
}

const OPTIONS = [
  { value: "active", label: "Active Engagements", empty: NO_ACTIVE_ENGAGEMENTS },
  { value: "completed", label: "Completed Engagements", empty: NO_COMPLETED_ENGAGEMENTS },
] as const;

/**
 * /features Engagements tab (spec §2): the Active Engagements / Completed Engagements toggle
 * (aria-pressed) over the tiles, newest first; active or completed by the outline's complete flag.
 */
export function EngagementToggleList({ tiles }: { tiles: readonly EngagementTileData[] }) {
  return (
    <ToggleGroup label="Engagements" options={OPTIONS}>
      {(selected) => <EngagementTiles tiles={engagementsOfSide(tiles, selected.value)} empty={selected.empty} />}
    </ToggleGroup>
  );
}
