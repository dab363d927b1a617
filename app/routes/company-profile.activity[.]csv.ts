import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireClientBusiness } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { auditCsv, listAuditEvents } from "~/server/audit/audit.server";
import { csvResponse } from "~/http/csv-response.server";

/**
 * GET /company-profile/activity.csv (ACTIVITY_CSV_PATH): the business's whole audit trail as CSV,
 * newest first (Settings → Activity's Download CSV). Anonymous → the login screen; another role
 * → its home; a member or viewer → the role refusal (owners and admins read the activity); only
 * the viewer's own business is ever read.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request, "readActivity");
  const rows = await listAuditEvents(context.app, { businessId: viewer.business.id }, null);
  return csvResponse(auditCsv(rows), `partwise-activity-${context.app.now().toISOString().slice(0, 10)}.csv`);
}

export const action = methodNotAllowed("GET");
