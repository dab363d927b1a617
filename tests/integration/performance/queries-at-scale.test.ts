import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/server/identity/password.server";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { jobs, notifications, purchases, users } from "~db/schema";
import { FANOUT_PAGES_PER_INVOCATION } from "~/server/finance/monthly-refresh.server";
import { SEND_BATCH_LIMIT } from "~/server/platform/queues.server";
import {
  DEMO_BUSINESS,
  DEMO_CLIENT,
  DEMO_CONSULTANTS,
  DEMO_INSIGHTS,
  DEMO_MANAGER,
  DEMO_PASSWORD,
  demoSeedSql,
} from "~db/seed/demo";
import worker from "../../../functions/worker";
import { columnNames, isSelect, recordD1, type RecordedStatement } from "../helpers/d1-recorder";
import { copyRow, multiplyTenants, userTables } from "../helpers/scale-seed";
import {
  createBusinessEngagement,
  createMatchRequestRow,
  db,
  LOCAL_PEPPER,
  ORIGIN,
  SESSION_COOKIE,
  sessionTokenFrom,
  signIn,
} from "../helpers";

/**
 * Issue #17: at most two sequential D1 round trips per document (counted on a recording D1
 * binding, see helpers/d1-recorder.ts), no batch with two result columns of one name, and every
 * tenant query behind the client's pages on an index at 10,000 businesses.
 */

const MAX_WAVES = 2;
const consultant1 = DEMO_CONSULTANTS[0];

type Page = { role: "client" | "manager" | "consultant"; path: string };
const tokens: Record<Page["role"], string> = { client: "", manager: "", consultant: "" };
/** The SELECTs the dashboard, features, insight, match and engagement pages issued. */
const tenantQueries = new Map<string, RecordedStatement & { path: string }>();
let pages: Page[] = [];

async function signInAs(email: string) {
  const token = sessionTokenFrom(await signIn(email, DEMO_PASSWORD));
  if (!token) throw new Error(`could not sign in ${email}`);
  return token;
}

beforeAll(async () => {
  const hash = await hashPassword(DEMO_PASSWORD, LOCAL_PEPPER);
  for (const statement of demoSeedSql(hash)) await env.DB.prepare(statement).run();
  const [consultantUser] = await db().select().from(users).where(eq(users.email, consultant1.email));
  const active = await createBusinessEngagement(DEMO_BUSINESS.id, "active", { consultantId: consultantUser.id });
  await createBusinessEngagement(DEMO_BUSINESS.id, "complete", { consultantId: consultantUser.id });
  const submitted = await createMatchRequestRow(DEMO_BUSINESS.id);
  const [client] = await db().select().from(users).where(eq(users.email, DEMO_CLIENT.email));
  await db()
    .insert(notifications)
    .values([
      { id: "perf-n1", userId: client.id, businessId: DEMO_BUSINESS.id, kind: "insight_ready", title: "Ready" },
      { id: "perf-n2", userId: consultantUser.id, kind: "candidate_proposed", title: "Proposed" },
    ]);
  tokens.client = await signInAs(DEMO_CLIENT.email);
  tokens.manager = await signInAs(DEMO_MANAGER.email);
  tokens.consultant = await signInAs(consultant1.email);
  const engagementId = active.outline.id;
  const [paid] = await db()
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.businessId, DEMO_BUSINESS.id), eq(purchases.status, "paid")))
    .limit(1);
  if (!paid) throw new Error("The seeded demo business has no paid purchase to open a receipt of.");
  pages = [
    ...[
      "/dashboard",
      "/features",
      "/features?focus=Insights",
      "/features?focus=Matching",
      "/features?focus=Engagements",
      "/features?focus=Benchmarking",
      "/features?focus=Documents",
      `/features?matchId=${submitted.id}`,
      `/features?matchId=${active.match.id}`,
      businessEngagementPath(engagementId),
      `/insight-discovery?type=REPORT&id=${DEMO_INSIGHTS.delivered.requestId}`,
      "/create-insight",
      "/create-match",
      "/engagement-portal",
      "/benchmarking",
      "/company-profile",
      "/learning",
      "/events",
      "/notifications",
      `/receipts/${paid.id}`,
    ].map((path) => ({ role: "client" as const, path })),
    ...[
      "/manage",
      "/manage/insights",
      "/manage/matches",
      `/manage/matches/${submitted.id}`,
      "/manage/engagements",
      `/manage/engagements/${engagementId}`,
      "/manage/consultants",
      "/manage/events",
      "/manage/learning",
      "/manage/notifications",
      "/manage/support",
      "/manage/money",
    ].map((path) => ({ role: "manager" as const, path })),
    ...[
      "/consultant",
      "/consultant/candidacies",
      "/consultant/engagements",
      `/consultant/engagements/${engagementId}`,
      "/consultant/documents",
      "/consultant/notifications",
      "/consultant/payouts",
    ].map((path) => ({ role: "consultant" as const, path })),
  ];
});

