import { describe, expect, it } from "vitest";
import {
  draftHasAnswers,
  filesToAddAgainMessage,
  makeWizardDraft,
  parseWizardDraft,
  wizardDraftKey,
} from "~/lib/insights/insight-wizard-draft";

const file = { fileName: "0b7f7c1e-4f7a-4c55-9d43-3b7a2f0e9a11.pdf", originalName: "plan.pdf", size: 1200 };

describe("the create-insight draft", () => {
  it("round-trips the known answers, the page, the request id and the files", () => {
    const draft = makeWizardDraft({
      requestId: "req-1",
      page: 2,
      values: {
        category: "OPERATIONS",
        businessNature: "Boats",
        files: ["x"],
        intent: "continue",
        numEmployees: "25-50",
      },
      files: [{ ...file, extra: true } as typeof file],
    });
    expect(draft).toEqual({
      version: 1,
      requestId: "req-1",
      page: 2,
      values: { category: "OPERATIONS", businessNature: "Boats", numEmployees: "25-50" },
      files: [file],
    });
    expect(parseWizardDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it("reads anything malformed as no draft", () => {
    for (const stored of [
      null,
      "",
      "{",
      "[]",
      JSON.stringify({ version: 2 }),
      JSON.stringify({ version: 1, requestId: "r", page: 4, values: {}, files: [] }),
    ]) {
      expect(parseWizardDraft(stored)).toBeNull();
    }
    expect(
      parseWizardDraft(JSON.stringify({ version: 1, requestId: "r", page: 1, values: { category: 5 }, files: [] })),
    ).toBeNull();
  });

  it("keeps page 4 out of the draft: a finished request is not a draft", () => {
    expect(makeWizardDraft({ requestId: "r", page: 4, values: {}, files: [] }).page).toBe(1);
  });

  it("has answers only once the person wrote, chose or attached something", () => {
    const prefilled = makeWizardDraft({
      requestId: "r",
      page: 1,
      values: { annualSales: "5-10 Million", numEmployees: "25-50" },
      files: [],
    });
    expect(draftHasAnswers(prefilled)).toBe(false);
    expect(draftHasAnswers({ ...prefilled, values: { ...prefilled.values, issueDetails: " late " } })).toBe(true);
    expect(draftHasAnswers({ ...prefilled, page: 2 })).toBe(true);
    expect(draftHasAnswers({ ...prefilled, files: [file] })).toBe(true);
  });

  it("is kept per user and business, and names the files to add again", () => {
    expect(wizardDraftKey("u1:b1")).toBe("partwise:create-insight-draft:u1:b1");
    expect(wizardDraftKey("u1:b1")).not.toBe(wizardDraftKey("u1:b2"));
    expect(filesToAddAgainMessage(["a.pdf"])).toBe("Your draft was restored, but this file needs adding again: a.pdf.");
    expect(filesToAddAgainMessage(["a.pdf", "b.csv"])).toBe(
      "Your draft was restored, but these files need adding again: a.pdf, b.csv.",
    );
  });
});
