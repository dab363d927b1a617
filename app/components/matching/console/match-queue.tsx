import { Link } from "@remix-run/react";
import {
  MATCH_QUEUE_FILTERS,
  matchQueueEmpty,
  matchQueuePath,
  matchRequestConsolePath,
  type MatchQueueFilter,
} from "~/lib/matching/match-console-schemas";
import type { MatchQueue } from "~/server/matching/match-console.server";

const filterClass = (current: boolean) => (current ? "button button-primary" : "button button-secondary");

/**
 * The match request queue: filters by what the request waits for (To do first) and by
 * assignment, each with its count; one card per request, overdue promises first.
 */
export function MatchQueueView({ filter, queue }: { filter: MatchQueueFilter; queue: MatchQueue }) {
  const counts = filter.mine ? queue.counts.mine : queue.counts;
  const label = MATCH_QUEUE_FILTERS.find((entry) => entry.show === filter.show)?.label ?? "To do";
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Engagement manager console</p>
          <h1>Match requests</h1>
        </div>
      </header>
      <div className="match-queue-filters">
        <nav className="console-filter insight-queue-filter" aria-label="Status">
          {MATCH_QUEUE_FILTERS.map((entry) => {
            const current = entry.show === filter.show;
            return (
              <Link
                key={entry.show}
                to={matchQueuePath({ ...filter, show: entry.show })}
                className={filterClass(current)}
                aria-current={current ? "page" : undefined}
              >
                {entry.label} <span className="match-queue-count">({counts[entry.show]})</span>
              </Link>
            );
          })}
        </nav>
        <nav className="console-filter insight-queue-filter" aria-label="Assignment">
          <Link
            to={matchQueuePath({ ...filter, mine: false })}
            className={filterClass(!filter.mine)}
            aria-current={filter.mine ? undefined : "page"}
          >
            Everyone&apos;s
          </Link>
          <Link
            to={matchQueuePath({ ...filter, mine: true })}
            className={filterClass(filter.mine)}
            aria-current={filter.mine ? "page" : undefined}
          >
            Assigned to me
          </Link>
        </nav>
      </div>
      {queue.rows.length === 0 ? (
        <p className="card console-empty">{matchQueueEmpty(filter)}</p>
      ) : (
        <ul className="insight-queue" aria-label={`${label} match requests`}>
          {queue.rows.map((row) => (
            <li
              key={row.id}
              className={row.overdue ? "card insight-queue-row match-queue-overdue" : "card insight-queue-row"}
            >
              <div className="insight-queue-main">
                <span className="insight-queue-company">{row.company}</span>
                <span className="badge badge-soft">{row.area}</span>
                <span className="badge match-badge-status">{row.statusLabel}</span>
                {row.overdue ? <span className="badge match-badge-overdue">Overdue</span> : null}
              </div>
              <dl className="insight-queue-meta">
                <div>
                  <dt>Requested</dt>
                  <dd>{row.created}</dd>
                </div>
                <div>
                  <dt>Engagement</dt>
                  <dd>{row.type}</dd>
                </div>
                <div>
                  <dt>Source</dt>
                  <dd>{row.source}</dd>
                </div>
                <div>
                  <dt>Assigned to</dt>
                  <dd>{row.assignedTo}</dd>
                </div>
                <div>
                  <dt>Shortlist to review</dt>
                  <dd>{row.pendingSuggestions === 1 ? "1 consultant" : `${row.pendingSuggestions} consultants`}</dd>
                </div>
                {row.nextCandidateBy ? (
                  <div>
                    <dt>Next candidate promised by</dt>
                    <dd>{row.nextCandidateBy}</dd>
                  </div>
                ) : null}
              </dl>
              <Link to={matchRequestConsolePath(row.id)} aria-label={`Open request from ${row.company}: ${row.area}`}>
                Open request
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
