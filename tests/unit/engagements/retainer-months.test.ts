import { describe, expect, it } from "vitest";
import { canConsultantDeliver, nextItemToPrepay, sortedItems } from "~/lib/engagements/engagement-state";
import { GiveNoticeFormSchema } from "~/lib/engagements/deliverable-forms";
import { NOTICE_CONFIRM_REQUIRED } from "~/lib/engagements/retainer-copy";
import { ExtraHoursFormSchema, NoticeConfirmSchema } from "~/lib/engagements/retainer-schemas";
import {
  budgetStanding,
  dayAfter,
  dayBefore,
  extraHoursPriceCents,
  extraHoursRequestView,
  extraHoursSummary,
  extraHoursTitle,
  formatHours,
  hourlyRateCents,
  monthLogView,
  formatPeriod,
  monthIndexOn,
  monthSummary,
  monthTakesExtraHours,
  noticeEndsOn,
  retainerMonth,
  retainerMonthTitle,
} from "~/lib/engagements/retainer-months";

describe("a retainer's months (docs/decisions/082)", () => {
  it("runs each month from the start day to the day before the next", () => {
    expect(retainerMonth("2026-12-15", 0)).toEqual({ index: 0, start: "2026-12-15", end: "2027-01-14" });
    expect(retainerMonth("2026-12-15", 1)).toEqual({ index: 1, start: "2027-01-15", end: "2027-02-14" });
    expect(retainerMonth("2026-12-01", 2)).toEqual({ index: 2, start: "2027-02-01", end: "2027-02-28" });
  });

  it("keeps a 31st start on the last day of shorter months, and back on the 31st after them", () => {
    expect(retainerMonth("2027-01-31", 0)).toEqual({ index: 0, start: "2027-01-31", end: "2027-02-27" });
    expect(retainerMonth("2027-01-31", 1)).toEqual({ index: 1, start: "2027-02-28", end: "2027-03-30" });
    expect(retainerMonth("2027-01-31", 2)).toEqual({ index: 2, start: "2027-03-31", end: "2027-04-29" });
    expect(retainerMonth("2028-01-31", 1).start).toBe("2028-02-29");
  });

  it("finds the month a date falls in, -1 before the start", () => {
    expect(monthIndexOn("2026-12-15", "2026-12-14")).toBe(-1);
    expect(monthIndexOn("2026-12-15", "2026-12-15")).toBe(0);
    expect(monthIndexOn("2026-12-15", "2027-01-14")).toBe(0);
    expect(monthIndexOn("2026-12-15", "2027-01-15")).toBe(1);
    expect(monthIndexOn("2026-12-15", "2027-12-31")).toBe(12);
    expect(monthIndexOn("2027-01-31", "2027-02-27")).toBe(0);
    expect(monthIndexOn("2027-01-31", "2027-02-28")).toBe(1);
    expect(monthIndexOn("2027-01-31", "2027-03-30")).toBe(1);
    expect(monthIndexOn("2027-01-31", "2027-03-31")).toBe(2);
  });

  it("ends a retainer with the month its notice period ends in", () => {
    // Notice on Jan 20 for one month runs to Feb 19: the month of Feb 15 – Mar 14 is the last.
    expect(noticeEndsOn("2026-12-15", 1, "2027-01-20")).toBe("2027-03-14");
    // Notice on the first day of a month for one month ends on that month's last day.
    expect(noticeEndsOn("2026-12-15", 1, "2027-01-15")).toBe("2027-02-14");
    expect(noticeEndsOn("2026-12-15", 2, "2027-01-15")).toBe("2027-03-14");
    // No notice: the month under way is the last, even on its first day.
    expect(noticeEndsOn("2026-12-15", 0, "2027-01-15")).toBe("2027-02-14");
    expect(noticeEndsOn("2026-12-15", 0, "2027-02-10")).toBe("2027-02-14");
    // Given before the start: never before the first month.
    expect(noticeEndsOn("2027-03-01", 1, "2026-12-01")).toBe("2027-03-31");
  });

  it("words months, periods and hours one way", () => {
    expect(retainerMonthTitle(retainerMonth("2026-12-15", 0))).toBe("Month 1 (Dec 15, 2026 – Jan 14, 2027)");
    expect(retainerMonthTitle(retainerMonth("2026-12-15", 1))).toBe("Month 2 (Jan 15 – Feb 14, 2027)");
    expect(formatPeriod("2027-03-01", "2027-03-31")).toBe("Mar 1 – Mar 31, 2027");
    expect(formatHours(1200)).toBe("20 h");
    expect(formatHours(450)).toBe("7.5 h");
    expect(formatHours(15)).toBe("0.25 h");
    expect(formatHours(0)).toBe("0 h");
    expect(dayBefore("2027-03-01")).toBe("2027-02-28");
    expect(dayAfter("2027-02-28")).toBe("2027-03-01");
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");
    expect(monthSummary(1200, 1110)).toBe("18.5 h logged of the 20 h budget.");
    expect(budgetStanding(1200, 1290)).toEqual({ loggedMinutes: 1290, leftMinutes: 0, overMinutes: 90 });
    expect(budgetStanding(1200, 300)).toEqual({ loggedMinutes: 300, leftMinutes: 900, overMinutes: 0 });
  });
});

