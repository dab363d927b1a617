import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, files, financeReports, insightReports, insightRequests, notifications } from "../../db/schema";
import { INSIGHT_STATUS_TEXTS } from "../../app/lib/insight-status";
import { call, db, html, postForm, signedIn } from "./support";

type Status = "awaiting_payment" | "submitted" | "in_review" | "ready";

/** A client business with one insight request stored as the request flow stores it. */
async function insertRequest(
  options: {
    status?: Status;
    createdAt?: Date;
    covered?: boolean;
    withFile?: boolean;
  } = {}
) {
  const client = await signedIn({ withBusiness: true });
  const business = client.business!;
  const status = options.status ?? "submitted";
  const covered = options.covered ?? false;
  const id = crypto.randomUUID();
  const statusText =
    status === "awaiting_payment"
      ? INSIGHT_STATUS_TEXTS.awaiting_payment
      : status === "submitted"
      ? covered
        ? INSIGHT_STATUS_TEXTS.submitted_covered
        : INSIGHT_STATUS_TEXTS.submitted_paid
      : INSIGHT_STATUS_TEXTS[status];
  await db()
    .insert(insightRequests)
    .values({
      id,
      businessId: business.id,
      createdByUserId: client.user.id,
      category: "operations",
      businessNature: "We wholesale industrial supplies to <b>contractors</b> across Maine.",
      managementStructure: "Owner, two branch managers, one buyer.",
      issueDetails: "Our best-selling fasteners run out every few weeks. Contractors then buy elsewhere.",
      issueCause: "Orders are placed by feel, not from sales data.",
      resolutionOutcome: "No stockouts on the top 50 items.",
      resolutionHelp: "A short project to set up a reorder process.",
      annualSales: "5-10 million",
      numEmployees: "25-50",
      status,
      statusText,
      paymentComplete: status !== "awaiting_payment",
      coveredByPlan: covered,
      createdAt: options.createdAt ?? new Date("2026-10-05T12:00:00Z"),
      submittedAt: status === "awaiting_payment" ? null : new Date("2026-10-05T12:00:00Z"),
    });
  let fileName: string | null = null;
  if (options.withFile) {
    fileName = `${crypto.randomUUID()}.pdf`;
    await db()
      .insert(files)
      .values({
        businessId: business.id,
        uploadedByUserId: client.user.id,
        r2Key: `biz/${business.id}/${fileName}`,
        originalName: "inventory-count.pdf",
        contentType: "application/pdf",
        sizeBytes: 2048,
        sha256: "0".repeat(64),
        purpose: "insight_request",
        insightRequestId: id,
      });
  }
  return { id, client, business, fileName };
}

const requestRow = async (id: string) =>
  (await db().select().from(insightRequests).where(eq(insightRequests.id, id)))[0];
const reportRow = async (id: string) =>
  (await db().select().from(insightReports).where(eq(insightReports.insightRequestId, id)))[0] ?? null;

const REPORT = {
  title: "Set a weekly reorder rhythm for the top 50 items",
  highLevelSummary: "Stockouts come from ordering by feel.\nA weekly count fixes it.",
  recommendations: "Count the top 50 items every Monday.\nSet reorder points from 8 weeks of sales.",
};

