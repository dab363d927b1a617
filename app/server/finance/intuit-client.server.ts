import { and, eq } from "drizzle-orm";
import { accountingConnections, type AccountingConnection } from "~db/schema";
import { demoProfitAndLossReport } from "~/lib/finance/demo-company";
import { PermanentJobError, RetryableJobError } from "~/server/platform/jobs.server";
import type { AppContext } from "~/server/load-context";
import { decryptSecret, encryptSecret } from "~/server/platform/token-crypto.server";

/**
 * The boundary to Intuit (QuickBooks Online): the OAuth 2.0 token endpoint (code exchange, refresh,
 * revoke) and the Accounting API's Profit and Loss report. Every address comes from the
 * configuration, so tests and local runs point it at a stub server. The built-in demo company
 * (realmId 'demo') answers from app/lib/finance/demo-company.ts in Intuit's own report format, so both go
 * through the same parser and nothing downstream branches on which one it has.
 *
 * Tokens are only ever held decrypted in memory for the one call that needs them; they are never
 * logged and never part of an error message.
 */

/** spec §3: realmId 'demo' means the demo account. */
export const DEMO_REALM_ID = "demo";

export const TOKEN_TIMEOUT_MS = 10_000;
export const REPORT_TIMEOUT_MS = 15_000;
/** An access token this close to its expiry is refreshed before use (clocks drift, calls take time). */
export const ACCESS_TOKEN_MARGIN_MS = 60_000;
/** Wait after a 429 without a usable Retry-After header. */
export const DEFAULT_RATE_LIMIT_DELAY_SECONDS = 60;
export const QUICKBOOKS_MINOR_VERSION = "75";

export const ACCESS_REVOKED_MESSAGE = "QuickBooks access was revoked. Reconnect your company data.";

/**
 * A failure worth trying again later (Intuit down, slow, rate limiting, a malformed answer).
 * `delaySeconds` is Intuit's own Retry-After when it sent one; undefined means "back off by attempts".
 * A RetryableJobError, so the queue consumer handles it like any other retryable job failure.
 */
export class RetryableError extends RetryableJobError {
  constructor(message: string, delaySeconds?: number) {
    super(message, delaySeconds);
    this.name = "RetryableError";
  }
}

export type IntuitKeys = { clientId: string; clientSecret: string };

/** The Intuit app's keys, or null in demo mode (neither set; env.server.ts refuses half a set). */
export function intuitKeys(app: AppContext): IntuitKeys | null {
  const { INTUIT_CLIENT_ID: clientId, INTUIT_CLIENT_SECRET: clientSecret } = app.env;
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

function basicAuth(keys: IntuitKeys): string {
  return `Basic ${btoa(`${keys.clientId}:${keys.clientSecret}`)}`;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), clamped to 1 s … 1 h. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    seconds = Math.ceil((at - now.getTime()) / 1000);
  }
  return Math.min(3600, Math.max(1, seconds));
}

// ---------------------------------------------------------------------------------------------
// Token endpoint
// ---------------------------------------------------------------------------------------------

export type IntuitTokens = {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
  refreshTokenExpiresAt: Date;
};

export type TokenOutcome =
  | { ok: true; tokens: IntuitTokens }
  /** invalid_grant: the code or refresh token is expired, used or revoked. */
  | { ok: false; kind: "invalid_grant" | "rejected" | "unavailable"; detail: string; retryAfterSeconds?: number };

type TokenGrant =
  | { grant_type: "authorization_code"; code: string; redirect_uri: string }
  | { grant_type: "refresh_token"; refresh_token: string };

/** Seconds from a token answer, within sane bounds (Intuit: 3600 and about 100 days). */
function lifetime(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0
    ? Math.min(value, 10 * 365 * 24 * 3600)
    : fallback;
}

