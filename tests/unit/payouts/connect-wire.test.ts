import { describe, expect, it } from "vitest";
import { toConnectAccount } from "~/server/payments/provider/stripe-wire.server";

describe("toConnectAccount", () => {
  it("reads the flags, requirements.currently_due, the disabled reason and the metadata of Stripe's Account", () => {
    expect(
      toConnectAccount({
        id: "acct_1Nv0FGQ9RKHgCVdK",
        object: "account",
        type: "express",
        details_submitted: true,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: {
          currently_due: ["individual.id_number", 7],
          eventually_due: [],
          disabled_reason: "requirements.past_due",
        },
        metadata: { consultantUserId: "u1" },
      }),
    ).toEqual({
      id: "acct_1Nv0FGQ9RKHgCVdK",
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: false,
      requirements_due: ["individual.id_number"],
      disabled_reason: "requirements.past_due",
      metadata: { consultantUserId: "u1" },
    });
  });

  it("treats missing fields as not enabled, nothing due and no reason", () => {
    expect(toConnectAccount({ id: "acct_x" })).toEqual({
      id: "acct_x",
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      requirements_due: [],
      disabled_reason: null,
      metadata: {},
    });
  });
});
