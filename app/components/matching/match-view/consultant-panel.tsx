import { Form, Link } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { useEffect, useRef } from "react";
import {
  ACCEPT_CONSULTANT_CONFIRMATION,
  ACCEPT_CONSULTANT_TITLE,
  CANCEL_LABEL,
  CONTINUE_LABEL,
  DECISION_FAILED_TITLE,
  DECISION_REJECTED_TITLE,
  DECISION_SUCCESS_TITLE,
  OK_LABEL,
  REJECT_CONSULTANT_CONFIRMATION,
  REJECT_CONSULTANT_TITLE,
  SUGGESTED_CANDIDATE_TITLE,
  YOUR_CONSULTANT_TITLE,
} from "~/lib/matching/match-copy";
import {
  decisionSucceeded,
  matchViewHref,
  type BusinessDecision,
  type ConfirmKind,
  type ConsultantInfo,
} from "~/lib/matching/match-view";
import { ConsultantProfileFacts } from "~/components/consultants/consultant-profile";
import { usePosting } from "~/components/ui/pending-post";

/** Moves the keyboard focus to a card's heading when it opens, so the next Tab starts there. */
function useFocusOnOpen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/**
 * The Suggested Candidate panel (spec §2 consultant detail panel, §4 Candidate decision): who the
 * consultant is, with Reject and Accept while the business still decides; the same panel without
 * the buttons is the matched consultant. Reject and Accept are links to the confirmation's URL
 * state, so the flow works without JavaScript.
 */
export function ConsultantPanel({
  matchId,
  consultant,
  decidable,
}: {
  matchId: string;
  consultant: ConsultantInfo;
  decidable: boolean;
}) {
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  const may = useMemberCan();
  return (
    <section className="card consultant-panel" aria-labelledby="consultant-panel-title">
      <h2 id="consultant-panel-title" className="card-title" tabIndex={-1} ref={heading}>
        {decidable ? SUGGESTED_CANDIDATE_TITLE : YOUR_CONSULTANT_TITLE}
      </h2>
      <ConsultantProfileFacts consultant={consultant} />
      {decidable ? <RoleNotice action="decideCandidates" /> : null}
      <div className="button-row">
        {decidable && may("decideCandidates") ? (
          <>
            <Link
              to={matchViewHref(matchId, { viewCandidate: consultant.consultantId, confirm: "reject" })}
              className="button button-secondary"
              preventScrollReset
            >
              Reject
            </Link>
            <Link
              to={matchViewHref(matchId, { viewCandidate: consultant.consultantId, confirm: "accept" })}
              className="button button-primary"
              preventScrollReset
            >
              Accept
            </Link>
          </>
        ) : null}
        <Link to={matchViewHref(matchId)} className="button button-ghost" preventScrollReset>
          Close
        </Link>
      </div>
    </section>
  );
}

/**
 * The decision confirmation card (spec §4): the decision's title and what it means, Continue
 * (posts intent=decide to the page) and Cancel (back to the candidate).
 */
export function DecisionConfirmation({
  matchId,
  consultantId,
  kind,
}: {
  matchId: string;
  consultantId: string;
  kind: ConfirmKind;
}) {
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  const sending = usePosting("decide");
  const title = kind === "accept" ? ACCEPT_CONSULTANT_TITLE : REJECT_CONSULTANT_TITLE;
  const may = useMemberCan();
  if (!may("decideCandidates")) return <RoleNotice action="decideCandidates" />;
  return (
    <section className="card decision-card" aria-labelledby="decision-card-title">
      <h2 id="decision-card-title" className="card-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <p>{kind === "accept" ? ACCEPT_CONSULTANT_CONFIRMATION : REJECT_CONSULTANT_CONFIRMATION}</p>
      <Form method="post" className="button-row" preventScrollReset>
        <input type="hidden" name="intent" value="decide" />
        <input type="hidden" name="matchId" value={matchId} />
        <input type="hidden" name="consultantId" value={consultantId} />
        <input type="hidden" name="decision" value={kind === "accept" ? "accepted" : "rejected"} />
        <Link
          to={matchViewHref(matchId, { viewCandidate: consultantId })}
          className="button button-secondary"
          preventScrollReset
        >
          {CANCEL_LABEL}
        </Link>
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? "Sending…" : CONTINUE_LABEL}
        </button>
      </Form>
    </section>
  );
}

/**
 * The decision's result (spec §4): when the server's msg says 'success', 'Congratulations!' after
 * an acceptance and 'Candidate rejected' after a rejection (nothing to congratulate; issue #36
 * item 15), with the msg; else 'Something went wrong.' with it. Ok reloads the match view.
 */
export function DecisionResult({
  matchId,
  msg,
  decision,
}: {
  matchId: string;
  msg: string;
  decision: BusinessDecision;
}) {
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  const succeeded = decisionSucceeded(msg);
  const title = !succeeded
    ? DECISION_FAILED_TITLE
    : decision === "accepted"
      ? DECISION_SUCCESS_TITLE
      : DECISION_REJECTED_TITLE;
  return (
    <section
      className={`card decision-card ${succeeded ? "decision-card-success" : "decision-card-failed"}`}
      aria-labelledby="decision-result-title"
      role={succeeded ? "status" : "alert"}
    >
      <h2 id="decision-result-title" className="card-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <p>{msg}</p>
      <div className="button-row">
        <Link to={matchViewHref(matchId)} className="button button-primary" reloadDocument>
          {OK_LABEL}
        </Link>
      </div>
    </section>
  );
}
