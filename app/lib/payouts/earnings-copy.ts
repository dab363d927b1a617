/** The texts of the consultant's earnings and payouts on /consultant/payouts (issue #18, Q1). */
import type { EarningState } from "./earnings";
import { formatPercent } from "~/lib/shared/numbers";

export const EARNINGS_TITLE = "Earnings";

/** The intro under the earnings heading; `feePercent` is PLATFORM_FEE_PERCENT. */
export function earningsIntro(feePercent: number): string {
  return `What you earn for each prepaid deliverable or month (retainer or coaching) of your engagements: its price less Partwise's ${formatPercent(feePercent, { decimals: 0 })} fee.`;
}

export const EARNINGS_TOTAL_LABELS = {
  paid: "Paid to you",
  held: "Held",
  pendingApproval: "Pending approval",
} as const;

export const EARNINGS_TOTALS_LABEL = "Earnings totals";

export const EARNINGS_PAID_HINT = "Sent to your Stripe account.";
export const EARNINGS_PENDING_APPROVAL_HINT =
  "Prepaid deliverables and months you are working on or have delivered: yours once the business approves them.";
export const EARNINGS_NOTHING_HELD = "Nothing is held.";

/** The parts of the held total, each with its amount already formatted. */
export const EARNINGS_HELD_PARTS = {
  waiting: (amount: string) => `${amount} waiting for you to finish setting up payouts`,
  failed: (amount: string) => `${amount} in a transfer that failed and awaits a retry by Partwise`,
  sending: (amount: string) => `${amount} in a transfer on its way to your Stripe account`,
} as const;

export const EARNINGS_TABLE_CAPTION = "Earnings by deliverable or month";
export const EARNINGS_COLUMNS = {
  engagement: "Engagement",
  deliverable: "Deliverable or month",
  approved: "Approved",
  amount: "Amount",
  status: "Status",
} as const;

export const EARNINGS_NOT_APPROVED = "Not approved yet";

export const EARNING_STATE_LABELS: Record<EarningState, string> = {
  paid: "Paid to you",
  held: "Held: payouts not set up",
  failed: "Held: transfer failed, awaiting retry",
  sending: "Transfer in progress",
  reversed: "Reversed by Partwise",
  awaiting_approval: "Delivered, awaiting approval",
  in_progress: "In progress",
  disputed: "Disputed: the engagement manager settles it",
};

export const EARNINGS_EMPTY =
  "No earnings yet. What you earn appears here once a business prepays a deliverable or month of yours.";

// ----- Payouts as Stripe reports them -----

export const PAYOUTS_LIST_TITLE = "Payouts to your bank";
export const PAYOUTS_LIST_INTRO = "What Stripe has paid out from your Stripe account to your bank, newest first.";
export const PAYOUTS_TABLE_CAPTION = "Payouts to your bank, as Stripe reports them";
export const PAYOUTS_COLUMNS = { arrival: "Arrival date", amount: "Amount", status: "Status" } as const;

export const PAYOUT_STATUS_LABELS = {
  paid: "Paid",
  pending: "Pending",
  in_transit: "In transit",
  canceled: "Canceled",
  failed: "Failed",
} as const;

export const PAYOUTS_NOT_SET_UP = "Your payouts to your bank appear here once you have set up payouts.";
export const PAYOUTS_NONE = "No payouts yet. Stripe pays out what Partwise transfers to you automatically.";
export const PAYOUTS_UNAVAILABLE =
  "Stripe could not be reached to show your payouts. Your earnings above are up to date; please try again in a few minutes.";
export const PAYOUTS_LOADING = "Loading your payouts from Stripe…";
export const PAYOUTS_DASHBOARD_HINT =
  "Your Stripe Express dashboard shows every payout, your balance and your bank details.";

/** How many of the newest payouts the page asks Stripe for. */
export const PAYOUTS_LIST_LIMIT = 10;
