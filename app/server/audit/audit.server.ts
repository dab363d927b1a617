import { and, desc, eq, is, isNull, lt, or, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { auditEvents, users } from "~db/schema";
import type { AuditAction, AuditActorKind } from "~/lib/audit/audit-actions";
import type { AuditCursor } from "~/lib/audit/audit-actions";
import {
  auditActionText,
  auditCursorText,
  auditDetailText,
  AUDIT_ACTOR_KINDS,
  AUDIT_PAGE_SIZE,
} from "~/lib/audit/audit-actions";
import type { AppContext } from "~/server/load-context";

/**
 * The audit trail (issue #38 item 2, docs/decisions/065): every money, decision, staff and
 * settings change recorded with who, when, from where (the request's IP and User-Agent) and what
 * changed. Append-only: this module has no update or delete, and the table's triggers refuse both.
 * Other domains record through `auditStatement` (in the batch of the change itself, so there is
 * no change without its record) or `recordAudit`.
 */

/** Who acted: a user as what they were (an admin, a client…), or Partwise itself. */
export type AuditActor = { userId: string; kind: Exclude<AuditActorKind, "system"> } | { userId: null; kind: "system" };

/** Partwise itself: a webhook (what Stripe reported), a job, a script. */
export const SYSTEM_ACTOR: AuditActor = { userId: null, kind: "system" };

export type AuditInput = {
  actor: AuditActor;
  action: AuditAction;
  businessId: string | null;
  subject: { type: string; id: string };
  /** What changed ({ field: [before, after] }) or the action's facts; never a secret. */
  detail?: Record<string, unknown>;
};

/** The actor of a signed-in viewer: staff as admin or manager, everyone else by role. */
export function actorOf(viewer: {
  user: { id: string; role: "client" | "consultant" | "manager"; staffRole: "admin" | "manager" | null };
}): AuditActor {
  const { user } = viewer;
  const kind = user.role === "manager" ? (user.staffRole ?? "manager") : user.role;
  return { userId: user.id, kind };
}

/** The insert of one audit event, unrun: put it in the batch of the change it records. */
export function auditStatement(app: AppContext, input: AuditInput) {
  return app.db.insert(auditEvents).values({
    id: crypto.randomUUID(),
    businessId: input.businessId,
    actorUserId: input.actor.userId,
    actorKind: input.actor.kind,
    action: input.action,
    subjectType: input.subject.type,
    subjectId: input.subject.id,
    detail: input.detail ?? {},
    ip: app.requestFrom.ip,
    userAgent: app.requestFrom.userAgent,
    createdAt: app.now(),
  });
}

/**
 * An AuditInput whose business and detail may be read from the row that makes it happen (SQL over
 * `from`'s columns, e.g. json_object of a column's value before an update): auditStatementWhen only.
 */
export type AuditInputFrom = Omit<AuditInput, "businessId" | "detail"> & {
  businessId: string | null | SQL;
  detail?: Record<string, unknown> | SQL;
};

/**
 * The insert of one audit event that happens only where `when` holds: a row of `from` matching
 * `where` exists when the statement runs. In the batch of a conditional change it records the
 * change once, whichever call made it: after the change, with a condition only that change makes
 * true; or before it, with the change's own condition (D1 runs a batch alone, so the change then
 * happens). Before it, `businessId` and `detail` may read the row as it was (AuditInputFrom).
 */
export function auditStatementWhen(
  app: AppContext,
  input: AuditInputFrom,
  when: { from: SQLiteTable | SQL; where: SQL | undefined },
) {
  const now = app.now().getTime();
  const businessId = is(input.businessId, SQL) ? input.businessId : sql`${input.businessId}`;
  const detail = is(input.detail, SQL) ? input.detail : sql`${JSON.stringify(input.detail ?? {})}`;
  return app.db.insert(auditEvents).select(
    app.db
      .select({
        id: sql<string>`${crypto.randomUUID()}`.as("id"),
        businessId: sql<string | null>`${businessId}`.as("business_id"),
        actorUserId: sql<string | null>`${input.actor.userId}`.as("actor_user_id"),
        actorKind: sql<string>`${input.actor.kind}`.as("actor_kind"),
        action: sql<string>`${input.action}`.as("action"),
        subjectType: sql<string>`${input.subject.type}`.as("subject_type"),
        subjectId: sql<string>`${input.subject.id}`.as("subject_id"),
        detail: sql<Record<string, unknown>>`${detail}`.as("detail"),
        ip: sql<string | null>`${app.requestFrom.ip}`.as("ip"),
        userAgent: sql<string | null>`${app.requestFrom.userAgent}`.as("user_agent"),
        createdAt: sql<Date>`${now}`.as("created_at"),
      })
      .from(when.from)
      .where(when.where)
      .limit(1),
  );
}

/**
 * The insert of one audit event that happens only when the statement just before it in the batch
 * changed a row (SQLite's changes()): put it right after the conditional UPDATE or INSERT … ON
 * CONFLICT DO NOTHING it records. A repeat or a racing call whose change matched nothing records
 * nothing, even within the same millisecond (a Worker's clock stands still between I/O).
 */
export function auditAfterChange(app: AppContext, input: AuditInput) {
  return auditStatementWhen(app, input, { from: sql`(SELECT 1)`, where: sql`changes() > 0` });
}

/** Records one audit event now (where the change was no batch of its own). */
export async function recordAudit(app: AppContext, input: AuditInput): Promise<void> {
  await auditStatement(app, input);
}

/** { field: [before, after] } of the fields whose value differs (what a settings change records). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Record<string, [unknown, unknown]> {
  const changed: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changed[field] = [before[field], after[field]];
  }
  return changed;
}

export type AuditRow = {
  id: string;
  at: Date;
  action: string;
  what: string;
  actorKind: string;
  actor: string;
  subjectType: string;
  subjectId: string;
  detail: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
};

/**
 * One page of a trail: the AUDIT_PAGE_SIZE events older than `before` (the newest without it), and
 * the cursor of the next page when there are older ones. One query (one row more than shown).
 */
export async function auditPage(
  app: AppContext,
  scope: { businessId: string | null },
  before: AuditCursor | null,
): Promise<{ rows: AuditRow[]; older: string | null }> {
  const rows = await listAuditEvents(app, scope, AUDIT_PAGE_SIZE + 1, before);
  const shown = rows.slice(0, AUDIT_PAGE_SIZE);
  return { rows: shown, older: rows.length > AUDIT_PAGE_SIZE ? auditCursorText(shown.at(-1)!) : null };
}

/**
 * The events of one business (or, with `businessId` null, the staff matters), newest first, with
 * the actor's name, older than `before` when given. `limit` null answers all of them (the CSV). One query.
 */
export async function listAuditEvents(
  app: AppContext,
  scope: { businessId: string | null },
  limit: number | null,
  before: AuditCursor | null = null,
): Promise<AuditRow[]> {
  const query = app.db
    .select({
      id: auditEvents.id,
      at: auditEvents.createdAt,
      action: auditEvents.action,
      actorKind: auditEvents.actorKind,
      actorFirst: users.firstName,
      actorLast: users.lastName,
      actorEmail: users.email,
      subjectType: auditEvents.subjectType,
      subjectId: auditEvents.subjectId,
      detail: auditEvents.detail,
      ip: auditEvents.ip,
      userAgent: auditEvents.userAgent,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(
      and(
        scope.businessId === null ? isNull(auditEvents.businessId) : eq(auditEvents.businessId, scope.businessId),
        before === null
          ? undefined
          : or(
              lt(auditEvents.createdAt, new Date(before.at)),
              and(eq(auditEvents.createdAt, new Date(before.at)), lt(auditEvents.id, before.id)),
            ),
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
  const rows = limit === null ? await query : await query.limit(limit);
  return rows.map(({ actorFirst, actorLast, actorEmail, ...row }) => ({
    ...row,
    what: auditActionText(row.action),
    actor:
      actorEmail === null
        ? (AUDIT_ACTOR_KINDS[row.actorKind as AuditActorKind] ?? row.actorKind)
        : `${`${actorFirst ?? ""} ${actorLast ?? ""}`.trim() || actorEmail} (${actorEmail})`,
  }));
}

const CSV_HEADER = ["When (UTC)", "Who", "As", "What", "Subject", "Subject id", "Details", "IP", "User agent"];

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ made inert. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The trail as CSV (RFC 4180, CRLF lines), oldest last as the page shows it. */
export function auditCsv(rows: AuditRow[]): string {
  const lines = [
    CSV_HEADER,
    ...rows.map((row) => [
      row.at.toISOString(),
      row.actor,
      AUDIT_ACTOR_KINDS[row.actorKind as AuditActorKind] ?? row.actorKind,
      row.what,
      row.subjectType,
      row.subjectId,
      auditDetailText(row.detail),
      row.ip ?? "",
      row.userAgent ?? "",
    ]),
  ];
  return lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n";
}
