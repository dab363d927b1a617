import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandMark } from "./brand-mark";

/**
 * A simple frame for pages outside the client toolbar: payment and accounting returns, the
 * sign-up steps after login, the staff placeholders. `signedIn` adds a Logout button.
 */
export function PlainLayout({ children, signedIn = false }: { children: ReactNode; signedIn?: boolean }) {
  return (
    <div className="plain-page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="plain-header">
        <Link to="/" className="plain-brand" aria-label="Partwise home">
          <BrandMark />
        </Link>
        {signedIn ? (
          <Form method="post" action="/logout">
            <button type="submit" className="button button-ghost">
              Logout
            </button>
          </Form>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="plain-main">
        {children}
      </main>
    </div>
  );
}
