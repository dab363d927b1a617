import { describe, expect, it } from "vitest";
import { accessTier, TRIAL_COPY, trialPerkNames, trialState } from "~/lib/payments/trial";

const now = new Date("2026-11-28T12:00:00Z");
const later = new Date("2026-12-05T12:00:00Z");

describe("the free trial's rules (ADR 050)", () => {
  it("has no trial until one starts; runs until its end; is over from its end on", () => {
    expect(trialState({ trialTier: null, trialEndsAt: null }, now)).toEqual({ state: "none" });
    expect(trialState({ trialTier: "PREMIUM", trialEndsAt: later }, now)).toEqual({
      state: "active",
      tier: "PREMIUM",
      endsAt: later,
    });
    expect(trialState({ trialTier: "PREMIUM", trialEndsAt: later }, later).state).toBe("ended");
    // Serialised dates (loader data) read the same.
    expect(trialState({ trialTier: "PREMIUM", trialEndsAt: later.toISOString() }, now).state).toBe("active");
  });

  it("grants the trial's tier on BASIC while it runs; a paid plan is its own tier", () => {
    const trial = { trialTier: "PREMIUM" as const, trialEndsAt: later };
    expect(accessTier({ memberTier: "BASIC", ...trial }, now)).toBe("PREMIUM");
    expect(accessTier({ memberTier: "BASIC", ...trial }, new Date(later.getTime() + 1))).toBe("BASIC");
    expect(accessTier({ memberTier: "STANDARD", ...trial }, now)).toBe("STANDARD");
    expect(accessTier({ memberTier: "BASIC", trialTier: null, trialEndsAt: null }, now)).toBe("BASIC");
  });

  it("names what it opens, without diagnostic insights", () => {
    expect(trialPerkNames()).toEqual([
      "Competitive Benchmarking",
      "Tools & Templates",
      "E-Learning for Leaders",
      "Virtual Peer Groups",
    ]);
    expect(TRIAL_COPY.badge("PREMIUM", later)).toBe("SCALE trial until Dec 5, 2026");
    expect(TRIAL_COPY.ended("PREMIUM", later)).toBe("Your free trial of SCALE ended on Dec 5, 2026.");
  });
});
