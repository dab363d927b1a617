import { Link } from "@remix-run/react";
import { FileList } from "~/components/files/file-list";
import {
  candidateWithdrawnText,
  CANDIDATE_NOT_OPEN_MESSAGE,
  MATCH_INFO_TITLE,
  MATCH_STATUS_TITLE,
  VIEW_CANDIDATE_LABEL,
  VIEW_CONSULTANT_LABEL,
} from "~/lib/matching/match-copy";
import {
  awaitsDecision,
  consultingTypeLabel,
  matchViewHref,
  type BusinessDecision,
  type ConfirmKind,
  type MatchRequestView,
} from "~/lib/matching/match-view";
import { formatDate, isoDateTime } from "~/lib/shared/dates";
import { categoryLabel, fullName } from "~/lib/shared/format";
import { formatFileSize } from "~/lib/shared/numbers";
import { ConsultantPanel, DecisionConfirmation, DecisionResult } from "./consultant-panel";
import { MatchFeedbackForm, type MatchFeedbackOutcome } from "./match-feedback-form";
import { MatchStatusBar } from "./match-status-bar";
import { messageLabel, threadOfMatchPath } from "~/lib/conversations/thread-copy";

/**
 * One match request as the business sees it (spec §2 /features `?matchId=`, §4): its status bar
 * and sentence, what to do next (View Candidate for each consultant waiting for the business's
 * decision, or View Consultant once matched), the candidate panel with the decision's
 * confirmation and result cards, Match Info, and the matching feedback once matched. Every
 * state is in the URL (`viewCandidate`, `confirm`), so it all works without JavaScript.
 */
export function MatchView({
  match,
  viewCandidate,
  confirm,
  decision,
  feedback,
}: {
  match: MatchRequestView;
  viewCandidate: string | null;
  confirm: ConfirmKind | null;
  /** After Continue: the decision sent and the server's msg, shown in the result card. */
  decision: { msg: string; decision: BusinessDecision } | null;
  feedback: MatchFeedbackOutcome;
}) {
  const waiting = match.candidates.filter(awaitsDecision);
  const matched = match.matchedConsultant;
  const selectedCandidate = viewCandidate ? waiting.find((c) => c.consultantId === viewCandidate) : undefined;
  const selectedConsultant = !selectedCandidate && matched?.consultantId === viewCandidate ? matched : undefined;
  return (
    <div className="match-view">
      <p className="match-view-back">
        <Link to="/features?focus=Matching" preventScrollReset>
          ← All match requests
        </Link>
      </p>

      <section className="match-view-status" aria-labelledby="match-status-title">
        <h2 id="match-status-title" className="card-title">
          {MATCH_STATUS_TITLE}: {categoryLabel(match.requestInfo.category)}
        </h2>
        <MatchStatusBar value={match.value} />
        <p className="match-view-value">{match.value}</p>
        {match.withdrawnCandidates.map((candidate) => (
          <p key={`${candidate.firstName}-${candidate.lastName}-${candidate.withdrawnAt}`} className="notice">
            {candidateWithdrawnText(fullName(candidate.firstName, candidate.lastName), candidate.withdrawnAt)}
          </p>
        ))}
        {matched ? (
          <div className="match-view-actions">
            <Link
              to={matchViewHref(match._id, { viewCandidate: matched.consultantId })}
              className="button button-primary"
              preventScrollReset
            >
              {VIEW_CONSULTANT_LABEL}
            </Link>
            <Link
              to={threadOfMatchPath("business", match._id, matched.consultantId)}
              className="button button-secondary"
            >
              {messageLabel(matched.firstName)}
            </Link>
          </div>
        ) : waiting.length > 0 ? (
          <ul className="match-view-actions" aria-label="Candidates waiting for your decision">
            {waiting.map((candidate) => (
              <li key={candidate.consultantId}>
                <Link
                  to={matchViewHref(match._id, { viewCandidate: candidate.consultantId })}
                  className="button button-primary"
                  preventScrollReset
                  aria-label={
                    waiting.length > 1
                      ? `${VIEW_CANDIDATE_LABEL}: ${fullName(candidate.firstName, candidate.lastName)}`
                      : undefined
                  }
                >
                  {VIEW_CANDIDATE_LABEL}
                </Link>
                <Link
                  to={threadOfMatchPath("business", match._id, candidate.consultantId)}
                  className="button button-secondary"
                >
                  {messageLabel(candidate.firstName)}
                </Link>
                {waiting.length > 1 ? (
                  <span className="match-view-candidate-name">{fullName(candidate.firstName, candidate.lastName)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {decision !== null ? (
        <DecisionResult matchId={match._id} msg={decision.msg} decision={decision.decision} />
      ) : selectedCandidate && confirm ? (
        <DecisionConfirmation matchId={match._id} consultantId={selectedCandidate.consultantId} kind={confirm} />
      ) : selectedCandidate || selectedConsultant ? (
        <ConsultantPanel
          matchId={match._id}
          consultant={(selectedCandidate ?? selectedConsultant)!}
          decidable={Boolean(selectedCandidate)}
        />
      ) : viewCandidate ? (
        <p role="status" className="notice">
          {CANDIDATE_NOT_OPEN_MESSAGE}
        </p>
      ) : null}

      <section className="card match-info" aria-labelledby="match-info-title">
        <h2 id="match-info-title" className="card-title">
          {MATCH_INFO_TITLE}
        </h2>
        <dl className="match-info-list">
          <div>
            <dt>Created</dt>
            <dd>
              <time dateTime={isoDateTime(match.createdAt)}>{formatDate(match.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Consulting type</dt>
            <dd>{consultingTypeLabel(match.requestInfo.consultingType)}</dd>
          </div>
          <div>
            <dt>Business area</dt>
            <dd>{categoryLabel(match.requestInfo.category)}</dd>
          </div>
          <div className="match-info-wide">
            <dt>Problem statement</dt>
            <dd>{match.requestInfo.problemStatement}</dd>
          </div>
          {match.files.length > 0 ? (
            <div className="match-info-wide">
              <dt>Files</dt>
              <dd>
                <FileList
                  files={match.files.map((file) => ({ ...file, size: formatFileSize(file.size) }))}
                  className="match-info-files"
                  sizeClassName="match-info-file-size"
                />
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      {matched ? (
        <MatchFeedbackForm
          matchId={match._id}
          savedRating={match.feedback?.clientSatisfaction ?? null}
          savedFeedback={match.feedback?.clientFeedback ?? null}
          outcome={feedback}
        />
      ) : null}
    </div>
  );
}
