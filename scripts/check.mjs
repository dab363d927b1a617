#!/usr/bin/env node
// `npm run check`: everything CI checks.
//   1. npm test (skipped with --skip-tests, e.g. when CI has just run it)
//   2. schema drift: `drizzle-kit generate` must find nothing new to migrate
//   3. `wrangler deploy --dry-run`: the deploy bundle builds offline
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { bin, capture, quietEnv, ROOT, run } from "./lib/proc.mjs";

const skipTests = process.argv.includes("--skip-tests");
const env = quietEnv();
const failures = [];

/** Every file under migrations/ with its content, to detect and undo what drizzle-kit writes. */
function snapshot(dir) {
  const files = new Map();
  if (!existsSync(dir)) return files;
  const walk = (current) => {
    for (const name of readdirSync(current)) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(full, readFileSync(full));
    }
  };
  walk(dir);
  return files;
}

async function schemaDrift() {
  const dir = path.join(ROOT, "migrations");
  const before = snapshot(dir);
  console.log("\n▶ schema drift: drizzle-kit generate");
  const result = await capture(bin("drizzle-kit"), ["generate"], { env, timeoutMs: 120_000 });
  const after = snapshot(dir);
  const added = [...after.keys()].filter((file) => !before.has(file));
  const changed = [...before.keys()].filter((file) => after.has(file) && !after.get(file).equals(before.get(file)));
  // Put migrations/ back exactly as it was, whatever drizzle-kit did.
  for (const file of added) rmSync(file, { force: true });
  for (const file of changed) writeFileSync(file, before.get(file));
  for (const sub of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, sub.name);
    if (
      sub.isDirectory() &&
      readdirSync(full).length === 0 &&
      ![...before.keys()].some((f) => f.startsWith(full + path.sep))
    ) {
      rmSync(full, { recursive: true, force: true });
    }
  }
  if (result.code !== 0) {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    return `drizzle-kit generate failed (exit ${result.code})`;
  }
  if (added.length || changed.length) {
    const list = [...added, ...changed].map((file) => `  ${path.relative(ROOT, file)}`).join("\n");
    return `db/schema/ and migrations/ disagree: drizzle-kit generate wanted to write\n${list}\nRun \`npm run db:generate\` and commit the new migration.`;
  }
  console.log("  no schema drift");
  return null;
}

async function deployDryRun() {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    const code = await run(bin("remix"), ["vite:build"], { env, label: "build (for the deploy bundle)" });
    if (code !== 0) return `remix vite:build failed (exit ${code})`;
  }
  const outdir = await mkdtemp(path.join(os.tmpdir(), "partwise-deploy-"));
  try {
    const code = await run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
      env,
      label: "deploy dry run",
    });
    return code === 0 ? null : `wrangler deploy --dry-run failed (exit ${code})`;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

if (!skipTests) {
  const code = await run("npm", ["test"], { env, label: "tests" });
  if (code !== 0) failures.push(`npm test failed (exit ${code})`);
}
for (const step of [schemaDrift, deployDryRun]) {
  const failure = await step();
  if (failure) failures.push(failure);
}

if (failures.length) {
  console.error(`\ncheck failed:\n- ${failures.join("\n- ")}`);
  process.exitCode = 1;
} else {
  console.log("\ncheck passed");
}
