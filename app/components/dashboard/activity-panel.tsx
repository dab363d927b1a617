import { useRef, useState, type KeyboardEvent } from "react";
import { NO_MATCHES_MESSAGE } from "~/lib/insights/insight-views";
import { InsightCarousel } from "~/components/insights/insight-carousel";
import type { TileData } from "~/components/insights/insight-tile";
import { MatchRequestItems, type MatchItem } from "~/components/matching/match-tiles";

const TABS = [
  { id: "insights", label: "Insights" },
  { id: "matching", label: "Matching" },
] as const;
export type ActivityTab = (typeof TABS)[number]["id"];
type TabId = ActivityTab;

/** The tab `/dashboard?activity=…` opens on: Matching when asked, otherwise Insights. */
export function activityTabFrom(value: string | null): ActivityTab {
  return value === "matching" ? "matching" : "insights";
}

/**
 * Activity panel of the dashboard (spec §2): tabs Insights (the insight carousel) and Matching
 * (the match requests). Follows the WAI-ARIA
 * tabs pattern (arrow keys, Home/End move between tabs; only the selected tab is in tab order).
 * A panel's content renders once its tab is first opened and then stays (with its scroll and
 * carousel position): only JavaScript switches tabs, so the page does not render a hidden list for
 * nobody. `?activity=matching` opens the page on the Matching tab.
 */
export function ActivityPanel({
  tiles,
  matches,
  initialTab = "insights",
}: {
  tiles: readonly TileData[];
  matches: readonly MatchItem[];
  initialTab?: TabId;
}) {
  const [selected, setSelected] = useState<TabId>(initialTab);
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set([initialTab]));
  const select = (id: TabId) => {
    setSelected(id);
    setOpened((previous) => (previous.has(id) ? previous : new Set(previous).add(id)));
  };
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ insights: null, matching: null });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === selected);
    let next: number | null = null;
    if (event.key === "ArrowRight") next = (index + 1) % TABS.length;
    if (event.key === "ArrowLeft") next = (index - 1 + TABS.length) % TABS.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const id = TABS[next].id;
    select(id);
    tabRefs.current[id]?.focus();
  };

  return (
    <section className="card activity-panel" aria-labelledby="activity-title">
      <h2 id="activity-title" className="card-title">
        Activity
      </h2>
      <div role="tablist" aria-label="Activity" className="tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              tabRefs.current[tab.id] = node;
            }}
            type="button"
            role="tab"
            id={`activity-tab-${tab.id}`}
            aria-selected={selected === tab.id}
            aria-controls={`activity-panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            className="tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="activity-panel-insights"
        aria-labelledby="activity-tab-insights"
        hidden={selected !== "insights"}
        tabIndex={0}
        className="tab-panel"
      >
        {opened.has("insights") ? <InsightCarousel tiles={tiles} /> : null}
      </div>
      <div
        role="tabpanel"
        id="activity-panel-matching"
        aria-labelledby="activity-tab-matching"
        hidden={selected !== "matching"}
        tabIndex={0}
        className="tab-panel"
      >
        {opened.has("matching") ? <MatchRequestItems matches={matches} empty={NO_MATCHES_MESSAGE} /> : null}
      </div>
    </section>
  );
}
