import { describe, expect, it } from "vitest";
import { isDeliverableIntent, PrepayFormSchema } from "~/lib/engagements/deliverable-forms";
import { ItemReviewFormSchema } from "~/lib/engagements/engagement-schemas";

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
});
