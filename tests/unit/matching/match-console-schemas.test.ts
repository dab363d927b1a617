import { describe, expect, it } from "vitest";
import {
  candidateProposedBody,
  engagementTypeLabel,
  MatchConsoleActionSchema,
  matchAreaLabel,
  matchQueueEmpty,
  matchQueueFilterFrom,
  matchQueuePath,
} from "~/lib/matching/match-console-schemas";

describe("the match console's queue filters", () => {
  it("reads ?show= and ?mine=1, anything else being the whole To do queue", () => {
    expect(matchQueueFilterFrom(new URLSearchParams(""))).toEqual({ show: "todo", mine: false });
    expect(matchQueueFilterFrom(new URLSearchParams("show=waiting&mine=1"))).toEqual({ show: "waiting", mine: true });
    expect(matchQueueFilterFrom(new URLSearchParams("show=all&mine=yes"))).toEqual({ show: "all", mine: false });
    expect(matchQueueFilterFrom(new URLSearchParams("show=toString"))).toEqual({ show: "todo", mine: false });
  });

  it("writes the queue's address without the default parts", () => {
    expect(matchQueuePath({ show: "todo", mine: false })).toBe("/manage/matches");
    expect(matchQueuePath({ show: "todo", mine: true })).toBe("/manage/matches?mine=1");
    expect(matchQueuePath({ show: "all", mine: true })).toBe("/manage/matches?show=all&mine=1");
  });

  it("says which queue is empty", () => {
    expect(matchQueueEmpty({ show: "todo", mine: false })).toBe("No match requests are waiting for a proposal.");
    expect(matchQueueEmpty({ show: "all", mine: true })).toBe("No open match requests assigned to you.");
  });
});

describe("the match console's texts", () => {
  it("names the area and the engagement type, also when the client was not sure", () => {
    expect(candidateProposedBody("hr", "coaching")).toBe(
      "You have been proposed for a coaching engagement in HR. Review the request and accept or decline the candidacy.",
    );
    expect(candidateProposedBody("unknown", null)).toBe(
      "You have been proposed for an engagement whose business area is still open. Review the request and accept or decline the candidacy.",
    );
    expect(matchAreaLabel("unknown")).toBe("Not sure yet");
    expect(engagementTypeLabel(null)).toBe("Not sure yet");
    expect(engagementTypeLabel("project")).toBe("Project");
  });
});

describe("the request page's forms", () => {
  it("accepts the four intents, a shortlist move only with its entry", () => {
    expect(MatchConsoleActionSchema.parse({ intent: "assign" })).toEqual({ intent: "assign" });
    expect(MatchConsoleActionSchema.parse({ intent: "propose", suggestionId: " s-1 " })).toEqual({
      intent: "propose",
      suggestionId: "s-1",
    });
    for (const body of [{}, { intent: "delete" }, { intent: "skip" }, { intent: "propose", suggestionId: "  " }]) {
      expect(MatchConsoleActionSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
