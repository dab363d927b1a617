import { describe, expect, it } from "vitest";
import {
  billedMonthly,
  cancelRuleLabel,
  COACHING_CANCEL_INVALID,
  COACHING_SESSIONS_INVALID,
  coachingMonthSummary,
  coachingTermsLabel,
  confirmsOn,
  monthSettles,
  sessionState,
  sessionTally,
  type SessionFacts,
  type SessionState,
} from "~/lib/engagements/coaching";
import { PlanFormSchema } from "~/lib/engagements/engagement-schemas";
import { buildSowDocument, sowRetainerOf, SOW_HEADINGS } from "~/lib/engagements/sow";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = Date.parse("2027-01-15T12:00:00Z");

const facts = (overrides: Partial<SessionFacts>): SessionFacts => ({
  meetingStatus: "proposed",
  lastSlotAt: NOW + DAY,
  startsAt: null,
  cancelledAt: null,
  cancelledByBusiness: false,
  heldAt: null,
  confirmedAt: null,
  missedAt: null,
  ...overrides,
});

describe("a coaching session's state", () => {
  it("follows its call until the coach marks it held, then the business's answer", () => {
    const state = (overrides: Partial<SessionFacts>) => sessionState(facts(overrides), 24, NOW);
    expect(state({})).toBe("proposed");
    expect(state({ lastSlotAt: NOW - HOUR })).toBe("lapsed");
    expect(state({ meetingStatus: "declined" })).toBe("declined");
    expect(state({ meetingStatus: "cancelled" })).toBe("withdrawn");
    expect(state({ meetingStatus: "booked", startsAt: NOW + HOUR })).toBe("booked");
    expect(state({ meetingStatus: "booked", startsAt: NOW - HOUR })).toBe("to_mark");
    // Not marked within 7 days of its start: it does not count.
    expect(state({ meetingStatus: "booked", startsAt: NOW - 7 * DAY })).toBe("to_mark");
    expect(state({ meetingStatus: "booked", startsAt: NOW - 7 * DAY - 1 })).toBe("unmarked");
    const held = { meetingStatus: "booked" as const, startsAt: NOW - DAY, heldAt: NOW - HOUR };
    expect(state(held)).toBe("held");
    expect(state({ ...held, confirmedAt: NOW })).toBe("confirmed");
    expect(state({ ...held, missedAt: NOW })).toBe("missed");
  });

  it("counts a cancellation as held only when the business cancels within the rule's hours", () => {
    const cancelled = (hoursBefore: number, byBusiness: boolean, rule = 24) =>
      sessionState(
        facts({
          meetingStatus: "cancelled",
          startsAt: NOW,
          cancelledAt: NOW - hoursBefore * HOUR,
          cancelledByBusiness: byBusiness,
        }),
        rule,
        NOW - 30 * DAY,
      );
    expect(cancelled(10, true)).toBe("late_cancelled");
    expect(cancelled(23.9, true)).toBe("late_cancelled");
    expect(cancelled(24, true)).toBe("cancelled");
    expect(cancelled(48, true)).toBe("cancelled");
    expect(cancelled(1, false)).toBe("cancelled");
    expect(cancelled(1, true, 0)).toBe("cancelled");
  });
});

