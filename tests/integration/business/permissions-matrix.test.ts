import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_MEMBER_ROLES, type BusinessMemberRole } from "~db/enums";
import { can, ROLE_FORBIDDEN_MESSAGE, type BusinessAction } from "~/lib/business/permissions";
import { signedInTeam } from "../../factories";
import { and, eq } from "drizzle-orm";
import { businessMembers, businesses as businessesTable, sessions } from "~db/schema";
import { call, createBusiness, db, html, postForm, sha256Hex } from "../helpers";

/**
 * Issue #38 item 1: the permission MATRIX. Every client JSON write and every page action of the
 * client app, posted by each role of one business (owner, admin, member, viewer): a role the
 * table (app/lib/business/permissions.ts) allows is not refused for its role (whatever the request
 * then answers: most of these bodies are empty, so 400), a role it does not gets 403 with
 * ROLE_FORBIDDEN_MESSAGE, and a viewer's attempts leave every table as it was.
 */

type Endpoint = { name: string; action: BusinessAction; send: (token: string) => Promise<Response> };

const json =
  (method: string, path: string, body: unknown = {}) =>
  (token: string) =>
    call(path, { method, json: body, cookie: token });
const form = (path: string, fields: Record<string, string>) => (token: string) => postForm(path, fields, token);

let team: Awaited<ReturnType<typeof signedInTeam>>;
beforeAll(async () => {
  team = await signedInTeam();
});

const API: Endpoint[] = [
  { name: "POST /api/benchmarking/create", action: "pay", send: json("POST", "/api/benchmarking/create") },
  {
    name: "PUT /api/client/business/updateInfo",
    action: "changeSettings",
    send: json("PUT", "/api/client/business/updateInfo"),
  },
  {
    name: "PUT /api/client/business/updateInsightMarketing",
    action: "changeSettings",
    send: json("PUT", "/api/client/business/updateInsightMarketing"),
  },
  {
    name: "PUT /api/delivery-outline/business/item-review",
    action: "reviewDeliverables",
    send: json("PUT", "/api/delivery-outline/business/item-review"),
  },
  {
    name: "PUT /api/delivery-outline/change-active-item",
    action: "reviewDeliverables",
    send: json("PUT", "/api/delivery-outline/change-active-item"),
  },
  {
    name: "PUT /api/delivery-outline/submit-business-review",
    action: "sign",
    send: json("PUT", "/api/delivery-outline/submit-business-review"),
  },
  {
    name: "DELETE /api/file-handling/delete-file/:fileName",
    action: "useHub",
    send: (token) => call("/api/file-handling/delete-file/nothing.pdf", { method: "DELETE", cookie: token }),
  },
  {
    name: "POST /api/file-handling/upload-files",
    action: "useHub",
    send: (token) => call("/api/file-handling/upload-files", { method: "POST", body: new FormData(), cookie: token }),
  },
  {
    name: "PUT /api/insight/insight-report/feedback",
    action: "requestInsights",
    send: json("PUT", "/api/insight/insight-report/feedback"),
  },
  {
    name: "POST /api/insight/insightRequest/create",
    action: "requestInsights",
    send: json("POST", "/api/insight/insightRequest/create"),
  },
  {
    name: "PUT /api/insight/insightRequest/successful-payment",
    action: "pay",
    send: json("PUT", "/api/insight/insightRequest/successful-payment"),
  },
  {
    name: "PUT /api/insight/value-insight/feedback",
    action: "requestInsights",
    send: json("PUT", "/api/insight/value-insight/feedback"),
  },
  {
    name: "PUT /api/matching/matchRequest/business-decision/:id",
    action: "decideCandidates",
    send: json("PUT", "/api/matching/matchRequest/business-decision/missing"),
  },
  {
    name: "POST /api/matching/matchRequest/create-from-report/:id",
    action: "requestMatches",
    send: json("POST", "/api/matching/matchRequest/create-from-report/missing"),
  },
  {
    name: "POST /api/matching/matchRequest/create-from-value-insight/:id",
    action: "requestMatches",
    send: json("POST", "/api/matching/matchRequest/create-from-value-insight/missing"),
  },
  {
    name: "POST /api/matching/matchRequest/create",
    action: "requestMatches",
    send: json("POST", "/api/matching/matchRequest/create"),
  },
  {
    name: "PUT /api/matching/matchRequest/feedback",
    action: "requestMatches",
    send: json("PUT", "/api/matching/matchRequest/feedback"),
  },
  {
    name: "POST /api/payments/create-checkout-session",
    action: "changePlan",
    send: json("POST", "/api/payments/create-checkout-session"),
  },
  {
    name: "POST /api/payments/create-insight-checkout",
    action: "pay",
    send: json("POST", "/api/payments/create-insight-checkout"),
  },
  {
    name: "POST /api/payments/create-item-session",
    action: "pay",
    send: json("POST", "/api/payments/create-item-session"),
  },
  {
    name: "POST /api/payments/create-portal-session",
    action: "changePlan",
    send: json("POST", "/api/payments/create-portal-session"),
  },
  {
    name: "PUT /api/payments/update-business-benchmarking",
    action: "pay",
    send: json("PUT", "/api/payments/update-business-benchmarking"),
  },
  { name: "PUT /api/payments/update-stripe-id", action: "pay", send: json("PUT", "/api/payments/update-stripe-id") },
  {
    name: "POST /api/quickbooks/create-financial-report",
    action: "requestInsights",
    send: json("POST", "/api/quickbooks/create-financial-report"),
  },
  {
    name: "POST /api/quickbooks/disconnect",
    action: "changeSettings",
    send: json("POST", "/api/quickbooks/disconnect"),
  },
  {
    name: "PUT /api/quickbooks/refresh-finance-report/:businessId",
    action: "requestInsights",
    send: (token) => json("PUT", `/api/quickbooks/refresh-finance-report/${team.business.id}`)(token),
  },
  { name: "POST /api/quickbooks/setTokens", action: "changeSettings", send: json("POST", "/api/quickbooks/setTokens") },
  {
    name: "GET /api/quickbooks/createAuthPortal",
    action: "changeSettings",
    send: (token) => call("/api/quickbooks/createAuthPortal", { cookie: token }),
  },
];

