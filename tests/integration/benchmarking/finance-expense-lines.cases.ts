import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoProfitAndLossReport } from "~/lib/finance/demo-company";
import { monthlyPayroll } from "~/lib/finance/expense-lines";
import { reportRange } from "~/lib/finance/finance";
import { parseProfitAndLossReport, type IntuitReport, type IntuitSectionRow } from "~/lib/finance/intuit-report";
import { requestFinanceReport } from "~/server/finance/finance-reports.server";
import { createAppContext } from "~/server/load-context";
import { periodOf } from "~/server/platform/jobs.server";
import { encryptSecret } from "~/server/platform/token-crypto.server";
import { accountingConnections, financeReports, jobs } from "~db/schema";
import worker from "../../../functions/worker";
import { createClient } from "../../factories";
import noPayrollReport from "../../fixtures/intuit/pnl-no-payroll.json";
import nestedPayrollReport from "../../fixtures/intuit/pnl-payroll-nested.json";
import { connectAccounting, db, intuitEnv } from "../helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** An app context whose queue only records what is sent, so the test delivers the messages itself. */
function testApp() {
  const queue = { send: vi.fn(async () => undefined), sendBatch: vi.fn(async () => undefined) };
  const app = createAppContext(
    { ...env, FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown> } as typeof env,
    () => undefined,
  );
  return { app, queue };
}

async function businessWithDemo() {
  const { business } = await createClient();
  await connectAccounting(business.id);
  return business.id;
}

/** A business connected to a (stubbed) QuickBooks company, with a valid access token. */
async function businessWithQuickBooks() {
  const { business } = await createClient();
  const { app } = testApp();
  const now = new Date();
  await db()
    .insert(accountingConnections)
    .values({
      businessId: business.id,
      realmId: unique("ok"),
      accessTokenCiphertext: await encryptSecret(app, "at-valid"),
      accessTokenExpiresAt: new Date(now.getTime() + 3600_000),
      refreshTokenCiphertext: await encryptSecret(app, "rt-valid"),
      refreshTokenExpiresAt: new Date(now.getTime() + 90 * 24 * 3600_000),
      status: "connected",
      connectedAt: now,
    });
  return business.id;
}

/** QuickBooks answers with `report` (a fresh Response per request). */
function quickBooksAnswers(report: unknown) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(
      async () => new Response(JSON.stringify(report), { headers: { "Content-Type": "application/json" } }),
    );
}

let msgSeq = 0;
/** Records this month's finance job (rerun puts a finished one back) and delivers its message to the Worker. */
async function buildReport(businessId: string, options: { rerun: boolean; quickBooks?: boolean }) {
  const { app } = testApp();
  const { jobId } = await requestFinanceReport(app, businessId, { rerun: options.rerun });
  const batch = createMessageBatch("finance-report", [
    {
      id: `lines-msg-${++msgSeq}`,
      timestamp: new Date(),
      attempts: 1,
      body: { v: 1, type: "finance-report.build", jobId },
    },
  ]);
  const ctx = createExecutionContext();
  const workerEnv = options.quickBooks ? intuitEnv(env) : env;
  await worker.queue(batch, workerEnv as typeof env, ctx);
  const result = await getQueueResult(batch, ctx);
  return { jobId, retried: result.retryMessages.length };
}

const reportsOf = (businessId: string) =>
  db().select().from(financeReports).where(eq(financeReports.businessId, businessId));
const jobById = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0];

