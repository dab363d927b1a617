// Shared by `npm start` and `npm run dev`: local settings, migrations and demo data.
import { copyFileSync, existsSync } from "node:fs";
import path from "node:path";
import { bin, quietEnv, ROOT, run } from "./proc.mjs";

/** Creates .dev.vars from .dev.vars.example on first run (local settings; never committed). */
export function ensureDevVars() {
  const devVars = path.join(ROOT, ".dev.vars");
  if (!existsSync(devVars)) {
    copyFileSync(path.join(ROOT, ".dev.vars.example"), devVars);
    console.log("Created .dev.vars from .dev.vars.example (local settings; never commit it).");
  }
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
