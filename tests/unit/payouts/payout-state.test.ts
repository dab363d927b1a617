import { describe, expect, it } from "vitest";
import { disabledReasonLabel, requirementLabels } from "~/lib/payouts/payout-copy";
import { payoutState } from "~/lib/payouts/payout-state";
import { parseTestOnboarding, TEST_ONBOARDING_DEFAULTS } from "~/lib/payouts/test-onboarding-form";

const fresh = {
  detailsSubmitted: false,
  payoutsEnabled: false,
  requirementsDue: ["external_account", "individual.dob.day", "individual.dob.month", "tos_acceptance.date"],
  disabledReason: "requirements.past_due",
};

describe("payoutState", () => {
  it("offers 'Set up payouts' before there is an account", () => {
    expect(payoutState(null)).toEqual({
      state: "not_set_up",
      label: "Not set up",
      message: "Set up payouts to receive the money for the deliverables your clients approve.",
      requirements: [],
      disabledReason: null,
      canSetUp: true,
      canContinue: false,
      canOpenDashboard: false,
    });
  });

  it("reads an unfinished onboarding as pending (Stripe's past_due reason only means unfinished), with readable requirements", () => {
    expect(payoutState(fresh)).toMatchObject({
      state: "pending",
      label: "Details pending",
      requirements: ["Bank account", "Date of birth", "Acceptance of Stripe's terms"],
      disabledReason: null,
      canSetUp: false,
      canContinue: true,
      canOpenDashboard: false,
    });
  });

  it("reads payouts enabled, with the dashboard and no continue once nothing is due", () => {
    expect(
      payoutState({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null }),
    ).toMatchObject({ state: "enabled", label: "Payouts enabled", canContinue: false, canOpenDashboard: true });
    expect(
      payoutState({
        detailsSubmitted: true,
        payoutsEnabled: true,
        requirementsDue: ["individual.id_number"],
        disabledReason: null,
      }),
    ).toMatchObject({ state: "enabled", requirements: ["Taxpayer ID"], canContinue: true });
  });

  it("reads a submitted account Stripe disabled as disabled with the reason, and verification as pending", () => {
    expect(
      payoutState({
        detailsSubmitted: true,
        payoutsEnabled: false,
        requirementsDue: [],
        disabledReason: "rejected.fraud",
      }),
    ).toMatchObject({
      state: "disabled",
      label: "Payouts disabled",
      disabledReason: "Stripe rejected the account (suspected fraud).",
      canContinue: false,
      canOpenDashboard: true,
    });
    expect(
      payoutState({
        detailsSubmitted: true,
        payoutsEnabled: false,
        requirementsDue: [],
        disabledReason: "requirements.pending_verification",
      }),
    ).toMatchObject({ state: "pending", canContinue: true });
  });
});

describe("payout copy helpers", () => {
  it("names unknown requirement keys and disabled reasons readably", () => {
    expect(requirementLabels(["company.tax_id", "external_account", "external_account"])).toEqual([
      "Tax id",
      "Bank account",
    ]);
    expect(disabledReasonLabel("something.new")).toBe("Stripe has disabled the account.");
  });
});

describe("the test onboarding form", () => {
  it("accepts Stripe's test details and names each wrong field", () => {
    expect(parseTestOnboarding({ ...TEST_ONBOARDING_DEFAULTS })).toEqual({ ok: true, value: TEST_ONBOARDING_DEFAULTS });
    expect(
      parseTestOnboarding({ ...TEST_ONBOARDING_DEFAULTS, firstName: " ", ssnLast4: "12a4", accountNumber: "12" }),
    ).toEqual({
      ok: false,
      errors: {
        firstName: "Enter a first name.",
        ssnLast4: "Enter 4 digits.",
        accountNumber: "Enter an account number of 4 to 17 digits.",
      },
    });
  });
});
