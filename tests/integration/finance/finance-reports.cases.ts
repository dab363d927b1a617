import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  SELF,
} from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoProfitAndLossReport } from "~/lib/finance/demo-company";
import {
  FINANCE_REPORT_FAILED_MESSAGE,
  monthsEndingAt,
  NOT_CONNECTED_MESSAGE,
  reportRange,
} from "~/lib/finance/finance";
import { parseProfitAndLoss } from "~/lib/finance/intuit-report";
import { loadDashboardFinance, requestFinanceReport } from "~/server/finance/finance-reports.server";
import { ACCESS_REVOKED_MESSAGE } from "~/server/finance/intuit-client.server";
import { periodOf } from "~/server/platform/jobs.server";
import { createAppContext } from "~/server/load-context";
import { encryptSecret } from "~/server/platform/token-crypto.server";
import { accountingConnections, financeReports, jobs, type ProfitAndLossRow } from "~db/schema";
import worker from "../../../functions/worker";
import { intuitEnv, stubRequests, connectAccounting, db, ORIGIN } from "../helpers";
import { apiCall, fakeQueue, sentJobIds, withQueue, type FakeQueue } from "../helpers/queues";
import { createClient, signedInClient } from "../../factories";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Silences the console.error a test expects (the Worker runs in this isolate). */
const expectConsoleErrors = () => vi.spyOn(console, "error").mockImplementation(() => undefined);

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** An app context with a fake queue; waitUntil promises are collected for the test to await. */
function testApp(queue: FakeQueue = fakeQueue()) {
  const pending: Promise<unknown>[] = [];
  const app = createAppContext(withQueue(queue), (promise) => pending.push(promise));
  return { app, queue, pending };
}

const currentPeriod = () => periodOf(new Date());

/** A real (non-demo) QuickBooks connection whose tokens are encrypted like the app stores them. */
async function connectRealm(
  businessId: string,
  realmId: string,
  options: { accessToken?: string; refreshToken?: string; accessExpiresAt?: Date } = {},
) {
  const { app } = testApp();
  const now = new Date();
  await db()
    .insert(accountingConnections)
    .values({
      businessId,
      realmId,
      accessTokenCiphertext: await encryptSecret(app, options.accessToken ?? "at-valid"),
      accessTokenExpiresAt: options.accessExpiresAt ?? new Date(now.getTime() + 3600_000),
      refreshTokenCiphertext: await encryptSecret(app, options.refreshToken ?? "rt-valid"),
      refreshTokenExpiresAt: new Date(now.getTime() + 90 * 24 * 3600_000),
      status: "connected",
      connectedAt: now,
    });
}

async function businessWith(
  connection: "demo" | { realm: string; accessToken?: string; refreshToken?: string; accessExpiresAt?: Date } | null,
) {
  const { business } = await createClient();
  const businessId = business.id;
  if (connection === "demo") await connectAccounting(businessId);
  else if (connection) await connectRealm(businessId, connection.realm, connection);
  return businessId;
}

/** Records this month's job (through the real producer, with a fake queue) and returns its id. */
async function queuedJob(businessId: string): Promise<string> {
  const { app } = testApp();
  return (await requestFinanceReport(app, businessId, { rerun: false })).jobId;
}

let msgSeq = 0;
const financeMessage = (jobId: string, attempts = 1) => ({
  id: `fin-msg-${++msgSeq}`,
  timestamp: new Date(),
  attempts,
  body: { v: 1, type: "finance-report.build", jobId },
});

/** Delivers messages to the Worker's queue entry and returns the queue's verdict. */
async function deliver(
  messages: ReturnType<typeof financeMessage>[],
  workerEnv: object = env,
  queue = "finance-report",
) {
  const batch = createMessageBatch(queue, messages);
  const retries = batch.messages.map((message) => vi.spyOn(message, "retry"));
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv as typeof env, ctx);
  const result = await getQueueResult(batch, ctx);
  return {
    acked: result.explicitAcks,
    retried: result.retryMessages.map((m: { msgId: string }) => m.msgId),
    ackAll: result.ackAll,
    retryDelays: retries.map((spy) => (spy.mock.calls[0]?.[0] as { delaySeconds?: number } | undefined)?.delaySeconds),
  };
}

