import { createMemoryHistory, createRouter, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { RemixServer, type RemixServer as RemixServerType } from "@remix-run/react";
import { createElement, type ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter } from "react-router-dom/server";
// An internal module of Remix's server runtime: the patched function is not exported.
import { createEntryRouteModules } from "@remix-run/server-runtime/dist/entry.js";
import { describe, expect, it } from "vitest";

// patches/@remix-run+router+1.23.3.patch (applied by `npm install`'s postinstall): a route tree is
// flattened and ranked once, not on every match; Remix matches several times per request
// (docs/decisions/042-request-cost.md). These tests fail when the patch is not applied or when
// a tree discovered lazily is matched against stale branches. The same holds for the answer for a
// path (memoised per tree) and for the render's route objects (patches/@remix-run+react+2.17.5.patch
// and patches/react-router-dom+6.30.4.patch: made once per build instead of on every render).

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

  it("remembers the answer for a path, and gives every caller its own copy", () => {
    const reads = { count: 0 };
    const routes = [
      { id: "root", path: "/", children: [countingRoute("item", "items/:id", reads)] },
    ] as AgnosticRouteObject[];
    const first = matchRoutes(routes, "/items/7");
    expect(first?.map((m) => [m.route.id, m.params.id])).toEqual([
      ["root", "7"],
      ["item", "7"],
    ]);
    // Every match of one answer shares one params object, as unpatched.
    expect(first?.[0].params).toBe(first?.[1].params);
    const afterFirst = reads.count;
    (first![0].params as Record<string, string>).id = "changed by the caller";
    const second = matchRoutes(routes, "/items/7");
    expect(second?.map((m) => m.params.id)).toEqual(["7", "7"]);
    expect(second).not.toBe(first);
    expect(reads.count).toBe(afterFirst);
    // Other paths are matched (and encoded paths decoded) as before.
    expect(matchRoutes(routes, "/items/a%20b")?.[1].params.id).toBe("a b");
    expect(matchRoutes(routes, "/nothing/here")).toBeNull();
    expect(matchRoutes(routes, "/nothing/here")).toBeNull();
  });

  it("makes a static router's data routes once per route tree", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "home", index: true }] }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("http://partwise.test/"));
    if (context instanceof Response) throw new Error("expected a context");
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    expect(second.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
    expect(second.state.matches[0].route).toBe(first.routes[0]);
    expect(createStaticRouter([...routes], context).routes).not.toBe(first.routes);
  });

  it("makes a build's route-module map once (patches/@remix-run+server-runtime+2.17.5.patch)", () => {
    const build = {
      root: { module: { default: () => null } },
      "routes/_index": { module: {} },
    } as unknown as Parameters<typeof createEntryRouteModules>[0];
    const modules = createEntryRouteModules(build);
    expect(modules).toEqual({ root: build.root!.module, "routes/_index": build["routes/_index"]!.module });
    expect(createEntryRouteModules(build)).toBe(modules);
    expect(createEntryRouteModules({ ...build })).not.toBe(modules);
  });

  it("makes RemixServer's route objects once per build, not on every render", async () => {
    const routeReads = { count: 0 };
    const manifestRoute = (id: string, parentId: string | undefined, extra: object) =>
      Object.defineProperty({ id, hasLoader: false, hasAction: false, hasClientLoader: false, ...extra }, "parentId", {
        enumerable: true,
        get() {
          routeReads.count++;
          return parentId;
        },
      });
    const manifestRoutes = {
      root: manifestRoute("root", undefined, { path: "" }),
      "routes/_index": manifestRoute("routes/_index", "root", { index: true }),
    };
    const routeModules = {
      root: { default: () => createElement("main", null, "Home page") },
      "routes/_index": { default: () => null },
    };
    const handler = createStaticHandler([{ id: "root", path: "", children: [{ id: "routes/_index", index: true }] }]);
    const render = async () => {
      const staticHandlerContext = await handler.query(new Request("http://partwise.test/"));
      if (staticHandlerContext instanceof Response) throw new Error("expected a context");
      const context = {
        manifest: {
          routes: manifestRoutes,
          entry: { module: "/entry.js", imports: [] },
          url: "/manifest.js",
          version: "1",
        },
        routeModules,
        staticHandlerContext,
        future: FUTURE,
        isSpaMode: false,
        serverHandoffString: "{}",
      } as unknown as ComponentProps<typeof RemixServerType>["context"];
      return renderToString(createElement(RemixServer, { context, url: "http://partwise.test/" }));
    };
    expect(await render()).toContain("Home page");
    const afterFirst = routeReads.count;
    expect(afterFirst).toBeGreaterThan(0);
    expect(await render()).toContain("Home page");
    expect(routeReads.count).toBe(afterFirst);
  });
});

const FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: false,
  v3_singleFetch: false,
};
