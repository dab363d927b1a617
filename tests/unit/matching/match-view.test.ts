import { describe, expect, it } from "vitest";
import {
  CANDIDATE_WITHDRAWN_NOTICE,
  DECISION_UNREADABLE_MESSAGE,
  candidaciesWithdrawnSummary,
  candidateAcceptedMessage,
  candidateRejectedMessage,
} from "~/lib/matching/match-copy";
import { MATCH_STATUS_TEXTS, matchStatusText, nextCandidateStatusText } from "~/lib/matching/match-status";
import {
  BusinessDecisionSchema,
  DecideIntentSchema,
  MatchFeedbackPayloadSchema,
  awaitsDecision,
  consultingTypeLabel,
  decisionSucceeded,
  matchViewHref,
  parseConfirm,
  statusBarSteps,
  stepStateLabel,
} from "~/lib/matching/match-view";
import { featureFromSearch } from "~/lib/shared/features";

const positions = (value: string) => statusBarSteps(value).map((step) => `${step.position}:${step.state}`);

describe("matchStatusText: a request's sentence from its row", () => {
  const by = new Date("2026-12-02T15:00:00Z");
  it("is its status's sentence, whatever date an earlier candidate left behind", () => {
    expect(matchStatusText({ status: "submitted", nextCandidateBy: null })).toBe(
      "We are finding the best consultant for your request.",
    );
    expect(matchStatusText({ status: "candidates_proposed", nextCandidateBy: by })).toBe(
      "Your request is being paired with a consultant who fits it.",
    );
    expect(matchStatusText({ status: "awaiting_decision", nextCandidateBy: by })).toBe(
      MATCH_STATUS_TEXTS.awaiting_decision,
    );
    expect(matchStatusText({ status: "completed", nextCandidateBy: null })).toBe(
      "Your engagement is complete. View their findings in your documents.",
    );
  });

  it("back in smart matching after a candidate left: the date of the next candidate", () => {
    expect(matchStatusText({ status: "matching", nextCandidateBy: by })).toBe(
      "We are finding the best consultant for your request. You will see your next candidate by Dec 2, 2026.",
    );
    expect(matchStatusText({ status: "submitted", nextCandidateBy: by })).toBe(nextCandidateStatusText(by));
  });
});

describe("statusBarSteps", () => {
  it("marks the steps before the current one done and the ones after it upcoming", () => {
    expect(positions(MATCH_STATUS_TEXTS.matching)).toEqual([
      "done:complete",
      "current:complete",
      "upcoming:incomplete",
      "upcoming:incomplete",
      "upcoming:incomplete",
    ]);
    expect(positions(MATCH_STATUS_TEXTS.awaiting_decision)).toEqual([
      "done:complete",
      "done:complete",
      "current:review",
      "upcoming:incomplete",
      "upcoming:incomplete",
    ]);
    expect(positions(MATCH_STATUS_TEXTS.consultant_matched)[3]).toBe("current:complete");
    expect(positions(MATCH_STATUS_TEXTS.engagement_active)).toEqual([
      "done:complete",
      "done:complete",
      "done:complete",
      "done:complete",
      "current:review",
    ]);
  });

  it("a finished engagement is Done!, complete: no action is asked of the business (issue #36)", () => {
    expect(positions(MATCH_STATUS_TEXTS.completed)).toEqual([
      "done:complete",
      "done:complete",
      "done:complete",
      "done:complete",
      "current:complete",
    ]);
    const last = statusBarSteps(MATCH_STATUS_TEXTS.completed)[4]!;
    expect(`${last.label}, ${stepStateLabel(last)}`).toBe("Done!, complete");
  });

  it("a sentence without a keyword (cancelled) sits on step one, incomplete", () => {
    expect(positions(MATCH_STATUS_TEXTS.cancelled)[0]).toBe("current:incomplete");
    expect(stepStateLabel(statusBarSteps(MATCH_STATUS_TEXTS.cancelled)[0]!)).toBe("in progress");
  });

  it("the promise of a next candidate is still step two; labels and their spoken state", () => {
    const steps = statusBarSteps(nextCandidateStatusText(new Date("2026-11-25T00:00:00Z")));
    expect(steps.map((step) => step.label)).toEqual([
      "Match Requested",
      "Smart Matching",
      "Review Consultant",
      "Match Complete",
      "Done!",
    ]);
    expect(steps.map(stepStateLabel)).toEqual(["done", "complete", "not started", "not started", "not started"]);
    expect(stepStateLabel(statusBarSteps(MATCH_STATUS_TEXTS.awaiting_decision)[2]!)).toBe("action required");
  });
});

