import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import type { ThreadParty } from "~db/enums";
import {
  ATTACHMENTS_HINT,
  THREAD_TEXTS as T,
  messageParts,
  THREAD_LIST_PATHS,
  threadPath,
} from "~/lib/conversations/thread-copy";
import type { ThreadActionData } from "~/lib/conversations/thread-schemas";
import { threadLinks, threadTitle } from "~/lib/conversations/thread-labels";
import { formatDateTime, isoDateTime } from "~/lib/shared/dates";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/field";
import { FILE_ACCEPT } from "~/components/files/file-check";
import { LiveThreadStatus } from "./live-thread-status";
import { postMatches, postUnderWay } from "~/components/ui/pending-post";
import type { ThreadPageData } from "~/http/thread-routes.server";
import type { MessageView } from "~/server/conversations/threads.server";
import type { MeetingView } from "~/server/conversations/meetings.server";
import { ThreadIntentButton } from "./thread-intent-button";
import { isMeetingReply, MeetingItem, ProposeMeetingForm, useReaderZone } from "./thread-meetings";

type TimelineEntry =
  | { kind: "message"; message: MessageView }
  | { kind: "meeting"; meeting: MeetingView }
  | { kind: "event"; at: string; text: string };

/**
 * The messages, the calls and the engagement's events in one list, oldest first (at the same
 * instant an event comes first, then calls, then messages: a stable sort keeps each kind's order).
 */
function timeline(
  messages: readonly MessageView[],
  events: readonly { at: string; text: string }[],
  meetings: readonly MeetingView[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...events.map((event) => ({ kind: "event" as const, ...event })),
    ...meetings.map((meeting) => ({ kind: "meeting" as const, meeting })),
    ...messages.map((message) => ({ kind: "message" as const, message })),
  ];
  const at = (entry: TimelineEntry) =>
    Date.parse(
      entry.kind === "message"
        ? entry.message.createdAt
        : entry.kind === "meeting"
          ? entry.meeting.createdAt
          : entry.at,
    );
  return entries.sort((a, b) => at(a) - at(b));
}

