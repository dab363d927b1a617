import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * Browser tests: Vitest in Node drives Debian's Chromium through playwright-core against a real
 * `wrangler dev`. `npm run test:e2e` (scripts/e2e.mjs) starts the server and passes E2E_BASE_URL;
 * run directly (`vitest run --config vitest.e2e.config.ts`), the global setup starts one itself.
 */
export default defineConfig({
  // Tests import app/lib helpers, which import each other through the ~/ and ~db/ aliases.
  plugins: [tsconfigPaths()],
  test: {
    name: "e2e",
    environment: "node",
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    fileParallelism: false,
    // The files of a stream run in one process and share its modules (playwright-core, the
    // helpers) and one Chromium: a file no longer pays for importing them and launching a browser
    // (7 files: 97 s against 113 s). Each test still has a browser context of its own.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/e2e-vitest.json" },
  },
});
