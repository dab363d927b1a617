import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/** Unit tests: pure modules (app/lib, app/server helpers) in plain Node, no Workers runtime. */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    name: "unit",
    environment: "node",
    // One process for all the files, modules loaded once (ADR 055): the tests are pure and restore
    // what they change (process.env.TZ), so isolation cost 110 of 137 s. Forks, not threads: a
    // worker thread does not see process.env.TZ changes.
    pool: "forks",
    isolate: false,
    // bench/: the performance apparatus's own unit tests (bench/README.md).
    include: ["tests/unit/**/*.test.ts", "bench/tests/unit/**/*.test.ts"],
    passWithNoTests: true,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/unit.json" },
  },
});
