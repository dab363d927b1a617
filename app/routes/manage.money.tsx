import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import * as z from "zod";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { ConsolePageHeader, ConsoleTableCard, type ConsoleColumn } from "~/components/manage/console-page-parts";
import { formatMoney } from "~/lib/shared/numbers";
import { managerEngagementPath } from "~/lib/engagements/engagement-paths";
import {
  countedHeading,
  MONEY_DESK,
  MONEY_DESK_PATH,
  PAYOUT_SETUP_STATES,
  TRANSFER_ACTION_UNKNOWN,
  TRANSFER_RETRY_INVALID,
  TRANSFERS_CONSOLE,
} from "~/lib/payouts/console-copy";
import { deliveryItemIdField } from "~/lib/payouts/money-action-fields";
import { MONEY_LABELS, TRANSFER_RETRIED, TRANSFER_STATUS_LABELS } from "~/lib/payouts/transfer-copy";
import { formatDate, formatDateTime } from "~/lib/shared/dates";
import { requireRole } from "~/http/guards.server";
import { actorOf } from "~/server/audit/audit.server";
import type { ConsoleTransferRow } from "~/server/payouts/console-transfers.server";
import {
  loadMoneyDesk,
  type DisputeToSettle,
  type NearAcceptance,
  type RefundUnderWay,
} from "~/server/payouts/money-desk.server";
import { retryTransfer } from "~/server/payouts/transfers.server";
import { describeIssues, readForm } from "~/http/http.server";
import { usePendingPost } from "~/components/ui/pending-post";

export const meta: MetaFunction = () => [{ title: MONEY_DESK.metaTitle }];

const NOTICES = { retried: TRANSFER_RETRIED } as const;

/** The Retry of one transfer: the deliverable and its engagement. */
const RetryTransferSchema = z.object({
  intent: z.literal("retry-transfer", { error: TRANSFER_ACTION_UNKNOWN }),
  deliveryItemId: deliveryItemIdField(TRANSFER_RETRY_INVALID),
  outlineId: z.string({ error: TRANSFER_RETRY_INVALID }).trim().min(1, TRANSFER_RETRY_INVALID).max(100),
});

const titleOf = (title: string) => title || TRANSFERS_CONSOLE.untitledEngagement;

/** A transfer as the page shows it: dates and amounts formatted on the server, one format everywhere. */
function shown(row: ConsoleTransferRow) {
  return {
    key: row.transferId,
    itemId: row.itemId,
    outlineId: row.outlineId,
    engagementTitle: titleOf(row.engagementTitle),
    businessName: row.businessName,
    consultantName: row.consultantName,
    deliverable: row.deliverable,
    amount: formatMoney(row.amountCents),
    // Under "Held transfers" the short "Held" (the consultant's set-up is said beside it).
    status:
      row.status === "paid" && row.amountCents === 0 && !row.stripeTransferId
        ? TRANSFERS_CONSOLE.paidZero
        : row.status === "held"
          ? MONEY_LABELS.held
          : TRANSFER_STATUS_LABELS[row.status],
    failureMessage:
      row.status === "pending" ? TRANSFERS_CONSOLE.interrupted : (row.failureMessage ?? TRANSFERS_CONSOLE.noMessage),
    attempts: row.attempts,
    payoutSetup: PAYOUT_SETUP_STATES[row.payoutSetup],
    canRetry: row.canRetry,
    changedOn: formatDate(row.updatedAt),
    heldSince: formatDate(row.createdAt),
    paidOn: row.paidAt ? formatDate(row.paidAt) : "",
  };
}

type ShownTransfer = ReturnType<typeof shown>;