/** The dashboard, features, insight, match and engagement pages, of the client, the console (its home and money desk too) and the portal. */
const TENANT_PAGES =
  /^\/(dashboard|features|insight-discovery|create-insight|create-match|engagement-portal|manage($|\/(insights|matches|engagements|money))|consultant($|\/candidacies|\/engagements))/;

describe("sequential D1 round trips per document", () => {
  it("serves every document page in at most two waves, with no batch repeating a column name", async () => {
    const recorder = recordD1(env.DB);
    const testEnv = { ...env, DB: recorder.db };
    const measured: Record<string, number | string> = {};
    const duplicates: string[] = [];
    for (const page of pages) {
      recorder.reset();
      const ctx = createExecutionContext();
      const response = await worker.fetch(
        new Request(`${ORIGIN}${page.path}`, {
          headers: { Cookie: `${SESSION_COOKIE}=${tokens[page.role]}` },
        }) as Request<unknown, IncomingRequestCfProperties>,
        testEnv,
        ctx,
      );
      await response.text();
      const waves = recorder.waves();
      const calls = [...recorder.calls];
      await waitOnExecutionContext(ctx);
      measured[`${page.role} ${page.path}`] = response.status === 200 ? waves : `HTTP ${response.status}`;
      for (const call of calls) {
        if (call.kind === "batch") {
          for (const statement of call.statements.filter((s) => isSelect(s.sql))) {
            const names = await columnNames(env.DB, statement);
            const repeated = names.filter((name, index) => names.indexOf(name) !== index);
            if (repeated.length > 0) duplicates.push(`${page.path}: ${repeated.join(", ")} in ${statement.sql}`);
          }
        }
        if (TENANT_PAGES.test(page.path)) {
          for (const statement of call.statements.filter((s) => isSelect(s.sql))) {
            tenantQueries.set(`${statement.sql} ${JSON.stringify(statement.params)}`, {
              ...statement,
              path: page.path,
            });
          }
        }
      }
    }
    console.log("Sequential D1 round trips per document:\n" + JSON.stringify(measured, null, 2));
    expect(duplicates).toEqual([]);
    const overBudget = Object.entries(measured).filter(([, waves]) => typeof waves !== "number" || waves > MAX_WAVES);
    expect(overBudget).toEqual([]);
  });
});

const TARGET_BUSINESSES = 10_000;

/**
 * Tables with user-owned rows that may be scanned whole, with the reason. Everything else with a
 * business_id or user_id column is a tenant table and must be reached through an index.
 */
const SCAN_EXCEPTIONS: { path: RegExp; table: string; reason: string }[] = [
  {
    path: /^\/manage\/engagements$/,
    table: "delivery_items",
    reason:
      "the manager's console lists every engagement on the platform with its overdue and in-revision counts, " +
      "so it reads every item of every engagement; paginating that list is the fix past one database (ADR 040)",
  },
];

/** The table behind each name a plan may use (a table's own name or an alias in the SQL). */
function aliasesOf(sql: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of sql.matchAll(/(?:from|join)\s+"([a-z_]+)"(?:\s+(?:as\s+)?"([a-z_]+)")?/gi)) {
    map.set(match[2] ?? match[1], match[1]);
    map.set(match[1], match[1]);
  }
  return map;
}

