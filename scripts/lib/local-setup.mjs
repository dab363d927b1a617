// Shared by `npm start` and `npm run dev`: local settings, migrations and demo data.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bin, quietEnv, ROOT, run } from "./proc.mjs";

/** The template every local run starts from; also what the browser tests run with. */
export const DEV_VARS_EXAMPLE = path.join(ROOT, ".dev.vars.example");

/**
 * The APP_URL line earlier templates wrote into every .dev.vars. Pinned to port 8787, it sent every
 * checkout return, QuickBooks callback and email link of a run on another port to a dead address.
 */
const OLD_TEMPLATE_APP_URL = /^APP_URL=http:\/\/localhost:8787\/?[ \t]*$/m;

/**
 * Creates .dev.vars from .dev.vars.example on first run (local settings; never committed). A
 * .dev.vars made from an earlier template has its pinned APP_URL emptied, so links follow the
 * address the app is opened on; an APP_URL set to anything else was set on purpose and stays.
 */
export function ensureDevVars() {
  const devVars = path.join(ROOT, ".dev.vars");
  if (!existsSync(devVars)) {
    copyFileSync(DEV_VARS_EXAMPLE, devVars);
    console.log("Created .dev.vars from .dev.vars.example (local settings; never commit it).");
    return;
  }
  const current = readFileSync(devVars, "utf8");
  const upgraded = upgradeDevVars(current);
  if (upgraded !== current) {
    writeFileSync(devVars, upgraded);
    console.log("Emptied APP_URL in .dev.vars (it pinned port 8787): links now follow the address you open.");
  }
}

/** The .dev.vars text with the earlier template's pinned APP_URL emptied; anything else unchanged. */
export function upgradeDevVars(text) {
  return text.replace(OLD_TEMPLATE_APP_URL, "APP_URL=");
}

/** Runs labelled steps in order; exits the process on the first failure. */
export async function runSteps(steps) {
  const env = quietEnv();
  for (const [label, command, args, extra] of steps) {
    const code = await run(command, args, { env: { ...env, ...extra }, label });
    if (code !== 0) {
      console.error(`${label} failed (exit ${code}).`);
      process.exit(code);
    }
  }
}

/** Applies the migrations to the local D1 database and loads the demo data (both idempotent). */
export const LOCAL_DATABASE_STEPS = [
  ["migrations", bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local"], { CI: "true" }],
  ["seed", process.execPath, [path.join("scripts", "seed.mjs")]],
];
