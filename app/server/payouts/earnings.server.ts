import { and, eq, ne, notExists, sql } from "drizzle-orm";
import {
  businesses,
  consultantTransfers,
  deliveryItems,
  deliveryOutlines,
  purchases,
  type ConsultantPayoutAccount,
} from "~db/schema";
import {
  earningState,
  earningsTotals,
  type EarningInput,
  type EarningState,
  type EarningsTotals,
} from "~/lib/payouts/earnings";
import { PAYOUTS_LIST_LIMIT } from "~/lib/payouts/earnings-copy";
import { consultantShareCents } from "~/lib/payouts/fees";
import { refundStarted } from "~/server/engagements/item-refunds.server";
import type { AppContext } from "~/server/load-context";
import { disputeUnsettled } from "~/server/engagements/dispute-columns.server";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import { PaymentProviderError, type PayoutStatus } from "~/server/payments/provider/types";

/** One deliverable of the consultant's earnings table (cents; the view formats them). */
export type EarningRow = {
  itemId: string;
  outlineId: string;
  engagementTitle: string;
  businessName: string;
  itemTitle: string;
  /** When the business approved the item (ISO), or null while not approved. */
  approvedAt: string | null;
  /** The consultant's share: the transfer's amount, or price less fee while not approved. */
  amountCents: number;
  state: EarningState;
};

export type ConsultantEarnings = { rows: EarningRow[]; totals: EarningsTotals };

/**
 * Everything the consultant earns across their engagements, in two parallel queries (one D1 round
 * trip): their transfers (consultant_transfers.consultant_user_id = them) and their prepaid items
 * not approved yet (the outline's consultant = them, a paid purchase, no transfer, no refund under
 * way or done), whose share is the price less PLATFORM_FEE_PERCENT. Nobody else's money is read.
 */
export async function loadConsultantEarnings(app: AppContext, consultantUserId: string): Promise<ConsultantEarnings> {
  const [transfers, unapproved] = await Promise.all([
    app.db
      .select({
        itemId: consultantTransfers.itemId,
        outlineId: consultantTransfers.outlineId,
        amountCents: consultantTransfers.amountCents,
        status: consultantTransfers.status,
        transferCreatedAt: consultantTransfers.createdAt,
        approvedAt: deliveryItems.completedAt,
        itemTitle: deliveryItems.title,
        position: deliveryItems.position,
        engagementTitle: deliveryOutlines.title,
        businessName: businesses.name,
      })
      .from(consultantTransfers)
      .innerJoin(deliveryItems, eq(deliveryItems.id, consultantTransfers.itemId))
      .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, consultantTransfers.outlineId))
      .innerJoin(businesses, eq(businesses.id, consultantTransfers.businessId))
      .where(eq(consultantTransfers.consultantUserId, consultantUserId)),
    app.db
      .select({
        itemId: deliveryItems.id,
        outlineId: deliveryItems.outlineId,
        itemStatus: deliveryItems.status,
        chargedCents: purchases.amountCents,
        disputed: sql<number>`${disputeUnsettled(deliveryItems.id)}`.mapWith(Number),
        itemTitle: deliveryItems.title,
        position: deliveryItems.position,
        engagementTitle: deliveryOutlines.title,
        businessName: businesses.name,
      })
      .from(deliveryItems)
      .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
      .innerJoin(purchases, eq(purchases.id, deliveryItems.paidPurchaseId))
      .innerJoin(businesses, eq(businesses.id, deliveryOutlines.businessId))
      .where(
        and(
          eq(deliveryOutlines.consultantId, consultantUserId),
          eq(purchases.status, "paid"),
          ne(deliveryItems.status, "approved"),
          notExists(
            app.db
              .select({ one: consultantTransfers.id })
              .from(consultantTransfers)
              .where(eq(consultantTransfers.itemId, deliveryItems.id)),
          ),
          // A refund under way (or done) takes the item's money back to the business.
          sql`NOT ${refundStarted(deliveryItems.id)}`,
        ),
      ),
  ]);
  const feePercent = app.env.PLATFORM_FEE_PERCENT;
  const inputs: EarningInput[] = [];
  const rows: (EarningRow & { sortAt: number; position: number })[] = [];
  for (const row of transfers) {
    const input: EarningInput = { kind: "transfer", status: row.status, amountCents: row.amountCents };
    inputs.push(input);
    const approved = row.approvedAt ?? row.transferCreatedAt;
    rows.push({
      itemId: row.itemId,
      outlineId: row.outlineId,
      engagementTitle: row.engagementTitle,
      businessName: row.businessName,
      itemTitle: row.itemTitle,
      approvedAt: approved.toISOString(),
      amountCents: row.amountCents,
      state: earningState(input),
      sortAt: approved.getTime(),
      position: row.position,
    });
  }
  for (const row of unapproved) {
    const input: EarningInput = {
      kind: "unapproved",
      delivered: row.itemStatus === "delivered",
      amountCents: consultantShareCents(row.chargedCents, feePercent),
      disputed: row.disputed === 1,
    };
    inputs.push(input);
    rows.push({
      itemId: row.itemId,
      outlineId: row.outlineId,
      engagementTitle: row.engagementTitle,
      businessName: row.businessName,
      itemTitle: row.itemTitle,
      approvedAt: null,
      amountCents: input.amountCents,
      state: earningState(input),
      // Not approved yet: first, as what comes next.
      sortAt: Number.MAX_SAFE_INTEGER,
      position: row.position,
    });
  }
  rows.sort(
    (a, b) =>
      b.sortAt - a.sortAt ||
      a.engagementTitle.localeCompare(b.engagementTitle) ||
      a.outlineId.localeCompare(b.outlineId) ||
      a.position - b.position,
  );
  return {
    rows: rows.map(({ sortAt: _sortAt, position: _position, ...row }) => row),
    totals: earningsTotals(inputs),
  };
}

/** One payout as the page shows it. */
export type PayoutRow = {
  id: string;
  amountCents: number;
  currency: string;
  arrivalDate: string;
  status: PayoutStatus;
};

/**
 * The consultant's payouts to their bank as Stripe reports them: not_set_up while they have no
 * account with details submitted (Stripe is not asked), error when Stripe cannot answer (the rest
 * of the page still works), else the newest PAYOUTS_LIST_LIMIT payouts.
 */
export type ConsultantPayouts =
  { state: "not_set_up" } | { state: "error" } | { state: "listed"; payouts: PayoutRow[] };

export async function loadConsultantPayouts(
  app: AppContext,
  account: Pick<ConsultantPayoutAccount, "stripeAccountId" | "detailsSubmitted"> | null,
): Promise<ConsultantPayouts> {
  if (!account || !account.detailsSubmitted) return { state: "not_set_up" };
  try {
    const payouts = await paymentProvider(app).listPayouts(account.stripeAccountId, { limit: PAYOUTS_LIST_LIMIT });
    return {
      state: "listed",
      payouts: payouts.map((payout) => ({
        id: payout.id,
        amountCents: payout.amount,
        currency: payout.currency,
        arrivalDate: new Date(payout.arrival_date * 1000).toISOString(),
        status: payout.status,
      })),
    };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`Listing the payouts of ${account.stripeAccountId} failed:`, error);
    return { state: "error" };
  }
}
