// The people of a business (docs/decisions/066): the business domain owns `business_members`.
import { sql, type SQL } from "drizzle-orm";
import { businesses } from "~db/schema";
import { PERMISSIONS, type BusinessAction } from "~/lib/business/permissions";

/**
 * A write's claim that `userId` is, as it runs, a member of the row's business whose role may
 * take `action` (app/lib/business/permissions.ts): for a WHERE on `businesses`, so a member removed
 * or demoted between the guard and the write changes nothing.
 */
export function memberMay(userId: string, action: BusinessAction): SQL {
  const roles = sql.join(
    PERMISSIONS[action].map((role) => sql`${role}`),
    sql`, `,
  );
  return sql`EXISTS (SELECT 1 FROM business_members m WHERE m.business_id = ${businesses.id} AND m.user_id = ${userId} AND m.role IN (${roles}))`;
}
