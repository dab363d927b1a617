import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { BrandMark } from "./brand-mark";
import { BusinessSwitcher } from "./business-switcher";
import { MainNav } from "./main-nav";
import type { ShellData } from "./shell-data";
import { TopBar } from "./top-bar";
import { useLayout } from "./use-layout";

const NAV_ID = "main-nav";

/**
 * Frame of every signed-in client page: skip link, top bar, v2.2 toolbar and the content.
 * At 1024px and below the toolbar collapses behind the Menu button; CSS does the collapsing
 * (correct before hydration), this component only keeps the open state.
 */
export function AppShell({
  user,
  hasEngagements = false,
  unreadMessages = 0,
  business,
  memberships,
  children,
}: {
  user: ShellData["user"];
  /** The business the session works in (its name shows in the toolbar). */
  business: Pick<ShellData["business"], "id" | "name">;
  /** Every business the person belongs to: a switcher when there is more than one. */
  memberships: ShellData["memberships"];
  /** The business has an engagement: the navigation's Engagements entry is enabled (spec §2). */
  hasEngagements?: boolean;
  /** Unread messages: the navigation's Messages entry shows the count. */
  unreadMessages?: number;
  children: ReactNode;
}) {
  const { layout, compact } = useLayout();
  const [navOpen, setNavOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close the menu on navigation.
  useEffect(() => {
    setNavOpen(false);
  }, [location.key]);

  // Escape closes the menu and returns focus to its button.
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setNavOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navOpen]);

  // Growing past the collapsed classes leaves no menu to close.
  useEffect(() => {
    if (layout && layout !== "TINY" && layout !== "SMALL") setNavOpen(false);
  }, [layout]);

  return (
    <div
      className="shell"
      data-layout={layout ?? undefined}
      data-compact={compact ? "true" : undefined}
      data-nav-open={navOpen ? "true" : undefined}
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* One banner landmark holds the top bar, the toolbar's brand and the main navigation. */}
      <header className="shell-header">
        <TopBar
          firstName={user.firstName}
          lastName={user.lastName}
          navId={NAV_ID}
          navOpen={navOpen}
          onToggleNav={() => setNavOpen((value) => !value)}
          menuButtonRef={menuButtonRef}
        />
        <div className="sidebar">
          <div className="sidebar-brand">
            <BrandMark inverted />
          </div>
          <BusinessSwitcher business={business} memberships={memberships} />
          <MainNav id={NAV_ID} hasEngagements={hasEngagements} unreadMessages={unreadMessages} />
        </div>
      </header>
      {navOpen ? <div className="nav-backdrop" aria-hidden="true" onClick={() => setNavOpen(false)} /> : null}
      <main id="main" tabIndex={-1} className="shell-main">
        {children}
      </main>
      {/* Without scripts the Menu button cannot work, so small screens show the toolbar open. */}
      <noscript>
        <style>
          {
            "@media (max-width:1024px){.shell .menu-toggle{display:none!important}.shell .sidebar{display:block!important;position:static!important;width:100%!important;max-height:none!important;border-radius:0!important;box-shadow:none!important}.shell .shell-header{position:static!important}}"
          }
        </style>
      </noscript>
    </div>
  );
}
