import { createMessageBatch, env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BENCHMARKING_NO_ACCESS_ERROR } from "~/lib/benchmarking/benchmarking-copy";
import type { BenchmarkReportData } from "~/lib/benchmarking/report-types";
import { demoProfitAndLossReport } from "~/lib/finance/demo-company";
import { reportRange } from "~/lib/finance/finance";
import { parseProfitAndLossReport } from "~/lib/finance/intuit-report";
import {
  BOOKS_CHANGED_DURING_BUILD,
  benchmarkInsightWrites,
  refreshBenchmarkingAfterBooks,
} from "~/server/benchmarking/benchmark-build.server";
import { requestFinanceReport } from "~/server/finance/finance-reports.server";
import { startBenchmarking } from "~/server/benchmarking/benchmarking-access.server";
import type { AppContext } from "~/server/load-context";
import { appOrigins, emailOutbox, financeReports, jobs, users, valueInsights } from "~db/schema";
import { DEAD_LETTER_REASONS, handleQueueBatch } from "../../../functions/queues";
import {
  BOOKS_INSIGHT_STORED_BEFORE_CENTS,
  BOOKS_REPORT_STORED_BEFORE_CENTS,
  withoutPeerFigures,
} from "../../fixtures/benchmarking/report";
import { createClient, signedInClient } from "../../factories";
import { call, connectAccounting, db, html, ORIGIN, setPlan, viewerOf, noticesOf } from "../helpers";
import {
  apiCall,
  benchmarkingApp,
  benchmarkJobsOf,
  benchmarkReportsOf,
  buyYear,
  currentYear,
  fakeQueue,
  gapInsightsOf,
  sentJobIds,
  storeJob,
  storeReport,
} from "../helpers/benchmarking";

afterEach(() => {
  vi.restoreAllMocks();
});

const APP_URL = "https://app.partwise.test";

/** An app with a fake queue and APP_URL (the job's email needs the app's address). */
const jobApp = (queue = fakeQueue()) => benchmarkingApp(queue, () => new Date(), { ...env, APP_URL });

let msgSeq = 0;
const message = (jobId: string, attempts = 1) => ({
  id: `bench-msg-${++msgSeq}`,
  timestamp: new Date(),
  attempts,
  body: { v: 1, type: "benchmarking.build", jobId },
});

/** Hands messages to the Worker's queue dispatch and reports what each message was told. */
async function deliver(app: AppContext, messages: ReturnType<typeof message>[], queue = "benchmarking") {
  const batch = createMessageBatch(queue, messages);
  const acks = batch.messages.map((m) => vi.spyOn(m, "ack"));
  const retries = batch.messages.map((m) => vi.spyOn(m, "retry"));
  const ackAll = vi.spyOn(batch, "ackAll");
  await handleQueueBatch(batch, app);
  return {
    acked: acks.map((spy) => spy.mock.calls.length > 0),
    retried: retries.map((spy) => spy.mock.calls.length > 0),
    ackAll: ackAll.mock.calls.length > 0,
  };
}

/** A STARTER business whose year was started through the real start (fake queue): its job id. */
async function startedBusiness(options: { books?: boolean } = {}) {
  const { user, business } = await createClient();
  await setPlan(business.id, "STANDARD");
  if (options.books) await storeDemoBooks(business.id);
  const queue = fakeQueue();
  await startBenchmarking(benchmarkingApp(queue), await viewerOf(user.id, business.id));
  const [jobId] = sentJobIds(queue);
  return { user, business, jobId };
}

/** The demo company's report of the last 24 months, stored as the finance job stores it. */
async function storeDemoBooks(businessId: string, lastUpdate = new Date()) {
  const now = new Date();
  const end = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const range = reportRange(end);
  const parsed = parseProfitAndLossReport(demoProfitAndLossReport({ seed: businessId, ...range }));
  await connectAccounting(businessId);
  await db().insert(financeReports).values({
    id: crypto.randomUUID(),
    businessId,
    profitAndLoss: parsed.rows,
    expenseLines: parsed.expenseLines,
    source: "demo",
    periodStart: range.start,
    periodEnd: range.end,
    lastUpdate,
    createdAt: now,
    updatedAt: now,
  });
}

const jobOf = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0];
const emailsTo = async (userId: string) => {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
};

