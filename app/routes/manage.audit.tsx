import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { AuditTable } from "~/components/audit/audit-table";
import { requireAuditScope } from "~/http/audit-scope.server";
import { notFound } from "~/http/route-kit.server";
import {
  auditCsvPath,
  auditCursorOf,
  auditPageLinks,
  BUSINESS_SEARCH_MORE,
  noBusinessFound,
  STAFF_SCOPE,
} from "~/lib/audit/audit-actions";
import { auditPage } from "~/server/audit/audit.server";
import { BUSINESS_SEARCH_LIMIT, businessNameOf, findBusinesses } from "~/server/business/business-names.server";

export const meta: MetaFunction = () => [{ title: "Audit trail | Console | Partwise" }];

const SearchSchema = z.string().trim().max(80).catch("");

/**
 * /manage/audit?business={id}: a business's audit trail as its owner sees it in Settings →
 * Activity, for any staff member; ?business=staff (admins only): the staff's own matters
 * (invitations, roles, removals, consultant vetting). ?q= finds businesses by name (the first 50);
 * &before= turns the trail's pages. Other roles 404; an unknown business 404. One round trip: the
 * search, the chosen business's name and its page in parallel.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin, scope: chosen } = await requireAuditScope(context.app, request);
  const query = new URL(request.url).searchParams;
  const search = SearchSchema.parse(query.get("q") ?? "");
  const before = auditCursorOf(query.get("before"));
  const { db } = context.app;
  const [found, name, page] = await Promise.all([
    findBusinesses(db, search),
    chosen && chosen !== STAFF_SCOPE ? businessNameOf(db, chosen) : null,
    chosen ? auditPage(context.app, { businessId: chosen === STAFF_SCOPE ? null : chosen }, before) : null,
  ]);
  if (chosen && chosen !== STAFF_SCOPE && name === null) throw notFound();
  const links = page
    ? auditPageLinks(
        page,
        before,
        (cursor) => `/manage/audit?business=${encodeURIComponent(chosen ?? "")}${cursor ? `&before=${cursor}` : ""}`,
      )
    : { olderHref: null, newestHref: null };
  return {
    admin,
    search,
    found,
    more: found.length >= BUSINESS_SEARCH_LIMIT,
    chosen,
    title: chosen === STAFF_SCOPE ? "Staff" : name,
    rows: page?.rows ?? [],
    ...links,
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AuditTrailPage() {
  const { admin, search, found, more, chosen, title, rows, olderHref, newestHref } = useLoaderData<typeof loader>();
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Engagement manager console</p>
          <h1>Audit trail</h1>
        </div>
      </header>
      <section className="card stack">
        <p className="console-muted">
          Who did what, when and from where: every money, decision, staff and settings change. Nothing in it can be
          changed or removed.
        </p>
        <Form method="get" className="audit-scope" role="search">
          <label htmlFor="audit-search">Business name</label>
          <input id="audit-search" name="q" type="search" className="input" defaultValue={search} maxLength={80} />
          <button type="submit" className="button button-secondary">
            Find
          </button>
        </Form>
        <nav aria-label="Trails" className="audit-choices">
          <ul className="audit-choice-list">
            {admin ? (
              <li>
                <Link
                  to={`/manage/audit?business=${STAFF_SCOPE}`}
                  aria-current={chosen === STAFF_SCOPE ? "page" : undefined}
                >
                  Staff (the team, consultant vetting)
                </Link>
              </li>
            ) : null}
            {found.map((row) => (
              <li key={row.id}>
                <Link
                  to={`/manage/audit?business=${encodeURIComponent(row.id)}${search ? `&q=${encodeURIComponent(search)}` : ""}`}
                  aria-current={chosen === row.id ? "page" : undefined}
                >
                  {row.name}
                </Link>
              </li>
            ))}
          </ul>
          {found.length === 0 ? <p className="console-muted">{noBusinessFound(search)}</p> : null}
          {more ? <p className="console-muted">{BUSINESS_SEARCH_MORE}</p> : null}
        </nav>
        {chosen && title ? (
          <AuditTable
            headingId="audit-trail"
            title={title}
            rows={rows}
            csvHref={auditCsvPath(chosen)}
            emptyText="Nothing recorded yet."
            olderHref={olderHref}
            newestHref={newestHref}
          />
        ) : null}
      </section>
    </div>
  );
}
