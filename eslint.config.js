// ESLint flat config: JS + TypeScript recommended everywhere, React hooks rules for the app's
// components, and the right globals for each runtime (Workers/browser in app/, Node in scripts/).
// Import cycles are checked by dpdm, not here (`npm run lint:cycles`, ADR 055).
import { readdirSync, readFileSync } from "node:fs";
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

// ---------------------------------------------------------------------------------------------
// Each domain owns its tables (ADR 057). The map is read from db/schema/*.ts at load time: every
// `export const x = sqliteTable("sql_name", …)` of db/schema/<file>.ts belongs to the domain
// app/server/<file>/, unless OWNER_EXCEPTIONS below names another, so a new table is covered
// without editing this file. columns.ts, index.ts and relations.ts declare no tables.
const SCHEMA_DIR = new URL("./db/schema/", import.meta.url);
/** Schema files (or single tables) whose owner is not the domain of the same name. */
const OWNER_EXCEPTIONS = {
  // consultant_transfers and item_refunds: paying consultants and refunding prepaid deliverables
  // (ADR 039), both written by app/server/payouts/transfers.server.ts.
  "transfers.ts": "payouts",
  // The email preferences are the notifications domain's (app/server/notifications/preferences*).
  "notification-preferences.ts": "notifications",
};

/** @returns {Map<string, { sqlName: string, owner: string }>} export name → its SQL name and owner */
function tableOwners() {
  const tables = new Map();
  for (const file of readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(".ts"))
    .sort()) {
    const text = readFileSync(new URL(file, SCHEMA_DIR), "utf8");
    const domain = OWNER_EXCEPTIONS[file] ?? file.replace(/\.ts$/, "");
    for (const m of text.matchAll(/export const (\w+) = sqliteTable\(\s*"([^"]+)"/g)) {
      tables.set(m[1], { sqlName: m[2], owner: OWNER_EXCEPTIONS[`table:${m[1]}`] ?? domain });
    }
  }
  if (tables.size === 0) throw new Error("eslint.config.js: no sqliteTable found in db/schema");
  return tables;
}
const TABLES = tableOwners();
const DOMAINS = readdirSync(new URL("./app/server/", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

// INSERT [OR REPLACE|IGNORE…] INTO, REPLACE INTO, UPDATE, DELETE FROM: what writes a table in SQLite.
const WRITE_KEYWORDS = String.raw`INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM`;
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const WRITE_SQL = [...TABLES.values()].map(({ sqlName, owner }) => ({
  sqlName,
  owner,
  re: new RegExp(`\\b(${WRITE_KEYWORDS})\\s+["\`]?${escapeRe(sqlName)}\\b`, "i"),
}));
const WRITE_SQL_END = new RegExp(`\\b(${WRITE_KEYWORDS})\\s+["\`]?$`, "i");

/**
 * partwise/table-ownership, option { domain }: a write (drizzle's .insert/.update/.delete(t), or
 * raw SQL naming the table) on a table the domain does not own. domain null (functions/,
 * app/routes) owns no table. Imports of the schema under another local name are followed.
 */
const tableOwnership = {
  meta: {
    type: "problem",
    schema: [{ type: "object", properties: { domain: { type: ["string", "null"] }, who: { type: "string" } } }],
    messages: {
      foreign:
        "{{who}} may not write {{table}} (owned by {{owner}}): call a function of app/server/{{owner}} (ADR 057)",
    },
  },
  create(context) {
    const { domain = null, who = domain } = context.options[0] ?? {};
    const local = new Map(); // local identifier → schema export name
    const report = (node, { sqlName: table, owner }) => {
      if (owner === domain) return;
      context.report({ node, messageId: "foreign", data: { who, table, owner } });
    };
    const tableOf = (node) => {
      if (node?.type === "Identifier") {
        const name = local.get(node.name) ?? node.name;
        return TABLES.has(name) ? name : null;
      }
      if (node?.type === "MemberExpression" && !node.computed && node.property.type === "Identifier") {
        return TABLES.has(node.property.name) ? node.property.name : null;
      }
      return null;
    };
    const checkSql = (node, text) => {
      for (const table of WRITE_SQL) {
        if (table.re.test(text)) report(node, table);
      }
    };
    return {
      // Imports first (they may follow their use in the source), so renamed tables are known.
      Program(program) {
        for (const node of program.body) {
          if (node.type !== "ImportDeclaration" || !/(^|\/)db\/schema(\/|$)|^~db\/schema/.test(node.source.value)) {
            continue;
          }
          for (const s of node.specifiers) {
            if (s.type === "ImportSpecifier" && s.imported.type === "Identifier")
              local.set(s.local.name, s.imported.name);
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier") return;
        if (!["insert", "update", "delete"].includes(callee.property.name)) return;
        const exportName = tableOf(node.arguments[0]);
        if (exportName) report(node, TABLES.get(exportName));
      },
      Literal(node) {
        if (typeof node.value === "string") checkSql(node, node.value);
      },
      TemplateLiteral(node) {
        checkSql(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join("?"));
        // sql`UPDATE ${table} SET …`: the table interpolated right after the keyword.
        node.quasis.forEach((q, i) => {
          const exportName = WRITE_SQL_END.test(q.value.raw) ? tableOf(node.expressions[i]) : null;
          if (exportName) report(node, TABLES.get(exportName));
        });
      },
    };
  },
};
const partwise = { rules: { "table-ownership": tableOwnership } };

const ownershipConfigs = [
  ...DOMAINS.map((domain) => ({
    files: [`app/server/${domain}/**/*.{ts,tsx}`],
    plugins: { partwise },
    rules: { "partwise/table-ownership": ["error", { domain }] },
  })),
  // The Worker's entry, queues and cron, and the routes, write no table: they call app/server.
  // app/server/load-context.ts builds the context and writes nothing either.
  ...[
    ["functions/**/*.ts", "functions/"],
    ["app/routes/**/*.{ts,tsx}", "app/routes"],
    ["app/server/*.ts", "app/server"],
  ].map(([glob, who]) => ({
    files: [glob],
    plugins: { partwise },
    rules: { "partwise/table-ownership": ["error", { domain: null, who }] },
  })),
];

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
    // server modules, the screens or routes above it (types aside), drizzle or the table
    // definitions (types aside); the allowed values of the
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
            {
              group: ["~/components/*", "~/routes/*", "~/http/*"],
              allowTypeImports: true,
              message: "app/lib sits below the screens and routes: they import it, never the other way.",
            },
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
  ...ownershipConfigs,
);
