import { Form } from "@remix-run/react";
import { formatMoney } from "~/lib/shared/numbers";
import { formatDate } from "~/lib/shared/dates";
import { TRANSFERS_CONSOLE } from "~/lib/payouts/console-copy";
import { MONEY_ACTIONS, MONEY_ADMINS_ONLY, MONEY_LABELS, TRANSFER_STATUS_LABELS } from "~/lib/payouts/transfer-copy";
import type { EngagementMoney, ItemMoneyRow } from "~/server/payouts/engagement-money.server";
import { usePendingPost } from "~/components/ui/pending-post";

/** The state of an item's money in words: refunded, transferred, held, failed… (a duplicate's refund aside). */
export function moneyStatusLabel(
  row: Pick<ItemMoneyRow, "refunded" | "transferStatus" | "charged" | "duplicate">,
): string {
  const refunded = row.refunded - (row.duplicate?.refundedCents ?? 0) > 0;
  // A dispute's split (docs/decisions/079): part refunded, the rest's transfer says where it stands.
  if (refunded && row.transferStatus && row.transferStatus !== "reversed")
    return TRANSFER_STATUS_LABELS[row.transferStatus];
  if (refunded) return MONEY_LABELS.refunded;
  if (row.transferStatus) return TRANSFER_STATUS_LABELS[row.transferStatus];
  return row.charged > 0 ? MONEY_LABELS.awaitingApproval : MONEY_LABELS.notCharged;
}

/**
 * The manager's money of an engagement: per deliverable what was charged, the fee, what was
 * transferred or refunded, its state, and the Retry / Reverse / Refund actions where they apply.
 */
export function EngagementMoneyCard({
  money,
  error,
  admin,
}: {
  money: EngagementMoney;
  error: string | null;
  /** Whether the viewer may reverse and refund (an admin); others see why they cannot. */
  admin: boolean;
}) {
  const busy = usePendingPost() !== null;
  const { totals } = money;
  return (
    <section className="card stack" aria-labelledby="engagement-money">
      <h2 id="engagement-money" className="card-title">
        {MONEY_LABELS.heading}
      </h2>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="payout-money-list" aria-label="Money by deliverable">
        {money.items.map((row) => (
          <li key={row.itemId} className="payout-money-item">
            <p className="payout-money-title">
              <strong>
                {row.number}. {row.title}
              </strong>{" "}
              <span className="badge badge-soft">{moneyStatusLabel(row)}</span>
            </p>
            <dl className="payout-money-figures">
              <div>
                <dt>{MONEY_LABELS.charged}</dt>
                <dd>{formatMoney(row.charged)}</dd>
              </div>
              <div>
                <dt>{MONEY_LABELS.fee}</dt>
                <dd>{formatMoney(row.fees)}</dd>
              </div>
              <div>
                <dt>{MONEY_LABELS.transferred}</dt>
                <dd>{formatMoney(row.transferred)}</dd>
              </div>
              <div>
                <dt>{MONEY_LABELS.refunded}</dt>
                <dd>{formatMoney(row.refunded)}</dd>
              </div>
              {row.held > 0 ? (
                <div>
                  <dt>{MONEY_LABELS.held}</dt>
                  <dd>{formatMoney(row.held)}</dd>
                </div>
              ) : null}
            </dl>
            {row.duplicate ? (
              <p className="console-muted">
                {row.duplicate.refundedAt
                  ? MONEY_LABELS.duplicateRefunded(
                      formatMoney(row.duplicate.chargedCents),
                      formatDate(row.duplicate.refundedAt),
                    )
                  : MONEY_LABELS.duplicateRefunding(formatMoney(row.duplicate.chargedCents))}
              </p>
            ) : null}
            {row.failureMessage && row.transferStatus === "failed" ? (
              <p className="console-muted">{row.failureMessage}</p>
            ) : null}
            {row.transferStatus === "pending" && row.canRetry ? (
              <p className="console-muted">{TRANSFERS_CONSOLE.interrupted}</p>
            ) : null}
            <div className="payout-money-actions">
              {row.canRetry ? (
                <MoneyAction intent="retry-transfer" itemId={row.itemId} label={MONEY_ACTIONS.retry} busy={busy} />
              ) : null}
              {admin && row.canReverse ? (
                <MoneyAction intent="reverse-transfer" itemId={row.itemId} label={MONEY_ACTIONS.reverse} busy={busy} />
              ) : null}
              {admin && row.canRefund ? (
                <MoneyAction intent="refund-item" itemId={row.itemId} label={MONEY_ACTIONS.refund} busy={busy} />
              ) : null}
            </div>
            {!admin && (row.canReverse || row.canRefund) ? <p className="console-muted">{MONEY_ADMINS_ONLY}</p> : null}
          </li>
        ))}
      </ul>
      <h3 id="engagement-money-totals" className="payout-money-totals-title">
        {MONEY_LABELS.totals}
      </h3>
      <dl className="payout-money-figures" aria-labelledby="engagement-money-totals">
        <div>
          <dt>{MONEY_LABELS.charged}</dt>
          <dd>{formatMoney(totals.charged)}</dd>
        </div>
        <div>
          <dt>{MONEY_LABELS.fee}</dt>
          <dd>{formatMoney(totals.fees)}</dd>
        </div>
        <div>
          <dt>{MONEY_LABELS.transferred}</dt>
          <dd>{formatMoney(totals.transferred)}</dd>
        </div>
        <div>
          <dt>{MONEY_LABELS.refunded}</dt>
          <dd>{formatMoney(totals.refunded)}</dd>
        </div>
        <div>
          <dt>{MONEY_LABELS.held}</dt>
          <dd>{formatMoney(totals.held)}</dd>
        </div>
      </dl>
    </section>
  );
}

function MoneyAction({
  intent,
  itemId,
  label,
  busy,
}: {
  intent: string;
  itemId: string;
  label: string;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="deliveryItemId" value={itemId} />
      <button type="submit" className="button button-secondary button-small" disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** One item's amount for its viewer: the consultant's earning or the business's cost, with its state. */
export function ItemEarning({ label, amountCents, status }: { label: string; amountCents: number; status: string }) {
  return (
    <section className="card payout-item-earning" aria-label={label}>
      <dl className="payout-money-figures">
        <div>
          <dt>{label}</dt>
          <dd>{formatMoney(amountCents)}</dd>
        </div>
        <div>
          <dt>{MONEY_LABELS.status}</dt>
          <dd>{status}</dd>
        </div>
      </dl>
    </section>
  );
}