describe("a coaching month's places", () => {
  it("counts what takes a place and what is held", () => {
    const states: SessionState[] = ["proposed", "confirmed", "late_cancelled", "missed", "cancelled", "lapsed"];
    expect(sessionTally(states, 4)).toEqual({ used: 3, held: 2, left: 1 });
    expect(sessionTally(["booked", "to_mark", "held"], 2)).toEqual({ used: 3, held: 0, left: 0 });
  });

  it("settles when every place is held and confirmed, or at its end once nothing waits", () => {
    expect(monthSettles(["confirmed", "late_cancelled"], 2, false)).toBe(true);
    expect(monthSettles(["confirmed", "missed"], 2, false)).toBe(false);
    expect(monthSettles(["confirmed", "missed"], 2, true)).toBe(true);
    expect(monthSettles(["confirmed", "held"], 2, true)).toBe(false);
    expect(monthSettles(["to_mark"], 1, true)).toBe(false);
    expect(monthSettles(["unmarked", "lapsed"], 2, true)).toBe(true);
    expect(monthSettles([], 2, false)).toBe(false);
    expect(monthSettles([], 2, true)).toBe(true);
  });

  it("words the month's summary, the terms, the rule and the automatic confirmation", () => {
    expect(coachingMonthSummary(4, 4)).toBe("4 of 4 sessions held.");
    expect(coachingMonthSummary(2, 1)).toBe("1 of 2 sessions held; 1 expired unused.");
    expect(coachingMonthSummary(1, 0)).toBe("0 of 1 session held; 1 expired unused.");
    expect(coachingTermsLabel(120_000, 2, 60)).toBe("$1,200.00 a month for 2 sessions of 60 minutes");
    expect(cancelRuleLabel(24)).toBe("Cancel at least 24 hours before a session, or it counts as held.");
    expect(cancelRuleLabel(0)).toBe("A session may be cancelled up to its start without counting as held.");
    expect(confirmsOn(Date.parse("2027-01-10T16:00:00Z"))).toBe("Jan 17, 2027");
    expect([billedMonthly("coaching"), billedMonthly("retainer"), billedMonthly("project")]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe("a coaching plan", () => {
  const form = {
    intent: "submit",
    title: "Leadership coaching",
    overview: "Weekly coaching.",
    kind: "coaching",
    monthlyFee: "1,200",
    monthlySessions: "4",
    sessionMinutes: "60",
    cancelNoticeHours: "24",
    startDate: "2027-01-01",
    noticeMonths: "1",
  };

  it("requires its sessions and rule, and keeps neither hours nor deliverables", () => {
    const parsed = PlanFormSchema.safeParse({ ...form, monthlyHours: "20", items: [{ title: "x" }] });
    expect(parsed.success && parsed.data).toMatchObject({
      kind: "coaching",
      monthlyFee: 120_000,
      monthlySessions: 4,
      sessionMinutes: 60,
      cancelNoticeHours: 24,
      monthlyHours: undefined,
      items: [],
    });
    const missing = PlanFormSchema.safeParse({ ...form, monthlySessions: "", cancelNoticeHours: "5" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["cancelNoticeHours", COACHING_CANCEL_INVALID],
      ["monthlySessions", COACHING_SESSIONS_INVALID],
    ]);
    expect(PlanFormSchema.safeParse({ ...form, monthlySessions: "13" }).success).toBe(false);
    // A retainer's form drops coaching's fields.
    const retainer = PlanFormSchema.safeParse({ ...form, kind: "retainer", monthlyHours: "20" });
    expect(retainer.success && retainer.data).toMatchObject({ kind: "retainer", monthlyHours: 1200 });
    expect(retainer.data?.monthlySessions).toBeUndefined();
  });

  it("states the sessions, the rule and the expiry in the statement of work", () => {
    const retainer = sowRetainerOf({
      kind: "coaching",
      monthlyFeeCents: 120_000,
      monthlyBudgetMinutes: null,
      monthlySessions: 4,
      sessionMinutes: 60,
      cancelNoticeHours: 24,
      retainerStartDate: "2027-01-01",
      noticeMonths: 1,
      endsOn: null,
    });
    const document = buildSowDocument({
      businessName: "Harbor & Pine Outfitters",
      consultantName: "Avery Stone",
      category: "operations",
      consultingType: "coaching",
      problemStatement: "",
      title: "Leadership coaching",
      overview: "Weekly coaching.",
      version: 1,
      items: [],
      signature: null,
      today: "2026-12-01",
      platformFeePercent: 20,
      retainer,
    });
    const statement = document.sections.find((section) => section.heading === SOW_HEADINGS.statement)!.paragraphs;
    expect(statement[1]).toBe(
      "The work is coaching starting on Jan 1, 2027, in months. Each month runs from that day of the month to the day before it a month later. The Client pays a fixed fee of $1,200.00 a month for 4 sessions of 60 minutes with Avery Stone.",
    );
    expect(statement).toContain(
      "Either party may cancel a booked session. A session the Client cancels less than 24 hours before it starts counts as held; one cancelled earlier, or by Avery Stone, does not count, and another may be booked that month.",
    );
    expect(statement).toContain(
      "Sessions not used by the end of their month expire with it: they are not carried over or refunded.",
    );
    const schedule = document.sections.find((section) => section.heading === SOW_HEADINGS.schedule)!.paragraphs;
    expect(schedule).toEqual([
      "$1,200.00 a month for 4 sessions of 60 minutes, from Jan 1, 2027. A month is added on each month's first day until notice ends the coaching.",
    ]);
  });
});
