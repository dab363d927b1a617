import { Form, Link } from "@remix-run/react";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { ConsultantProfileFacts } from "./consultant-profile";
import { REVIEW_TEXTS } from "~/lib/consultants/profile";
import { consultantConsolePath, INCOMPLETE_REVIEW_TEXT, ROSTER_PATH } from "~/lib/consultants/roster";
import type { ProfileReviewPage } from "~/server/consultants/profile-review.server";
import { Field } from "~/components/ui/field";

/** The review of a consultant's waiting profile: the draft as a client will see it, what changed, Approve / Request changes. */
export function ProfileReviewView({ review, error }: { review: ProfileReviewPage; error: string | null }) {
  const { draft } = review;
  const submitted = draft?.status === "submitted";
  return (
    <div className="console-page consultant-console">
      <header className="page-header">
        <div>
          <p className="eyebrow">
            <Link to={ROSTER_PATH}>Consultants</Link> · <Link to={consultantConsolePath(review.id)}>{review.name}</Link>
          </p>
          <h1>{`Review ${review.name}'s profile`}</h1>
          {draft?.submittedAt ? <p>{`Sent for review ${draft.submittedAt}`}</p> : null}
        </div>
      </header>
      <ConsoleNotices error={error} />
      {!draft || !submitted ? (
        <p className="card console-empty">{REVIEW_TEXTS.nothingWaiting}</p>
      ) : (
        <>
          <section className="card consultant-panel" aria-labelledby="review-profile-title">
            <h2 id="review-profile-title" className="card-title">
              The profile, as businesses will see it
            </h2>
            <ConsultantProfileFacts consultant={draft.profile} />
          </section>
          <section className="card" aria-labelledby="review-changes-title">
            <h2 id="review-changes-title" className="card-title">
              What changed
            </h2>
            {draft.changes.length === 0 ? (
              <p>Nothing businesses see has changed.</p>
            ) : (
              <ul className="roster-history review-changes">
                {draft.changes.map((change) => (
                  <li key={change.field}>
                    <p>
                      <strong>{change.label}</strong>
                    </p>
                    <p>{`${change.before} → ${change.after}`}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card" aria-labelledby="review-decision-title">
            <h2 id="review-decision-title" className="card-title">
              Decision
            </h2>
            {draft.complete ? null : <p>{INCOMPLETE_REVIEW_TEXT}</p>}
            <div className="stack">
              <Form method="post" className="stack">
                <Field id="approve-notes" label="Notes (optional)">
                  {(control) => <textarea {...control} name="notes" className="input" rows={2} maxLength={2000} />}
                </Field>
                <div className="button-row">
                  <button type="submit" name="intent" value="approve" className="button button-primary">
                    {review.published ? REVIEW_TEXTS.approve : REVIEW_TEXTS.approveFirst}
                  </button>
                </div>
              </Form>
              <Form method="post" className="stack">
                <Field id="changes-notes" label="What should the consultant change? (required)">
                  {(control) => (
                    <textarea {...control} name="notes" className="input" rows={3} maxLength={2000} required />
                  )}
                </Field>
                <div className="button-row">
                  <button type="submit" name="intent" value="request_changes" className="button button-secondary">
                    {REVIEW_TEXTS.requestChanges}
                  </button>
                </div>
              </Form>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
