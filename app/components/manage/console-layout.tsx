import { Form, Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandMark } from "~/components/shell/brand-mark";
import { Icon } from "~/components/shell/icons";

/** Work waiting in each section, shown beside its link. */
export type ConsoleCounts = { insightRequestsToDo: number; matchRequestsToDo: number; openSupportMessages: number };

type ConsoleSection = {
  to: string;
  label: string;
  icon: Parameters<typeof Icon>[0]["name"];
  /** Active only on this exact path (the console home), not on the pages below it. */
  end?: boolean;
  /** The waiting work shown beside the link, and what it counts ("3 to do"). */
  count?: { of: (counts: ConsoleCounts) => number; what: string };
};

/**
 * The console's sections, in navigation order. A new section (matching, consultants,
 * engagements) is one entry here plus its routes under /manage.
 */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { to: "/manage", label: "Home", icon: "dashboard", end: true },
  {
    to: "/manage/insights",
    label: "Insight requests",
    icon: "insights",
    count: { of: (counts) => counts.insightRequestsToDo, what: "to do" },
  },
  {
    to: "/manage/matches",
    label: "Match requests",
    icon: "matching",
    count: { of: (counts) => counts.matchRequestsToDo, what: "to do" },
  },
  { to: "/manage/consultants", label: "Consultants", icon: "people" },
  {
    to: "/manage/support",
    label: "Support messages",
    icon: "support",
    count: { of: (counts) => counts.openSupportMessages, what: "open" },
  },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? "console-nav-link is-active" : "console-nav-link";

/**
 * The engagement manager console's own frame, apart from the public pages' narrow column: a top
 * bar (brand, console name, the manager, Logout), the section navigation (a column beside the
 * page from 900px, a row above it on smaller screens) and a main area as wide as the screen
 * allows, so two-column pages keep a readable side column.
 */
export function ConsoleLayout({
  manager,
  counts,
  children,
}: {
  manager: string;
  counts: ConsoleCounts;
  children: ReactNode;
}) {
  return (
    <div className="console-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-topbar">
        <Link to="/manage" className="plain-brand" aria-label="Partwise console home">
          <BrandMark />
        </Link>
        <span className="console-topbar-title">Engagement manager console</span>
        <div className="console-topbar-user">
          <span className="console-topbar-name">{manager}</span>
          <Form method="post" action="/logout">
            <button type="submit" className="button button-ghost">
              Logout
            </button>
          </Form>
        </div>
      </header>
      <div className="console-body">
        <nav className="console-nav" aria-label="Console">
          <ul>
            {CONSOLE_SECTIONS.map((section) => {
              const waiting = section.count ? section.count.of(counts) : 0;
              return (
                <li key={section.to}>
                  <NavLink to={section.to} end={section.end} className={linkClass}>
                    <Icon name={section.icon} />
                    <span className="console-nav-label">{section.label}</span>
                    {section.count && waiting > 0 ? (
                      <span className="console-nav-count">
                        <span aria-hidden="true">{waiting}</span>
                        <span className="visually-hidden">{`, ${waiting} ${section.count.what}`}</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="console-main">
          {children}
        </main>
      </div>
    </div>
  );
}
