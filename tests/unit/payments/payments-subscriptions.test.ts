import { describe, expect, it } from "vitest";
import { invoiceSubscriptionId, stripeId } from "~/server/payments/stripe-ids";
import { subscriptionPlan } from "~/server/payments/subscriptions.server";

describe("subscriptionPlan", () => {
  it("grants the tier of the lookup key while trialing or active", () => {
    expect(subscriptionPlan({ status: "trialing", lookup_key: "PREMIUM_PLAN_YEARLY" })).toEqual({
      tier: "PREMIUM",
      ended: false,
    });
    expect(subscriptionPlan({ status: "active", lookup_key: "STANDARD_PLAN_MONTHLY" })).toEqual({
      tier: "STANDARD",
      ended: false,
    });
  });

  it("keeps the tier for an unknown lookup key, past_due and incomplete", () => {
    expect(subscriptionPlan({ status: "active", lookup_key: "GOLD_PLAN_MONTHLY" })).toEqual({
      tier: null,
      ended: false,
    });
    expect(subscriptionPlan({ status: "active", lookup_key: null })).toEqual({ tier: null, ended: false });
    expect(subscriptionPlan({ status: "past_due", lookup_key: "PREMIUM_PLAN_MONTHLY" })).toEqual({
      tier: null,
      ended: false,
    });
    expect(subscriptionPlan({ status: "incomplete", lookup_key: "PREMIUM_PLAN_MONTHLY" })).toEqual({
      tier: null,
      ended: false,
    });
  });

  it.each(["canceled", "unpaid", "incomplete_expired", "paused"])("falls back to BASIC when %s", (status) => {
    expect(subscriptionPlan({ status, lookup_key: "PREMIUM_PLAN_YEARLY" })).toEqual({ tier: "BASIC", ended: true });
  });
});

describe("invoiceSubscriptionId", () => {
  it("reads the subscription of older and newer API versions, plain or expanded", () => {
    expect(invoiceSubscriptionId({ subscription: "sub_1" })).toBe("sub_1");
    expect(invoiceSubscriptionId({ subscription: { id: "sub_2" } })).toBe("sub_2");
    expect(invoiceSubscriptionId({ parent: { subscription_details: { subscription: "sub_3" } } })).toBe("sub_3");
    expect(
      invoiceSubscriptionId({
        subscription: null,
        parent: { subscription_details: { subscription: { id: "sub_4" } } },
      }),
    ).toBe("sub_4");
  });

  it("answers null for an invoice without a subscription", () => {
    expect(invoiceSubscriptionId({})).toBeNull();
    expect(invoiceSubscriptionId({ subscription: "", parent: null })).toBeNull();
  });

  it("stripeId ignores non-ids", () => {
    expect(stripeId(42)).toBeNull();
    expect(stripeId({ id: 7 })).toBeNull();
  });
});