const PAGES: Endpoint[] = [
  { name: "/plan-select", action: "changePlan", send: form("/plan-select", { intent: "basic" }) },
  { name: "/events", action: "registerForEvents", send: form("/events", { intent: "register", eventId: "missing" }) },
  { name: "/create-match", action: "requestMatches", send: form("/create-match", { intent: "continue", page: "1" }) },
  {
    name: "/create-insight (continue)",
    action: "requestInsights",
    send: form("/create-insight", { intent: "continue", page: "1" }),
  },
  { name: "/create-insight (pay)", action: "pay", send: form("/create-insight", { intent: "pay" }) },
  { name: "/benchmarking (buy)", action: "pay", send: form("/benchmarking", { intent: "buy" }) },
  { name: "/benchmarking (start)", action: "pay", send: form("/benchmarking", { intent: "start" }) },
  {
    name: "/insight-discovery (match)",
    action: "requestMatches",
    send: form("/insight-discovery", { intent: "match" }),
  },
  {
    name: "/insight-discovery (feedback)",
    action: "requestInsights",
    send: form("/insight-discovery", { intent: "feedback" }),
  },
  {
    name: "/company-profile (business)",
    action: "changeSettings",
    send: form("/company-profile?tab=business", { intent: "business" }),
  },
  {
    name: "/company-profile (preferences)",
    action: "changeSettings",
    send: form("/company-profile", { intent: "preferences" }),
  },
  { name: "/company-profile/export", action: "exportData", send: form("/company-profile/export", {}) },
  // A wrong password: an owner is answered 400 (nothing deleted), everyone else 403.
  {
    name: "/company-profile/delete",
    action: "deleteBusiness",
    send: form("/company-profile/delete", { password: "not-the-password" }),
  },
  ...(
    [
      ["team-invite", "manageTeam", { email: "matrix@example.test", role: "viewer" }],
      ["team-change-role", "manageTeam", {}],
      ["team-remove", "manageTeam", {}],
      ["team-resend", "manageTeam", {}],
      ["team-revoke", "manageTeam", {}],
      ["team-transfer", "transferOwnership", {}],
    ] as const
  ).map(([intent, action, fields]) => ({
    name: `/company-profile (${intent})`,
    action,
    send: form("/company-profile?tab=team", { intent, ...fields }),
  })),
  ...(
    [
      ["document-upload", "useHub"],
      ["document-delete", "useHub"],
      ["document-share", "useHub"],
      ["feedback", "requestInsights"],
      ["review-plan", "sign"],
      ["review-item", "reviewDeliverables"],
      ["rate", "reviewDeliverables"],
      ["prepay", "pay"],
      ["decide", "decideCandidates"],
      ["pay", "pay"],
    ] as const
  ).map(([intent, action]) => ({ name: `/features (${intent})`, action, send: form("/features", { intent }) })),
];

