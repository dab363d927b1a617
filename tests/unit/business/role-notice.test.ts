import { describe, expect, it } from "vitest";
import { BUSINESS_MEMBER_ROLES } from "~db/enums";
import { BUSINESS_ACTIONS, can } from "~/lib/business/permissions";
import { roleCannotText, waitsForText } from "~/lib/business/role-notice";
import { SWITCHER_TEXTS } from "~/lib/business/switch-business";
import { SwitchBusinessSchema } from "~/lib/business/switch-business-schema";

describe("roleCannotText (docs/decisions/068)", () => {
  it("names the role and who may act", () => {
    expect(roleCannotText("viewer", "pay")).toBe(
      "Your role (Viewer) can read this business; an owner or admin can pay.",
    );
    expect(roleCannotText("viewer", "requestInsights")).toBe(
      "Your role (Viewer) can read this business; an owner, admin or member can request insights.",
    );
    expect(roleCannotText("member", "sign")).toBe(
      "Your role (Member) cannot sign or decline plans; an owner or admin can sign or decline plans.",
    );
  });

  it("has a sentence for every action a role may lack", () => {
    for (const role of BUSINESS_MEMBER_ROLES) {
      for (const action of BUSINESS_ACTIONS) {
        if (can(role, action)) continue;
        expect(roleCannotText(role, action)).toMatch(/^Your role \((Owner|Admin|Member|Viewer)\) .+; an? .+ can .+\.$/);
      }
    }
  });
});

describe("waitsForText (docs/decisions/071)", () => {
  it("names who may take the step", () => {
    expect(waitsForText("changePlan")).toBe("Waits for an owner or admin.");
    expect(waitsForText("requestInsights")).toBe("Waits for an owner, admin or member.");
  });
});

describe("the switcher", () => {
  it("takes a business id and names each business with the role", () => {
    expect(SwitchBusinessSchema.safeParse({ businessId: " biz-1 " })).toEqual({
      success: true,
      data: { businessId: "biz-1" },
    });
    expect(SwitchBusinessSchema.safeParse({ businessId: "" }).success).toBe(false);
    expect(SwitchBusinessSchema.safeParse({}).success).toBe(false);
    expect(SWITCHER_TEXTS.option("Birch Bakery", "Viewer")).toBe("Birch Bakery (Viewer)");
  });
});
