import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm start`, `npm run bench` and the browser tests run `wrangler dev`, which bundles the Worker
// with NODE_ENV = "development" unless wrangler.toml's [define] says otherwise: React's development
// build, several times slower to render. Wrangler takes that value from its own NODE_ENV, so a
// dry-run deploy with NODE_ENV=development bundles exactly as `wrangler dev` does; esbuild leaves
// each bundled module's path in a comment, which names the React build it chose.
const ROOT = path.resolve(__dirname, "../..");
let outdir = "";
let bundle = "";

beforeAll(async () => {
  outdir = await mkdtemp(path.join(os.tmpdir(), "partwise-dry-run-"));
  await promisify(execFile)(
    path.join(ROOT, "node_modules", ".bin", "wrangler"),
    ["deploy", "--dry-run", "--outdir", outdir],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "development",
        CI: "true",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_SEND_METRICS: "false",
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  bundle = await readFile(path.join(outdir, "worker.js"), "utf8");
}, 120_000);

afterAll(async () => {
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

describe("the Worker that wrangler dev serves", () => {
  it("renders with React's production build", () => {
    expect(bundle).toContain("react-dom-server.browser.production.min.js");
    expect(bundle).toContain("react/cjs/react.production.min.js");
  });

  it("carries no React development build", () => {
    expect(bundle).not.toMatch(/react-dom-server\.[a-z]+\.development\.js/);
    expect(bundle).not.toContain("react/cjs/react.development.js");
    expect(bundle).not.toContain("react/cjs/react-jsx-runtime.development.js");
  });

  it("does not rename its functions at run time (wrangler.toml keep_names = false)", () => {
    // With esbuild's keep_names every function expression, closures included, is wrapped in
    // __name(fn, "name"), a property definition each time the closure is made.
    expect(bundle).not.toMatch(/\b__name\(/);
  });
});
