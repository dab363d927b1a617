// The JavaScript a page of the production build makes the browser download, per route (issue #17,
// docs/decisions/041-javascript-weight.md). Reads the Remix browser manifest the build writes
// (build/client/assets/manifest-<version>.js: the entry, and for each route its module and every
// chunk it imports statically, transitively) and gzips each file with node:zlib.
// A page's weight = the entry (entry.client + its imports) + every route of its branch (root,
// layouts, the route itself), module and static imports, each file counted once. Chunks loaded
// with import() (the charts) are not part of it: they are fetched only when the page asks.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Budgets in kB (1 kB = 1000 bytes) of gzipped JavaScript, by route id. */
export const BUDGETS_KB = {
  // +1 kB (ADR 089): the login screen links the public pages, and the brand mark those pages share
  // became a chunk of its own (95.9 kB at 2026-12-02).
  "routes/_index": 96,
  "routes/login": 96,
  "routes/signup": 110,
  "routes/signup_.client-personal-details": 110,
  // +1 kB (ADR 089): the brand mark, shared with the public pages, is a chunk of its own (110.5 kB).
  "routes/signup-business": 111,
  "routes/signup_.consultant": 110,
  "routes/_app.dashboard": 170,
  // The hub's other tabs load on demand (app/components/features/lazy-tab.ts): 177.5 → 103.5 kB.
  "routes/_app.features": 120,
};

/** Text that only chart.js's own code contains (its error for a canvas used twice). */
export const CHART_JS_MARKER = "Canvas is already in use";

/** Reads build/client/assets/manifest-*.js (there is exactly one after a build). */
export function readRemixManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const files = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (files.length !== 1) {
    throw new Error(`expected one Remix manifest in ${assets}, found ${files.length}: run \`npm run build\``);
  }
  const text = readFileSync(path.join(assets, files[0]), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json);
}

/** The route ids from the root down to `routeId`. */
export function branchOf(manifest, routeId) {
  const branch = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`unknown route ${id}`);
    branch.unshift(id);
  }
  return branch;
}

/** The URLs of the JavaScript a document of `routeId` loads before it runs (no dynamic imports). */
export function pageFiles(manifest, routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of branchOf(manifest, routeId)) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** gzip size in bytes of one asset URL ("/assets/x.js"), memoised per clientDir. */
export function gzipSizer(clientDir) {
  const cache = new Map();
  const read = (url) => readFileSync(path.join(clientDir, url.replace(/^\//, "")));
  return {
    size(url) {
      if (!cache.has(url)) cache.set(url, gzipSync(read(url), { level: 9 }).length);
      return cache.get(url);
    },
    contains(url, text) {
      return read(url).includes(text);
    },
  };
}

/**
 * Every page route (a route whose module has code; resource routes' modules are empty) with the
 * gzipped bytes its document loads, sorted by route id.
 */
export function measureRoutes(clientDir) {
  const manifest = readRemixManifest(clientDir);
  const sizer = gzipSizer(clientDir);
  const rows = [];
  for (const [id, route] of Object.entries(manifest.routes)) {
    const isPage = id === "root" || (route.imports ?? []).length > 0 || sizer.size(route.module) > 40;
    if (!isPage) continue;
    const files = pageFiles(manifest, id);
    const bytes = files.reduce((sum, file) => sum + sizer.size(file), 0);
    const chartJs = files.filter((file) => sizer.contains(file, CHART_JS_MARKER));
    rows.push({ id, path: route.path ?? "", files, bytes, chartJs });
  }
  rows.sort((a, b) => a.id.localeCompare(b.id));
  const entryFiles = [manifest.entry.module, ...manifest.entry.imports];
  const root = manifest.routes.root;
  const shared = [...new Set([...entryFiles, root.module, ...root.imports])];
  return {
    rows,
    shared: { files: shared, bytes: shared.reduce((sum, file) => sum + sizer.size(file), 0) },
    chartJsFiles: readdirSync(path.join(clientDir, "assets"))
      .filter((name) => name.endsWith(".js"))
      .map((name) => `/assets/${name}`)
      .filter((url) => sizer.contains(url, CHART_JS_MARKER)),
  };
}

export const kB = (bytes) => (bytes / 1000).toFixed(1);

/** A fixed-width table of every page route's weight, budgets marked. */
export function formatTable({ rows, shared }) {
  const lines = [`JavaScript per page (gzip, kB; shared entry + root: ${kB(shared.bytes)} kB)`];
  for (const row of rows) {
    const budget = BUDGETS_KB[row.id];
    const mark = budget === undefined ? "" : `  budget ${budget}${row.bytes > budget * 1000 ? "  OVER" : ""}`;
    const chart = row.chartJs.length ? "  chart.js static!" : "";
    lines.push(`  ${kB(row.bytes).padStart(6)}  ${row.id}${mark}${chart}`);
  }
  return lines.join("\n");
}

/**
 * What the login and sign-up pages fetch when the person first focuses a form: the form's own Zod
 * schema and Conform's Zod parser (app/components/ui/schema-check.ts, ADR 062), by route id, as
 * the source modules the page imports with import(). Budgeted with the page's own load.
 */
export const ON_FOCUS = {
  "routes/login": ["app/lib/identity/auth-schemas.ts", "app/lib/identity/password-reset-schema.ts"],
  "routes/signup_.client-personal-details": ["app/lib/identity/signup-schemas.ts"],
  "routes/signup-business": ["app/lib/business/business-schemas.ts"],
  "routes/signup_.consultant": ["app/lib/consultants/invitation-schemas.ts"],
};
export const CONFORM_ZOD = "node_modules/@conform-to/zod/dist/v4/index.mjs";
/** The page and what its form fetches on first focus, in kB. */
export const ON_FOCUS_BUDGET_KB = 150;

/**
 * The gzipped bytes a page fetches when it imports `sources` with import(): their files and every
 * file they import statically, less those the page has already loaded. Read from Vite's own
 * manifest (build/.vite/client-manifest.json, `build.manifest`).
 */
export function dynamicWeight(clientDir, pageUrls, sources) {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, "../.vite/client-manifest.json"), "utf8"));
  const sizer = gzipSizer(clientDir);
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build`);
    const url = `/${chunk.file}`;
    if (seen.has(url)) return;
    seen.add(url);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const source of sources) visit(source);
  const files = [...seen].filter((url) => !pageUrls.includes(url));
  return { files, bytes: files.reduce((sum, url) => sum + sizer.size(url), 0) };
}