describe("engagement manager console: insight requests", () => {
  it("refuses clients, consultants and visitors with a 404 on every page and action, changing nothing", async () => {
    const { id, client } = await insertRequest();
    const consultant = await signedIn({ role: "consultant" });
    for (const cookie of [client.token, consultant.token, null]) {
      for (const path of ["/manage/insights", "/manage/insights?status=ready", `/manage/insights/${id}`]) {
        const response = await call(path, { cookie });
        expect(response.status, path).toBe(404);
        expect(await response.text()).not.toContain("contractors");
      }
      for (const intent of ["start", "save", "publish"]) {
        const post = await postForm(`/manage/insights/${id}`, { intent, ...REPORT }, cookie);
        expect(post.status).toBe(404);
      }
    }
    const row = await requestRow(id);
    expect(row.status).toBe("submitted");
    expect(row.assignedManagerId).toBeNull();
    expect(await reportRow(id)).toBeNull();
  });

  it("shows the nav link, the overview counts and the To do queue newest first with company, category, date, manager and payment", async () => {
    const manager = await signedIn({ role: "manager" });
    const older = await insertRequest({
      createdAt: new Date("2026-09-01T12:00:00Z"),
      covered: true,
    });
    const newer = await insertRequest({
      createdAt: new Date("2026-10-07T12:00:00Z"),
    });
    const unpaid = await insertRequest({
      status: "awaiting_payment",
      createdAt: new Date("2026-10-08T12:00:00Z"),
    });

    const home = await (await call("/manage", { cookie: manager.token })).text();
    expect(home).toContain('href="/manage/insights"');
    expect(home).not.toContain("Coming soon");
    const counts = await db().select().from(insightRequests);
    const todo = counts.filter((row) => row.status === "submitted").length;
    expect(home).toContain(`Insight requests to do</h2><p class="console-stat-value">${todo}</p>`);
    expect(home).toContain("View insight requests");

    for (const path of ["/manage/insights", "/manage/insights?status=submitted", "/manage/insights?status=bogus"]) {
      const page = await call(path, { cookie: manager.token });
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain("Insight requests</h1>");
      expect(text).toMatch(/aria-current="page"[^>]*href="\/manage\/insights\?status=submitted">To do<\/a>/);
      expect(text).toContain(html(newer.business.name));
      expect(text).toContain("Operations");
      expect(text).toContain("Oct 7, 2026");
      expect(text).toContain("Sept 1, 2026");
      expect(text).toContain("Unassigned");
      expect(text).toContain("Included in plan");
      expect(text).toContain("Paid");
      expect(text.indexOf(`/manage/insights/${newer.id}"`)).toBeGreaterThan(-1);
      expect(text.indexOf(`/manage/insights/${newer.id}"`)).toBeLessThan(text.indexOf(`/manage/insights/${older.id}"`));
      expect(text).not.toContain(`/manage/insights/${unpaid.id}"`);
    }
    const awaiting = await (
      await call("/manage/insights?status=awaiting_payment", {
        cookie: manager.token,
      })
    ).text();
    expect(awaiting).toContain(`/manage/insights/${unpaid.id}"`);
    expect(awaiting).toContain("Awaiting payment</dd>");
    expect(awaiting).not.toContain(`/manage/insights/${newer.id}"`);

    await db().delete(insightRequests).where(eq(insightRequests.status, "ready"));
    expect(await (await call("/manage/insights?status=ready", { cookie: manager.token })).text()).toContain(
      "No insight reports have been published yet."
    );
  });

  it("shows the request: business and finance profiles, escaped answers, files only once assigned", async () => {
    const manager = await signedIn({ role: "manager" });
    const { id, business, fileName } = await insertRequest({ withFile: true });

    const before = await call(`/manage/insights/${id}`, {
      cookie: manager.token,
    });
    expect(before.status).toBe(200);
    const text = await before.text();
    expect(text).toContain(`${html(business.name)}</h1>`);
    expect(text).toContain("Portland, ME");
    expect(text).toContain("423840<!-- --> – Industrial Supplies Merchant Wholesalers");
    expect(text).toContain("5-10 million");
    expect(text).toContain("25-50");
    expect(text).toContain("No company data connected");
    expect(text).toContain("We wholesale industrial supplies to &lt;b&gt;contractors&lt;/b&gt; across Maine.");
    expect(text).not.toContain("<b>contractors</b>");
    expect(text).toContain("No stockouts on the top 50 items.");
    expect(text).toContain(">Start review</button>");
    expect(text).not.toContain(fileName!);
    expect(text).toContain("shown to the manager reviewing this request");

    // A finance report: the last 12 complete months before now.
    const now = new Date();
    const rows = Array.from({ length: 24 }, (_, index) => {
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 24 + index, 1));
      return {
        date: date.toISOString().slice(0, 7),
        Income: 10_000,
        NetIncome: 1_000,
      };
    });
    await db()
      .insert(financeReports)
      .values({
        businessId: business.id,
        profitAndLoss: rows,
        source: "demo",
        periodStart: rows[0].date,
        periodEnd: rows[23].date,
        lastUpdate: new Date("2026-10-01T08:00:00Z"),
      });

    expect((await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token)).status).toBe(200);
    const after = await (await call(`/manage/insights/${id}`, { cookie: manager.token })).text();
    expect(after).toContain("$120,000.00");
    expect(after).toContain("$12,000.00");
    expect(after).toContain("10.0%");
    expect(after).toContain("Oct 1, 2026");
    expect(after).not.toContain("No company data connected");
    expect(after).toContain(`href="/api/file-handling/get-file/${fileName}"`);
    expect(after).toContain("inventory-count.pdf");
  });

  it("starts a review once: assigns, writes the draft without placeholders, moves to in review; another manager can take over", async () => {
    const manager = await signedIn({ role: "manager" });
    const { id } = await insertRequest();

    const started = await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);
    expect(started.status).toBe(200);
    const text = await started.text();
    expect(text).toContain("Review started. The draft report is ready to edit.");
    const row = await requestRow(id);
    expect(row.status).toBe("in_review");
    expect(row.statusText).toBe(INSIGHT_STATUS_TEXTS.in_review);
    expect(row.assignedManagerId).toBe(manager.user.id);
    const draft = (await reportRow(id))!;
    expect(draft.status).toBe("draft");
    expect(draft.authorId).toBe(manager.user.id);
    expect(draft.category).toBe("operations");
    expect(draft.title.length).toBeGreaterThan(0);
    expect(draft.title.length).toBeLessThanOrEqual(120);
    for (const part of [draft.title, draft.highLevelSummary, draft.recommendations]) {
      expect(part.length).toBeGreaterThan(0);
      expect(part).not.toMatch(/TODO|lorem|placeholder|\{/i);
    }
    expect(text).toContain(">Save draft</button>");
    expect(text).toContain(">Publish</button>");
    expect(text).toContain(html(draft.title));

    const again = await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You are already reviewing this request.");
    expect((await db().select().from(insightReports).where(eq(insightReports.insightRequestId, id))).length).toBe(1);

    const other = await signedIn({ role: "manager" });
    const otherPage = await (await call(`/manage/insights/${id}`, { cookie: other.token })).text();
    expect(otherPage).toContain(">Take over</button>");
    expect(otherPage).not.toContain(">Publish</button>");
    const tookOver = await postForm(`/manage/insights/${id}`, { intent: "start" }, other.token);
    expect(tookOver.status).toBe(200);
    expect((await requestRow(id)).assignedManagerId).toBe(other.user.id);
    const kept = (await reportRow(id))!;
    expect(kept.id).toBe(draft.id);
    expect(kept.title).toBe(draft.title);

    // The first manager may no longer save or publish.
    const save = await postForm(`/manage/insights/${id}`, { intent: "save", ...REPORT }, manager.token);
    expect(save.status).toBe(403);
    expect(await save.text()).toContain(
      html("Only the engagement manager assigned to this request can change its report.")
    );
    const publish = await postForm(`/manage/insights/${id}`, { intent: "publish", ...REPORT }, manager.token);
    expect(publish.status).toBe(403);
    expect((await reportRow(id))!.title).toBe(draft.title);
    expect((await requestRow(id)).status).toBe("in_review");
  });

  it("refuses to start a request waiting for payment, and to save or publish before the review starts", async () => {
    const manager = await signedIn({ role: "manager" });
    const unpaid = await insertRequest({ status: "awaiting_payment" });
    const page = await (await call(`/manage/insights/${unpaid.id}`, { cookie: manager.token })).text();
    expect(page).toContain("This request is waiting for payment.");
    expect(page).not.toContain(">Start review</button>");
    const start = await postForm(`/manage/insights/${unpaid.id}`, { intent: "start" }, manager.token);
    expect(start.status).toBe(409);
    expect(await start.text()).toContain("This request is waiting for payment.");
    const row = await requestRow(unpaid.id);
    expect(row.status).toBe("awaiting_payment");
    expect(row.assignedManagerId).toBeNull();
    expect(await reportRow(unpaid.id)).toBeNull();

    const submitted = await insertRequest();
    for (const intent of ["save", "publish"]) {
      const response = await postForm(`/manage/insights/${submitted.id}`, { intent, ...REPORT }, manager.token);
      expect(response.status).toBe(409);
      expect(await response.text()).toContain("Start the review before editing the report.");
    }
    expect((await requestRow(submitted.id)).status).toBe("submitted");
  });

  it("validates the editor: 400 with the field texts for a missing or long title and long texts; unknown intents and ids", async () => {
    const manager = await signedIn({ role: "manager" });
    const { id } = await insertRequest();
    await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);
    const draft = (await reportRow(id))!;

    const cases: [Record<string, string>, string][] = [
      [{ ...REPORT, title: "   " }, "Give the report a title."],
      [{ ...REPORT, title: "x".repeat(121) }, "Keep the title to 120 characters or fewer."],
      [{ ...REPORT, highLevelSummary: "x".repeat(6001) }, "Keep the summary to 6,000 characters or fewer."],
      [{ ...REPORT, recommendations: "x".repeat(6001) }, "Keep the recommendations to 6,000 characters or fewer."],
    ];
    for (const intent of ["save", "publish"]) {
      for (const [fields, message] of cases) {
        const response = await postForm(`/manage/insights/${id}`, { intent, ...fields }, manager.token);
        expect(response.status, message).toBe(400);
        expect(await response.text()).toContain(html(message));
      }
    }
    for (const fields of [{ intent: "delete" }, {}] as Record<string, string>[]) {
      const response = await postForm(`/manage/insights/${id}`, fields, manager.token);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Choose Start review, Save draft or Publish.");
    }
    const unchanged = (await reportRow(id))!;
    expect(unchanged.title).toBe(draft.title);
    expect(unchanged.status).toBe("draft");

    expect(
      (
        await call("/manage/insights/no-such-request", {
          cookie: manager.token,
        })
      ).status
    ).toBe(404);
    for (const intent of ["start", "save", "publish"]) {
      expect((await postForm("/manage/insights/no-such-request", { intent, ...REPORT }, manager.token)).status).toBe(
        404
      );
    }
  });

  it("saves the draft, then publishes once: request ready, one notification and one email to the owner", async () => {
    const manager = await signedIn({ role: "manager" });
    const { id, client, business } = await insertRequest();
    await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);

    const saved = await postForm(
      `/manage/insights/${id}`,
      {
        intent: "save",
        ...REPORT,
        highLevelSummary: "First pass.\r\nSecond line.",
      },
      manager.token
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Draft saved.");
    const draft = (await reportRow(id))!;
    expect(draft.title).toBe(REPORT.title);
    expect(draft.highLevelSummary).toBe("First pass.\nSecond line.");
    expect(draft.status).toBe("draft");

    const published = await postForm(`/manage/insights/${id}`, { intent: "publish", ...REPORT }, manager.token);
    expect(published.status).toBe(200);
    const text = await published.text();
    expect(text).toContain("Report published. The client has been notified.");
    expect(text).toContain('<span class="badge">Published</span>');
    expect(text).not.toContain(">Publish</button>");

    const report = (await reportRow(id))!;
    expect(report.status).toBe("published");
    expect(report.highLevelSummary).toBe(REPORT.highLevelSummary);
    expect(report.publishedAt).toBeInstanceOf(Date);
    const row = await requestRow(id);
    expect(row.status).toBe("ready");
    expect(row.statusText).toBe(INSIGHT_STATUS_TEXTS.ready);
    expect(row.insightReportId).toBe(report.id);
    expect(row.deliveredAt?.getTime()).toBe(report.publishedAt?.getTime());

    const notes = await db().select().from(notifications).where(eq(notifications.userId, client.user.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      businessId: business.id,
      kind: "insight_ready",
      title: "Your insight is available!",
      body: REPORT.title,
      link: `/insight-discovery?type=REPORT&id=${id}`,
    });

    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.user.email));
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe("Your Partwise insight is ready");
    expect(emails[0].kind).toBe("insight_ready");
    expect(emails[0].textBody).toContain(REPORT.title);
    expect(emails[0].textBody).toContain(`https://partwise.test/insight-discovery?type=REPORT&id=${id}`);

    // A second publish (or a save, or a start) changes nothing.
    for (const intent of ["publish", "save", "start"]) {
      const again = await postForm(
        `/manage/insights/${id}`,
        { intent, ...REPORT, title: "Another title" },
        manager.token
      );
      expect(again.status, intent).toBe(409);
      expect(await again.text()).toContain("This report has already been published.");
    }
    expect((await reportRow(id))!.title).toBe(REPORT.title);
    expect((await reportRow(id))!.publishedAt?.getTime()).toBe(report.publishedAt?.getTime());
    expect(await db().select().from(notifications).where(eq(notifications.userId, client.user.id))).toHaveLength(1);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.user.email))).toHaveLength(1);

    // The published queue lists it with the manager's name.
    const queue = await (await call("/manage/insights?status=ready", { cookie: manager.token })).text();
    expect(queue).toContain(`/manage/insights/${id}"`);
    expect(queue).toContain("Test Person");
    const ready = await db()
      .select()
      .from(insightRequests)
      .where(and(eq(insightRequests.id, id), eq(insightRequests.assignedManagerId, manager.user.id)));
    expect(ready).toHaveLength(1);
  });

  it("lets exactly one of two concurrent starts and one of two concurrent publishes win", async () => {
    const first = await signedIn({ role: "manager" });
    const second = await signedIn({ role: "manager" });
    const { id, client } = await insertRequest();

    // Both may legitimately succeed in turn (the later one takes over), but the request ends with
    // one manager and one report.
    await Promise.all([
      postForm(`/manage/insights/${id}`, { intent: "start" }, first.token),
      postForm(`/manage/insights/${id}`, { intent: "start" }, second.token),
    ]);
    expect(await db().select().from(insightReports).where(eq(insightReports.insightRequestId, id))).toHaveLength(1);
    const owner = (await requestRow(id)).assignedManagerId!;
    const winner = owner === first.user.id ? first : second;
    expect([first.user.id, second.user.id]).toContain(owner);

    const statuses = (
      await Promise.all([
        postForm(`/manage/insights/${id}`, { intent: "publish", ...REPORT }, winner.token),
        postForm(`/manage/insights/${id}`, { intent: "publish", ...REPORT, title: "A racing title" }, winner.token),
      ])
    ).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 409]);
    expect((await requestRow(id)).status).toBe("ready");
    expect(await db().select().from(notifications).where(eq(notifications.userId, client.user.id))).toHaveLength(1);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.user.email))).toHaveLength(1);
  });

  it("answers 403 to a cross-site post", async () => {
    const manager = await signedIn({ role: "manager" });
    const { id } = await insertRequest();
    const crossSite = await call(`/manage/insights/${id}`, {
      method: "POST",
      cookie: manager.token,
      body: new URLSearchParams({ intent: "start" }),
      headers: { Host: "partwise.test", Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await requestRow(id)).status).toBe("submitted");
  });
});