describe("the finance job stores the expense lines", () => {
  it("stores the demo company's lines by account, with payroll under Expenses > Payroll Expenses", async () => {
    const businessId = await businessWithDemo();
    const { jobId, retried } = await buildReport(businessId, { rerun: false });
    expect(retried).toBe(0);
    expect(await jobById(jobId)).toMatchObject({ status: "succeeded" });

    const range = reportRange(periodOf(new Date()));
    const expected = parseProfitAndLossReport(demoProfitAndLossReport({ seed: businessId, ...range }));
    const [report] = await reportsOf(businessId);
    expect(report.profitAndLoss).toEqual(expected.rows);
    expect(report.expenseLines).toEqual(expected.expenseLines);
    const payroll = report.expenseLines!.filter((line) => line.path.join(" > ") === "Expenses > Payroll Expenses");
    expect(payroll.map((line) => line.account)).toEqual([
      "Wages",
      "Officers' Salaries",
      "Payroll Taxes",
      "Employee Benefits",
    ]);
    const months = monthlyPayroll(report.expenseLines!);
    expect(months.map((month) => month.date)).toEqual(report.profitAndLoss.map((row) => row.date));
    expect(months).toHaveLength(24);
  });

  it("stores a QuickBooks report's nested payroll lines exactly, and payroll reads from them", async () => {
    const businessId = await businessWithQuickBooks();
    quickBooksAnswers(nestedPayrollReport);
    const { retried } = await buildReport(businessId, { rerun: false, quickBooks: true });
    expect(retried).toBe(0);

    const [report] = await reportsOf(businessId);
    expect(report.source).toBe("quickbooks");
    expect(report.expenseLines).toEqual(parseProfitAndLossReport(nestedPayrollReport).expenseLines);
    expect(report.expenseLines!.find((line) => line.account === "Health Insurance")).toEqual({
      accountId: "70",
      account: "Health Insurance",
      group: "Expenses",
      path: ["Expenses", "Payroll Expenses", "Company Contributions"],
      monthly: [
        { date: "2026-01", amount: 800 },
        { date: "2026-02", amount: 800 },
        { date: "2026-03", amount: 800 },
      ],
    });
    expect(monthlyPayroll(report.expenseLines!)).toEqual([
      { date: "2026-01", amount: 20550 },
      { date: "2026-02", amount: 19850 },
      { date: "2026-03", amount: 22100 },
    ]);
  });
});

describe("a refresh replaces the expense lines", () => {
  it("replaces the lines when the books changed (payroll gone), in the same single report row", async () => {
    const businessId = await businessWithQuickBooks();
    quickBooksAnswers(nestedPayrollReport);
    await buildReport(businessId, { rerun: false, quickBooks: true });
    const [before] = await reportsOf(businessId);
    expect(before.expenseLines).toHaveLength(15);

    vi.restoreAllMocks();
    quickBooksAnswers(noPayrollReport);
    const { jobId, retried } = await buildReport(businessId, { rerun: true, quickBooks: true });
    expect(retried).toBe(0);
    expect(await jobById(jobId)).toMatchObject({ status: "succeeded", attempts: 1 });

    const after = await reportsOf(businessId);
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(before.id);
    expect(after[0].expenseLines).toEqual(parseProfitAndLossReport(noPayrollReport).expenseLines);
    expect(after[0].expenseLines!.map((line) => line.account)).toEqual([
      "Contract Labor",
      "Rent or Lease",
      "Software & Subscriptions",
      "Taxes & Licenses",
      "Meals",
      "Airfare",
    ]);
    expect(monthlyPayroll(after[0].expenseLines!)).toEqual([]);
    expect(after[0].profitAndLoss).toEqual(parseProfitAndLossReport(noPayrollReport).rows);
  });

  it("fills the lines of a report built before they were kept (expense_lines NULL)", async () => {
    const businessId = await businessWithDemo();
    const lastUpdate = new Date(Date.UTC(2024, 2, 3));
    await db()
      .insert(financeReports)
      .values({
        businessId,
        profitAndLoss: [{ date: "2024-02", Income: 2000, NetIncome: -50.25 }],
        source: "demo",
        periodStart: "2024-02",
        periodEnd: "2024-02",
        lastUpdate,
        createdAt: lastUpdate,
        updatedAt: lastUpdate,
      });
    expect((await reportsOf(businessId))[0].expenseLines).toBeNull();

    await buildReport(businessId, { rerun: false });
    const range = reportRange(periodOf(new Date()));
    const [report] = await reportsOf(businessId);
    expect(report.expenseLines).toEqual(
      parseProfitAndLossReport(demoProfitAndLossReport({ seed: businessId, ...range })).expenseLines,
    );
  });

  it("keeps the previous lines when the refresh cannot read the new report", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const businessId = await businessWithQuickBooks();
    quickBooksAnswers(nestedPayrollReport);
    await buildReport(businessId, { rerun: false, quickBooks: true });
    const [before] = await reportsOf(businessId);

    vi.restoreAllMocks();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = structuredClone(nestedPayrollReport) as unknown as IntuitReport;
    const expenses = broken.Rows.Row.find((row) => row.type === "Section" && row.group === "Expenses");
    (expenses as IntuitSectionRow).Rows!.Row[0] = {
      type: "Data",
      ColData: [{ value: "Advertising" }, { value: "$500" }, { value: "" }, { value: "" }, { value: "" }],
    };
    quickBooksAnswers(broken);
    const { jobId, retried } = await buildReport(businessId, { rerun: true, quickBooks: true });
    expect(retried).toBe(1);
    expect((await jobById(jobId)).lastError).toMatch(/^The QuickBooks report could not be read: /);
    const [after] = await reportsOf(businessId);
    expect(after.expenseLines).toEqual(before.expenseLines);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });
});
