import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ENGAGEMENTS_TEXTS as T } from "~/lib/consultants/portal";
import { loadPortalEngagements } from "~/server/consultants/portal.server";
import { requireRole } from "~/server/identity/guards.server";
import { PortalPageHeader } from "~/components/consultant/portal-layout";

export const meta: MetaFunction = () => [{ title: "Engagements | Consultant portal | Partwise" }];

/** /consultant/engagements: the requests whose business chose this consultant. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  return { engagements: await loadPortalEngagements(context.app, viewer.user.id) };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantEngagements() {
  const { engagements } = useLoaderData<typeof loader>();
  return (
    <div className="console-page">
      <PortalPageHeader title={T.title} />
      {engagements.length === 0 ? (
        <p className="card console-empty">{T.empty}</p>
      ) : (
        <ul className="candidacy-list" aria-label={T.title}>
          {engagements.map((item) => (
            <li key={item.id} className="card candidacy-row">
              <div className="candidacy-row-main">
                <span className="candidacy-row-company">{item.business}</span>
                <span className="badge badge-soft">{item.area}</span>
              </div>
              <dl className="candidacy-meta">
                <div>
                  <dt>Engagement type</dt>
                  <dd>{item.type}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>{item.status}</dd>
                </div>
                <div>
                  <dt>Since</dt>
                  <dd>{item.since}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
