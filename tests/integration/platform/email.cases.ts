import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "~db/schema";
import { loader as outboxLoader } from "~/routes/dev.outbox";
import { loader as outboxEmailLoader } from "~/routes/dev.outbox_.$id";
import { EmailDeliveryError, sendEmail, type OutgoingEmail } from "~/server/platform/email.server";
import { escapeHtml, renderEmail, withSiteFooter } from "~/server/platform/email-templates.server";
import { createAppContext, type AppContext } from "~/server/load-context";
import { call, db } from "../helpers";

const RESEND_BASE = "https://resend.stub.test";
const RESEND_KEY = "re_test_0123456789";

function context(overrides: Record<string, unknown> = {}): AppContext {
  return createAppContext({ ...env, ...overrides }, () => undefined);
}

function resendContext() {
  return context({
    RESEND_API_KEY: RESEND_KEY,
    RESEND_API_BASE: RESEND_BASE,
    EMAIL_FROM: "Partwise <no-reply@partwise.com>",
  });
}

function email(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  const { text, html } = renderEmail({
    heading: "Hello <there>",
    blocks: [{ type: "paragraph", text: `A & B said "hi" <script>alert(1)</script>` }],
  });
  return {
    to: `reader-${crypto.randomUUID()}@example.test`,
    subject: "A test email",
    text,
    html,
    kind: "test",
    ...overrides,
  };
}

