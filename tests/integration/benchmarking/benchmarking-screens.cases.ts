import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import {
  BENCHMARKING_BUILDING_MESSAGE,
  BENCHMARKING_ERROR_MESSAGE,
  BENCHMARKING_NOT_UNLOCKED_MESSAGE,
  BENCHMARKING_STALLED_MESSAGE,
  BENCHMARKING_TRY_AGAIN_BUTTON,
} from "~/lib/benchmarking/benchmarking-copy";
import { PAYMENT_PENDING_TITLE } from "~/lib/payments/payment-copy";
import { benchmarkInsightWrites } from "~/server/benchmarking/benchmark-build.server";
import { createAppContext } from "~/server/load-context";
import { payLocalCheckout } from "~/server/payments/stripe-fake/keyless.server";
import worker from "../../../functions/worker";
import {
  BOOKS_INSIGHT_STORED_BEFORE_CENTS,
  BOOKS_REPORT_STORED_BEFORE_CENTS,
  SAMPLE_REPORT,
  withoutPeerFigures,
} from "../../fixtures/benchmarking/report";
import { createClient, signedInClient } from "../../factories";
import { benchmarkReports, financeReports, jobs, matchRequests, valueInsights } from "~db/schema";
import { monthsEndingAt } from "~/lib/finance/finance";
import { connectAccounting, db, html, ORIGIN, SESSION_COOKIE, setPlan, signedIn } from "../helpers";
import {
  apiCall,
  benchmarkJobsOf,
  buyYear,
  currentYear,
  fakeQueue,
  purchasesOf,
  sentJobIds,
  storeJob,
  storeReport,
  withQueue,
  yearRowsOf,
  type FakeQueue,
} from "../helpers/benchmarking";

afterEach(() => {
  vi.restoreAllMocks();
});

const FORM_UNREADABLE = "We couldn't read that form. Please reload the page and try again.";

/** A page request through the Worker entry, with a producer that records what is sent. */
async function page(
  path: string,
  options: { token?: string; form?: Record<string, string>; json?: unknown; queue?: FakeQueue } = {},
) {
  const headers = new Headers({ Host: new URL(ORIGIN).host, Accept: "text/html" });
  if (options.token) headers.set("Cookie", `${SESSION_COOKIE}=${options.token}`);
  let body: string | undefined;
  if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }
  const method = body !== undefined ? "POST" : "GET";
  if (method === "POST") headers.set("Origin", ORIGIN);
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    withQueue(options.queue ?? fakeQueue()),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, location: response.headers.get("Location"), text: await response.text() };
}

/** The year's benchmark_gap insight as the code before cents stored it (whole-dollar summary): its id. */
/** BOOKS_INSIGHT_STORED_BEFORE_CENTS's summary as it reads today: every amount to the cent. */
const INSIGHT_SUMMARY_IN_CENTS =
  "Your revenue for Nov 2025 to Oct 2026 ($2,588,633.76) is 43.5% higher than the average of peer firms ($1,803,772.00), $784,861.76 more. You have 37 employees, 42.1% more than the average peer firm (26). Wages and salaries take 32.9% of your revenue, 1.3 percentage points less than at peer firms (34.2%). Peers: Full-service restaurants (NAICS 722511), 2017; Accommodation and food services (NAICS 72) firms with 20 to 49 employees, 2017; dollar figures in 2024 dollars.";

async function storeGapInsightStoredBeforeCents(
  businessId: string,
  year: number,
  rating: { clientSatisfaction?: number; clientFeedback?: string } = {},
): Promise<string> {
  const id = `vi-${businessId}-benchmark_gap-${year}`;
  const now = new Date();
  await db()
    .insert(valueInsights)
    .values({
      id,
      businessId,
      kind: "benchmark_gap",
      category: "finance",
      ...BOOKS_INSIGHT_STORED_BEFORE_CENTS,
      ...rating,
      createdAt: now,
      updatedAt: now,
    });
  return id;
}

