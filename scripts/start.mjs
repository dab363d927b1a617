#!/usr/bin/env node
// `npm start`: a complete local Partwise on http://127.0.0.1:${PORT:-8787}.
// Creates .dev.vars from .dev.vars.example on first run, builds, migrates and seeds the local D1
// (idempotent), then runs `wrangler dev` (queues and the cron run there; trigger the cron with
// GET /__scheduled?cron=0+6+1+*+*).
import { spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import path from "node:path";
import { bin, quietEnv, ROOT, run } from "./lib/proc.mjs";

const devVars = path.join(ROOT, ".dev.vars");
if (!existsSync(devVars)) {
  copyFileSync(path.join(ROOT, ".dev.vars.example"), devVars);
  console.log("Created .dev.vars from .dev.vars.example (local settings; never commit it).");
}

const env = quietEnv();
const steps = [
  ["build", bin("remix"), ["vite:build"]],
  ["migrations", bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local"], { CI: "true" }],
  ["seed", process.execPath, [path.join("scripts", "seed.mjs")]],
];
for (const [label, command, args, extra] of steps) {
  const code = await run(command, args, { env: { ...env, ...extra }, label });
  if (code !== 0) {
    console.error(`npm start: ${label} failed (exit ${code}).`);
    process.exit(code);
  }
}

const port = process.env.PORT || "8787";
console.log(`\n▶ wrangler dev on http://127.0.0.1:${port}`);
const child = spawn(
  bin("wrangler"),
  ["dev", "--ip", "127.0.0.1", "--port", port, "--test-scheduled"],
  { cwd: ROOT, env, stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
