import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuditTable } from "~/components/audit/audit-table";
import { requireRole } from "~/http/guards.server";
import { notFound } from "~/http/route-kit.server";
import { auditCsvPath, auditCursorOf, STAFF_SCOPE } from "~/lib/audit/audit-actions";
import { auditPage } from "~/server/audit/audit.server";
import { businessNames } from "~/server/business/business-names.server";
import { isAdmin } from "~/server/identity/staff.server";

export const meta: MetaFunction = () => [{ title: "Audit trail | Console | Partwise" }];

const ScopeSchema = z.string().trim().min(1).max(80);

/**
 * /manage/audit?business={id}: a business's audit trail as its owner sees it in Settings →
 * Activity, for any staff member; ?business=staff (admins only): the staff's own matters
 * (invitations, roles, removals, consultant vetting). &before= turns the pages. Other roles 404;
 * an unknown business 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const admin = isAdmin(viewer);
  const query = new URL(request.url).searchParams;
  const raw = query.get("business");
  const scope = raw === null ? null : ScopeSchema.safeParse(raw);
  if (scope && !scope.success) throw notFound();
  const chosen = scope?.data ?? null;
  if (chosen === STAFF_SCOPE && !admin) throw notFound();
  const businesses = await businessNames(context.app.db);
  const business = chosen && chosen !== STAFF_SCOPE ? businesses.find((row) => row.id === chosen) : null;
  if (chosen && chosen !== STAFF_SCOPE && !business) throw notFound();
  const before = auditCursorOf(query.get("before"));
  const page = chosen
    ? await auditPage(context.app, { businessId: chosen === STAFF_SCOPE ? null : chosen }, before)
    : { rows: [], older: null };
  const pageHref = (cursor: string | null) =>
    `/manage/audit?business=${encodeURIComponent(chosen ?? "")}${cursor ? `&before=${cursor}` : ""}`;
  return {
    admin,
    businesses,
    chosen,
    title: business ? business.name : chosen ? "Staff" : null,
    rows: page.rows,
    olderHref: page.older ? pageHref(page.older) : null,
    newestHref: before ? pageHref(null) : null,
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AuditTrailPage() {
  const { admin, businesses, chosen, title, rows, olderHref, newestHref } = useLoaderData<typeof loader>();
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
        <Form method="get" className="audit-scope">
          <label htmlFor="audit-business">Show</label>
          <select id="audit-business" name="business" className="input" defaultValue={chosen ?? ""} required>
            <option value="" disabled>
              Choose a business
            </option>
            {admin ? <option value={STAFF_SCOPE}>Staff (the team, consultant vetting)</option> : null}
            {businesses.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary">
            Show
          </button>
        </Form>
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
