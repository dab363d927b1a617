import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import type { SettingsTab, SettingsTabInfo } from "~/lib/business/settings-schemas";
import { useHydrated } from "~/components/ui/use-hydrated";

export const SETTINGS_PANEL_ID = "settings-panel";

export function settingsTabId(tab: SettingsTab): string {
  return `settings-tab-${tab}`;
}

/**
 * The settings tabs (spec §2, and Activity for owners and admins). Each tab is a link to `?tab=…`, so switching works without
 * JavaScript; once hydrated it follows the WAI-ARIA tabs pattern (arrow keys, Home and End move
 * and select; only the selected tab is in the tab order).
 */
export function SettingsTabs({ tabs, selected }: { tabs: readonly SettingsTabInfo[]; selected: SettingsTab }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const refs = useRef<Partial<Record<SettingsTab, HTMLAnchorElement | null>>>({});
  const listRef = useRef<HTMLDivElement>(null);

  // On a screen too narrow for all four tabs the list scrolls sideways: keep the selected one in view.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current[selected];
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < listBox.left || tabBox.right > listBox.right) {
      list.scrollLeft += tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2;
    }
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next: number | null = null;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const id = tabs[next]!.id;
    refs.current[id]?.focus();
    navigate(`?tab=${id}`, { replace: true, preventScrollReset: true });
  };

  return (
    <div ref={listRef} role="tablist" aria-label="Settings" className="tabs settings-tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <Link
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node;
            }}
            to={`?tab=${tab.id}`}
            replace
            preventScrollReset
            role="tab"
            id={settingsTabId(tab.id)}
            aria-selected={isSelected}
            aria-controls={isSelected ? SETTINGS_PANEL_ID : undefined}
            // Roving focus only once the arrow keys work; without JavaScript every tab is tabbable.
            tabIndex={hydrated && !isSelected ? -1 : 0}
            className="tab"
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}
