import { Form, Link } from "@remix-run/react";
import { SharedDocumentsCard } from "~/components/files/shared-documents";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { ConsoleBusinessCard, ConsolePageHeader } from "~/components/manage/console-page-parts";
import { SHORTLIST_EMPTY_MESSAGE } from "~/lib/matching/match-console-schemas";
import type { ManagerSharedDocuments } from "~/server/files/shared-documents.server";
import type { MatchRequestDetail, ShortlistEntry } from "~/server/matching/match-console.server";
import { fieldOf, intentOf, usePendingPost } from "~/components/ui/pending-post";
import { THREAD_TEXTS, threadPath } from "~/lib/conversations/thread-copy";

/** The last move's notice or error; `suggestionId` names the shortlist card it was about, if any. */
type Outcome = { notice: string | null; error: string | null; suggestionId: string | null };

type Props = { detail: MatchRequestDetail; documents: ManagerSharedDocuments; outcome: Outcome };

/** The form being sent, if any: its intent and the shortlist entry it is about. */
function useSending(): { intent: string | null; suggestionId: string | null } {
  const post = usePendingPost();
  return { intent: intentOf(post), suggestionId: fieldOf(post, "suggestionId") };
}

/**
 * One match request as the engagement manager works it: the problem, the engine's shortlist with
 * every factor's explanation (Propose / Skip per consultant), the candidates and their answers,
 * what happened so far; beside it the request with Assign to me and Re-run matching, the
 * business and the documents shared with the request (SharedDocumentsCard).
 */
