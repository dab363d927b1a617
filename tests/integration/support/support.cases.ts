import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, emailOutbox, supportMessages } from "~db/schema";
import { call, db, postForm, signedIn } from "../helpers";
import { signedInClient } from "../../factories";

const SUPPORT_ADDRESS = "support@partwise.test"; // SUPPORT_EMAIL's local default

const post = (fields: Record<string, string>, cookie?: string) => postForm("/contact-us", fields, cookie);

async function outboxTo(address: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(desc(emailOutbox.createdAt));
}

describe("/contact-us", () => {
  it("shows the form with the user's details read-only, Partwise's contacts and the agreements", async () => {
    const { user, token } = await signedInClient();
    const page = await call("/contact-us", { cookie: token });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Need Help? We&#x27;re here for you");
    expect(html).toMatch(new RegExp(`value="${user.email}"[^>]*readOnly|readOnly[^>]*value="${user.email}"`, "i"));
    expect(html).toContain('placeholder="Write your message..."');
    for (const subject of ["generalInquiry", "insights", "matching", "techSupport"])
      expect(html).toContain(`value="${subject}"`);
    expect(html).toContain('href="/api/agreements/privacy-policy/"');
    expect(html).toContain('href="/api/agreements/terms-and-conditions/"');
    expect(html).toContain("(207) 555-0100");
    expect(html).toContain("support@partwise.com");
    expect(html).toContain("Send Message");
  });

  it("stores the message, emails support and the user (text and escaped HTML), then goes to the dashboard", async () => {
    const { user, business, token } = await signedInClient();
    // A company name and message with markup must never become HTML in an email.
    const company = `<b>Evil</b> & Co ${business.id}`;
    await db().update(businesses).set({ name: company }).where(eq(businesses.id, business.id));
    const message = `Our invoices <script>alert("x")</script> & reports don't load.\nSecond line.`;

    const response = await post({ subject: "techSupport", message }, token);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?notice=support-sent");

    const rows = await db().select().from(supportMessages).where(eq(supportMessages.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ businessId: business.id, subject: "techSupport", message, status: "open" });

    const [toSupport] = (await outboxTo(SUPPORT_ADDRESS)).filter((row) => row.subject.includes(business.id));
    expect(toSupport).toBeDefined();
    expect(toSupport.subject).toBe(`[Partwise support] Tech support from ${company}`);
    expect(toSupport.kind).toBe("support_message");
    expect(toSupport.textBody).toContain(message);
    expect(toSupport.textBody).toContain(user.email);
    expect(toSupport.htmlBody).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; reports don&#39;t load.",
    );
    expect(toSupport.htmlBody).toContain("&lt;b&gt;Evil&lt;/b&gt; &amp; Co");
    expect(toSupport.htmlBody).not.toContain("<script>");
    expect(toSupport.htmlBody).not.toContain("<b>Evil</b>");

    const confirmations = await outboxTo(user.email);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0].subject).toBe("We received your message");
    expect(confirmations[0].kind).toBe("support_confirmation");
    expect(confirmations[0].textBody).toContain("We'll get back to you within one business day.");
    expect(confirmations[0].textBody).toContain(message);
    expect(confirmations[0].htmlBody).toContain("&lt;script&gt;");
    expect(confirmations[0].htmlBody).not.toContain("<script>");

    const dashboard = await call("/dashboard?notice=support-sent", { cookie: token });
    expect(await dashboard.text()).toContain(
      "Thanks! Your message was sent. We&#x27;ll get back to you within one business day.",
    );
  });

  it("requires a subject and a message (400 with their texts) and stores nothing", async () => {
    const { user, token } = await signedInClient();
    const response = await post({ message: "  " }, token);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Choose a subject.");
    expect(html).toContain("Write your message.");

    const badSubject = await post({ subject: "billing", message: "Hello" }, token);
    expect(badSubject.status).toBe(400);
    expect(await badSubject.text()).toContain("Choose a subject.");

    const tooLong = await post({ subject: "insights", message: "x".repeat(5001) }, token);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Keep your message to 5,000 characters or fewer.");

    expect(await db().select().from(supportMessages).where(eq(supportMessages.userId, user.id))).toHaveLength(0);
    expect(await outboxTo(user.email)).toHaveLength(0);
  });

  it("sends visitors without a session to /, for the page and the form post", async () => {
    const before = (await db().select().from(supportMessages)).length;
    const page = await call("/contact-us");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/");
    const posted = await post({ subject: "insights", message: "Hello" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/");
    expect((await db().select().from(supportMessages)).length).toBe(before);
  });

  it("sends a client without a business to business details", async () => {
    const { token } = await signedIn();
    const page = await call("/contact-us", { cookie: token });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/signup-business");
  });
});