describe("extra hours beyond a month's budget (docs/decisions/084)", () => {
  it("prices them at the fee's hourly rate, to the cent", () => {
    expect(extraHoursPriceCents(400_000, 1200, 240)).toBe(80_000);
    expect(extraHoursPriceCents(400_000, 1200, 60)).toBe(20_000);
    // $1,000.00 for 7 h: $142.857… an hour, 2.25 h → $321.43 (rounded to the cent).
    expect(extraHoursPriceCents(100_000, 420, 135)).toBe(32_143);
    expect(extraHoursPriceCents(100_000, 0, 60)).toBe(0);
    // The hourly rate is the price of one hour.
    expect(hourlyRateCents(400_000, 1200)).toBe(20_000);
    expect(hourlyRateCents(100_000, 420)).toBe(14_286);
    expect(hourlyRateCents(100_000, 0)).toBe(0);
  });

  it("are asked for and bought only while the month takes time and within its own days", () => {
    const month = { status: "active", paidPurchaseId: "p", refunded: false, periodEnd: "2027-02-28" };
    expect(monthTakesExtraHours(month, "2027-02-10")).toBe(true);
    // Until its last day has ended everywhere.
    expect(monthTakesExtraHours(month, "2027-02-28")).toBe(true);
    expect(monthTakesExtraHours(month, "2027-03-01")).toBe(false);
    expect(monthTakesExtraHours({ ...month, status: "revision" }, "2027-02-10")).toBe(true);
    expect(monthTakesExtraHours({ ...month, status: "delivered" }, "2027-02-10")).toBe(false);
    expect(monthTakesExtraHours({ ...month, paidPurchaseId: null }, "2027-02-10")).toBe(false);
    expect(monthTakesExtraHours({ ...month, refunded: true }, "2027-02-10")).toBe(false);
    expect(monthTakesExtraHours({ ...month, periodEnd: null }, "2027-02-10")).toBe(false);
  });

  it("titles and summarises them with their month", () => {
    expect(extraHoursTitle(1, 240)).toBe("Month 2: 4 h extra");
    expect(extraHoursTitle(0, 90)).toBe("Month 1: 1.5 h extra");
    expect(monthSummary(1200, 1320, 240)).toBe("22 h logged of the 20 h budget and 4 h extra.");
    expect(extraHoursSummary(240, "22 h logged of the 20 h budget and 4 h extra.")).toBe(
      "4 h beyond the budget, delivered with the month: 22 h logged of the 20 h budget and 4 h extra.",
    );
  });

  it("grows the month's budget by the hours bought, and tells a waiting request from a lapsed one", () => {
    const asked = {
      id: "r1",
      minutes: 240,
      priceCents: 80_000,
      reason: "Audit",
      status: "requested" as const,
      createdAt: new Date("2027-02-10T12:00:00Z"),
      decidedAt: null,
    };
    const waiting = extraHoursRequestView(asked, true);
    expect(waiting).toEqual({
      id: "r1",
      hours: "4 h",
      price: "$800.00",
      reason: "Audit",
      status: "waiting",
      paid: false,
      askedOn: "Feb 10, 2027",
      decidedOn: null,
    });
    expect(extraHoursRequestView(asked, false).status).toBe("lapsed");
    const approved = { ...asked, status: "approved" as const, decidedAt: new Date("2027-02-11T12:00:00Z") };
    expect(extraHoursRequestView(approved, true, true)).toMatchObject({ status: "approved", paid: true });
    expect(extraHoursRequestView(approved, true)).toMatchObject({ status: "approved", paid: false });
    const log = monthLogView(
      1200,
      { periodStart: "2027-02-01", periodEnd: "2027-02-28" },
      [{ id: "e1", workDate: "2027-02-09", minutes: 1500, description: "Audit" }],
      { approvedMinutes: 240, requests: [waiting] },
    );
    expect(log).toMatchObject({ budget: "20 h", extra: "4 h", logged: "25 h", left: "0 h", over: "1 h" });
    expect(log.requests).toEqual([waiting]);
    expect(monthLogView(1200, { periodStart: "2027-02-01", periodEnd: "2027-02-28" }, [])).toMatchObject({
      extra: null,
      over: null,
      requests: [],
    });
  });

  it("checks Give notice's box the same way in the browser as on the server", () => {
    expect(NoticeConfirmSchema.safeParse({ confirm: "on", deliveryOutlineId: "o1" }).success).toBe(true);
    const unticked = NoticeConfirmSchema.safeParse({ deliveryOutlineId: "o1" });
    expect(unticked.success ? null : unticked.error.issues.map((issue) => issue.message)).toEqual([
      NOTICE_CONFIRM_REQUIRED,
    ]);
    // The business's form checks the same box.
    const notice = { intent: "give-notice", deliveryOutlineId: "o1", confirm: "on" };
    expect(GiveNoticeFormSchema.parse(notice)).toEqual(notice);
    const businessUnticked = GiveNoticeFormSchema.safeParse({ intent: "give-notice", deliveryOutlineId: "o1" });
    expect(
      businessUnticked.success ? null : businessUnticked.error.issues.map((issue) => [issue.path, issue.message]),
    ).toEqual([[["confirm"], NOTICE_CONFIRM_REQUIRED]]);
  });

  it("reads the consultant's ask in quarter hours with a reason", () => {
    const ask = { intent: "ask-hours", itemId: "m1", hours: "2.25", reason: " Audit " };
    expect(ExtraHoursFormSchema.parse(ask)).toEqual({ intent: "ask-hours", itemId: "m1", hours: 135, reason: "Audit" });
    for (const hours of ["0", "0.1", "100.25", "abc", ""]) {
      expect(ExtraHoursFormSchema.safeParse({ ...ask, hours }).success, hours).toBe(false);
    }
    expect(ExtraHoursFormSchema.safeParse({ ...ask, hours: "100" }).success).toBe(true);
    expect(ExtraHoursFormSchema.safeParse({ ...ask, reason: "  " }).success).toBe(false);
    expect(ExtraHoursFormSchema.safeParse({ ...ask, reason: "x".repeat(501) }).success).toBe(false);
  });

  it("orders the hours after their month, and leaves their delivery to the daily run", () => {
    const month = { id: "b", position: 1 };
    const extra = { id: "a", position: 1, extraForItemId: "b" };
    expect(sortedItems([extra, month, { id: "z", position: 0 }]).map((item) => item.id)).toEqual(["z", "b", "a"]);
    const paid = { status: "active" as const, paidPurchaseId: "p", refunded: false };
    expect(canConsultantDeliver({ ...paid, extraForItemId: "b" })).toBe(false);
    expect(canConsultantDeliver({ ...paid, status: "revision", extraForItemId: "b" })).toBe(true);
    expect(canConsultantDeliver(paid)).toBe(true);
  });

  it("prepays a retainer's next month before extra hours left unpaid, which hold no month up", () => {
    const signed = { complete: false, businessReviewStatus: "approved" as const, signedVersion: 1, version: 1 };
    const item = (id: string, position: number, paid: boolean, extraForItemId: string | null = null) => ({
      id,
      position,
      status: paid ? ("active" as const) : ("upcoming" as const),
      paidPurchaseId: paid ? `p-${id}` : null,
      consultantConfirmedDelivery: false,
      businessDeliveryReview: null,
      extraForItemId,
    });
    const extra = item("a-extra", 1, false, "m2");
    const months = [item("m1", 0, true), item("m2", 1, true), extra];
    expect(nextItemToPrepay({ ...signed, kind: "retainer" }, months)?.id).toBe("a-extra");
    expect(nextItemToPrepay({ ...signed, kind: "retainer" }, [...months, item("m3", 2, false)])?.id).toBe("m3");
  });
});
