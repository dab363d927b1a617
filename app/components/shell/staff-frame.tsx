import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { BrandMark } from "~/components/shell/brand-mark";
import { Icon } from "~/components/shell/icons";

/** One link of a staff frame's navigation; `waiting` is the work shown beside it ("3 to do"). */
export type StaffSection = {
  to: string;
  label: string;
  icon: Parameters<typeof Icon>[0]["name"];
  /** Active only on this exact path (a home), not on the pages below it. */
  end?: boolean;
  waiting?: { count: number; what: string };
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? "console-nav-link is-active" : "console-nav-link";

/**
 * The frame of the staff's screens (the managers' console, the consultants' portal): a top bar
 * (brand linking home, the tool's name, the person, Logout), the section navigation (a column
 * beside the page from 900px, a row above it on smaller screens) and a main area as wide as the
 * screen allows.
 */
export function StaffFrame({
  home,
  homeLabel,
  title,
  person,
  navLabel,
  sections,
  children,
}: {
  home: string;
  homeLabel: string;
  title: string;
  person: string;
  navLabel: string;
  sections: readonly StaffSection[];
  children: ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections are one row that scrolls sideways: keep the current one in sight.
  useEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>(".is-active");
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div className="console-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-topbar">
        <Link to={home} className="plain-brand" aria-label={homeLabel}>
          <BrandMark />
        </Link>
        <span className="console-topbar-title">{title}</span>
        <div className="console-topbar-user">
          <span className="console-topbar-name">{person}</span>
          <Form method="post" action="/logout">
            <button type="submit" className="button button-ghost">
              Logout
            </button>
          </Form>
        </div>
      </header>
      <div className="console-body">
        <nav className="console-nav" aria-label={navLabel}>
          <ul ref={list}>
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end} className={linkClass}>
                  <Icon name={section.icon} />
                  <span className="console-nav-label">{section.label}</span>
                  {section.waiting && section.waiting.count > 0 ? (
                    <span className="console-nav-count">
                      <span aria-hidden="true">{section.waiting.count}</span>
                      <span className="visually-hidden">{`, ${section.waiting.count} ${section.waiting.what}`}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="console-main">
          {children}
        </main>
      </div>
    </div>
  );
}