/** A dispute as the desk shows it, with the link to its settlement on the engagement's page. */
function shownDispute(row: DisputeToSettle) {
  return {
    key: row.disputeId,
    outlineId: row.outlineId,
    businessName: row.businessName,
    engagementTitle: titleOf(row.engagementTitle),
    deliverable: row.deliverable,
    charged: row.chargedCents === null ? MONEY_DESK.notCharged : formatMoney(row.chargedCents),
    openedOn: formatDate(row.openedAt),
    status: MONEY_DESK.disputeStatus[row.status],
    settleHref: `${managerEngagementPath(row.outlineId)}#dispute-${row.itemId}`,
  };
}

function shownNear(row: NearAcceptance) {
  return {
    key: row.itemId,
    outlineId: row.outlineId,
    businessName: row.businessName,
    engagementTitle: titleOf(row.engagementTitle),
    deliverable: row.deliverable,
    deliveredOn: formatDate(row.deliveredAt),
    acceptance: MONEY_DESK.acceptsOn(formatDateTime(row.acceptsAt)),
  };
}

function refundWhat(row: RefundUnderWay): string {
  const what = MONEY_DESK.refundWhat;
  if (row.kind === "item") return row.partial ? what.partial(row.deliverable ?? "") : what.item(row.deliverable ?? "");
  if (row.kind === "duplicate_payment") return what.duplicatePayment(row.deliverable);
  return what.duplicateSubscription;
}

function shownRefund(row: RefundUnderWay) {
  return {
    key: row.key,
    businessName: row.businessName,
    what: refundWhat(row),
    amount: formatMoney(row.amountCents),
    status: MONEY_DESK.refundStatus[row.status],
    failureMessage: row.status === "failed" ? (row.failureMessage ?? TRANSFERS_CONSOLE.noMessage) : null,
    since: formatDate(row.since),
    link: row.outlineId
      ? { to: managerEngagementPath(row.outlineId), text: MONEY_DESK.openEngagement }
      : row.insightRequestId
        ? { to: `/manage/insights/${encodeURIComponent(row.insightRequestId)}`, text: MONEY_DESK.openInsightRequest }
        : null,
  };
}

type ShownDispute = ReturnType<typeof shownDispute>;
type ShownNear = ReturnType<typeof shownNear>;
type ShownRefund = ReturnType<typeof shownRefund>;

/**
 * /manage/money, the money desk (issue #40 item 4, docs/decisions/080): what needs a manager across
 * every engagement: disputes to settle, transfers to retry and held, deliveries near their
 * automatic acceptance, refunds under way, and the last paid transfers. Managers only (anyone else
 * 404, as every console page). Two round trips: the session, then the desk (its queries in parallel).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const desk = await loadMoneyDesk(context.app);
  const key = new URL(request.url).searchParams.get("notice");
  const notice = key !== null && Object.hasOwn(NOTICES, key) ? NOTICES[key as keyof typeof NOTICES] : null;
  return {
    disputes: desk.disputes.map(shownDispute),
    failed: desk.failed.map(shown),
    held: desk.held.map(shown),
    nearAcceptance: desk.nearAcceptance.map(shownNear),
    refunds: desk.refunds.map(shownRefund),
    paid: desk.paid.map(shown),
    notice,
  };
}

type ActionResult = { error: string };

/**
 * intent=retry-transfer with deliveryItemId and outlineId: retryTransfer (the same Idempotency-Key, a
 * conditional claim, so a double submit sends once). Sent, the page reloads with a one-time
 * notice; refused (not waiting for a retry, still held, Stripe refused again) → 409/502 with the
 * reason; an unknown deliverable → 404; an unreadable body or missing fields → 400/415.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  if (!body.ok) return data<ActionResult>({ error: body.msg }, { status: body.status });
  const parsed = RetryTransferSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return data<ActionResult>({ error: describeIssues(parsed.error).msg }, { status: 400 });
  const result = await retryTransfer(context.app, actorOf(viewer), parsed.data.outlineId, parsed.data.deliveryItemId);
  if (!result.ok) return data<ActionResult>({ error: result.msg }, { status: result.status });
  return redirect(`${MONEY_DESK_PATH}?notice=retried`);
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const COLUMNS = TRANSFERS_CONSOLE.columns;

/** The columns every section shows: where the money goes and how much. */
const BASE_COLUMNS: readonly ConsoleColumn<ShownTransfer>[] = [
  {
    label: COLUMNS.engagement,
    cell: (row) => <Link to={managerEngagementPath(row.outlineId)}>{row.engagementTitle}</Link>,
  },
  { label: COLUMNS.business, cell: (row) => row.businessName },
  { label: COLUMNS.consultant, cell: (row) => row.consultantName },
  { label: COLUMNS.deliverable, cell: (row) => row.deliverable },
  { label: COLUMNS.amount, cell: (row) => row.amount, className: "transfers-amount" },
];

