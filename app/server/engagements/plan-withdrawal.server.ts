import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { deliveryOutlines } from "~db/schema";
import type { AppContext } from "~/server/load-context";

/**
 * The plan of a consultant withdrawn from a match before the business signed it (issue #36 item
 * 4, ADR 024): matching withdraws a candidacy the business accepted but whose plan is not signed
 * yet, and the plan goes with it. A plan is the consultant's offer and there is one per match, so
 * the consultant who comes next drafts their own. Nothing was paid on it (a deliverable is
 * prepaid only after the signature), so deleting it (its items, notes and decisions follow by
 * cascade) loses no money and no signed statement. A signed plan is never touched.
 *
 * Returns the statement for the caller's batch: `matchRequestIds` is the SQL list (a subquery) of
 * the matches whose consultant was withdrawn in that same batch.
 */
export function discardUnsignedPlans(app: AppContext, consultantId: string, matchRequestIds: SQL) {
  return app.db
    .delete(deliveryOutlines)
    .where(
      and(
        eq(deliveryOutlines.consultantId, consultantId),
        sql`${deliveryOutlines.matchRequestId} IN ${matchRequestIds}`,
        isNull(deliveryOutlines.signedVersion),
      ),
    )
    .returning({ matchRequestId: deliveryOutlines.matchRequestId });
}
