// ESLint flat config: JS + TypeScript recommended everywhere, React hooks rules for the app's
// components, and the right globals for each runtime (Workers/browser in app/, Node in scripts/).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "coverage/",
      "migrations/",
      "public/",
      "dist/",
      ".cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.serviceworker },
    },
    rules: {
      // `_`-prefixed names mark intentionally unused parameters and destructured leftovers.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // A suppression must say why (e.g. worker.ts imports build/server, which exists only after a
      // build, so @ts-expect-error would itself fail once built).
      "@typescript-eslint/ban-ts-comment": [
        "error",
        { "ts-expect-error": "allow-with-description", "ts-ignore": "allow-with-description", minimumDescriptionLength: 10 },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Node-side code: scripts, configs, seeds, the E2E driver.
    files: ["scripts/**/*.{js,mjs}", "*.{js,mjs,ts}", "db/seed/**/*.{ts,mjs}", "tests/e2e/**/*.ts", "drizzle.config.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
);
