import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type ComingSoonProps = {
  /** Names the feature; rendered as the page's h1. */
  title: string;
  /** One honest sentence about what is not available yet. */
  message: string;
  /** The way back; null for none (e.g. a page that other pages would redirect back to). */
  back?: { to: string; label: string } | null;
  children?: ReactNode;
};

/** Honest placeholder for a screen not built yet: no sample or fake data, ever. */
export function ComingSoon({
  title,
  message,
  back = { to: "/dashboard", label: "Back to dashboard" },
  children,
}: ComingSoonProps) {
  return (
    <section className="card coming-soon" aria-labelledby="coming-soon-title">
      <span className="badge badge-soft">Coming soon</span>
      <h1 id="coming-soon-title">{title}</h1>
      <p>{message}</p>
      {children}
      {back ? (
        <p>
          <Link to={back.to} className="button button-secondary">
            {back.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
