import { and, asc, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { businesses, consultantPayoutAccounts, consultantTransfers, deliveryItems, deliveryOutlines } from "~db/schema";
import { canConsultantDeliver, isPastDate, todayAnywhereOnEarth } from "~/lib/engagements/engagement-state";
import { planStage, planStageLabel } from "~/lib/engagements/plan-stage";
import { formatDate } from "~/lib/shared/dates";
import { itemRefundedColumn } from "~/server/engagements/item-refunds.server";
import { consultantOutlines, loadPlansToDraft, type PlanToDraft } from "~/server/engagements/plan-drafting.server";
import type { AppContext } from "~/server/load-context";

/** A plan that waits for the consultant: not sent yet, or sent back by the manager or the business. */
export type PlanToRevise = { outlineId: string; title: string; business: string; stage: string };

/** A paid deliverable the consultant is to deliver (or deliver again, after a revision request). */
export type DeliverableToDeliver = {
  outlineId: string;
  itemId: string;
  title: string;
  engagementTitle: string;
  business: string;
  /** "Dec 16, 2026". */
  deliveryDate: string;
  /** Its delivery date has passed (isItemOverdue: it is paid and not delivered). */
  overdue: boolean;
  revision: boolean;
};

export type ConsultantWork = {
  toDraft: PlanToDraft[];
  toRevise: PlanToRevise[];
  toDeliver: DeliverableToDeliver[];
  /** Cents held for the consultant until their payouts are enabled (0 once enabled or when nothing is held). */
  heldForSetupCents: number;
};

/** The plan stages at which the next step is the consultant's. */
const CONSULTANT_STAGES = new Set(["draft", "sent_back", "rejected"]);

/**
 * What the consultant's engagements wait on them for: matches with no plan yet, plans to finish or
 * revise, paid deliverables to deliver, and money held until they set up payouts. Four reads,
 * sent together: one round trip's wait. Only the consultant's own rows are read.
 */
export async function loadConsultantWork(app: AppContext, consultantId: string): Promise<ConsultantWork> {
  const [toDraft, plans, items, held] = await Promise.all([
    loadPlansToDraft(app, consultantId),
    consultantOutlines(
      app,
      consultantId,
      and(
        eq(deliveryOutlines.complete, false),
        or(
          eq(deliveryOutlines.state, "draft"),
          eq(deliveryOutlines.egmReviewStatus, "revision"),
          eq(deliveryOutlines.businessReviewStatus, "revision"),
        ),
      ),
    ).orderBy(desc(deliveryOutlines.updatedAt), deliveryOutlines.id),
    app.db
      .select({
        id: deliveryItems.id,
        outlineId: deliveryItems.outlineId,
        title: deliveryItems.title,
        status: deliveryItems.status,
        paidPurchaseId: deliveryItems.paidPurchaseId,
        deliveryDate: deliveryItems.deliveryDate,
        refunded: itemRefundedColumn(),
        engagementTitle: deliveryOutlines.title,
        business: businesses.name,
      })
      .from(deliveryItems)
      .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
      .innerJoin(businesses, eq(businesses.id, deliveryOutlines.businessId))
      .where(
        and(
          eq(deliveryOutlines.consultantId, consultantId),
          eq(deliveryOutlines.complete, false),
          inArray(deliveryItems.status, ["active", "revision"]),
          isNotNull(deliveryItems.paidPurchaseId),
        ),
      )
      .orderBy(asc(deliveryItems.deliveryDate), deliveryItems.id),
    app.db
      .select({ cents: sql<number>`COALESCE(SUM(${consultantTransfers.amountCents}), 0)`.mapWith(Number) })
      .from(consultantTransfers)
      .leftJoin(
        consultantPayoutAccounts,
        eq(consultantPayoutAccounts.consultantUserId, consultantTransfers.consultantUserId),
      )
      .where(
        and(
          eq(consultantTransfers.consultantUserId, consultantId),
          eq(consultantTransfers.status, "held"),
          sql`COALESCE(${consultantPayoutAccounts.payoutsEnabled}, 0) = 0`,
        ),
      ),
  ]);
  const today = todayAnywhereOnEarth(app.now());
  return {
    toDraft,
    toRevise: plans
      .filter((plan) => CONSULTANT_STAGES.has(planStage(plan)))
      .map((plan) => ({ outlineId: plan.id, title: plan.title, business: plan.business, stage: planStageLabel(plan) })),
    toDeliver: items.filter(canConsultantDeliver).map((item) => ({
      outlineId: item.outlineId,
      itemId: item.id,
      title: item.title,
      engagementTitle: item.engagementTitle,
      business: item.business,
      deliveryDate: formatDate(item.deliveryDate),
      // Paid, active or in revision, on an engagement not complete: overdue once its date passed.
      overdue: isPastDate(item.deliveryDate, today),
      revision: item.status === "revision",
    })),
    heldForSetupCents: held[0]?.cents ?? 0,
  };
}
