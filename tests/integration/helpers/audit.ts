import { and, asc, eq, isNull } from "drizzle-orm";
import { auditEvents } from "~db/schema";
import { db } from "./session";

/**
 * The audit events of a business (null: the staff's matters), oldest first, optionally only those
 * about one subject: what a test of a recorded change asserts (docs/decisions/065).
 */
export async function auditOf(businessId: string | null, subjectId?: string) {
  const rows = await db()
    .select()
    .from(auditEvents)
    .where(
      and(
        businessId === null ? isNull(auditEvents.businessId) : eq(auditEvents.businessId, businessId),
        subjectId === undefined ? undefined : eq(auditEvents.subjectId, subjectId),
      ),
    )
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
  return rows.map((row) => ({
    action: row.action,
    actorUserId: row.actorUserId,
    actorKind: row.actorKind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    detail: row.detail,
  }));
}
