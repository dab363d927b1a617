import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseProfitAndLoss } from "~/lib/finance/intuit-report";
import {
  ACCESS_REVOKED_MESSAGE,
  fetchProfitAndLossReport,
  reportDates,
  RetryableError,
} from "~/server/finance/intuit-client.server";
import { PermanentJobError, RetryableJobError } from "~/server/platform/jobs.server";
import { createAppContext } from "~/server/load-context";
import { decryptSecret, encryptSecret } from "~/server/platform/token-crypto.server";
import { accountingConnections, type AccountingConnection } from "~db/schema";
import { intuitEnv, intuitStubUrl, stubRequests, db } from "../helpers";
import { createClient } from "../../factories";

afterEach(() => {
  vi.restoreAllMocks();
});

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(seq++).toString(36)}`;
const RANGE = { start: "2024-07", end: "2026-06" };

function appFor(extra: Record<string, unknown> = {}) {
  return createAppContext({ ...intuitEnv(env), ...extra } as typeof env, () => undefined);
}

/** A connection stored the way completeConnect stores it (tokens encrypted). */
async function connection(
  realmId: string,
  options: { accessToken?: string; refreshToken?: string; accessExpiresAt?: Date } = {},
): Promise<AccountingConnection & { accessToken: string; refreshToken: string }> {
  const { business } = await createClient();
  const app = appFor();
  const now = new Date();
  const accessToken = options.accessToken ?? unique("at-valid");
  const refreshToken = options.refreshToken ?? unique("rt-valid");
  const [row] = await db()
    .insert(accountingConnections)
    .values({
      businessId: business.id,
      realmId,
      accessTokenCiphertext: await encryptSecret(app, accessToken),
      accessTokenExpiresAt: options.accessExpiresAt ?? new Date(now.getTime() + 3600_000),
      refreshTokenCiphertext: await encryptSecret(app, refreshToken),
      refreshTokenExpiresAt: new Date(now.getTime() + 90 * 24 * 3600_000),
      status: "connected",
      connectedAt: now,
    })
    .returning();
  return { ...row, accessToken, refreshToken };
}

const stored = (id: string) => db().select().from(accountingConnections).where(eq(accountingConnections.id, id)).get();
const reportCalls = async (realmId: string) =>
  (await stubRequests()).filter((r) => r.path === `/v3/company/${realmId}/reports/ProfitAndLoss`);
const refreshCalls = async (refreshToken: string) =>
  (await stubRequests()).filter(
    (r) => r.path === "/oauth2/v1/tokens/bearer" && new URLSearchParams(r.body).get("refresh_token") === refreshToken,
  );

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail");
}

describe("fetchProfitAndLossReport", () => {
  it("asks QuickBooks for the monthly P&L over the range with the decrypted access token", async () => {
    const realmId = unique("ok");
    const conn = await connection(realmId);
    const report = await fetchProfitAndLossReport(appFor(), conn, RANGE);
    const rows = parseProfitAndLoss(report);
    expect(rows).toHaveLength(24);
    expect(rows[0].date).toBe("2024-07");
    expect(rows[23].date).toBe("2026-06");

    const calls = await reportCalls(realmId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "GET",
      authorization: `Bearer ${conn.accessToken}`,
      query: { start_date: "2024-07-01", end_date: "2026-06-30", summarize_column_by: "Month", minorversion: "75" },
    });
    expect(await refreshCalls(conn.refreshToken)).toHaveLength(0);
  });

  it("answers a demo connection from the built-in demo company without any HTTP", async () => {
    const conn = await connection("demo");
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const app = createAppContext(env, () => undefined); // demo mode: no Intuit keys at all
    const rows = parseProfitAndLoss(await fetchProfitAndLossReport(app, conn, RANGE));
    expect(rows.map((r) => r.date)).toEqual(
      parseProfitAndLoss(await fetchProfitAndLossReport(app, conn, RANGE)).map((r) => r.date),
    );
    expect(rows).toHaveLength(24);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refreshes an expired access token first and stores the rotated refresh token encrypted", async () => {
    const realmId = unique("ok");
    const conn = await connection(realmId, { accessExpiresAt: new Date(Date.now() - 1000) });
    const before = Date.now();
    await fetchProfitAndLossReport(appFor(), conn, RANGE);

    const refreshes = await refreshCalls(conn.refreshToken);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].authorization).toBe(`Basic ${btoa("test-client-id:test-client-secret")}`);
    expect(new URLSearchParams(refreshes[0].body).get("grant_type")).toBe("refresh_token");

    const row = (await stored(conn.id))!;
    const app = appFor();
    const newAccess = await decryptSecret(app, row.accessTokenCiphertext);
    const newRefresh = await decryptSecret(app, row.refreshTokenCiphertext);
    expect(newAccess).toMatch(/^at-refreshed-\d+$/);
    expect(newRefresh).toMatch(/^rt-rotated-\d+$/);
    expect(row.refreshTokenCiphertext).not.toContain("rt-rotated");
    expect(row.accessTokenExpiresAt.getTime() - before).toBeGreaterThan(3590_000);
    expect(row.refreshTokenExpiresAt.getTime() - before).toBeGreaterThan(8726_390_000);
    expect(row.lastRefreshedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const calls = await reportCalls(realmId);
    expect(calls).toHaveLength(1);
    expect(calls[0].authorization).toBe(`Bearer ${newAccess}`);
  });

  it("refreshes a token that expires within a minute", async () => {
    const conn = await connection(unique("ok"), { accessExpiresAt: new Date(Date.now() + 30_000) });
    await fetchProfitAndLossReport(appFor(), conn, RANGE);
    expect(await refreshCalls(conn.refreshToken)).toHaveLength(1);
  });

  it("on a 401 refreshes once and tries again", async () => {
    const realmId = unique("expired");
    const conn = await connection(realmId);
    const rows = parseProfitAndLoss(await fetchProfitAndLossReport(appFor(), conn, RANGE));
    expect(rows).toHaveLength(24);
    const calls = await reportCalls(realmId);
    expect(calls.map((c) => c.authorization)).toEqual([
      `Bearer ${conn.accessToken}`,
      expect.stringMatching(/^Bearer at-refreshed-\d+$/),
    ]);
    expect(await refreshCalls(conn.refreshToken)).toHaveLength(1);
    expect(await decryptSecret(appFor(), (await stored(conn.id))!.refreshTokenCiphertext)).toMatch(/^rt-rotated-\d+$/);
  });

  it("marks the connection broken and fails permanently when Intuit refuses the refresh (invalid_grant)", async () => {
    const realmId = unique("expired");
    const conn = await connection(realmId, { refreshToken: unique("rt-revoked") });
    const error = await failure(fetchProfitAndLossReport(appFor(), conn, RANGE));
    expect(error).toBeInstanceOf(PermanentJobError);
    expect(error.message).toBe("QuickBooks access was revoked. Reconnect your company data.");
    expect(ACCESS_REVOKED_MESSAGE).toBe(error.message);
    const row = (await stored(conn.id))!;
    expect(row.status).toBe("broken");
    expect(row.lastError).toContain("invalid_grant");
    expect(await reportCalls(realmId)).toHaveLength(1);

    // The same when the access token had already expired (refresh before any report call).
    const expired = await connection(unique("ok"), {
      refreshToken: unique("rt-revoked"),
      accessExpiresAt: new Date(0),
    });
    expect(await failure(fetchProfitAndLossReport(appFor(), expired, RANGE))).toBeInstanceOf(PermanentJobError);
    expect((await stored(expired.id))!.status).toBe("broken");
    expect(await reportCalls(expired.realmId)).toHaveLength(0);
  });

  it("backs off on 429 for Intuit's Retry-After", async () => {
    const conn = await connection(unique("ratelimit"));
    const error = await failure(fetchProfitAndLossReport(appFor(), conn, RANGE));
    expect(error).toBeInstanceOf(RetryableError);
    expect(error).toBeInstanceOf(RetryableJobError);
    expect((error as RetryableError).delaySeconds).toBe(7);
    expect((await stored(conn.id))!.status).toBe("connected");
  });

  it("retries a 500, malformed JSON and a dropped connection (backoff by attempts)", async () => {
    const down = await failure(fetchProfitAndLossReport(appFor(), await connection(unique("down")), RANGE));
    expect(down).toBeInstanceOf(RetryableError);
    expect(down.message).toBe("QuickBooks answered 500.");
    expect((down as RetryableError).delaySeconds).toBeUndefined();

    const malformed = await failure(fetchProfitAndLossReport(appFor(), await connection(unique("malformed")), RANGE));
    expect(malformed).toBeInstanceOf(RetryableError);
    expect(malformed.message).toBe("QuickBooks sent a malformed report.");

    // A dropped connection (a real refused port makes workerd log noise, so the fetch fails here).
    const conn = await connection(unique("ok"));
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("Network connection lost."));
    const unreachable = await failure(fetchProfitAndLossReport(appFor(), conn, RANGE));
    expect(unreachable).toBeInstanceOf(RetryableError);
    expect(unreachable.message).toBe("QuickBooks is unreachable.");
  });

  it("gives up on a slow answer after the time-out", async () => {
    const conn = await connection(unique("slow"));
    const started = Date.now();
    const error = await failure(fetchProfitAndLossReport(appFor(), conn, RANGE, { timeoutMs: 300 }));
    expect(error).toBeInstanceOf(RetryableError);
    expect(error.message).toBe("QuickBooks did not answer in time.");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("retries when the token endpoint itself is down", async () => {
    const conn = await connection(unique("ok"), { accessExpiresAt: new Date(0) });
    const error = await failure(
      fetchProfitAndLossReport(appFor({ INTUIT_TOKEN_URL: `${intuitStubUrl()}/no-such-endpoint` }), conn, RANGE),
    );
    expect(error).toBeInstanceOf(RetryableError);
    expect(error.message).not.toContain(conn.refreshToken);
    expect((await stored(conn.id))!.status).toBe("connected");
  });

  it("marks a connection whose tokens this key cannot read as broken", async () => {
    const conn = await connection(unique("ok"));
    await db()
      .update(accountingConnections)
      .set({ accessTokenCiphertext: "v1.garbage.value" })
      .where(eq(accountingConnections.id, conn.id));
    const error = await failure(
      fetchProfitAndLossReport(appFor(), { ...conn, accessTokenCiphertext: "v1.garbage.value" }, RANGE),
    );
    expect(error).toBeInstanceOf(PermanentJobError);
    expect((await stored(conn.id))!.status).toBe("broken");
  });
});

describe("reportDates", () => {
  it("covers whole months, leap years included, and refuses bad ranges", () => {
    expect(reportDates({ start: "2024-02", end: "2024-02" })).toEqual({
      startDate: "2024-02-01",
      endDate: "2024-02-29",
    });
    expect(reportDates({ start: "2023-12", end: "2025-02" })).toEqual({
      startDate: "2023-12-01",
      endDate: "2025-02-28",
    });
    expect(() => reportDates({ start: "2026-05", end: "2026-04" })).toThrow();
    expect(() => reportDates({ start: "2026-13", end: "2026-14" })).toThrow();
  });
});
