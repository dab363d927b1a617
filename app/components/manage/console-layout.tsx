import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { PlainLayout } from "../plain-layout";

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "console-nav-link is-active" : "console-nav-link");

/** The engagement manager console's frame: the "Console" navigation beside the page. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <PlainLayout signedIn>
      <div className="console">
        <nav className="console-nav" aria-label="Console">
          <ul>
            <li>
              <NavLink to="/manage" end className={linkClass}>
                Overview
              </NavLink>
            </li>
            <li>
              <NavLink to="/manage/support" className={linkClass}>
                Support messages
              </NavLink>
            </li>
            <li>
              <NavLink to="/manage/insights" className={linkClass}>
                Insight requests
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="console-content">{children}</div>
      </div>
    </PlainLayout>
  );
}
