import { describe, expect, it } from "vitest";
import { rosterStatus } from "~/lib/consultants/roster";

const NOW = new Date("2026-05-01T12:00:00Z");
const inPool = { vetted: true, availability: "available", awayUntil: null, pausedAt: null };

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
