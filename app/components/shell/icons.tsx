/**
 * Small line icons for the toolbar, the top bar and the consoles' navigation. Decorative: always
 * aria-hidden, next to a visible label. Each is one empty element drawn in the current text colour
 * through a mask of its outline: the outlines (24-unit view box, 1.8 stroke, round caps and joins)
 * live in app/styles/app.css as `.icon-{name}`, so a page renders a bare <span> per icon instead of
 * an SVG and its path with a dozen attributes (docs/decisions/042-request-cost.md, fifth round).
 * tests/unit/platform/icons.test.ts checks every name has its outline.
 */
export const ICON_NAMES = [
  "dashboard",
  "insights",
  "matching",
  "engagements",
  "people",
  "documents",
  "payouts",
  "benchmarking",
  "learning",
  "events",
  "support",
  "settings",
  "logout",
  "bell",
  "messages",
  "menu",
  "close",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** 20 px, or 22 px (`large`) for the top bar's buttons. */
export function Icon({ name, large = false }: { name: IconName; large?: boolean }) {
  return <span className={large ? `icon icon-lg icon-${name}` : `icon icon-${name}`} aria-hidden="true" />;
}
