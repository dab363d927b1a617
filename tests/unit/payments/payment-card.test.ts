import { describe, expect, it } from "vitest";
import { cardOf } from "~/server/payments/stripe-fake/stripe-fake";
import { toPaymentCard } from "~/server/payments/provider/stripe-wire.server";

/** The card a receipt shows (issue #36): read from Stripe's charge, or typed on the test checkout. */
describe("the card of a payment", () => {
  it("is the charge's payment_method_details.card brand and last 4; nothing for an id or another way of paying", () => {
    expect(
      toPaymentCard({ id: "ch_1", payment_method_details: { type: "card", card: { brand: "amex", last4: "0005" } } }),
    ).toEqual({ brand: "amex", last4: "0005" });
    expect(
      toPaymentCard({ id: "ch_1", payment_method_details: { type: "card", card: { brand: "", last4: "1111" } } }),
    ).toEqual({
      brand: "unknown",
      last4: "1111",
    });
    expect(toPaymentCard("ch_1")).toBeNull();
    expect(toPaymentCard(null)).toBeNull();
    expect(toPaymentCard({ id: "ch_1", payment_method_details: { type: "us_bank_account" } })).toBeNull();
    expect(
      toPaymentCard({ id: "ch_1", payment_method_details: { type: "card", card: { brand: "visa", last4: "42" } } }),
    ).toBeNull();
  });

  it("on the test checkout is named by the number's leading digits, as Stripe names its test cards", () => {
    expect(cardOf("4242424242424242")).toEqual({ brand: "visa", last4: "4242" });
    expect(cardOf("5555555555554444")).toEqual({ brand: "mastercard", last4: "4444" });
    expect(cardOf("2223003122003222")).toEqual({ brand: "mastercard", last4: "3222" });
    expect(cardOf("378282246310005")).toEqual({ brand: "amex", last4: "0005" });
    expect(cardOf("6011111111111117")).toEqual({ brand: "discover", last4: "1117" });
    expect(cardOf("3566002020360505")).toEqual({ brand: "jcb", last4: "0505" });
    expect(cardOf("36227206271667")).toEqual({ brand: "diners", last4: "1667" });
    expect(cardOf("6200000000000005")).toEqual({ brand: "unionpay", last4: "0005" });
    expect(cardOf("9999999999999995")).toEqual({ brand: "unknown", last4: "9995" });
  });
});
