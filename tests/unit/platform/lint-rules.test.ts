import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The house rules `npm run lint` enforces, run through the repository's own eslint.config.js on
 * sources placed (by path, never written to disk) in the folder they would sit in: each domain
 * owns its tables (partwise/table-ownership, ADR 057) and app/server answers no HTTP (ADR 019, 056).
 */
const ROOT = path.resolve(__dirname, "../../..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, cache: false });
});

type Finding = { rule: string | null; message: string };

/** What lint says about `code` at `file` (a path from the repository's root). */
async function lint(file: string, code: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const ownership = (findings: Finding[]) =>
  findings.filter((f) => f.rule === "partwise/table-ownership").map((f) => f.message);

const FILES_WRITE = `import { eq } from "drizzle-orm";
import type { Database } from "~db/index";
import { files } from "~db/schema";

export function renameFile(db: Database, id: string, name: string) {
  return db.update(files).set({ originalName: name }).where(eq(files.id, id));
}
`;

describe("partwise/table-ownership (ADR 057)", () => {
  it("refuses a drizzle write to another domain's table, naming its owner", async () => {
    expect(ownership(await lint("app/server/engagements/probe.server.ts", FILES_WRITE))).toEqual([
      "engagements may not write files (owned by files): call a function of app/server/files (ADR 057)",
    ]);
  });

  it("lets the owner write its own table", async () => {
    expect(await lint("app/server/files/probe.server.ts", FILES_WRITE)).toEqual([]);
  });

  it("allows no domain another's table: the documents hub's company documents go through app/server/files", async () => {
    // documents.server.ts was allow-listed for files until the files domain answered its statements.
    expect(ownership(await lint("app/server/documents/documents.server.ts", FILES_WRITE))).toEqual([
      "documents may not write files (owned by files): call a function of app/server/files (ADR 057)",
    ]);
  });

  it("follows a renamed import and a member of the schema", async () => {
    const code = `import type { Database } from "~db/index";
import * as schema from "~db/schema";
import { jobs as queued } from "~db/schema";

export const dropAll = (db: Database) => [db.delete(queued), db.insert(schema.purchases).values([])];
`;
    expect(ownership(await lint("app/server/finance/probe.server.ts", code))).toEqual([
      "finance may not write jobs (owned by platform): call a function of app/server/platform (ADR 057)",
      "finance may not write purchases (owned by payments): call a function of app/server/payments (ADR 057)",
    ]);
  });

  it("reads raw SQL: INSERT OR …, UPDATE and DELETE FROM by table name or interpolated table", async () => {
    const code = `import { sql } from "drizzle-orm";
import { matchRequests } from "~db/schema";

export const a = sql\`UPDATE match_requests SET status = 'completed' WHERE id = \${"x"}\`;
export const b = "INSERT OR IGNORE INTO notifications (id) VALUES (?)";
export const c = sql\`DELETE FROM \${matchRequests} WHERE id = \${"x"}\`;
export const d = sql\`SELECT count(*) FROM match_requests\`;
`;
    expect(ownership(await lint("app/server/engagements/probe.server.ts", code))).toEqual([
      "engagements may not write match_requests (owned by matching): call a function of app/server/matching (ADR 057)",
      "engagements may not write notifications (owned by notifications): call a function of app/server/notifications (ADR 057)",
      "engagements may not write match_requests (owned by matching): call a function of app/server/matching (ADR 057)",
    ]);
  });

  it("knows the owners the schema's file names do not give (transfers.ts → payouts)", async () => {
    const code = `import type { Database } from "~db/index";
import { consultantTransfers } from "~db/schema";

export const drop = (db: Database) => db.delete(consultantTransfers);
`;
    expect(await lint("app/server/payouts/probe.server.ts", code)).toEqual([]);
    expect(ownership(await lint("app/server/engagements/probe.server.ts", code))).toEqual([
      "engagements may not write consultant_transfers (owned by payouts): call a function of app/server/payouts (ADR 057)",
    ]);
  });

  it("lets routes and the Worker's entry points write no table at all", async () => {
    const code = FILES_WRITE;
    expect(ownership(await lint("app/routes/probe.tsx", code))).toEqual([
      "app/routes may not write files (owned by files): call a function of app/server/files (ADR 057)",
    ]);
    expect(ownership(await lint("functions/probe.ts", code))).toEqual([
      "functions/ may not write files (owned by files): call a function of app/server/files (ADR 057)",
    ]);
  });
});

describe("app/server answers no HTTP (ADR 019, 056)", () => {
  const HTTP_IN_ROUTES = "app/server returns results; the route turns them into HTTP answers (ADR 019, app/http).";

  it.each([
    ["data()", `import { data } from "@remix-run/cloudflare";\nexport const answer = () => data({ ok: true });\n`],
    ["redirect()", `import { redirect } from "@remix-run/cloudflare";\nexport const answer = () => redirect("/");\n`],
    ["json()", `import { json } from "@remix-run/node";\nexport const answer = () => json({ ok: true });\n`],
    ["new Response", `export const answer = () => new Response("no", { status: 404 });\n`],
    ["a thrown Response", `export function answer(): never {\n  throw new Response("no", { status: 404 });\n}\n`],
    ["Response.json()", `export const answer = () => Response.json({ ok: true });\n`],
  ])("refuses %s in app/server", async (_, code) => {
    const findings = await lint("app/server/matching/probe.server.ts", code);
    expect(findings.map((f) => f.message.replace(/^'\w+' import from '[^']+' is restricted\. /, ""))).toEqual([
      HTTP_IN_ROUTES,
    ]);
  });

  it("refuses app/http in app/server", async () => {
    const code = `import { formReply } from "~/http/reply.server";\nexport const answer = formReply;\n`;
    const findings = await lint("app/server/matching/probe.server.ts", code);
    expect(findings.map((f) => f.rule)).toEqual(["no-restricted-imports"]);
    expect(findings[0]!.message).toContain("It never imports app/http.");
  });

  it("leaves the answers to the routes", async () => {
    const code = `import { data, redirect } from "@remix-run/cloudflare";
export const loader = () => redirect("/");
export const action = () => (Math.random() > 2 ? data({ ok: true }) : new Response(null, { status: 204 }));
`;
    expect(await lint("app/routes/probe.tsx", code)).toEqual([]);
  });
});

describe("app/lib sits below the screens and routes", () => {
  it("refuses a value from a component, a route or the HTTP layer, and lets a type through", async () => {
    const code = `import { FileList } from "~/components/files/file-list";
import { loader } from "~/routes/_app.dashboard";
import { seeOther } from "~/http/http.server";
import type { BrowserFixtures } from "~/components/ui/pending-post";

export const parts = [FileList, loader, seeOther] as const;
export type Fixture = BrowserFixtures;
`;
    const findings = (await lint("app/lib/files/probe.ts", code)).filter((f) => f.rule === "no-restricted-imports");
    expect(findings.map((f) => f.message)).toEqual([
      "'~/components/files/file-list' import is restricted from being used by a pattern. app/lib sits below the screens and routes: they import it, never the other way.",
      "'~/routes/_app.dashboard' import is restricted from being used by a pattern. app/lib sits below the screens and routes: they import it, never the other way.",
      "'~/http/http.server' import is restricted from being used by a pattern. app/lib never imports server code.",
      "'~/http/http.server' import is restricted from being used by a pattern. app/lib sits below the screens and routes: they import it, never the other way.",
    ]);
  });
});
