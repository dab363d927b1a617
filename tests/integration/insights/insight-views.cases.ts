import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insightReports, matchRequests, notifications, valueInsights } from "~db/schema";
import {
  FEEDBACK_SAVED_MESSAGE,
  INSIGHT_REPORT_NOT_FOUND_MESSAGE,
  RATING_RANGE_MESSAGE,
  VALUE_INSIGHT_NOT_FOUND_MESSAGE,
} from "~/lib/insights/insight-schemas";
import { CLICK_TO_VIEW } from "~/lib/insights/insight-status";
import { MATCH_REQUEST_CREATED_MESSAGE } from "~/lib/matching/match-copy";
import { MATCH_STATUS_TEXTS } from "~/lib/matching/match-status";
import {
  auditOf,
  createDeliveredInsight,
  createUnpaidRequest,
  createValueInsight,
  call,
  db,
  html,
  postForm,
} from "../helpers";
import { signedInClient, signedInManager } from "../../factories";

const client = () => signedInClient();
const put = (path: string, json: unknown, cookie?: string) => call(path, { method: "PUT", json, cookie });

async function reportRow(id: string) {
  const [row] = await db().select().from(insightReports).where(eq(insightReports.id, id));
  return row;
}

describe("GET /api/insight/insight-report/{id}", () => {
  it("answers the business's published report in the spec's shape", async () => {
    const { business, token } = await client();
    const { reportId, requestId } = await createDeliveredInsight(business.id);
    const response = await call(`/api/insight/insight-report/${reportId}`, { cookie: token });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      _id: reportId,
      insightRequestId: requestId,
      category: "operations",
      title: "Cut stockouts with a weekly reorder rhythm",
      highLevelSummary: expect.stringContaining("monthly reorder cycle"),
      recommendations: expect.stringContaining("Reorder weekly."),
      clientSatisfaction: null,
      convertedToMatch: false,
    });
  });

  it("404s a draft, another business's and an unknown report; 401 without a session; 403 for staff", async () => {
    const { business, token } = await client();
    const other = await client();
    const draft = await createDeliveredInsight(business.id, { status: "draft" });
    const foreign = await createDeliveredInsight(other.business.id);
    for (const id of [draft.reportId, foreign.reportId, "nope"]) {
      const response = await call(`/api/insight/insight-report/${id}`, { cookie: token });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ msg: INSIGHT_REPORT_NOT_FOUND_MESSAGE });
    }
    expect((await call(`/api/insight/insight-report/${foreign.reportId}`)).status).toBe(401);
    const manager = await signedInManager();
    expect((await call(`/api/insight/insight-report/${foreign.reportId}`, { cookie: manager.token })).status).toBe(403);
  });
});

describe("PUT /api/insight/insight-report/feedback/", () => {
  it("saves the rating and feedback; the last write wins", async () => {
    const { business, token } = await client();
    const { reportId } = await createDeliveredInsight(business.id);
    const first = await put(
      "/api/insight/insight-report/feedback/",
      { insightReportId: reportId, clientSatisfaction: 2, clientFeedback: "Too short." },
      token,
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: FEEDBACK_SAVED_MESSAGE });
    const second = await put(
      "/api/insight/insight-report/feedback",
      { insightReportId: reportId, clientSatisfaction: 5 },
      token,
    );
    expect(second.status).toBe(200);
    const row = await reportRow(reportId);
    expect(row.clientSatisfaction).toBe(5);
    expect(row.clientFeedback).toBeNull();
    expect(row.feedbackAt).not.toBeNull();
  });

  it("refuses a rating outside 1–5 and malformed bodies (400) and saves nothing", async () => {
    const { business, token } = await client();
    const { reportId } = await createDeliveredInsight(business.id);
    for (const clientSatisfaction of [0, 6, 2.5, "lots"]) {
      const response = await put(
        "/api/insight/insight-report/feedback/",
        { insightReportId: reportId, clientSatisfaction },
        token,
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(RATING_RANGE_MESSAGE);
    }
    const malformed = await call("/api/insight/insight-report/feedback/", {
      method: "PUT",
      cookie: token,
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { msg: string }).msg).toBe("The request body is not valid JSON.");
    const missingId = await put("/api/insight/insight-report/feedback/", { clientSatisfaction: 3 }, token);
    expect(missingId.status).toBe(400);
    expect((await reportRow(reportId)).clientSatisfaction).toBeNull();
  });

  it("404s another business's report and leaves it unchanged; 401 without a session", async () => {
    const { token } = await client();
    const other = await client();
    const { reportId } = await createDeliveredInsight(other.business.id);
    const response = await put(
      "/api/insight/insight-report/feedback/",
      { insightReportId: reportId, clientSatisfaction: 1 },
      token,
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: INSIGHT_REPORT_NOT_FOUND_MESSAGE });
    expect((await reportRow(reportId)).clientSatisfaction).toBeNull();
    expect(
      (await put("/api/insight/insight-report/feedback/", { insightReportId: reportId, clientSatisfaction: 1 })).status,
    ).toBe(401);
  });
});

