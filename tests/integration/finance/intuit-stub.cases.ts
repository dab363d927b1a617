import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { parseProfitAndLoss } from "~/lib/finance/intuit-report";
import { intuitEnv, STUB_CLIENT_ID, STUB_CLIENT_SECRET, stubRequests } from "../helpers";

// Proves the Worker runtime (workerd) can reach the Node-side Intuit stub on loopback, and that
// the stub answers the way the QuickBooks integration tests rely on.
const basic = `Basic ${btoa(`${STUB_CLIENT_ID}:${STUB_CLIENT_SECRET}`)}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function tokenRequest(form: Record<string, string>, authorization = basic) {
  return fetch(intuitEnv().INTUIT_TOKEN_URL, {
    method: "POST",
    headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(form),
  });
}

describe("Intuit stub on loopback", () => {
  it("is provided to the workerd tests as a loopback URL", () => {
    expect(inject("intuitStubUrl")).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("exchanges an authorization code with HTTP Basic client auth and records the request", async () => {
    const code = `code-${unique()}`;
    const response = await tokenRequest({
      grant_type: "authorization_code",
      code,
      redirect_uri: "https://partwise.test/quickbook-status",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      access_token: `at-${code}`,
      refresh_token: `rt-${code}`,
      token_type: "bearer",
      expires_in: 3600,
      x_refresh_token_expires_in: 8726400,
    });
    const seen = (await stubRequests()).filter((r) => r.body.includes(code));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/oauth2/v1/tokens/bearer", authorization: basic });
  });

  it("refuses wrong client credentials, a bad code and a revoked refresh token", async () => {
    const wrong = await tokenRequest(
      { grant_type: "authorization_code", code: "x", redirect_uri: "https://partwise.test/quickbook-status" },
      `Basic ${btoa("test-client-id:nope")}`,
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "invalid_client" });

    const bad = await tokenRequest({
      grant_type: "authorization_code",
      code: "bad-code",
      redirect_uri: "https://partwise.test/quickbook-status",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "invalid_grant" });

    const revoked = await tokenRequest({ grant_type: "refresh_token", refresh_token: `rt-revoked-${unique()}` });
    expect(revoked.status).toBe(400);
    expect(await revoked.json()).toEqual({ error: "invalid_grant" });

    const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: `rt-${unique()}` });
    expect(refreshed.status).toBe(200);
    const body = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(body.access_token).toMatch(/^at-refreshed-\d+$/);
    expect(body.refresh_token).toMatch(/^rt-rotated-\d+$/);
  });

  it("serves a ProfitAndLoss report that parses to 24 monthly rows", async () => {
    const env = intuitEnv();
    const realm = `ok-${unique()}`;
    const url = `${env.QUICKBOOKS_API_BASE}/v3/company/${realm}/reports/ProfitAndLoss?start_date=2024-07-01&end_date=2026-06-30&summarize_column_by=Month&minorversion=75`;
    const unauthenticated = await fetch(url, { headers: { accept: "application/json" } });
    expect(unauthenticated.status).toBe(401);
    await unauthenticated.body?.cancel();

    const response = await fetch(url, { headers: { accept: "application/json", authorization: "Bearer at-anything" } });
    expect(response.status).toBe(200);
    const rows = parseProfitAndLoss(await response.json());
    expect(rows).toHaveLength(24);
    expect(rows[0].date).toBe("2024-07");
    expect(rows[23].date).toBe("2026-06");
  });

  it("answers the fault scenarios by realm prefix", async () => {
    const base = intuitEnv().QUICKBOOKS_API_BASE;
    const get = (realm: string, token = "at-x") =>
      fetch(
        `${base}/v3/company/${realm}/reports/ProfitAndLoss?start_date=2026-01-01&end_date=2026-03-31&summarize_column_by=Month`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
    const limited = await get(`ratelimit-${unique()}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    await limited.body?.cancel();

    const expired = await get(`expired-${unique()}`);
    expect(expired.status).toBe(401);
    await expired.body?.cancel();
    const refreshed = await get(`expired-${unique()}`, "at-refreshed-1");
    expect(refreshed.status).toBe(200);
    await refreshed.body?.cancel();

    const flakyRealm = `flaky-${unique()}`;
    const first = await get(flakyRealm);
    expect(first.status).toBe(500);
    await first.body?.cancel();
    const second = await get(flakyRealm);
    expect(second.status).toBe(200);
    await second.body?.cancel();

    const malformed = await get(`malformed-${unique()}`);
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();

    const down = await get(`down-${unique()}`);
    expect(down.status).toBe(500);
    await down.body?.cancel();
  });

  it("keeps a slow realm waiting past a client timeout", async () => {
    const base = intuitEnv().QUICKBOOKS_API_BASE;
    const started = Date.now();
    const request = fetch(
      `${base}/v3/company/slow-${unique()}/reports/ProfitAndLoss?start_date=2026-01-01&end_date=2026-03-31`,
      {
        headers: { authorization: "Bearer at-x" },
        signal: AbortSignal.timeout(300),
      },
    );
    await expect(request).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
