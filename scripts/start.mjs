#!/usr/bin/env node
// `npm start`: a complete local Partwise on http://localhost:${PORT:-8787}.
// Creates .dev.vars from .dev.vars.example on first run, builds, migrates and seeds the local D1
// (idempotent), then runs `wrangler dev` (queues and the cron run there; trigger the cron with
// GET /__scheduled?cron=0+6+1+*+*).
import { spawn } from "node:child_process";
import { ensureDevVars, LOCAL_DATABASE_STEPS, runSteps } from "./lib/local-setup.mjs";
import { bin, quietEnv, ROOT } from "./lib/proc.mjs";

ensureDevVars();
await runSteps([["build", bin("remix"), ["vite:build"]], ...LOCAL_DATABASE_STEPS]);

const port = process.env.PORT || "8787";
// Links in emails and checkouts use APP_URL, which .dev.vars sets to port 8787: on another port
// they follow it (a --var beats .dev.vars), unless APP_URL is given in the environment.
const appUrl = process.env.APP_URL || (process.env.PORT ? `http://localhost:${port}` : null);
const appUrlArgs = appUrl ? ["--var", `APP_URL:${appUrl}`] : [];
console.log(`\n▶ wrangler dev on http://localhost:${port}`);
const child = spawn(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", port, "--test-scheduled", ...appUrlArgs], {
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