const jobById = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0];
const reportOf = async (businessId: string) =>
  (await db().select().from(financeReports).where(eq(financeReports.businessId, businessId)))[0];
const connectionOf = async (businessId: string) =>
  (await db().select().from(accountingConnections).where(eq(accountingConnections.businessId, businessId)))[0];
const reportRequests = async (realm: string) =>
  (await stubRequests()).filter((r) => r.path === `/v3/company/${realm}/reports/ProfitAndLoss`);

/** Stores a report as a previous month's build left it. */
async function previousReport(businessId: string) {
  const rows: ProfitAndLossRow[] = [
    { date: "2024-01", Income: 1000, NetIncome: 100 },
    { date: "2024-02", Income: 2000, NetIncome: -50.25 },
  ];
  const lastUpdate = new Date(Date.UTC(2024, 2, 3));
  await db().insert(financeReports).values({
    businessId,
    profitAndLoss: rows,
    source: "quickbooks",
    periodStart: "2024-01",
    periodEnd: "2024-02",
    lastUpdate,
    createdAt: lastUpdate,
    updatedAt: lastUpdate,
  });
  return { rows, lastUpdate };
}

describe("finance report builds on the queue", () => {
  it("builds 24 monthly rows for the demo company, in Intuit's format through the parser", async () => {
    const businessId = await businessWith("demo");
    const jobId = await queuedJob(businessId);
    const message = financeMessage(jobId);
    const result = await deliver([message]);
    expect(result.acked).toEqual([message.id]);
    expect(result.retried).toEqual([]);

    const range = reportRange(currentPeriod());
    const report = await reportOf(businessId);
    expect(report).toMatchObject({ source: "demo", periodStart: range.start, periodEnd: range.end, jobId });
    expect(report.profitAndLoss).toHaveLength(24);
    expect(report.profitAndLoss.map((row) => row.date)).toEqual(monthsEndingAt(currentPeriod(), 24));
    expect(report.profitAndLoss).toEqual(parseProfitAndLoss(demoProfitAndLossReport({ seed: businessId, ...range })));
    expect(Date.now() - report.lastUpdate.getTime()).toBeLessThan(60_000);
    expect(await jobById(jobId)).toMatchObject({ status: "succeeded", attempts: 1, lastError: null });
  });

  it("builds from QuickBooks: the report of the last 24 months by month, with the bearer token", async () => {
    const realm = unique("ok");
    const businessId = await businessWith({ realm, accessToken: "at-live-token" });
    const jobId = await queuedJob(businessId);
    const result = await deliver([financeMessage(jobId)], intuitEnv(env));
    expect(result.retried).toEqual([]);

    const range = reportRange(currentPeriod());
    const report = await reportOf(businessId);
    expect(report.source).toBe("quickbooks");
    expect(report.profitAndLoss).toHaveLength(24);
    expect(report.profitAndLoss).toEqual(parseProfitAndLoss(demoProfitAndLossReport({ seed: realm, ...range })));

    const [request, ...more] = await reportRequests(realm);
    expect(more).toEqual([]);
    expect(request.authorization).toBe("Bearer at-live-token");
    expect(request.query).toMatchObject({
      start_date: `${range.start}-01`,
      summarize_column_by: "Month",
      minorversion: "75",
    });
    expect(request.query.end_date.startsWith(range.end)).toBe(true);
    expect(await jobById(jobId)).toMatchObject({ status: "succeeded" });
  });

  it("builds once for a duplicate message: the second is acknowledged without fetching again", async () => {
    const realm = unique("ok");
    const businessId = await businessWith({ realm });
    const jobId = await queuedJob(businessId);
    const first = financeMessage(jobId);
    const duplicate = financeMessage(jobId);
    const result = await deliver([first, duplicate], intuitEnv(env));
    expect(result.acked.sort()).toEqual([first.id, duplicate.id].sort());
    expect(result.retried).toEqual([]);
    const builtAt = (await reportOf(businessId)).updatedAt;

    // A late redelivery of the same message, after the build.
    const late = await deliver([financeMessage(jobId, 2)], intuitEnv(env));
    expect(late.acked).toHaveLength(1);
    expect(await reportRequests(realm)).toHaveLength(1);
    expect((await reportOf(businessId)).updatedAt).toEqual(builtAt);
    expect(await jobById(jobId)).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("retries only the failed message of a batch and loses no report", async () => {
    expectConsoleErrors();
    const flakyRealm = unique("flaky");
    const failing = await businessWith({ realm: flakyRealm });
    const previous = await previousReport(failing);
    const fine = await businessWith({ realm: unique("ok") });
    const failingJob = await queuedJob(failing);
    const fineJob = await queuedJob(fine);
    const failingMsg = financeMessage(failingJob);
    const fineMsg = financeMessage(fineJob);

    const result = await deliver([failingMsg, fineMsg], intuitEnv(env));
    expect(result.retried).toEqual([failingMsg.id]);
    expect(result.acked).toEqual([fineMsg.id]);
    expect(result.retryDelays[0]).toBe(30); // first failure: the 30 s backoff
    expect(await jobById(failingJob)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "QuickBooks answered 500.",
    });
    expect(await reportOf(failing)).toMatchObject({ profitAndLoss: previous.rows, lastUpdate: previous.lastUpdate });
    expect((await reportOf(fine)).profitAndLoss).toHaveLength(24);

    // The retry (Intuit is back) builds the report.
    const retry = await deliver([financeMessage(failingJob, 2)], intuitEnv(env));
    expect(retry.retried).toEqual([]);
    expect(await jobById(failingJob)).toMatchObject({ status: "succeeded", attempts: 2, lastError: null });
    const rebuilt = await reportOf(failing);
    expect(rebuilt.profitAndLoss).toHaveLength(24);
    expect(rebuilt.jobId).toBe(failingJob);
  });

  it("backs off on 429 for Intuit's Retry-After, and the job stays queued with the error", async () => {
    expectConsoleErrors();
    const businessId = await businessWith({ realm: unique("ratelimit") });
    const jobId = await queuedJob(businessId);
    const result = await deliver([financeMessage(jobId)], intuitEnv(env));
    expect(result.retried).toHaveLength(1);
    expect(result.retryDelays[0]).toBe(7);
    const job = await jobById(jobId);
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job.lastError).toContain("429");
    expect(await reportOf(businessId)).toBeUndefined();
  });

  it("retries a 500 with growing backoff", async () => {
    expectConsoleErrors();
    const businessId = await businessWith({ realm: unique("down") });
    const jobId = await queuedJob(businessId);
    expect((await deliver([financeMessage(jobId)], intuitEnv(env))).retryDelays[0]).toBe(30);
    expect((await deliver([financeMessage(jobId, 2)], intuitEnv(env))).retryDelays[0]).toBe(60);
    expect(await jobById(jobId)).toMatchObject({
      status: "queued",
      attempts: 2,
      lastError: "QuickBooks answered 500.",
    });
  });

  it("retries a well-formed answer that is not a profit-and-loss report, keeping the previous one", async () => {
    expectConsoleErrors();
    const businessId = await businessWith({ realm: unique("ok") });
    const previous = await previousReport(businessId);
    const jobId = await queuedJob(businessId);
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ Header: { ReportName: "ProfitAndLoss" }, Columns: { Column: [] }, Rows: "nope" }), {
        headers: { "Content-Type": "application/json" },
      }),
    );
    const result = await deliver([financeMessage(jobId)], intuitEnv(env));
    expect(result.retried).toHaveLength(1);
    expect(result.retryDelays[0]).toBe(30);
    const job = await jobById(jobId);
    expect(job.status).toBe("queued");
    expect(job.lastError).toMatch(/^The QuickBooks report could not be read: /);
    expect(await reportOf(businessId)).toMatchObject({ profitAndLoss: previous.rows, lastUpdate: previous.lastUpdate });
  });

  it("fails the job and marks the connection broken on invalid_grant, and acknowledges", async () => {
    const realm = unique("ok");
    const businessId = await businessWith({
      realm,
      refreshToken: "rt-revoked-1",
      accessExpiresAt: new Date(Date.now() - 1000),
    });
    const jobId = await queuedJob(businessId);
    const message = financeMessage(jobId);
    const result = await deliver([message], intuitEnv(env));
    expect(result.acked).toEqual([message.id]);
    expect(result.retried).toEqual([]);
    expect(await jobById(jobId)).toMatchObject({ status: "failed", lastError: ACCESS_REVOKED_MESSAGE });
    expect(await connectionOf(businessId)).toMatchObject({ status: "broken" });
    expect(await reportRequests(realm)).toEqual([]);
    expect(await reportOf(businessId)).toBeUndefined();
  });

  it("fails at once, acknowledged, when the business has no connection", async () => {
    const businessId = await businessWith(null);
    const jobId = await queuedJob(businessId);
    const result = await deliver([financeMessage(jobId)]);
    expect(result.acked).toHaveLength(1);
    expect(await jobById(jobId)).toMatchObject({ status: "failed", lastError: NOT_CONNECTED_MESSAGE });
  });

  it("keeps the previous report intact when a refresh fails, through the last retry and the dead-letter queue", async () => {
    expectConsoleErrors();
    const businessId = await businessWith({ realm: unique("malformed") });
    const previous = await previousReport(businessId);
    const jobId = await queuedJob(businessId);
    const result = await deliver([financeMessage(jobId)], intuitEnv(env));
    expect(result.retried).toHaveLength(1);
    expect((await jobById(jobId)).lastError).toBe("QuickBooks sent a malformed report.");
    expect(await reportOf(businessId)).toMatchObject({
      profitAndLoss: previous.rows,
      lastUpdate: previous.lastUpdate,
      jobId: null,
    });

    // After max_retries the message is dead-lettered: the job ends failed with the user's text.
    const dead = await deliver([financeMessage(jobId, 6)], env, "finance-report-dlq");
    expect(dead.ackAll).toBe(true);
    expect(await jobById(jobId)).toMatchObject({ status: "failed", lastError: FINANCE_REPORT_FAILED_MESSAGE });
    expect(await reportOf(businessId)).toMatchObject({ profitAndLoss: previous.rows, lastUpdate: previous.lastUpdate });

    // A late redelivery of the dead job does nothing.
    const late = await deliver([financeMessage(jobId)], intuitEnv(env));
    expect(late.acked).toHaveLength(1);
    expect(await jobById(jobId)).toMatchObject({ status: "failed" });
  });

  it("replaces the previous report in place on a successful refresh", async () => {
    const businessId = await businessWith("demo");
    const previous = await previousReport(businessId);
    const before = await reportOf(businessId);
    const jobId = await queuedJob(businessId);
    await deliver([financeMessage(jobId)]);
    const after = await reportOf(businessId);
    expect(after.id).toBe(before.id);
    expect(after.profitAndLoss).toHaveLength(24);
    expect(after.lastUpdate.getTime()).toBeGreaterThan(previous.lastUpdate.getTime());
    expect(await db().select().from(financeReports).where(eq(financeReports.businessId, businessId))).toHaveLength(1);
  });
});