describe(`query plans at ${TARGET_BUSINESSES.toLocaleString("en-US")} businesses`, () => {
  it("reaches every tenant table behind the dashboard, features, insight, match and engagement pages through an index", async () => {
    const [{ n: seeded }] = (await env.DB.prepare("SELECT COUNT(*) AS n FROM businesses").all<{ n: number }>()).results;
    const copies = Math.ceil(TARGET_BUSINESSES / seeded) - 1;
    const grown = await multiplyTenants(env.DB, copies);

    const tables = await userTables(env.DB);
    const tenantTables = new Set<string>();
    const rows: Record<string, { rows: number; kB: number }> = {};
    for (const table of tables) {
      const columns = (
        await env.DB.prepare("SELECT name FROM pragma_table_info(?)").bind(table).all<{ name: string }>()
      ).results.map((row) => row.name);
      if (["businesses", "users"].includes(table) || columns.some((c) => ["business_id", "user_id"].includes(c))) {
        tenantTables.add(table);
      }
      const [{ n }] = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).all<{ n: number }>()).results;
      rows[table] = { rows: n, kB: 0 };
    }
    for (const [table, bytes] of Object.entries(grown.bytesAdded)) {
      rows[table].kB = Math.round((bytes * (copies + 1)) / copies / 1024);
    }
    console.log(
      `Tables at ${TARGET_BUSINESSES} businesses (${seeded} seeded, ×${copies + 1}); database ${(grown.sizeAfter / 1048576).toFixed(1)} MB; kB per table: rows and index entries:\n` +
        JSON.stringify(Object.fromEntries(Object.entries(rows).filter(([, value]) => value.rows > 0)), null, 1),
    );
    expect(rows.businesses.rows).toBeGreaterThanOrEqual(TARGET_BUSINESSES);
    // No ANALYZE: the copies share the demo's few consultants (one consultant has every copy's
    // engagements), statistics would call their indexes unselective; without statistics SQLite
    // plans as on real data, where a consultant has a handful of engagements.

    expect(tenantQueries.size).toBeGreaterThan(20);
    const scans: string[] = [];
    const seen = new Set<string>();
    for (const query of tenantQueries.values()) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .bind(...query.params)
        .all<{ detail: string }>();
      const aliases = aliasesOf(query.sql);
      for (const { detail } of plan.results) {
        if (/^SCAN /.test(detail)) seen.add(detail);
        const scan = /^SCAN (\S+)(.*)$/.exec(detail);
        if (!scan || /USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(scan[2])) continue;
        const table = aliases.get(scan[1]) ?? scan[1];
        if (!tenantTables.has(table)) continue;
        if (SCAN_EXCEPTIONS.some((e) => e.table === table && e.path.test(query.path))) continue;
        scans.push(`${query.path}: ${detail} (${table}) in ${query.sql}`);
      }
    }
    console.log(`${tenantQueries.size} tenant queries explained; their scans:\n${[...seen].sort().join("\n")}`);
    expect([...new Set(scans)]).toEqual([]);
  });
});

const FANOUT_BUSINESSES = 100_000;
/** Cloudflare's documented limits (docs/decisions/040-d1-at-scale.md). */
const LIMITS = {
  messagesPerSendBatch: 100,
  bytesPerSendBatch: 256_000,
  bytesPerMessage: 128_000,
  d1QueriesPerInvocation: 1000,
};

