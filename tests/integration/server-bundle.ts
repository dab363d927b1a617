import { build } from "esbuild";

/** Where the integration tests' Worker finds the server build: vitest.config.ts aliases it. */
export const SERVER_BUNDLE = new URL("../../build/server-bundle/index.js", import.meta.url).pathname;

/**
 * Bundles the Remix server build (build/server, from `remix vite:build`) with its packages into one
 * ES module, as `wrangler deploy` bundles it (esbuild, the workerd conditions, NODE_ENV production).
 * workerd then loads it as a native module (vitest.config.ts's modulesRules) instead of through
 * Vite's module runner, which transformed and evaluated 2.5 MB of server code again in every test
 * file's workerd: about 7 of each file's 12 seconds on two cores (ADR 077). Under a second.
 */
export async function bundleServerBuild() {
  await build({
    entryPoints: [new URL("../../build/server/index.js", import.meta.url).pathname],
    outfile: SERVER_BUNDLE,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["node:*", "cloudflare:*"],
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
}