describe("the benchmarking job", () => {
  it("builds the year's report from the books: one report, one benchmark_gap insight, the owner told once", async () => {
    const { user, business, jobId } = await startedBusiness({ books: true });
    const app = jobApp();
    expect(await deliver(app, [message(jobId)])).toMatchObject({ acked: [true], retried: [false] });
    expect(await jobOf(jobId)).toMatchObject({ status: "succeeded", attempts: 1, lastError: null });

    const reports = await benchmarkReportsOf(business.id);
    expect(reports).toHaveLength(1);
    const data = reports[0].data as BenchmarkReportData;
    expect(reports[0]).toMatchObject({ period: String(currentYear()), naics: "423840", jobId });
    expect(data).toMatchObject({ version: 1, year: currentYear(), basis: "books", dollarsOf: 2024 });
    expect(data.booksThrough).toMatch(/^\d{4}-\d{2}$/);
    expect(data.peerGroup.requestedCode).toBe("423840");
    expect(data.peerGroup.name).toContain("NAICS");
    const payroll = data.measures.find((m) => m.key === "payrollPerEmployee");
    expect(payroll?.business).toBeGreaterThan(0);
    // The books' figures and the Census averages in the one money format, with cents (ADR 052).
    expect(payroll?.businessNote).toMatch(
      /^Wages and salaries for [A-Z][a-z]+ \d{4} to [A-Z][a-z]+ \d{4} \(\$[\d,]+\.\d\d\) divided by \d+ employees\.$/,
    );
    expect(data.readings.join(" ")).toMatch(/\(\$[\d,]+\.\d\d\)/);
    expect(data.readings.join(" ")).not.toMatch(/\$[\d,]+(?![\d,.])/);

    const insights = await gapInsightsOf(business.id);
    expect(insights).toHaveLength(1);
    expect(insights[0]).toMatchObject({
      id: `vi-${business.id}-benchmark_gap-${currentYear()}`,
      kind: "benchmark_gap",
      category: "finance",
    });
    expect(insights[0].summary).toContain(data.readings[0]);
    expect(insights[0].summary).not.toMatch(/\$[\d,]+(?![\d,.])/);

    const notices = await noticesOf(user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      businessId: business.id,
      kind: "benchmarking_ready",
      title: `Your ${currentYear()} benchmarking is ready`,
      body: `See how your business compares with ${data.peerGroup.name}.`,
      link: "/benchmarking",
    });
    const emails = await emailsTo(user.id);
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe(`Your ${currentYear()} benchmarking is ready`);
    expect(emails[0].textBody).toContain(`${APP_URL}/benchmarking`);

    // A replayed message claims nothing: no second report, insight or notice.
    expect(await deliver(app, [message(jobId)])).toMatchObject({ acked: [true], retried: [false] });
    expect(await benchmarkReportsOf(business.id)).toHaveLength(1);
    expect(await gapInsightsOf(business.id)).toHaveLength(1);
    expect(await noticesOf(user.id)).toHaveLength(1);
  });

  it("without books uses the bands stated at sign-up", async () => {
    const { business, jobId } = await startedBusiness();
    await deliver(jobApp(), [message(jobId)]);
    const [report] = await benchmarkReportsOf(business.id);
    const data = report.data as BenchmarkReportData;
    expect(data.basis).toBe("stated");
    expect(data.booksThrough).toBeNull();
    expect(data.booksVersion).toBeNull();
  });

  it("retries after a transient failure, then builds once", async () => {
    const { business, jobId } = await startedBusiness({ books: true });
    const app = jobApp();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The claim's batch goes through; the build's write batch fails.
    const original = app.db.batch.bind(app.db);
    const batch = vi
      .spyOn(app.db, "batch")
      .mockImplementationOnce(original as never)
      .mockRejectedValueOnce(new Error("D1_ERROR: Network connection lost."));
    expect(await deliver(app, [message(jobId)])).toMatchObject({ acked: [false], retried: [true] });
    expect(await jobOf(jobId)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "D1_ERROR: Network connection lost.",
    });
    expect(await benchmarkReportsOf(business.id)).toEqual([]);
    batch.mockRestore();

    expect(await deliver(app, [message(jobId, 2)])).toMatchObject({ acked: [true], retried: [false] });
    expect(await jobOf(jobId)).toMatchObject({ status: "succeeded", attempts: 2, lastError: null });
    expect(await benchmarkReportsOf(business.id)).toHaveLength(1);
    expect(await gapInsightsOf(business.id)).toHaveLength(1);
  });

  it("after the last retry the message is dead-lettered and the job ends failed, with no report", async () => {
    const { business, jobId } = await startedBusiness();
    const app = jobApp();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(app.db, "batch").mockRejectedValueOnce(new Error("D1_ERROR: overloaded"));
    expect(await deliver(app, [message(jobId, 6)])).toMatchObject({ retried: [true] });
    vi.restoreAllMocks();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The queue gives up (max_retries) and hands the message to the dead-letter queue.
    expect(await deliver(app, [message(jobId, 6)], "benchmarking-dlq")).toMatchObject({ ackAll: true });
    expect(await jobOf(jobId)).toMatchObject({ status: "failed", lastError: DEAD_LETTER_REASONS.benchmarking });
    expect(await benchmarkReportsOf(business.id)).toEqual([]);
    // A late redelivery of the original message finds a finished job: nothing is built.
    expect(await deliver(app, [message(jobId, 7)])).toMatchObject({ acked: [true] });
    expect(await benchmarkReportsOf(business.id)).toEqual([]);
  });

  it("fails at once, writing nothing, when the business has no benchmarking for the year", async () => {
    const { user, business } = await createClient();
    const jobId = await storeJob(business.id, currentYear(), "queued");
    expect(await deliver(jobApp(), [message(jobId)])).toMatchObject({ acked: [true], retried: [false] });
    expect(await jobOf(jobId)).toMatchObject({ status: "failed", lastError: BENCHMARKING_NO_ACCESS_ERROR });
    expect(BENCHMARKING_NO_ACCESS_ERROR).toBe("The business has no benchmarking for this year.");
    expect(await benchmarkReportsOf(business.id)).toEqual([]);
    expect(await noticesOf(user.id)).toEqual([]);
  });

  it("a rebuild overwrites the report, keeps the insight's rating and tells the owner it is updated", async () => {
    const { user, business, jobId } = await startedBusiness({ books: true });
    const app = jobApp();
    await deliver(app, [message(jobId)]);
    const [first] = await benchmarkReportsOf(business.id);
    const insightId = `vi-${business.id}-benchmark_gap-${currentYear()}`;
    await db()
      .update(valueInsights)
      .set({ clientSatisfaction: 4, clientFeedback: "Useful." })
      .where(eq(valueInsights.id, insightId));

    await db().update(jobs).set({ status: "queued" }).where(eq(jobs.id, jobId));
    await deliver(app, [message(jobId)]);
    const reports = await benchmarkReportsOf(business.id);
    expect(reports).toHaveLength(1);
    expect(reports[0].id).toBe(first.id);
    const [insight] = await gapInsightsOf(business.id);
    expect(insight).toMatchObject({ id: insightId, clientSatisfaction: 4, clientFeedback: "Useful." });
    const titles = (await noticesOf(user.id)).map((n) => n.title).sort();
    expect(titles).toEqual([
      `Your ${currentYear()} benchmarking is ready`,
      `Your ${currentYear()} benchmarking is updated`,
    ]);
  });

  it("a rebuild that finds no gap takes out an unrated insight and keeps a rated one with the texts it was rated on, as they read today", async () => {
    const year = currentYear();
    const previous = { ...BOOKS_REPORT_STORED_BEFORE_CENTS, year };
    const noGap = withoutPeerFigures(previous);
    const [rated, unrated] = await Promise.all([createClient(), createClient()]);
    const stored = new Date("2026-01-05T10:00:00.000Z");
    const idOf = (businessId: string) => `vi-${businessId}-benchmark_gap-${year}`;
    await db()
      .insert(valueInsights)
      .values(
        [rated, unrated].map(({ business }) => ({
          id: idOf(business.id),
          businessId: business.id,
          kind: "benchmark_gap" as const,
          category: "finance" as const,
          ...BOOKS_INSIGHT_STORED_BEFORE_CENTS,
          clientSatisfaction: business.id === rated.business.id ? 4 : null,
          createdAt: stored,
          updatedAt: stored,
        })),
      );
    const rebuild = (businessId: string, report: BenchmarkReportData, at: Date) =>
      benchmarkInsightWrites(db(), { id: idOf(businessId), businessId, financeReportId: null }, null, report, at);

    const at = new Date("2026-03-04T09:30:00.000Z");
    await db().batch([...rebuild(rated.business.id, previous, at), ...rebuild(unrated.business.id, previous, at)]);
    expect(await gapInsightsOf(unrated.business.id)).toEqual([]);
    const [kept] = await gapInsightsOf(rated.business.id);
    expect(kept).toMatchObject({
      title: "Revenue 43.5% above peer firms",
      summary:
        "Your revenue for Nov 2025 to Oct 2026 ($2,588,633.76) is 43.5% higher than the average of peer firms ($1,803,772.00), $784,861.76 more. You have 37 employees, 42.1% more than the average peer firm (26). Wages and salaries take 32.9% of your revenue, 1.3 percentage points less than at peer firms (34.2%). Peers: Full-service restaurants (NAICS 722511), 2017; Accommodation and food services (NAICS 72) firms with 20 to 49 employees, 2017; dollar figures in 2024 dollars.",
      clientSatisfaction: 4,
      updatedAt: at,
    });

    // A later rebuild without a gap either (its previous report told none): the texts stay.
    await db().batch(rebuild(rated.business.id, noGap, new Date("2026-04-01T00:00:00.000Z")));
    expect((await gapInsightsOf(rated.business.id))[0]).toEqual(kept);
  });

  it("goes round again at once when new books are stored while it builds, then tells the owner once", async () => {
    const { user, business, jobId } = await startedBusiness();
    const app = jobApp();
    const original = app.db.batch.bind(app.db);
    let calls = 0;
    vi.spyOn(app.db, "batch").mockImplementation((async (statements: never) => {
      // The finance job stores the first books between this build's read (a runReads batch) and
      // its write (the build's first db.batch, after the claim's).
      if (++calls === 2) await storeDemoBooks(business.id);
      return original(statements);
    }) as unknown as typeof original);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const first = await deliver(app, [message(jobId)]);
    expect(first).toMatchObject({ acked: [false], retried: [true] });
    expect(await jobOf(jobId)).toMatchObject({ status: "queued", lastError: BOOKS_CHANGED_DURING_BUILD });
    expect(await noticesOf(user.id)).toEqual([]);

    expect(await deliver(app, [message(jobId, 2)])).toMatchObject({ acked: [true] });
    const [report] = await benchmarkReportsOf(business.id);
    expect((report.data as BenchmarkReportData).basis).toBe("books");
    expect(await noticesOf(user.id)).toHaveLength(1);
  });

  it("without APP_URL, emails the owner with links on the origin of the request that started the build", async () => {
    // Nobody has reached the app yet: no address is known, only the notification is written.
    await db().delete(appOrigins);
    const before = await startedBusiness();
    const noUrl = benchmarkingApp(fakeQueue(), () => new Date(), { ...env, APP_URL: undefined });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await deliver(noUrl, [message(before.jobId)]);
    expect(await noticesOf(before.user.id)).toHaveLength(1);
    expect(await emailsTo(before.user.id)).toEqual([]);

    // A local run (APP_URL empty): the owner starts the build from the app at its address; the
    // job, which has no request, emails the link on that address, as the building screen promised.
    const client = await signedInClient();
    await setPlan(client.business.id, "STANDARD");
    const queue = fakeQueue();
    const started = await apiCall("/api/benchmarking/create", {
      token: client.token,
      json: { businessId: client.business.id },
      queue,
    });
    expect(started.status).toBe(200);
    const [jobId] = sentJobIds(queue);
    expect(await deliver(noUrl, [message(jobId!)])).toMatchObject({ acked: [true] });
    const emails = await emailsTo(client.user.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      kind: "benchmarking_ready",
      subject: `Your ${currentYear()} benchmarking is ready`,
    });
    expect(emails[0]!.textBody).toContain(`${ORIGIN}/benchmarking`);
    expect(emails[0]!.textBody).toContain(`${ORIGIN}/unsubscribe?token=`);
    // The local mailbox shows it.
    const outbox = await call("/dev/outbox");
    expect(outbox.status).toBe(200);
    const page = await outbox.text();
    expect(page).toContain(`Your ${currentYear()} benchmarking is ready`);
    expect(page).toContain(html(client.user.email));
  });
});