describe("POST /api/matching/matchRequest/create-from-report/{id}", () => {
  it("creates one match request from the report, however often it is pressed", async () => {
    const { user, business, token } = await client();
    const { reportId } = await createDeliveredInsight(business.id);
    const [a, b] = await Promise.all([
      call(`/api/matching/matchRequest/create-from-report/${reportId}`, { method: "POST", cookie: token }),
      call(`/api/matching/matchRequest/create-from-report/${reportId}`, { method: "POST", cookie: token }),
    ]);
    const again = await call(`/api/matching/matchRequest/create-from-report/${reportId}`, {
      method: "POST",
      cookie: token,
    });
    for (const response of [a, b, again]) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: MATCH_REQUEST_CREATED_MESSAGE });
    }
    const rows = await db().select().from(matchRequests).where(eq(matchRequests.businessId, business.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      category: "operations",
      consultingType: null,
      problemStatement: expect.stringContaining("monthly reorder cycle"),
      // Created 'submitted', then handed to the smart-matching engine once.
      status: "matching",
      source: "insight_report",
      sourceId: reportId,
      createdByUserId: user.id,
    });
    expect((await reportRow(reportId)).convertedToMatchRequestId).toBe(rows[0].id);
    expect(rows[0].rankedAt).toBeInstanceOf(Date);
    const recorded = [
      {
        action: "match.requested",
        actorUserId: user.id,
        actorKind: "client",
        subjectType: "match_request",
        subjectId: rows[0].id,
        detail: { category: "Operations", from: "An insight report" },
      },
    ];
    expect(await auditOf(business.id)).toEqual(recorded);
    // A repeat press finds the request and does not start matching again.
    await db()
      .update(matchRequests)
      .set({ status: "submitted", rankedAt: null })
      .where(eq(matchRequests.id, rows[0].id));
    await call(`/api/matching/matchRequest/create-from-report/${reportId}`, { method: "POST", cookie: token });
    const [repeated] = await db().select().from(matchRequests).where(eq(matchRequests.id, rows[0].id));
    expect(repeated).toMatchObject({ status: "submitted", rankedAt: null });
    expect(await auditOf(business.id)).toEqual(recorded);
    const report = await call(`/api/insight/insight-report/${reportId}`, { cookie: token });
    expect(((await report.json()) as { convertedToMatch: boolean }).convertedToMatch).toBe(true);
  });

  it("404s another business's or an unpublished report and writes nothing", async () => {
    const { business, token } = await client();
    const other = await client();
    const foreign = await createDeliveredInsight(other.business.id);
    const draft = await createDeliveredInsight(business.id, { status: "draft" });
    for (const id of [foreign.reportId, draft.reportId]) {
      const response = await call(`/api/matching/matchRequest/create-from-report/${id}`, {
        method: "POST",
        cookie: token,
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ msg: INSIGHT_REPORT_NOT_FOUND_MESSAGE });
    }
    expect(await db().select().from(matchRequests).where(eq(matchRequests.sourceId, foreign.reportId))).toHaveLength(0);
    expect(await db().select().from(matchRequests).where(eq(matchRequests.businessId, business.id))).toHaveLength(0);
    expect((await reportRow(foreign.reportId)).convertedToMatchRequestId).toBeNull();
    expect(
      (await call(`/api/matching/matchRequest/create-from-report/${foreign.reportId}`, { method: "POST" })).status,
    ).toBe(401);
  });
});

