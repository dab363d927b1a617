import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BENCHMARKING_NOT_UNLOCKED_MESSAGE,
  BENCHMARKING_START_FAILED_MESSAGE,
} from "~/lib/benchmarking/benchmarking-copy";
import { benchmarkingPurchasable } from "~/server/benchmarking/benchmarking-purchase.server";
import { startBenchmarking, startIncludedYears } from "~/server/benchmarking/benchmarking-access.server";
import { loadBenchmarkingView } from "~/server/benchmarking/benchmarking-view.server";
import { benchmarkingPurchases, jobs, purchases } from "~db/schema";
import worker from "../../../functions/worker";
import { createClient, signedInClient, signedInManager } from "../../factories";
import { call, connectAccounting, createPurchaseRow, db, setPlan, viewerOf } from "../helpers";
import {
  apiCall,
  benchmarkingApp,
  benchmarkJobsOf,
  buyYear,
  currentYear,
  fakeQueue,
  includeYear,
  purchasesOf,
  sampleReport,
  sentJobIds,
  storeJob,
  storeReport,
  withQueue,
  yearRowsOf,
} from "../helpers/benchmarking";

afterEach(() => {
  vi.restoreAllMocks();
});

const CREATE = "/api/benchmarking/create";
const UPDATE = "/api/payments/update-business-benchmarking";

