import { describe, expect, it } from "vitest";
import {
  currentLabelIndex,
  matchStepImageFor,
  pageForErrors,
  parseMatchPage,
  previousPage,
  schemaFor,
} from "~/components/matching/create-match/wizard-data";
import {
  AreaPageSchema,
  areaLabel,
  EngagementPageSchema,
  engagementChoiceLabel,
  MatchRequestPayloadSchema,
  matchCreationSucceeded,
  MatchWizardFormSchema,
  SummaryPageSchema,
  wizardInput,
} from "~/lib/matching/match-schemas";
import {
  MATCH_REQUEST_CREATED_MESSAGE,
  MATCH_REQUEST_SENT_MESSAGE,
  MATCH_SUBMIT_UNAVAILABLE_MESSAGE,
} from "~/lib/matching/match-copy";
import { makeMatchDraft, matchDraftHasAnswers, parseMatchDraft } from "~/lib/matching/match-wizard-draft";
import { CONGRATULATIONS } from "~/lib/payments/payment-copy";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe("matchCreationSucceeded (spec §4: success only if the msg contains 'have been matched')", () => {
  it("accepts the server's creation message and nothing else", () => {
    expect(matchCreationSucceeded(MATCH_REQUEST_CREATED_MESSAGE)).toBe(true);
    expect(matchCreationSucceeded("You have been matched.")).toBe(true);
    expect(matchCreationSucceeded(MATCH_REQUEST_SENT_MESSAGE)).toBe(false);
    expect(matchCreationSucceeded(MATCH_SUBMIT_UNAVAILABLE_MESSAGE)).toBe(false);
    expect(matchCreationSucceeded("Have Been Matched")).toBe(false);
    expect(matchCreationSucceeded(undefined)).toBe(false);
    expect(matchCreationSucceeded(null)).toBe(false);
    expect(matchCreationSucceeded({ msg: "have been matched" })).toBe(false);
  });
});

