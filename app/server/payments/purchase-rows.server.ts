// The writes other domains make to purchases (ADR 057: each domain owns its tables): payouts marks
// a prepaid deliverable's purchase refunded once its refund succeeded. The statement is answered
// unrun, for the caller's db.batch; its WHERE is the claim (paid → refunded once).
import { and, eq } from "drizzle-orm";
import type { Database } from "~db/index";
import { purchases } from "~db/schema";

/** The paid purchase `purchaseId` is refunded (a repeat, or one already refunded, changes nothing). */
export function markPurchaseRefunded(db: Database, purchaseId: string, now: Date) {
  return db
    .update(purchases)
    .set({ status: "refunded", updatedAt: now })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, "paid")));
}
