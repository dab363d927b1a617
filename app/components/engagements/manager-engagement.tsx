import { Form, Link } from "@remix-run/react";
import { SharedDocumentsCard } from "~/components/files/shared-documents";
import { EngagementMoneyCard } from "~/components/payouts/engagement-money";
import type { EngagementMoney } from "~/server/payouts/engagement-money.server";
import { ConsoleNotices } from "~/components/manage/console-notices";
import {
  BUSINESS_NOTES_HEADING,
  MANAGER_ACCEPTS_AUTOMATICALLY_AFTER,
  MANAGER_ACCEPTS_AUTOMATICALLY_BEFORE,
  NO_NOTES_YET,
  OVERDUE_LABEL,
  UNTITLED_PLAN,
} from "~/lib/engagements/engagement-copy";
import type { ManagerEngagement } from "~/server/engagements/manager-engagements.server";
import type { ManagerSharedDocuments } from "~/server/files/shared-documents.server";
import { PlanChanges } from "./plan-changes";
import { PlanDocument } from "./plan-document";
import { SignedStatements } from "./signed-statements";
import { Field } from "~/components/ui/field";
import { usePendingPost } from "~/components/ui/pending-post";
import { THREAD_TEXTS } from "~/lib/conversations/thread-copy";
import { AutoAcceptanceNote } from "./auto-acceptance";
import { DisputeSettlement } from "./dispute-settlement";

/** What the item's own payment charged (its duplicate payments aside: they are refunded on their own). */
function itemChargeOf(money: EngagementMoney, itemId: string) {
  const row = money.items.find((candidate) => candidate.itemId === itemId);
  return row ? row.charged - (row.duplicate?.chargedCents ?? 0) : 0;
}

export type ManagerFormName = "review" | "note" | "verbal" | "money" | "dispute";

/**
 * One engagement in the console: where the plan stands, the review (approve, send back with
 * notes) while a version waits for it, the deliverables, the plan as the statement reads, the
 * documents shared with the engagement's match (SharedDocumentsCard, as on the match page), and
 * the manager's record (notes, the business's verbal approvals), newest first.
 */