describe("POST /api/benchmarking/create", () => {
  it("refuses anonymous (401), staff (403), junk bodies (400) and another business (404), writing nothing", async () => {
    const client = await signedInClient();
    const other = await createClient();
    await setPlan(other.business.id, "PREMIUM");
    const queue = fakeQueue();

    expect(await apiCall(CREATE, { json: { businessId: client.business.id }, queue })).toEqual({
      status: 401,
      body: { msg: "You are not signed in." },
    });
    const manager = await signedInManager();
    expect(await apiCall(CREATE, { token: manager.token, json: { businessId: client.business.id }, queue })).toEqual({
      status: 403,
      body: { msg: "Only business accounts have benchmarking." },
    });
    expect(await apiCall(CREATE, { token: client.token, body: "{nope", queue })).toEqual({
      status: 400,
      body: { msg: "The request body is not valid JSON." },
    });
    expect(await apiCall(CREATE, { token: client.token, json: {}, queue })).toEqual({
      status: 400,
      body: { msg: "businessId is required.", errors: { businessId: "businessId is required." } },
    });
    expect(await apiCall(CREATE, { token: client.token, json: { businessId: 42 }, queue })).toMatchObject({
      status: 400,
    });
    expect(await apiCall(CREATE, { token: client.token, json: { businessId: other.business.id }, queue })).toEqual({
      status: 404,
      body: { msg: "Business not found." },
    });
    expect(queue.sendBatch).not.toHaveBeenCalled();
    expect(await benchmarkJobsOf(other.business.id)).toEqual([]);
    expect(await yearRowsOf(other.business.id)).toEqual([]);
    expect(await benchmarkJobsOf(client.business.id)).toEqual([]);

    const wrongMethod = await call(CREATE, { cookie: client.token });
    expect(wrongMethod.status).toBe(405);
  });

  it("answers 402 with the message when BASIC has not bought the year, and writes nothing", async () => {
    const client = await signedInClient();
    const queue = fakeQueue();
    // A year only recorded as included (from a plan the business has left) does not count for BASIC.
    await includeYear(client.business.id, currentYear());
    const answer = await apiCall(CREATE, { token: client.token, json: { businessId: client.business.id }, queue });
    expect(answer).toEqual({ status: 402, body: { msg: BENCHMARKING_NOT_UNLOCKED_MESSAGE } });
    expect(BENCHMARKING_NOT_UNLOCKED_MESSAGE).toBe(
      "Benchmarking for this year is not unlocked. Buy it, or choose a plan that includes it.",
    );
    expect(queue.sendBatch).not.toHaveBeenCalled();
    expect(await benchmarkJobsOf(client.business.id)).toEqual([]);
  });

  it("starts a bought year once: the business with naicsReport building, one job, one message", async () => {
    const client = await signedInClient();
    const year = currentYear();
    await buyYear(client.business.id, year);
    const queue = fakeQueue();
    const first = await apiCall(CREATE, { token: client.token, json: { businessId: client.business.id }, queue });
    expect(first.status).toBe(200);
    expect(first.body._id).toBe(client.business.id);
    expect(first.body.benchmarking).toEqual({ yearsPurchased: [year] });
    expect(first.body.naicsReport).toEqual({
      year,
      status: "building",
      peerGroup: null,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [job] = await benchmarkJobsOf(client.business.id);
    expect(job).toMatchObject({ period: String(year), status: "queued", attempts: 0 });
    expect(sentJobIds(queue)).toEqual([job.id]);

    // A repeat while the job waits sends nothing and records nothing new.
    const again = await apiCall(CREATE, { token: client.token, json: { businessId: client.business.id }, queue });
    expect(again.status).toBe(200);
    expect(sentJobIds(queue)).toEqual([job.id]);
    expect(await benchmarkJobsOf(client.business.id)).toHaveLength(1);
    // Bought, not included: the year's row keeps its purchase.
    const [row] = await yearRowsOf(client.business.id);
    expect(row.purchaseId).not.toBeNull();
  });

  it("starts STARTER and SCALE without a purchase: the year recorded as included, never charged", async () => {
    for (const tier of ["STANDARD", "PREMIUM"] as const) {
      const client = await signedInClient();
      await setPlan(client.business.id, tier);
      const queue = fakeQueue();
      const answer = await apiCall(CREATE, { token: client.token, json: { businessId: client.business.id }, queue });
      expect(answer.status).toBe(200);
      expect(answer.body.benchmarking).toEqual({ yearsPurchased: [currentYear()] });
      expect((answer.body.naicsReport as { status: string }).status).toBe("building");
      const rows = await yearRowsOf(client.business.id);
      expect(rows.map((row) => ({ year: row.year, purchaseId: row.purchaseId }))).toEqual([
        { year: currentYear(), purchaseId: null },
      ]);
      expect(await purchasesOf(client.business.id)).toEqual([]);
      expect(sentJobIds(queue)).toHaveLength(1);
    }
  });

  it("restarts a failed build, leaves a succeeded one alone, and shows a built report as ready", async () => {
    const client = await signedInClient();
    const year = currentYear();
    await setPlan(client.business.id, "STANDARD");
    const failedId = await storeJob(client.business.id, year, "failed");
    const queue = fakeQueue();
    const retried = await apiCall(CREATE, { token: client.token, json: { businessId: client.business.id }, queue });
    expect((retried.body.naicsReport as { status: string }).status).toBe("building");
    expect(sentJobIds(queue)).toEqual([failedId]);
    const [job] = await benchmarkJobsOf(client.business.id);
    expect(job).toMatchObject({ id: failedId, status: "queued", attempts: 0, lastError: null });

    await db().update(jobs).set({ status: "succeeded" }).where(eq(jobs.id, failedId));
    await storeReport(client.business.id, year);
    const done = await apiCall(CREATE, { token: client.token, json: { businessId: client.business.id }, queue });
    expect(done.body.naicsReport).toEqual({
      year,
      status: "ready",
      peerGroup: "Machinery, equipment, and supplies merchant wholesalers (NAICS 4238), 2017",
      updatedAt: `${year}-03-02T10:00:00.000Z`,
    });
    expect(sentJobIds(queue)).toEqual([failedId]);
  });

  it("takes a just-created job back out when the queue refuses its message, and fails a reset one again", async () => {
    const { user, business } = await createClient();
    await setPlan(business.id, "PREMIUM");
    const viewer = await viewerOf(user.id, business.id);
    const app = benchmarkingApp(fakeQueue({ fail: true }));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(startBenchmarking(app, viewer)).rejects.toThrow("queue unavailable");
    expect(await benchmarkJobsOf(business.id)).toEqual([]);

    const failedId = await storeJob(business.id, currentYear(), "failed");
    await expect(startBenchmarking(app, viewer)).rejects.toThrow("queue unavailable");
    const [job] = await benchmarkJobsOf(business.id);
    expect(job).toMatchObject({ id: failedId, status: "failed", lastError: BENCHMARKING_START_FAILED_MESSAGE });
  });
});

describe("PUT /api/payments/update-business-benchmarking", () => {
  it("never charges STARTER or SCALE: {_id} without a url, the year recorded as included, idempotent", async () => {
    for (const tier of ["STANDARD", "PREMIUM"] as const) {
      const client = await signedInClient();
      await setPlan(client.business.id, tier);
      const body = { businessId: client.business.id };
      const first = await apiCall(UPDATE, { method: "PUT", token: client.token, json: body });
      expect(first).toEqual({ status: 200, body: { _id: client.business.id } });
      const second = await apiCall(UPDATE, { method: "PUT", token: client.token, json: body });
      expect(second).toEqual({ status: 200, body: { _id: client.business.id } });
      const rows = await yearRowsOf(client.business.id);
      expect(rows.map((row) => ({ year: row.year, purchaseId: row.purchaseId }))).toEqual([
        { year: currentYear(), purchaseId: null },
      ]);
      expect(await purchasesOf(client.business.id)).toEqual([]);
    }
  });

  it("still refuses another business (404) for a plan that includes benchmarking, writing nothing", async () => {
    const client = await signedInClient();
    await setPlan(client.business.id, "PREMIUM");
    const other = await createClient();
    const answer = await apiCall(UPDATE, {
      method: "PUT",
      token: client.token,
      json: { businessId: other.business.id },
    });
    expect(answer).toEqual({ status: 404, body: { msg: "Business not found." } });
    expect(await yearRowsOf(other.business.id)).toEqual([]);
    expect(await yearRowsOf(client.business.id)).toEqual([]);
  });

  it("lets BASIC buy a year that was only included, and the fulfilment gives that row its purchase", async () => {
    const { business } = await createClient();
    const year = currentYear();
    await includeYear(business.id, year);
    const app = benchmarkingApp();
    const described = await benchmarkingPurchasable.describe(app, business.id, { year });
    expect(described).toMatchObject({ ok: true, referenceId: String(year), amountCents: 29_900 });

    const now = new Date();
    const purchase = await createPurchaseRow(business.id, {
      kind: "benchmarking",
      referenceId: String(year),
      amountCents: 29_900,
      createdAt: now,
      updatedAt: now,
    });
    const [stored] = await db().select().from(purchases).where(eq(purchases.id, purchase.id));
    const statements = benchmarkingPurchasable.fulfil(db(), stored, now);
    for (const statement of statements) await statement;
    // A replay changes nothing.
    for (const statement of benchmarkingPurchasable.fulfil(db(), { ...stored, id: "another" }, now)) await statement;
    const rows = await yearRowsOf(business.id);
    expect(rows.map((row) => ({ year: row.year, purchaseId: row.purchaseId }))).toEqual([
      { year, purchaseId: purchase.id },
    ]);
    expect(await benchmarkingPurchasable.describe(app, business.id, { year })).toEqual({
      ok: false,
      status: 409,
      msg: "Benchmarking for this year is already unlocked.",
    });
  });
});

describe("loadBenchmarkingView", () => {
  it("BASIC without a purchase: access none, status none, the price and plan named, not connected", async () => {
    const { user, business } = await createClient();
    const view = await loadBenchmarkingView(benchmarkingApp(), await viewerOf(user.id, business.id));
    expect(view).toEqual({
      businessId: business.id,
      year: currentYear(),
      access: "none",
      planName: "BASIC",
      trialEndsAt: null,
      priceLabel: "$299.00",
      connected: false,
      status: "none",
      stalled: false,
      report: null,
      bands: null,
    });
  });

  it("follows the year's job and report: building, failed, ready (a rebuild keeps the report shown)", async () => {
    const { user, business } = await createClient();
    await setPlan(business.id, "STANDARD");
    await connectAccounting(business.id);
    const year = currentYear();
    const app = benchmarkingApp();
    const viewer = async () => viewerOf(user.id, business.id);
    expect(await loadBenchmarkingView(app, await viewer())).toMatchObject({
      access: "included",
      planName: "STARTER",
      connected: true,
      status: "none",
    });
    const jobId = await storeJob(business.id, year, "running");
    expect((await loadBenchmarkingView(app, await viewer())).status).toBe("building");
    await db().update(jobs).set({ status: "failed" }).where(eq(jobs.id, jobId));
    expect((await loadBenchmarkingView(app, await viewer())).status).toBe("failed");
    await storeReport(business.id, year);
    await db().update(jobs).set({ status: "queued" }).where(eq(jobs.id, jobId));
    const ready = await loadBenchmarkingView(app, await viewer());
    expect(ready.status).toBe("ready");
    // As it reads (reportAsRead, ADR 060): a report stored without a payroll total reads with none.
    expect(ready.report).toEqual({ ...sampleReport(year), payroll: null });
    // Another business of the same plan sees nothing of it.
    const neighbour = await createClient();
    await setPlan(neighbour.business.id, "STANDARD");
    expect(await loadBenchmarkingView(app, await viewerOf(neighbour.user.id, neighbour.business.id))).toMatchObject({
      businessId: neighbour.business.id,
      status: "none",
      report: null,
      connected: false,
    });
    // Last year's report is not this year's.
    const lastYear = await createClient();
    await buyYear(lastYear.business.id, year - 1);
    await storeReport(lastYear.business.id, year - 1);
    expect(await loadBenchmarkingView(app, await viewerOf(lastYear.user.id, lastYear.business.id))).toMatchObject({
      access: "none",
      status: "none",
      report: null,
    });
  });

  it("a bought year is purchased access", async () => {
    const { user, business } = await createClient();
    await buyYear(business.id);
    const view = await loadBenchmarkingView(benchmarkingApp(), await viewerOf(user.id, business.id));
    expect(view.access).toBe("purchased");
  });

  it("reads in ONE D1 round trip", async () => {
    const { user, business } = await createClient();
    const app = benchmarkingApp();
    // The viewer first: the test's helpers share the binding's Drizzle handle with the app.
    const viewer = await viewerOf(user.id, business.id);
    const batch = vi.spyOn(app.db.$client, "batch");
    const prepare = vi.spyOn(app.db.$client, "prepare");
    await loadBenchmarkingView(app, viewer);
    expect(batch).toHaveBeenCalledTimes(1);
    // The five reads (the fifth: the books behind a report stored without its payroll total, ADR
    // 060) are the batch's own statements, not separate round trips.
    expect(batch.mock.calls[0]![0]).toHaveLength(5);
    prepare.mockClear();
    await loadBenchmarkingView(app, viewer);
    expect(batch).toHaveBeenCalledTimes(2);
    // Prepared reads (db/prepared.ts): the second request builds no SQL.
    expect(prepare).not.toHaveBeenCalled();
  });
});

describe("the business entity's naicsReport", () => {
  it("is null before anything starts, and the same summary on GET /api/client/auth", async () => {
    const client = await signedInClient();
    const before = await call("/api/client/auth", { cookie: client.token });
    expect(((await before.json()) as { business: { naicsReport: unknown } }).business.naicsReport).toBeNull();
    await storeJob(client.business.id, currentYear(), "queued");
    const during = await call("/api/client/auth", { cookie: client.token });
    expect(((await during.json()) as { business: { naicsReport: unknown } }).business.naicsReport).toMatchObject({
      year: currentYear(),
      status: "building",
      peerGroup: null,
    });
  });
});

describe("the monthly cron: STARTER and SCALE's new year", () => {
  it("records the included year and queues its build once, only for plans that include it and have used it", async () => {
    const year = currentYear();
    const starter = await createClient();
    await setPlan(starter.business.id, "STANDARD");
    await includeYear(starter.business.id, year - 1);
    const scaleBought = await createClient();
    await setPlan(scaleBought.business.id, "PREMIUM");
    await buyYear(scaleBought.business.id, year - 1);
    const basic = await createClient();
    await buyYear(basic.business.id, year - 1);
    const neverUsed = await createClient();
    await setPlan(neverUsed.business.id, "PREMIUM");
    const alreadyStarted = await createClient();
    await setPlan(alreadyStarted.business.id, "STANDARD");
    await includeYear(alreadyStarted.business.id, year - 1);
    await includeYear(alreadyStarted.business.id, year);

    const queue = fakeQueue();
    const fire = () =>
      worker.scheduled(
        createScheduledController({ cron: "0 6 1 * *", scheduledTime: Date.now() }),
        withQueue(queue),
        createExecutionContext(),
      );
    await fire();
    await fire();

    for (const started of [starter, scaleBought]) {
      const rows = await yearRowsOf(started.business.id);
      expect(rows.find((row) => row.year === year)?.purchaseId).toBeNull();
      const jobRows = await benchmarkJobsOf(started.business.id);
      expect(jobRows.map((job) => ({ period: job.period, status: job.status }))).toEqual([
        { period: String(year), status: "queued" },
      ]);
      expect(sentJobIds(queue).filter((id) => id === jobRows[0].id)).toHaveLength(1);
    }
    for (const untouched of [basic, neverUsed, alreadyStarted]) {
      expect(await benchmarkJobsOf(untouched.business.id)).toEqual([]);
    }
    expect((await yearRowsOf(basic.business.id)).map((row) => row.year)).toEqual([year - 1]);
    expect(await yearRowsOf(neverUsed.business.id)).toEqual([]);
  });

  it("takes the year rows and jobs back out when the queue refuses, so the next fire retries", async () => {
    const year = currentYear();
    const starter = await createClient();
    await setPlan(starter.business.id, "STANDARD");
    await includeYear(starter.business.id, year - 1);
    await expect(startIncludedYears(benchmarkingApp(fakeQueue({ fail: true })))).rejects.toThrow("queue unavailable");
    expect(await benchmarkJobsOf(starter.business.id)).toEqual([]);
    expect((await yearRowsOf(starter.business.id)).map((row) => row.year)).toEqual([year - 1]);

    const queue = fakeQueue();
    const result = await startIncludedYears(benchmarkingApp(queue));
    expect(result.year).toBe(year);
    const [job] = await benchmarkJobsOf(starter.business.id);
    expect(sentJobIds(queue)).toContain(job.id);
    const rows = await db()
      .select()
      .from(benchmarkingPurchases)
      .where(eq(benchmarkingPurchases.businessId, starter.business.id));
    expect(rows.map((row) => row.year).sort()).toEqual([year - 1, year]);
  });
});
