/** The audit trail (issue #38 item 2, docs/decisions/065): who did what, when and from where. */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";

/**
 * One row per recorded action, never changed or removed: the migration adds triggers that abort
 * any UPDATE or DELETE. No foreign keys (a cascade or `set null` would be an update): the ids name
 * what the row is about as it was.
 */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: id(),
    /** The business the action concerns; null for staff matters (the staff, invitations). */
    businessId: text("business_id"),
    /** Who acted; null for Partwise itself (a webhook, a job). */
    actorUserId: text("actor_user_id"),
    /** What they were when they acted: client, consultant, admin, manager, or system. */
    actorKind: text("actor_kind").notNull(),
    /** What happened, dotted (e.g. "staff.removed", "item.refunded"): AUDIT_ACTIONS in app/lib/audit. */
    action: text("action").notNull(),
    /** What it happened to: a kind and an id (e.g. "user" and the user's id). */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** What changed, as JSON: { field: [before, after] } or the action's own facts (an amount, a role). */
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Where from: the request's IP (CF-Connecting-IP) and User-Agent; null without a request. */
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_business_idx").on(t.businessId, t.createdAt),
    index("audit_events_created_at_idx").on(t.createdAt),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
