import { Await, Link } from "@remix-run/react";
import { Suspense, type ReactNode } from "react";
import { LabelledTable, StatusPill, type StatusTone } from "~/components/ui/labelled-table";
import { formatMoney } from "~/lib/shared/numbers";
import {
  EARNING_STATE_LABELS,
  EARNINGS_COLUMNS,
  EARNINGS_EMPTY,
  EARNINGS_HELD_PARTS,
  EARNINGS_NOT_APPROVED,
  EARNINGS_NOTHING_HELD,
  EARNINGS_PAID_HINT,
  EARNINGS_PENDING_APPROVAL_HINT,
  EARNINGS_TABLE_CAPTION,
  EARNINGS_TITLE,
  EARNINGS_TOTAL_LABELS,
  EARNINGS_TOTALS_LABEL,
  earningsIntro,
  PAYOUT_STATUS_LABELS,
  PAYOUTS_COLUMNS,
  PAYOUTS_LIST_INTRO,
  PAYOUTS_LIST_TITLE,
  PAYOUTS_LOADING,
  PAYOUTS_NONE,
  PAYOUTS_NOT_SET_UP,
  PAYOUTS_TABLE_CAPTION,
  PAYOUTS_UNAVAILABLE,
} from "~/lib/payouts/earnings-copy";
import type { EarningState } from "~/lib/payouts/earnings";
import { formatDate } from "~/lib/shared/dates";
import type { ConsultantEarnings, ConsultantPayouts } from "~/server/payouts/earnings.server";

const STATE_TONE: Record<EarningState, StatusTone> = {
  paid: "done",
  held: "waiting",
  failed: "alert",
  sending: "waiting",
  reversed: "muted",
  awaiting_approval: "waiting",
  in_progress: "muted",
  disputed: "alert",
};

const PAYOUT_TONE: Record<keyof typeof PAYOUT_STATUS_LABELS, StatusTone> = {
  paid: "done",
  pending: "waiting",
  in_transit: "waiting",
  canceled: "alert",
  failed: "alert",
};

/** The consultant's earnings: the three totals (what is held, and why) and the table per deliverable. */
export function EarningsCard({ earnings, feePercent }: { earnings: ConsultantEarnings; feePercent: number }) {
  const { totals, rows } = earnings;
  const heldParts = [
    totals.heldWaitingCents > 0 ? EARNINGS_HELD_PARTS.waiting(formatMoney(totals.heldWaitingCents)) : null,
    totals.heldFailedCents > 0 ? EARNINGS_HELD_PARTS.failed(formatMoney(totals.heldFailedCents)) : null,
    totals.heldSendingCents > 0 ? EARNINGS_HELD_PARTS.sending(formatMoney(totals.heldSendingCents)) : null,
  ].filter((part): part is string => part !== null);
  return (
    <section className="card earnings-card" aria-labelledby="earnings-title">
      <h2 id="earnings-title" className="card-title">
        {EARNINGS_TITLE}
      </h2>
      <p className="field-hint">{earningsIntro(feePercent)}</p>
      <dl className="earnings-totals" aria-label={EARNINGS_TOTALS_LABEL}>
        <div className="earnings-total" data-total="paid">
          <dt>{EARNINGS_TOTAL_LABELS.paid}</dt>
          <dd className="earnings-total-amount">{formatMoney(totals.paidCents)}</dd>
          <dd className="earnings-total-note">{EARNINGS_PAID_HINT}</dd>
        </div>
        <div className="earnings-total" data-total="held">
          <dt>{EARNINGS_TOTAL_LABELS.held}</dt>
          <dd className="earnings-total-amount">{formatMoney(totals.heldCents)}</dd>
          {heldParts.length === 0 ? <dd className="earnings-total-note">{EARNINGS_NOTHING_HELD}</dd> : null}
          {heldParts.map((part) => (
            <dd key={part} className="earnings-total-note">
              {part}
            </dd>
          ))}
        </div>
        <div className="earnings-total" data-total="pending-approval">
          <dt>{EARNINGS_TOTAL_LABELS.pendingApproval}</dt>
          <dd className="earnings-total-amount">{formatMoney(totals.pendingApprovalCents)}</dd>
          <dd className="earnings-total-note">{EARNINGS_PENDING_APPROVAL_HINT}</dd>
        </div>
      </dl>
      {rows.length === 0 ? (
        <p className="empty-state">{EARNINGS_EMPTY}</p>
      ) : (
        <LabelledTable labelledBy="earnings-title">
          <caption>{EARNINGS_TABLE_CAPTION}</caption>
          <thead>
            <tr>
              <th scope="col">{EARNINGS_COLUMNS.engagement}</th>
              <th scope="col">{EARNINGS_COLUMNS.deliverable}</th>
              <th scope="col">{EARNINGS_COLUMNS.approved}</th>
              <th scope="col" className="cell-amount">
                {EARNINGS_COLUMNS.amount}
              </th>
              <th scope="col">{EARNINGS_COLUMNS.status}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.itemId}>
                <td data-label={EARNINGS_COLUMNS.engagement}>
                  <span>
                    <span className="earnings-business">{row.businessName}</span>
                    {row.engagementTitle ? <span className="earnings-engagement">{row.engagementTitle}</span> : null}
                  </span>
                </td>
                <th scope="row" data-label={EARNINGS_COLUMNS.deliverable}>
                  <Link to={`/consultant/engagements/${row.outlineId}/items/${row.itemId}`}>{row.itemTitle}</Link>
                </th>
                <td data-label={EARNINGS_COLUMNS.approved}>
                  {row.approvedAt ? (
                    <time dateTime={row.approvedAt}>{formatDate(row.approvedAt)}</time>
                  ) : (
                    EARNINGS_NOT_APPROVED
                  )}
                </td>
                <td data-label={EARNINGS_COLUMNS.amount} className="cell-amount">
                  {formatMoney(row.amountCents)}
                </td>
                <td data-label={EARNINGS_COLUMNS.status}>
                  <StatusPill tone={STATE_TONE[row.state]}>{EARNING_STATE_LABELS[row.state]}</StatusPill>
                </td>
              </tr>
            ))}
          </tbody>
        </LabelledTable>
      )}
    </section>
  );
}

