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
  it("each reminder from the daily run after its day; the acceptance from the moment shown, never before", () => {
    // Delivered Dec 1 at 10:00 UTC: the runs of Dec 4, 8 and 14 remind; the run of Dec 15 accepts.
    expect(reviewDeadlineDue(delivered, after(2, 23 * 60))).toBeNull();
    expect(reviewDeadlineDue(delivered, after(3))).toBeNull();
    expect(reviewDeadlineDue(delivered, after(3, 3 * 60))).toEqual({ kind: "remind", day: 3 });
    expect(reviewDeadlineDue(delivered, after(6))).toEqual({ kind: "remind", day: 3 });
    expect(reviewDeadlineDue(delivered, after(7, 3 * 60))).toEqual({ kind: "remind", day: 7 });
    // A missed run: the latest reminder only.
    expect(reviewDeadlineDue(delivered, after(12))).toEqual({ kind: "remind", day: 7 });
    expect(reviewDeadlineDue(delivered, after(13, 3 * 60))).toEqual({ kind: "remind", day: 13 });
    // 14 days have passed, but the date people read is the run at 13:00: a run fired by hand
    // before it accepts nothing.
    expect(reviewDeadlineDue(delivered, after(14))).toEqual({ kind: "remind", day: 13 });
    expect(reviewDeadlineDue(delivered, after(14, 3 * 60 - 1))).toEqual({ kind: "remind", day: 13 });
    expect(reviewDeadlineDue(delivered, after(14, 3 * 60))).toEqual({ kind: "accept" });
    expect(reviewDeadlineDue(delivered, after(40))).toEqual({ kind: "accept" });
  });
});