describe("the decision's shapes", () => {
  it("accepts only 'accepted' or 'rejected' with a consultant", () => {
    expect(BusinessDecisionSchema.parse({ consultantId: " c1 ", decision: "accepted" })).toEqual({
      consultantId: "c1",
      decision: "accepted",
    });
    const wrong = BusinessDecisionSchema.safeParse({ consultantId: "c1", decision: "accept" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(DECISION_UNREADABLE_MESSAGE);
    expect(BusinessDecisionSchema.safeParse({ consultantId: "", decision: "rejected" }).success).toBe(false);
    expect(DecideIntentSchema.safeParse({ intent: "decide", consultantId: "c1", decision: "rejected" }).success).toBe(
      false,
    );
  });

  it("feedback needs the match and a whole rating from 1 to 5; the text is optional", () => {
    expect(MatchFeedbackPayloadSchema.parse({ matchId: "m1", clientSatisfaction: 5 })).toEqual({
      matchId: "m1",
      clientSatisfaction: 5,
      clientFeedback: "",
    });
    for (const clientSatisfaction of [0, 6, 3.5]) {
      expect(MatchFeedbackPayloadSchema.safeParse({ matchId: "m1", clientSatisfaction }).success).toBe(false);
    }
    expect(
      MatchFeedbackPayloadSchema.safeParse({ matchId: "m1", clientSatisfaction: 3, clientFeedback: "x".repeat(2001) })
        .success,
    ).toBe(false);
  });

  it("counts a decision as done when the msg says success (both server answers do)", () => {
    expect(decisionSucceeded(candidateAcceptedMessage("Ana Ruiz"))).toBe(true);
    expect(decisionSucceeded(candidateRejectedMessage(new Date()))).toBe(true);
    expect(decisionSucceeded("This candidate is no longer waiting for your decision.")).toBe(false);
  });

  it("only a candidate who accepted and waits for the business can be decided", () => {
    expect(awaitsDecision({ status: "accepted", businessDecisionStatus: "pending" })).toBe(true);
    expect(awaitsDecision({ status: "accepted", businessDecisionStatus: "accepted" })).toBe(false);
  });
});

describe("URL states and labels", () => {
  it("builds the match view's URLs; a confirmation needs a candidate", () => {
    expect(matchViewHref("m 1")).toBe("/features?matchId=m+1");
    expect(matchViewHref("m1", { viewCandidate: "c1" })).toBe("/features?matchId=m1&viewCandidate=c1");
    expect(matchViewHref("m1", { viewCandidate: "c1", confirm: "reject" })).toBe(
      "/features?matchId=m1&viewCandidate=c1&confirm=reject",
    );
    expect(matchViewHref("m1", { confirm: "accept" })).toBe("/features?matchId=m1");
    expect(parseConfirm("accept")).toBe("accept");
    expect(parseConfirm("ACCEPT")).toBeNull();
    expect(parseConfirm(null)).toBeNull();
  });

  it("capitalises the consulting type; none chosen reads as not sure", () => {
    expect(consultingTypeLabel("fractional")).toBe("Fractional");
    expect(consultingTypeLabel(null)).toBe("Not sure yet");
  });
});

describe("featureFromSearch", () => {
  it("a match or engagement id opens its feature (and highlights it in the menu) whatever focus says", () => {
    expect(featureFromSearch(new URLSearchParams("matchId=m1"))).toBe("Matching");
    expect(featureFromSearch(new URLSearchParams("focus=Insights&matchId=m1"))).toBe("Matching");
    expect(featureFromSearch(new URLSearchParams("engagementId=e1&matchId=m1"))).toBe("Engagements");
    expect(featureFromSearch(new URLSearchParams("focus=matching"))).toBe("Matching");
    expect(featureFromSearch(new URLSearchParams(""))).toBe("Insights");
  });
});

describe("the words after a manager withdrew a consultant's open candidacies (issue #36 item 4)", () => {
  it("tells the manager how many matches are back in smart matching and how many go on with other candidates", () => {
    expect(candidaciesWithdrawnSummary(0, 0)).toBe("");
    expect(candidaciesWithdrawnSummary(1, 1)).toBe(
      "Their open candidacy was withdrawn and its match is back in smart matching.",
    );
    expect(candidaciesWithdrawnSummary(1, 0)).toBe(
      "Their open candidacy was withdrawn; its match goes on with its other candidates.",
    );
    expect(candidaciesWithdrawnSummary(3, 3)).toBe(
      "Their 3 open candidacies were withdrawn and their matches are back in smart matching.",
    );
    expect(candidaciesWithdrawnSummary(2, 0)).toBe(
      "Their 2 open candidacies were withdrawn; their matches go on with their other candidates.",
    );
    expect(candidaciesWithdrawnSummary(4, 3)).toBe(
      "Their 4 open candidacies were withdrawn: 3 matches are back in smart matching and 1 goes on with its other candidates.",
    );
    expect(candidaciesWithdrawnSummary(5, 1)).toBe(
      "Their 5 open candidacies were withdrawn: 1 match is back in smart matching and 4 go on with their other candidates.",
    );
  });

  it("promises the business a next candidate only when its request is looking again", () => {
    const { businessBody } = CANDIDATE_WITHDRAWN_NOTICE;
    expect(businessBody("Cora Lane", "Finance", true, true, true)).toBe(
      "Cora Lane is no longer available through Partwise, so we withdrew them as your consultant on your Finance match request. Their engagement plan, not signed yet, was withdrawn with them. We are finding your next candidate.",
    );
    expect(businessBody("Cora Lane", null, false, false, false)).toBe(
      "Cora Lane is no longer available through Partwise, so we withdrew them from your match request. The request goes on with its other candidates.",
    );
  });
});
