// The people of a business (docs/decisions/066): the business domain owns `business_members`.
import { asc, Column, eq, getTableName, is, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AppContext } from "~/server/load-context";
import { businesses, businessMembers } from "~db/schema";
import type { BusinessMemberRole } from "~db/enums";
import { PERMISSIONS, type BusinessAction } from "~/lib/business/permissions";

/**
 * A write's claim that `userId` is, as it runs, a member of the row's business whose role may
 * take `action` (app/lib/business/permissions.ts): for a WHERE on `businesses`, so a member removed
 * or demoted between the guard and the write changes nothing.
 */
export function memberMay(userId: string, action: BusinessAction): SQL {
  return sql`EXISTS (SELECT 1 FROM business_members m WHERE m.business_id = ${businesses.id} AND m.user_id = ${userId} AND m.role IN (${rolesWhoMay(action)}))`;
}

function rolesWhoMay(action: BusinessAction): SQL {
  return sql.join(
    PERMISSIONS[action].map((role) => sql`${role}`),
    sql`, `,
  );
}

/**
 * The ids (or, with `field: "email"`, the email addresses) of the members of `businessId` (a column
 * or a value) whose role may take `action`, as a column of the caller's one query
 * (docs/decisions/068): who a notice about the business goes to. Owners first, then admins, members
 * and viewers, each oldest first; a deactivated account is not told. Aliased as `alias` (a batch
 * keys its rows by column name).
 */
export function membersWhoMayColumn(
  businessId: SQL | AnyColumn | string,
  action: BusinessAction,
  alias: string,
  field: "id" | "email" = "id",
) {
  const value = field === "email" ? sql`u.email` : sql`m.user_id`;
  // A column is named with its table: drizzle writes a lone table's columns bare, and a bare "id"
  // inside this subquery would be the user's.
  if (is(businessId, Column))
    businessId = sql`${sql.identifier(getTableName(businessId.table))}.${sql.identifier(businessId.name)}`;
  return sql<
    string[]
  >`(SELECT json_group_array(t.value) FROM (SELECT ${value} AS value FROM business_members m JOIN users u ON u.id = m.user_id
      WHERE m.business_id = ${businessId} AND m.role IN (${rolesWhoMay(action)}) AND u.deactivated_at IS NULL
      ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'member' THEN 2 ELSE 3 END, m.created_at, m.user_id) t)`
    .mapWith((value: unknown) => (typeof value === "string" ? (JSON.parse(value) as string[]) : []))
    .as(alias);
}

/**
 * The join condition of `business_members` for an INSERT … SELECT that writes one row per member of
 * `businessId` whose role may take `action` (an account deactivated is not told).
 */
export function membersWhoMayJoin(businessId: SQL | AnyColumn, action: BusinessAction): SQL {
  return sql`${businessMembers.businessId} = ${businessId} AND ${businessMembers.role} IN (${rolesWhoMay(action)})
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = ${businessMembers.userId} AND u.deactivated_at IS NOT NULL)`;
}

/** The ids of the members of `businessId` whose role may take `action` (see membersWhoMayColumn): one query. */
export async function membersWhoMay(app: AppContext, businessId: string, action: BusinessAction): Promise<string[]> {
  const [row] = await app.db
    .select({ ids: membersWhoMayColumn(businessId, action, "member_ids") })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.ids ?? [];
}

/** A business a person belongs to, as the switcher lists it. */
export type Membership = { businessId: string; name: string; role: BusinessMemberRole };

/** Every business `userId` belongs to, by name (the app shell's switcher, docs/decisions/068): one query on the user index. */
export function loadMemberships(app: AppContext, userId: string): Promise<Membership[]> {
  return app.db
    .select({ businessId: businessMembers.businessId, name: businesses.name, role: businessMembers.role })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .orderBy(asc(businesses.name), asc(businesses.id));
}