describe("value insights", () => {
  it("GET answers the business's own; feedback saves; Match with Consultant creates one match request", async () => {
    const { business, token } = await client();
    const id = await createValueInsight(business.id);
    const got = await call(`/api/insight/value-insight/${id}`, { cookie: token });
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({
      _id: id,
      kind: "revenue_trend",
      category: "finance",
      title: "Revenue is up 12% on last year",
      value: "Your value insight is ready to view.",
    });

    const saved = await put(
      "/api/insight/value-insight/feedback/",
      { valueInsightId: id, clientSatisfaction: 4, clientFeedback: "Useful" },
      token,
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ message: FEEDBACK_SAVED_MESSAGE });
    const bad = await put("/api/insight/value-insight/feedback/", { valueInsightId: id, clientSatisfaction: 9 }, token);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { msg: string }).msg).toBe(RATING_RANGE_MESSAGE);

    for (let i = 0; i < 2; i++) {
      const response = await call(`/api/matching/matchRequest/create-from-value-insight/${id}`, {
        method: "POST",
        cookie: token,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: MATCH_REQUEST_CREATED_MESSAGE });
    }
    const rows = await db()
      .select()
      .from(matchRequests)
      .where(and(eq(matchRequests.source, "value_insight"), eq(matchRequests.sourceId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      category: "finance",
      problemStatement: expect.stringContaining("12% above"),
      status: "matching",
    });
    const [row] = await db().select().from(valueInsights).where(eq(valueInsights.id, id));
    expect(row).toMatchObject({
      clientSatisfaction: 4,
      clientFeedback: "Useful",
      convertedToMatchRequestId: rows[0].id,
    });
  });

  it("404s another business's value insight on every endpoint and writes nothing", async () => {
    const { token } = await client();
    const other = await client();
    const id = await createValueInsight(other.business.id);
    const responses = [
      await call(`/api/insight/value-insight/${id}`, { cookie: token }),
      await put("/api/insight/value-insight/feedback/", { valueInsightId: id, clientSatisfaction: 1 }, token),
      await call(`/api/matching/matchRequest/create-from-value-insight/${id}`, { method: "POST", cookie: token }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ msg: VALUE_INSIGHT_NOT_FOUND_MESSAGE });
    }
    const [row] = await db().select().from(valueInsights).where(eq(valueInsights.id, id));
    expect(row).toMatchObject({ clientSatisfaction: null, convertedToMatchRequestId: null });
    expect(await db().select().from(matchRequests).where(eq(matchRequests.sourceId, id))).toHaveLength(0);
    expect((await call(`/api/insight/value-insight/${id}`)).status).toBe(401);
  });
});