/** Every table's row count and every business row: what "writes nothing" is checked against. */
async function snapshot(): Promise<string> {
  const tables = (
    await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    ).all<{
      name: string;
    }>()
  ).results.map((row) => row.name);
  const counts = await env.DB.batch(
    tables.map((table) => env.DB.prepare(`SELECT '${table}' AS t, COUNT(*) AS n FROM "${table}"`)),
  );
  const business = await env.DB.prepare("SELECT * FROM businesses WHERE id = ?").bind(team.business.id).first();
  return JSON.stringify([counts.map((result) => result.results[0]), business]);
}

const tokenOf = (role: BusinessMemberRole) => team[role].token;

async function expectAnswer(endpoint: Endpoint, role: BusinessMemberRole, api: boolean) {
  const response = await endpoint.send(tokenOf(role));
  const body = await response.text();
  if (can(role, endpoint.action)) {
    expect(response.status, `${role} ${endpoint.name}: ${body.slice(0, 200)}`).not.toBe(403);
    expect(body).not.toContain(ROLE_FORBIDDEN_MESSAGE);
  } else {
    expect(response.status, `${role} ${endpoint.name}: ${body.slice(0, 200)}`).toBe(403);
    if (api) expect(JSON.parse(body)).toMatchObject({ msg: ROLE_FORBIDDEN_MESSAGE });
    else expect(body).toContain(html(ROLE_FORBIDDEN_MESSAGE));
  }
}

/** Runs the endpoints for a role; a viewer's attempts (all refused) must leave every table as it was. */
async function matrix(endpoints: Endpoint[], role: BusinessMemberRole, api: boolean) {
  const before = role === "viewer" ? await snapshot() : null;
  for (const endpoint of endpoints) await expectAnswer(endpoint, role, api);
  if (before !== null) expect(await snapshot(), "a viewer's attempts wrote something").toBe(before);
}

describe("the permission matrix: client JSON API", () => {
  for (const role of BUSINESS_MEMBER_ROLES) {
    it(`answers ${role} as the table says${role === "viewer" ? ", writing nothing" : ""}`, async () => {
      await matrix(API, role, true);
    });
  }
});

describe("the permission matrix: page actions", () => {
  for (const role of BUSINESS_MEMBER_ROLES) {
    it(`answers ${role} as the table says${role === "viewer" ? ", writing nothing" : ""}`, async () => {
      await matrix(PAGES, role, false);
    });
  }
});

describe("a viewer", () => {
  it("reads: the dashboard and GET /api/client/auth answer the business they belong to", async () => {
    expect((await call("/dashboard", { cookie: tokenOf("viewer") })).status).toBe(200);
    const auth = await call("/api/client/auth", { cookie: tokenOf("viewer") });
    expect(auth.status).toBe(200);
    const body = (await auth.json()) as { business: { _id: string } | null; member: { role: string } | null };
    expect(body.member).toEqual({ role: "viewer" });
    expect(JSON.stringify(body.business)).toContain(team.business.id);
  });
});

describe("an admin", () => {
  it("changes the business's details (the write checks the membership, not the owner column)", async () => {
    const b = team.business;
    const response = await call("/api/client/business/updateInfo", {
      method: "PUT",
      cookie: tokenOf("admin"),
      json: {
        businessId: b.id,
        name: "Harbor Supply Group",
        role: "Operations lead",
        city: b.city,
        state: b.state,
        revenue: b.revenueBand,
        employeeCount: b.employeeBand,
        naics: b.naics,
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const [row] = await db()
      .select({ name: businessesTable.name })
      .from(businessesTable)
      .where(eq(businessesTable.id, b.id));
    expect(row.name).toBe("Harbor Supply Group");
  });
});

describe("the session's business (the viewer, one query)", () => {
  it("is the owned business by default, the session's current one while a member of it, and falls back once removed", async () => {
    // The admin of the team also owns a business of their own.
    const admin = team.admin;
    const own = await createBusiness(admin.user.id);
    const answer = async () =>
      (await (await call("/api/client/auth", { cookie: admin.token })).json()) as {
        business: { _id: string } | null;
        member: { role: string } | null;
      };
    expect(await answer()).toMatchObject({ business: { _id: own.id }, member: { role: "owner" } });

    const sessionId = await sha256Hex(admin.token);
    await db().update(sessions).set({ businessId: team.business.id }).where(eq(sessions.id, sessionId));
    expect(await answer()).toMatchObject({ business: { _id: team.business.id }, member: { role: "admin" } });

    await db()
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, team.business.id), eq(businessMembers.userId, admin.user.id)));
    expect(await answer()).toMatchObject({ business: { _id: own.id }, member: { role: "owner" } });
  });
});
