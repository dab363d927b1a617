// The consultant's payout state, derived from what Stripe reports for their Connect account. Pure
// and isomorphic: the Payouts page and the tests read the same rules.
import {
  disabledReasonLabel,
  PAYOUT_STATE_LABELS,
  PAYOUT_STATE_MESSAGES,
  requirementLabels,
  type PayoutState,
} from "./payout-copy";

const PENDING_VERIFICATION = "requirements.pending_verification";

/** The account's fields the state depends on (a consultant_payout_accounts row, or null when none). */
export type PayoutAccountFacts = {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  requirementsDue: readonly string[];
  disabledReason: string | null;
};

export type PayoutStateView = {
  state: PayoutState;
  label: string;
  message: string;
  /** Readable requirements still due (empty when none). */
  requirements: string[];
  /** Why Stripe disabled the account, readable (only in the disabled state). */
  disabledReason: string | null;
  /** Which buttons the page offers. */
  canSetUp: boolean;
  canContinue: boolean;
  canOpenDashboard: boolean;
};

/**
 * not_set_up: no account yet. enabled: Stripe reports payouts enabled. pending: the consultant has
 * not finished onboarding (details not submitted — Stripe then reports requirements.past_due as
 * the disabled reason, which is no more than "unfinished"), or only requirements are due.
 * disabled: details submitted, payouts not enabled and Stripe names a reason (other than that it
 * is still verifying them, which is pending).
 */
export function payoutState(account: PayoutAccountFacts | null): PayoutStateView {
  if (!account) return view("not_set_up", [], null, { canSetUp: true });
  const requirements = requirementLabels(account.requirementsDue);
  const canContinue = !account.detailsSubmitted || account.requirementsDue.length > 0;
  const canOpenDashboard = account.detailsSubmitted;
  if (account.payoutsEnabled) return view("enabled", requirements, null, { canContinue, canOpenDashboard });
  if (account.detailsSubmitted && account.disabledReason && account.disabledReason !== PENDING_VERIFICATION) {
    return view("disabled", requirements, disabledReasonLabel(account.disabledReason), {
      canContinue,
      canOpenDashboard,
    });
  }
  return view("pending", requirements, null, { canContinue: true, canOpenDashboard });
}

function view(
  state: PayoutState,
  requirements: string[],
  disabledReason: string | null,
  buttons: Partial<Pick<PayoutStateView, "canSetUp" | "canContinue" | "canOpenDashboard">>,
): PayoutStateView {
  return {
    state,
    label: PAYOUT_STATE_LABELS[state],
    message: PAYOUT_STATE_MESSAGES[state],
    requirements,
    disabledReason,
    canSetUp: buttons.canSetUp ?? false,
    canContinue: buttons.canContinue ?? false,
    canOpenDashboard: buttons.canOpenDashboard ?? false,
  };
}
