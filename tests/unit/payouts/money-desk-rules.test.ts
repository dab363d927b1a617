import { describe, expect, it } from "vitest";
import { autoAcceptanceAt } from "~/lib/engagements/review-deadlines";
import { NEAR_ACCEPTANCE_DAYS, nearAcceptanceCutoff } from "~/lib/payouts/money-desk-rules";

/**
 * The money desk's "Near automatic acceptance" bound (docs/decisions/080): a delivery is listed
 * exactly when its automatic acceptance falls within NEAR_ACCEPTANCE_DAYS of now, or is past.
 */
const HOUR = 60 * 60 * 1000;
const horizonOf = (now: Date) => now.getTime() + NEAR_ACCEPTANCE_DAYS * 24 * HOUR;

describe("nearAcceptanceCutoff", () => {
  it("includes a delivery exactly when autoAcceptanceAt is at or before now + 3 days, at every hour of a day", () => {
    for (let hour = 0; hour < 24; hour++) {
      const now = new Date(Date.UTC(2026, 11, 1, hour, 7, 0));
      const cutoff = nearAcceptanceCutoff(now).getTime();
      // Deliveries every 20 minutes from 20 days before now up to now.
      for (let delivered = now.getTime() - 20 * 24 * HOUR; delivered <= now.getTime(); delivered += HOUR / 3) {
        const near = autoAcceptanceAt(new Date(delivered)).getTime() <= horizonOf(now);
        expect(delivered <= cutoff, `${now.toISOString()} ${new Date(delivered).toISOString()}`).toBe(near);
      }
    }
  });

  it("counts a horizon falling on the run itself, and a delivery on the cutoff instant", () => {
    // now + 3 days is 13:00 UTC, a run: that run's acceptances are included.
    const now = new Date("2026-12-01T13:00:00.000Z");
    const cutoff = nearAcceptanceCutoff(now);
    expect(cutoff.toISOString()).toBe("2026-11-20T13:00:00.000Z");
    expect(autoAcceptanceAt(cutoff).toISOString()).toBe("2026-12-04T13:00:00.000Z");
    expect(autoAcceptanceAt(new Date(cutoff.getTime() + 1)).getTime()).toBeGreaterThan(horizonOf(now));
  });
});
