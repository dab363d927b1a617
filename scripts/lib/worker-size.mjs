// The size of the Worker a deploy uploads (issue #17 item 7): `wrangler deploy --dry-run` bundles
// it exactly as a deploy would (wrangler.toml, production defines) into a temporary folder with
// esbuild's metafile; we gzip every uploaded module with node:zlib (Cloudflare's limit is on the
// compressed size) and group the bundle's bytes by npm package, so the largest server dependencies
// can be named.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

/** The goal from the issue: the deployed Worker under 1 MB gzipped (1 MB = 1,000,000 bytes). */
export const WORKER_GZIP_BUDGET_BYTES = 1_000_000;

/** "node_modules/@remix-run/server-runtime/dist/x.js" → "@remix-run/server-runtime"; app code → its top folder. */
export function packageOf(input) {
  const parts = input.split(/[\\/]/);
  const at = parts.lastIndexOf("node_modules");
  if (at >= 0) {
    const name = parts[at + 1] ?? "?";
    return name.startsWith("@") ? `${name}/${parts[at + 2] ?? "?"}` : name;
  }
  if (input.startsWith("build/server")) return "build/server (the app's Remix server build)";
  return parts.length > 1 ? `${parts[0]}/` : input;
}

/** Bytes in the output by package, largest first, from an esbuild metafile's outputs. */
export function bytesByPackage(metafile) {
  const totals = new Map();
  for (const output of Object.values(metafile.outputs ?? {})) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs ?? {})) {
      const name = packageOf(input);
      totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...totals].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Bundles the Worker with `wrangler deploy --dry-run` (needs `npm run build` first) and returns
 * its uploaded modules' raw and gzipped sizes and the bytes per package.
 */
export async function measureWorker(root) {
  const outdir = mkdtempSync(path.join(os.tmpdir(), "partwise-worker-size-"));
  try {
    const metafilePath = path.join(outdir, "bundle-meta.json");
    await promisify(execFile)(
      path.join(root, "node_modules", ".bin", "wrangler"),
      ["deploy", "--dry-run", "--outdir", outdir, "--metafile", metafilePath],
      {
        cwd: root,
        env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const modules = filesUnder(outdir)
      .filter((file) => file !== metafilePath && /\.(m?js|wasm|bin|txt|html|json)$/.test(file))
      .filter((file) => !file.endsWith(".map") && !file.endsWith("README.md"));
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of modules) {
      const content = readFileSync(file);
      rawBytes += content.length;
      gzipBytes += gzipSync(content, { level: 9 }).length;
    }
    const metafile = JSON.parse(readFileSync(metafilePath, "utf8"));
    return { rawBytes, gzipBytes, modules: modules.length, packages: bytesByPackage(metafile) };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The report bench prints: the total against the goal and the ten largest packages. */
export function formatWorkerSize(size, top = 10) {
  const lines = [
    `Worker (wrangler deploy --dry-run): ${kb(size.gzipBytes)} gzipped, ${kb(size.rawBytes)} raw, ` +
      `${size.modules} module(s); goal under ${kb(WORKER_GZIP_BUDGET_BYTES)} gzipped`,
    "Largest parts of the bundle (raw bytes in the output):",
  ];
  for (const { name, bytes } of size.packages.slice(0, top)) lines.push(`  ${kb(bytes).padStart(10)}  ${name}`);
  return lines.join("\n");
}