describe("monthly cron with the real builder", () => {
  it("enqueues one job per connected business per month, and the build runs once", async () => {
    const businessId = await businessWith("demo");
    const queue = fakeQueue();
    const march1 = Date.UTC(2027, 2, 1, 6, 0, 0);
    const fire = () =>
      worker.scheduled(
        createScheduledController({ cron: "0 6 1 * *", scheduledTime: march1 }),
        withQueue(queue),
        createExecutionContext(),
      );
    await fire();
    await fire();
    const march = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.businessId, businessId), eq(jobs.period, "2027-03")));
    expect(march).toHaveLength(1);
    const sent = sentJobIds(queue).filter((id) => id === march[0].id);
    expect(sent).toHaveLength(1);
    expect(queue.sendBatch).toHaveBeenCalledTimes(1);

    await deliver([financeMessage(march[0].id)]);
    const report = await reportOf(businessId);
    expect(report).toMatchObject({ periodStart: "2025-04", periodEnd: "2027-03", jobId: march[0].id });
    expect(report.profitAndLoss).toHaveLength(24);
    expect(await jobById(march[0].id)).toMatchObject({ status: "succeeded" });
  });
});

describe("requestFinanceReport", () => {
  it("records this month's job once and sends it once; a queued job is not sent twice", async () => {
    const businessId = await businessWith("demo");
    const { app, queue } = testApp();
    const first = await requestFinanceReport(app, businessId, { rerun: false });
    expect(first).toMatchObject({ status: "queued", created: true });
    expect(await jobById(first.jobId)).toMatchObject({ period: currentPeriod(), kind: "finance_report", businessId });
    const again = await requestFinanceReport(app, businessId, { rerun: false });
    const rerun = await requestFinanceReport(app, businessId, { rerun: true });
    expect(again).toEqual({ jobId: first.jobId, status: "queued", created: false });
    expect(rerun).toEqual({ jobId: first.jobId, status: "queued", created: false });
    expect(sentJobIds(queue)).toEqual([first.jobId]);
  });

  it("puts a finished job back in the queue on rerun, once, and leaves it alone without rerun", async () => {
    const businessId = await businessWith("demo");
    const { app, queue } = testApp();
    const { jobId } = await requestFinanceReport(app, businessId, { rerun: false });
    await deliver([financeMessage(jobId)]);
    expect(await jobById(jobId)).toMatchObject({ status: "succeeded", attempts: 1 });

    expect(await requestFinanceReport(app, businessId, { rerun: false })).toMatchObject({ jobId, status: "succeeded" });
    expect(await requestFinanceReport(app, businessId, { rerun: true })).toMatchObject({
      jobId,
      status: "queued",
      created: false,
    });
    expect(await requestFinanceReport(app, businessId, { rerun: true })).toMatchObject({ jobId, status: "queued" });
    expect(sentJobIds(queue)).toEqual([jobId, jobId]);
    expect(await jobById(jobId)).toMatchObject({ status: "queued", attempts: 0, lastError: null, finishedAt: null });

    // A failed job is re-run the same way.
    await db().update(jobs).set({ status: "failed", lastError: "boom" }).where(eq(jobs.id, jobId));
    expect(await requestFinanceReport(app, businessId, { rerun: true })).toMatchObject({ status: "queued" });
    expect(sentJobIds(queue)).toEqual([jobId, jobId, jobId]);
  });

  it("removes a job it just recorded when the queue refuses it, so the next request retries", async () => {
    const businessId = await businessWith("demo");
    const queue = fakeQueue();
    queue.sendBatch.mockRejectedValueOnce(new Error("queue unavailable"));
    const { app } = testApp(queue);
    await expect(requestFinanceReport(app, businessId, { rerun: false })).rejects.toThrow("queue unavailable");
    expect(await db().select().from(jobs).where(eq(jobs.businessId, businessId))).toEqual([]);
    const retried = await requestFinanceReport(app, businessId, { rerun: false });
    expect(retried.created).toBe(true);
    const [refused, sent, ...more] = sentJobIds(queue);
    expect(more).toEqual([]);
    expect(sent).toBe(retried.jobId);
    expect(refused).not.toBe(retried.jobId);
  });
});

