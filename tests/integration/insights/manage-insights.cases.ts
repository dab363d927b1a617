import { FORM_UNREADABLE_MESSAGE } from "~/http/http.server";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, files, financeReports, insightReports, insightRequests, notifications } from "~db/schema";
import { INSIGHT_STATUS_TEXTS, insightStatusText } from "~/lib/insights/insight-status";
import { call, createInsightRequestRow, db, html, postForm } from "../helpers";
import { signedInClient, signedInManager, signedInConsultant } from "../../factories";

type Status = "awaiting_payment" | "submitted" | "in_review" | "ready";

/** A client business with one insight request stored as the request flow stores it. */
async function insertRequest(
  options: {
    status?: Status;
    createdAt?: Date;
    covered?: boolean;
    withFile?: boolean;
  } = {},
) {
  const client = await signedInClient();
  const business = client.business;
  const status = options.status ?? "submitted";
  const covered = options.covered ?? false;
  const id = crypto.randomUUID();
  await createInsightRequestRow(business.id, {
    id,
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

/** The draft's version as the preview page's Confirm publish form carries it. */
async function previewVersion(id: string, token: string): Promise<string> {
  const preview = await call(`/manage/insights/${id}/preview`, { cookie: token });
  expect(preview.status).toBe(200);
  const match = /name="version" value="(\d+)"/.exec(await preview.text());
  expect(match).not.toBeNull();
  return match![1];
}

/** 'Preview and publish' with the editor's content, then 'Confirm publish' on the preview. */
async function previewAndConfirm(id: string, token: string, content: Record<string, string>) {
  const previewed = await postForm(`/manage/insights/${id}`, { intent: "preview", ...content }, token);
  expect(previewed.status).toBe(302);
  expect(previewed.headers.get("Location")).toBe(`/manage/insights/${id}/preview`);
  return postForm(
    `/manage/insights/${id}/preview`,
    { intent: "publish", version: await previewVersion(id, token) },
    token,
  );
}

const REPORT = {
  title: "Set a weekly reorder rhythm for the top 50 items",
  highLevelSummary: "Stockouts come from ordering by feel.\nA weekly count fixes it.",
  recommendations: "Count the top 50 items every Monday.\nSet reorder points from 8 weeks of sales.",
};

describe("engagement manager console: insight requests", () => {
  it("refuses clients, consultants and visitors with a 404 on every page and action, changing nothing", async () => {
    const { id, client } = await insertRequest();
    const consultant = await signedInConsultant();
    for (const cookie of [client.token, consultant.token, null]) {
      for (const path of [
        "/manage/insights",
        "/manage/insights?status=ready",
        `/manage/insights/${id}`,
        `/manage/insights/${id}/preview`,
      ]) {
        const response = await call(path, { cookie });
        expect(response.status, path).toBe(404);
        expect(await response.text()).not.toContain("contractors");
      }
      for (const intent of ["start", "save", "preview"]) {
        const post = await postForm(`/manage/insights/${id}`, { intent, ...REPORT }, cookie);
        expect(post.status).toBe(404);
      }
      const confirm = await postForm(`/manage/insights/${id}/preview`, { intent: "publish", version: "1" }, cookie);
      expect(confirm.status).toBe(404);
    }
    const row = await requestRow(id);
    expect(row.status).toBe("submitted");
    expect(row.assignedManagerId).toBeNull();
    expect(await reportRow(id)).toBeNull();
  });

  it("shows the nav link, the overview counts and the To do queue newest first with company, category, date, manager and payment", async () => {
    const manager = await signedInManager();
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
      "No insight reports have been published yet.",
    );
  });

  it("shows the request: business and finance profiles, escaped answers, files only once assigned", async () => {
    const manager = await signedInManager();
    const { id, business, fileName } = await insertRequest({ withFile: true });

    const before = await call(`/manage/insights/${id}`, {
      cookie: manager.token,
    });
    expect(before.status).toBe(200);
    const text = await before.text();
    expect(text).toContain(`${html(business.name)}</h1>`);
    expect(text).toContain("Portland, ME");
    expect(text).toContain("423840<!-- --> – Industrial Supplies Merchant Wholesalers");
    // The band as the spec writes it, not its stored value (ADR 052).
    expect(text).toContain("<dt>Revenue</dt><dd>5-10 Million</dd>");
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
    const manager = await signedInManager();
    const { id } = await insertRequest();

    const started = await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);
    expect(started.status).toBe(200);
    const text = await started.text();
    expect(text).toContain("Review started. The draft report is ready to edit.");
    const row = await requestRow(id);
    expect(row.status).toBe("in_review");
    expect(insightStatusText(row.status, row.coveredByPlan)).toBe(INSIGHT_STATUS_TEXTS.in_review);
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
    expect(text).toContain(">Preview and publish</button>");
    expect(text).toContain(html(draft.title));

    const again = await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You are already reviewing this request.");
    expect((await db().select().from(insightReports).where(eq(insightReports.insightRequestId, id))).length).toBe(1);

    const other = await signedInManager();
    const otherPage = await (await call(`/manage/insights/${id}`, { cookie: other.token })).text();
    expect(otherPage).toContain(">Take over</button>");
    expect(otherPage).not.toContain(">Preview and publish</button>");
    // Someone else's draft can be previewed, not published.
    const otherPreview = await call(`/manage/insights/${id}/preview`, { cookie: other.token });
    expect(otherPreview.status).toBe(200);
    const otherPreviewText = await otherPreview.text();
    expect(otherPreviewText).toContain("Only the engagement manager reviewing this request can publish it.");
    expect(otherPreviewText).not.toContain("Confirm publish");
    const tookOver = await postForm(`/manage/insights/${id}`, { intent: "start" }, other.token);
    expect(tookOver.status).toBe(200);
    expect((await requestRow(id)).assignedManagerId).toBe(other.user.id);
    const kept = (await reportRow(id))!;
    expect(kept.id).toBe(draft.id);
    expect(kept.title).toBe(draft.title);

    // The first manager may no longer save, preview or publish.
    const save = await postForm(`/manage/insights/${id}`, { intent: "save", ...REPORT }, manager.token);
    expect(save.status).toBe(403);
    expect(await save.text()).toContain(
      html("Only the engagement manager assigned to this request can change its report."),
    );
    const preview = await postForm(`/manage/insights/${id}`, { intent: "preview", ...REPORT }, manager.token);
    expect(preview.status).toBe(403);
    const publish = await postForm(
      `/manage/insights/${id}/preview`,
      { intent: "publish", version: String(kept.updatedAt.getTime()) },
      manager.token,
    );
    expect(publish.status).toBe(403);
    expect(await publish.text()).toContain(
      html("Only the engagement manager assigned to this request can change its report."),
    );
    expect((await reportRow(id))!.title).toBe(draft.title);
    expect((await requestRow(id)).status).toBe("in_review");
  });

  it("refuses to start a request waiting for payment, and to save or publish before the review starts", async () => {
    const manager = await signedInManager();
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
    for (const intent of ["save", "preview"]) {
      const response = await postForm(`/manage/insights/${submitted.id}`, { intent, ...REPORT }, manager.token);
      expect(response.status).toBe(409);
      expect(await response.text()).toContain("Start the review before editing the report.");
    }
    const confirm = await postForm(
      `/manage/insights/${submitted.id}/preview`,
      { intent: "publish", version: "1" },
      manager.token,
    );
    expect(confirm.status).toBe(409);
    expect(await confirm.text()).toContain("Start the review before editing the report.");
    // Nothing to preview yet.
    const preview = await call(`/manage/insights/${submitted.id}/preview`, { cookie: manager.token });
    expect(preview.status).toBe(200);
    const previewText = await preview.text();
    expect(previewText).toContain("No report to preview yet</h1>");
    expect(previewText).toContain(
      "Start the review first: Partwise writes a draft, which you edit and then preview here before publishing.",
    );
    expect(previewText).not.toContain("Confirm publish");
    expect((await requestRow(submitted.id)).status).toBe("submitted");
  });

  it("validates the editor: 400 with the field texts for a missing or long title and long texts; unknown intents and ids", async () => {
    const manager = await signedInManager();
    const { id } = await insertRequest();
    await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);
    const draft = (await reportRow(id))!;

    const cases: [Record<string, string>, string][] = [
      [{ ...REPORT, title: "   " }, "Give the report a title."],
      [{ ...REPORT, title: "x".repeat(121) }, "Keep the title to 120 characters or fewer."],
      [{ ...REPORT, highLevelSummary: "x".repeat(6001) }, "Keep the summary to 6,000 characters or fewer."],
      [{ ...REPORT, recommendations: "x".repeat(6001) }, "Keep the recommendations to 6,000 characters or fewer."],
    ];
    for (const intent of ["save", "preview"]) {
      for (const [fields, message] of cases) {
        const response = await postForm(`/manage/insights/${id}`, { intent, ...fields }, manager.token);
        expect(response.status, message).toBe(400);
        expect(await response.text()).toContain(html(message));
      }
    }
    // Publishing is confirmed on the preview only: the request page does not publish.
    for (const fields of [{ intent: "delete" }, {}, { intent: "publish", ...REPORT }] as Record<string, string>[]) {
      const response = await postForm(`/manage/insights/${id}`, fields, manager.token);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Choose Start review, Save draft or Preview and publish.");
    }
    // A body that is not a form is refused the same way, not with a 500.
    for (const [contentType, body, status] of [
      ["application/json", JSON.stringify({ intent: "preview", ...REPORT }), 415],
      ["multipart/form-data; boundary=x", "--x\r\nnot a multipart body", 400],
    ] as const) {
      const response = await call(`/manage/insights/${id}`, {
        method: "POST",
        cookie: manager.token,
        body,
        headers: { Host: "partwise.test", "Content-Type": contentType },
      });
      expect(response.status, contentType).toBe(status);
      expect(await response.text()).toContain(FORM_UNREADABLE_MESSAGE);
    }
    const unchanged = (await reportRow(id))!;
    expect(unchanged.title).toBe(draft.title);
    expect(unchanged.status).toBe("draft");

    expect(
      (
        await call("/manage/insights/no-such-request", {
          cookie: manager.token,
        })
      ).status,
    ).toBe(404);
    for (const intent of ["start", "save", "preview"]) {
      expect((await postForm("/manage/insights/no-such-request", { intent, ...REPORT }, manager.token)).status).toBe(
        404,
      );
    }
    expect((await call("/manage/insights/no-such-request/preview", { cookie: manager.token })).status).toBe(404);
    expect(
      (await postForm("/manage/insights/no-such-request/preview", { intent: "publish", version: "1" }, manager.token))
        .status,
    ).toBe(404);
  });

  it("saves the draft, then publishes once: request ready, one notification and one email to the owner", async () => {
    const manager = await signedInManager();
    const { id, client, business } = await insertRequest();
    await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);

    const saved = await postForm(
      `/manage/insights/${id}`,
      {
        intent: "save",
        ...REPORT,
        highLevelSummary: "First pass.\r\nSecond line.",
      },
      manager.token,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Draft saved.");
    const draft = (await reportRow(id))!;
    expect(draft.title).toBe(REPORT.title);
    expect(draft.highLevelSummary).toBe("First pass.\nSecond line.");
    expect(draft.status).toBe("draft");

    const published = await previewAndConfirm(id, manager.token, REPORT);
    expect(published.status).toBe(200);
    const text = await published.text();
    expect(text).toContain("Report published. The client has been notified.");
    expect(text).toContain("Published on ");
    expect(text).not.toContain(">Confirm publish</button>");
    const requestPage = await (await call(`/manage/insights/${id}`, { cookie: manager.token })).text();
    expect(requestPage).toContain('<span class="badge">Published</span>');
    expect(requestPage).not.toContain(">Preview and publish</button>");
    expect(requestPage).toContain(`href="/manage/insights/${id}/preview"`);

    const report = (await reportRow(id))!;
    expect(report.status).toBe("published");
    expect(report.highLevelSummary).toBe(REPORT.highLevelSummary);
    expect(report.publishedAt).toBeInstanceOf(Date);
    const row = await requestRow(id);
    expect(row.status).toBe("ready");
    expect(insightStatusText(row.status, row.coveredByPlan)).toBe(INSIGHT_STATUS_TEXTS.ready);
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

    // A second publish (or a preview, a save, or a start) changes nothing.
    const again = await postForm(
      `/manage/insights/${id}/preview`,
      { intent: "publish", version: String(report.updatedAt.getTime()) },
      manager.token,
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This report has already been published.");
    for (const intent of ["preview", "save", "start"]) {
      const refused = await postForm(
        `/manage/insights/${id}`,
        { intent, ...REPORT, title: "Another title" },
        manager.token,
      );
      expect(refused.status, intent).toBe(409);
      expect(await refused.text()).toContain("This report has already been published.");
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

  it("previews the report as the client will see it; previewing publishes nothing; confirm publishes exactly the previewed version", async () => {
    const manager = await signedInManager();
    const { id, client } = await insertRequest();
    await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);
    const content = {
      title: "Reorder the <top 50> every Monday",
      highLevelSummary: "Stockouts come from ordering by feel.\n\nA weekly count fixes it.",
      recommendations: "- Count the top 50 items every Monday.\n\n2. Set reorder points from 8 weeks of sales.",
    };
    const previewed = await postForm(`/manage/insights/${id}`, { intent: "preview", ...content }, manager.token);
    expect(previewed.status).toBe(302);
    expect(previewed.headers.get("Location")).toBe(`/manage/insights/${id}/preview`);
    const draft = (await reportRow(id))!;
    expect(draft.status).toBe("draft");
    expect(draft.title).toBe(content.title);

    // The client's report view: title, paragraphs, recommendations without their bullet marks.
    const preview = await call(`/manage/insights/${id}/preview`, { cookie: manager.token });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Cache-Control")).toBe("private, no-store");
    const page = await preview.text();
    expect(page).toContain(`<p class="eyebrow">Operations</p><h1>${html(content.title)}</h1>`);
    expect(page).toContain("<p>Stockouts come from ordering by feel.</p><p>A weekly count fixes it.</p>");
    expect(page).toContain(
      '<ul class="discovery-recommendations"><li>Count the top 50 items every Monday.</li><li>Set reorder points from 8 weeks of sales.</li></ul>',
    );
    expect(page).toContain("Publish this report?");
    expect(page).toContain(">Confirm publish</button>");
    expect(page).toContain(`href="/manage/insights/${id}">Cancel</a>`);
    expect(page).toContain(`name="version" value="${draft.updatedAt.getTime()}"`);
    // Previewing published nothing.
    expect((await requestRow(id)).status).toBe("in_review");
    expect(await db().select().from(notifications).where(eq(notifications.userId, client.user.id))).toHaveLength(0);

    // A draft saved after the preview is not published from the stale preview.
    const staleVersion = String(draft.updatedAt.getTime());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const resaved = await postForm(
      `/manage/insights/${id}`,
      { intent: "save", ...content, title: "A later title" },
      manager.token,
    );
    expect(resaved.status).toBe(200);
    const stale = await postForm(
      `/manage/insights/${id}/preview`,
      { intent: "publish", version: staleVersion },
      manager.token,
    );
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(
      html("The draft has changed since this preview. Check the preview again before publishing."),
    );
    expect((await reportRow(id))!.status).toBe("draft");
    expect((await requestRow(id)).status).toBe("in_review");

    // Confirming the current preview publishes what it showed.
    const current = await previewVersion(id, manager.token);
    const confirmed = await postForm(
      `/manage/insights/${id}/preview`,
      { intent: "publish", version: current },
      manager.token,
    );
    expect(confirmed.status).toBe(200);
    const report = (await reportRow(id))!;
    expect(report.status).toBe("published");
    expect(report.title).toBe("A later title");
    expect((await requestRow(id)).status).toBe("ready");
    const after = await (await call(`/manage/insights/${id}/preview`, { cookie: manager.token })).text();
    expect(after).toContain("Published on ");
    expect(after).not.toContain("Confirm publish");
  });

  it("answers 400 to a confirm with a bad body, changing nothing", async () => {
    const manager = await signedInManager();
    const { id } = await insertRequest();
    await postForm(`/manage/insights/${id}`, { intent: "start" }, manager.token);
    const version = await previewVersion(id, manager.token);
    const bodies: Record<string, string>[] = [
      {},
      { intent: "publish" },
      { intent: "publish", version: "" },
      { intent: "publish", version: "yesterday" },
      { intent: "publish", version: "-5" },
      { intent: "publish", version: "1.5" },
      { intent: "publish", version: "9".repeat(40) },
      { intent: "save", version },
      { version },
    ];
    for (const body of bodies) {
      const response = await postForm(`/manage/insights/${id}/preview`, body, manager.token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.text()).toContain("Open the preview again, then confirm publishing from it.");
    }
    const json = await call(`/manage/insights/${id}/preview`, {
      method: "POST",
      cookie: manager.token,
      json: { intent: "publish", version },
      headers: { Host: "partwise.test" },
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain(FORM_UNREADABLE_MESSAGE);
    const multipart = new FormData();
    multipart.append("intent", "publish");
    multipart.append("version", new File(["1"], "version.txt", { type: "text/plain" }));
    const withFile = await call(`/manage/insights/${id}/preview`, {
      method: "POST",
      cookie: manager.token,
      body: multipart,
      headers: { Host: "partwise.test" },
    });
    expect(withFile.status).toBe(400);
    const broken = await call(`/manage/insights/${id}/preview`, {
      method: "POST",
      cookie: manager.token,
      body: "--x\r\nnot a multipart body",
      headers: { Host: "partwise.test", "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
    expect((await reportRow(id))!.status).toBe("draft");
    expect((await requestRow(id)).status).toBe("in_review");

    const crossSite = await call(`/manage/insights/${id}/preview`, {
      method: "POST",
      cookie: manager.token,
      body: new URLSearchParams({ intent: "publish", version }),
      headers: { Host: "partwise.test", Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await reportRow(id))!.status).toBe("draft");
  });

  it("lets exactly one of two concurrent starts and one of two concurrent publishes win", async () => {
    const first = await signedInManager();
    const second = await signedInManager();
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

    const version = await previewVersion(id, winner.token);
    const statuses = (
      await Promise.all([
        postForm(`/manage/insights/${id}/preview`, { intent: "publish", version }, winner.token),
        postForm(`/manage/insights/${id}/preview`, { intent: "publish", version }, winner.token),
      ])
    ).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 409]);
    expect((await requestRow(id)).status).toBe("ready");
    expect(await db().select().from(notifications).where(eq(notifications.userId, client.user.id))).toHaveLength(1);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.user.email))).toHaveLength(1);
  });

  it("answers 403 to a cross-site post", async () => {
    const manager = await signedInManager();
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
