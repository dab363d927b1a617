import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCESS_DENIED_MESSAGE, BAD_STATE_MESSAGE, DISCONNECTED_MESSAGE } from "~/server/finance/quickbooks.server";
import { monthKey, monthSpan, monthYearLabel } from "~/lib/finance/finance";
import { formatDollars } from "~/lib/shared/numbers";
import { accountingConnections, financeReports, jobs, type ProfitAndLossRow } from "~db/schema";
import worker from "../../../functions/worker";
import { connectAccounting, db, html, ORIGIN, SESSION_COOKIE, signedIn } from "../helpers";
import { signedInClient, signedInManager } from "../../factories";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A producer that records what is sent, so no consumer runs during these tests. */
function fakeQueue(options: { refuse?: boolean } = {}) {
  const send = vi.fn(async (_messages: { body: unknown }[]) => {
    if (options.refuse) throw new Error("Queue refused the message");
  });
  return { send: vi.fn(async () => send([])), sendBatch: send };
}
type FakeQueue = ReturnType<typeof fakeQueue>;
const sentJobIds = (queue: FakeQueue) =>
  queue.sendBatch.mock.calls.flatMap(([messages]) => messages.map((m) => (m.body as { jobId: string }).jobId));

/** A browser request through the real Worker entry (demo mode: no Intuit keys), with a fake queue. */
async function send(path: string, options: { token?: string; form?: Record<string, string>; queue?: FakeQueue } = {}) {
  const headers = new Headers({ Host: new URL(ORIGIN).host });
  if (options.token) headers.set("Cookie", `${SESSION_COOKIE}=${options.token}`);
  let body: string | undefined;
  if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    headers.set("Origin", ORIGIN);
    body = new URLSearchParams(options.form).toString();
  }
  const request = new Request(`${ORIGIN}${path}`, { method: body ? "POST" : "GET", headers, body, redirect: "manual" });
  const ctx = createExecutionContext();
  const queue = options.queue ?? fakeQueue();
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    { ...env, FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown> } as typeof env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function startConnect(token: string, returnPage: string) {
  const response = await send(`/api/quickbooks/createAuthPortal?returnPage=${returnPage}`, { token });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!, ORIGIN);
  expect(location.pathname).toBe("/quickbooks/demo-consent");
  return location.searchParams.get("state")!;
}

const connectionOf = (businessId: string) =>
  db().select().from(accountingConnections).where(eq(accountingConnections.businessId, businessId)).get();
const reportOf = (businessId: string) =>
  db().select().from(financeReports).where(eq(financeReports.businessId, businessId)).get();

async function addJob(
  businessId: string,
  status: "queued" | "running" | "succeeded" | "failed",
  period = monthKey(new Date()),
) {
  const now = new Date();
  const job = {
    id: crypto.randomUUID(),
    kind: "finance_report" as const,
    businessId,
    period,
    status,
    createdAt: now,
    updatedAt: now,
  };
  await db().insert(jobs).values(job);
  return job;
}

async function addReport(businessId: string, rows: ProfitAndLossRow[], lastUpdate = new Date()) {
  await db()
    .insert(financeReports)
    .values({
      businessId,
      profitAndLoss: rows,
      source: "demo",
      periodStart: rows[0]?.date ?? "2025-01",
      periodEnd: rows.at(-1)?.date ?? "2025-01",
      lastUpdate,
    });
}

/** 24 months up to this one: Income 100,000 + 1,000·i, NetIncome 10,000 + 100·i (i = 0 oldest). */
function rowsUpToNow(now = new Date()): ProfitAndLossRow[] {
  const rows: ProfitAndLossRow[] = [];
  for (let i = 0; i < 24; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 23 + i, 1));
    rows.push({ date: monthKey(d), Income: 100_000 + 1_000 * i, NetIncome: 10_000 + 100 * i });
  }
  return rows;
}

