// Starts a throw-away Partwise for the browser tests: fresh local D1/R2 state in a temp dir,
// migrations, demo seed, then `wrangler dev` on a free port. Used by scripts/e2e.mjs and, when
// the E2E tests are run directly with vitest, by tests/e2e/global-setup.ts.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { playDemoFlows } from "./demo-flows.mjs";
import { DEV_VARS_EXAMPLE } from "./local-setup.mjs";
import { bin, freePort, quietEnv, ROOT, run, stopGroup, waitForHttp } from "./proc.mjs";

export const CHROMIUM_MISSING =
  "No Chromium found. Install it with `sudo apt-get install -y chromium chromium-headless-shell` or set CHROMIUM_PATH.";

/**
 * The Chromium binary for Playwright: $CHROMIUM_PATH, else Debian's headless shell (package
 * chromium-headless-shell: the same engine without the browser's windowing, a third less CPU
 * per page on two cores, docs/decisions/087-faster-browser-tests.md), else Debian's /usr/bin/chromium.
 * `headlessShell: false` skips the shell (Lighthouse measures the browser people use).
 */
export function findChromium({ headlessShell = true } = {}) {
  const candidates = [
    process.env.CHROMIUM_PATH,
    headlessShell && "/usr/lib/chromium/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

export async function startE2EServer({ logFile = path.join(ROOT, "test-results", "e2e-wrangler.log") } = {}) {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    throw new Error("build/server is missing: run `npm run build` before the E2E tests.");
  }
  const persistTo = await mkdtemp(path.join(os.tmpdir(), "partwise-e2e-"));
  const cleanup = () => rm(persistTo, { recursive: true, force: true });
  try {
    await applyMigrations(persistTo);
    // CI=true: wrangler never stops to ask for confirmation.
    const env = quietEnv({ CI: "true" });
    const seed = await run(process.execPath, ["scripts/seed.mjs", "--persist-to", persistTo], {
      env,
      label: "e2e: seed",
    });
    if (seed !== 0) throw new Error(`scripts/seed.mjs failed (exit ${seed})`);

    const { child, baseURL, inspectorPort, log } = await startWranglerDev({ persistTo, logFile, args: APP_ARGS });
    const stop = async () => {
      await stopGroup(child);
      log.end();
      await cleanup();
    };
    try {
      // The browser tests see the demo a fresh `npm start` shows, marketplace states included.
      // The demo dates its data ("last month") from the moment it is played: the tests read that
      // moment here, so a run that crosses a month's end still finds last month's statements.
      const playedAt = new Date().toISOString();
      await playDemoFlows(baseURL, { log: () => undefined, persistTo });
      writeFileSync(demoPlayedAtFile(persistTo), playedAt);
    } catch (error) {
      await stop();
      throw error;
    }
    // inspectorPort: workerd's V8 inspector (bench/profile.mjs takes CPU profiles through it).
    return { baseURL, inspectorPort, persistTo, stop, child };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Every migration applied to the local D1 in `persistTo`, and nothing else (no seed): the empty
 * database a new operator starts from (also tests/e2e/identity/staff-from-scratch.test.ts).
 */
export async function applyMigrations(persistTo, { label = "e2e: migrations" } = {}) {
  // CI=true: wrangler never stops to ask for confirmation.
  const migrate = await run(
    bin("wrangler"),
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
    { env: quietEnv({ CI: "true" }), label },
  );
  if (migrate !== 0) throw new Error(`wrangler d1 migrations apply failed (exit ${migrate})`);
}

/** Times `wrangler dev` is started before the browser tests give up (see startWrangler). */
const START_ATTEMPTS = 3;

/** The last `lines` lines of a log file, for an error message ("" when it cannot be read). */
function logTail(file, lines = 40) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * The app's own settings for `wrangler dev`: the settings a fresh clone's `npm start` writes to
 * .dev.vars, never a developer's own .dev.vars (the browser tests see what a fresh clone serves),
 * and more sign-ups from 127.0.0.1 than one network's default (every browser test signs up).
 * Also given to the empty server of tests/e2e/identity/staff-from-scratch.test.ts.
 */
export const APP_ARGS = [
  "--env-file",
  DEV_VARS_EXAMPLE,
  "--var",
  "APP_ENV:local",
  "--var",
  "SIGNUP_LIMIT_PER_HOUR:1000",
  "--test-scheduled",
];

/**
 * `wrangler dev` of `config` (default: the app's wrangler.toml) on free ports with local state in
 * `persistTo`, answering /healthz; `args` are added to the command line. Also used by
 * `npm run bench` to start its bare peer (bench/peer/wrangler.toml) on the app's database.
 * A free port can be taken by another process between our probe and wrangler's bind, which makes
 * wrangler exit at once: such an early exit is retried on new ports, up to START_ATTEMPTS times.
 * Each attempt has its own log; when every attempt fails the error carries the tail of the last
 * log, so CI output shows why. Resolves with `{ child, baseURL, log }`; stop with stopGroup(child).
 * @param {{ persistTo: string; logFile: string; config?: string | null; args?: string[]; label?: string }} options
 */
export async function startWranglerDev({ persistTo, logFile, config = null, args = [], label = "e2e" }) {
  mkdirSync(path.dirname(logFile), { recursive: true });
  let lastError = null;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    const file = attempt === 1 ? logFile : logFile.replace(/\.log$/, `.${attempt}.log`);
    // Never the default port: links must follow the port the app is served on.
    let port = await freePort();
    while (port === 8787) port = await freePort();
    let inspectorPort = await freePort();
    while (inspectorPort === port) inspectorPort = await freePort();
    const log = createWriteStream(file);
    console.log(`\n▶ ${label}: wrangler dev on 127.0.0.1:${port} (log: ${path.relative(ROOT, file)})`);
    const child = spawn(
      bin("wrangler"),
      [
        "dev",
        ...(config ? ["--config", config] : []),
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
        "--inspector-port",
        String(inspectorPort),
        "--persist-to",
        persistTo,
        ...args,
        "--show-interactive-dev-session=false",
        "--log-level",
        "info",
      ],
      // detached: its own process group, so stopGroup() also ends workerd.
      { cwd: ROOT, env: quietEnv(), stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const baseURL = `http://127.0.0.1:${port}`;
    try {
      await waitForHttp(`${baseURL}/healthz`, { timeoutMs: 90_000, child });
      return { child, baseURL, inspectorPort, log };
    } catch (error) {
      await stopGroup(child);
      await new Promise((resolve) => log.end(resolve));
      lastError = error;
      const tail = logTail(file);
      console.error(
        `${label}: wrangler dev attempt ${attempt} of ${START_ATTEMPTS} failed: ${error.message}` +
          (tail ? `\n--- last lines of ${path.relative(ROOT, file)} ---\n${tail}\n---` : ""),
      );
    }
  }
  throw new Error(
    `wrangler dev did not start after ${START_ATTEMPTS} attempts: ${lastError?.message}. See ${path.relative(ROOT, logFile)}.`,
  );
}

/** Where the browser tests' server notes when it played the demo flows (an ISO date). */
export function demoPlayedAtFile(persistTo) {
  return path.join(persistTo, "demo-played-at");
}
