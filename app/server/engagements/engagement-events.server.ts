import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "~/server/load-context";

/**
 * The engagement's history as its conversation shows it in line (issue #39 item 2,
 * docs/decisions/072): each plan version sent, the manager's approval, each signature, each
 * deliverable paid, delivered and reviewed. Read from the engagement's own rows (nothing is
 * copied into the thread), for the engagement of the thread's match and consultant.
 */

export const ENGAGEMENT_EVENT_KINDS = [
  "plan_sent",
  "plan_approved",
  "plan_signed",
  "item_paid",
  "item_delivered",
  "item_approved",
  "item_revision",
  "item_accepted_automatically",
  "item_disputed",
  "dispute_settled",
] as const;

export type EngagementEventKind = (typeof ENGAGEMENT_EVENT_KINDS)[number];

export type EngagementEventRow = {
  kind: EngagementEventKind;
  /** ms since the epoch. */
  at: number;
  /** The plan's version (plan events). */
  version: number | null;
  /** The deliverable's title (item events). */
  title: string | null;
  /** Who signed (plan_signed); the business's reason (item_disputed); the outcome (dispute_settled). */
  who: string | null;
};

/** The select of events from a UNION of their sources, between `from` (inclusive) and `until` (exclusive), oldest first. */
function eventsFrom(app: AppContext, union: SQL, from: number, until: number) {
  // A select from SQL (not db.all): D1's batch takes query builders only.
  return app.db
    .select({
      kind: sql<EngagementEventKind>`kind`,
      at: sql<number>`at`,
      version: sql<number | null>`version`,
      title: sql<string | null>`title`,
      who: sql<string | null>`who`,
    })
    .from(sql`(${union}) AS engagement_events`)
    .where(sql`at >= ${from} AND at < ${until}`)
    .orderBy(sql`at`);
}

/**
 * The events of the engagement behind thread `threadId` (a match candidacy) from `from` (ms,
 * inclusive) to `until` (ms, exclusive), oldest first within each of the two queries (the plan's,
 * the deliverables'; D1 allows few terms in one compound SELECT). Unrun, for the thread page's
 * batch; every branch starts from the engagement found by its unique match request.
 */
export function engagementEventsOfThread(app: AppContext, threadId: string, from: number, until: number) {
  const outline = sql`(SELECT o.id FROM delivery_outlines o JOIN match_candidates c ON c.match_request_id = o.match_request_id
    AND c.consultant_id = o.consultant_id WHERE c.id = ${threadId})`;
  const plan = sql`
      SELECT 'plan_sent' AS kind, v.submitted_at AS at, v.version AS version, NULL AS title, NULL AS who
        FROM delivery_outline_versions v WHERE v.outline_id = ${outline}
      UNION ALL
      SELECT 'plan_approved', o.egm_reviewed_at, o.version, NULL, NULL
        FROM delivery_outlines o WHERE o.id = ${outline} AND o.egm_review_status = 'approved' AND o.egm_reviewed_at IS NOT NULL
      UNION ALL
      SELECT 'plan_signed', s.signed_at, s.outline_version, NULL, s.signer_name
        FROM sow_signatures s WHERE s.outline_id = ${outline}`;
  const items = sql`
      SELECT 'item_paid' AS kind, p.paid_at AS at, NULL AS version, i.title AS title, NULL AS who
        FROM delivery_items i JOIN purchases p ON p.id = i.paid_purchase_id
        WHERE i.outline_id = ${outline} AND p.paid_at IS NOT NULL
      UNION ALL
      SELECT 'item_delivered', i.consultant_confirmed_at, NULL, i.title, NULL
        FROM delivery_items i WHERE i.outline_id = ${outline} AND i.consultant_confirmed_at IS NOT NULL
      UNION ALL
      SELECT CASE WHEN d.automatic = 1 THEN 'item_accepted_automatically' ELSE 'item_' || d.decision END, d.created_at, NULL, i.title, NULL
        FROM delivery_item_decisions d JOIN delivery_items i ON i.id = d.item_id WHERE d.outline_id = ${outline}
        AND NOT EXISTS (SELECT 1 FROM deliverable_disputes x WHERE x.item_id = d.item_id AND d.created_at >= x.opened_at)
      UNION ALL
      SELECT 'item_disputed', x.opened_at, NULL, i.title, x.reason
        FROM deliverable_disputes x JOIN delivery_items i ON i.id = x.item_id WHERE x.outline_id = ${outline}
      UNION ALL
      SELECT 'dispute_settled', x.settled_at, NULL, i.title, x.outcome
        FROM deliverable_disputes x JOIN delivery_items i ON i.id = x.item_id WHERE x.outline_id = ${outline} AND x.status = 'settled'`;
  return [eventsFrom(app, plan, from, until), eventsFrom(app, items, from, until)] as const;
}