describe("/quickbook-status", () => {
  it("completes a good callback, redirects without the code and state, and shows the build", async () => {
    const { token, business } = await signedInClient();
    const state = await startConnect(token, "PROFILE_PROGRESS");
    const queue = fakeQueue();
    const callback = await send(`/quickbook-status?code=demo-${crypto.randomUUID()}&state=${state}&realmId=demo`, {
      token,
      queue,
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Cache-Control")).toBe("no-store");
    const location = new URL(callback.headers.get("Location")!, ORIGIN);
    expect(location.pathname).toBe("/quickbook-status");
    expect([...location.searchParams.keys()].sort()).toEqual(["job", "returnPage"]);
    expect(location.searchParams.get("returnPage")).toBe("PROFILE_PROGRESS");
    const jobId = location.searchParams.get("job")!;
    expect(sentJobIds(queue)).toEqual([jobId]);
    expect(await connectionOf(business.id)).toMatchObject({ realmId: "demo", status: "connected" });

    const page = await send(`${location.pathname}${location.search}`, { token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("You signed in to quickbooks!");
    expect(text).toContain("Building Business Finance Profile");
    expect(text).toContain('role="status"');
    expect(text).toContain(">Check again</a>");
  });

  it("refuses a replayed state with a message and a way to start again", async () => {
    const { token } = await signedInClient();
    const state = await startConnect(token, "DASHBOARD");
    const query = `code=demo-${crypto.randomUUID()}&state=${state}&realmId=demo`;
    expect((await send(`/quickbook-status?${query}`, { token })).status).toBe(302);

    const replay = await send(`/quickbook-status?${query}`, { token });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toBe("/quickbook-status?reason=bad_state&returnPage=DASHBOARD");
    const text = await (await send(replay.headers.get("Location")!, { token })).text();
    expect(text).toContain(html(BAD_STATE_MESSAGE));
    expect(text).toContain(
      'href="/api/quickbooks/createAuthPortal?returnPage=DASHBOARD" class="button button-primary">Try again</a>',
    );
    expect(text).toContain('href="/dashboard"');
  });

  it("answers access_denied with the message, Try again for the same return page, and stores nothing", async () => {
    const { token, business } = await signedInClient();
    const state = await startConnect(token, "PROFILE_PROGRESS");
    const queue = fakeQueue();
    const denied = await send(`/quickbook-status?error=access_denied&state=${state}`, { token, queue });
    expect(denied.headers.get("Location")).toBe("/quickbook-status?reason=access_denied&returnPage=PROFILE_PROGRESS");
    const text = await (await send(denied.headers.get("Location")!, { token })).text();
    expect(text).toContain(html(ACCESS_DENIED_MESSAGE));
    expect(text).toContain(
      'href="/api/quickbooks/createAuthPortal?returnPage=PROFILE_PROGRESS" class="button button-primary">Try again</a>',
    );
    expect(text).toContain('href="/profile-progress"');
    expect(await connectionOf(business.id)).toBeUndefined();
    expect(queue.sendBatch).not.toHaveBeenCalled();
  });

  it("shows the build failure (never a 500) when the queue refuses the build", async () => {
    const { token, business } = await signedInClient();
    const state = await startConnect(token, "DASHBOARD");
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const callback = await send(`/quickbook-status?code=demo-x&state=${state}&realmId=demo`, {
      token,
      queue: fakeQueue({ refuse: true }),
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/quickbook-status?returnPage=DASHBOARD");
    expect(await connectionOf(business.id)).toMatchObject({ status: "connected" });
    const page = await send("/quickbook-status?returnPage=DASHBOARD", { token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Could not build Finance Profile at this time.");
    expect(text).toContain('href="/dashboard">OK</a>');
  });

  it("shows the finished profile with View Your Analytics", async () => {
    const { token, business } = await signedInClient();
    await connectAccounting(business.id);
    const job = await addJob(business.id, "succeeded");
    await addReport(business.id, rowsUpToNow());
    const text = await (await send(`/quickbook-status?job=${job.id}&returnPage=PROFILE_PROGRESS`, { token })).text();
    expect(text).toContain("Your Finance Profile is Complete!");
    expect(text).toContain('href="/dashboard">View Your Analytics</a>');
  });

  it("needs a session, and a client with a business", async () => {
    const anonymous = await send("/quickbook-status?code=x&state=y&realmId=demo");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    const manager = await signedInManager();
    expect((await send("/quickbook-status", { token: manager.token })).headers.get("Location")).toBe("/manage");
    const client = await signedIn();
    expect((await send("/quickbook-status", { token: client.token })).headers.get("Location")).toBe("/signup-business");
  });
});

describe("dashboard company-data cards", () => {
  const CONNECT = 'href="/api/quickbooks/createAuthPortal?returnPage=DASHBOARD"';

  it("without a connection: the blurred sample under 'Connect Company Data', no chart", async () => {
    const { token } = await signedInClient();
    const text = await (await send("/dashboard", { token })).text();
    expect(text).toContain(`${CONNECT} class="button button-primary">Connect Company Data</a>`);
    expect(text).toContain('class="finance-sample" aria-hidden="true"');
    expect(text).toContain("$1,327.07");
    expect(text).not.toContain("Show 12-month trend");
  });

  it("with a fresh report: revenue and net income with their years, the explained change, revenue per employee, a table without JavaScript", async () => {
    const { token, business } = await signedInClient();
    await connectAccounting(business.id);
    await addJob(business.id, "succeeded");
    const rows = rowsUpToNow();
    await addReport(business.id, rows);
    const queue = fakeQueue();
    const response = await send("/dashboard", { token, queue });
    expect(response.status).toBe(200);
    const text = await response.text();
    // Rows 17..22 are the last six complete months: Income 117,000 … 122,000, NetIncome 11,700 … 12,200.
    const six = rows.slice(17, 23);
    const period = `${monthSpan(six[0].date, six[5].date)}`;
    expect(text).toContain(
      `Monthly Revenue and Net Income<span class="visually-hidden">, </span><span class="card-title-period">${period}</span>`,
    );
    // The server renders the figures as a visible table (the chart replaces it once hydrated).
    expect(text).toContain('<table class="chart-table"><caption>Revenue and net income, ');
    expect(text).not.toContain("chart-skeleton");
    for (const row of six) {
      expect(text).toContain(
        `<tr><th scope="row">${monthYearLabel(row.date)}</th><td>${formatDollars(row.Income)}</td><td>${formatDollars(row.NetIncome)}</td></tr>`,
      );
    }
    expect(text).toContain("$717,000.00"); // total revenue
    expect(text).toContain("$71,700.00"); // total net income
    expect(text).toContain("+$100.00"); // the net income change, explained:
    expect(text).toContain(
      html(`Net income in ${monthYearLabel(six[5].date)} was $100.00 more than in ${monthYearLabel(six[4].date)}.`),
    );
    expect(text).not.toContain("Net income (6 months)");
    expect(text).not.toContain("Income change<");
    // The 12-month toggle needs JavaScript, so the server does not offer it.
    expect(text).not.toContain("Show 12-month trend");

    // Revenue per employee: the year's complete months, as the value insight counts them.
    const lastComplete = six[5].date;
    const counted = rows.filter((r) => r.date >= `${lastComplete.slice(0, 4)}-01` && r.date <= lastComplete);
    const perEmployee =
      Math.round((counted.reduce((sum, r) => sum + r.Income, 0) / business.numberOfEmployees) * 100) / 100;
    expect(text).toContain(`<p class="finance-amount">${formatDollars(perEmployee)}</p>`);
    const span = monthSpan(counted[0].date, lastComplete);
    expect(text).toContain(
      `Revenue Per Employee<span class="visually-hidden">, </span><span class="card-title-period">${span}</span>`,
    );
    expect(text).toContain(
      html(
        `Income for ${span} divided by ${business.numberOfEmployees} employees. The number of employees comes from Settings → Business.`,
      ),
    );
    expect(text).not.toContain("refreshing your finance profile");
    expect(queue.sendBatch).not.toHaveBeenCalled();
  });

  it("with last month's report: the monthly banner, and a refresh is queued", async () => {
    const { token, business } = await signedInClient();
    await connectAccounting(business.id);
    const lastMonth = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await addJob(business.id, "succeeded", monthKey(lastMonth));
    await addReport(business.id, rowsUpToNow(lastMonth), lastMonth);
    const queue = fakeQueue();
    const text = await (await send("/dashboard", { token, queue })).text();
    expect(text).toContain(`We&#x27;re refreshing your finance profile for ${monthYearLabel(monthKey(new Date()))}.`);
    expect(sentJobIds(queue)).toHaveLength(1);
  });

  it("while the first build runs: the building card linking to its progress", async () => {
    const { token, business } = await signedInClient();
    await connectAccounting(business.id);
    const job = await addJob(business.id, "running");
    const text = await (await send("/dashboard", { token })).text();
    expect(text).toContain("Building Business Finance Profile…");
    expect(text).toContain(`href="/quickbook-status?job=${job.id}&amp;returnPage=DASHBOARD"`);
  });

  it("a broken connection says so with Reconnect; an empty report says 'No Finance Data'", async () => {
    const broken = await signedInClient();
    await connectAccounting(broken.business.id, "broken");
    const brokenText = await (await send("/dashboard", { token: broken.token })).text();
    expect(brokenText).toContain("QuickBooks access was revoked. Reconnect your company data.");
    expect(brokenText).toContain(`${CONNECT} class="button button-secondary">Reconnect</a>`);

    const empty = await signedInClient();
    await connectAccounting(empty.business.id);
    await addJob(empty.business.id, "succeeded");
    await addReport(empty.business.id, []);
    const emptyText = await (await send("/dashboard", { token: empty.token })).text();
    expect(emptyText).toContain("No Finance Data");
    expect(emptyText).not.toContain("Show 12-month trend");
  });
});

describe("settings: Company data", () => {
  const DISCONNECT = { intent: "disconnect-company-data" };

  it("shows the demo company and disconnects it after a confirmation", async () => {
    const { token, business } = await signedInClient();
    await connectAccounting(business.id);
    await addReport(business.id, rowsUpToNow());
    const account = await (await send("/company-profile?tab=account", { token })).text();
    expect(account).toContain("Demo company");
    expect(account).toContain('href="/company-profile?tab=account&amp;confirm=disconnect"');
    const confirm = await (await send("/company-profile?tab=account&confirm=disconnect", { token })).text();
    expect(confirm).toContain("Disconnect your company data?");
    expect(confirm).toContain("Yes, disconnect");

    const response = await send("/company-profile?tab=account", {
      token,
      form: { ...DISCONNECT, businessId: business.id },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(DISCONNECTED_MESSAGE);
    expect(text).toContain(">Connect Company Data</a>");
    expect(await connectionOf(business.id)).toBeUndefined();
    expect(await reportOf(business.id)).toBeUndefined();
  });

  it("refuses another business's id (404, nothing deleted) and a post without a session", async () => {
    const { token, business } = await signedInClient();
    const other = await signedInClient();
    await connectAccounting(business.id);
    await connectAccounting(other.business.id);

    const foreign = await send("/company-profile?tab=account", {
      token,
      form: { ...DISCONNECT, businessId: other.business.id },
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain("Business not found.");
    expect(await connectionOf(business.id)).toBeDefined();
    expect(await connectionOf(other.business.id)).toBeDefined();

    const anonymous = await send("/company-profile?tab=account", {
      form: { ...DISCONNECT, businessId: other.business.id },
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    expect(await connectionOf(other.business.id)).toBeDefined();
  });
});
