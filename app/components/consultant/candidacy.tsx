import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FilesCard } from "~/components/files/file-list";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { NoticeBanner } from "~/components/ui/notice-banner";
import { confirmingAnswer } from "~/lib/matching/candidacy-schemas";
import { WITHDRAWN_CANDIDACY_TITLE } from "~/lib/matching/candidacy-state";
import {
  CANDIDACY_ACCEPT_CONFIRMATION,
  CANDIDACY_DECLINE_CONFIRMATION,
  CANDIDACY_DECLINE_REASON_LABEL,
  CANDIDACY_DECLINE_REASON_MAX,
} from "~/lib/matching/match-copy";
import type { CandidacyDetail } from "~/server/matching/candidacies.server";
import { usePosting } from "~/components/ui/pending-post";
import { Field } from "~/components/ui/field";
import { THREAD_TEXTS, threadPath } from "~/lib/conversations/thread-copy";

/**
 * One candidacy as its consultant reads it: what the business asks for, who the business is, its
 * files, where the candidacy stands and what happens next, and, while it waits for an answer,
 * Accept and Decline (each confirmed in a second step that works without JavaScript).
 */
export function CandidacyView({ candidacy, error }: { candidacy: CandidacyDetail; error: string | null }) {
  const { business } = candidacy;
  return (
    <div className="console-page">
      <p className="candidacy-links">
        <Link to="/consultant/candidacies">Back to candidacies</Link>
        <Link to={threadPath("consultant", candidacy.id)}>{THREAD_TEXTS.openThread}</Link>
      </p>
      <header className="page-header">
        <div>
          <p className="eyebrow">Candidacy · {candidacy.request.area}</p>
          <h1>{business?.name ?? WITHDRAWN_CANDIDACY_TITLE}</h1>
        </div>
        <span className="badge badge-soft">{candidacy.stateLabel}</span>
      </header>
      <NoticeBanner />
      <ConsoleNotices error={error} />
      <div className="candidacy-layout">
        <div className="candidacy-main">
          <section className="card" aria-labelledby="candidacy-request-title">
            <h2 id="candidacy-request-title" className="card-title">
              The request
            </h2>
            <dl className="insight-facts">
              <dt>Business area</dt>
              <dd>{candidacy.request.area}</dd>
              <dt>Engagement type</dt>
              <dd>{candidacy.request.type}</dd>
              <dt>Requested</dt>
              <dd>{candidacy.request.created}</dd>
            </dl>
            {candidacy.request.problemStatement !== null ? (
              <>
                <h3 className="candidacy-subtitle">What the business needs help with</h3>
                <p className="candidacy-problem">
                  {candidacy.request.problemStatement.trim() || "The business did not describe it yet."}
                </p>
              </>
            ) : null}
          </section>
          {business ? <FilesSection files={candidacy.files} /> : null}
        </div>
        <div className="candidacy-side">
          <AnswerSection candidacy={candidacy} />
          {business ? (
            <section className="card" aria-labelledby="candidacy-business-title">
              <h2 id="candidacy-business-title" className="card-title">
                The business
              </h2>
              <dl className="insight-facts">
                <dt>Company</dt>
                <dd>{business.name}</dd>
                <dt>Industry</dt>
                <dd>{business.industry}</dd>
                <dt>Size</dt>
                <dd>{business.size}</dd>
                <dt>Location</dt>
                <dd>{business.location}</dd>
              </dl>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function FilesSection({ files }: { files: CandidacyDetail["files"] }) {
  return (
    <FilesCard
      titleId="candidacy-files-title"
      files={files}
      hiddenText="The business's files are shown while you are a candidate."
      emptyText="The business attached no files to this request."
    />
  );
}

function AnswerSection({ candidacy }: { candidacy: CandidacyDetail }) {
  const [params] = useSearchParams();
  const confirming = candidacy.canAnswer ? confirmingAnswer(params.get("answer")) : null;
  return (
    <section className="card candidacy-answer" aria-labelledby="candidacy-answer-title">
      <h2 id="candidacy-answer-title" className="card-title">
        Your answer
      </h2>
      <dl className="insight-facts">
        <dt>Status</dt>
        <dd>{candidacy.stateLabel}</dd>
        <dt>Proposed</dt>
        <dd>{candidacy.proposed}</dd>
        {candidacy.responded ? (
          <>
            <dt>Answered</dt>
            <dd>{candidacy.responded}</dd>
          </>
        ) : null}
        {candidacy.declineReason ? (
          <>
            <dt>Your reason</dt>
            <dd>{candidacy.declineReason}</dd>
          </>
        ) : null}
      </dl>
      <p>{candidacy.nextStep}</p>
      {!candidacy.canAnswer ? null : confirming ? (
        <Confirmation answer={confirming} />
      ) : (
        <div className="button-row">
          <Link to="?answer=accept" className="button button-primary" preventScrollReset>
            Accept
          </Link>
          <Link to="?answer=decline" className="button button-secondary" preventScrollReset>
            Decline
          </Link>
        </div>
      )}
    </section>
  );
}

/** The second step of an answer: the consequence in words, then "Yes, …" or Cancel. */
function Confirmation({ answer }: { answer: "accept" | "decline" }) {
  const { pathname } = useLocation();
  const sending = usePosting(answer);
  const heading = useRef<HTMLHeadingElement>(null);
  // The confirmation replaces the button that opened it: move focus there, not back to the page's top.
  useEffect(() => heading.current?.focus(), [answer]);
  const accepting = answer === "accept";
  return (
    <Form method="post" action={pathname} className="candidacy-confirm">
      <h3 ref={heading} tabIndex={-1} className="candidacy-subtitle">
        {accepting ? "Accept this candidacy?" : "Decline this candidacy?"}
      </h3>
      <p>{accepting ? CANDIDACY_ACCEPT_CONFIRMATION : CANDIDACY_DECLINE_CONFIRMATION}</p>
      {accepting ? null : (
        <Field id="decline-reason" label={CANDIDACY_DECLINE_REASON_LABEL}>
          {(control) => (
            <textarea {...control} name="reason" className="input" rows={4} maxLength={CANDIDACY_DECLINE_REASON_MAX} />
          )}
        </Field>
      )}
      <div className="button-row">
        <button type="submit" name="intent" value={answer} className="button button-primary" disabled={sending}>
          {sending ? "Sending…" : accepting ? "Yes, accept" : "Yes, decline"}
        </button>
        <Link to={pathname} className="button button-secondary" preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
