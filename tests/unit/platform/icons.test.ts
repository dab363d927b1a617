import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICON_NAMES, Icon } from "~/components/shell/icons";

// The shell's icons are empty elements painted through a CSS mask of their outline
// (app/components/shell/icons.tsx): an icon whose outline is missing from the stylesheet would be
// an invisible square, so every name must have exactly one outline, and the stylesheet no outline
// for a name the component does not know.
const css = readFileSync(path.join(__dirname, "../../../app/styles/app.css"), "utf8");
const OUTLINE = /^\.icon-([a-z]+) \{\n {2}--icon: url\("data:image\/svg\+xml,([^"]+)"\);\n\}$/gm;
const outlines = new Map<string, string>();
for (const [, name, data] of css.matchAll(OUTLINE)) {
  expect(outlines.has(name), `.icon-${name} is defined twice`).toBe(false);
  outlines.set(name, decodeURIComponent(data));
}

describe("shell icons", () => {
  it.each(ICON_NAMES)("%s has an outline in app.css: one stroked path on the 24-unit view box", (name) => {
    const svg = outlines.get(name);
    expect(svg).toBeDefined();
    expect(svg).toMatch(
      /^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24' fill='none' stroke='#000' stroke-width='1\.8' stroke-linecap='round' stroke-linejoin='round'><path d='[MmLlHhVvCcSsQqTtAaZz0-9 .,-]+'\/><\/svg>$/,
    );
  });

  it("app.css has no outline for a name the component does not know", () => {
    expect([...outlines.keys()].sort()).toEqual([...ICON_NAMES].sort());
  });

  it("renders one hidden element with the icon's classes, 22 px ones with icon-lg", () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: "bell" }))).toBe(
      '<span class="icon icon-bell" aria-hidden="true"></span>',
    );
    expect(renderToStaticMarkup(createElement(Icon, { name: "menu", large: true }))).toBe(
      '<span class="icon icon-lg icon-menu" aria-hidden="true"></span>',
    );
  });

  it("paints in the text colour through the outline's mask, also with forced colours", () => {
    const rule = (selector: string) => css.slice(css.indexOf(`\n${selector} {`)).split("\n}")[0];
    expect(rule(".icon")).toContain("background-color: currentColor;");
    expect(rule(".icon")).toContain("-webkit-mask: var(--icon) center / contain no-repeat;");
    expect(rule(".icon")).toContain("mask: var(--icon) center / contain no-repeat;");
    expect(css).toMatch(
      /@media \(forced-colors: active\) \{\n {2}\.icon \{\n {4}forced-color-adjust: none;\n {4}background-color: CanvasText;/,
    );
  });
});
