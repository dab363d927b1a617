#!/usr/bin/env node
// `npm start`: a complete local Partwise on http://localhost:${PORT:-8787}.
// Creates .dev.vars from .dev.vars.example on first run, builds, migrates and seeds the local D1
// (idempotent), then runs `wrangler dev` (queues and the cron run there; trigger the cron with
// GET /__scheduled?cron=0+6+1+*+*).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { announceDemo } from "./lib/demo-announce.mjs";
import { playDemoFlows } from "./lib/demo-flows.mjs";
import { ensureDevVars, LOCAL_DATABASE_STEPS, runSteps } from "./lib/local-setup.mjs";
import { bin, quietEnv, ROOT, waitForHttp } from "./lib/proc.mjs";

const startedAt = Date.now();
ensureDevVars();
await runSteps([["build", bin("remix"), ["vite:build"]], ...LOCAL_DATABASE_STEPS]);

const port = process.env.PORT || "8787";
console.log(`\n▶ wrangler dev on http://localhost:${port}`);
console.log(`  demo sign-in: demo@partwise.test / Partwise-demo-1 · emails: http://localhost:${port}/dev/outbox`);
console.log(`  monthly cron by hand: curl "http://localhost:${port}/__scheduled?cron=0+6+1+*+*"`);
console.log(`  the crons run on their production schedule (npm start calls them: wrangler dev fires no cron itself)`);
const child = spawn(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", port, "--test-scheduled"], {
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

// The demo's match requests are made the way people make them, over HTTP, once the server answers
// (a second start finds them and changes nothing). The server answers pages before they end: a
// line says so, and a "demo ready" line says when they have. A failure is reported; the server
// keeps running.
const baseURL = `http://127.0.0.1:${port}`;
// wrangler dev fires no cron by itself: the lease sweep (functions/scheduled.ts) is called here on
// its production schedule, so a local job whose worker died runs again as it would when deployed.
const LEASE_SWEEP_MS = 10 * 60 * 1000;
setInterval(() => {
  const query = new URLSearchParams({ cron: "*/10 * * * *" });
  fetch(`${baseURL}/__scheduled?${query}`)
    .then((response) => response.arrayBuffer())
    .catch((error) => console.error(`lease sweep: ${error.message}`));
}, LEASE_SWEEP_MS);
// The daily and monthly crons likewise, at their production times (wrangler.toml [triggers], the
// fixed-time ones; the sweep's "*/10" is the interval above): the daily run's reminders and
// automatic acceptances (docs/decisions/078) happen locally too.
const TIMED_CRONS = JSON.parse(
  /^crons = (\[.*\])$/m.exec(readFileSync(path.join(ROOT, "wrangler.toml"), "utf8"))[1],
).filter((cron) => !cron.includes("/"));
const dueAt = (cron, now) => {
  const [minute, hour, day, month, weekday] = cron.split(" ");
  const matches = (field, value) => field === "*" || Number(field) === value;
  return (
    matches(minute, now.getUTCMinutes()) &&
    matches(hour, now.getUTCHours()) &&
    matches(day, now.getUTCDate()) &&
    matches(month, now.getUTCMonth() + 1) &&
    matches(weekday, now.getUTCDay())
  );
};
let lastMinute = "";
setInterval(() => {
  const now = new Date();
  const minute = now.toISOString().slice(0, 16);
  if (minute === lastMinute) return;
  lastMinute = minute;
  for (const cron of TIMED_CRONS.filter((expression) => dueAt(expression, now))) {
    fetch(`${baseURL}/__scheduled?${new URLSearchParams({ cron })}`)
      .then((response) => response.arrayBuffer())
      .catch((error) => console.error(`cron ${cron}: ${error.message}`));
  }
}, 20 * 1000);
await announceDemo({
  url: `http://localhost:${port}`,
  waitForServer: () => waitForHttp(`${baseURL}/healthz`, { timeoutMs: 120_000, child }),
  play: () => playDemoFlows(baseURL),
  startedAt,
});
