import { Link } from "@remix-run/react";
import { LabelledTable } from "~/components/ui/labelled-table";
import { formatMoney } from "~/lib/shared/numbers";
import {
  PAYMENT_STATUS_LABELS,
  PAYMENTS_CAPTION,
  PAYMENTS_COLUMNS,
  PAYMENTS_EMPTY,
  PAYMENTS_INTRO,
  PAYMENTS_MEMBERSHIP_NOTE,
  PAYMENTS_TITLE,
  PAYMENT_DUPLICATE_ENTRY,
  REFUND_DUPLICATE_ENTRY,
  REFUND_ENTRY,
  VIEW_RECEIPT,
} from "~/lib/payouts/receipt-copy";
import { receiptPath } from "~/lib/payouts/receipts";
import { STATEMENT_COPY } from "~/lib/payouts/statement-copy";
import { BUSINESS_STATEMENTS_PATH } from "~/lib/payouts/statements";
import { formatDate } from "~/lib/shared/dates";
import type { PaymentEntry } from "~/server/payments/receipts.server";

/** What an entry is, in words: a payment, a refund, or a duplicate payment and its automatic refund. */
function entryText(entry: PaymentEntry): string {
  if (entry.entry === "refund") {
    return entry.duplicate ? REFUND_DUPLICATE_ENTRY(entry.description) : REFUND_ENTRY(entry.description);
  }
  return entry.duplicate ? PAYMENT_DUPLICATE_ENTRY(entry.description) : entry.description;
}

/**
 * Settings → Account → Payments (issue #18): every payment the business made and every refund,
 * newest first, each with the receipt of its payment.
 */
export function PaymentHistory({ entries }: { entries: PaymentEntry[] }) {
  return (
    <section className="stack payment-history" id="payments" aria-labelledby="payments-title">
      <h2 id="payments-title" className="settings-heading">
        {PAYMENTS_TITLE}
      </h2>
      {entries.length === 0 ? (
        <p className="empty-state">{PAYMENTS_EMPTY}</p>
      ) : (
        <>
          <p className="payment-history-intro">{PAYMENTS_INTRO}</p>
          {/* On a phone each payment is a small card, every value labelled (no sideways scrolling). */}
          <LabelledTable labelledBy="payments-title" className="payment-history-table">
            <caption>{PAYMENTS_CAPTION}</caption>
            <thead>
              <tr>
                <th scope="col">{PAYMENTS_COLUMNS.date}</th>
                <th scope="col">{PAYMENTS_COLUMNS.what}</th>
                <th scope="col" className="cell-amount">
                  {PAYMENTS_COLUMNS.amount}
                </th>
                <th scope="col">{PAYMENTS_COLUMNS.status}</th>
                <th scope="col">{PAYMENTS_COLUMNS.receipt}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const what = entryText(entry);
                return (
                  <tr key={entry.key} className={`payment-entry payment-entry-${entry.entry}`}>
                    <td data-label={PAYMENTS_COLUMNS.date}>{formatDate(entry.date)}</td>
                    <td data-label={PAYMENTS_COLUMNS.what} className="payment-entry-what">
                      {entry.href ? <Link to={entry.href}>{what}</Link> : what}
                    </td>
                    <td data-label={PAYMENTS_COLUMNS.amount} className="cell-amount">
                      {formatMoney(entry.amountCents)}
                    </td>
                    <td data-label={PAYMENTS_COLUMNS.status}>{PAYMENT_STATUS_LABELS[entry.status]}</td>
                    <td data-label={PAYMENTS_COLUMNS.receipt}>
                      <Link to={receiptPath(entry.purchaseId)} aria-label={`${VIEW_RECEIPT} ${entry.number}`}>
                        {entry.number}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </LabelledTable>
        </>
      )}
      <p className="payment-history-note">{PAYMENTS_MEMBERSHIP_NOTE}</p>
      <p className="payment-history-statements">
        <Link to={BUSINESS_STATEMENTS_PATH}>{STATEMENT_COPY.linkFromPayments}</Link>
      </p>
    </section>
  );
}