export function MatchRequestView({ detail, documents, outcome }: Props) {
  // A move on a consultant no longer (or never) on this shortlist is answered at the top.
  const onCard = outcome.suggestionId !== null && detail.shortlist.some((entry) => entry.id === outcome.suggestionId);
  return (
    <div className="console-page">
      <p>
        <Link to="/manage/matches">Back to match requests</Link>
      </p>
      <ConsolePageHeader
        eyebrow={`Match request · ${detail.area}`}
        title={detail.business.name}
        aside={<span className="badge match-badge-status">{detail.statusLabel}</span>}
      />
      {onCard ? null : <ConsoleNotices notice={outcome.notice} error={outcome.error} />}
      {/* The request and its actions come first on a phone; from 1200px they are the side column. */}
      <div className="insight-request-layout match-request-layout">
        <div className="insight-request-side">
          <RequestSection detail={detail} />
          <ConsoleBusinessCard headingId="match-business-title" title="Business" business={detail.business} />
          <SharedDocumentsCard titleId="match-documents-title" shared={documents} />
        </div>
        <div className="insight-request-main">
          <section className="card" aria-labelledby="match-problem-title">
            <h2 id="match-problem-title" className="card-title">
              The business&apos;s problem
            </h2>
            <p className="match-problem">{detail.problemStatement}</p>
          </section>
          <ShortlistSection detail={detail} outcome={outcome} />
          <CandidatesSection detail={detail} />
          <section className="card" aria-labelledby="match-timeline-title">
            <h2 id="match-timeline-title" className="card-title">
              History
            </h2>
            <ol className="match-timeline">
              {detail.timeline.map((event, index) => (
                <li key={`${event.at}-${index}`}>
                  <span className="console-muted">{event.date}</span> {event.text}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}

function RequestSection({ detail }: { detail: MatchRequestDetail }) {
  const sending = useSending();
  return (
    <section className="card" aria-labelledby="match-request-title">
      <h2 id="match-request-title" className="card-title">
        Request
      </h2>
      <dl className="insight-facts">
        <dt>Business area</dt>
        <dd>{detail.area}</dd>
        <dt>Engagement</dt>
        <dd>{detail.type}</dd>
        <dt>Source</dt>
        <dd>{detail.source}</dd>
        {detail.requestedConsultant ? (
          <>
            <dt>Asked for</dt>
            <dd>{`${detail.requestedConsultant}, from their public profile`}</dd>
          </>
        ) : null}
        <dt>Requested</dt>
        <dd>{detail.created}</dd>
        <dt>Status</dt>
        <dd>{detail.statusLabel}</dd>
        <dt>The business reads</dt>
        <dd>{detail.statusText}</dd>
        {detail.nextCandidateBy ? (
          <>
            <dt>Next candidate promised by</dt>
            <dd>
              {detail.nextCandidateBy}
              {detail.overdue ? <span className="badge match-badge-overdue">Overdue</span> : null}
            </dd>
          </>
        ) : null}
        <dt>Last ranked</dt>
        <dd>{detail.ranked ?? "Not yet"}</dd>
        <dt>Assigned to</dt>
        <dd>{detail.assignedToMe ? "You" : (detail.assignedTo ?? "Unassigned")}</dd>
      </dl>
      <div className="button-row">
        {detail.assignedToMe ? null : (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="assign"
              className="button button-primary"
              disabled={sending.intent === "assign"}
            >
              {sending.intent === "assign" ? "Assigning…" : "Assign to me"}
            </button>
          </Form>
        )}
        {detail.open ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="rerun"
              className="button button-secondary"
              disabled={sending.intent === "rerun"}
            >
              {sending.intent === "rerun" ? "Running…" : "Re-run matching"}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function ShortlistSection({ detail, outcome }: { detail: MatchRequestDetail; outcome: Outcome }) {
  return (
    <section className="card" aria-labelledby="match-shortlist-title">
      <h2 id="match-shortlist-title" className="card-title">
        Shortlist
      </h2>
      {detail.shortlist.length === 0 ? (
        <p className="console-muted">{SHORTLIST_EMPTY_MESSAGE}</p>
      ) : (
        <>
          <p className="console-muted">
            Ranked by the matching engine. Propose a consultant to ask them to accept the candidacy; the business sees
            them once they accept.
          </p>
          <ol className="match-shortlist" aria-label="Shortlisted consultants">
            {detail.shortlist.map((entry) => (
              <SuggestionCard
                key={entry.id}
                entry={entry}
                outcome={outcome.suggestionId === entry.id ? outcome : null}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** One shortlisted consultant; the outcome of a move on it is shown on the card, where it was made. */
function SuggestionCard({ entry, outcome }: { entry: ShortlistEntry; outcome: Outcome | null }) {
  const sending = useSending();
  const busy = sending.suggestionId === entry.id;
  // The accessible name starts with the visible text, also while it says what is under way.
  const proposing = busy && sending.intent === "propose";
  const skipping = busy && sending.intent === "skip";
  const headingId = `suggestion-${entry.id}`;
  return (
    <li className="match-suggestion">
      <div className="match-suggestion-head">
        <span className="match-suggestion-rank" aria-label={`Rank ${entry.rank}`}>
          #{entry.rank}
        </span>
        <div className="match-suggestion-who">
          <h3 id={headingId}>{entry.consultant}</h3>
          {entry.requested ? <span className="badge badge-soft">Asked for by the business</span> : null}
          <p className="console-muted">
            {entry.headline}
            {entry.location ? ` · ${entry.location}` : null}
          </p>
        </div>
        <span className="match-suggestion-score">
          <strong>{entry.score}</strong>
          <span className="console-muted"> / 100</span>
        </span>
        <span className={entry.status === "pending" ? "badge badge-soft" : "badge match-badge-status"}>
          {entry.statusLabel}
          {entry.decided ? ` on ${entry.decided}` : null}
        </span>
      </div>
      <p className="match-suggestion-summary">{entry.summary}</p>
      <table className="match-factors">
        <caption className="visually-hidden">Score of {entry.consultant} by factor</caption>
        <thead>
          <tr>
            <th scope="col">Factor</th>
            <th scope="col">Points</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {entry.factors.map((factor) => (
            <tr key={factor.label}>
              <th scope="row">{factor.label}</th>
              <td className="match-factor-points">
                {factor.points}/{factor.max}
              </td>
              <td>{factor.explanation}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {outcome ? (
        <div className="match-suggestion-outcome">
          <ConsoleNotices notice={outcome.notice} error={outcome.error} />
        </div>
      ) : null}
      {entry.decidable ? (
        <div className="match-suggestion-actions">
          {entry.blocker ? <p className="console-muted">{entry.blocker}</p> : null}
          <Form method="post" className="button-row">
            <input type="hidden" name="suggestionId" value={entry.id} />
            {entry.blocker ? null : (
              <button
                type="submit"
                name="intent"
                value="propose"
                className="button button-primary"
                disabled={busy}
                aria-label={`${proposing ? "Proposing…" : "Propose"} ${entry.consultant}`}
              >
                {proposing ? "Proposing…" : "Propose"}
              </button>
            )}
            <button
              type="submit"
              name="intent"
              value="skip"
              className="button button-secondary"
              disabled={busy}
              aria-label={`${skipping ? "Skipping…" : "Skip"} ${entry.consultant}`}
            >
              {skipping ? "Skipping…" : "Skip"}
            </button>
          </Form>
        </div>
      ) : null}
    </li>
  );
}

function CandidatesSection({ detail }: { detail: MatchRequestDetail }) {
  return (
    <section className="card" aria-labelledby="match-candidates-title">
      <h2 id="match-candidates-title" className="card-title">
        Candidates
      </h2>
      {detail.candidates.length === 0 ? (
        <p className="console-muted">Nobody has been proposed yet.</p>
      ) : (
        <ul className="match-candidates">
          {detail.candidates.map((candidate) => (
            <li key={candidate.id} className="match-candidate">
              <h3>{candidate.consultant}</h3>
              <dl className="insight-facts">
                <dt>Consultant</dt>
                <dd>{candidate.statusLabel}</dd>
                {candidate.declineReason ? (
                  <>
                    <dt>Their reason</dt>
                    <dd>{candidate.declineReason}</dd>
                  </>
                ) : null}
                <dt>Business</dt>
                <dd>{candidate.businessDecisionLabel}</dd>
                <dt>Proposed</dt>
                <dd>{candidate.proposed}</dd>
                {candidate.responded ? (
                  <>
                    <dt>Answered</dt>
                    <dd>{candidate.responded}</dd>
                  </>
                ) : null}
                {candidate.decided ? (
                  <>
                    <dt>Business decided</dt>
                    <dd>{candidate.decided}</dd>
                  </>
                ) : null}
              </dl>
              <p>
                <Link to={threadPath("manager", candidate.id)}>{THREAD_TEXTS.openThread}</Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