/** A message's text: plain text, with web addresses as links that open apart from Partwise. */
function MessageBody({ body }: { body: string }) {
  return (
    <p className="thread-message-body">
      {messageParts(body).map((part, index) =>
        part.kind === "link" ? (
          <a key={index} href={part.href} rel="noopener noreferrer nofollow ugc" target="_blank">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** One message: who, when, the text (or the trace of a hidden one), edit and hide where allowed. */
function Message({ message, party, action }: { message: MessageView; party: ThreadParty; action: string }) {
  const busy = postUnderWay(useNavigation(), action) !== null;
  const who = message.authorName || T.formerMember;
  return (
    <li className={`thread-message${message.mine ? " is-mine" : ""}${message.hidden ? " is-hidden" : ""}`}>
      <p className="thread-message-meta">
        <span className="thread-message-author">{who}</span>
        <span className="badge badge-soft">{T.partyLabels[message.authorParty]}</span>
        <time dateTime={isoDateTime(message.createdAt)}>{formatDateTime(message.createdAt)}</time>
        {message.edited ? <span className="thread-message-edited">{`(${T.editedMark})`}</span> : null}
      </p>
      {message.body === null ? (
        <p className="thread-message-hidden">{T.hiddenTrace}</p>
      ) : (
        <>
          {message.hidden ? <p className="thread-message-hidden">{T.hiddenTrace}</p> : null}
          <MessageBody body={message.body} />
        </>
      )}
      {message.attachments.length > 0 ? (
        <ul className="thread-attachments" aria-label={T.attachmentsLabel}>
          {message.attachments.map((file) => (
            <li key={file.href}>
              <a href={file.href} download>
                <span className="visually-hidden">{T.downloadPrefix}</span>
                {file.name}
              </a>{" "}
              <span className="thread-attachment-size">{file.size}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {message.readBy.length > 0 ? (
        <p className="thread-message-read">{`${T.readMark}: ${message.readBy.join(", ")}`}</p>
      ) : null}
      {message.editableUntil && message.body !== null ? (
        <details className="thread-message-edit">
          <summary>{T.edit}</summary>
          <Form method="post" action={action} className="stack">
            <input type="hidden" name="messageId" value={message.id} />
            <div className="field">
              <label htmlFor={`edit-${message.id}`}>{T.editLabel}</label>
              <textarea
                id={`edit-${message.id}`}
                name="body"
                className="input"
                rows={3}
                maxLength={5000}
                required
                defaultValue={message.body}
              />
            </div>
            <button type="submit" name="intent" value="edit" className="button button-secondary" disabled={busy}>
              {T.saveEdit}
            </button>
          </Form>
        </details>
      ) : null}
      {party === "manager" && !message.hidden ? (
        <ThreadIntentButton action={action} intent="hide" fields={{ messageId: message.id }} busy={busy}>
          {T.hide}
        </ThreadIntentButton>
      ) : null}
    </li>
  );
}

/**
 * A thread page (the business's /messages/:threadId, the portal's and the console's): the
 * messages oldest first with "Earlier messages" above, the notices (closed, a reading role,
 * contact details before the plan is signed) and the message form. Without JavaScript every form
 * posts and the page reloads; with it, reading marks the thread read at once (the navigation's
 * count follows).
 */
export function ThreadPage() {
  const view = useLoaderData<ThreadPageData>();
  const actionData = useKeptActionData<ThreadActionData>();
  const { access, thread, messages } = view;
  const party = access.party;
  const action = threadPath(party, thread.id);
  const navigation = useNavigation();
  const sending = postMatches(postUnderWay(navigation, action), "send");
  const errors = isMeetingReply(actionData)
    ? undefined
    : (actionData?.result.error?.[""] ?? actionData?.result.error?.body ?? undefined);
  const fileErrors = isMeetingReply(actionData) ? undefined : (actionData?.result.error?.files ?? undefined);
  const zone = useReaderZone();
  // Calls and the engagement's events show among the messages in time order (docs/decisions/072, 074).
  const entries = timeline(messages, view.events, view.meetings);
  const links = threadLinks(party, thread);

  // Reading marks the thread read: with JavaScript, at once, so the navigation's count follows.
  const reader = useFetcher();
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${thread.id}:${messages[messages.length - 1]?.id ?? ""}`;
    if (view.unread > 0 && markedFor.current !== key && reader.state === "idle") {
      markedFor.current = key;
      reader.submit({ intent: "read" }, { method: "post", action });
    }
  }, [view.unread, thread.id, messages, action, reader]);

  // The form empties after a message is sent (a new one-time key comes with the reloaded page).
  const formRef = useRef<HTMLFormElement>(null);
  const sent = actionData?.message === T.sent;
  useEffect(() => {
    if (sent) formRef.current?.reset();
  }, [actionData, sent]);

  return (
    <section className="thread-page" aria-labelledby="thread-title">
      <header className="page-header thread-header">
        <div>
          <p className="eyebrow">
            <Link to={THREAD_LIST_PATHS[party]}>{T.listTitle}</Link>
          </p>
          <h1 id="thread-title">{threadTitle(party, thread)}</h1>
          <ul className="thread-links">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </header>
      <LiveThreadStatus threadId={thread.id} />
      {/* What an action did (edited, hidden, a call's answer); "Message sent." shows by the Send button. */}
      <div role="status" className="thread-status">
        {actionData?.message && !sent ? <p className="notice">{actionData.message}</p> : null}
      </div>
      {view.offPlatformNotice ? <p className="notice thread-notice">{T.offPlatform}</p> : null}
      {view.earlierCursor ? (
        <p className="thread-earlier">
          <Link to={`?before=${encodeURIComponent(view.earlierCursor)}`}>{T.earlier}</Link>
        </p>
      ) : null}
      {messages.length === 0 ? <p className="card thread-empty">{T.emptyThread}</p> : null}
      {entries.length > 0 ? (
        <ol className="thread-messages" aria-label={T.listTitle}>
          {entries.map((entry) =>
            entry.kind === "message" ? (
              <Message key={entry.message.id} message={entry.message} party={party} action={action} />
            ) : entry.kind === "meeting" ? (
              <MeetingItem key={entry.meeting.id} meeting={entry.meeting} action={action} zone={zone} />
            ) : (
              <li key={`${entry.at}-${entry.text}`} className="thread-event">
                <time dateTime={isoDateTime(entry.at)}>{formatDateTime(entry.at)}</time> {entry.text}
              </li>
            ),
          )}
        </ol>
      ) : null}
      {access.closed ? <p className="notice thread-notice">{T.closed}</p> : null}
      {!access.closed && access.readOnlyRole ? <p className="notice thread-notice">{T.viewerRole}</p> : null}
      {access.canWrite ? <ProposeMeetingForm action={action} formKey={view.formKey} zone={zone} /> : null}
      {access.canWrite ? (
        <Form
          method="post"
          action={action}
          encType="multipart/form-data"
          className="card thread-compose stack"
          ref={formRef}
        >
          <input type="hidden" name="key" value={view.formKey} />
          <div className="field">
            <label htmlFor="thread-message">{T.messageLabel}</label>
            <textarea
              id="thread-message"
              name="body"
              className="input"
              rows={4}
              maxLength={5000}
              required
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? "thread-error" : undefined}
            />
          </div>
          <FormAlert id="thread-error" errors={errors} />
          <Field id="thread-files" label={T.attachLabel} hint={ATTACHMENTS_HINT} errors={fileErrors}>
            {(control) => (
              <input type="file" name="files" multiple accept={FILE_ACCEPT} className="input" {...control} />
            )}
          </Field>
          <div role="status" className="thread-status">
            {sent ? <p className="notice">{T.sent}</p> : null}
          </div>
          <div>
            <button type="submit" name="intent" value="send" className="button button-primary" disabled={sending}>
              {sending ? T.sending : T.send}
            </button>
          </div>
        </Form>
      ) : (
        <FormAlert id="thread-error" errors={errors} />
      )}
    </section>
  );
}
