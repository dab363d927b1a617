import { Link } from "@remix-run/react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatUsdCents } from "~/lib/engagements/sow";
import {
  PAYMENT_STATUS_LABELS,
  RECEIPT_BACK_TO_PAYMENTS,
  RECEIPT_BRAND,
  RECEIPT_DUPLICATE_NOTE,
  RECEIPT_LABELS,
  RECEIPT_PRINT,
  RECEIPT_TITLE,
} from "~/lib/payouts/receipt-copy";
import { PAYMENTS_PATH } from "~/lib/payouts/receipts";
import { formatDate } from "~/lib/shared/dates";
import type { Receipt } from "~/server/payments/receipts.server";

/**
 * A printable receipt (issue #18): Partwise, the receipt number, the date paid, the business, what
 * was bought (with a link to it), the amount, Stripe's payment reference, the status and refunds.
 */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const hydrated = useHydrated();
  return (
    <article className="card receipt" aria-labelledby="receipt-title">
      <header className="receipt-head">
        <p className="receipt-brand">{RECEIPT_BRAND}</p>
        <h1 id="receipt-title">{RECEIPT_TITLE}</h1>
      </header>
      <dl className="receipt-facts">
        <div>
          <dt>{RECEIPT_LABELS.number}</dt>
          <dd>{receipt.number}</dd>
        </div>
        <div>
          <dt>{RECEIPT_LABELS.datePaid}</dt>
          <dd>{formatDate(receipt.paidAt)}</dd>
        </div>
        <div>
          <dt>{RECEIPT_LABELS.billedTo}</dt>
          <dd>{receipt.businessName}</dd>
        </div>
        <div>
          <dt>{RECEIPT_LABELS.item}</dt>
          <dd>{receipt.href ? <Link to={receipt.href}>{receipt.description}</Link> : receipt.description}</dd>
        </div>
        {receipt.duplicateOf ? (
          <div>
            <dt>{RECEIPT_LABELS.note}</dt>
            <dd>{RECEIPT_DUPLICATE_NOTE}</dd>
          </div>
        ) : null}
        <div>
          <dt>{RECEIPT_LABELS.amount}</dt>
          <dd className="receipt-amount">{formatUsdCents(receipt.amountCents)}</dd>
        </div>
        {receipt.paymentReference ? (
          <div>
            <dt>{RECEIPT_LABELS.paymentReference}</dt>
            <dd className="receipt-reference">{receipt.paymentReference}</dd>
          </div>
        ) : null}
        <div>
          <dt>{RECEIPT_LABELS.status}</dt>
          <dd>
            <span className={`badge receipt-status receipt-status-${receipt.status}`}>
              {PAYMENT_STATUS_LABELS[receipt.status]}
            </span>
          </dd>
        </div>
      </dl>
      {receipt.refunds.length > 0 ? (
        // Scrolls sideways on a phone: focusable and named, so the keyboard can scroll it too.
        <div className="receipt-refunds" role="region" aria-label={RECEIPT_LABELS.refunds} tabIndex={0}>
          <table className="chart-table receipt-table">
            <caption>{RECEIPT_LABELS.refunds}</caption>
            <thead>
              <tr>
                <th scope="col">{RECEIPT_LABELS.refundDate}</th>
                <th scope="col">{RECEIPT_LABELS.refundAmount}</th>
                <th scope="col">{RECEIPT_LABELS.refundReference}</th>
              </tr>
            </thead>
            <tbody>
              {receipt.refunds.map((refund) => (
                <tr key={refund.id}>
                  <td>{formatDate(refund.refundedAt)}</td>
                  <td>{formatUsdCents(refund.amountCents)}</td>
                  <td className="receipt-reference">{refund.reference ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="receipt-facts receipt-net">
            <div>
              <dt>{RECEIPT_LABELS.net}</dt>
              <dd>{formatUsdCents(receipt.netCents)}</dd>
            </div>
          </dl>
        </div>
      ) : null}
      <div className="receipt-actions">
        {hydrated ? (
          <button type="button" className="button button-secondary" onClick={() => window.print()}>
            {RECEIPT_PRINT}
          </button>
        ) : null}
        <Link to={PAYMENTS_PATH}>{RECEIPT_BACK_TO_PAYMENTS}</Link>
      </div>
    </article>
  );
}
