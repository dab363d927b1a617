import { describe, expect, it } from "vitest";
import { isCollapsedNav, isCompact, layoutClass } from "~/lib/shared/layout";

describe("layoutClass", () => {
  it.each([
    [0, "TINY"],
    [375, "TINY"],
    [720, "TINY"],
    [721, "SMALL"],
    [1024, "SMALL"],
    [1025, "MEDIUM"],
    [1350, "MEDIUM"],
    [1400, "MEDIUM"],
    [1401, "LARGE"],
    [1498, "LARGE"],
    [1499, "EXTRA_LARGE"],
    [1920, "EXTRA_LARGE"],
  ] as const)("classifies a %ipx wide window as %s", (width, expected) => {
    expect(layoutClass(width)).toBe(expected);
  });

  it("collapses the toolbar on TINY and SMALL only", () => {
    expect(isCollapsedNav(layoutClass(720))).toBe(true);
    expect(isCollapsedNav(layoutClass(1024))).toBe(true);
    expect(isCollapsedNav(layoutClass(1025))).toBe(false);
    expect(isCollapsedNav(layoutClass(1499))).toBe(false);
  });
});

describe("isCompact", () => {
  it("stays in the full layout up to 30px of scrolling", () => {
    expect(isCompact(0)).toBe(false);
    expect(isCompact(30)).toBe(false);
  });

  it("switches to the compact layout beyond 30px", () => {
    expect(isCompact(31)).toBe(true);
    expect(isCompact(500)).toBe(true);
  });
});
