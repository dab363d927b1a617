import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type DashboardCardProps = {
  id: string;
  title: string;
  /** The months the card's figures cover ("May to Oct 2026"), shown under the title and part of it. */
  period?: string | null;
  /** When set, the title is a link and the whole card is its click target (spec §2 card clicks). */
  to?: string;
  className?: string;
  children: ReactNode;
};

export function DashboardCard({ id, title, period, to, className = "", children }: DashboardCardProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      className={`card dash-card${to ? " is-linked" : ""} ${className}`.trim()}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="card-title">
        {to ? (
          <Link to={to} className="stretched-link" prefetch="intent">
            {title}
          </Link>
        ) : (
          title
        )}
        {period ? (
          <>
            <span className="visually-hidden">, </span>
            <span className="card-title-period">{period}</span>
          </>
        ) : null}
      </h2>
      {children}
    </section>
  );
}