describe("pages", () => {
  it("the dashboard shows tiles, match requests and notifications; /features lists them", async () => {
    const { user, business, token } = await client();
    const { requestId, reportId } = await createDeliveredInsight(business.id);
    await createUnpaidRequest(business.id);
    await db()
      .insert(notifications)
      .values({
        userId: user.id,
        businessId: business.id,
        kind: "insight_ready",
        title: "Your insight is available!",
        body: "Cut stockouts with a weekly reorder rhythm",
        link: `/insight-discovery?type=REPORT&id=${requestId}`,
      });
    await call(`/api/matching/matchRequest/create-from-report/${reportId}`, { method: "POST", cookie: token });

    const dashboard = await (await call("/dashboard", { cookie: token })).text();
    expect(dashboard).toContain(CLICK_TO_VIEW);
    expect(dashboard).toContain(html(`/insight-discovery?type=REPORT&id=${requestId}`));
    expect(dashboard).toContain("Oct 2, 2026");
    expect(dashboard).toContain("Your insight is available!");
    expect(dashboard).toContain(MATCH_STATUS_TEXTS.submitted);
    // The Notifications card (the top bar's bell has its own empty text).
    const card = /<section id="notifications"[\s\S]*?<\/section>/.exec(dashboard)?.[0] ?? "";
    expect(card).toContain("Your insight is available!");
    expect(card).toContain("Cut stockouts with a weekly reorder rhythm");
    expect(card).not.toContain("You have no notifications.");

    const features = await (await call("/features?focus=Insights", { cookie: token })).text();
    expect(features).toContain("Complete payment to submit your insight request.");
    expect(features).toContain("Pay Now");
    expect(features).toContain("Payment Complete");
    const matching = await (await call("/features?focus=Matching", { cookie: token })).text();
    expect(matching).toContain(MATCH_STATUS_TEXTS.submitted);
    expect(matching).not.toContain("No Active Matches");
  });

  it("an empty dashboard shows the empty texts", async () => {
    const { token } = await client();
    const dashboard = await (await call("/dashboard", { cookie: token })).text();
    expect(dashboard).toContain("There are no Delivered insights at this time.");
    // The Matching tab's list renders when that tab is open.
    const matching = await (await call("/dashboard?activity=matching", { cookie: token })).text();
    expect(matching).toContain("There are no matches at this time.");
    const card = /<section id="notifications"[\s\S]*?<\/section>/.exec(dashboard)?.[0] ?? "";
    expect(card).toContain("You have no notifications.");
  });

  it("/insight-discovery shows the report, saves feedback without JavaScript and 404s another business's", async () => {
    const { business, token } = await client();
    const other = await client();
    const { requestId, reportId } = await createDeliveredInsight(business.id);
    const foreign = await createDeliveredInsight(other.business.id);
    const page = await call(`/insight-discovery?type=REPORT&id=${requestId}`, { cookie: token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Cut stockouts with a weekly reorder rhythm");
    expect(text).toContain("<li>Track days of cover.</li>");
    expect(text).toContain("Helpful. Anything we could add?");
    expect(text).toContain("Match with Consultant");

    const path = `/insight-discovery?type=REPORT&id=${requestId}`;
    const saved = await postForm(
      path,
      { intent: "feedback", targetId: reportId, clientSatisfaction: "4", clientFeedback: "Clear." },
      token,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(FEEDBACK_SAVED_MESSAGE);
    expect(await reportRow(reportId)).toMatchObject({ clientSatisfaction: 4, clientFeedback: "Clear." });
    const refused = await postForm(path, { intent: "feedback", targetId: reportId, clientSatisfaction: "7" }, token);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(RATING_RANGE_MESSAGE);
    const foreignWrite = await postForm(
      path,
      { intent: "feedback", targetId: foreign.reportId, clientSatisfaction: "1" },
      token,
    );
    expect(foreignWrite.status).toBe(404);
    expect((await reportRow(foreign.reportId)).clientSatisfaction).toBeNull();

    const missing = await call(`/insight-discovery?type=REPORT&id=${foreign.requestId}`, { cookie: token });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(INSIGHT_REPORT_NOT_FOUND_MESSAGE);
    const value = await call(`/insight-discovery?type=VALUE&id=nope`, { cookie: token });
    expect(value.status).toBe(404);
    expect(await value.text()).toContain(VALUE_INSIGHT_NOT_FOUND_MESSAGE);
  });

  it("/insight-discovery: an insight already turned into a match says the match was requested and links to it", async () => {
    const { business, token } = await client();
    const { requestId, reportId } = await createDeliveredInsight(business.id);
    const valueId = await createValueInsight(business.id);
    const MATCH_BUTTON = ">Match with Consultant</button>";
    const REQUESTED = "Match requested: you already asked for a consultant on this insight.";
    for (const [type, pageId, targetId, source] of [
      ["REPORT", requestId, reportId, "insight_report"],
      ["VALUE", valueId, valueId, "value_insight"],
    ] as const) {
      const path = `/insight-discovery?type=${type}&id=${pageId}`;
      const before = await (await call(path, { cookie: token })).text();
      expect(before, type).toContain(MATCH_BUTTON);
      expect(before, type).not.toContain(REQUESTED);
      const matched = await postForm(path, { intent: "match", targetId }, token);
      expect(matched.status, type).toBe(200);
      const [match] = await db()
        .select({ id: matchRequests.id })
        .from(matchRequests)
        .where(and(eq(matchRequests.source, source), eq(matchRequests.sourceId, targetId)));
      const after = await (await call(path, { cookie: token })).text();
      expect(after, type).not.toContain(MATCH_BUTTON);
      expect(after, type).toContain(html(REQUESTED));
      expect(after, type).toContain(`href="/features?matchId=${match!.id}"`);
      expect(after, type).toContain(">View the match request</a>");
    }
  });

  it("a tile's Pay Now (/features intent=pay) opens the checkout of the business's own unpaid request only", async () => {
    const { business, token } = await client();
    const other = await client();
    const own = await createUnpaidRequest(business.id);
    const foreign = await createUnpaidRequest(other.business.id);
    const paid = await createDeliveredInsight(business.id);

    const pay = await postForm("/features?focus=Insights", { intent: "pay", insightId: own }, token);
    expect(pay.status).toBe(302);
    // The local test checkout (or Stripe's page when keys are set).
    expect(pay.headers.get("Location")).toMatch(/\/test-checkout\/|^https:\/\/checkout\.stripe\.test\//);

    for (const insightId of [foreign, paid.requestId]) {
      const refused = await postForm("/features?focus=Insights", { intent: "pay", insightId }, token);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toBe("/features?focus=Insights&notice=payment-failed");
    }
    // No insight named at all is a post the Pay Now button cannot make: refused, not retried.
    expect((await postForm("/features?focus=Insights", { intent: "pay", insightId: "" }, token)).status).toBe(400);
    const notice = await call("/features?focus=Insights&notice=payment-failed", { cookie: token });
    expect(await notice.text()).toContain(html("We couldn't start the payment. Please try again in a few minutes."));
  });
});
