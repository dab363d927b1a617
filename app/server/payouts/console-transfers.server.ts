import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  businesses,
  consultantPayoutAccounts,
  consultantTransfers,
  deliveryItems,
  deliveryOutlines,
  users,
} from "~db/schema";
import type { ConsultantTransferStatus } from "~db/enums";
import type { AppContext } from "~/server/load-context";
import { canRetryTransfer, STALE_PENDING_MS } from "~/lib/payouts/transfer-rules";

/**
 * The transfers of the managers' money desk (issue #18, then issue #40 item 4, money-desk.server.ts):
 * transfers that need attention across every engagement (failed: Stripe refused them; held: the
 * consultant's payouts are not enabled) and the last paid ones. Read only; the Retry goes through
 * retryTransfer (transfers.server.ts).
 */

/** How many paid transfers the "Recently paid" section lists. */
export const RECENTLY_PAID_LIMIT = 20;

/**
 * Where the consultant stands for a held transfer: their email not confirmed yet (a transfer waits
 * for it, docs/decisions/070, whatever their payouts), then their payout set-up.
 */
export type PayoutSetup = "emailUnverified" | "notStarted" | "incomplete" | "enabled";

export type ConsoleTransferRow = {
  transferId: string;
  itemId: string;
  outlineId: string;
  engagementTitle: string;
  businessName: string;
  consultantName: string;
  deliverable: string;
  amountCents: number;
  status: ConsultantTransferStatus;
  failureMessage: string | null;
  attempts: number;
  /** Whether it was sent to Stripe (a zero share is paid with no transfer). */
  stripeTransferId: string | null;
  payoutSetup: PayoutSetup;
  /** Whether Retry can send it now (canRetryTransfer, the rule retryTransfer claims by). */
  canRetry: boolean;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
};

export type ConsoleTransfers = {
  failed: ConsoleTransferRow[];
  held: ConsoleTransferRow[];
  paid: ConsoleTransferRow[];
};

const consultant = alias(users, "consultant");

function transferQuery(app: AppContext) {
  return app.db
    .select({
      transferId: consultantTransfers.id,
      itemId: consultantTransfers.itemId,
      outlineId: consultantTransfers.outlineId,
      engagementTitle: deliveryOutlines.title,
      businessName: businesses.name,
      consultantFirstName: consultant.firstName,
      consultantLastName: consultant.lastName,
      consultantVerified: sql<boolean>`${consultant.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean),
      deliverable: deliveryItems.title,
      amountCents: consultantTransfers.amountCents,
      status: consultantTransfers.status,
      failureMessage: consultantTransfers.failureMessage,
      attempts: consultantTransfers.attempts,
      stripeTransferId: consultantTransfers.stripeTransferId,
      detailsSubmitted: consultantPayoutAccounts.detailsSubmitted,
      payoutsEnabled: consultantPayoutAccounts.payoutsEnabled,
      createdAt: consultantTransfers.createdAt,
      updatedAt: consultantTransfers.updatedAt,
      paidAt: consultantTransfers.paidAt,
    })
    .from(consultantTransfers)
    .innerJoin(deliveryItems, eq(deliveryItems.id, consultantTransfers.itemId))
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, consultantTransfers.outlineId))
    .innerJoin(businesses, eq(businesses.id, consultantTransfers.businessId))
    .innerJoin(consultant, eq(consultant.id, consultantTransfers.consultantUserId))
    .leftJoin(
      consultantPayoutAccounts,
      eq(consultantPayoutAccounts.consultantUserId, consultantTransfers.consultantUserId),
    );
}

type RawRow = Awaited<ReturnType<ReturnType<typeof transferQuery>["all"]>>[number];

function toRow(raw: RawRow, now: Date): ConsoleTransferRow {
  const payoutSetup: PayoutSetup = !raw.consultantVerified
    ? "emailUnverified"
    : raw.payoutsEnabled
      ? "enabled"
      : raw.detailsSubmitted === null
        ? "notStarted"
        : "incomplete";
  return {
    transferId: raw.transferId,
    itemId: raw.itemId,
    outlineId: raw.outlineId,
    engagementTitle: raw.engagementTitle,
    businessName: raw.businessName,
    consultantName: [raw.consultantFirstName, raw.consultantLastName].filter(Boolean).join(" "),
    deliverable: raw.deliverable,
    amountCents: raw.amountCents,
    status: raw.status,
    failureMessage: raw.failureMessage,
    attempts: raw.attempts,
    stripeTransferId: raw.stripeTransferId,
    payoutSetup,
    canRetry: canRetryTransfer(raw, payoutSetup === "enabled", now),
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
    paidAt: raw.paidAt,
  };
}

/**
 * Every failed transfer (with those stuck 'pending' longer than STALE_PENDING_MS: interrupted
 * between the claim and Stripe's answer, retryable too), every held one, newest change first, and
 * the last RECENTLY_PAID_LIMIT paid ones: two queries in parallel, one round trip. Managers only
 * (the route checks the role).
 */
export async function loadConsoleTransfers(app: AppContext): Promise<ConsoleTransfers> {
  const now = app.now();
  const staleBefore = new Date(now.getTime() - STALE_PENDING_MS);
  const [attention, paid] = await Promise.all([
    transferQuery(app)
      .where(
        or(
          inArray(consultantTransfers.status, ["failed", "held"]),
          and(eq(consultantTransfers.status, "pending"), lt(consultantTransfers.updatedAt, staleBefore)),
        ),
      )
      .orderBy(desc(consultantTransfers.updatedAt), desc(consultantTransfers.id)),
    transferQuery(app)
      .where(eq(consultantTransfers.status, "paid"))
      .orderBy(desc(consultantTransfers.paidAt), desc(consultantTransfers.id))
      .limit(RECENTLY_PAID_LIMIT),
  ]);
  const rows = attention.map((raw) => toRow(raw, now));
  return {
    failed: rows.filter((row) => row.status === "failed" || row.status === "pending"),
    held: rows
      .filter((row) => row.status === "held")
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.transferId.localeCompare(b.transferId)),
    paid: paid.map((raw) => toRow(raw, now)),
  };
}
