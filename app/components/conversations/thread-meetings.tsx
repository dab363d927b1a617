import { useEffect, useState } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import {
  MEETING_DURATIONS,
  MEETING_LOCATION_MAX_LENGTH,
  MEETING_MAX_SLOTS,
  MEETING_MIN_SLOTS,
  MEETING_NOTE_MAX_LENGTH,
  MEETING_TEXTS as M,
} from "~/lib/conversations/meeting-copy";
import { DEFAULT_ZONE, formatSlot, readerZone, slotZoneLabel } from "~/lib/conversations/meeting-slots";
import { THREAD_TEXTS as T } from "~/lib/conversations/thread-copy";
import type { ThreadActionData } from "~/lib/conversations/thread-schemas";
import { formatDateTime, isoDateTime } from "~/lib/shared/dates";
import { FormAlert } from "~/components/ui/form-alert";
import { postUnderWay } from "~/components/ui/pending-post";
import { ThreadIntentButton } from "./thread-intent-button";
import type { MeetingView } from "~/server/conversations/meetings.server";

/**
 * Calls in a thread (docs/decisions/074): each call among the messages, and the form that
 * proposes one. Times are typed and shown in the reader's time zone: UTC in the server's HTML and
 * without JavaScript, the browser's zone once the page runs (the form then sends that zone).
 */

const MEETING_INTENTS = new Set(["propose", "book", "decline", "cancel"]);

/** The action's answer was to a call form (its errors show there, not under the message form). */
export function isMeetingReply(actionData: ThreadActionData | undefined): boolean {
  const intent = (actionData?.result.initialValue as Record<string, unknown> | undefined)?.intent;
  return typeof intent === "string" && MEETING_INTENTS.has(intent);
}

/** The reader's IANA zone: UTC until the page runs, then the browser's. */
export function useReaderZone(): string {
  const [zone, setZone] = useState(DEFAULT_ZONE);
  useEffect(() => {
    try {
      setZone(readerZone(Intl.DateTimeFormat().resolvedOptions().timeZone));
    } catch {
      // No Intl zone: the times stay in UTC, as without JavaScript.
    }
  }, []);
  return zone;
}

/** Where the call happens: a video link (opens apart from Partwise) or a phone number to dial. */
function Place({ meeting }: { meeting: MeetingView }) {
  if (meeting.locationKind === "link") {
    return (
      <a href={meeting.location} rel="noopener noreferrer nofollow" target="_blank">
        {meeting.location}
      </a>
    );
  }
  if (meeting.locationKind === "phone") {
    return <a href={`tel:${meeting.location.replace(/[^\d+]/g, "")}`}>{meeting.location}</a>;
  }
  return <>{meeting.location}</>;
}

