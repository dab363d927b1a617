import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/server/identity/password.server";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { notifications, users } from "~db/schema";
import { DEMO_BUSINESS, DEMO_CLIENT, DEMO_CONSULTANTS, DEMO_INSIGHTS, DEMO_MANAGER, DEMO_PASSWORD, demoSeedSql } from "~db/seed/demo";
import worker from "../../../functions/worker";
import { columnNames, isSelect, recordD1, type RecordedStatement } from "../helpers/d1-recorder";
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
/** The SELECTs the client's dashboard, features, insight, match and engagement pages issued. */
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
    ].map((path) => ({ role: "manager" as const, path })),
    ...[
      "/consultant",
      "/consultant/candidacies",
      "/consultant/engagements",
      `/consultant/engagements/${engagementId}`,
      "/consultant/documents",
      "/consultant/notifications",
    ].map((path) => ({ role: "consultant" as const, path })),
  ];
});

const TENANT_PAGES = /^\/(dashboard|features|insight-discovery|create-insight|create-match|engagement-portal)/;

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
        if (page.role === "client" && TENANT_PAGES.test(page.path)) {
          for (const statement of call.statements.filter((s) => isSelect(s.sql))) {
            tenantQueries.set(`${statement.sql} ${JSON.stringify(statement.params)}`, { ...statement, path: page.path });
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
