import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isCrossSiteSocket, isCrossSiteWrite } from "~/server/platform/security.server";

function post(url: string, headers: Record<string, string> = {}, method = "POST") {
  return new Request(url, { method, headers });
}

describe("contentSecurityPolicy", () => {
  it("is strict and carries the nonce", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    // The Learning Center's video players, and nothing else, may be framed.
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com https://player.vimeo.com;");
  });

  it("allows Vite's websocket and eval only in development", () => {
    expect(contentSecurityPolicy("n", { dev: true })).toContain("connect-src 'self' ws: wss:");
  });
});

describe("isCrossSiteWrite", () => {
  it("lets reads through from anywhere", () => {
    expect(
      isCrossSiteWrite(new Request("https://app.test/x", { headers: { Origin: "https://evil.test" } }), undefined),
    ).toBe(false);
  });

  it("refuses a write from another origin", () => {
    expect(isCrossSiteWrite(post("https://app.test/login", { Origin: "https://evil.test" }), undefined)).toBe(true);
    expect(isCrossSiteWrite(post("https://app.test/login", { Origin: "https://evil.test" }, "PUT"), undefined)).toBe(
      true,
    );
  });

  it("accepts the request's own origin and APP_URL", () => {
    expect(isCrossSiteWrite(post("https://app.test/login", { Origin: "https://app.test" }), undefined)).toBe(false);
    expect(
      isCrossSiteWrite(
        post("http://internal:8787/login", { Origin: "https://partwise.example" }),
        "https://partwise.example/",
      ),
    ).toBe(false);
  });

  it("falls back to Sec-Fetch-Site when there is no Origin", () => {
    expect(isCrossSiteWrite(post("https://app.test/login", { "Sec-Fetch-Site": "cross-site" }), undefined)).toBe(true);
    expect(isCrossSiteWrite(post("https://app.test/login", { "Sec-Fetch-Site": "same-origin" }), undefined)).toBe(
      false,
    );
    expect(isCrossSiteWrite(post("https://app.test/login"), undefined)).toBe(false);
  });

  it("refuses a write that carries cookies but neither Origin nor Sec-Fetch-Site", () => {
    const cookie = { Cookie: "__Host-partwise_session=abc" };
    expect(isCrossSiteWrite(post("https://app.test/api/client/business/updateInfo", cookie, "PUT"), undefined)).toBe(
      true,
    );
    expect(isCrossSiteWrite(post("https://app.test/login", cookie), undefined)).toBe(true);
    expect(isCrossSiteWrite(post("https://app.test/login", { ...cookie, Origin: "https://app.test" }), undefined)).toBe(
      false,
    );
    expect(
      isCrossSiteWrite(post("https://app.test/login", { ...cookie, "Sec-Fetch-Site": "same-origin" }), undefined),
    ).toBe(false);
    expect(isCrossSiteWrite(post("https://app.test/api/payments/webhook", cookie), undefined)).toBe(false);
  });

  it("exempts the Stripe webhook, which proves itself with a signature", () => {
    expect(
      isCrossSiteWrite(post("https://app.test/api/payments/webhook", { Origin: "https://stripe.com" }), undefined),
    ).toBe(false);
  });

  it("lets the unsubscribe link's one-click POST through without an Origin, and refuses a foreign or null one", () => {
    for (const path of ["/unsubscribe?token=t", "/unsubscribe.data?token=t"]) {
      // RFC 8058: the mail provider's server posts it, with no Origin (and no cookie).
      expect(isCrossSiteWrite(post(`https://app.test${path}`), undefined)).toBe(false);
      expect(isCrossSiteWrite(post(`https://app.test${path}`, { Cookie: "a=b" }), undefined)).toBe(false);
      expect(isCrossSiteWrite(post(`https://app.test${path}`, { Origin: "https://app.test" }), undefined)).toBe(false);
      // A page that is not ours: refused like every other cross-site write (a 403, never a 500).
      expect(isCrossSiteWrite(post(`https://app.test${path}`, { Origin: "https://evil.test" }), undefined)).toBe(true);
      expect(isCrossSiteWrite(post(`https://app.test${path}`, { Origin: "null" }), undefined)).toBe(true);
    }
  });

  it("exempts the Stripe Connect webhook too (its own signing secret), and nothing else under /api/payments", () => {
    expect(
      isCrossSiteWrite(
        post("https://app.test/api/payments/connect-webhook", { Origin: "https://stripe.com" }),
        undefined,
      ),
    ).toBe(false);
    expect(
      isCrossSiteWrite(
        post("https://app.test/api/payments/create-item-session", { Origin: "https://evil.test" }),
        undefined,
      ),
    ).toBe(true);
  });
});

describe("isCrossSiteSocket (a thread's live socket, docs/decisions/073)", () => {
  const handshake = (origin?: string, url = "https://app.test/live/threads/t-1") =>
    new Request(url, { headers: { Upgrade: "websocket", ...(origin ? { Origin: origin } : {}) } });

  it("accepts a handshake from the request's own origin or APP_URL", () => {
    expect(isCrossSiteSocket(handshake("https://app.test"), undefined)).toBe(false);
    expect(
      isCrossSiteSocket(
        handshake("https://partwise.example", "http://127.0.0.1:8787/live/threads/t-1"),
        "https://partwise.example",
      ),
    ).toBe(false);
  });

  it("refuses another origin, a same-site sibling, a null origin and a handshake without Origin", () => {
    for (const origin of ["https://evil.test", "https://other.app.test", "http://app.test", "null", undefined]) {
      expect(isCrossSiteSocket(handshake(origin), "https://app.test"), String(origin)).toBe(true);
    }
  });
});