describe("loadDashboardFinance", () => {
  it("requests a refresh off the critical path when the report is from another month", async () => {
    const businessId = await businessWith("demo");
    await previousReport(businessId);
    const { app, queue, pending } = testApp();
    const finance = await loadDashboardFinance(app, { id: businessId }, new Date());
    expect(finance.stale).toBe(true);
    expect(finance.connection).toMatchObject({ status: "connected", realmId: "demo", isDemo: true });
    expect(finance.report?.rows).toHaveLength(2);
    expect(finance.job).toBeNull();
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    const [job] = await db().select().from(jobs).where(eq(jobs.businessId, businessId));
    expect(job).toMatchObject({ period: currentPeriod(), status: "queued" });
    expect(sentJobIds(queue)).toEqual([job.id]);

    // Loading again while that job exists requests nothing.
    const again = testApp();
    const second = await loadDashboardFinance(again.app, { id: businessId }, new Date());
    expect(second.job).toMatchObject({ id: job.id, status: "queued", lastError: null });
    expect(again.pending).toHaveLength(0);
  });

  it("requests nothing for a fresh report, a broken connection or no connection", async () => {
    const fresh = await businessWith("demo");
    await deliver([financeMessage(await queuedJob(fresh))]);
    const broken = await businessWith(null);
    await connectAccounting(broken, "broken");
    await previousReport(broken);
    const none = await businessWith(null);
    for (const [businessId, stale] of [
      [fresh, false],
      [broken, true],
      [none, false],
    ] as const) {
      const { app, pending } = testApp();
      const finance = await loadDashboardFinance(app, { id: businessId }, new Date());
      expect(finance.stale).toBe(stale);
      expect(pending).toHaveLength(0);
    }
    const { app } = testApp();
    expect(await loadDashboardFinance(app, { id: none }, new Date())).toEqual({
      connection: null,
      report: null,
      job: null,
      stale: false,
    });
  });
});

