import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAuditScope } from "~/http/audit-scope.server";
import { csvResponse } from "~/http/csv-response.server";
import { methodNotAllowed, notFound } from "~/http/route-kit.server";
import { STAFF_SCOPE } from "~/lib/audit/audit-actions";
import { auditCsv, listAuditEvents } from "~/server/audit/audit.server";
import { businessNameOf } from "~/server/business/business-names.server";

/** GET /manage/audit.csv?business={id|staff}: the whole trail of /manage/audit's choice as CSV; the same checks. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { scope } = await requireAuditScope(context.app, request);
  if (scope === null) throw notFound();
  const staff = scope === STAFF_SCOPE;
  // The business and the trail in parallel; an id that names no business is refused after.
  const [name, rows] = await Promise.all([
    staff ? null : businessNameOf(context.app.db, scope),
    listAuditEvents(context.app, { businessId: staff ? null : scope }, null),
  ]);
  if (!staff && name === null) throw notFound();
  const day = context.app.now().toISOString().slice(0, 10);
  return csvResponse(auditCsv(rows), `partwise-audit-${staff ? "staff" : "business"}-${day}.csv`);
}

export const action = methodNotAllowed("GET");
