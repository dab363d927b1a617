import { describe, expect, it } from "vitest";
import { ineligibility, rosterStatus, type EligibilityFacts } from "~/server/consultants/eligibility.server";

const NOW = new Date("2026-05-01T12:00:00Z");
const inPool: EligibilityFacts = { vetted: true, availability: "available", awayUntil: null, pausedAt: null };

describe("ineligibility (the pool rule for a loaded consultant)", () => {
  it("admits a vetted, available or limited, unpaused consultant who is not away", () => {
    expect(ineligibility(inPool, NOW)).toBeNull();
    expect(ineligibility({ ...inPool, availability: "limited" }, NOW)).toBeNull();
    // Back exactly now, or earlier: in the pool.
    expect(ineligibility({ ...inPool, awayUntil: NOW }, NOW)).toBeNull();
    expect(ineligibility({ ...inPool, awayUntil: new Date("2026-04-30T00:00:00Z") }, NOW)).toBeNull();
  });

  it("names the first condition that excludes the consultant", () => {
    expect(ineligibility(null, NOW)).toBe("no_profile");
    expect(ineligibility({ ...inPool, vetted: false }, NOW)).toBe("not_vetted");
    expect(ineligibility({ ...inPool, availability: "unavailable" }, NOW)).toBe("unavailable");
    expect(ineligibility({ ...inPool, awayUntil: new Date("2026-05-01T12:00:00.001Z") }, NOW)).toBe("away");
    expect(ineligibility({ ...inPool, pausedAt: new Date("2026-04-01T00:00:00Z") }, NOW)).toBe("paused");
    expect(ineligibility({ ...inPool, vetted: false, pausedAt: new Date("2026-04-01T00:00:00Z") }, NOW)).toBe(
      "not_vetted",
    );
  });
});

describe("rosterStatus", () => {
  it("is onboarding without a profile, not vetted before vetting, vetted in the pool", () => {
    expect(rosterStatus(null, NOW)).toBe("onboarding");
    expect(rosterStatus({ ...inPool, vetted: false }, NOW)).toBe("not_vetted");
    expect(rosterStatus(inPool, NOW)).toBe("vetted");
  });

  it("is paused when a manager paused the consultant, or they are unavailable or away", () => {
    expect(rosterStatus({ ...inPool, pausedAt: new Date("2026-04-01T00:00:00Z") }, NOW)).toBe("paused");
    expect(rosterStatus({ ...inPool, availability: "unavailable" }, NOW)).toBe("paused");
    expect(rosterStatus({ ...inPool, awayUntil: new Date("2026-05-02T00:00:00Z") }, NOW)).toBe("paused");
    expect(rosterStatus({ ...inPool, awayUntil: new Date("2026-04-30T00:00:00Z") }, NOW)).toBe("vetted");
  });
});
