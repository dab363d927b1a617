import { Link } from "@remix-run/react";
import { MANAGER_ENGAGEMENTS_EMPTY, NO_NEXT_DELIVERY, UNTITLED_PLAN } from "~/lib/engagements/engagement-copy";
import { managerEngagementPath } from "~/lib/engagements/engagement-paths";
import { ENGAGEMENT_FILTER_LABELS, ENGAGEMENT_FILTERS, type EngagementFilter } from "~/lib/engagements/plan-stage";
import type { ManagerEngagementRow } from "~/server/engagements/manager-engagements.server";

const filterClass = (current: boolean) => (current ? "button button-primary" : "button button-secondary");
const filterPath = (filter: EngagementFilter) =>
  filter === "all" ? "/manage/engagements" : `/manage/engagements?show=${filter}`;

/**
 * The console's engagements: filters by what needs a manager (each with its count), then one card
 * per engagement, plans to review first, then overdue deliveries, items in revision and paused.
 */
export function ManagerEngagementsView({
  filter,
  rows,
  counts,
}: {
  filter: EngagementFilter;
  rows: ManagerEngagementRow[];
  counts: Record<EngagementFilter, number>;
}) {
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Engagement manager console</p>
          <h1>Engagements</h1>
        </div>
      </header>
      <nav className="console-filter insight-queue-filter" aria-label="Show">
        {ENGAGEMENT_FILTERS.map((key) => {
          const current = key === filter;
          return (
            <Link
              key={key}
              to={filterPath(key)}
              className={filterClass(current)}
              aria-current={current ? "page" : undefined}
            >
              {ENGAGEMENT_FILTER_LABELS[key]} <span className="match-queue-count">({counts[key]})</span>
            </Link>
          );
        })}
      </nav>
      {rows.length === 0 ? (
        <p className="card console-empty">{MANAGER_ENGAGEMENTS_EMPTY}</p>
      ) : (
        <ul className="insight-queue" aria-label={`${ENGAGEMENT_FILTER_LABELS[filter]} engagements`}>
          {rows.map((row) => (
            <li key={row.id} className="card insight-queue-row">
              <div className="insight-queue-main">
                <span className="insight-queue-company">{row.business}</span>
                <span className="badge badge-soft">{row.status}</span>
                {row.needsReview ? <span className="badge badge-action">Plan to review</span> : null}
                {row.overdue > 0 ? (
                  <span className="badge match-badge-overdue">
                    {row.overdue === 1 ? "1 delivery overdue" : `${row.overdue} deliveries overdue`}
                  </span>
                ) : null}
                {row.inRevision > 0 ? (
                  <span className="badge badge-soft">
                    {row.inRevision === 1 ? "1 item in revision" : `${row.inRevision} items in revision`}
                  </span>
                ) : null}
                {row.paused ? <span className="badge badge-soft">Paused</span> : null}
              </div>
              <dl className="insight-queue-meta">
                <div>
                  <dt>Plan</dt>
                  <dd>{row.title || UNTITLED_PLAN}</dd>
                </div>
                <div>
                  <dt>Consultant</dt>
                  <dd>{row.consultant}</dd>
                </div>
                <div>
                  <dt>Where it stands</dt>
                  <dd>{row.stage}</dd>
                </div>
                <div>
                  <dt>Next delivery</dt>
                  <dd>{row.nextDelivery ?? NO_NEXT_DELIVERY}</dd>
                </div>
              </dl>
              <Link
                to={managerEngagementPath(row.id)}
                aria-label={`Open engagement with ${row.business}: ${row.title || UNTITLED_PLAN}`}
              >
                Open engagement
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
