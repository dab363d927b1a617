import { describe, expect, it } from "vitest";
import { isDeliverableIntent, PrepayFormSchema } from "~/lib/engagements/deliverable-forms";
import {
  BusinessReviewSchema,
  calendarDateOf,
  ItemReviewFormSchema,
  itemReviewOfForm,
  ItemReviewSchema,
  planReviewOfForm,
  PlanReviewFormSchema,
} from "~/lib/engagements/engagement-schemas";

describe("deliverable forms", () => {
  it("knows its intents", () => {
    expect(["review-item", "prepay", "rate"].every(isDeliverableIntent)).toBe(true);
    expect(isDeliverableIntent("feedback")).toBe(false);
    expect(isDeliverableIntent(null)).toBe(false);
  });

  it("prepay names only the outline", () => {
    expect(PrepayFormSchema.safeParse({ intent: "prepay", deliveryOutlineId: "o-1" }).success).toBe(true);
    expect(PrepayFormSchema.safeParse({ intent: "prepay", deliveryOutlineId: " " }).success).toBe(false);
  });

  it("the review form needs notes only to revise", () => {
    const base = { intent: "review-item", deliveryItemId: "i-1", deliveryOutlineId: "o-1", businessNotes: "" };
    expect(ItemReviewFormSchema.safeParse({ ...base, decision: "pause" }).success).toBe(true);
    const revise = ItemReviewFormSchema.safeParse({ ...base, decision: "revise" });
    expect(revise.success).toBe(false);
    expect(revise.error?.issues[0]?.message).toBe("Please tell your consultant what should be revised.");
  });

  it("the plan and item reviews reach the engagements domain in our names, from the dialog and the API alike", () => {
    const dialog = itemReviewOfForm(
      ItemReviewFormSchema.parse({
        intent: "review-item",
        deliveryItemId: "i-1",
        deliveryOutlineId: "o-1",
        businessNotes: "Tighten the forecast.",
        decision: "revise",
      }),
    );
    const api = ItemReviewSchema.parse({
      deliveryItemId: "i-1",
      deliveryOutlineId: "o-1",
      businessNotes: "Tighten the forecast.",
      decision: "revision",
    });
    const expected = {
      outlineId: "o-1",
      itemId: "i-1",
      notes: "Tighten the forecast.",
      action: "revise",
      decision: "revision",
    };
    expect(dialog).toEqual(expected);
    expect(api).toEqual(expected);
    expect(
      ItemReviewSchema.parse({
        deliveryItemId: "i-1",
        deliveryOutlineId: "o-1",
        decision: "approved",
        decisionAction: "prepay",
      }),
    ).toEqual({
      outlineId: "o-1",
      itemId: "i-1",
      notes: "",
      action: "prepay",
      decision: "approved",
    });

    const plan = planReviewOfForm(
      PlanReviewFormSchema.parse({
        intent: "review-plan",
        deliveryOutlineId: "o-1",
        decision: "approved",
        confirm: "on",
        firstName: "Dana",
        lastName: "Reyes",
        signatureDate: "2026-11-23",
      }),
    );
    const planApi = BusinessReviewSchema.parse({
      deliveryOutlineId: "o-1",
      decision: "approved",
      businessSignature: "Dana Reyes",
      businessSignatureDate: "2026-11-23",
    });
    const expectedPlan = {
      outlineId: "o-1",
      decision: "approved",
      signature: "Dana Reyes",
      signatureDate: "2026-11-23",
      notes: "",
    };
    expect(plan).toEqual(expectedPlan);
    expect(planApi).toEqual(expectedPlan);
  });
});

describe("date fields (the JSON API's businessSignatureDate, the forms' dates)", () => {
  it("take YYYY-MM-DD, and an ISO 8601 date-time as its calendar date as written", () => {
    expect(calendarDateOf("2026-11-23")).toBe("2026-11-23");
    // What JSON.stringify(new Date()) sends.
    expect(calendarDateOf(JSON.parse(JSON.stringify(new Date("2026-11-23T18:04:05.123Z"))))).toBe("2026-11-23");
    // Never shifted by the offset: late on Nov 23 in New York is Nov 24 in UTC; early Nov 23 in Tokyo is Nov 22.
    expect(calendarDateOf("2026-11-23T23:30:00-05:00")).toBe("2026-11-23");
    expect(calendarDateOf("2026-11-23T01:00+09:00")).toBe("2026-11-23");
    expect(calendarDateOf("2026-11-23T10:00")).toBe("2026-11-23");
    expect(calendarDateOf("2028-02-29T00:00:00.000000001Z")).toBe("2028-02-29");
  });

  it("refuse what is not a real day or not ISO 8601", () => {
    for (const value of [
      "2026-02-30",
      "2026-02-30T10:00:00Z",
      "2026-11-23T24:00:00Z",
      "2026-11-23T10:60Z",
      "2026-11-23 10:00",
      "2026-11-23T",
      "2026-11-23Tjunk",
      "11/23/2026",
      "Nov 23, 2026",
      "",
    ]) {
      expect(calendarDateOf(value), value).toBeNull();
    }
  });

  it("the business review keeps the calendar date of a date-time", () => {
    const base = { deliveryOutlineId: "o-1", decision: "approved", businessSignature: "Dana Reyes", notes: "" };
    const parsed = BusinessReviewSchema.safeParse({ ...base, businessSignatureDate: "2026-11-23T23:30:00.000Z" });
    expect(parsed.success && parsed.data.signatureDate).toBe("2026-11-23");
    const refused = BusinessReviewSchema.safeParse({ ...base, businessSignatureDate: "2026-11-31T10:00:00Z" });
    expect(refused.success).toBe(false);
  });
});
