import { Link } from "@remix-run/react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatMoney } from "~/lib/shared/numbers";
import {
  PAYMENT_STATUS_LABELS,
  RECEIPT_BACK_TO_PAYMENTS,
  RECEIPT_BRAND,
  RECEIPT_CARD_UNKNOWN,
  RECEIPT_DOWNLOAD_PDF,
  RECEIPT_DUPLICATE_NOTE,
  RECEIPT_LABELS,
  RECEIPT_PRINT,
  RECEIPT_TAX_NOTE,
  RECEIPT_TITLE,
} from "~/lib/payouts/receipt-copy";
import { cardLabel, PAYMENTS_PATH, receiptPdfPath, type Receipt } from "~/lib/payouts/receipts";
import { formatDate } from "~/lib/shared/dates";

/**
 * A receipt a bookkeeper can file (issue #18, #36; docs/decisions/051-receipts.md): the seller's
 * legal name and address, the receipt number, the date paid and the status, the buyer's name and
 * address, the card and Stripe's payment reference, the line paid for with its subtotal, the sales
 * tax (and how tax was handled) and the total, and every refund against the charge with what is
 * left paid. Print it, or download the same receipt as a PDF.
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
          <dt>{RECEIPT_LABELS.seller}</dt>
          <dd>
            <span className="receipt-party-name">{receipt.seller.name}</span>
            <span className="receipt-address">{receipt.seller.address}</span>
          </dd>
        </div>
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
          <dd>
            <span className="receipt-party-name">{receipt.buyer.name}</span>
            {receipt.buyer.address ? <span className="receipt-address">{receipt.buyer.address}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{RECEIPT_LABELS.paymentMethod}</dt>
          <dd>{receipt.card ? cardLabel(receipt.card) : RECEIPT_CARD_UNKNOWN}</dd>
        </div>
        {receipt.duplicateOf ? (
          <div>
            <dt>{RECEIPT_LABELS.note}</dt>
            <dd>{RECEIPT_DUPLICATE_NOTE}</dd>
          </div>
        ) : null}
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
      <div className="receipt-lines-wrap">
        <table className="chart-table receipt-table receipt-lines">
          <caption>{RECEIPT_LABELS.lines}</caption>
          <thead>
            <tr>
              <th scope="col">{RECEIPT_LABELS.description}</th>
              <th scope="col" className="receipt-money">
                {RECEIPT_LABELS.lineAmount}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td className="receipt-line-description">
                {receipt.href ? <Link to={receipt.href}>{receipt.description}</Link> : receipt.description}
              </td>
              <td className="receipt-money">{formatMoney(receipt.subtotalCents)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{RECEIPT_LABELS.subtotal}</th>
              <td className="receipt-money">{formatMoney(receipt.subtotalCents)}</td>
            </tr>
            <tr>
              <th scope="row">{RECEIPT_LABELS.tax}</th>
              <td className="receipt-money">{formatMoney(receipt.taxCents)}</td>
            </tr>
            <tr className="receipt-total">
              <th scope="row">{RECEIPT_LABELS.total}</th>
              <td className="receipt-money receipt-amount">{formatMoney(receipt.amountCents)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="receipt-tax-note">{RECEIPT_TAX_NOTE(receipt.taxCents)}</p>
      </div>
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
                  <td>{formatMoney(refund.amountCents)}</td>
                  <td className="receipt-reference">{refund.reference ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="receipt-facts receipt-net">
            <div>
              <dt>{RECEIPT_LABELS.net}</dt>
              <dd>{formatMoney(receipt.netCents)}</dd>
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
        <a className="button button-secondary" href={receiptPdfPath(receipt.purchaseId)} download>
          {RECEIPT_DOWNLOAD_PDF}
        </a>
        <Link to={PAYMENTS_PATH}>{RECEIPT_BACK_TO_PAYMENTS}</Link>
      </div>
    </article>
  );
}
