import { describe, expect, it } from "vitest";
import { CandidacyAnswerSchema, confirmingAnswer } from "~/lib/matching/candidacy-schemas";
import {
  CANDIDACY_STATE_LABELS,
  candidacyAreaLabel,
  candidacyNextStep,
  candidacyState,
  candidacyTypeLabel,
  toAnswerSummary,
  type CandidacyFacts,
} from "~/lib/matching/candidacy-state";

const ME = "consultant-me";
const facts = (overrides: Partial<CandidacyFacts> = {}): CandidacyFacts => ({
  consultantId: ME,
  status: "proposed",
  businessDecisionStatus: "pending",
  requestStatus: "candidates_proposed",
  matchedConsultantId: null,
  ...overrides,
});

describe("candidacyState", () => {
  it("waits for an answer while proposed on an open request", () => {
    for (const requestStatus of ["matching", "candidates_proposed", "awaiting_decision"] as const) {
      expect(candidacyState(facts({ requestStatus }))).toBe("to_answer");
    }
  });

  it("reads an accepted candidacy as waiting for the business until it decides", () => {
    expect(candidacyState(facts({ status: "accepted", requestStatus: "awaiting_decision" }))).toBe("accepted");
    expect(
      candidacyState(
        facts({
          status: "accepted",
          businessDecisionStatus: "accepted",
          requestStatus: "consultant_matched",
          matchedConsultantId: ME,
        }),
      ),
    ).toBe("matched");
    expect(candidacyState(facts({ status: "accepted", businessDecisionStatus: "rejected" }))).toBe("not_chosen");
  });

  it("closes a candidacy whose request was matched with someone else or cancelled, whatever its row says", () => {
    const elsewhere = { requestStatus: "consultant_matched" as const, matchedConsultantId: "someone-else" };
    expect(candidacyState(facts(elsewhere))).toBe("not_chosen");
    expect(candidacyState(facts({ ...elsewhere, status: "accepted" }))).toBe("not_chosen");
    expect(candidacyState(facts({ requestStatus: "cancelled" }))).toBe("not_chosen");
    expect(candidacyState(facts({ status: "withdrawn" }))).toBe("not_chosen");
  });

  it("reads a candidacy a manager withdrew (unvetted or paused) as withdrawn, even one the business had chosen", () => {
    for (const withdrawalReason of ["unvetted", "paused"] as const) {
      expect(candidacyState(facts({ status: "withdrawn", withdrawalReason }))).toBe("withdrawn");
      expect(
        candidacyState(
          facts({
            status: "withdrawn",
            withdrawalReason,
            businessDecisionStatus: "accepted",
            requestStatus: "matching",
          }),
        ),
      ).toBe("withdrawn");
    }
    // Withdrawn because the business chose someone else: not chosen, as before.
    expect(candidacyState(facts({ status: "withdrawn", withdrawalReason: "matched_elsewhere" }))).toBe("not_chosen");
    expect(CANDIDACY_STATE_LABELS.withdrawn).toBe("Withdrawn");
  });

  it("keeps a decline a decline", () => {
    expect(candidacyState(facts({ status: "declined" }))).toBe("declined");
    expect(candidacyState(facts({ status: "declined", requestStatus: "consultant_matched" }))).toBe("declined");
  });
});

describe("candidacyNextStep", () => {
  it("tells a withdrawn consultant why and when, and that the business is no longer shown", () => {
    const withdrawnAt = new Date("2026-11-28T15:00:00Z");
    expect(candidacyNextStep(facts({ status: "withdrawn", withdrawalReason: "unvetted", withdrawnAt }), null)).toBe(
      "Your engagement manager withdrew this candidacy on Nov 28, 2026 because your profile is no longer vetted. The business and its request are no longer shown to you.",
    );
    expect(candidacyNextStep(facts({ status: "withdrawn", withdrawalReason: "paused", withdrawnAt }), null)).toBe(
      "Your engagement manager withdrew this candidacy on Nov 28, 2026 because your profile is paused. The business and its request are no longer shown to you.",
    );
  });

  it("says what happens next in each state", () => {
    expect(candidacyNextStep(facts(), null)).toMatch(/^The business has not seen you yet\./);
    expect(candidacyNextStep(facts({ status: "declined" }), new Date(Date.UTC(2026, 10, 3)))).toBe(
      "You declined this candidacy on Nov 3, 2026. There is nothing more to do.",
    );
    expect(candidacyNextStep(facts({ status: "accepted", businessDecisionStatus: "rejected" }), null)).toBe(
      "The business decided not to go ahead with you for this request. There is nothing more to do.",
    );
    expect(candidacyNextStep(facts({ requestStatus: "cancelled" }), null)).toBe(
      "The business cancelled this request, so the candidacy was withdrawn. There is nothing more to do.",
    );
    expect(candidacyNextStep(facts({ status: "withdrawn" }), null)).toBe(
      "The business chose another consultant, so this candidacy was withdrawn. There is nothing more to do.",
    );
  });
});

describe("labels", () => {
  it("names the area and the type, and a missing one as not sure yet", () => {
    expect(candidacyAreaLabel("hr")).toBe("HR");
    expect(candidacyAreaLabel("unknown")).toBe("Not sure yet");
    expect(candidacyTypeLabel("coaching")).toBe("Coaching");
    expect(candidacyTypeLabel(null)).toBe("Not sure yet");
  });

  it("counts what waits for an answer", () => {
    expect(toAnswerSummary(0)).toBe("Nothing needs your answer right now.");
    expect(toAnswerSummary(1)).toBe("1 candidacy waits for your answer.");
    expect(toAnswerSummary(3)).toBe("3 candidacies wait for your answer.");
  });
});

describe("CandidacyAnswerSchema", () => {
  it("takes accept, or decline with an optional reason of at most 1,000 characters", () => {
    expect(CandidacyAnswerSchema.parse({ intent: "accept" })).toEqual({ intent: "accept" });
    expect(CandidacyAnswerSchema.parse({ intent: "decline", reason: "Booked" })).toEqual({
      intent: "decline",
      reason: "Booked",
    });
    const wrong = CandidacyAnswerSchema.safeParse({ intent: "later" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe("Choose Accept or Decline.");
    const long = CandidacyAnswerSchema.safeParse({ intent: "decline", reason: "x".repeat(1001) });
    expect(long.error?.issues[0]?.message).toBe("Keep the reason to 1,000 characters or fewer.");
  });

  it("opens the confirmation step only for the two answers", () => {
    expect(confirmingAnswer("accept")).toBe("accept");
    expect(confirmingAnswer("decline")).toBe("decline");
    expect(confirmingAnswer("<script>")).toBeNull();
    expect(confirmingAnswer(null)).toBeNull();
  });
});
