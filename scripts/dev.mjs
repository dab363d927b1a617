#!/usr/bin/env node
// `npm run dev`: the Vite dev server with hot reload, on the same local D1/R2 state as `npm start`.
// Loaders run in Node against wrangler's local bindings; queue consumers and cron run only under
// `npm start`. Extra arguments go to `remix vite:dev` (e.g. `npm run dev -- --port 5174`).
import { spawn } from "node:child_process";
import { cpSync } from "node:fs";
import path from "node:path";
import { ensureDevVars, LOCAL_DATABASE_STEPS, runSteps } from "./lib/local-setup.mjs";
import { bin, quietEnv, ROOT } from "./lib/proc.mjs";

ensureDevVars();
await runSteps(LOCAL_DATABASE_STEPS);
// The loaders read the reference data (NAICS search index, benchmarks) through the ASSETS binding,
// which wrangler's local proxy serves from build/client/ (docs/decisions/042-request-cost.md); Vite's
// dev server serves public/ only to the browser. Put the files where the binding looks, build or not.
cpSync(path.join(ROOT, "public", "reference"), path.join(ROOT, "build", "client", "reference"), { recursive: true });

const child = spawn(bin("remix"), ["vite:dev", ...process.argv.slice(2)], {
  cwd: ROOT,
  env: quietEnv(),
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
