import { createMemoryHistory, createRouter, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// patches/@remix-run+router+1.23.3.patch (applied by `npm install`'s postinstall): a route tree is
// flattened and ranked once, not on every match; Remix matches several times per request
// (docs/decisions/042-request-cost.md). These tests fail when the patch is not applied or when
// a tree discovered lazily is matched against stale branches.

/** A route whose `path` counts how often the router reads it (flattening reads every path). */
function countingRoute(id: string, path: string, reads: { count: number }): AgnosticRouteObject {
  return {
    id,
    get path() {
      reads.count++;
      return path;
    },
  } as AgnosticRouteObject;
}

describe("route matching (patched @remix-run/router)", () => {
  it("flattens a route tree once and reuses it for every later match", () => {
    const reads = { count: 0 };
    const routes = [countingRoute("a", "/a", reads), countingRoute("b", "/b/:id", reads)];
    expect(matchRoutes(routes, "/b/7")?.map((m) => [m.route.id, m.params.id])).toEqual([["b", "7"]]);
    const afterFirst = reads.count;
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      expect(matchRoutes(routes, "/a")?.[0].route.id).toBe("a");
      expect(matchRoutes(routes, "/c")).toBeNull();
    }
    expect(reads.count).toBe(afterFirst);
    // Another tree (even with equal routes) is flattened on its own.
    const other = [countingRoute("a", "/a", reads)];
    expect(matchRoutes(other, "/a")?.[0].route.id).toBe("a");
    expect(reads.count).toBeGreaterThan(afterFirst);
  });

  it("matches routes discovered on navigation (patched into the same tree)", async () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: createMemoryHistory({ initialEntries: ["/"] }),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === "/later") patch("root", [{ id: "later", path: "later" }]);
      },
    }).initialize();
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
    await router.navigate("/later");
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "later"]);
    expect(matchRoutes(router.routes, "/later")?.map((m) => m.route.id)).toEqual(["root", "later"]);
    router.dispose();
  });
});
