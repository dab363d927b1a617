import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { NOTIFICATIONS_TEXTS as T, PORTAL_NOTIFICATION_LIMIT } from "~/lib/consultants/portal";
import { formatDate } from "~/lib/shared/dates";
import { requireRole } from "~/server/identity/guards.server";
import { loadNotifications } from "~/server/notifications/notifications.server";
import { PortalPageHeader } from "~/components/consultant/portal-layout";

export const meta: MetaFunction = () => [{ title: "Notifications | Consultant portal | Partwise" }];

/** /consultant/notifications: the consultant's own notifications, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  return { notifications: await loadNotifications(context.app, viewer.user.id, PORTAL_NOTIFICATION_LIMIT) };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantNotifications() {
  const { notifications } = useLoaderData<typeof loader>();
  return (
    <div className="console-page">
      <PortalPageHeader title={T.title} />
      {notifications.length === 0 ? (
        <p className="card console-empty">{T.empty}</p>
      ) : (
        <ul className="candidacy-list" aria-label={T.title}>
          {notifications.map((item) => (
            <li key={item.id} className="card candidacy-row">
              <div className="candidacy-row-main">
                <span className="candidacy-row-company">{item.title}</span>
                <span className="badge badge-soft">{formatDate(item.createdAt)}</span>
              </div>
              {item.body ? <p>{item.body}</p> : null}
              {item.link ? (
                <Link to={item.link} aria-label={`${T.open}: ${item.title}`}>
                  {T.open}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
