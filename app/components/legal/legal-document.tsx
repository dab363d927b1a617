import type { ReactNode } from "react";
import { formatDate } from "~/lib/shared/dates";
import { PublicLayout } from "~/components/public/public-layout";

/** The agreements' effective date, a calendar day (UTC like every date shown). */
export const LEGAL_EFFECTIVE_DATE = formatDate("2026-11-21T00:00:00Z");
export const SUPPORT_EMAIL = "support@partwise.com";

/** The frame of a Partwise agreement: the public pages' layout (read without an account), one article, a heading outline, the effective date. */
export function LegalDocument({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <article className="legal-doc" aria-labelledby="legal-title">
        <header className="legal-header">
          <h1 id="legal-title">{title}</h1>
          <p className="legal-effective">Effective date: {LEGAL_EFFECTIVE_DATE}</p>
          <p className="legal-summary">{summary}</p>
        </header>
        {children}
        <footer className="legal-footer">
          <p>
            Questions about this document? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </p>
        </footer>
      </article>
    </PublicLayout>
  );
}

/** A numbered section with an anchor, so support can link to "section 7". */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="legal-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
