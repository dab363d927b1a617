import * as z from "zod";
import { requireRole } from "~/http/guards.server";
import { notFound } from "~/http/route-kit.server";
import { STAFF_SCOPE } from "~/lib/audit/audit-actions";
import { isAdmin } from "~/server/identity/staff.server";
import type { AppContext } from "~/server/load-context";

const ScopeSchema = z.string().trim().min(1).max(80);

/**
 * The console's audit pages (/manage/audit and its CSV): staff only (others 404), and the trail
 * they ask for in `?business=`: a business's id, STAFF_SCOPE (admins only: 404 for managers), or
 * null when none is given. A value that cannot be an id is a 404. Whether the id names a business
 * is the caller's to check, beside its own reads.
 */
export async function requireAuditScope(
  app: AppContext,
  request: Request,
): Promise<{ admin: boolean; scope: string | null }> {
  const viewer = await requireRole(app, request, "manager");
  const admin = isAdmin(viewer);
  const raw = new URL(request.url).searchParams.get("business");
  if (raw === null) return { admin, scope: null };
  const scope = ScopeSchema.safeParse(raw);
  if (!scope.success || (scope.data === STAFF_SCOPE && !admin)) throw notFound();
  return { admin, scope: scope.data };
}
