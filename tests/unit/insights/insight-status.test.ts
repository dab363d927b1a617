import { describe, expect, it } from "vitest";
import { INSIGHT_REQUEST_STATUSES } from "~db/schema";
import {
  CLICK_TO_VIEW,
  clientInsightStatus,
  INSIGHT_STATUS_TEXTS,
  insightStatusText,
  isInsightCompleted,
  paidStateLabel,
  VALUE_INSIGHT_STATUS_TEXT,
} from "~/lib/insights/insight-status";

const PAYMENT = "Complete payment to submit your insight request.";
const SUBMITTED = "Your insight request has been submitted!";
const GENERATING = "Your insight is being generated.";
const AVAILABLE = "Your insight is available!";
const UNDER_REVIEW = "Your insight is under review.";

describe("insight status catalogue ↔ client keyword rules (spec §4)", () => {
  // Every stored status, covered or paid, and what the client must show for it.
  const expected = {
    awaiting_payment: { paid: PAYMENT, covered: PAYMENT },
    submitted: { paid: SUBMITTED, covered: SUBMITTED },
    in_review: { paid: GENERATING, covered: GENERATING },
    ready: { paid: AVAILABLE, covered: AVAILABLE },
  } as const;

  it("covers every request status", () => {
    expect(Object.keys(expected).sort()).toEqual([...INSIGHT_REQUEST_STATUSES].sort());
  });

  for (const status of INSIGHT_REQUEST_STATUSES) {
    for (const covered of [false, true]) {
      it(`${status} (${covered ? "covered by the plan" : "paid"}) → ${expected[status][covered ? "covered" : "paid"]}`, () => {
        expect(clientInsightStatus(insightStatusText(status, covered))).toBe(
          expected[status][covered ? "covered" : "paid"],
        );
      });
    }
  }

  it("stores the exact catalogue sentences", () => {
    expect(insightStatusText("awaiting_payment", false)).toBe(PAYMENT);
    expect(insightStatusText("submitted", false)).toBe(
      "Your payment was successful and your insight request is with our team.",
    );
    expect(insightStatusText("submitted", true)).toBe(
      "Included in your plan: your insight request is with our top 1% of experts.",
    );
    expect(insightStatusText("in_review", false)).toBe("Your insight request is being reviewed by management.");
    expect(insightStatusText("ready", true)).toBe("Your insight is ready to view.");
  });

  it("gives each catalogue sentence only its own keyword (no earlier rule catches it)", () => {
    const keywords: Record<keyof typeof INSIGHT_STATUS_TEXTS, string> = {
      awaiting_payment: "complete payment",
      submitted_paid: "payment was successful",
      submitted_covered: "top 1%",
      in_review: "reviewed by management",
      ready: "is ready",
    };
    const all = Object.values(keywords);
    for (const [key, text] of Object.entries(INSIGHT_STATUS_TEXTS)) {
      const lower = text.toLowerCase();
      expect(all.filter((keyword) => lower.includes(keyword))).toEqual([keywords[key as keyof typeof keywords]]);
    }
  });

  it("applies the rules in order, ignoring case, with 'under review' for anything else", () => {
    expect(clientInsightStatus("COMPLETE PAYMENT now; it is ready")).toBe(PAYMENT);
    expect(clientInsightStatus("Your Payment Was Successful")).toBe(SUBMITTED);
    expect(clientInsightStatus("with our TOP 1% experts")).toBe(SUBMITTED);
    expect(clientInsightStatus("being reviewed by management")).toBe(GENERATING);
    expect(clientInsightStatus("The report is ready")).toBe(AVAILABLE);
    expect(clientInsightStatus("Something else")).toBe(UNDER_REVIEW);
    expect(clientInsightStatus("")).toBe(UNDER_REVIEW);
    expect(clientInsightStatus(null)).toBe(UNDER_REVIEW);
    expect(clientInsightStatus(undefined)).toBe(UNDER_REVIEW);
  });

  it("shows value insights as available and counts them completed", () => {
    expect(clientInsightStatus(VALUE_INSIGHT_STATUS_TEXT)).toBe(AVAILABLE);
    expect(isInsightCompleted({ value: VALUE_INSIGHT_STATUS_TEXT })).toBe(true);
  });

  it("counts an insight completed when flagged or when its value contains 'ready'", () => {
    expect(isInsightCompleted({ completed: true, value: PAYMENT })).toBe(true);
    expect(isInsightCompleted({ value: insightStatusText("ready", false) })).toBe(true);
    expect(isInsightCompleted({ value: insightStatusText("submitted", true) })).toBe(false);
    expect(isInsightCompleted({ value: insightStatusText("in_review", false) })).toBe(false);
    expect(isInsightCompleted({ completed: null, value: null })).toBe(false);
  });

  it("labels delivered tiles 'Click here to view.'", () => {
    expect(CLICK_TO_VIEW).toBe("Click here to view.");
  });
});

describe("a request's payment state once nothing is left to pay (issue #36)", () => {
  it("says 'Included in your plan' for a request the plan covered, 'Payment Complete' for a paid one", () => {
    expect(paidStateLabel({ coveredByPlan: true })).toBe("Included in your plan");
    expect(paidStateLabel({ coveredByPlan: false })).toBe("Payment Complete");
  });
});