describe("/benchmarking screens", () => {
  it("sends anonymous visitors and clients without a business away, and a refused accounting authorization to the connect flow's screen", async () => {
    const anonymous = await page("/benchmarking");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe("/");

    // Exempt from startup routing: a client with a business stays here (never sent to /dashboard);
    // without a business there is nothing to compare, so the layout's guard asks for one.
    const withoutBusiness = await signedIn();
    const noBusiness = await page("/benchmarking", { token: withoutBusiness.token });
    expect(noBusiness.status).toBe(302);
    expect(noBusiness.location).toBe("/signup-business");

    const client = await signedInClient();
    const denied = await page("/benchmarking?error=access_denied", { token: client.token });
    expect(denied.status).toBe(302);
    expect(denied.location).toBe("/quickbook-status?reason=access_denied&returnPage=BENCHMARKING");
  });

  it("shows BASIC the connect screen: what it shows, Connect Company Data back to /benchmarking, and the $299.00 unlock", async () => {
    const client = await signedInClient();
    const response = await page("/benchmarking", { token: client.token });
    expect(response.status).toBe(200);
    expect(response.text).toContain("What benchmarking shows");
    expect(response.text).toContain('href="/api/quickbooks/createAuthPortal?returnPage=BENCHMARKING"');
    expect(response.text).toContain(`One payment of $299.00 unlocks benchmarking for ${currentYear()}.`);
    expect(response.text).toContain("Unlock for $299.00");

    await connectAccounting(client.business.id);
    const connected = await page("/benchmarking", { token: client.token });
    expect(connected.text).toContain("Your company data is connected.");
    expect(connected.text).not.toContain("returnPage=BENCHMARKING");
  });

  it("sends a bought year without a report to the payment-success page, which starts the build once", async () => {
    const client = await signedInClient();
    await buyYear(client.business.id);
    const response = await page("/benchmarking", { token: client.token });
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/benchmarking-payment-success?businessId=${client.business.id}`);

    const queue = fakeQueue();
    const success = await page(response.location!, { token: client.token, queue });
    expect(success.text).toContain(html("You've unlocked Partwise Benchmarking!"));
    const jobs = await benchmarkJobsOf(client.business.id);
    expect(jobs).toHaveLength(1);
    expect(sentJobIds(queue)).toEqual([jobs[0]!.id]);

    const building = await page("/benchmarking", { token: client.token });
    expect(building.status).toBe(200);
    expect(building.text).toContain(BENCHMARKING_BUILDING_MESSAGE);
    const again = fakeQueue();
    await page(response.location!, { token: client.token, queue: again });
    expect(again.sendBatch).not.toHaveBeenCalled();
  });

  it("shows the failure with Home to /dashboard, and the report once built", async () => {
    const client = await signedInClient();
    await buyYear(client.business.id);
    await storeJob(client.business.id, currentYear(), "failed");
    const failed = await page("/benchmarking", { token: client.token });
    expect(failed.text).toContain(BENCHMARKING_ERROR_MESSAGE);
    expect(failed.text).toMatch(/<a[^>]*href="\/dashboard"[^>]*>Home<\/a>/);

    const built = await signedInClient();
    await buyYear(built.business.id);
    await storeJob(built.business.id, currentYear(), "succeeded");
    await storeReport(built.business.id, currentYear(), { ...SAMPLE_REPORT, year: currentYear() });
    const report = await page("/benchmarking", { token: built.token });
    expect(report.status).toBe(200);
    expect(report.text).toContain(html(SAMPLE_REPORT.peerGroup.name));
    expect(report.text).toContain("US Census Bureau, Annual Business Survey (2017)");
    expect(report.text).toContain(
      "Peer dollars are in 2024 dollars, restated from 2017 with the CPI-U; the published figure is shown beside each.",
    );
    // Every dollar amount with cents (ADR 052): the business's own figures as on its dashboard
    // ("$186,822.40", never "$186,822"), and the Census averages and the gaps alike.
    expect(report.text).toContain('<span class="bench-value">$186,822.40</span>');
    expect(report.text).toContain('<span class="bench-value">$6,912,428.80</span>');
    expect(report.text).toContain('<span class="bench-value">$8,105,300.00</span>');
    expect(report.text).toContain('<span class="bench-value">+9.0% (+$15,422.40)</span>');
    expect(report.text).not.toContain("$186,822<");
  });

  it("shows a report stored before every amount had cents exactly as a new one: readings, notes, gaps and its insight, to the cent (ADR 060)", async () => {
    const client = await signedInClient();
    const businessId = client.business.id;
    const year = currentYear();
    await buyYear(businessId);
    await storeJob(businessId, year, "succeeded");
    // The rows as the code before cents stored them: whole-dollar readings, payroll note and gaps,
    // no payroll total; its insight's summary in whole dollars.
    await storeReport(businessId, year, { ...BOOKS_REPORT_STORED_BEFORE_CENTS, year });
    const insightId = await storeGapInsightStoredBeforeCents(businessId, year);
    const now = new Date();
    // The finance report the report was built from (its booksVersion): one wages account.
    const months = monthsEndingAt("2026-11", 24);
    await connectAccounting(businessId);
    await db()
      .insert(financeReports)
      .values({
        id: crypto.randomUUID(),
        businessId,
        profitAndLoss: months.map((date) => ({ date, Income: 215_718.37, NetIncome: 9_377.21 })),
        expenseLines: [
          {
            accountId: "60",
            account: "Wages",
            group: "Expenses",
            path: ["Expenses", "Payroll Expenses"],
            monthly: months.map((date) => ({ date, amount: 70_912.53 })),
          },
        ],
        source: "demo",
        periodStart: months[0]!,
        periodEnd: "2026-11",
        lastUpdate: new Date(BOOKS_REPORT_STORED_BEFORE_CENTS.booksVersion!),
        createdAt: now,
        updatedAt: now,
      });
    const wholeDollars = (text: string) => (text.match(/\$[\d,]+(?:\.\d+)?/g) ?? []).filter((a) => !/\.\d\d$/.test(a));

    const report = await page("/benchmarking", { token: client.token });
    expect(report.status).toBe(200);
    expect(report.text).toContain(
      html(
        "Your revenue for Nov 2025 to Oct 2026 ($2,588,633.76) is 43.5% higher than the average of peer firms ($1,803,772.00), $784,861.76 more.",
      ),
    );
    expect(report.text).toContain(
      html("Wages and salaries for Nov 2025 to Oct 2026 ($850,950.36) divided by 37 employees."),
    );
    expect(report.text).toContain('<span class="bench-value">+43.5% (+$784,861.76)</span>');
    expect(report.text).toContain('<span class="bench-value">+1.0% (+$686.07)</span>');
    expect(report.text).toContain('<span class="bench-value">-2.9% (-$695.34)</span>');
    // Nowhere on the page, the loader's data included: no whole-dollar amount of the stored texts.
    expect(wholeDollars(report.text)).toEqual([]);

    const summary = INSIGHT_SUMMARY_IN_CENTS;
    const insight = await page(`/insight-discovery?type=VALUE&id=${insightId}`, { token: client.token });
    expect(insight.status).toBe(200);
    expect(insight.text).toContain(html(summary));
    expect(wholeDollars(insight.text)).toEqual([]);
    const api = await apiCall(`/api/insight/value-insight/${insightId}`, { token: client.token });
    expect(api.body).toMatchObject({ title: BOOKS_INSIGHT_STORED_BEFORE_CENTS.title, summary });
    // Turned into a match, its problem statement is the summary as it reads.
    const match = await apiCall(`/api/matching/matchRequest/create-from-value-insight/${insightId}`, {
      method: "POST",
      token: client.token,
    });
    expect(match.status).toBe(200);
    const [request] = await db().select().from(matchRequests).where(eq(matchRequests.sourceId, insightId));
    expect(request?.problemStatement).toBe(summary);
  });

  it("keeps a rated insight through a rebuild that found no gap with the texts it was rated on, to the cent, saying the report no longer shows the gap, on its page, in the API and in a match made from it", async () => {
    const client = await signedInClient();
    const businessId = client.business.id;
    const year = currentYear();
    await buyYear(businessId);
    await storeJob(businessId, year, "succeeded");
    // The report and its insight as the code before cents stored them; the client rated the insight.
    const previous = { ...BOOKS_REPORT_STORED_BEFORE_CENTS, year };
    await storeReport(businessId, year, previous);
    const insightId = await storeGapInsightStoredBeforeCents(businessId, year, {
      clientSatisfaction: 4,
      clientFeedback: "Useful.",
    });
    // The rebuild: no published peer figure to compare with, so no gap and no readings. It writes
    // the report and the insight in one batch, as the job does (benchmark-build.cases.ts runs it).
    const builtAt = `${year}-03-04T09:30:00.000Z`;
    const rebuilt = { ...withoutPeerFigures(previous), builtAt };
    await db().batch([
      db().update(benchmarkReports).set({ data: rebuilt }).where(eq(benchmarkReports.businessId, businessId)),
      ...benchmarkInsightWrites(db(), { id: insightId, businessId, financeReportId: null }, null, previous, new Date()),
    ]);
    const summary = `${INSIGHT_SUMMARY_IN_CENTS} Your ${year} benchmarking report, rebuilt on Mar 4, ${year}, no longer shows this gap.`;

    const insight = await page(`/insight-discovery?type=VALUE&id=${insightId}`, { token: client.token });
    expect(insight.status).toBe(200);
    expect(insight.text).toContain(html(summary));
    expect(insight.text).not.toContain("$2,588,634");
    const api = await apiCall(`/api/insight/value-insight/${insightId}`, { token: client.token });
    expect(api.body).toMatchObject({ title: BOOKS_INSIGHT_STORED_BEFORE_CENTS.title, summary });
    const match = await apiCall(`/api/matching/matchRequest/create-from-value-insight/${insightId}`, {
      method: "POST",
      token: client.token,
    });
    expect(match.status).toBe(200);
    const [request] = await db().select().from(matchRequests).where(eq(matchRequests.sourceId, insightId));
    expect(request?.problemStatement).toBe(summary);
  });

  it("starts SCALE's included year without a charge (Start Benchmarking), once", async () => {
    const client = await signedInClient();
    await setPlan(client.business.id, "PREMIUM");
    const screen = await page("/benchmarking", { token: client.token });
    expect(screen.text).toContain("Included in your plan");
    expect(screen.text).toContain(`Your SCALE plan includes benchmarking for ${currentYear()}, at no extra charge.`);
    expect(screen.text).toContain("Start Benchmarking");

    const queue = fakeQueue();
    const started = await page("/benchmarking", { token: client.token, form: { intent: "start" }, queue });
    expect(started.status).toBe(302);
    expect(started.location).toBe("/benchmarking");
    const [year] = await yearRowsOf(client.business.id);
    expect(year).toMatchObject({ year: currentYear(), purchaseId: null });
    expect(await purchasesOf(client.business.id)).toEqual([]);
    expect(sentJobIds(queue)).toHaveLength(1);

    const repeat = fakeQueue();
    await page("/benchmarking", { token: client.token, form: { intent: "start" }, queue: repeat });
    expect(repeat.sendBatch).not.toHaveBeenCalled();
    expect(await benchmarkJobsOf(client.business.id)).toHaveLength(1);
  });

  it("a build whose worker died shows Try again after its lease, and Try again sends the job again, once", async () => {
    const client = await signedInClient();
    await setPlan(client.business.id, "PREMIUM");
    const queue = fakeQueue();
    await page("/benchmarking", { token: client.token, form: { intent: "start" }, queue });
    const [jobId] = sentJobIds(queue);
    // The consumer claimed the job eleven minutes ago and died (its lease is ten minutes); the
    // queue's redelivery was lost with it.
    const claimedAt = new Date(Date.now() - 11 * 60 * 1000);
    await db()
      .update(jobs)
      .set({ status: "running", attempts: 1, startedAt: claimedAt, dueAt: claimedAt, updatedAt: claimedAt })
      .where(eq(jobs.id, jobId!));

    const stuck = await page("/benchmarking", { token: client.token });
    expect(stuck.text).toContain(BENCHMARKING_BUILDING_MESSAGE);
    expect(stuck.text).toContain(BENCHMARKING_STALLED_MESSAGE);
    expect(stuck.text).toMatch(/<input type="hidden" name="intent" value="start"\/>/);
    expect(stuck.text).toContain(`>${BENCHMARKING_TRY_AGAIN_BUTTON}</button>`);

    const again = fakeQueue();
    const tried = await page("/benchmarking", { token: client.token, form: { intent: "start" }, queue: again });
    expect(tried.status).toBe(302);
    expect(tried.location).toBe("/benchmarking");
    expect(sentJobIds(again)).toEqual([jobId]);
    // Sent again just now: building, without Try again; a second click sends nothing more.
    const building = await page("/benchmarking", { token: client.token });
    expect(building.text).toContain(BENCHMARKING_BUILDING_MESSAGE);
    expect(building.text).not.toContain(BENCHMARKING_STALLED_MESSAGE);
    const twice = fakeQueue();
    await page("/benchmarking", { token: client.token, form: { intent: "start" }, queue: twice });
    expect(twice.sendBatch).not.toHaveBeenCalled();
    expect(await benchmarkJobsOf(client.business.id)).toHaveLength(1);
  });

  it("refuses BASIC's start without a bought year (402, the message on the page) and writes nothing", async () => {
    const client = await signedInClient();
    const queue = fakeQueue();
    const refused = await page("/benchmarking", { token: client.token, form: { intent: "start" }, queue });
    expect(refused.status).toBe(402);
    expect(refused.text).toContain(html(BENCHMARKING_NOT_UNLOCKED_MESSAGE));
    expect(queue.sendBatch).not.toHaveBeenCalled();
    expect(await benchmarkJobsOf(client.business.id)).toEqual([]);
    expect(await yearRowsOf(client.business.id)).toEqual([]);
  });

  it("answers JSON, empty or junk bodies with 400/415 and the form's error", async () => {
    const client = await signedInClient();
    const json = await page("/benchmarking", { token: client.token, json: { intent: "start" } });
    expect(json.status).toBe(415);
    expect(json.text).toContain(html(FORM_UNREADABLE));
    const junk = await page("/benchmarking", { token: client.token, form: { intent: "steal" } });
    expect(junk.status).toBe(400);
    expect(junk.text).toContain(html(FORM_UNREADABLE));
    expect(await benchmarkJobsOf(client.business.id)).toEqual([]);
  });

  it("buys the year through the test checkout, then the success page runs the update and then the creation", async () => {
    const client = await signedInClient();
    const bought = await page("/benchmarking", { token: client.token, form: { intent: "buy" } });
    expect(bought.status).toBe(302);
    const checkoutUrl = new URL(bought.location!, ORIGIN);
    expect(checkoutUrl.pathname).toMatch(/^\/test-checkout\//);
    const sessionId = checkoutUrl.pathname.split("/").pop()!;

    // The test checkout's Pay, without the webhook: the success page's update fulfils the purchase.
    const app = createAppContext(withQueue(fakeQueue()), () => undefined);
    const next = await payLocalCheckout(app, sessionId, async () => ({ status: 500, msg: "webhook down" }));
    const success = new URL(next!);
    expect(success.pathname).toBe("/benchmarking-payment-success");
    expect(success.searchParams.get("businessId")).toBe(client.business.id);

    const queue = fakeQueue();
    const card = await page(`${success.pathname}${success.search}`, { token: client.token, queue });
    expect(card.text).toContain(html("You've unlocked Partwise Benchmarking!"));
    const [year] = await yearRowsOf(client.business.id);
    expect(year?.purchaseId).not.toBeNull();
    const jobs = await benchmarkJobsOf(client.business.id);
    expect(sentJobIds(queue)).toEqual([jobs[0]!.id]);
  });

  it("the success page starts nothing for another business's id or for BASIC without parameters; SCALE starts without them", async () => {
    const client = await signedInClient();
    const other = await createClient();
    await buyYear(other.business.id);
    const queue = fakeQueue();
    const foreign = await page(`/benchmarking-payment-success?businessId=${other.business.id}`, {
      token: client.token,
      queue,
    });
    expect(foreign.text).toContain(PAYMENT_PENDING_TITLE);
    const bare = await page("/benchmarking-payment-success", { token: client.token, queue });
    expect(bare.text).toContain(PAYMENT_PENDING_TITLE);
    expect(queue.sendBatch).not.toHaveBeenCalled();
    expect(await benchmarkJobsOf(other.business.id)).toEqual([]);
    expect(await benchmarkJobsOf(client.business.id)).toEqual([]);

    await setPlan(client.business.id, "PREMIUM");
    const scale = await page("/benchmarking-payment-success", { token: client.token, queue });
    expect(scale.text).toContain(html("You've unlocked Partwise Benchmarking!"));
    expect(await benchmarkJobsOf(client.business.id)).toHaveLength(1);
  });

  it("shows the year's state on the features tab and the dashboard card", async () => {
    const client = await signedInClient();
    const tab = await page("/features?focus=Benchmarking", { token: client.token });
    expect(tab.text).toContain("Compare your company with businesses of your industry and size.");
    expect(tab.text).toMatch(/<a[^>]*href="\/benchmarking"[^>]*>Open Benchmarking<\/a>/);

    await buyYear(client.business.id);
    await storeJob(client.business.id, currentYear(), "succeeded");
    await storeReport(client.business.id, currentYear(), { ...SAMPLE_REPORT, year: currentYear() });
    const dashboard = await page("/dashboard", { token: client.token });
    expect(dashboard.text).toContain("Your benchmarking report is ready.");
    expect(dashboard.text).toContain(html(`Compared with ${SAMPLE_REPORT.peerGroup.name}.`));
    expect(dashboard.text).toMatch(/href="\/features\?focus=Benchmarking"/);
  });
});
