/** The texts of the managers' Transfers page, /manage/transfers (issue #18, Q2). */

export const TRANSFERS_CONSOLE = {
  metaTitle: "Transfers | Partwise",
  eyebrow: "Paying consultants",
  title: "Transfers",
  intro:
    "Transfers to consultants that need attention across every engagement: those Stripe refused (or that were interrupted before it answered), and those held until the consultant confirms their email and finishes setting up payouts.",
  failedHeading: "Failed transfers",
  failedEmpty: "No transfer has failed.",
  heldHeading: "Held transfers",
  heldEmpty: "No transfer is held.",
  paidHeading: "Recently paid",
  paidEmpty: "No transfer has been paid yet.",
  columns: {
    engagement: "Engagement",
    business: "Business",
    consultant: "Consultant",
    deliverable: "Deliverable",
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
  toRetryTitle: "Transfers to retry",
  awaitingSetup: (count: number) =>
    count === 1
      ? "1 held until its consultant sets up payouts"
      : `${count} held until their consultants set up payouts`,
  viewTransfers: "View transfers",
} as const;

/** Where the consultant's payout set-up stands, beside a held transfer. */
export const PAYOUT_SETUP_STATES = {
  emailUnverified: "Email not confirmed yet",
  notStarted: "Not started",
  incomplete: "Onboarding not finished",
  enabled: "Payouts enabled",
} as const;

export const TRANSFER_RETRY_INVALID = "Choose a transfer to retry.";
export const TRANSFER_ACTION_UNKNOWN = "Choose an action for this transfer.";
