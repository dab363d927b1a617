import { Link, useLoaderData } from "@remix-run/react";
import type { ThreadParty } from "~db/enums";
import { THREAD_TEXTS as T, threadPath } from "~/lib/conversations/thread-copy";
import { threadAreaLabel, threadCounterpart } from "~/lib/conversations/thread-labels";
import { formatDateTime, isoDateTime } from "~/lib/shared/dates";
import type { ThreadListData } from "~/http/thread-routes.server";

/** A message's first line in a list: at most 120 characters. */
function preview(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/**
 * The Messages page of each side: every thread the reader takes part in, latest activity first,
 * with who it is with, the match, the last message and the unread count.
 */
export function ThreadListPage({ party }: { party: ThreadParty }) {
  const { items, show, limit } = useLoaderData<ThreadListData>();
  return (
    <section className="thread-list-page" aria-labelledby="messages-title">
      <header className="page-header">
        <div>
          <h1 id="messages-title">{T.listTitle}</h1>
        </div>
      </header>
      {show ? (
        <nav className="thread-list-filter" aria-label={T.managerLists.label}>
          <Link to="?" aria-current={show === "mine" ? "page" : undefined}>
            {T.managerLists.mine}
          </Link>
          <Link to="?show=all" aria-current={show === "all" ? "page" : undefined}>
            {T.managerLists.all}
          </Link>
        </nav>
      ) : null}
      {items.length === 0 ? (
        <p className="card thread-empty">{show === "mine" ? T.emptyAssigned : T.emptyList[party]}</p>
      ) : (
        <ul className="thread-list" aria-label={T.listTitle}>
          {items.map((item) => (
            <li key={item.id} className={`card thread-list-item${item.unread > 0 ? " is-unread" : ""}`}>
              <p className="thread-list-head">
                <Link to={threadPath(party, item.id)} className="thread-list-link">
                  {threadCounterpart(party, item.thread)}
                </Link>
                <span className="thread-list-area">{threadAreaLabel(item.thread.category)}</span>
                {item.unread > 0 ? <span className="badge">{T.unreadCount(item.unread)}</span> : null}
                {item.closed ? <span className="badge badge-soft">Closed</span> : null}
              </p>
              {item.lastMessage ? (
                <p className="thread-list-last">
                  <span>
                    {item.lastMessage.mine ? T.you : T.partyLabels[item.lastMessage.authorParty]}:{" "}
                    {item.lastMessage.body === null ? T.hiddenTrace : preview(item.lastMessage.body)}
                  </span>{" "}
                  <time dateTime={isoDateTime(item.lastMessage.at)}>{formatDateTime(item.lastMessage.at)}</time>
                </p>
              ) : (
                <p className="thread-list-last">{T.emptyThread}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {items.length >= limit ? <p className="console-muted">{T.listLimit(limit)}</p> : null}
    </section>
  );
}
