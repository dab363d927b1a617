import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate } from "~/lib/shared/dates";
import { inAppPath, NOTIFICATION_TEXTS as T, pageSummary, unreadSummary } from "~/lib/notifications/notification-copy";
import { FormAlert } from "~/components/ui/form-alert";
import type { NotificationActionData } from "~/lib/notifications/notification-schemas";
import { usePendingPost } from "~/components/ui/pending-post";

export type NotificationRow = {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  link: string | null;
  unread: boolean;
};

/** What a Notifications page's loader reads (app/http/notifications-route.server.ts). */
export type NotificationsPageData = {
  notifications: readonly NotificationRow[];
  page: number;
  pageCount: number;
  unread: number;
};

type Props = NotificationsPageData & {
  /** The page's own path (its forms post here, its page links add ?page=). */
  path: string;
  actionData: NotificationActionData | undefined;
};

/** Opening a notification: a form that marks it read on the server, then goes to its link. */
export function OpenNotification({ id, title, action }: { id: string; title: string; action: string }) {
  return (
    <Form method="post" action={action} className="hub-n-inline-form">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value="open" className="hub-n-link-button">
        {title}
      </button>
    </Form>
  );
}

/**
 * The Notifications page (clients' /notifications, consultants' /consultant/notifications): every
 * notification, newest first, paged, unread ones marked; mark one read, open one, mark all read.
 */
export function NotificationsPage({ notifications, page, pageCount, unread, path, actionData }: Props) {
  const busy = usePendingPost() !== null;
  const errors = actionData?.result.error?.[""] ?? undefined;
  return (
    <section className="hub-n-page" aria-labelledby="notifications-title">
      <header className="hub-n-header">
        <div>
          <h1 id="notifications-title">{T.title}</h1>
          <p className="hub-n-summary">{unreadSummary(unread)}</p>
        </div>
        {unread > 0 ? (
          <Form method="post" action={path}>
            <button type="submit" name="intent" value="read-all" className="button button-secondary" disabled={busy}>
              {T.markAllRead}
            </button>
          </Form>
        ) : null}
      </header>
      <div role="status" className="hub-n-status">
        {actionData?.message ? <p className="notice">{actionData.message}</p> : null}
      </div>
      <FormAlert id="notifications-error" errors={errors} />
      {notifications.length === 0 ? (
        <p className="card hub-n-empty">{T.empty}</p>
      ) : (
        <ul className="hub-n-list" aria-label={T.title}>
          {notifications.map((item) => {
            const href = inAppPath(item.link);
            return (
              <li key={item.id} className={item.unread ? "card hub-n-item hub-n-unread" : "card hub-n-item"}>
                <div className="hub-n-item-head">
                  <div className="hub-n-item-title">
                    {item.unread ? <span className="badge hub-n-badge">{T.unreadBadge}</span> : null}
                    {href ? (
                      <OpenNotification id={item.id} title={item.title} action={path} />
                    ) : (
                      <span>{item.title}</span>
                    )}
                  </div>
                  <time className="notification-date" dateTime={item.createdAt}>
                    {formatDate(item.createdAt)}
                  </time>
                </div>
                {item.body ? <p className="hub-n-item-body">{item.body}</p> : null}
                {item.unread ? (
                  <Form method="post" action={path}>
                    <input type="hidden" name="id" value={item.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="read"
                      className="button button-secondary hub-n-small"
                      aria-label={`${T.markRead}: ${item.title}`}
                      disabled={busy}
                    >
                      {T.markRead}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav className="hub-n-pages" aria-label={T.pagination}>
          {page > 1 ? <Link to={`${path}?page=${page - 1}`}>{T.previous}</Link> : <span />}
          <span>{pageSummary(Math.min(page, pageCount), pageCount)}</span>
          {page < pageCount ? <Link to={`${path}?page=${page + 1}`}>{T.next}</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}

/**
 * The view of a Notifications route: the page its loader read and its action's answer (both from
 * app/http/notifications-route.server.ts). `framed` sets it in the console's and the portal's
 * page frame.
 */
export function NotificationsRouteView({ path, framed = false }: { path: string; framed?: boolean }) {
  const page = useLoaderData<NotificationsPageData>();
  const actionData = useActionData<NotificationActionData>();
  const view = <NotificationsPage {...page} path={path} actionData={actionData} />;
  return framed ? <div className="console-page">{view}</div> : view;
}
