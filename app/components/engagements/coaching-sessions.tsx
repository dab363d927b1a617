import { Form, Link } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { ProposeMeetingForm, useReaderZone } from "~/components/conversations/thread-meetings";
import { usePosting } from "~/components/ui/pending-post";
import { formatSlot } from "~/lib/conversations/meeting-slots";
import {
  COACHING_TEXTS as C,
  coachingMonthSummary,
  type CoachingMonthView,
  type SessionView,
} from "~/lib/engagements/coaching";
import type { DeliverablesActionData } from "~/lib/engagements/deliverable-forms";
import { DeliverableFormAlert } from "./deliverable-form-alert";

/**
 * A coaching month's sessions (docs/decisions/085), the same list for the coach (Mark as held) and
 * the business (Confirm the session, It did not take place): when each is, its state, and what
 * the reader may do now. Times are shown in the reader's zone once the page runs (UTC before).
 */
export function SessionList({
  month,
  renderActions,
}: {
  month: CoachingMonthView;
  renderActions: (session: SessionView) => React.ReactNode;
}) {
  const zone = useReaderZone();
  if (month.sessions.length === 0) return <p className="console-muted">{C.empty}</p>;
  return (
    <ul className="coaching-sessions" aria-label={`${C.heading}, ${month.title}`}>
      {month.sessions.map((session) => (
        <li key={session.id} className={`coaching-session is-${session.state}`}>
          <p>
            <time dateTime={session.startsAt}>{formatSlot(session.startsAt, session.durationMinutes, zone)}</time>
          </p>
          <p>
            <span className="badge badge-soft">{C.states[session.state]}</span>
          </p>
          {session.confirmsOn ? <p className="console-muted">{C.confirmsOn(session.confirmsOn)}</p> : null}
          {renderActions(session)}
        </li>
      ))}
    </ul>
  );
}

/**
 * "2 of 4 sessions taken; 2 left." and when the unused ones expire; an ended month, that the rest
 * expired and what its payout waits for; a month paid out, how it ended ("1 of 2 sessions held;
 * 1 expired unused.") and that it was paid out.
 */
export function SessionTally({ month }: { month: CoachingMonthView }) {
  return (
    <>
      <p>
        {month.settled
          ? coachingMonthSummary(month.monthlySessions, month.held)
          : month.ended
            ? C.ended(month.used, month.monthlySessions)
            : C.tally(month.used, month.monthlySessions, month.left)}
      </p>
      <p className="console-muted">
        {month.settled ? C.settled : month.ended ? C.endedNote : C.expires(month.expiresOn)}
      </p>
    </>
  );
}

/**
 * The business's Sessions card on its coaching engagement (the terms and the cancellation rule are
 * on the Coaching card above it): the latest paid months, each with its sessions; a member who reviews deliverables confirms a held session or says it did not take
 * place. Booking, moving and cancelling happen in the conversation, which it links to.
 */
export function CoachingSessionsCard({
  outlineId,
  months,
  conversationPath,
  actionData,
  action,
}: {
  outlineId: string;
  months: CoachingMonthView[];
  conversationPath: string | null;
  actionData: DeliverablesActionData | null;
  action?: string;
}) {
  const may = useMemberCan();
  const confirming = usePosting("confirm-session");
  const missing = usePosting("missed-session");
  const mine = actionData?.intent === "confirm-session" || actionData?.intent === "missed-session" ? actionData : null;
  const errors = (mine?.result.error?.[""] ?? []) as string[];
  return (
    <section className="card coaching-card" aria-labelledby={`coaching-${outlineId}`}>
      <h4 id={`coaching-${outlineId}`} className="card-title">
        {C.heading}
      </h4>
      {mine?.message ? (
        <p role="status" className="notice">
          {mine.message}
        </p>
      ) : null}
      <DeliverableFormAlert failed={Boolean(mine?.failed)} errors={errors} />
      {months.length === 0 ? <p className="console-muted">{C.empty}</p> : null}
      {months.map((month) => (
        <article key={month.itemId} className="coaching-month" aria-label={month.title}>
          <h5>{month.title}</h5>
          <SessionTally month={month} />
          <SessionList
            month={month}
            renderActions={(session) =>
              !session.canConfirm ? null : !may("reviewDeliverables") ? (
                <RoleNotice action="reviewDeliverables" />
              ) : (
                <div className="button-row">
                  {(["confirm-session", "missed-session"] as const).map((intent) => (
                    <Form key={intent} method="post" action={action} preventScrollReset>
                      <input type="hidden" name="intent" value={intent} />
                      <input type="hidden" name="deliveryOutlineId" value={outlineId} />
                      <input type="hidden" name="sessionId" value={session.id} />
                      <button
                        type="submit"
                        className={intent === "confirm-session" ? "button button-primary" : "button button-secondary"}
                        disabled={confirming || missing}
                      >
                        {intent === "confirm-session" ? C.confirm : C.missed}
                      </button>
                    </Form>
                  ))}
                </div>
              )
            }
          />
        </article>
      ))}
      {conversationPath ? (
        <p>
          <Link to={conversationPath}>{C.inConversation}</Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The coach's Sessions card on a coaching month's page: the month's places, its sessions with Mark
 * as held once one has started, and the form proposing the next one (two or three times within
 * the month, at the plan's length) while a place is left.
 */
export function CoachSessionsCard({
  month,
  action,
  formKey,
  notice,
  conversationPath,
  errors,
}: {
  month: CoachingMonthView & { sessionMinutes: number; cancelRule: string };
  /** The month's page (the forms post to it). */
  action: string;
  formKey: string;
  notice: string | null;
  conversationPath: string;
  /** The refusal of the last Mark as held. */
  errors?: string[];
}) {
  const zone = useReaderZone();
  const marking = usePosting("mark-held");
  return (
    <section className="card coaching-card" aria-labelledby="coaching-sessions-title">
      <h2 id="coaching-sessions-title" className="card-title">
        {C.heading}
      </h2>
      {notice ? (
        <p role="status" className="notice">
          {notice}
        </p>
      ) : null}
      <DeliverableFormAlert failed={false} errors={errors ?? []} />
      <SessionTally month={month} />
      <p className="console-muted">{month.cancelRule}</p>
      <SessionList
        month={month}
        renderActions={(session) =>
          session.canMarkHeld ? (
            <Form method="post" action={action} preventScrollReset>
              <input type="hidden" name="intent" value="mark-held" />
              <input type="hidden" name="sessionId" value={session.id} />
              <button type="submit" className="button button-primary" disabled={marking}>
                {marking ? C.marking : C.markHeld}
              </button>
            </Form>
          ) : null
        }
      />
      <p>
        <Link to={conversationPath}>{C.inConversation}</Link>
      </p>
      {month.canPropose ? (
        <ProposeMeetingForm
          action={action}
          formKey={formKey}
          zone={zone}
          duration={month.sessionMinutes}
          title={C.proposeTitle}
          intro={C.proposeIntro(month.sessionMinutes)}
          submitLabel={C.proposeTitle}
        />
      ) : null}
    </section>
  );
}
