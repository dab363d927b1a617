import { Form, Link } from "@remix-run/react";
import type { SupportMessageDetail } from "~/server/insights/manager-console.server";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { usePendingPost } from "~/components/ui/pending-post";

/** One support message: the text (line breaks kept), the sender, the status and its action. */
export function SupportMessageView({
  message,
  notice,
  error,
}: {
  message: SupportMessageDetail;
  notice: string | null;
  error: string | null;
}) {
  const pending = usePendingPost() !== null;
  const open = message.status === "open";
  return (
    <div className="console-page">
      <p>
        <Link to={`/manage/support?status=${message.status}`}>Back to support messages</Link>
      </p>
      <header className="page-header">
        <div>
          <p className="eyebrow">Support message</p>
          <h1>{message.subjectLabel}</h1>
        </div>
        <span className={open ? "badge badge-soft" : "badge"}>{open ? "Open" : "Closed"}</span>
      </header>
      <ConsoleNotices notice={notice} error={error} />
      <div className="support-message-layout">
        <section className="card" aria-labelledby="support-message-title">
          <h2 id="support-message-title" className="card-title">
            Message
          </h2>
          <p className="console-muted">Received {message.received}</p>
          <p className="support-message-text">{message.message}</p>
        </section>
        <section className="card" aria-labelledby="support-sender-title">
          <h2 id="support-sender-title" className="card-title">
            Sender
          </h2>
          <dl className="support-sender">
            <dt>Name</dt>
            <dd>{message.senderName}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${message.senderEmail}`}>{message.senderEmail}</a>
            </dd>
            <dt>Phone</dt>
            <dd>{message.senderPhone}</dd>
            <dt>Company</dt>
            <dd>{message.company}</dd>
            <dt>Status</dt>
            <dd>
              {open ? "Open" : "Closed"}
              {message.handledBy && message.handledOn
                ? ` (handled by ${message.handledBy} on ${message.handledOn})`
                : null}
            </dd>
          </dl>
          <Form method="post" className="button-row">
            <button
              type="submit"
              name="intent"
              value={open ? "close" : "reopen"}
              className="button button-primary"
              disabled={pending}
            >
              {pending ? "Saving…" : open ? "Mark as handled" : "Reopen"}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}