describe("finance report API", () => {
  /** A request through the Worker's fetch entry, with the fake queue, as the browser sends it. */
  const api = apiCall;

  async function connectedClient() {
    const client = await signedInClient();
    await connectAccounting(client.business.id);
    return { token: client.token, businessId: client.business.id };
  }

  const jobsOf = (businessId: string) => db().select().from(jobs).where(eq(jobs.businessId, businessId));

  it("create-financial-report queues this month's job: 202 {jobId, status}, once", async () => {
    const { token, businessId } = await connectedClient();
    const queue = fakeQueue();
    const created = await api("/api/quickbooks/create-financial-report", {
      method: "POST",
      token,
      json: { business: { _id: businessId, quickbooks: { realmId: "demo" } } },
      queue,
    });
    expect(created.status).toBe(202);
    expect(created.body).toEqual({ jobId: expect.any(String), status: "queued" });
    const again = await api("/api/quickbooks/create-financial-report", { method: "POST", token, json: {}, queue });
    expect(again).toEqual({ status: 202, body: created.body });
    expect(sentJobIds(queue)).toEqual([created.body.jobId]);
    expect(await jobsOf(businessId)).toHaveLength(1);
  });

  it("create-financial-report refuses another business's _id (404, nothing queued), no session (401), bad input (400), no connection (409)", async () => {
    const { token, businessId } = await connectedClient();
    const other = await connectedClient();
    const queue = fakeQueue();
    const foreign = await api("/api/quickbooks/create-financial-report", {
      method: "POST",
      token,
      json: { business: { _id: other.businessId } },
      queue,
    });
    expect(foreign).toEqual({ status: 404, body: { msg: "Business not found." } });
    expect(queue.sendBatch).not.toHaveBeenCalled();
    expect(await jobsOf(businessId)).toEqual([]);
    expect(await jobsOf(other.businessId)).toEqual([]);

    const anonymous = await SELF.fetch(`${ORIGIN}/api/quickbooks/create-financial-report`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ msg: "You are not signed in." });

    const malformed = await api("/api/quickbooks/create-financial-report", {
      method: "POST",
      token,
      body: "{nope",
      queue,
    });
    expect(malformed).toEqual({ status: 400, body: { msg: "The request body is not valid JSON." } });
    const wrongShape = await api("/api/quickbooks/create-financial-report", {
      method: "POST",
      token,
      json: { business: { _id: 42 } },
      queue,
    });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.msg).toBe("business._id must be a string.");

    const unconnected = await signedInClient();
    const noConnection = await api("/api/quickbooks/create-financial-report", {
      method: "POST",
      token: unconnected.token,
      json: {},
      queue,
    });
    expect(noConnection).toEqual({ status: 409, body: { msg: NOT_CONNECTED_MESSAGE } });
    await connectAccounting(unconnected.business.id, "broken");
    const broken = await api("/api/quickbooks/create-financial-report", {
      method: "POST",
      token: unconnected.token,
      json: {},
      queue,
    });
    expect(broken).toEqual({ status: 409, body: { msg: ACCESS_REVOKED_MESSAGE } });
    expect(queue.sendBatch).not.toHaveBeenCalled();
  });

  it("get-financial-report answers {profitAndLoss, lastUpdate} for the own business only", async () => {
    const { token, businessId } = await connectedClient();
    const other = await connectedClient();
    await previousReport(other.businessId);

    const none = await api(`/api/quickbooks/get-financial-report/${businessId}`, { token });
    expect(none).toEqual({ status: 404, body: { msg: "There is no finance report for this business yet." } });

    await deliver([financeMessage(await queuedJob(businessId))]);
    const own = await api(`/api/quickbooks/get-financial-report/${businessId}`, { token });
    expect(own.status).toBe(200);
    const stored = await reportOf(businessId);
    expect(own.body).toEqual({ profitAndLoss: stored.profitAndLoss, lastUpdate: stored.lastUpdate.toISOString() });

    const foreign = await api(`/api/quickbooks/get-financial-report/${other.businessId}`, { token });
    expect(foreign).toEqual({ status: 404, body: { msg: "Business not found." } });
    const anonymous = await SELF.fetch(`${ORIGIN}/api/quickbooks/get-financial-report/${businessId}`);
    expect(anonymous.status).toBe(401);
  });

  it("refresh-finance-report re-queues a finished build (202) and refuses another business (404)", async () => {
    const { token, businessId } = await connectedClient();
    const other = await connectedClient();
    const jobId = await queuedJob(businessId);
    await deliver([financeMessage(jobId)]);

    const queue = fakeQueue();
    const refreshed = await api(`/api/quickbooks/refresh-finance-report/${businessId}`, {
      method: "PUT",
      token,
      json: { business: { _id: businessId, quickbooks: {} } },
      queue,
    });
    expect(refreshed).toEqual({ status: 202, body: { jobId, status: "queued" } });
    expect(sentJobIds(queue)).toEqual([jobId]);

    for (const [path, json] of [
      [`/api/quickbooks/refresh-finance-report/${other.businessId}`, {}],
      [`/api/quickbooks/refresh-finance-report/${businessId}`, { business: { _id: other.businessId } }],
    ] as const) {
      const foreign = await api(path, { method: "PUT", token, json, queue });
      expect(foreign).toEqual({ status: 404, body: { msg: "Business not found." } });
    }
    expect(sentJobIds(queue)).toEqual([jobId]);
    expect(await jobsOf(other.businessId)).toEqual([]);

    const post = await api(`/api/quickbooks/refresh-finance-report/${businessId}`, {
      method: "POST",
      token,
      json: {},
      queue,
    });
    expect(post.status).toBe(405);
  });

  it("finance-report-status tells the building screen where things stand", async () => {
    const client = await signedInClient();
    const businessId = client.business.id;
    const nothing = await api("/api/quickbooks/finance-report-status", { token: client.token });
    expect(nothing).toEqual({ status: 200, body: { connection: null, job: null, report: null } });

    await connectAccounting(businessId);
    const jobId = await queuedJob(businessId);
    const building = await api("/api/quickbooks/finance-report-status", { token: client.token });
    expect(building.body).toEqual({
      connection: { status: "connected", realmId: "demo" },
      job: { id: jobId, status: "queued", lastError: null },
      report: null,
    });

    await deliver([financeMessage(jobId)]);
    const done = await api("/api/quickbooks/finance-report-status", { token: client.token });
    expect(done.body).toEqual({
      connection: { status: "connected", realmId: "demo" },
      job: { id: jobId, status: "succeeded", lastError: null },
      report: { lastUpdate: (await reportOf(businessId)).lastUpdate.toISOString() },
    });
    expect(JSON.stringify(done.body)).not.toMatch(/Ciphertext|access_token|refresh/);

    const anonymous = await SELF.fetch(`${ORIGIN}/api/quickbooks/finance-report-status`);
    expect(anonymous.status).toBe(401);
  });
});
