import { describe, expect, it } from "vitest";
import {
  aggregateProfile,
  mapProfile,
  packageOfSource,
  partOfSource,
  relativeSource,
  selfTimes,
  slug,
} from "../../lib/cpu-profile.mjs";

describe("the CPU profile's parts (npm run profile)", () => {
  it("names the package of a mapped source", () => {
    expect(packageOfSource("node_modules/react-dom/cjs/react-dom-server.browser.production.min.js")).toBe("react-dom");
    expect(packageOfSource("/repo/node_modules/@remix-run/router/router.ts")).toBe("@remix-run/router");
    expect(packageOfSource("build/server/index.js")).toBeNull();
  });

  it("puts each source into its part", () => {
    expect(partOfSource("node_modules/react-dom/cjs/react-dom-server.browser.production.min.js")).toBe("react");
    expect(partOfSource("node_modules/react/cjs/react-jsx-runtime.production.min.js")).toBe("react");
    expect(partOfSource("node_modules/@remix-run/server-runtime/dist/server.js")).toBe("remix");
    expect(partOfSource("node_modules/@remix-run/router/utils.ts")).toBe("remix");
    expect(partOfSource("node_modules/react-router-dom/server.js")).toBe("remix");
    expect(partOfSource("node_modules/turbo-stream/dist/flatten.js")).toBe("remix");
    expect(partOfSource("node_modules/drizzle-orm/d1/session.js")).toBe("drizzle");
    // drizzle-orm's own source maps point at "../src/*.ts" from the package root.
    expect(partOfSource("node_modules/src/sqlite-core/dialect.ts")).toBe("drizzle");
    expect(partOfSource("node_modules/zod/v4/core/schemas.js")).toBe("zod");
    expect(partOfSource("cloudflare-internal:d1-api")).toBe("d1");
    expect(partOfSource("build/server/index.js")).toBe("app");
    expect(partOfSource("../../../build/server/index.js")).toBe("app");
    expect(partOfSource("functions/worker.ts")).toBe("app");
    expect(partOfSource("app/server/load-context.ts")).toBe("app");
    expect(partOfSource("db/index.ts")).toBe("app");
    expect(partOfSource("node_modules/stripe/src/stripe.core.ts")).toBe("libraries");
    expect(partOfSource("node_modules/@conform-to/react/dist/hooks.mjs")).toBe("libraries");
    expect(partOfSource("node_modules/wrangler/templates/middleware/common.ts")).toBe("wrangler");
    expect(partOfSource(".wrangler/tmp/bundle-AbC123/middleware-loader.entry.ts")).toBe("wrangler");
    expect(partOfSource("wrangler-bundle:worker.js")).toBe("wrangler");
    expect(partOfSource("node-internal:internal_timers")).toBe("runtime");
    expect(partOfSource("cloudflare-internal:tracing-helpers")).toBe("runtime");
    expect(partOfSource("")).toBeNull();
  });

  it("makes paths inside the project relative to it", () => {
    expect(relativeSource("/repo/node_modules/react/index.js", "/repo")).toBe("node_modules/react/index.js");
    expect(relativeSource("/elsewhere/x.js", "/repo")).toBe("/elsewhere/x.js");
    expect(relativeSource("cloudflare-internal:d1-api", "/repo")).toBe("cloudflare-internal:d1-api");
  });

  it("names a profile file after its path", () => {
    expect(slug("/features?focus=Insights")).toBe("features-focus-Insights");
    expect(slug("/healthz")).toBe("healthz");
    expect(slug("/")).toBe("root");
  });
});

/**
 * A hand-made V8 profile: (root) → handler (app) → render (react-dom) → Headers (native);
 * handler → match (Remix); handler → run (D1 client) → fetch (native); plus GC and idle.
 * Samples every 100 µs, with one 5 ms gap.
 */
const frame = (functionName: string, url: string, lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 0,
  scriptId: url === "worker.js" ? "3" : "0",
});
const PROFILE = {
  nodes: [
    { id: 1, callFrame: frame("(root)", ""), children: [2, 7, 8, 9] },
    { id: 2, callFrame: frame("handler", "worker.js", 10), children: [3, 5, 6] },
    { id: 3, callFrame: frame("render", "worker.js", 20), children: [4] },
    { id: 4, callFrame: frame("Headers", ""), children: [] },
    { id: 5, callFrame: frame("match", "worker.js", 30), children: [] },
    { id: 6, callFrame: frame("run", "cloudflare-internal:d1-api", 5), children: [10] },
    { id: 7, callFrame: frame("(garbage collector)", ""), children: [] },
    { id: 8, callFrame: frame("(idle)", ""), children: [] },
    { id: 9, callFrame: frame("(program)", ""), children: [] },
    { id: 10, callFrame: frame("fetch", ""), children: [] },
  ],
  startTime: 1_000,
  // Sample i is taken at startTime + the sum of timeDeltas[0..i]; it lasts until the next one.
  samples: [3, 3, 4, 5, 2, 6, 10, 7, 8, 9, 3],
  timeDeltas: [0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 5_000],
  endTime: 1_000 + 6_000,
};
/** What the source map would say for the bundle's lines (line is 1-based, as source maps give it). */
const SOURCES: Record<number, { source: string; line: number }> = {
  11: { source: "build/server/index.js", line: 500 },
  21: { source: "node_modules/react-dom/cjs/react-dom-server.browser.production.min.js", line: 30 },
  31: { source: "node_modules/@remix-run/router/utils.ts", line: 976 },
};
const resolve = (callFrame: { url: string; lineNumber: number }) =>
  callFrame.url === "worker.js"
    ? SOURCES[callFrame.lineNumber + 1]
    : { source: callFrame.url, line: callFrame.lineNumber + 1 };

