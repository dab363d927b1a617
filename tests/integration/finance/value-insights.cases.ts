import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveValueInsights, valueInsightId } from "~/lib/finance/value-insights";
import { requestFinanceReport } from "~/server/finance/finance-reports.server";
import { periodOf } from "~/server/platform/jobs.server";
import { createAppContext } from "~/server/load-context";
import { accountingConnections, businesses, financeReports, valueInsights } from "~db/schema";
import worker from "../../../functions/worker";
import { connectAccounting, db } from "../helpers";
import { createClient } from "../../factories";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A producer that records what is sent, so the real consumer never races a test. */
function testApp() {
  const queue = { send: vi.fn(async () => undefined), sendBatch: vi.fn(async () => undefined) };
  const testEnv = { ...env, FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown> } as typeof env;
  return createAppContext(testEnv, () => undefined);
}

let msgSeq = 0;
/** Records this month's job (rerun: a finished job is queued again) and delivers it to the Worker's queue entry. */
async function buildReport(businessId: string, rerun = false) {
  const { jobId } = await requestFinanceReport(testApp(), businessId, { rerun });
  const message = {
    id: `vi-msg-${++msgSeq}`,
    timestamp: new Date(),
    attempts: 1,
    body: { v: 1, type: "finance-report.build", jobId },
  };
  const batch = createMessageBatch("finance-report", [message]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.retryMessages).toEqual([]);
  return jobId;
}

async function connectedBusiness() {
  const { business, user } = await createClient();
  await connectAccounting(business.id);
  return { businessId: business.id, userId: user.id };
}

const insightsOf = (businessId: string) =>
  db().select().from(valueInsights).where(eq(valueInsights.businessId, businessId)).orderBy(asc(valueInsights.id));
const reportOf = async (businessId: string) =>
  (await db().select().from(financeReports).where(eq(financeReports.businessId, businessId)))[0];

/** The first instant of the job's month: the reference date the job derives with. */
const periodStart = (period: string) =>
  new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)) - 1, 1));

describe("value insights from the finance report job", () => {
  it("stores the derived insights with deterministic ids, linked to the report, in the same build", async () => {
    const { businessId } = await connectedBusiness();
    await buildReport(businessId);
    const period = periodOf(new Date());
    const report = await reportOf(businessId);
    const [business] = await db().select().from(businesses).where(eq(businesses.id, businessId));
    const expected = deriveValueInsights(report.profitAndLoss, business.numberOfEmployees, periodStart(period));
    // The demo company's 24 months support the revenue and net income trends in every month.
    expect(expected.length).toBeGreaterThanOrEqual(2);

    const stored = await insightsOf(businessId);
    expect(stored).toHaveLength(expected.length);
    for (const insight of expected) {
      const row = stored.find((r) => r.kind === insight.kind)!;
      expect(row).toMatchObject({
        id: valueInsightId(businessId, insight.kind, period),
        businessId,
        financeReportId: report.id,
        category: "finance",
        title: insight.title,
        summary: insight.summary,
        clientSatisfaction: null,
        clientFeedback: null,
        convertedToMatchRequestId: null,
      });
      expect(row.title).not.toMatch(/TODO|lorem|\{|placeholder/i);
    }
  });

  it("rewrites title, summary and status text on a rebuild of the same month and keeps the client's rating and feedback", async () => {
    const { businessId } = await connectedBusiness();
    await buildReport(businessId);
    const before = await insightsOf(businessId);
    const [first] = before;
    const feedbackAt = new Date(Date.UTC(2026, 5, 1));
    await db()
      .update(valueInsights)
      .set({
        title: "stale title",
        summary: "stale summary",
        clientSatisfaction: 4,
        clientFeedback: "Useful.",
        feedbackAt,
      })
      .where(eq(valueInsights.id, first.id));

    await buildReport(businessId, true);
    const after = await insightsOf(businessId);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const again = after.find((r) => r.id === first.id)!;
    expect(again).toMatchObject({
      title: first.title,
      summary: first.summary,
      clientSatisfaction: 4,
      clientFeedback: "Useful.",
      feedbackAt,
      createdAt: first.createdAt,
    });
    expect(after).toHaveLength(
      deriveValueInsights((await reportOf(businessId)).profitAndLoss, 38, periodStart(periodOf(new Date()))).length,
    );
  });

  it("writes nothing for a business whose job fails because it is not connected", async () => {
    const { business } = await createClient();
    const businessId = business.id;
    await connectAccounting(businessId);
    const { jobId } = await requestFinanceReport(testApp(), businessId, { rerun: false });
    await db().delete(accountingConnections).where(eq(accountingConnections.businessId, businessId));
    const message = {
      id: `vi-msg-${++msgSeq}`,
      timestamp: new Date(),
      attempts: 1,
      body: { v: 1, type: "finance-report.build", jobId },
    };
    const batch = createMessageBatch("finance-report", [message]);
    const ctx = createExecutionContext();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await worker.queue(batch, env, ctx);
    await getQueueResult(batch, ctx);
    expect(await insightsOf(businessId)).toEqual([]);
    expect(await reportOf(businessId)).toBeUndefined();
  });

  it("keeps each business's insights to itself", async () => {
    const a = await connectedBusiness();
    const b = await connectedBusiness();
    await buildReport(a.businessId);
    expect(await insightsOf(b.businessId)).toEqual([]);
    await buildReport(b.businessId);
    const idsA = (await insightsOf(a.businessId)).map((r) => r.id);
    const idsB = (await insightsOf(b.businessId)).map((r) => r.id);
    expect(idsA.every((id) => id.startsWith(`vi-${a.businessId}-`))).toBe(true);
    expect(idsB.every((id) => id.startsWith(`vi-${b.businessId}-`))).toBe(true);
    // Different seeds, different books: the figures differ.
    expect((await insightsOf(a.businessId))[0].summary).not.toBe((await insightsOf(b.businessId))[0].summary);
  });
});
