// User-facing texts of the consultant's payouts (issue #18, onboarding and account state): the
// Payouts page of the consultant portal, the local test onboarding and the Connect errors. Pure
// and isomorphic: pages, API routes and tests read the same strings. Transfers live in
// transfer-copy.ts.

export const PAYOUTS_NAV_LABEL = "Payouts";
export const PAYOUTS_TITLE = "Payouts";
export const PAYOUTS_INTRO =
  "Partwise pays you through Stripe. Stripe checks your identity and bank details and sends the money to your bank account.";

/** The four states a consultant's payout account can be in, as the page names them. */
export type PayoutState = "not_set_up" | "pending" | "enabled" | "disabled";

export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  not_set_up: "Not set up",
  pending: "Details pending",
  enabled: "Payouts enabled",
  disabled: "Payouts disabled",
};

export const PAYOUT_STATE_MESSAGES: Record<PayoutState, string> = {
  not_set_up: "Set up payouts to receive the money for the deliverables your clients approve.",
  pending: "Stripe needs more details before it can send you money.",
  enabled: "Stripe sends the money for your approved deliverables to your bank account.",
  disabled: "Stripe has paused payouts to this account.",
};

export const SET_UP_PAYOUTS_BUTTON = "Set up payouts";
export const CONTINUE_SET_UP_BUTTON = "Continue set-up";
export const OPEN_DASHBOARD_BUTTON = "Open Stripe Express dashboard";
export const REQUIREMENTS_DUE_HEADING = "Stripe still needs";
export const DISABLED_REASON_PREFIX = "Reason:";
export const ACCOUNT_CREATED_LABEL = "Account created";

/** Stripe's requirement keys, as people read them; unknown keys fall back to a readable form. */
export const REQUIREMENT_LABELS: Record<string, string> = {
  external_account: "Bank account",
  "individual.dob.day": "Date of birth",
  "individual.dob.month": "Date of birth",
  "individual.dob.year": "Date of birth",
  "individual.first_name": "First name",
  "individual.last_name": "Last name",
  "individual.address.line1": "Address",
  "individual.address.city": "Address",
  "individual.address.postal_code": "Address",
  "individual.address.state": "Address",
  "individual.ssn_last_4": "Last 4 digits of SSN",
  "individual.id_number": "Taxpayer ID",
  "individual.email": "Email",
  "individual.phone": "Phone",
  "business_profile.url": "Business website",
  "business_profile.mcc": "Industry",
  "tos_acceptance.date": "Acceptance of Stripe's terms",
  "tos_acceptance.ip": "Acceptance of Stripe's terms",
  business_type: "Business type",
};

/** Readable, de-duplicated labels of the requirements Stripe reports as currently due. */
export function requirementLabels(keys: readonly string[]): string[] {
  const labels = keys.map((key) => REQUIREMENT_LABELS[key] ?? readableKey(key));
  return [...new Set(labels)];
}

function readableKey(key: string): string {
  const last = key.split(".").pop() ?? key;
  const words = last.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Stripe's requirements.disabled_reason values, as people read them. */
export const DISABLED_REASON_LABELS: Record<string, string> = {
  "requirements.past_due": "Required details are past due.",
  "requirements.pending_verification": "Stripe is verifying your details.",
  listed: "The account is on a prohibited persons list.",
  platform_paused: "Partwise has paused this account.",
  "rejected.fraud": "Stripe rejected the account (suspected fraud).",
  "rejected.listed": "Stripe rejected the account (prohibited persons list).",
  "rejected.terms_of_service": "Stripe rejected the account (terms of service).",
  "rejected.other": "Stripe rejected the account.",
  under_review: "Stripe is reviewing the account.",
  other: "Stripe has disabled the account.",
};

export function disabledReasonLabel(reason: string): string {
  return DISABLED_REASON_LABELS[reason] ?? "Stripe has disabled the account.";
}

// Errors and notices.
export const PAYOUTS_START_FAILED_MESSAGE =
  "We couldn't reach Stripe to set up payouts. Please try again in a few minutes.";
export const PAYOUTS_INVALID_REQUEST_MESSAGE = "Invalid request.";
export const PAYOUTS_NOT_SET_UP_MESSAGE = "Set up payouts first.";
export const PAYOUTS_DASHBOARD_UNAVAILABLE_MESSAGE =
  "The Stripe Express dashboard opens once you've submitted your details.";
export const PAYOUTS_RETURN_NOTICE = "Thanks! Stripe is checking your details; this page updates when it's done.";
export const PAYOUTS_ENABLED_NOTIFICATION_TITLE = "Payouts enabled";
export const PAYOUTS_ENABLED_NOTIFICATION_BODY =
  "Stripe has verified your details: the money for your approved deliverables is now sent to your bank account.";

// The local test onboarding (local mode only, like the test checkout).
export const TEST_ONBOARDING_TITLE = "Test onboarding";
export const TEST_ONBOARDING_BANNER =
  "Local test onboarding: no Stripe account is created and no identity is checked. This page stands in for Stripe's hosted onboarding when Stripe keys are not set.";
export const TEST_ONBOARDING_SUBMIT = "Submit details";
export const TEST_ONBOARDING_LEAVE = "Return without finishing";
export const TEST_ONBOARDING_NOT_FOUND = "This onboarding link has expired or does not exist.";
export const TEST_ONBOARDING_FIELDS = {
  firstName: "First name",
  lastName: "Last name",
  dob: "Date of birth",
  ssnLast4: "Last 4 digits of SSN",
  routingNumber: "Routing number",
  accountNumber: "Account number",
} as const;
export const TEST_ONBOARDING_ERRORS = {
  firstName: "Enter a first name.",
  lastName: "Enter a last name.",
  dob: "Enter a date of birth.",
  ssnLast4: "Enter 4 digits.",
  routingNumber: "Enter a 9-digit routing number.",
  accountNumber: "Enter an account number of 4 to 17 digits.",
} as const;
export const TEST_DASHBOARD_TITLE = "Test Express dashboard";
export const TEST_DASHBOARD_BANNER =
  "Local test Express dashboard: stands in for Stripe's Express dashboard when Stripe keys are not set.";
export const OPEN_PAYOUTS_ACTION = "Open Payouts";
export const PAYOUTS_NOTIFICATION_FOOTER = "You're receiving this email because you work with clients on Partwise.";
export const TEST_ONBOARDING_HINT =
  "Prefilled with Stripe's test details. Last 4 digits 0000 leave the account waiting for a full taxpayer ID.";
export const TEST_ONBOARDING_ACCOUNT_LABEL = "Account";
export const TEST_ONBOARDING_DONE = "These details are submitted.";
export const TEST_DASHBOARD_FIELDS = {
  account: "Account",
  email: "Email",
  name: "Name",
  payouts: "Payouts",
  bank: "Bank account",
} as const;
export const TEST_DASHBOARD_BACK = "Back to Partwise";
export const TEST_DASHBOARD_ENABLED = "Enabled";
export const TEST_DASHBOARD_NOT_ENABLED = "Not enabled";

/** The consultant's Payouts page. */
export const PAYOUTS_PATH = "/consultant/payouts";