describe("aggregating a V8 profile (npm run profile)", () => {
  it("gives each sample the time until the next one, the last one until endTime", () => {
    const { self, samples, cappedUs } = selfTimes(PROFILE);
    expect(samples).toBe(11);
    expect(cappedUs).toBe(0);
    expect(self.get(3)).toBe(100 + 100 + 100); // the first two samples and the last (100 µs to endTime)
    expect(self.get(4)).toBe(100);
    expect(self.get(9)).toBe(5_000);
    const total = [...self.values()].reduce((sum, us) => sum + us, 0);
    expect(total).toBe(PROFILE.endTime - PROFILE.startTime);
  });

  it("counts a gap longer than maxSampleUs as one typical interval (the median) and reports the rest", () => {
    const { self, cappedUs, typicalUs } = selfTimes(PROFILE, { maxSampleUs: 200 });
    expect(typicalUs).toBe(100);
    expect(self.get(9)).toBe(100); // (program), the sample before the 5 ms gap
    expect(self.get(3)).toBe(300);
    expect(cappedUs).toBe(4_900);
  });

  it("takes the typical interval from the short gaps only, even when most gaps are long", () => {
    const sparse = { ...PROFILE, timeDeltas: [0, 100, 3_000, 3_000, 120, 3_000, 3_000, 3_000, 3_000, 80, 3_000] };
    sparse.endTime = sparse.startTime + sparse.timeDeltas.reduce((sum, delta) => sum + delta, 0) + 100;
    const { self, typicalUs } = selfTimes(sparse, { maxSampleUs: 1_000 });
    expect(typicalUs).toBe(100); // the median of 100, 120 and 80
    expect([...self.values()].reduce((sum, us) => sum + us, 0)).toBe(100 + 120 + 80 + 8 * 100);
  });

  it("adds self time up per part; a native frame counts for its caller's part", () => {
    const result = aggregateProfile(PROFILE, { resolve, maxSampleUs: 200 });
    expect(result.parts).toMatchObject({
      react: 300 + 100, // render's three samples and the Headers it builds
      remix: 100,
      app: 100,
      d1: 200, // run and the fetch it calls
      gc: 100,
      program: 100,
      zod: 0,
      drizzle: 0,
      idle: 100,
    });
    expect(result.busyUs).toBe(400 + 100 + 100 + 200 + 100 + 100);
    expect(result.idleUs).toBe(100);
    expect(result.cappedUs).toBe(4_900);
  });

  it("lists functions by self time with their original source, idle left out", () => {
    const { functions } = aggregateProfile(PROFILE, { resolve, maxSampleUs: 200 });
    expect(functions[0]).toEqual({
      name: "render",
      source: "node_modules/react-dom/cjs/react-dom-server.browser.production.min.js",
      line: 30,
      part: "react",
      us: 300,
    });
    expect(functions.find((f) => f.name === "Headers")).toMatchObject({ part: "react", source: "(native)" });
    expect(functions.find((f) => f.name === "fetch")).toMatchObject({ part: "d1", us: 100 });
    expect(functions.find((f) => f.name === "match")).toMatchObject({
      source: "node_modules/@remix-run/router/utils.ts",
      line: 976,
    });
    expect(functions.some((f) => f.name === "(idle)")).toBe(false);
    const sorted = functions.map((f) => f.us);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });

  it("keeps a frame's own URL without a source map", () => {
    const { parts } = aggregateProfile(PROFILE);
    // worker.js alone says nothing about a package: its frames are "other libraries".
    expect(parts.libraries).toBe(300 + 100 + 100 + 100); // render (+ Headers), handler, match
    expect(parts.d1).toBe(200);
  });

  it("writes each frame at its original source for DevTools, the samples and timing unchanged", () => {
    const mapped = mapProfile(PROFILE, (callFrame) =>
      callFrame.url === "worker.js" ? SOURCES[callFrame.lineNumber + 1] : null,
    );
    const at = (id: number) => mapped.nodes.find((node) => node.id === id)?.callFrame;
    expect(at(3)).toMatchObject({
      functionName: "render",
      url: "node_modules/react-dom/cjs/react-dom-server.browser.production.min.js",
      lineNumber: 29,
    });
    expect(at(2)).toMatchObject({ url: "build/server/index.js", lineNumber: 499 });
    // Unresolved frames (no map, or no URL) stay where they were.
    expect(at(6)).toEqual(PROFILE.nodes[5]?.callFrame);
    expect(at(4)).toEqual(PROFILE.nodes[3]?.callFrame);
    expect(mapped.samples).toEqual(PROFILE.samples);
    expect(mapped.timeDeltas).toEqual(PROFILE.timeDeltas);
    expect(aggregateProfile(mapped).parts.react).toBe(aggregateProfile(PROFILE, { resolve }).parts.react);
  });
});