/** POSTs a grant to INTUIT_TOKEN_URL (form body, HTTP Basic client auth, JSON answer). */
export async function requestTokens(
  app: AppContext,
  keys: IntuitKeys,
  grant: TokenGrant,
  timeoutMs = TOKEN_TIMEOUT_MS,
): Promise<TokenOutcome> {
  let response: Response;
  try {
    response = await fetch(app.env.INTUIT_TOKEN_URL, {
      method: "POST",
      headers: {
        Authorization: basicAuth(keys),
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(grant).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      ok: false,
      kind: "unavailable",
      detail: timedOut ? "Intuit's token endpoint timed out." : "Intuit's token endpoint is unreachable.",
    };
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // A non-JSON answer is judged by its status alone.
  }
  const errorCode = typeof body.error === "string" ? body.error.slice(0, 100) : undefined;
  if (!response.ok) {
    if (errorCode === "invalid_grant") return { ok: false, kind: "invalid_grant", detail: "invalid_grant" };
    if (response.status === 429 || response.status >= 500) {
      return {
        ok: false,
        kind: "unavailable",
        detail: `Intuit's token endpoint answered ${response.status}.`,
        retryAfterSeconds: retryAfterSeconds(response.headers.get("Retry-After"), app.now()),
      };
    }
    return {
      ok: false,
      kind: "rejected",
      detail: `Intuit's token endpoint answered ${response.status}${errorCode ? ` ${errorCode}` : ""}.`,
    };
  }
  const { access_token: accessToken, refresh_token: refreshToken } = body;
  if (typeof accessToken !== "string" || typeof refreshToken !== "string" || !accessToken || !refreshToken) {
    return { ok: false, kind: "unavailable", detail: "Intuit's token endpoint sent an incomplete answer." };
  }
  const now = app.now().getTime();
  return {
    ok: true,
    tokens: {
      accessToken,
      refreshToken,
      accessTokenExpiresAt: new Date(now + lifetime(body.expires_in, 3600) * 1000),
      refreshTokenExpiresAt: new Date(now + lifetime(body.x_refresh_token_expires_in, 100 * 24 * 3600) * 1000),
    },
  };
}

/** Revokes a token at INTUIT_REVOKE_URL (revoking the refresh token ends the whole grant). */
export async function revokeToken(
  app: AppContext,
  keys: IntuitKeys,
  token: string,
  timeoutMs = TOKEN_TIMEOUT_MS,
): Promise<void> {
  const response = await fetch(app.env.INTUIT_REVOKE_URL, {
    method: "POST",
    headers: { Authorization: basicAuth(keys), Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw Object.assign(new Error(`Intuit's revoke endpoint answered ${response.status}.`), {
      status: response.status,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Profit and Loss report
// ---------------------------------------------------------------------------------------------

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` … `YYYY-MM` → Intuit's start_date (first day) and end_date (last day of the end month). */
export function reportDates(range: { start: string; end: string }): { startDate: string; endDate: string } {
  const start = MONTH.exec(range.start);
  const end = MONTH.exec(range.end);
  if (!start || !end || range.start > range.end) throw new Error(`Invalid report range ${range.start}..${range.end}`);
  const lastDay = new Date(Date.UTC(Number(end[1]), Number(end[2]), 0)).getUTCDate();
  return { startDate: `${range.start}-01`, endDate: `${range.end}-${String(lastDay).padStart(2, "0")}` };
}

async function markBroken(app: AppContext, connectionId: string, lastError: string): Promise<void> {
  await app.db
    .update(accountingConnections)
    .set({ status: "broken", lastError: lastError.slice(0, 1000), updatedAt: app.now() })
    .where(eq(accountingConnections.id, connectionId));
}

/** Decrypts a stored token; a value this key cannot read leaves the connection unusable for good. */
async function readToken(app: AppContext, connection: AccountingConnection, ciphertext: string): Promise<string> {
  try {
    return await decryptSecret(app, ciphertext);
  } catch {
    await markBroken(
      app,
      connection.id,
      "The stored QuickBooks tokens cannot be decrypted (was TOKEN_ENCRYPTION_KEY changed?).",
    );
    throw new PermanentJobError(ACCESS_REVOKED_MESSAGE);
  }
}

/**
 * Refreshes the access token and stores the new pair (Intuit rotates refresh tokens) encrypted,
 * with their expiry times. The UPDATE is conditional on the refresh token we used, so a concurrent
 * refresh by another job is not overwritten by an older pair. Returns the new access token and
 * updates `connection` in place.
 */
async function refreshAccessToken(
  app: AppContext,
  keys: IntuitKeys,
  connection: AccountingConnection,
  timeoutMs: number,
): Promise<string> {
  const refreshToken = await readToken(app, connection, connection.refreshTokenCiphertext);
  const outcome = await requestTokens(
    app,
    keys,
    { grant_type: "refresh_token", refresh_token: refreshToken },
    timeoutMs,
  );
  if (!outcome.ok) {
    if (outcome.kind === "invalid_grant") {
      await markBroken(
        app,
        connection.id,
        "Intuit refused the refresh token (invalid_grant): access was revoked or expired.",
      );
      throw new PermanentJobError(ACCESS_REVOKED_MESSAGE);
    }
    throw new RetryableError(
      `Could not refresh the QuickBooks access token: ${outcome.detail}`,
      outcome.retryAfterSeconds,
    );
  }
  const { tokens } = outcome;
  const now = app.now();
  const [accessTokenCiphertext, refreshTokenCiphertext] = await Promise.all([
    encryptSecret(app, tokens.accessToken),
    encryptSecret(app, tokens.refreshToken),
  ]);
  const update = {
    accessTokenCiphertext,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenCiphertext,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    lastRefreshedAt: now,
    updatedAt: now,
  };
  await app.db
    .update(accountingConnections)
    .set(update)
    .where(
      and(
        eq(accountingConnections.id, connection.id),
        eq(accountingConnections.refreshTokenCiphertext, connection.refreshTokenCiphertext),
      ),
    );
  Object.assign(connection, update);
  return tokens.accessToken;
}

async function getReport(url: string, accessToken: string, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new RetryableError(timedOut ? "QuickBooks did not answer in time." : "QuickBooks is unreachable.");
  }
}

/**
 * The Profit and Loss report of a connection, by month, as Intuit's JSON (parse it with
 * app/lib/finance/intuit-report.ts). Demo connections answer from the built-in demo company without HTTP.
 *
 * Throws RetryableError (429 with Retry-After, 5xx, network errors, time-outs, malformed JSON) or
 * PermanentJobError (access revoked: the connection is marked broken first; other refusals).
 * `options.timeoutMs` shortens the time-out (tests).
 */
export async function fetchProfitAndLossReport(
  app: AppContext,
  connection: AccountingConnection,
  range: { start: string; end: string },
  options: { timeoutMs?: number } = {},
): Promise<unknown> {
  const { startDate, endDate } = reportDates(range);
  if (connection.realmId === DEMO_REALM_ID) {
    return demoProfitAndLossReport({ seed: connection.businessId, start: range.start, end: range.end });
  }
  const keys = intuitKeys(app);
  if (!keys) throw new PermanentJobError("QuickBooks is not configured on this server (INTUIT_CLIENT_ID is not set).");
  const timeoutMs = options.timeoutMs ?? REPORT_TIMEOUT_MS;
  const tokenTimeoutMs = Math.min(timeoutMs, TOKEN_TIMEOUT_MS);

  // Under the base's own path, if it has one (a proxy in front of QuickBooks, a test's stub).
  const base = app.env.QUICKBOOKS_API_BASE.replace(/\/+$/, "");
  const url = new URL(`${base}/v3/company/${encodeURIComponent(connection.realmId)}/reports/ProfitAndLoss`);
  url.search = new URLSearchParams({
    start_date: startDate,
    end_date: endDate,
    summarize_column_by: "Month",
    minorversion: QUICKBOOKS_MINOR_VERSION,
  }).toString();

  let refreshed = false;
  let accessToken: string;
  if (connection.accessTokenExpiresAt.getTime() - ACCESS_TOKEN_MARGIN_MS <= app.now().getTime()) {
    accessToken = await refreshAccessToken(app, keys, connection, tokenTimeoutMs);
    refreshed = true;
  } else {
    accessToken = await readToken(app, connection, connection.accessTokenCiphertext);
  }

  let response = await getReport(url.toString(), accessToken, timeoutMs);
  if (response.status === 401 && !refreshed) {
    // Revoked early or expired despite its recorded lifetime: refresh once, then try again once.
    await response.body?.cancel();
    accessToken = await refreshAccessToken(app, keys, connection, tokenTimeoutMs);
    response = await getReport(url.toString(), accessToken, timeoutMs);
  }

  if (response.status === 429) {
    await response.body?.cancel();
    throw new RetryableError(
      "QuickBooks is limiting requests (429).",
      retryAfterSeconds(response.headers.get("Retry-After"), app.now()) ?? DEFAULT_RATE_LIMIT_DELAY_SECONDS,
    );
  }
  if (response.status >= 500 || response.status === 401) {
    await response.body?.cancel();
    throw new RetryableError(`QuickBooks answered ${response.status}.`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new PermanentJobError(`QuickBooks refused the report request (${response.status}).`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new RetryableError("QuickBooks did not answer in time.");
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    throw new RetryableError("QuickBooks sent a malformed report.");
  }
  if (!report || typeof report !== "object" || "Fault" in report) {
    throw new RetryableError("QuickBooks sent a malformed report.");
  }
  return report;
}
