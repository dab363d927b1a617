import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountingConnections, benchmarkingPurchases, businesses, matchRequests } from "~db/schema";
import { INSIGHT_STATUS_TEXTS, VALUE_INSIGHT_STATUS_TEXT } from "~/lib/insights/insight-status";
import { MATCH_STATUS_TEXTS } from "~/lib/matching/match-status";
import {
  call,
  createDeliveredInsight,
  createMatchRequestRow,
  createUnpaidRequest,
  createValueInsight,
  db,
} from "../helpers";
import { signedInClient } from "../../factories";

type Entity = {
  _id: string;
  quickbooks: { realmId: string } | null;
  naicsReport: null;
  benchmarking: { yearsPurchased: number[] };
  events: {
    insights: {
      insightId: string;
      value: string;
      completed: boolean;
      insightReport: string | null;
      createdAt: string;
    }[];
    valueInsights: { valueInsightId: string; value: string; completed: true; createdAt: string }[];
    engagements: { matchRequestId: string; value: string; completed: boolean; createdAt: string }[];
  };
};

const ACCESS_CIPHERTEXT = "enc-access-token-never-leaves-the-server";
const REFRESH_CIPHERTEXT = "enc-refresh-token-never-leaves-the-server";

async function connect(businessId: string, realmId: string, status: "connected" | "broken" | "revoked" = "connected") {
  const now = new Date();
  await db().insert(accountingConnections).values({
    businessId,
    realmId,
    accessTokenCiphertext: ACCESS_CIPHERTEXT,
    accessTokenExpiresAt: now,
    refreshTokenCiphertext: REFRESH_CIPHERTEXT,
    refreshTokenExpiresAt: now,
    status,
    connectedAt: now,
  });
}

async function session(token: string) {
  const response = await call("/api/client/auth", { cookie: token });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, business: (JSON.parse(text) as { business: Entity }).business };
}

describe("the business entity (spec §3) in GET /api/client/auth", () => {
  it("has every field, with empty extras for a business with nothing yet", async () => {
    const { user, business, token } = await signedInClient();
    const { business: entity } = await session(token);
    expect(entity).toEqual({
      _id: business.id,
      name: business.name,
      city: "Portland",
      state: "ME",
      employeeCount: "25-50",
      numberOfEmployees: 38,
      revenue: "5-10 million",
      naics: 423840,
      clientRole: "Owner",
      createdBy: { role: user.role },
      memberTier: "BASIC",
      memberSince: "2026-01",
      stripeId: null,
      quickbooks: null,
      naicsReport: null,
      benchmarking: { yearsPurchased: [] },
      insightMarketingPreferences: expect.any(Object),
      events: { insights: [], valueInsights: [], engagements: [] },
    });
  });

  it("shows a live connection's realmId and never a token; no quickbooks once it is broken", async () => {
    const live = await signedInClient();
    await connect(live.business.id, "9130357766");
    const { text, business } = await session(live.token);
    expect(business.quickbooks).toEqual({ realmId: "9130357766" });
    for (const secret of [ACCESS_CIPHERTEXT, REFRESH_CIPHERTEXT, "access_token", "refresh_token", "Ciphertext"]) {
      expect(text).not.toContain(secret);
    }

    const demo = await signedInClient();
    await connect(demo.business.id, "demo");
    expect((await session(demo.token)).business.quickbooks).toEqual({ realmId: "demo" });

    const broken = await signedInClient();
    await connect(broken.business.id, "123", "broken");
    expect((await session(broken.token)).business.quickbooks).toBeNull();
  });

  it("lists the benchmarking years the business unlocked, oldest first", async () => {
    const { business, token } = await signedInClient();
    const other = await signedInClient();
    await db()
      .insert(benchmarkingPurchases)
      .values([
        { businessId: business.id, year: 2026 },
        { businessId: business.id, year: 2025 },
        { businessId: other.business.id, year: 2024 },
      ]);
    expect((await session(token)).business.benchmarking).toEqual({ yearsPurchased: [2025, 2026] });
  });

  it("lists its insight requests, value insights and match requests as events, newest first, and no one else's", async () => {
    const { business, token } = await signedInClient();
    const other = await signedInClient();
    const delivered = await createDeliveredInsight(business.id, { createdAt: new Date("2026-10-02T12:00:00Z") });
    const draft = await createDeliveredInsight(business.id, {
      status: "draft",
      createdAt: new Date("2026-10-05T12:00:00Z"),
    });
    const unpaid = await createUnpaidRequest(business.id, new Date("2026-11-01T12:00:00Z"));
    const valueInsight = await createValueInsight(business.id);
    const olderMatch = await createMatchRequestRow(business.id, {
      status: "completed",
      createdAt: new Date("2026-09-01T12:00:00Z"),
    });
    const newerMatch = await createMatchRequestRow(business.id, {
      status: "awaiting_decision",
      createdAt: new Date("2026-11-10T12:00:00Z"),
    });
    const foreignInsight = await createDeliveredInsight(other.business.id);
    const foreignValue = await createValueInsight(other.business.id);
    const foreignMatch = await createMatchRequestRow(other.business.id);

    const { text, business: entity } = await session(token);
    expect(entity.events.insights).toEqual([
      {
        insightId: unpaid,
        value: INSIGHT_STATUS_TEXTS.awaiting_payment,
        completed: false,
        insightReport: null,
        createdAt: "2026-11-01T12:00:00.000Z",
      },
      {
        insightId: draft.requestId,
        value: INSIGHT_STATUS_TEXTS.in_review,
        completed: false,
        // A report the manager has not published is not the business's yet.
        insightReport: null,
        createdAt: "2026-10-05T12:00:00.000Z",
      },
      {
        insightId: delivered.requestId,
        value: INSIGHT_STATUS_TEXTS.ready,
        completed: true,
        insightReport: delivered.reportId,
        createdAt: "2026-10-02T12:00:00.000Z",
      },
    ]);
    expect(entity.events.valueInsights).toEqual([
      {
        valueInsightId: valueInsight,
        value: VALUE_INSIGHT_STATUS_TEXT,
        completed: true,
        createdAt: expect.any(String),
      },
    ]);
    expect(entity.events.engagements).toEqual([
      {
        matchRequestId: newerMatch.id,
        value: MATCH_STATUS_TEXTS.awaiting_decision,
        completed: false,
        createdAt: "2026-11-10T12:00:00.000Z",
      },
      {
        matchRequestId: olderMatch.id,
        value: MATCH_STATUS_TEXTS.completed,
        completed: true,
        createdAt: "2026-09-01T12:00:00.000Z",
      },
    ]);
    for (const id of [foreignInsight.requestId, foreignInsight.reportId, foreignValue, foreignMatch.id]) {
      expect(text).not.toContain(id);
    }

    // A status change shows in the next answer.
    await db().update(matchRequests).set({ status: "completed" }).where(eq(matchRequests.id, newerMatch.id));
    expect((await session(token)).business.events.engagements[0]).toMatchObject({
      matchRequestId: newerMatch.id,
      completed: true,
    });
  });
});

