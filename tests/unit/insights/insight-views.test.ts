import { describe, expect, it } from "vitest";
import {
  CAROUSEL_SCROLL_STEP,
  carouselPage,
  carouselPageOffset,
  carouselTiles,
  initialCarouselCategory,
  insightDiscoveryHref,
  parseInsightType,
  recommendationLines,
} from "~/lib/insights/insight-views";

describe("insight view helpers", () => {
  it("links delivered tiles to /insight-discovery and reads the type in any case", () => {
    expect(insightDiscoveryHref("REPORT", "a b")).toBe("/insight-discovery?type=REPORT&id=a%20b");
    expect(insightDiscoveryHref("VALUE", "vi-1")).toBe("/insight-discovery?type=VALUE&id=vi-1");
    expect(parseInsightType("value")).toBe("VALUE");
    expect(parseInsightType(" Report ")).toBe("REPORT");
    expect(parseInsightType("other")).toBeNull();
    expect(parseInsightType(null)).toBeNull();
  });

  it("splits recommendations one per line, dropping blanks and bullet marks", () => {
    expect(recommendationLines("Reorder weekly.\n- Track cover.\r\n\n  2. Review suppliers.\n• Count stock")).toEqual([
      "Reorder weekly.",
      "Track cover.",
      "Review suppliers.",
      "Count stock",
    ]);
    expect(recommendationLines("")).toEqual([]);
  });

  it("sorts a category's tiles newest first: Delivered are delivered, Pending the rest", () => {
    const tiles = [
      { id: "a", createdAt: "2026-01-01T00:00:00Z", delivered: true },
      { id: "b", createdAt: "2026-03-01T00:00:00Z", delivered: false },
      { id: "c", createdAt: "2026-02-01T00:00:00Z", delivered: true },
    ];
    expect(carouselTiles(tiles, "Delivered").map((t) => t.id)).toEqual(["c", "a"]);
    expect(carouselTiles(tiles, "Pending").map((t) => t.id)).toEqual(["b"]);
    expect(initialCarouselCategory(tiles)).toBe("Delivered");
    expect(initialCarouselCategory([tiles[1]])).toBe("Pending");
    expect(initialCarouselCategory([])).toBe("Delivered");
  });

  it("maps scroll positions to three page dots and dots back to positions", () => {
    expect(CAROUSEL_SCROLL_STEP).toBe(840);
    expect(carouselPage(0, 1000)).toBe(0);
    expect(carouselPage(500, 1000)).toBe(1);
    expect(carouselPage(1000, 1000)).toBe(2);
    expect(carouselPage(240, 1000)).toBe(0);
    expect(carouselPage(760, 1000)).toBe(2);
    expect(carouselPage(50, 0)).toBe(0);
    expect([0, 1, 2].map((page) => carouselPageOffset(page, 1000))).toEqual([0, 500, 1000]);
    expect(carouselPageOffset(5, 1000)).toBe(1000);
    expect(carouselPageOffset(1, 0)).toBe(0);
  });
});
