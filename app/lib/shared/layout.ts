/**
 * Layout classes of spec §2/§9. Pure, so the boundaries are unit-tested and the same rules can be
 * used on the server (never, today) and in the browser.
 */
export type LayoutClass = "TINY" | "SMALL" | "MEDIUM" | "LARGE" | "EXTRA_LARGE";

/** Upper bounds (inclusive) of each class, in CSS pixels. */
export const LAYOUT_BOUNDS = {
  TINY: 720,
  SMALL: 1024,
  MEDIUM: 1400,
  LARGE: 1498,
} as const;

/** Width at which the dashboard puts its main and secondary panels side by side (spec §9). */
export const DASHBOARD_WIDE_BREAKPOINT = 1350;

/** Content scrolled further than this (pixels) switches the top bar to its compact form. */
export const COMPACT_SCROLL_THRESHOLD = 30;

export function layoutClass(width: number): LayoutClass {
  if (width <= LAYOUT_BOUNDS.TINY) return "TINY";
  if (width <= LAYOUT_BOUNDS.SMALL) return "SMALL";
  if (width <= LAYOUT_BOUNDS.MEDIUM) return "MEDIUM";
  if (width <= LAYOUT_BOUNDS.LARGE) return "LARGE";
  return "EXTRA_LARGE";
}

/** SMALL and TINY put the main toolbar behind a hamburger menu. */
export function isCollapsedNav(layout: LayoutClass): boolean {
  return layout === "TINY" || layout === "SMALL";
}

export function isCompact(scrollTop: number): boolean {
  return scrollTop > COMPACT_SCROLL_THRESHOLD;
}