const statusBadge = (row: { status: string }) => <span className="badge badge-soft">{row.status}</span>;

const DESK = MONEY_DESK.columns;

const engagementLink = (row: { outlineId: string; engagementTitle: string }) => (
  <Link to={managerEngagementPath(row.outlineId)}>{row.engagementTitle}</Link>
);

const DISPUTE_COLUMNS: readonly ConsoleColumn<ShownDispute>[] = [
  { label: DESK.business, cell: (row) => row.businessName },
  { label: DESK.engagement, cell: engagementLink },
  { label: DESK.deliverable, cell: (row) => row.deliverable },
  { label: DESK.charged, cell: (row) => row.charged, className: "transfers-amount" },
  { label: DESK.opened, cell: (row) => row.openedOn },
  { label: DESK.status, cell: statusBadge },
  {
    label: DESK.action,
    cell: (row) => (
      <Link to={row.settleHref} aria-label={MONEY_DESK.settleLabel(row.deliverable)}>
        {MONEY_DESK.settle}
      </Link>
    ),
  },
];

const NEAR_COLUMNS: readonly ConsoleColumn<ShownNear>[] = [
  { label: DESK.business, cell: (row) => row.businessName },
  { label: DESK.engagement, cell: engagementLink },
  { label: DESK.deliverable, cell: (row) => row.deliverable },
  { label: DESK.delivered, cell: (row) => row.deliveredOn },
  { label: DESK.acceptance, cell: (row) => row.acceptance },
];

const REFUND_COLUMNS: readonly ConsoleColumn<ShownRefund>[] = [
  { label: DESK.business, cell: (row) => row.businessName },
  { label: DESK.what, cell: (row) => row.what },
  { label: DESK.amount, cell: (row) => row.amount, className: "transfers-amount" },
  {
    label: DESK.status,
    className: "transfers-status",
    cell: (row) => (
      <>
        {statusBadge(row)}
        {row.failureMessage ? <span className="transfers-detail">{row.failureMessage}</span> : null}
      </>
    ),
  },
  { label: DESK.since, cell: (row) => row.since },
  { label: DESK.link, cell: (row) => (row.link ? <Link to={row.link.to}>{row.link.text}</Link> : null) },
];

/** The Status column of a section that needs attention: the badge, then what the section adds, a line each. */
const statusColumn = (details: (row: ShownTransfer) => ReactNode): ConsoleColumn<ShownTransfer> => ({
  label: COLUMNS.status,
  className: "transfers-status",
  cell: (row) => (
    <>
      {statusBadge(row)}
      {details(row)}
    </>
  ),
});

function RetryButton({ row, busy }: { row: ShownTransfer; busy: boolean }) {
  return (
    <Form method="post" className="transfers-retry">
      <input type="hidden" name="intent" value="retry-transfer" />
      <input type="hidden" name="deliveryItemId" value={row.itemId} />
      <input type="hidden" name="outlineId" value={row.outlineId} />
      <button
        type="submit"
        className="button button-secondary button-small"
        disabled={busy}
        aria-label={TRANSFERS_CONSOLE.retryLabel(row.deliverable, row.consultantName)}
      >
        {busy ? TRANSFERS_CONSOLE.retrying : TRANSFERS_CONSOLE.retry}
      </button>
    </Form>
  );
}

