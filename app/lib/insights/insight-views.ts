/**
 * Pure helpers of the client's insight views (spec §2 carousel and /insight-discovery, §4
 * Insight, §9 carousel constants). Shared by server and browser. Their dates go through
 * formatDate (app/lib/shared/dates.ts) like every other date.
 */

/** spec §9: the carousel's arrows scroll by exactly 840 px; three page dots. */
export const CAROUSEL_SCROLL_STEP = 840;
export const CAROUSEL_PAGES = 3;

/** The carousel's categories: Delivered = ready reports and value insights; Pending = every other request. */
export const INSIGHT_CAROUSEL_CATEGORIES = ["Delivered", "Pending"] as const;
export type InsightCarouselCategory = (typeof INSIGHT_CAROUSEL_CATEGORIES)[number];

export const NO_MATCHES_MESSAGE = "There are no matches at this time.";
export const NO_NOTIFICATIONS_MESSAGE = "You have no notifications.";
export const NO_INSIGHTS_LIST_MESSAGE = "You have no insights yet.";
export const MATCH_LINK_TEXT = "View your match requests";

/** Where a delivered tile opens: /insight-discovery with the insight's type and id. */
export function insightDiscoveryHref(type: "REPORT" | "VALUE", id: string): string {
  return `/insight-discovery?type=${type}&id=${encodeURIComponent(id)}`;
}

/** ?type= of /insight-discovery: REPORT or VALUE in any case; anything else is null. */
export function parseInsightType(value: string | null | undefined): "REPORT" | "VALUE" | null {
  const type = (value ?? "").trim().toUpperCase();
  return type === "REPORT" || type === "VALUE" ? type : null;
}

/** Recommendations are stored one per line; blank lines and leading bullet marks are dropped. */
export function recommendationLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim())
    .filter((line) => line.length > 0);
}

type Dated = { createdAt: string; delivered: boolean };

/** The tiles of a carousel category, newest first. */
export function carouselTiles<T extends Dated>(tiles: readonly T[], category: InsightCarouselCategory): T[] {
  const wanted = category === "Delivered";
  return tiles
    .filter((tile) => tile.delivered === wanted)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** The category shown first: Delivered when it has tiles, else Pending when that has tiles, else Delivered. */
export function initialCarouselCategory(tiles: readonly Dated[]): InsightCarouselCategory {
  if (tiles.some((tile) => tile.delivered)) return "Delivered";
  if (tiles.some((tile) => !tile.delivered)) return "Pending";
  return "Delivered";
}

/** Which of the three page dots is current for a scroll position (0 when nothing scrolls). */
export function carouselPage(scrollLeft: number, maxScroll: number, pages: number = CAROUSEL_PAGES): number {
  if (maxScroll <= 0) return 0;
  const fraction = Math.min(Math.max(scrollLeft / maxScroll, 0), 1);
  return Math.min(pages - 1, Math.round(fraction * (pages - 1)));
}

/** Where a page dot scrolls to: its share of the scrollable width (first 0, last the end). */
export function carouselPageOffset(page: number, maxScroll: number, pages: number = CAROUSEL_PAGES): number {
  if (maxScroll <= 0 || pages <= 1) return 0;
  const clamped = Math.min(Math.max(page, 0), pages - 1);
  return Math.round((maxScroll * clamped) / (pages - 1));
}