describe("the business entity in the answers that return the business", () => {
  it("updateInfo, updateInsightMarketing and update-stripe-id answer it with its connection and events", async () => {
    const { business, token } = await signedInClient();
    await connect(business.id, "demo");
    const match = await createMatchRequestRow(business.id);
    const expected = {
      _id: business.id,
      quickbooks: { realmId: "demo" },
      naicsReport: null,
      benchmarking: { yearsPurchased: [] },
      events: {
        insights: [],
        valueInsights: [],
        engagements: [expect.objectContaining({ matchRequestId: match.id, completed: false })],
      },
    };

    const info = await call("/api/client/business/updateInfo", {
      method: "PUT",
      cookie: token,
      json: {
        businessId: business.id,
        name: "Harbor Supply Cooperative",
        role: "President",
        city: "Bangor",
        state: "ME",
        revenue: "5-10 million",
        employeeCount: "100-150",
        naics: 423840,
      },
    });
    expect(info.status).toBe(200);
    const infoText = await info.text();
    expect(JSON.parse(infoText)).toMatchObject({ ...expected, name: "Harbor Supply Cooperative" });
    expect(infoText).not.toContain(ACCESS_CIPHERTEXT);

    const preferences = Object.fromEntries(
      ["finance", "hr", "leadership", "management", "marketing", "operations", "sales", "strategy", "technology"].map(
        (area) => [area, area === "sales"],
      ),
    );
    const marketing = await call("/api/client/business/updateInsightMarketing", {
      method: "PUT",
      cookie: token,
      json: { businessId: business.id, insightPreferences: preferences },
    });
    expect(marketing.status).toBe(200);
    expect(await marketing.json()).toMatchObject({ ...expected, insightMarketingPreferences: preferences });

    await db().update(businesses).set({ stripeCustomerId: "cus_entity" }).where(eq(businesses.id, business.id));
    const stripe = await call("/api/payments/update-stripe-id", {
      method: "PUT",
      cookie: token,
      json: { businessId: business.id, stripeId: "cus_entity" },
    });
    expect(stripe.status).toBe(200);
    expect(await stripe.json()).toMatchObject({ ...expected, stripeId: "cus_entity" });
  });

  it("another business's id still answers 404 with nothing of its entity", async () => {
    const { token } = await signedInClient();
    const other = await signedInClient();
    await createMatchRequestRow(other.business.id);
    const response = await call("/api/client/business/updateInsightMarketing", {
      method: "PUT",
      cookie: token,
      json: {
        businessId: other.business.id,
        insightPreferences: {
          finance: true,
          hr: true,
          leadership: true,
          management: true,
          marketing: true,
          operations: true,
          sales: true,
          strategy: true,
          technology: true,
        },
      },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: "Business not found." });
  });
});
