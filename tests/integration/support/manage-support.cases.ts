import { FORM_UNREADABLE_MESSAGE } from "~/http/http.server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { supportMessages } from "~db/schema";
import { call, db, html, postForm, signedIn } from "../helpers";
import { signedInClient, signedInManager, signedInConsultant } from "../../factories";

type Seeded = Awaited<ReturnType<typeof signedIn>>;

/** A support message from a new client with a business, stored as /contact-us stores it. */
async function insertMessage(options: {
  message: string;
  createdAt: Date;
  status?: "open" | "closed";
  subject?: "generalInquiry" | "insights" | "matching" | "techSupport";
}) {
  const sender = await signedInClient();
  const id = crypto.randomUUID();
  await db()
    .insert(supportMessages)
    .values({
      id,
      userId: sender.user.id,
      businessId: sender.business.id,
      subject: options.subject ?? "techSupport",
      message: options.message,
      status: options.status ?? "open",
      createdAt: options.createdAt,
    });
  return { id, sender };
}

const row = async (id: string) => (await db().select().from(supportMessages).where(eq(supportMessages.id, id)))[0];

describe("engagement manager console: support messages", () => {
  it("refuses clients, consultants and visitors with a 404 on every page and on the action, changing nothing", async () => {
    const { id } = await insertMessage({ message: "Hidden from clients", createdAt: new Date("2026-03-04T10:00:00Z") });
    const client: Seeded = await signedInClient();
    const consultant: Seeded = await signedInConsultant();
    for (const cookie of [client.token, consultant.token, null]) {
      for (const path of ["/manage", "/manage/support", "/manage/support?status=closed", `/manage/support/${id}`]) {
        const response = await call(path, { cookie });
        expect(response.status, `${path}`).toBe(404);
        expect(await response.text()).not.toContain("Hidden from clients");
      }
      const post = await postForm(`/manage/support/${id}`, { intent: "close" }, cookie);
      expect(post.status).toBe(404);
    }
    expect((await row(id)).status).toBe("open");
    expect((await row(id)).handledById).toBeNull();
  });

  it("shows the console home with the nav, the greeting and the open count", async () => {
    const manager = await signedInManager();
    const page = await call("/manage", { cookie: manager.token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('aria-label="Console"');
    const nav = text.slice(text.indexOf('aria-label="Console"'), text.indexOf("</nav>"));
    expect(nav).toMatch(/aria-current="page"[^>]*href="\/manage"[^>]*>.*?<span class="console-nav-label">Home<\/span>/);
    expect(nav).toMatch(/href="\/manage\/insights"[^>]*>.*?<span class="console-nav-label">Insight requests<\/span>/);
    expect(nav).toMatch(/href="\/manage\/support"[^>]*>.*?<span class="console-nav-label">Support messages<\/span>/);
    expect(text).toContain("Hello, <!-- -->Test<!-- --> <!-- -->Person");
    const open = (await db().select().from(supportMessages).where(eq(supportMessages.status, "open"))).length;
    expect(text).toContain(`Open support messages</h2><p class="console-stat-value">${open}</p>`);
    // The navigation shows the waiting work beside its section.
    expect(open).toBeGreaterThan(0);
    expect(nav).toContain(`<span class="visually-hidden">, ${open} open</span>`);
  });

  it("lists open messages newest first with subject, company, sender, date and 140 characters; filters closed", async () => {
    const manager = await signedInManager();
    const long = `Invoices <b>fail</b> to sync ${"x".repeat(200)}`;
    const older = await insertMessage({
      message: "Older question about matching",
      subject: "matching",
      createdAt: new Date("2026-02-01T12:00:00Z"),
    });
    const newer = await insertMessage({ message: long, createdAt: new Date("2026-03-05T12:00:00Z") });
    const closed = await insertMessage({
      message: "Already answered question",
      status: "closed",
      createdAt: new Date("2026-03-06T12:00:00Z"),
    });

    for (const path of ["/manage/support", "/manage/support?status=open", "/manage/support?status=bogus"]) {
      const page = await call(path, { cookie: manager.token });
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain("Support messages</h1>");
      expect(text).toContain(html(newer.sender.business.name));
      expect(text).toContain(newer.sender.user.email);
      expect(text).toContain("Test Person");
      expect(text).toContain("Tech support");
      expect(text).toContain("Matching");
      expect(text).toContain("Mar 5, 2026");
      expect(text).toContain("Feb 1, 2026");
      const preview = `${long.slice(0, 140)}…`;
      expect(text).toContain(html(preview));
      expect(text).not.toContain(html(long.slice(0, 141)));
      expect(text).not.toContain("<b>fail</b>");
      expect(text).toContain(`href="/manage/support/${newer.id}"`);
      expect(text.indexOf(`/manage/support/${newer.id}"`)).toBeLessThan(text.indexOf(`/manage/support/${older.id}"`));
      expect(text).not.toContain("Already answered question");
    }

    const closedPage = await (await call("/manage/support?status=closed", { cookie: manager.token })).text();
    expect(closedPage).toContain("Already answered question");
    expect(closedPage).toContain(`href="/manage/support/${closed.id}"`);
    expect(closedPage).not.toContain("Older question about matching");
  });

  it("shows the empty texts when nothing matches", async () => {
    const manager = await signedInManager();
    await db().delete(supportMessages);
    expect(await (await call("/manage/support", { cookie: manager.token })).text()).toContain(
      "No open support messages.",
    );
    expect(await (await call("/manage/support?status=closed", { cookie: manager.token })).text()).toContain(
      "No closed support messages.",
    );
  });

  it("shows one message escaped with line breaks and the sender; closes once, reopens", async () => {
    const manager = await signedInManager();
    const message = `First line <script>alert("x")</script>\nSecond line`;
    const { id, sender } = await insertMessage({
      message,
      subject: "insights",
      createdAt: new Date("2026-03-07T09:00:00Z"),
    });

    const page = await call(`/manage/support/${id}`, { cookie: manager.token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Insights</h1>");
    expect(text).toContain("First line &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\nSecond line");
    expect(text).not.toContain('<script>alert("x")');
    expect(text).toContain(`href="mailto:${sender.user.email}"`);
    expect(text).toContain("(555) 555-0100");
    expect(text).toContain(html(sender.business.name));
    expect(text).toContain("Mark as handled");

    const closed = await postForm(`/manage/support/${id}`, { intent: "close" }, manager.token);
    expect(closed.status).toBe(200);
    const closedText = await closed.text();
    expect(closedText).toContain("Marked as handled.");
    expect(closedText).toContain(">Reopen</button>");
    const after = await row(id);
    expect(after.status).toBe("closed");
    expect(after.handledById).toBe(manager.user.id);
    expect(after.handledAt).toBeInstanceOf(Date);

    const other = await signedInManager();
    const again = await postForm(`/manage/support/${id}`, { intent: "close" }, other.token);
    expect(again.status).toBe(200);
    const unchanged = await row(id);
    expect(unchanged.handledById).toBe(manager.user.id);
    expect(unchanged.handledAt?.getTime()).toBe(after.handledAt?.getTime());

    const reopened = await postForm(`/manage/support/${id}`, { intent: "reopen" }, manager.token);
    expect(reopened.status).toBe(200);
    expect(await reopened.text()).toContain("Reopened.");
    const open = await row(id);
    expect(open.status).toBe("open");
    expect(open.handledById).toBeNull();
    expect(open.handledAt).toBeNull();
  });

  it("answers 400 to a bad intent, 404 to an unknown id and 403 to a cross-site post", async () => {
    const manager = await signedInManager();
    const { id } = await insertMessage({ message: "Check my intent", createdAt: new Date("2026-03-08T09:00:00Z") });

    for (const fields of [{ intent: "delete" }, {}] as Record<string, string>[]) {
      const bad = await postForm(`/manage/support/${id}`, fields, manager.token);
      expect(bad.status).toBe(400);
    }
    // A body that is not a form is a 400 too, not a 500.
    for (const [contentType, body, status] of [
      ["application/json", JSON.stringify({ intent: "close" }), 415],
      ["multipart/form-data; boundary=x", "--x\r\nnot a multipart body", 400],
    ] as const) {
      const bad = await call(`/manage/support/${id}`, {
        method: "POST",
        cookie: manager.token,
        body,
        headers: { Host: "partwise.test", "Content-Type": contentType },
      });
      expect(bad.status, contentType).toBe(status);
      expect(await bad.text()).toContain(FORM_UNREADABLE_MESSAGE);
    }
    expect((await row(id)).status).toBe("open");

    expect((await call("/manage/support/no-such-message", { cookie: manager.token })).status).toBe(404);
    expect((await postForm("/manage/support/no-such-message", { intent: "close" }, manager.token)).status).toBe(404);

    const crossSite = await call(`/manage/support/${id}`, {
      method: "POST",
      cookie: manager.token,
      body: new URLSearchParams({ intent: "close" }),
      headers: { Host: "partwise.test", Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await row(id)).status).toBe("open");
  });
});
