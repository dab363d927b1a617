import { NEAR_ACCEPTANCE_DAYS } from "./money-desk-rules";

/**
 * The texts of the managers' money desk, /manage/money (issue #40 item 4, docs/decisions/080),
 * which took over the Transfers page (issue #18, Q2): its transfers' sections keep their texts.
 */

/** Where the money desk is (the old /manage/transfers answers a 301 to it). */
export const MONEY_DESK_PATH = "/manage/money";

/** A section's heading with how many rows it lists: "Disputes to settle (2)". */
export const countedHeading = (title: string, count: number) => `${title} (${count})`;

export const MONEY_DESK = {
  metaTitle: "Money desk | Partwise",
  /** The console's navigation, the home's card and the page's heading. */
  title: "Money desk",
  eyebrow: "Money across engagements",
  intro:
    "What needs a manager across every engagement: disputes to settle, transfers to consultants that failed or are held, deliveries the daily run will soon accept, and refunds not finished yet.",
  disputesHeading: "Disputes to settle",
  disputesEmpty: "No dispute waits for a settlement.",
  nearHeading: "Near automatic acceptance",
  nearEmpty: `No delivery will be accepted automatically in the next ${NEAR_ACCEPTANCE_DAYS} days.`,
  refundsHeading: "Refunds under way",
  refundsEmpty: "No refund is under way.",
  columns: {
    business: "Business",
    engagement: "Engagement",
    deliverable: "Deliverable or month",
    charged: "Charged",
    opened: "Opened",
    status: "Status",
    action: "Action",
    delivered: "Delivered",
    acceptance: "Automatic acceptance",
    what: "What",
    amount: "Amount",
    since: "Since",
    link: "Link",
  },
  disputeStatus: {
    open: "Open",
    settling: "Settlement under way",
    refund_failed: "Refund failed: finish the settlement",
  },
  settle: "Settle",
  settleLabel: (deliverable: string) => `Settle the dispute: ${deliverable}`,
  notCharged: "Not charged",
  acceptsOn: (dateTime: string) => `Accepted automatically on ${dateTime}`,
  refundStatus: { pending: "Under way", failed: "Refund failed" },
  refundWhat: {
    item: (deliverable: string) => `Refund of ${deliverable}`,
    partial: (deliverable: string) => `Part of the charge of ${deliverable} (dispute)`,
    duplicatePayment: (deliverable: string | null) =>
      deliverable ? `Duplicate payment of ${deliverable}` : "Duplicate payment",
    duplicateSubscription: "Second subscription",
  },
  openEngagement: "Open engagement",
  openInsightRequest: "Open insight request",
  /** The console home's card: its counts, each a line. */
  card: {
    disputes: "Disputes to settle",
    transfersToRetry: "Transfers to retry",
    held: "Held transfers",
    nearAcceptance: "Near automatic acceptance",
    refunds: "Refunds under way",
    open: "Open the money desk",
  },
  /** Beside the navigation's link: disputes to settle and transfers to retry. */
  navWhat: "to do",
} as const;

export const TRANSFERS_CONSOLE = {
  failedHeading: "Transfers to retry",
  failedEmpty: "No transfer needs a retry.",
  heldHeading: "Held transfers",
  heldEmpty: "No transfer is held.",
  paidHeading: "Recently paid",
  paidEmpty: "No transfer has been paid yet.",
  columns: {
    engagement: "Engagement",
    business: "Business",
    consultant: "Consultant",
    deliverable: "Deliverable or month",
    amount: "Amount",
    status: "Status",
    date: "Date",
    since: "Held since",
    action: "Action",
  },
  retry: "Retry",
  retrying: "Retrying…",
  retryLabel: (deliverable: string, consultant: string) => `Retry transfer: ${deliverable} to ${consultant}`,
  noMessage: "No message from Stripe.",
  attempts: (count: number) => (count === 1 ? "1 attempt" : `${count} attempts`),
  payoutSetup: (state: string) => `Consultant's payouts: ${state}`,
  interrupted: "Interrupted before Stripe answered: retrying is safe (Stripe makes it once).",
  untitledEngagement: "Untitled engagement",
  paidZero: "Nothing to send (no share after the fee)",
} as const;

/** Where the consultant's payout set-up stands, beside a held transfer. */
export const PAYOUT_SETUP_STATES = {
  emailUnverified: "Email not confirmed yet",
  notStarted: "Not set up",
  incomplete: "Onboarding not finished",
  enabled: "Payouts enabled",
} as const;

export const TRANSFER_RETRY_INVALID = "Choose a transfer to retry.";
export const TRANSFER_ACTION_UNKNOWN = "Choose an action for this transfer.";
