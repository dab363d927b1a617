import type { ReactNode } from "react";
import { BrandMark } from "~/components/shell/brand-mark";
import { PUBLIC_NAV } from "~/lib/shared/public-links";

/** Public screens (login, sign-up): brand side panel with the slogan and the public pages (ADR 089), content on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="auth-side" aria-label="About Partwise">
        <BrandMark inverted />
        <div className="auth-slogan">
          <p className="auth-slogan-title">Fractional Talent. Real Results.</p>
          <p className="auth-slogan-sub">Built for Businesses Like Yours.</p>
        </div>
        <nav className="auth-public-links" aria-label="About Partwise">
          <ul>
            {PUBLIC_NAV.map((page) => (
              <li key={page.path}>
                <a href={page.path}>{page.navLabel}</a>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main id="main" tabIndex={-1} className="auth-main">
        {children}
      </main>
    </div>
  );
}
