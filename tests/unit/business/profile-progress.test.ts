import { describe, expect, it } from "vitest";
import { computeProfileProgress, type ProfileProgressInput } from "~/server/business/profile-progress.server";

const USER = { firstName: "Dana", lastName: "Whitfield", email: "dana@example.com", phone: "(207) 555-0143" };
const BUSINESS = { planChosenAt: null, insightPreferencesSavedAt: null };
const when = new Date("2026-07-01T12:00:00Z");

function progress(input: Partial<ProfileProgressInput>) {
  return computeProfileProgress({ user: USER, business: BUSINESS, accountingStatus: null, ...input });
}

describe("computeProfileProgress", () => {
  it("counts five equal steps in order", () => {
    const result = progress({});
    expect(result.steps.map((s) => s.label)).toEqual([
      "Personal info",
      "Business Details",
      "Company Data",
      "Plan",
      "Insight preferences",
    ]);
    expect(result.steps.map((s) => s.done)).toEqual([true, true, false, false, false]);
    expect(result.completed).toBe(2);
    expect(result.percent).toBe(40);
    expect(result.accountingConnected).toBe(false);
  });

  it("adds 20% for a chosen plan and for saved preferences", () => {
    expect(progress({ business: { planChosenAt: when, insightPreferencesSavedAt: null } }).percent).toBe(60);
    expect(progress({ business: { planChosenAt: when, insightPreferencesSavedAt: when } }).percent).toBe(80);
  });

  it("is 100% with a connected accounting connection, and only a connected one counts", () => {
    const full = progress({
      business: { planChosenAt: when, insightPreferencesSavedAt: when },
      accountingStatus: "connected",
    });
    expect(full.percent).toBe(100);
    expect(full.accountingConnected).toBe(true);
    for (const status of ["broken", "revoked", null]) {
      const result = progress({ accountingStatus: status });
      expect(result.accountingConnected).toBe(false);
      expect(result.steps.find((s) => s.key === "companyData")?.done).toBe(false);
    }
  });

  it("needs first name, last name, email and phone for personal info", () => {
    for (const field of ["firstName", "lastName", "email", "phone"] as const) {
      expect(progress({ user: { ...USER, [field]: "" } }).steps[0].done).toBe(false);
      expect(progress({ user: { ...USER, [field]: "   " } }).steps[0].done).toBe(false);
      expect(progress({ user: { ...USER, [field]: null } }).percent).toBe(20);
    }
  });

  it("is 0% with nothing, and without a business nothing business-related counts", () => {
    const none = progress({
      user: { firstName: "", lastName: "", email: "", phone: "" },
      business: null,
      accountingStatus: "connected",
    });
    expect(none.percent).toBe(0);
    expect(none.accountingConnected).toBe(false);
    expect(progress({ business: null }).percent).toBe(20);
  });
});
