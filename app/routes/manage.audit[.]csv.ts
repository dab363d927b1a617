import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { csvResponse } from "~/http/csv-response.server";
import { requireRole } from "~/http/guards.server";
import { methodNotAllowed, notFound } from "~/http/route-kit.server";
import { STAFF_SCOPE } from "~/lib/audit/audit-actions";
import { auditCsv, listAuditEvents } from "~/server/audit/audit.server";
import { businessNameOf } from "~/server/business/business-names.server";
import { isAdmin } from "~/server/identity/staff.server";

const ScopeSchema = z.string().trim().min(1).max(80);

/** GET /manage/audit.csv?business={id|staff}: the whole trail of /manage/audit's choice as CSV; the same checks. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const scope = ScopeSchema.safeParse(new URL(request.url).searchParams.get("business"));
  if (!scope.success) throw notFound();
  const staff = scope.data === STAFF_SCOPE;
  if (staff && !isAdmin(viewer)) throw notFound();
  // The business and the trail in parallel; an id that names no business is refused after.
  const [name, rows] = await Promise.all([
    staff ? null : businessNameOf(context.app.db, scope.data),
    listAuditEvents(context.app, { businessId: staff ? null : scope.data }, null),
  ]);
  if (!staff && name === null) throw notFound();
  const day = context.app.now().toISOString().slice(0, 10);
  return csvResponse(auditCsv(rows), `partwise-audit-${staff ? "staff" : "business"}-${day}.csv`);
}

export const action = methodNotAllowed("GET");