/** One call: its state, the times (each bookable by the other side), where, and its actions. */
export function MeetingItem({ meeting, action, zone }: { meeting: MeetingView; action: string; zone: string }) {
  const busy = postUnderWay(useNavigation(), action) !== null;
  const actionData = useKeptActionData<ThreadActionData>();
  const mine =
    isMeetingReply(actionData) &&
    (actionData?.result.initialValue as Record<string, unknown> | undefined)?.meetingId === meeting.id;
  const errors = mine ? actionData?.result.error?.[""] : undefined;
  const errorId = `meeting-error-${meeting.id}`;
  return (
    <li className={`thread-message thread-meeting is-${meeting.status}`}>
      <p className="thread-message-meta">
        <span className="badge">{M.status[meeting.status]}</span>
        <span>{M.proposedBy(meeting.proposerName)}</span>
        <span className="badge badge-soft">{T.partyLabels[meeting.proposerParty]}</span>
        <time dateTime={isoDateTime(meeting.createdAt)}>{formatDateTime(meeting.createdAt)}</time>
      </p>
      <ul className="thread-meeting-slots" aria-label={M.slotsLabel}>
        {meeting.slots.map((slot) => {
          const chosen = meeting.chosenSlot === slot.slot;
          const textId = `meeting-${meeting.id}-slot-${slot.slot}`;
          return (
            <li key={slot.slot} className={chosen ? "is-chosen" : undefined}>
              <time id={textId} dateTime={slot.startsAt}>
                {formatSlot(slot.startsAt, meeting.durationMinutes, zone)}
              </time>
              {chosen ? <span className="badge">{M.chosenMark}</span> : null}
              {meeting.canAnswer && !slot.past ? (
                <ThreadIntentButton
                  action={action}
                  intent="book"
                  fields={{ meetingId: meeting.id, slot: slot.slot }}
                  busy={busy}
                  primary
                  describedBy={textId}
                >
                  {M.book}
                </ThreadIntentButton>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="thread-meeting-where">
        {`${M.whereLabel}: `}
        <Place meeting={meeting} />
      </p>
      {meeting.note ? <p className="thread-message-body">{meeting.note}</p> : null}
      {meeting.status === "proposed" && meeting.ownSide ? <p className="thread-message-read">{M.waiting}</p> : null}
      {meeting.canAnswer ? <p className="thread-message-read">{M.chooseFrom}</p> : null}
      {meeting.answeredByName && (meeting.status === "booked" || meeting.status === "declined") ? (
        <p className="thread-message-read">{M.answeredBy(meeting.status, meeting.answeredByName)}</p>
      ) : null}
      {meeting.cancelledByName ? <p className="thread-message-read">{M.cancelledBy(meeting.cancelledByName)}</p> : null}
      <FormAlert id={errorId} errors={errors} />
      <div className="thread-meeting-actions">
        {meeting.icsPath ? (
          <a href={meeting.icsPath} download>
            {M.addToCalendar}
          </a>
        ) : null}
        {meeting.canAnswer ? (
          <ThreadIntentButton action={action} intent="decline" fields={{ meetingId: meeting.id }} busy={busy}>
            {M.decline}
          </ThreadIntentButton>
        ) : null}
        {meeting.canCancel ? (
          <ThreadIntentButton action={action} intent="cancel" fields={{ meetingId: meeting.id }} busy={busy}>
            {meeting.status === "booked" ? M.cancel : M.withdraw}
          </ThreadIntentButton>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The "Propose a call" form: two or three times in the reader's zone, a length, a link or phone, a
 * note. A coaching session (docs/decisions/085) has its plan's length (`duration`) and its own title
 * and introduction.
 */
export function ProposeMeetingForm({
  action,
  formKey,
  zone,
  duration,
  title = M.proposeTitle,
  intro = M.proposeIntro,
  submitLabel = M.propose,
}: {
  action: string;
  formKey: string;
  zone: string;
  duration?: number;
  title?: string;
  intro?: string;
  submitLabel?: string;
}) {
  const actionData = useKeptActionData<ThreadActionData>();
  const navigation = useNavigation();
  const busy = postUnderWay(navigation, action) !== null;
  const intent = (actionData?.result.initialValue as Record<string, unknown> | undefined)?.intent;
  const reply = intent === "propose" && !actionData?.message ? actionData : undefined;
  const fieldErrors = (name: string) => reply?.result.error?.[name] ?? undefined;
  const formErrors = reply?.result.error?.[""] ?? undefined;
  const initial = (reply?.result.initialValue ?? {}) as Record<string, string | undefined>;
  const open = reply !== undefined;
  return (
    <details className="card thread-propose" open={open}>
      <summary>{title}</summary>
      <Form method="post" action={action} className="stack" key={formKey}>
        <p className="thread-message-read">{intro}</p>
        <input type="hidden" name="key" value={formKey} />
        <input type="hidden" name="zone" value={zone} />
        <p>{M.zoneNote(slotZoneLabel(zone, new Date()))}</p>
        {Array.from({ length: MEETING_MAX_SLOTS }, (_, index) => {
          const n = index + 1;
          const errors = fieldErrors(`slot${n}Date`);
          const errorId = `meeting-slot${n}-error`;
          const described = errors ? errorId : undefined;
          return (
            <fieldset key={n} className="settings-fieldset thread-propose-slot">
              <legend>{M.slotLegend(n)}</legend>
              <div className="field">
                <label htmlFor={`meeting-slot${n}-date`}>{M.dateLabel}</label>
                <input
                  id={`meeting-slot${n}-date`}
                  type="date"
                  name={`slot${n}Date`}
                  className="input"
                  required={n <= MEETING_MIN_SLOTS}
                  defaultValue={initial[`slot${n}Date`]}
                  aria-invalid={errors ? true : undefined}
                  aria-describedby={described}
                />
              </div>
              <div className="field">
                <label htmlFor={`meeting-slot${n}-time`}>{M.timeLabel}</label>
                <input
                  id={`meeting-slot${n}-time`}
                  type="time"
                  name={`slot${n}Time`}
                  className="input"
                  required={n <= MEETING_MIN_SLOTS}
                  defaultValue={initial[`slot${n}Time`]}
                  aria-invalid={errors ? true : undefined}
                  aria-describedby={described}
                />
              </div>
              <FormAlert id={errorId} errors={errors} />
            </fieldset>
          );
        })}
        {duration ? (
          <input type="hidden" name="duration" value={duration} />
        ) : (
          <div className="field">
            <label htmlFor="meeting-duration">{M.durationLabel}</label>
            <select id="meeting-duration" name="duration" className="input" defaultValue={initial.duration ?? "30"}>
              {MEETING_DURATIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {M.durationOption(minutes)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="meeting-location">{M.locationLabel}</label>
          <input
            id="meeting-location"
            name="location"
            className="input"
            required
            maxLength={MEETING_LOCATION_MAX_LENGTH}
            autoComplete="off"
            defaultValue={initial.location}
            aria-invalid={fieldErrors("location") ? true : undefined}
            aria-describedby={
              fieldErrors("location") ? "meeting-location-hint meeting-location-error" : "meeting-location-hint"
            }
          />
          <p className="field-hint" id="meeting-location-hint">
            {M.locationHint}
          </p>
          <FormAlert id="meeting-location-error" errors={fieldErrors("location")} />
        </div>
        <div className="field">
          <label htmlFor="meeting-note">{M.noteLabel}</label>
          <textarea
            id="meeting-note"
            name="note"
            className="input"
            rows={2}
            maxLength={MEETING_NOTE_MAX_LENGTH}
            defaultValue={initial.note}
          />
        </div>
        <FormAlert id="meeting-propose-error" errors={formErrors ?? fieldErrors("duration")} />
        <div>
          <button type="submit" name="intent" value="propose" className="button button-primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </Form>
    </details>
  );
}
