import type { ReactNode } from "react";
import { BrandMark } from "~/components/shell/brand-mark";
import { PUBLIC_INFO_PAGES, PUBLIC_NAV } from "~/lib/shared/public-pages";

/** Where a visitor starts an account, and signs in (the login screen stays at `/`, spec §2). */
export const SIGN_UP_PATH = "/signup";
export const SIGN_IN_PATH = "/login";

/**
 * The frame of every public page (ADR 089): the brand, the public pages, Sign in and Get started;
 * the footer lists every public page with the legal ones. Plain links only: the pages are read
 * without JavaScript (the root renders no scripts for them).
 */
export function PublicLayout({ children, current }: { children: ReactNode; current?: string }) {
  return (
    <div className="public-page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="public-header">
        <a href="/how-it-works" className="public-brand" aria-label="Partwise: how it works">
          <BrandMark />
        </a>
        <nav className="public-nav" aria-label="Partwise">
          <ul>
            {PUBLIC_NAV.map((page) => (
              <li key={page.path}>
                <a href={page.path} aria-current={current === page.path ? "page" : undefined}>
                  {page.navLabel}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="public-actions">
          <a className="button button-ghost" href={SIGN_IN_PATH}>
            Sign in
          </a>
          <a className="button button-primary" href={SIGN_UP_PATH}>
            Get started
          </a>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="public-main">
        {children}
      </main>
      <footer className="public-footer">
        <nav aria-label="Public pages">
          <ul>
            {PUBLIC_INFO_PAGES.map((page) => (
              <li key={page.path}>
                <a href={page.path}>{page.navLabel}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p>Partwise · Fractional Talent. Real Results.</p>
      </footer>
    </div>
  );
}

/** A call to action at the end of a public page: start an account (with a prefilled `query`, if any). */
export function SignUpCall({ heading, text, href = SIGN_UP_PATH }: { heading: string; text: string; href?: string }) {
  return (
    <section className="public-call" aria-labelledby="public-call-heading">
      <h2 id="public-call-heading">{heading}</h2>
      <p>{text}</p>
      <p className="public-call-actions">
        <a className="button button-primary" href={href}>
          Get started
        </a>
        <a className="button button-secondary" href={SIGN_IN_PATH}>
          Sign in
        </a>
      </p>
    </section>
  );
}

/** A numbered list of steps, each a short heading and a sentence or two (the loop, the vetting). */
export function NumberedSteps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="public-steps">
      {steps.map((step, index) => (
        <li key={step.title}>
          <h3>
            {index + 1}. {step.title}
          </h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