describe(`the monthly finance refresh at ${FANOUT_BUSINESSES.toLocaleString("en-US")} connected businesses`, () => {
  it("enqueues every business once, in batches within the Queues limits, each invocation within D1's", async () => {
    await env.DB.prepare(
      `INSERT INTO accounting_connections (id, business_id, realm_id, access_token_ciphertext, access_token_expires_at,
         refresh_token_ciphertext, refresh_token_expires_at, status, connected_at, created_at, updated_at)
       SELECT 'conn-' || id, id, 'realm', 'x', 0, 'x', 0, 'connected', 0, 0, 0 FROM businesses
       WHERE id NOT IN (SELECT business_id FROM accounting_connections)`,
    ).run();
    // Every business connected, then more connected businesses copied from the demo's.
    const [{ n: have }] = (await env.DB.prepare("SELECT COUNT(*) AS n FROM businesses").all<{ n: number }>()).results;
    const more = FANOUT_BUSINESSES - have;
    const [client] = await db().select().from(users).where(eq(users.email, DEMO_CLIENT.email));
    await copyRow(env.DB, "users", client.id, more, {
      id: "'fan-user-' || seq.n",
      email: "'fan-' || seq.n || '@example.test'",
    });
    await copyRow(env.DB, "businesses", DEMO_BUSINESS.id, more, {
      id: "'fan-biz-' || seq.n",
      owner_user_id: "'fan-user-' || seq.n",
    });
    await copyRow(env.DB, "accounting_connections", `conn-${DEMO_BUSINESS.id}`, more, {
      id: "'fan-conn-' || seq.n",
      business_id: "'fan-biz-' || seq.n",
    });
    const [{ n: connected }] = (
      await env.DB.prepare("SELECT COUNT(*) AS n FROM accounting_connections WHERE status = 'connected'").all<{
        n: number;
      }>()
    ).results;
    expect(connected).toBeGreaterThanOrEqual(FANOUT_BUSINESSES);

    // The real producer binding, recorded: every sendBatch is checked against the limits; the
    // first one reaches the real queue (its consumer would build a report per job, so the rest
    // are only recorded), the continuations are delivered below through the Worker's queue entry.
    const sent: string[] = [];
    const batchSizes: number[] = [];
    const continuations: unknown[] = [];
    const violations: string[] = [];
    const realQueue = env.FINANCE_REPORT_QUEUE;
    const queue = {
      async sendBatch(messages: MessageSendRequest<unknown>[]) {
        const bytes = new TextEncoder().encode(JSON.stringify(messages.map((m) => m.body))).length;
        if (messages.length > LIMITS.messagesPerSendBatch) violations.push(`${messages.length} messages in one batch`);
        if (bytes > LIMITS.bytesPerSendBatch) violations.push(`${bytes} bytes in one batch`);
        batchSizes.push(messages.length);
        for (const message of messages) sent.push((message.body as { jobId: string }).jobId);
        if (batchSizes.length === 1) await realQueue.sendBatch(messages);
      },
      async send(body: unknown) {
        if (new TextEncoder().encode(JSON.stringify(body)).length > LIMITS.bytesPerMessage)
          violations.push("message too large");
        continuations.push(body);
      },
    };
    const invocations: { statements: number; d1Calls: number; queueCalls: number }[] = [];
    const run = async (invoke: (testEnv: typeof env) => Promise<void>) => {
      const recorder = recordD1(env.DB);
      const before = { batches: batchSizes.length, continued: continuations.length };
      await invoke({ ...env, DB: recorder.db, FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown> });
      invocations.push({
        statements: recorder.calls.reduce((sum, call) => sum + call.statements.length, 0),
        d1Calls: recorder.calls.length,
        queueCalls: batchSizes.length - before.batches + continuations.length - before.continued,
      });
    };

    const january1 = Date.UTC(2027, 0, 1, 6, 0, 0); // the fake clock: the cron's scheduled time
    await run(async (testEnv) => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: "0 6 1 * *", scheduledTime: january1 }), testEnv, ctx);
      await waitOnExecutionContext(ctx);
    });
    let delivered = 0;
    while (delivered < continuations.length) {
      const body = continuations[delivered++];
      await run(async (testEnv) => {
        const ctx = createExecutionContext();
        const batch = createMessageBatch("finance-report", [
          { id: `continue-${delivered}`, timestamp: new Date(january1), attempts: 1, body },
        ]);
        await worker.queue(batch, testEnv, ctx);
        await waitOnExecutionContext(ctx);
      });
    }

    const [{ n: recorded }] = (
      await env.DB.prepare("SELECT COUNT(*) AS n FROM jobs WHERE period = '2027-01' AND kind = 'finance_report'").all<{
        n: number;
      }>()
    ).results;
    console.log(
      `Monthly fan-out: ${connected} connected businesses, ${recorded} jobs, ${sent.length} messages in ` +
        `${batchSizes.length} sendBatch calls (largest ${Math.max(...batchSizes)}), ${invocations.length} invocations ` +
        `(1 cron + ${continuations.length} continuations), per invocation at most ` +
        `${Math.max(...invocations.map((i) => i.statements))} D1 statements in ${Math.max(...invocations.map((i) => i.d1Calls))} calls ` +
        `and ${Math.max(...invocations.map((i) => i.queueCalls))} queue calls`,
    );
    expect(violations).toEqual([]);
    expect(recorded).toBe(connected);
    expect(new Set(sent).size).toBe(connected);
    expect(sent).toHaveLength(connected);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(SEND_BATCH_LIMIT);
    expect(Math.max(...invocations.map((i) => i.statements))).toBeLessThanOrEqual(LIMITS.d1QueriesPerInvocation);
    expect(invocations).toHaveLength(Math.ceil(connected / (SEND_BATCH_LIMIT * FANOUT_PAGES_PER_INVOCATION)));
    expect(await db().select().from(jobs).where(eq(jobs.period, "2027-01")).limit(1)).toHaveLength(1);
  }, 180_000);
});