/**
 * The consultant's payouts to their bank as Stripe reports them, streamed (the page does not wait
 * for Stripe), and the Express dashboard button (`dashboard`) next to them.
 */
export function PayoutsListCard({ payouts, dashboard }: { payouts: Promise<ConsultantPayouts>; dashboard: ReactNode }) {
  return (
    <section className="card earnings-card" aria-labelledby="payouts-list-title">
      <h2 id="payouts-list-title" className="card-title">
        {PAYOUTS_LIST_TITLE}
      </h2>
      <p className="field-hint">{PAYOUTS_LIST_INTRO}</p>
      <Suspense
        fallback={
          <p className="field-hint" role="status">
            {PAYOUTS_LOADING}
          </p>
        }
      >
        <Await
          resolve={payouts}
          errorElement={
            <p className="form-error" role="alert">
              {PAYOUTS_UNAVAILABLE}
            </p>
          }
        >
          {(resolved) => <PayoutsList payouts={resolved} />}
        </Await>
      </Suspense>
      {dashboard}
    </section>
  );
}

function PayoutsList({ payouts }: { payouts: ConsultantPayouts }) {
  if (payouts.state === "not_set_up") return <p className="empty-state">{PAYOUTS_NOT_SET_UP}</p>;
  if (payouts.state === "error") {
    return (
      <p className="form-error" role="alert">
        {PAYOUTS_UNAVAILABLE}
      </p>
    );
  }
  if (payouts.payouts.length === 0) return <p className="empty-state">{PAYOUTS_NONE}</p>;
  return (
    <LabelledTable labelledBy="payouts-list-title">
      {/* The section's heading says it already; the caption names the table for screen readers. */}
      <caption className="visually-hidden">{PAYOUTS_TABLE_CAPTION}</caption>
      <thead>
        <tr>
          <th scope="col">{PAYOUTS_COLUMNS.arrival}</th>
          <th scope="col" className="cell-amount">
            {PAYOUTS_COLUMNS.amount}
          </th>
          <th scope="col">{PAYOUTS_COLUMNS.status}</th>
        </tr>
      </thead>
      <tbody>
        {payouts.payouts.map((payout) => (
          <tr key={payout.id}>
            <th scope="row" data-label={PAYOUTS_COLUMNS.arrival}>
              <time dateTime={payout.arrivalDate}>{formatDate(payout.arrivalDate)}</time>
            </th>
            <td data-label={PAYOUTS_COLUMNS.amount} className="cell-amount">
              {formatMoney(payout.amountCents)}
            </td>
            <td data-label={PAYOUTS_COLUMNS.status}>
              <StatusPill tone={PAYOUT_TONE[payout.status]}>{PAYOUT_STATUS_LABELS[payout.status]}</StatusPill>
            </td>
          </tr>
        ))}
      </tbody>
    </LabelledTable>
  );
}
