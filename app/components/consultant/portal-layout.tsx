import { Form, Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandMark } from "~/components/shell/brand-mark";
import { Icon } from "~/components/shell/icons";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? "console-nav-link is-active" : "console-nav-link";

/**
 * The consultant portal's frame, the same staff frame as the managers' console (top bar with the
 * consultant and Logout, a section navigation beside the page from 900px, above it on a phone),
 * with the portal's own sections. The inbox's link counts the candidacies waiting for an answer.
 */
export function PortalLayout({
  consultant,
  toAnswer,
  children,
}: {
  consultant: string;
  toAnswer: number;
  children: ReactNode;
}) {
  return (
    <div className="console-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-topbar">
        <Link to="/consultant" className="plain-brand" aria-label="Partwise consultant portal home">
          <BrandMark />
        </Link>
        <span className="console-topbar-title">Consultant portal</span>
        <div className="console-topbar-user">
          <span className="console-topbar-name">{consultant}</span>
          <Form method="post" action="/logout">
            <button type="submit" className="button button-ghost">
              Logout
            </button>
          </Form>
        </div>
      </header>
      <div className="console-body">
        <nav className="console-nav" aria-label="Portal">
          <ul>
            <li>
              <NavLink to="/consultant" className={linkClass}>
                <Icon name="matching" />
                <span className="console-nav-label">Inbox</span>
                {toAnswer > 0 ? (
                  <span className="console-nav-count">
                    <span aria-hidden="true">{toAnswer}</span>
                    <span className="visually-hidden">{`, ${toAnswer} to answer`}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="console-main">
          {children}
        </main>
      </div>
    </div>
  );
}