describe("refreshBenchmarkingAfterBooks", () => {
  it("rebuilds the year's report when the books changed since it was built, once", async () => {
    const { business, jobId } = await startedBusiness({ books: true });
    await deliver(jobApp(), [message(jobId)]);

    // Same books as the report was built from: nothing to do.
    const queue = fakeQueue();
    expect(await refreshBenchmarkingAfterBooks(benchmarkingApp(queue), business.id)).toBe(false);
    expect(queue.sendBatch).not.toHaveBeenCalled();

    await db()
      .update(financeReports)
      .set({ lastUpdate: new Date(Date.now() + 60_000) })
      .where(eq(financeReports.businessId, business.id));
    expect(await refreshBenchmarkingAfterBooks(benchmarkingApp(queue), business.id)).toBe(true);
    expect(sentJobIds(queue)).toEqual([jobId]);
    expect(await jobOf(jobId)).toMatchObject({ status: "queued", attempts: 0 });
    // While that build waits, another refresh sends nothing.
    expect(await refreshBenchmarkingAfterBooks(benchmarkingApp(queue), business.id)).toBe(false);
    expect(sentJobIds(queue)).toEqual([jobId]);
  });

  it("rebuilds a report made from the stated bands once books arrive", async () => {
    const { business, jobId } = await startedBusiness();
    await deliver(jobApp(), [message(jobId)]);
    await storeDemoBooks(business.id);
    const queue = fakeQueue();
    expect(await refreshBenchmarkingAfterBooks(benchmarkingApp(queue), business.id)).toBe(true);
    await deliver(jobApp(), [message(jobId)]);
    const [report] = await benchmarkReportsOf(business.id);
    expect((report.data as BenchmarkReportData).basis).toBe("books");
  });

  it("does nothing for a business that never started benchmarking or has lost access", async () => {
    const { business } = await createClient();
    await storeDemoBooks(business.id);
    const queue = fakeQueue();
    expect(await refreshBenchmarkingAfterBooks(benchmarkingApp(queue), business.id)).toBe(false);

    const bought = await createClient();
    await buyYear(bought.business.id, currentYear() - 1);
    await storeDemoBooks(bought.business.id);
    await storeReport(bought.business.id, currentYear() - 1);
    expect(await refreshBenchmarkingAfterBooks(benchmarkingApp(queue), bought.business.id)).toBe(false);

    // A STARTER that moved to BASIC keeps its built report but gets no rebuild.
    const downgraded = await startedBusiness({ books: true });
    await deliver(jobApp(), [message(downgraded.jobId)]);
    await setPlan(downgraded.business.id, "BASIC");
    await db()
      .update(financeReports)
      .set({ lastUpdate: new Date(Date.now() + 60_000) })
      .where(eq(financeReports.businessId, downgraded.business.id));
    expect(await refreshBenchmarkingAfterBooks(benchmarkingApp(queue), downgraded.business.id)).toBe(false);
    expect(queue.sendBatch).not.toHaveBeenCalled();
    const [job] = await benchmarkJobsOf(downgraded.business.id);
    expect(job.status).toBe("succeeded");
  });

  it("runs after every finance build on the queue: new books rebuild the year's benchmarking", async () => {
    const { business, jobId } = await startedBusiness({ books: true });
    await deliver(jobApp(), [message(jobId)]);
    const queue = fakeQueue();
    const app = jobApp(queue);
    const { jobId: financeJobId } = await requestFinanceReport(app, business.id, { rerun: true });
    const financeDelivery = await deliver(
      app,
      [{ ...message(financeJobId), body: { v: 1, type: "finance-report.build", jobId: financeJobId } }],
      "finance-report",
    );
    expect(financeDelivery).toMatchObject({ acked: [true], retried: [false] });
    expect(await jobOf(financeJobId)).toMatchObject({ status: "succeeded" });
    expect(sentJobIds(queue)).toContain(jobId);
    expect(await jobOf(jobId)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("never throws: a queue outage is logged and answered false", async () => {
    const { business, jobId } = await startedBusiness({ books: true });
    await deliver(jobApp(), [message(jobId)]);
    await db()
      .update(financeReports)
      .set({ lastUpdate: new Date(Date.now() + 60_000) })
      .where(and(eq(financeReports.businessId, business.id)));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await refreshBenchmarkingAfterBooks(benchmarkingApp(fakeQueue({ fail: true })), business.id)).toBe(false);
    expect(logged).toHaveBeenCalled();
    expect((await jobOf(jobId)).status).toBe("failed");
  });
});
