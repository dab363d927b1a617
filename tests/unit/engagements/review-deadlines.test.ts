import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  acceptsAutomaticallyAt,
  autoAcceptanceAt,
  DAILY_RUN_HOUR_UTC,
  nextDailyRun,
  reviewDeadlineDue,
} from "~/lib/engagements/review-deadlines";

/** Issue #40 item 1 (ADR 078): when a delivery nobody reviewed is reminded and accepted. */

const DAY = 24 * 60 * 60 * 1000;
const delivered = new Date("2026-12-01T10:00:00.000Z");
const after = (days: number, minutes = 0) => new Date(delivered.getTime() + days * DAY + minutes * 60_000);

describe("the daily run's hour", () => {
  it("is the daily cron's, in functions/scheduled.ts and wrangler.toml", () => {
    expect(readFileSync("functions/scheduled.ts", "utf8")).toContain(
      `dailyEventReminders: "0 ${DAILY_RUN_HOUR_UTC} * * *"`,
    );
    expect(readFileSync("wrangler.toml", "utf8")).toContain(`"0 ${DAILY_RUN_HOUR_UTC} * * *"`);
  });

  it("is the same day's run before 13:00 UTC (13:00 itself included) and the next day's after", () => {
    expect(nextDailyRun(new Date("2026-12-15T10:00:00.000Z")).toISOString()).toBe("2026-12-15T13:00:00.000Z");
    expect(nextDailyRun(new Date("2026-12-15T13:00:00.000Z")).toISOString()).toBe("2026-12-15T13:00:00.000Z");
    expect(nextDailyRun(new Date("2026-12-15T13:00:00.001Z")).toISOString()).toBe("2026-12-16T13:00:00.000Z");
    // Across a month and a year.
    expect(nextDailyRun(new Date("2026-12-31T20:00:00.000Z")).toISOString()).toBe("2027-01-01T13:00:00.000Z");
  });
});

describe("the automatic acceptance", () => {
  it("is the first daily run 14 days after the delivery", () => {
    expect(autoAcceptanceAt(delivered).toISOString()).toBe("2026-12-15T13:00:00.000Z");
    expect(autoAcceptanceAt(new Date("2026-12-01T15:30:00.000Z")).toISOString()).toBe("2026-12-16T13:00:00.000Z");
  });

  it("is shown only while a delivery waits for review, and never for a refunded item", () => {
    const waiting = {
      status: "delivered",
      businessDeliveryReview: "pending",
      consultantConfirmedAt: delivered,
    };
    expect(acceptsAutomaticallyAt(waiting)?.toISOString()).toBe("2026-12-15T13:00:00.000Z");
    expect(acceptsAutomaticallyAt({ ...waiting, refunded: true })).toBeNull();
    expect(acceptsAutomaticallyAt({ ...waiting, status: "revision", businessDeliveryReview: "revision" })).toBeNull();
    expect(acceptsAutomaticallyAt({ ...waiting, status: "approved", businessDeliveryReview: "approved" })).toBeNull();
    expect(acceptsAutomaticallyAt({ ...waiting, consultantConfirmedAt: null })).toBeNull();
  });
});

describe("what is due at a run", () => {
  it("nothing before day 3; then the latest reminder day reached; acceptance from day 14", () => {
    expect(reviewDeadlineDue(delivered, after(2, 23 * 60))).toBeNull();
    expect(reviewDeadlineDue(delivered, after(3))).toEqual({ kind: "remind", day: 3 });
    expect(reviewDeadlineDue(delivered, after(6))).toEqual({ kind: "remind", day: 3 });
    expect(reviewDeadlineDue(delivered, after(7))).toEqual({ kind: "remind", day: 7 });
    // A missed run: the latest reminder only.
    expect(reviewDeadlineDue(delivered, after(12))).toEqual({ kind: "remind", day: 7 });
    expect(reviewDeadlineDue(delivered, after(13))).toEqual({ kind: "remind", day: 13 });
    expect(reviewDeadlineDue(delivered, after(14, -1))).toEqual({ kind: "remind", day: 13 });
    expect(reviewDeadlineDue(delivered, after(14))).toEqual({ kind: "accept" });
    expect(reviewDeadlineDue(delivered, after(40))).toEqual({ kind: "accept" });
  });
});
