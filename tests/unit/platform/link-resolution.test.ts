import { createRequire } from "node:module";
import path from "node:path";
import { createElement, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as esmBuild from "../../../node_modules/react-router/dist/index.js";

const require = createRequire(import.meta.url);
/**
 * The two builds the app runs: the ES module the browser bundle takes (Vite reads its "module"
 * field), and the production UMD build the Worker's bundle takes (its "main" under production).
 */
const BUILDS = {
  "browser (dist/index.js)": esmBuild,
  "Worker (dist/umd/react-router.production.min.js)": require(
    path.join(path.dirname(require.resolve("react-router/package.json")), "dist/umd/react-router.production.min.js"),
  ) as typeof esmBuild,
};

// patches/react-router+6.30.4.patch (applied by `npm install`'s postinstall): every <Link>
// resolves its `to` three times a render (Remix's <Link>, React Router's <Link> and its click
// handler), and each resolution turned the route matches into JSON and parsed it back
// (docs/decisions/042-request-cost.md). Patched, the route pathnames and each resolved path are
// kept per render's matches, and an absolute path's answer across renders. These tests fail when the patch is not applied, and check that the
// answers are those of an unpatched router.

afterEach(() => {
  vi.restoreAllMocks();
});

/** useHref of each `to`, three times (as a link does), inside `/projects/:id/*` at `location`. */
function hrefs(
  { MemoryRouter, Route, Routes, useHref, useResolvedPath }: typeof esmBuild,
  location: string,
  targets: { to: string | { pathname?: string; search?: string }; relative?: "path" }[],
) {
  const seen: string[] = [];
  function Probe(): ReactNode {
    for (const { to, relative } of targets) {
      const first = useHref(to, { relative });
      expect(useHref(to, { relative })).toBe(first);
      const resolved = useResolvedPath(to, { relative });
      expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(first);
      seen.push(first);
    }
    return null;
  }
  renderToString(
    createElement(
      MemoryRouter,
      { initialEntries: [location] },
      createElement(
        Routes,
        null,
        createElement(
          Route,
          { path: "projects/:id" },
          createElement(Route, { path: "files/*", element: createElement(Fragment, null, createElement(Probe)) }),
        ),
      ),
    ),
  );
  return seen;
}

describe.each(Object.entries(BUILDS))("link resolution (patched react-router), %s", (_name, build) => {
  it("resolves absolute, relative, parent and search-only targets as React Router does", () => {
    expect(
      hrefs(build, "/projects/7/files/a/b?view=grid", [
        { to: "/dashboard" },
        { to: "/features?focus=Engagements&engagementId=e-1" },
        { to: "/learning/" },
        { to: "/" },
        { to: "notes" },
        { to: "../settings" },
        { to: ".." },
        { to: "." },
        { to: "?page=2" },
        { to: "#top" },
        { to: "../settings", relative: "path" },
        { to: { pathname: "report", search: "?year=2026" } },
        { to: { search: "?sort=name" } },
      ]),
    ).toEqual([
      "/dashboard",
      "/features?focus=Engagements&engagementId=e-1",
      "/learning/",
      "/",
      "/projects/7/files/notes",
      "/projects/7/settings",
      "/projects/7",
      "/projects/7/files",
      "/projects/7/files/a/b?page=2",
      "/projects/7/files/a/b#top",
      // Without v7_relativeSplatPath a splat route's links resolve from its base, path-relative too.
      "/projects/7/settings",
      "/projects/7/files/report?year=2026",
      "/projects/7/files/a/b?sort=name",
    ]);
  });

  it("works out a render's route pathnames once, not three times for every link", () => {
    const stringify = vi.spyOn(JSON, "stringify");
    const links = Array.from({ length: 40 }, (_, i) => ({ to: `/learning/item-${i}` }));
    const answers = hrefs(build, "/projects/7/files", links);
    expect(answers).toEqual(links.map((link) => link.to));
    // Unpatched: one JSON round trip per resolution, 120 for 40 links resolved three times each.
    expect(stringify.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it("keeps an absolute path's answer across renders and locations, frozen so no reader can change it", () => {
    const answers: object[] = [];
    const { MemoryRouter, useResolvedPath } = build;
    function Probe(): ReactNode {
      answers.push(useResolvedPath("/features?focus=Insights"), useResolvedPath("?page=2"));
      return null;
    }
    for (const location of ["/projects/7/files", "/dashboard/"])
      renderToString(createElement(MemoryRouter, { initialEntries: [location] }, createElement(Probe)));
    const [absolute, relative, absoluteAgain, relativeAgain] = answers;
    expect(absolute).toEqual({ pathname: "/features", search: "?focus=Insights", hash: "" });
    expect(absoluteAgain).toBe(absolute);
    expect(Object.isFrozen(absolute)).toBe(true);
    // A search-only one depends on the location: each render resolves it.
    expect(relative).toEqual({ pathname: "/projects/7/files", search: "?page=2", hash: "" });
    expect(relativeAgain).toEqual({ pathname: "/dashboard/", search: "?page=2", hash: "" });
  });

  it("gives each render its own answers: another location resolves relative links afresh", () => {
    expect(hrefs(build, "/projects/7/files", [{ to: "notes" }, { to: "?page=2" }])).toEqual([
      "/projects/7/files/notes",
      "/projects/7/files?page=2",
    ]);
    expect(hrefs(build, "/projects/8/files/x", [{ to: "notes" }, { to: "?page=2" }])).toEqual([
      "/projects/8/files/notes",
      "/projects/8/files/x?page=2",
    ]);
  });
});