export default function MoneyDeskPage() {
  const { disputes, failed, held, nearAcceptance, refunds, paid, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = usePendingPost() !== null;
  return (
    <div className="console-page transfers-page">
      <ConsolePageHeader eyebrow={MONEY_DESK.eyebrow} title={MONEY_DESK.title} />
      <p className="console-muted">{MONEY_DESK.intro}</p>
      <ConsoleNotices notice={actionData ? null : notice} error={actionData?.error} />
      <ConsoleTableCard
        headingId="desk-disputes-heading"
        title={countedHeading(MONEY_DESK.disputesHeading, disputes.length)}
        emptyText={MONEY_DESK.disputesEmpty}
        columns={DISPUTE_COLUMNS}
        rows={disputes}
        rowKey={(row) => row.key}
      />
      <ConsoleTableCard
        headingId="transfers-failed-heading"
        title={countedHeading(TRANSFERS_CONSOLE.failedHeading, failed.length)}
        emptyText={TRANSFERS_CONSOLE.failedEmpty}
        columns={[
          ...BASE_COLUMNS,
          statusColumn((row) => (
            <>
              <span className="transfers-detail">{row.failureMessage}</span>
              <span className="transfers-detail console-muted">{TRANSFERS_CONSOLE.attempts(row.attempts)}</span>
            </>
          )),
          { label: COLUMNS.date, cell: (row) => row.changedOn },
          { label: COLUMNS.action, cell: (row) => <RetryButton row={row} busy={busy} /> },
        ]}
        rows={failed}
        rowKey={(row) => row.key}
      />
      <ConsoleTableCard
        headingId="transfers-held-heading"
        title={countedHeading(TRANSFERS_CONSOLE.heldHeading, held.length)}
        emptyText={TRANSFERS_CONSOLE.heldEmpty}
        columns={[
          ...BASE_COLUMNS,
          statusColumn((row) => (
            <span className="transfers-detail console-muted">{TRANSFERS_CONSOLE.payoutSetup(row.payoutSetup)}</span>
          )),
          { label: COLUMNS.since, cell: (row) => row.heldSince },
          // Most held transfers wait for the consultant: the column shows only when one can be sent.
          ...(held.some((row) => row.canRetry)
            ? [
                {
                  label: COLUMNS.action,
                  cell: (row: ShownTransfer) => (row.canRetry ? <RetryButton row={row} busy={busy} /> : null),
                },
              ]
            : []),
        ]}
        rows={held}
        rowKey={(row) => row.key}
      />
      <ConsoleTableCard
        headingId="desk-near-heading"
        title={countedHeading(MONEY_DESK.nearHeading, nearAcceptance.length)}
        emptyText={MONEY_DESK.nearEmpty}
        columns={NEAR_COLUMNS}
        rows={nearAcceptance}
        rowKey={(row) => row.key}
      />
      <ConsoleTableCard
        headingId="desk-refunds-heading"
        title={countedHeading(MONEY_DESK.refundsHeading, refunds.length)}
        emptyText={MONEY_DESK.refundsEmpty}
        columns={REFUND_COLUMNS}
        rows={refunds}
        rowKey={(row) => row.key}
      />
      <ConsoleTableCard
        headingId="transfers-paid-heading"
        title={countedHeading(TRANSFERS_CONSOLE.paidHeading, paid.length)}
        emptyText={TRANSFERS_CONSOLE.paidEmpty}
        columns={[
          ...BASE_COLUMNS,
          { label: COLUMNS.status, cell: statusBadge },
          { label: COLUMNS.date, cell: (row) => row.paidOn },
        ]}
        rows={paid}
        rowKey={(row) => row.key}
      />
    </div>
  );
}
