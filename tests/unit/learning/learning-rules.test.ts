import { describe, expect, it } from "vitest";
import {
  accessOf,
  canOpen,
  defaultTiers,
  isNewSince,
  nextVisit,
  plansText,
  tiersFor,
  videoView,
  VISIT_GAP_MS,
} from "~/lib/learning/learning-rules";
import { learningCardView, learningFilter } from "~/lib/learning/learning-views";

describe("plan gates", () => {
  it("follows the plan page's perks: templates STARTER and SCALE, articles and videos SCALE", () => {
    expect(defaultTiers("template")).toEqual(["STANDARD", "PREMIUM"]);
    expect(defaultTiers("article")).toEqual(["PREMIUM"]);
    expect(defaultTiers("video")).toEqual(["PREMIUM"]);
    expect(tiersFor("article", "all")).toEqual(["BASIC", "STANDARD", "PREMIUM"]);
    expect(accessOf("article", ["BASIC", "STANDARD", "PREMIUM"])).toBe("all");
    expect(accessOf("article", ["PREMIUM"])).toBe("perk");
    expect(canOpen(["STANDARD", "PREMIUM"], "BASIC")).toBe(false);
    expect(canOpen(["STANDARD", "PREMIUM"], "STANDARD")).toBe(true);
    expect(plansText(["PREMIUM", "STANDARD"])).toBe("STARTER and SCALE");
    expect(plansText(["PREMIUM"])).toBe("SCALE");
  });

  it("a locked card says which plans include it", () => {
    const row = {
      id: "a",
      kind: "template" as const,
      title: "Annual Budgeting",
      summary: "",
      area: "finance",
      allowedTiers: ["STANDARD", "PREMIUM"],
      publishedAt: new Date("2026-11-03T10:00:00Z"),
    };
    const basic = learningCardView(row, { tier: "BASIC", done: new Set(), since: null });
    expect(basic).toMatchObject({ locked: true, lockedText: "Included in the STARTER and SCALE plans.", isNew: false });
    expect(basic.published).toBe("Nov 3, 2026");
    const starter = learningCardView(row, { tier: "STANDARD", done: new Set(["a"]), since: "2026-11-04T00:00:00Z" });
    expect(starter).toMatchObject({ locked: false, lockedText: null, isNew: false, done: true, areaLabel: "Finance" });
  });
});

describe("New since the last visit", () => {
  const t0 = new Date("2026-11-01T10:00:00Z");
  it("marks items published after the previous visit; nothing on a first visit", () => {
    expect(isNewSince(new Date("2026-11-02T00:00:00Z"), t0)).toBe(true);
    expect(isNewSince(new Date("2026-10-30T00:00:00Z"), t0)).toBe(false);
    expect(isNewSince(t0, t0)).toBe(false);
    expect(isNewSince(t0, null)).toBe(false);
    expect(isNewSince(null, null)).toBe(false);
  });

  it("keeps the baseline within one visit and moves it on a later visit", () => {
    expect(nextVisit(null, t0)).toEqual({ seenAt: t0, previousSeenAt: null });
    const soon = new Date(t0.getTime() + VISIT_GAP_MS - 1);
    expect(nextVisit({ seenAt: t0, previousSeenAt: null }, soon)).toEqual({ seenAt: soon, previousSeenAt: null });
    const later = new Date(t0.getTime() + VISIT_GAP_MS + 1);
    expect(nextVisit({ seenAt: t0, previousSeenAt: null }, later)).toEqual({ seenAt: later, previousSeenAt: t0 });
  });
});

describe("videos", () => {
  it("embeds YouTube and Vimeo from the id alone; links anything else on https", () => {
    const yt = { kind: "embed", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" };
    expect(videoView("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10")).toEqual(yt);
    expect(videoView("https://youtu.be/dQw4w9WgXcQ")).toEqual(yt);
    expect(videoView("https://www.youtube.com/embed/dQw4w9WgXcQ")).toEqual(yt);
    expect(videoView("https://vimeo.com/76979871")).toEqual({
      kind: "embed",
      src: "https://player.vimeo.com/video/76979871",
    });
    expect(videoView('https://www.youtube.com/watch?v=bad"onload')).toEqual({
      kind: "link",
      href: "https://www.youtube.com/watch?v=bad%22onload",
    });
    expect(videoView("https://videos.example.test/talk")).toEqual({
      kind: "link",
      href: "https://videos.example.test/talk",
    });
    expect(videoView("http://youtube.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(videoView("javascript:alert(1)")).toBeNull();
    expect(videoView(null)).toBeNull();
  });
});

describe("the list filter", () => {
  it("keeps known values only", () => {
    const areas = ["finance", "hr"];
    const kinds = ["article", "video"];
    expect(learningFilter(new URLSearchParams("area=finance&kind=video"), areas, kinds)).toEqual({
      area: "finance",
      kind: "video",
    });
    expect(learningFilter(new URLSearchParams("area=<x>&kind="), areas, kinds)).toEqual({ area: null, kind: null });
  });
});
