import { defineConfig } from "vitest/config";

/**
 * Checks over the production build (build/client, build/server): run by `npm test` after the build
 * step, in plain Node. The JavaScript budgets per page and the React build the local server serves.
 */
export default defineConfig({
  test: {
    name: "bundle",
    environment: "node",
    include: ["tests/bundle/**/*.test.ts"],
    testTimeout: 60_000,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/bundle.json" },
  },
});
