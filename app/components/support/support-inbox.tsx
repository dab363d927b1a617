import { Link } from "@remix-run/react";
import type { SupportInboxRow, SupportStatus } from "~/server/insights/manager-console.server";

const FILTERS: { status: SupportStatus; label: string }[] = [
  { status: "open", label: "Open" },
  { status: "closed", label: "Closed" },
];

/** The support messages inbox: Open / Closed filter and one row per message, newest first. */
export function SupportInbox({ status, messages }: { status: SupportStatus; messages: SupportInboxRow[] }) {
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Engagement manager console</p>
          <h1>Support messages</h1>
        </div>
      </header>
      <nav className="console-filter" aria-label="Status">
        {FILTERS.map((filter) => (
          <Link
            key={filter.status}
            to={`/manage/support?status=${filter.status}`}
            className={filter.status === status ? "button button-primary" : "button button-secondary"}
            aria-current={filter.status === status ? "page" : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {messages.length === 0 ? (
        <p className="card console-empty">
          {status === "open" ? "No open support messages." : "No closed support messages."}
        </p>
      ) : (
        <ul
          className="support-inbox"
          aria-label={status === "open" ? "Open support messages" : "Closed support messages"}
        >
          {messages.map((message) => (
            <li key={message.id} className="card support-inbox-row">
              <div className="support-inbox-meta">
                <span className="badge badge-soft">{message.subjectLabel}</span>
                <span className="support-inbox-company">{message.company}</span>
                <span>
                  {message.senderName} · {message.senderEmail}
                </span>
                <span className="console-muted">Received {message.received}</span>
              </div>
              <p className="support-inbox-preview">{message.preview}</p>
              <Link
                to={`/manage/support/${message.id}`}
                aria-label={`Open message from ${message.senderName}: ${message.preview}`}
              >
                Open message
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
