import { Link } from "@remix-run/react";
import { useId } from "react";
import { formatMoney } from "~/lib/shared/numbers";
import { COST_LABELS } from "~/lib/payouts/receipt-copy";
import { receiptPath } from "~/lib/payouts/receipts";
import { formatDate } from "~/lib/shared/dates";
import type { EngagementCosts, ItemCost } from "~/server/payments/receipts.server";

/**
 * What one deliverable cost the business (issue #18): the amount and date paid with a link to its
 * receipt, a refund with its date and amount, and any duplicate payment with its automatic refund.
 * Rows of the item's facts list (dt/dd pairs).
 */
export function DeliverableCost({ cost, title }: { cost: ItemCost | undefined; title: string }) {
  if (!cost) return null;
  return (
    <>
      <div className="item-cost">
        <dt>{COST_LABELS.paid}</dt>
        <dd>
          {COST_LABELS.paidOn(formatMoney(cost.paidCents), formatDate(cost.paidAt))}{" "}
          <Link
            to={receiptPath(cost.purchaseId)}
            className="item-cost-receipt"
            aria-label={COST_LABELS.receiptOf(title)}
          >
            {COST_LABELS.receipt}
          </Link>
        </dd>
      </div>
      {cost.refundedAt ? (
        <div className="item-cost item-cost-refunded">
          <dt>{COST_LABELS.refunded}</dt>
          <dd>{COST_LABELS.refundedOn(formatMoney(cost.refundedCents), formatDate(cost.refundedAt))}</dd>
        </div>
      ) : null}
      {cost.duplicates.map((duplicate) => (
        <div key={duplicate.purchaseId} className="item-cost item-cost-refunded">
          <dt>{COST_LABELS.duplicate}</dt>
          <dd>
            {duplicate.refundedAt
              ? COST_LABELS.duplicateRefunded(
                  formatMoney(duplicate.paidCents),
                  formatDate(duplicate.paidAt),
                  formatDate(duplicate.refundedAt),
                )
              : COST_LABELS.duplicateRefunding(formatMoney(duplicate.paidCents), formatDate(duplicate.paidAt))}{" "}
            <Link
              to={receiptPath(duplicate.purchaseId)}
              className="item-cost-receipt"
              aria-label={COST_LABELS.duplicateReceiptOf(title)}
            >
              {COST_LABELS.receipt}
            </Link>
          </dd>
        </div>
      ))}
    </>
  );
}

/** The engagement's payments: paid, refunded and net (shown once anything was paid). */
export function EngagementCostTotals({ costs }: { costs: EngagementCosts | null | undefined }) {
  const id = useId();
  if (!costs || Object.keys(costs.items).length === 0) return null;
  return (
    <div className="engagement-cost-totals" role="group" aria-labelledby={id}>
      <p id={id} className="engagement-item-label">
        {COST_LABELS.totals}
      </p>
      <dl className="engagement-item-facts">
        <div>
          <dt>{COST_LABELS.totalPaid}</dt>
          <dd>{formatMoney(costs.paidCents)}</dd>
        </div>
        <div>
          <dt>{COST_LABELS.totalRefunded}</dt>
          <dd>{formatMoney(costs.refundedCents)}</dd>
        </div>
        <div>
          <dt>{COST_LABELS.totalNet}</dt>
          <dd>{formatMoney(costs.netCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
