// ESLint flat config: JS + TypeScript recommended everywhere, React hooks rules for the app's
// components, and the right globals for each runtime (Workers/browser in app/, Node in scripts/).
// Import cycles are checked by dpdm, not here (`npm run lint:cycles`, ADR 055).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// ADR 019: app/server returns results; routes (with the HTTP kit in app/http) turn them into answers.
const HTTP_IN_ROUTES = "app/server returns results; the route turns them into HTTP answers (ADR 019, app/http).";
const REMIX_ANSWERS = ["redirect", "data", "json", "redirectDocument", "replace"];
const noRemixAnswers = [
  "@remix-run/cloudflare",
  "@remix-run/node",
  "@remix-run/server-runtime",
  "@remix-run/react",
].map((name) => ({ name, importNames: REMIX_ANSWERS, message: HTTP_IN_ROUTES }));
const RELATIVE_ACROSS_FOLDERS = {
  group: ["../*"],
  message: "Import across folders with ~/ (app) or ~db/ (db), not ../.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "**/.wrangler/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "coverage/",
      "migrations/",
      "public/",
      "worker-configuration.d.ts",
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
        {
          "ts-expect-error": "allow-with-description",
          "ts-ignore": "allow-with-description",
          minimumDescriptionLength: 10,
        },
      ],
    },
  },
  {
    // Across folders the app imports through ~/ (app) and ~db/ (db), never ../, so a module can
    // move without its imports being rewritten by hand.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/load-context.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [RELATIVE_ACROSS_FOLDERS] }],
    },
  },
  {
    // Routes own HTTP (ADR 019): no Remix answer and no Response is built in app/server (the same
    // no-restricted-imports also keeps the rule above, as a later block's options replace it).
    files: ["app/server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: noRemixAnswers,
          patterns: [
            RELATIVE_ACROSS_FOLDERS,
            { group: ["~/http/*"], message: `${HTTP_IN_ROUTES} It never imports app/http.` },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='Response']:not(ThrowStatement > .argument)", message: HTTP_IN_ROUTES },
        { selector: "ThrowStatement > NewExpression[callee.name='Response']", message: HTTP_IN_ROUTES },
        { selector: "CallExpression[callee.object.name='Response']", message: HTTP_IN_ROUTES },
      ],
    },
  },
  {
    // load-context.ts is loaded by plain Node before the aliases exist (see above): ../ allowed.
    files: ["app/server/load-context.ts"],
    rules: { "no-restricted-imports": ["error", { paths: noRemixAnswers }] },
  },
  {
    // app/lib is pure and isomorphic: shared by the browser and the server, it never reaches for
    // server modules, drizzle or the table definitions (types aside); the allowed values of the
    // data model come from ~db/enums, which imports nothing.
    files: ["app/lib/**/*.{ts,tsx,mjs}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "~db/schema",
              allowTypeImports: true,
              message: "app/lib takes values from ~db/enums, not the schema.",
            },
            { name: "~db/index", message: "app/lib never touches the database." },
            { name: "drizzle-orm", message: "app/lib never imports drizzle." },
          ],
          patterns: [
            { group: ["../*"], message: "Import across folders with ~/ (app) or ~db/ (db), not ../." },
            { group: ["~/server/*", "**/server/*", "*.server"], message: "app/lib never imports server code." },
            { group: ["drizzle-orm/*"], message: "app/lib never imports drizzle." },
            {
              group: ["~db/schema/*"],
              allowTypeImports: true,
              message: "app/lib takes values from ~db/enums, not the schema.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Node-side code: scripts, the performance apparatus's scripts, configs, seeds, the E2E driver.
    files: [
      "scripts/**/*.{js,mjs}",
      "bench/**/*.{js,mjs}",
      "*.{js,mjs,ts}",
      "db/seed/**/*.{ts,mjs}",
      "tests/e2e/**/*.ts",
      "drizzle.config.ts",
    ],
    languageOptions: { globals: { ...globals.node } },
  },
);