describe("the wizard's pages", () => {
  it("page 1 needs one of the nine areas: none, the sentinel 86 or junk say 'Select a business area'", () => {
    for (const area of [undefined, "", "86", "unknown", "plumbing"]) {
      expect(firstMessage(AreaPageSchema.safeParse({ area }))).toBe("Select a business area");
    }
    expect(AreaPageSchema.parse({ area: " Finance " })).toEqual({ area: "finance" });
    expect(AreaPageSchema.parse({ area: "hr" })).toEqual({ area: "hr" });
  });

  it("page 2 Continue needs a type: 'Please choose an engagement type'", () => {
    for (const engagementType of [undefined, "", "not_sure", "consulting"]) {
      expect(firstMessage(EngagementPageSchema.safeParse({ engagementType }))).toBe("Please choose an engagement type");
    }
    expect(EngagementPageSchema.parse({ engagementType: "Coaching" })).toEqual({ engagementType: "coaching" });
  });

  it("page 3 requires issueCause and both dropdowns confirmed; I'm not sure is a valid type", () => {
    const errors = SummaryPageSchema.safeParse({ issueCause: "  ", category: "", consultingType: "" });
    expect(errors.success).toBe(false);
    const byField = Object.fromEntries(errors.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(byField).toEqual({
      issueCause: "Tell us what you need help with.",
      category: "Please confirm your business area.",
      consultingType: "Please confirm your engagement type.",
    });
    expect(
      firstMessage(
        SummaryPageSchema.safeParse({ issueCause: "x".repeat(4001), category: "hr", consultingType: "project" }),
      ),
    ).toBe("Keep this to 4,000 characters or fewer.");
    expect(
      SummaryPageSchema.parse({
        issueCause: " Cash is tight ",
        category: "finance",
        consultingType: "not_sure",
        files: "a.pdf",
      }),
    ).toEqual({ issueCause: "Cash is tight", category: "finance", consultingType: "not_sure", files: ["a.pdf"] });
  });

  it("the final post becomes the API's input: I'm not sure is an unset type, issueCause the problem statement", () => {
    const requestId = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const form = MatchWizardFormSchema.parse({
      issueCause: "Hiring is slow",
      category: "hr",
      consultingType: "not_sure",
      files: ["b.pdf", "b.pdf"],
      requestId,
    });
    expect(wizardInput(form)).toEqual({
      category: "hr",
      consultingType: null,
      problemStatement: "Hiring is slow",
      files: ["b.pdf"],
      requestId,
    });
    expect(wizardInput({ ...form, consultingType: "fractional" }).consultingType).toBe("fractional");
    expect(MatchWizardFormSchema.safeParse({ ...form, requestId: "nope" }).success).toBe(false);
  });

  it("each button validates what it needs: Back and I'm not sure nothing", () => {
    expect(schemaFor(1, "continue")).toBe(AreaPageSchema);
    expect(schemaFor(2, "continue")).toBe(EngagementPageSchema);
    expect(schemaFor(3, "review")).toBe(SummaryPageSchema);
    expect(schemaFor(4, "create")).toBe(MatchWizardFormSchema);
    expect(schemaFor(2, "notsure").safeParse({}).success).toBe(true);
    expect(schemaFor(3, "back").safeParse({}).success).toBe(true);
    expect(schemaFor(2, null)).toBe(EngagementPageSchema);
  });

  it("page numbers: posted values, Back one page down, errors on the summary", () => {
    expect(["1", "2", "3", "4", "5", "x", null].map(parseMatchPage)).toEqual([1, 2, 3, 4, 1, 1, 1]);
    expect([1, 2, 3, 4].map((page) => previousPage(page as 1 | 2 | 3 | 4))).toEqual([1, 1, 2, 3]);
    expect(pageForErrors(["issueCause"])).toBe(3);
    expect(pageForErrors(["files"])).toBe(3);
    expect(pageForErrors([])).toBe(4);
  });

  it("the step bar: page 1 step 1, a page after 1 step 3, after 2 complete (spec §2); labels follow the page", () => {
    expect([1, 2, 3, 4, 5].map((page) => matchStepImageFor(page as 1 | 2 | 3 | 4 | 5))).toEqual([
      "step1",
      "step3",
      "complete",
      "complete",
      "complete",
    ]);
    expect([1, 2, 3, 4, 5].map((page) => currentLabelIndex(page as 1 | 2 | 3 | 4 | 5))).toEqual([0, 1, 2, null, null]);
  });

  it("labels of the summary", () => {
    expect(areaLabel("hr")).toBe("HR");
    expect(areaLabel("unknown")).toBe("Unknown");
    expect(engagementChoiceLabel("not_sure")).toBe("I'm not sure");
    expect(engagementChoiceLabel("")).toBe("I'm not sure");
    expect(engagementChoiceLabel("project")).toBe("Project");
  });

  it("the MATCHING congratulations card (spec: Next, no payment)", () => {
    expect(CONGRATULATIONS.MATCHING).toEqual({
      message: "Sending your Engagement request out to our top 1% of consultants.",
      button: "Next",
      to: "/features?focus=Matching",
    });
  });
});

describe("POST /api/matching/matchRequest/create payload", () => {
  const base = {
    businessId: "b1",
    category: "Finance",
    consultingType: "Coaching",
    problemStatement: " Cash ",
    files: [],
  };

  it("lowercases the area and the type, '' is an unset type, 'unknown' a valid area", () => {
    expect(MatchRequestPayloadSchema.parse(base)).toEqual({
      businessId: "b1",
      category: "finance",
      consultingType: "coaching",
      problemStatement: "Cash",
      files: [],
      requestId: undefined,
    });
    expect(MatchRequestPayloadSchema.parse({ ...base, category: "unknown", consultingType: "" })).toMatchObject({
      category: "unknown",
      consultingType: null,
    });
    expect(MatchRequestPayloadSchema.parse({ ...base, files: undefined }).files).toEqual([]);
  });

  it("refuses with the field's message", () => {
    expect(firstMessage(MatchRequestPayloadSchema.safeParse({ ...base, problemStatement: "" }))).toBe(
      "Tell us what you need help with.",
    );
    expect(firstMessage(MatchRequestPayloadSchema.safeParse({ ...base, category: "86" }))).toBe(
      "category must be one of: strategy, leadership, management, finance, operations, hr, sales, marketing, technology, unknown.",
    );
    expect(firstMessage(MatchRequestPayloadSchema.safeParse({ ...base, consultingType: "not_sure" }))).toBe(
      "consultingType must be one of: fractional, coaching, project, or '' when unsure.",
    );
    expect(firstMessage(MatchRequestPayloadSchema.safeParse({ ...base, files: "a.pdf" }))).toBe(
      "files must be a list of stored file names.",
    );
    expect(firstMessage(MatchRequestPayloadSchema.safeParse({ ...base, files: Array(11).fill("a.pdf") }))).toBe(
      "Attach at most 10 files.",
    );
    expect(firstMessage(MatchRequestPayloadSchema.safeParse({ ...base, businessId: undefined }))).toBe(
      "businessId is required.",
    );
  });
});

describe("the wizard's draft", () => {
  it("keeps the known answers and files, page 4 as 3, and reads anything malformed as no draft", () => {
    const draft = makeMatchDraft({
      requestId: "r1",
      page: 4,
      values: { area: "hr", issueCause: "Hiring", other: "x", files: ["a"] },
      files: [{ fileName: "a.pdf", originalName: "A.pdf", size: 3 }],
    });
    expect(draft).toEqual({
      version: 1,
      requestId: "r1",
      page: 3,
      values: { area: "hr", issueCause: "Hiring" },
      files: [{ fileName: "a.pdf", originalName: "A.pdf", size: 3 }],
    });
    expect(parseMatchDraft(JSON.stringify(draft))).toEqual(draft);
    expect(matchDraftHasAnswers(draft)).toBe(true);
    expect(matchDraftHasAnswers(makeMatchDraft({ requestId: "r", page: 1, values: { area: " " }, files: [] }))).toBe(
      false,
    );
    for (const junk of [
      null,
      "",
      "{",
      JSON.stringify({ ...draft, version: 2 }),
      JSON.stringify({ ...draft, page: 9 }),
    ]) {
      expect(parseMatchDraft(junk)).toBeNull();
    }
  });
});
