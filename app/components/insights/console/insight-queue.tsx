import { Link } from "@remix-run/react";
import type { InsightRequestStatus } from "~db/enums";
import { INSIGHT_QUEUE_EMPTY, INSIGHT_QUEUE_FILTERS, insightQueueLabel } from "~/lib/insights/manager-insights-schemas";
import type { InsightQueueRow } from "~/server/insights/insight-queue.server";

/** The insight request queue: a filter per status ("To do" first) and one row per request, newest first. */
export function InsightQueue({ status, requests }: { status: InsightRequestStatus; requests: InsightQueueRow[] }) {
  const label = insightQueueLabel(status);
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Engagement manager console</p>
          <h1>Insight requests</h1>
        </div>
      </header>
      <nav className="console-filter insight-queue-filter" aria-label="Status">
        {INSIGHT_QUEUE_FILTERS.map((filter) => (
          <Link
            key={filter.status}
            to={`/manage/insights?status=${filter.status}`}
            className={filter.status === status ? "button button-primary" : "button button-secondary"}
            aria-current={filter.status === status ? "page" : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {requests.length === 0 ? (
        <p className="card console-empty">{INSIGHT_QUEUE_EMPTY[status]}</p>
      ) : (
        <ul className="insight-queue" aria-label={`${label} insight requests`}>
          {requests.map((request) => (
            <li key={request.id} className="card insight-queue-row">
              <div className="insight-queue-main">
                <span className="insight-queue-company">{request.company}</span>
                <span className="badge badge-soft">{request.category}</span>
              </div>
              <dl className="insight-queue-meta">
                <div>
                  <dt>Requested</dt>
                  <dd>{request.created}</dd>
                </div>
                <div>
                  <dt>Assigned to</dt>
                  <dd>{request.assignedTo}</dd>
                </div>
                <div>
                  <dt>Payment</dt>
                  <dd>{request.payment}</dd>
                </div>
              </dl>
              <Link
                to={`/manage/insights/${request.id}`}
                aria-label={`Open request from ${request.company}: ${request.category}`}
              >
                Open request
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
