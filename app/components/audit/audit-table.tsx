import { Link } from "@remix-run/react";
import {
  AUDIT_ACTOR_KINDS,
  AUDIT_NEWEST,
  AUDIT_OLDER,
  auditDetailText,
  type AuditActorKind,
} from "~/lib/audit/audit-actions";
import { formatDateTime } from "~/lib/shared/dates";
import { LabelledTable } from "~/components/ui/labelled-table";

/** One event as a page gets it (dates as ISO text over the wire). */
export type AuditTableRow = {
  id: string;
  at: string | Date;
  what: string;
  actor: string;
  actorKind: string;
  detail: Record<string, unknown>;
  ip: string | null;
};

/**
 * The audit trail as a table (Settings → Activity, the console's Audit trail): when, who (and as
 * what), what, the details and where from, newest first, a page at a time, with the CSV of
 * everything beside it.
 */
export function AuditTable({
  headingId,
  title,
  rows,
  csvHref,
  emptyText,
  olderHref,
  newestHref,
}: {
  headingId: string;
  title: string;
  rows: AuditTableRow[];
  csvHref: string;
  emptyText: string;
  /** The next page (older events), when there is one. */
  olderHref: string | null;
  /** The first page, when this is a later one. */
  newestHref: string | null;
}) {
  return (
    <section className="stack" aria-labelledby={headingId}>
      <div className="audit-heading">
        <h2 id={headingId} className="card-title">
          {title}
        </h2>
        <a className="button button-secondary" href={csvHref} download>
          Download CSV
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="empty-state">{emptyText}</p>
      ) : (
        <LabelledTable labelledBy={headingId}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Details</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label="When">
                  <div>{formatDateTime(row.at)}</div>
                </td>
                <td data-label="Who">
                  <div>
                    {row.actor}
                    {row.actorKind === "system" ? null : (
                      <span className="console-muted">
                        {" "}
                        · {AUDIT_ACTOR_KINDS[row.actorKind as AuditActorKind] ?? row.actorKind}
                      </span>
                    )}
                  </div>
                </td>
                <td data-label="What">
                  <div>{row.what}</div>
                </td>
                <td data-label="Details">
                  <div>{auditDetailText(row.detail) || "—"}</div>
                </td>
                <td data-label="From">
                  <div>{row.ip ?? "—"}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </LabelledTable>
      )}
      {olderHref || newestHref ? (
        <nav className="button-row" aria-label={`${title}: pages`}>
          {newestHref ? (
            <Link className="button button-secondary" to={newestHref}>
              {AUDIT_NEWEST}
            </Link>
          ) : null}
          {olderHref ? (
            <Link className="button button-secondary" to={olderHref}>
              {AUDIT_OLDER}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