async function rowFor(to: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).get();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("renderEmail", () => {
  it("gives a plain-text part and an HTML part with every value escaped", () => {
    const { text, html } = renderEmail({
      heading: "Title <b>",
      blocks: [
        { type: "paragraph", text: `Tom & "Jerry" <img src=x onerror=alert(1)>` },
        { type: "code", label: "Code", code: "AB<CD" },
        { type: "button", label: "Open", url: "https://partwise.test/a?b=1&c=<2>" },
        { type: "field", label: "Message", value: "line 1\nline <2>" },
      ],
    });
    expect(text).toContain(`Tom & "Jerry" <img src=x onerror=alert(1)>`);
    expect(text).toContain("Code: AB<CD");
    expect(text).toContain("Open: https://partwise.test/a?b=1&c=%3C2%3E");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(html).toContain("Tom &amp; &quot;Jerry&quot; &lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("AB&lt;CD");
    expect(html).toContain('href="https://partwise.test/a?b=1&amp;c=%3C2%3E"');
    expect(html).toContain("line 1\nline &lt;2&gt;");
    expect(escapeHtml(`<'&">`)).toBe("&lt;&#39;&amp;&quot;&gt;");
  });

  it("refuses links that are not http(s)", () => {
    expect(() =>
      renderEmail({ heading: "x", blocks: [{ type: "button", label: "x", url: "javascript:alert(1)" }] }),
    ).toThrow("Email links must be http(s).");
  });
});

describe("sendEmail with the outbox transport (no RESEND_API_KEY)", () => {
  it("records the email with both parts and marks it sent, without any network call", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const message = email({ replyTo: "someone@example.test" });
    await sendEmail(context(), message);
    const row = await rowFor(message.to);
    expect(row).toMatchObject({
      toAddress: message.to,
      fromAddress: "Partwise <no-reply@partwise.test>",
      subject: "A test email",
      kind: "test",
      status: "sent",
      providerMessageId: null,
      error: null,
    });
    // No APP_URL and no request: no origin for the public pages' links, so none are added.
    expect(row?.textBody).toBe(message.text);
    expect(row?.htmlBody).toBe(withSiteFooter(message, null).html);
    expect(row?.htmlBody).not.toContain("partwise-site-footer");
    expect(row?.textBody).toContain(`A & B said "hi" <script>alert(1)</script>`);
    expect(row?.htmlBody).toContain("A &amp; B said &quot;hi&quot; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("the public pages' links under every email (issue #42)", () => {
  it("ends every email with links to the public pages on APP_URL, in both parts", async () => {
    const message = email();
    await sendEmail(context({ APP_URL: "https://partwise.example" }), message);
    const row = await rowFor(message.to);
    expect(row?.textBody).toBe(
      `${message.text}\n\n--\nPartwise: How it works https://partwise.example/how-it-works · Pricing https://partwise.example/pricing · Consultants https://partwise.example/consultants · Industry benchmarks https://partwise.example/benchmarks · For consultants https://partwise.example/for-consultants`,
    );
    expect(row?.htmlBody).toContain(
      '<a href="https://partwise.example/how-it-works" style="color:#1d4ed8">How it works</a> · <a href="https://partwise.example/pricing" style="color:#1d4ed8">Pricing</a>',
    );
    expect(row?.htmlBody).toMatch(/Partwise: <a [^]*For consultants<\/a><\/p><\/div><\/body><\/html>$/);
    expect(row?.htmlBody).not.toContain("partwise-site-footer");
  });

  it("uses the request's own origin when APP_URL is not set", async () => {
    const message = email();
    const app = createAppContext({ ...env }, () => undefined, undefined, {
      request: new Request("http://localhost:8787/settings"),
    });
    await sendEmail(app, message);
    const row = await rowFor(message.to);
    expect(row?.textBody).toContain("Industry benchmarks http://localhost:8787/benchmarks");
    expect(row?.htmlBody).toContain('href="http://localhost:8787/for-consultants"');
  });
});

describe("sendEmail with the Resend transport", () => {
  it("posts the email to RESEND_API_BASE/emails and stores the provider's id", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ id: "msg_123" }), { status: 200 }));
    const message = email({ replyTo: "customer@example.test" });
    await sendEmail(resendContext(), message);

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${RESEND_BASE}/emails`);
    expect(init.method).toBe("POST");
    const headers = new Headers(init.headers);
    expect(headers.get("Authorization")).toBe(`Bearer ${RESEND_KEY}`);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(String(init.body))).toEqual({
      from: "Partwise <no-reply@partwise.com>",
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: withSiteFooter(message, null).html,
      reply_to: "customer@example.test",
    });

    const row = await rowFor(message.to);
    expect(row).toMatchObject({ status: "sent", providerMessageId: "msg_123", error: null });
    // The idempotency key is the outbox row, so a retry of this row can never send twice.
    expect(headers.get("Idempotency-Key")).toBe(row?.id);
  });

  it("leaves out reply_to when there is none", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ id: "msg_456" }), { status: 200 }));
    await sendEmail(resendContext(), email());
    const body = JSON.parse(String((fetchSpy.mock.calls[0] as [string, RequestInit])[1].body)) as Record<
      string,
      unknown
    >;
    expect("reply_to" in body).toBe(false);
  });

  it("marks the row failed and throws a typed error when Resend refuses", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ name: "validation_error", message: "Invalid `to` field." }), { status: 422 }),
    );
    const message = email();
    const error = await sendEmail(resendContext(), message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmailDeliveryError);
    expect((error as EmailDeliveryError).userMessage).toBe(
      "We couldn't send the email right now. Please try again in a few minutes.",
    );
    const row = await rowFor(message.to);
    expect(row?.status).toBe("failed");
    expect(row?.error).toContain("Resend answered 422");
    expect((error as EmailDeliveryError).outboxId).toBe(row?.id);
    expect(row?.providerMessageId).toBeNull();
  });

  it("marks the row failed when Resend cannot be reached", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    const message = email();
    await expect(sendEmail(resendContext(), message)).rejects.toBeInstanceOf(EmailDeliveryError);
    const row = await rowFor(message.to);
    expect(row?.status).toBe("failed");
    expect(row?.error).toBe("Network connection lost.");
  });
});

describe("sendEmail with a dedupeKey (an exactly-once email, e.g. a receipt)", () => {
  const keyed = (key: string, overrides: Partial<OutgoingEmail> = {}) => email({ dedupeKey: key, ...overrides });
  const rowsOf = (key: string) => db().select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));

  it("sends once however many calls race or repeat (outbox transport): one row, one true", async () => {
    const key = `test-once-${crypto.randomUUID()}`;
    const message = keyed(key);
    const results = await Promise.all(Array.from({ length: 6 }, () => sendEmail(context(), message)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await sendEmail(context(), message)).toBe(false);
    const rows = await rowsOf(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "sent", toAddress: message.to, dedupeKey: key });
    // Emails without a key are never de-duplicated.
    const plain = email();
    expect(await sendEmail(context(), plain)).toBe(true);
    expect(await sendEmail(context(), plain)).toBe(true);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, plain.to))).toHaveLength(2);
  });

  it("with Resend: a failed send is tried again under the same row (its Idempotency-Key), a sent one never again", async () => {
    const key = `test-retry-${crypto.randomUUID()}`;
    const message = keyed(key);
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(new Response("{}", { status: 503 }))
      .mockResolvedValue(new Response(JSON.stringify({ id: "msg_retry" }), { status: 200 }));
    await expect(sendEmail(resendContext(), message)).rejects.toBeInstanceOf(EmailDeliveryError);
    const [failed] = await rowsOf(key);
    expect(failed).toMatchObject({ status: "failed" });

    const again = await Promise.all([sendEmail(resendContext(), message), sendEmail(resendContext(), message)]);
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const idempotencyKeys = fetchSpy.mock.calls.map(([, init]) =>
      new Headers((init as RequestInit).headers).get("Idempotency-Key"),
    );
    expect(idempotencyKeys).toEqual([failed!.id, failed!.id]);
    const rows = await rowsOf(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: failed!.id, status: "sent", providerMessageId: "msg_retry", error: null });

    expect(await sendEmail(resendContext(), message)).toBe(false);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("with Resend: a row left queued by a call that died is taken again only once it is stale", async () => {
    const key = `test-stale-${crypto.randomUUID()}`;
    const message = keyed(key);
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ id: "msg_stale" }), { status: 200 }));
    const id = crypto.randomUUID();
    const claimedAt = new Date(Date.now() - 11 * 60_000);
    await db().insert(emailOutbox).values({
      id,
      toAddress: message.to,
      fromAddress: "Partwise <no-reply@partwise.com>",
      subject: message.subject,
      textBody: message.text,
      kind: message.kind,
      status: "queued",
      createdAt: claimedAt,
      dedupeKey: key,
    });
    // A minute after the claim: maybe still being sent. Nothing is sent.
    const soon = { ...resendContext(), now: () => new Date(claimedAt.getTime() + 60_000) };
    expect(await sendEmail(soon, message)).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
    // Eleven minutes after it, it is stale: taken again under its id, sent once.
    expect(await sendEmail(resendContext(), message)).toBe(true);
    expect(new Headers((fetchSpy.mock.calls[0] as [string, RequestInit])[1].headers).get("Idempotency-Key")).toBe(id);
    expect(await rowsOf(key)).toEqual([expect.objectContaining({ id, status: "sent" })]);
  });
});

describe("/dev/outbox", () => {
  it("lists the emails newest first with their text, and links to the HTML part", async () => {
    const app = context();
    const older = email({ subject: "Older email" });
    const newer = email({ subject: "Newer email" });
    await sendEmail({ ...app, now: () => new Date(Date.now() - 60_000) }, older);
    await sendEmail(app, newer);

    const page = await call("/dev/outbox");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Local email outbox");
    expect(html.indexOf("Newer email")).toBeGreaterThan(-1);
    expect(html.indexOf("Newer email")).toBeLessThan(html.indexOf("Older email"));
    expect(html).toContain(newer.to);
    // The text part is shown as text: its markup is escaped by React.
    expect(html).toContain("A &amp; B said &quot;hi&quot; &lt;script&gt;alert(1)&lt;/script&gt;");

    const row = (await db().select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(1))[0];
    expect(html).toContain(`/dev/outbox/${row.id}`);
    const preview = await call(`/dev/outbox/${row.id}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(preview.headers.get("Content-Security-Policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
    );
    expect(await preview.text()).toBe(row.htmlBody);

    expect((await call(`/dev/outbox/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call("/dev/outbox/not-an-id")).status).toBe(404);
  });

  it("shows one address's mail with ?to=, whatever its case, and says when there is none", async () => {
    const app = context();
    const mine = email({ to: "reader@example.com", subject: "For the reader" });
    const theirs = email({ to: "someone-else@example.com", subject: "For someone else" });
    await sendEmail(app, mine);
    await sendEmail(app, theirs);

    const html = await (await call("/dev/outbox?to=Reader%40Example.com")).text();
    expect(html).toContain("For the reader");
    expect(html).not.toContain("For someone else");
    expect(html).toContain('value="reader@example.com"');
    expect(html).toContain("Show all emails");
    // The filter's button is styled like the app's other buttons (there is no .btn class).
    expect(html).toMatch(/<button type="submit" class="button button-secondary">Show<\/button>/);

    const none = await (await call("/dev/outbox?to=nobody%40example.com")).text();
    expect(none).toContain("No emails to nobody@example.com.");
    expect(none).not.toContain("For the reader");
  });

  it("does not exist when a real provider is configured", async () => {
    const app = resendContext();
    const request = new Request("https://partwise.test/dev/outbox");
    const args = { request, params: {}, context: { app, cloudflare: {} } } as unknown as Parameters<
      typeof outboxLoader
    >[0];
    const listing = await Promise.resolve(outboxLoader(args)).catch((thrown: unknown) => thrown);
    expect(listing).toBeInstanceOf(Response);
    expect((listing as Response).status).toBe(404);

    const [row] = await db().select().from(emailOutbox).limit(1);
    const previewArgs = { ...args, params: { id: row?.id ?? crypto.randomUUID() } } as unknown as Parameters<
      typeof outboxEmailLoader
    >[0];
    const preview = await Promise.resolve(outboxEmailLoader(previewArgs)).catch((thrown: unknown) => thrown);
    expect(preview).toBeInstanceOf(Response);
    expect((preview as Response).status).toBe(404);
  });
});

describe("/dev/outbox when empty", () => {
  it("says so", async () => {
    await db().delete(emailOutbox);
    const html = await (await call("/dev/outbox")).text();
    expect(html).toContain("No emails yet.");
  });
});