export function ManagerEngagementView({
  engagement,
  documents,
  notice,
  error,
  money,
  admin,
}: {
  engagement: ManagerEngagement;
  documents: ManagerSharedDocuments;
  notice: string | null;
  error: { form: ManagerFormName; message: string } | null;
  money: EngagementMoney;
  /** Whether the viewer is an admin (reverses and refunds). */
  admin: boolean;
}) {
  const busy = usePendingPost() !== null;
  const errorFor = (form: ManagerFormName) => (error?.form === form ? error.message : null);
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">
            Engagement · {engagement.business} · {engagement.consultant}
          </p>
          <h1>{engagement.title || UNTITLED_PLAN}</h1>
          {engagement.conversationPath ? (
            <p>
              <Link to={engagement.conversationPath}>{THREAD_TEXTS.openThread}</Link>
            </p>
          ) : null}
        </div>
        <span className="badge badge-soft">{engagement.status}</span>
      </header>
      <ConsoleNotices notice={notice} />
      <div className="manager-engagement-layout">
        <div className="manager-engagement-main">
          {engagement.canReview ? (
            <section className="card stack" aria-labelledby="plan-review">
              <h2 id="plan-review" className="card-title">
                {`Review version ${engagement.version}`}
              </h2>
              <ConsoleNotices error={errorFor("review")} />
              <Form method="post" className="stack">
                <input type="hidden" name="intent" value="approve-plan" />
                <Field id="approve-notes" label="Notes for the consultant (optional)">
                  {(control) => <textarea {...control} name="notes" rows={2} maxLength={2000} className="input" />}
                </Field>
                <div className="button-row">
                  <button type="submit" className="button button-primary" disabled={busy}>
                    Approve plan
                  </button>
                </div>
              </Form>
              <Form method="post" className="stack">
                <input type="hidden" name="intent" value="send-back-plan" />
                <Field id="send-back-notes" label="What should the consultant change?">
                  {(control) => (
                    <textarea {...control} name="notes" rows={4} maxLength={2000} required className="input" />
                  )}
                </Field>
                <div className="button-row">
                  <button type="submit" className="button button-secondary" disabled={busy}>
                    Send back
                  </button>
                </div>
              </Form>
            </section>
          ) : (
            <ConsoleNotices error={errorFor("review")} />
          )}
          <PlanChanges changes={engagement.changes} unknown={engagement.changesUnknown} />
          {engagement.managerNotes ? (
            <section className="card plan-notes" aria-labelledby="manager-last-notes">
              <h2 id="manager-last-notes" className="card-title">
                Notes of the last review
              </h2>
              <p className="plan-notes-text">{engagement.managerNotes}</p>
            </section>
          ) : null}
          {engagement.businessNotes ? (
            <section className="card plan-notes" aria-labelledby="manager-business-notes">
              <h2 id="manager-business-notes" className="card-title">
                {BUSINESS_NOTES_HEADING}
              </h2>
              <p className="plan-notes-text">{engagement.businessNotes}</p>
            </section>
          ) : null}
          <section className="card" aria-labelledby="manager-plan">
            <h2 id="manager-plan" className="card-title">
              The plan
            </h2>
            <PlanDocument document={engagement.document} headingLevel={3} />
          </section>
          {engagement.signedStatements.length > 0 ? (
            <SignedStatements statements={engagement.signedStatements} headingLevel={2} />
          ) : null}
          <SharedDocumentsCard titleId="engagement-documents-title" shared={documents} />
        </div>
        <aside className="manager-engagement-side">
          <section className="card" aria-labelledby="manager-facts">
            <h2 id="manager-facts" className="card-title">
              Where it stands
            </h2>
            <dl className="candidacy-meta">
              <div>
                <dt>Plan</dt>
                <dd>{engagement.stage}</dd>
              </div>
              <div>
                <dt>Version</dt>
                <dd>{engagement.version}</dd>
              </div>
              <div>
                <dt>Signed version</dt>
                <dd>{engagement.signedVersion ?? "Not signed yet"}</dd>
              </div>
              <div>
                <dt>Sent for review</dt>
                <dd>{engagement.submittedAt ?? "Not yet"}</dd>
              </div>
              <div>
                <dt>Last manager review</dt>
                <dd>{engagement.reviewedAt ?? "Not yet"}</dd>
              </div>
              {engagement.paused ? (
                <div>
                  <dt>Paused</dt>
                  <dd>Until the business prepays the next deliverable</dd>
                </div>
              ) : null}
            </dl>
          </section>
          <section className="card" aria-labelledby="manager-items">
            <h2 id="manager-items" className="card-title">
              Deliverables
            </h2>
            {engagement.items.length === 0 ? (
              <p className="console-muted">No deliverables yet.</p>
            ) : (
              <ol className="plan-item-statuses" aria-label="Deliverables">
                {engagement.items.map((item) => (
                  <li key={item.id} className="plan-item-status">
                    <div className="plan-item-status-main">
                      <strong>{item.title}</strong>
                      <span className="badge badge-soft">{item.statusLabel}</span>
                      {item.overdue ? <span className="badge match-badge-overdue">{OVERDUE_LABEL}</span> : null}
                    </div>
                    <p className="console-muted">
                      {item.deliveryDateLabel} · {item.priceLabel}
                    </p>
                    <AutoAcceptanceNote
                      at={item.acceptsAutomaticallyAt}
                      before={MANAGER_ACCEPTS_AUTOMATICALLY_BEFORE}
                      after={MANAGER_ACCEPTS_AUTOMATICALLY_AFTER}
                    />
                    {item.dispute ? (
                      <DisputeSettlement
                        itemId={item.id}
                        itemTitle={item.title}
                        dispute={item.dispute}
                        chargedCents={itemChargeOf(money, item.id)}
                        feePercent={engagement.feePercent}
                        error={errorFor("dispute")}
                      />
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </section>
          <EngagementMoneyCard money={money} error={errorFor("money")} admin={admin} />
          <section className="card stack" aria-labelledby="manager-record">
            <h2 id="manager-record" className="card-title">
              Notes and verbal approvals
            </h2>
            <Form method="post" className="stack">
              <input type="hidden" name="intent" value="note" />
              <ConsoleNotices error={errorFor("note")} />
              <Field id="engagement-note" label="Add a note">
                {(control) => (
                  <textarea {...control} name="body" rows={3} maxLength={2000} required className="input" />
                )}
              </Field>
              <button type="submit" className="button button-secondary" disabled={busy}>
                Save note
              </button>
            </Form>
            {engagement.items.length > 0 ? (
              <Form method="post" className="stack">
                <input type="hidden" name="intent" value="verbal-approval" />
                <ConsoleNotices error={errorFor("verbal")} />
                <Field id="verbal-item" label="Deliverable the business approved verbally">
                  {(control) => (
                    <select {...control} name="deliveryItemId" className="input" required>
                      {engagement.items.map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.number}. {item.title}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field id="verbal-body" label="What the business approved, and when">
                  {(control) => (
                    <textarea {...control} name="body" rows={3} maxLength={2000} required className="input" />
                  )}
                </Field>
                <button type="submit" className="button button-secondary" disabled={busy}>
                  Record verbal approval
                </button>
              </Form>
            ) : null}
            {engagement.notes.length === 0 ? (
              <p className="console-muted">{NO_NOTES_YET}</p>
            ) : (
              <ul className="engagement-note-list" aria-label="Notes and verbal approvals, newest first">
                {engagement.notes.map((note) => (
                  <li key={note.id} className="engagement-note">
                    <p className="engagement-note-meta">
                      <strong>{note.kind === "verbal_approval" ? "Verbal approval" : "Note"}</strong>
                      {note.item ? <span> · {note.item}</span> : null}
                      <span>
                        {" "}
                        · {note.author} · {note.at}
                      </span>
                    </p>
                    <p className="plan-notes-text">{note.body}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
