#!/usr/bin/env node
/**
 * Seeds the LOCAL D1 database with the demo accounts (db/seed/demo.ts).
 *
 *   node scripts/seed.mjs [--persist-to <dir>]
 *
 * Never touches a remote database: it refuses `--remote` and always passes `--local` to wrangler.
 * The password hash is made with app/server/identity/password.server.ts and the PASSWORD_PEPPER from
 * .dev.vars (or the local default), so the demo accounts can sign in to the local app.
 * Idempotent: every statement is INSERT ... ON CONFLICT DO NOTHING with fixed ids, plus one
 * UPDATE that links the demo's delivered insight request to its report only while unlinked.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** Same value as LOCAL_DEFAULTS.PASSWORD_PEPPER in app/server/platform/env.server.ts. */
const LOCAL_DEFAULT_PEPPER = "local-development-pepper-not-a-secret";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);

function fail(message) {
  console.error(`seed: ${message}`);
  process.exit(1);
}

if (args.some((arg) => arg === "--remote" || arg.startsWith("--remote="))) {
  fail("refusing to run against a remote database; this script seeds the local D1 only.");
}

let persistTo;
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === "--persist-to") {
    persistTo = args[++i];
    if (!persistTo) fail("--persist-to needs a directory.");
  } else if (arg.startsWith("--persist-to=")) {
    persistTo = arg.slice("--persist-to=".length);
  } else if (arg === "--local") {
    // Accepted for symmetry with wrangler; local is the only mode.
  } else {
    fail(`unknown argument ${arg}. Usage: node scripts/seed.mjs [--persist-to <dir>]`);
  }
}

/** KEY=VALUE lines of .dev.vars (comments and blank lines skipped, optional quotes removed). */
function readDevVars(path) {
  if (!existsSync(path)) return {};
  const vars = {};
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith("#")) continue;
    const eq = trimmed.indexOf("=");
    if (eq < 1) continue;
    const key = trimmed.slice(0, eq).trim();
    let value = trimmed.slice(eq + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) {
      value = value.slice(1, -1);
    }
    vars[key] = value;
  }
  return vars;
}

/** Bundles the TS modules the seed needs (demo data, password hashing) and imports them. */
async function loadSeedModules() {
  const result = await build({
    stdin: {
      contents: [
        'export { demoSeedSql, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SEED_COUNTS } from "./db/seed/demo.ts";',
        'export { hashPassword } from "./app/server/identity/password.server.ts";',
      ].join("\n"),
      resolveDir: root,
      sourcefile: "seed-entry.ts",
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

const devVars = readDevVars(join(root, ".dev.vars"));
const pepper = devVars.PASSWORD_PEPPER || LOCAL_DEFAULT_PEPPER;

const { demoSeedSql, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SEED_COUNTS, hashPassword } = await loadSeedModules();

const passwordHash = await hashPassword(DEMO_PASSWORD, pepper);
const statements = demoSeedSql(passwordHash);

const workDir = mkdtempSync(join(tmpdir(), "partwise-seed-"));
const sqlFile = join(workDir, "demo-seed.sql");
writeFileSync(sqlFile, statements.join("\n") + "\n");

const wranglerArgs = ["wrangler", "d1", "execute", "DB", "--local", "--file", sqlFile];
if (persistTo) wranglerArgs.push("--persist-to", persistTo);

const run = spawnSync("npx", wranglerArgs, {
  cwd: root,
  encoding: "utf8",
  env: {
    ...process.env,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    CI: process.env.CI ?? "true",
  },
});
rmSync(workDir, { recursive: true, force: true });

if (run.status !== 0) {
  process.stderr.write(run.stdout ?? "");
  process.stderr.write(run.stderr ?? "");
  fail(`wrangler d1 execute failed (exit ${run.status ?? run.signal}). Did the migrations run first?`);
}

const roles = DEMO_ACCOUNTS.reduce((acc, a) => ({ ...acc, [a.role]: (acc[a.role] ?? 0) + 1 }), {});
console.log(
  `seed: local D1${persistTo ? ` (${persistTo})` : ""} has the demo data: ` +
    `${DEMO_SEED_COUNTS.users} users (${roles.client ?? 0} client, ${roles.manager ?? 0} manager, ` +
    `${roles.consultant ?? 0} consultants), ${DEMO_SEED_COUNTS.businesses} business, ` +
    `${DEMO_SEED_COUNTS.consultantProfiles} consultant profiles with ${DEMO_SEED_COUNTS.consultantExperiences} past clients, ` +
    `${DEMO_SEED_COUNTS.insightRequests} insight requests (one delivered, one waiting for a manager); existing rows kept. ` +
    `Sign in as ${DEMO_ACCOUNTS[0].email} / ${DEMO_PASSWORD}.`,
);
