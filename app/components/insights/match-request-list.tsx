import { categoryLabel } from "~/lib/shared/format";
import { ToggleGroup } from "~/components/ui/toggle-group";
import { formatDate } from "~/lib/shared/dates";

export type MatchItem = { id: string; category: string; createdAt: string; value: string; active: boolean };

/** Match request rows: category, date ("Nov 3, 2026") and the stored status text. */
export function MatchRequestItems({ matches, empty }: { matches: readonly MatchItem[]; empty: string }) {
  if (matches.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="match-list">
      {matches.map((match) => (
        <li key={match.id} className="match-row">
          <span className="match-row-category">{categoryLabel(match.category)}</span>
          <time className="match-row-date" dateTime={match.createdAt}>
            {formatDate(match.createdAt)}
          </time>
          <span className="match-row-status">{match.value}</span>
        </li>
      ))}
    </ul>
  );
}

const OPTIONS = [
  { value: "active", label: "Active", empty: "No Active Matches" },
  { value: "completed", label: "Completed", empty: "No Completed Matches" },
] as const;

/** /features Matching tab: the Active / Completed toggle (aria-pressed) over the match requests. */
export function MatchRequestToggleList({ matches }: { matches: readonly MatchItem[] }) {
  return (
    <ToggleGroup label="Match requests" options={OPTIONS}>
      {(selected) => (
        <MatchRequestItems
          matches={matches.filter((match) => match.active === (selected.value === "active"))}
          empty={selected.empty}
        />
      )}
    </ToggleGroup>
  );
}
