import { describe, expect, it } from "vitest";
import { wizardDraftCodec } from "~/lib/shared/wizard-draft";

const codec = wizardDraftCodec({
  name: "example-wizard",
  fields: ["topic", "size"],
  draftPage: (page) => (page >= 3 ? 3 : page === 2 ? 2 : 1),
  prefilled: ["size"],
});

describe("the shared wizard draft codec", () => {
  it("keys the draft by the wizard's name and the scope", () => {
    expect(codec.key("user-1:biz-2")).toBe("partwise:example-wizard-draft:user-1:biz-2");
  });

  it("keeps only the wizard's own answers as strings, and the page its rule gives", () => {
    const draft = codec.make({
      requestId: "req-1",
      page: 4,
      values: { topic: "Cash", size: 12, other: "dropped" },
      files: [],
    });
    expect(draft).toEqual({ version: 1, requestId: "req-1", page: 3, values: { topic: "Cash" }, files: [] });
    expect(codec.parse(JSON.stringify(draft))).toEqual(draft);
  });

  it("reads an answer the wizard does not know, a bad page or broken JSON as no draft", () => {
    const good = { version: 1, requestId: "r", page: 1, values: {}, files: [] };
    expect(codec.parse(JSON.stringify({ ...good, values: { other: "x" } }))).toBeNull();
    expect(codec.parse(JSON.stringify({ ...good, page: 4 }))).toBeNull();
    expect(codec.parse("{not json")).toBeNull();
    expect(codec.parse(null)).toBeNull();
  });

  it("does not count prefilled answers alone as worth restoring", () => {
    const base = { version: 1 as const, requestId: "r", page: 1 as const, files: [] };
    expect(codec.hasAnswers({ ...base, values: { size: "10-25" } })).toBe(false);
    expect(codec.hasAnswers({ ...base, values: { topic: "  " } })).toBe(false);
    expect(codec.hasAnswers({ ...base, values: { topic: "Cash" } })).toBe(true);
    expect(codec.hasAnswers({ ...base, page: 2, values: {} })).toBe(true);
  });
});
