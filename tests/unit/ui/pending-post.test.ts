import { describe, expect, it } from "vitest";
import { fieldOf, intentOf, postMatches, postUnderWay } from "~/components/ui/pending-post";
import { form } from "../../support/form";

describe("the post under way", () => {
  const data = form({ intent: "prepay", itemId: "item-1" });

  const action = "/features";

  it("is the form data while a post is sent and while the page it leads to loads", () => {
    expect(postUnderWay({ state: "submitting", formMethod: "POST", formAction: action, formData: data })).toBe(data);
    expect(postUnderWay({ state: "loading", formMethod: "POST", formAction: action, formData: data })).toBe(data);
    expect(postUnderWay({ state: "submitting", formMethod: "DELETE", formAction: action, formData: data })).toBe(data);
  });

  it("is none when the page is idle, for a link's navigation and for a GET form", () => {
    const none = { formMethod: undefined, formAction: undefined, formData: undefined };
    expect(postUnderWay({ state: "idle", ...none })).toBeNull();
    expect(postUnderWay({ state: "loading", ...none })).toBeNull();
    expect(
      postUnderWay({ state: "loading", formMethod: "GET", formAction: action, formData: form({ q: "tax" }) }),
    ).toBeNull();
  });

  it("given an address, counts only a post to it", () => {
    const posting = { state: "submitting", formMethod: "POST", formAction: "/benchmarking", formData: data } as const;
    expect(postUnderWay(posting, "/benchmarking")).toBe(data);
    expect(postUnderWay(posting, "/dashboard")).toBeNull();
  });
});

describe("which post it is", () => {
  const data = form({ intent: "pay", insightId: "ins-2" });

  it("matches a string against the post's intent", () => {
    expect(postMatches(data, "pay")).toBe(true);
    expect(postMatches(data, "publish")).toBe(false);
  });

  it("matches every named field, so one tile's button is not pending for another's post", () => {
    expect(postMatches(data, { intent: "pay", insightId: "ins-2" })).toBe(true);
    expect(postMatches(data, { intent: "pay", insightId: "ins-3" })).toBe(false);
    expect(postMatches(data, { fileId: "ins-2" })).toBe(false);
  });

  it("matches nothing when no post is under way", () => {
    expect(postMatches(null, "pay")).toBe(false);
    expect(postMatches(null, {})).toBe(false);
  });

  it("reads the intent, or none when the post names none", () => {
    expect(intentOf(data)).toBe("pay");
    expect(intentOf(form({ itemId: "item-1" }))).toBeNull();
    expect(intentOf(null)).toBeNull();
    expect(fieldOf(data, "insightId")).toBe("ins-2");
    expect(fieldOf(data, "fileId")).toBeNull();
  });
});
