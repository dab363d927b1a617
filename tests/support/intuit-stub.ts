/**
 * A stand-in for Intuit (OAuth token/revoke endpoints and the QuickBooks Reports API) on loopback,
 * for integration tests: plain node:http, no dependencies, 127.0.0.1 on a random port.
 *
 *   POST /oauth2/v1/tokens/bearer   HTTP Basic test-client-id:test-client-secret (else 401
 *                                   invalid_client). grant_type=authorization_code: code "bad-code"
 *                                   → 400 invalid_grant, else at-<code>/rt-<code>.
 *                                   grant_type=refresh_token: "rt-revoked*" → 400 invalid_grant,
 *                                   else at-refreshed-<n>/rt-rotated-<n>.
 *   POST /v2/oauth2/tokens/revoke   → 200 (same Basic auth check).
 *   GET  /v3/company/{realmId}/reports/ProfitAndLoss   needs a Bearer token (401 without); the
 *                                   scenario is the realm id's prefix before the first "-":
 *                                   ok → 200 report (the demo company seeded by the realm id,
 *                                   over start_date..end_date); expired → 401 unless the token
 *                                   starts with "at-refreshed"; ratelimit → 429 Retry-After: 7;
 *                                   down → 500; malformed → 200 with broken JSON; slow → answers
 *                                   after 20 s; flaky → 500 on the first request for the realm,
 *                                   then 200.
 *   GET  /__requests                → every request received so far (method, path, query,
 *                                   authorization, body); POST /__reset clears it and the
 *                                   per-realm/refresh counters.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody } from "./read-body";
import { serveTenants } from "./stub-tenants";
import { demoProfitAndLossReport } from "../../app/lib/finance/demo-company";

export const STUB_CLIENT_ID = "test-client-id";
export const STUB_CLIENT_SECRET = "test-client-secret";
/** How long the `slow-*` scenario waits before answering (longer than the app's 15 s timeout). */
export const SLOW_DELAY_MS = 20_000;

export type StubRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  body: string;
};

export type IntuitStub = { url: string; requests: StubRequest[]; reset(): void; close(): Promise<void> };

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json;charset=UTF-8",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

function basicAuthOk(header: string | null): boolean {
  if (!header?.startsWith("Basic ")) return false;
  const decoded = Buffer.from(header.slice("Basic ".length).trim(), "base64").toString("utf8");
  return decoded === `${STUB_CLIENT_ID}:${STUB_CLIENT_SECRET}`;
}

const monthOfDate = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.slice(0, 7) : null;

/** Starts the stub on 127.0.0.1 (random port unless given); /t/<key>/… is a stub of its own. */
export async function startIntuitStub(options: { port?: number } = {}): Promise<IntuitStub> {
  const served = await serveTenants("intuit", intuitStubTenant, options);
  return { url: served.url, requests: served.main.requests, reset: served.main.reset, close: served.close };
}

/** One stub's request log and counters. */
function intuitStubTenant() {
  const requests: StubRequest[] = [];
  const realmHits = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let refreshCount = 0;

  function reset() {
    requests.length = 0;
    realmHits.clear();
    refreshCount = 0;
  }

  async function tokens(req: IncomingMessage, res: ServerResponse, authorization: string | null, body: string) {
    if (!basicAuthOk(authorization)) return send(res, 401, { error: "invalid_client" });
    const form = new URLSearchParams(body);
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = form.get("code");
      if (!code || !form.get("redirect_uri")) return send(res, 400, { error: "invalid_request" });
      if (code === "bad-code") return send(res, 400, { error: "invalid_grant" });
      return send(res, 200, {
        access_token: `at-${code}`,
        refresh_token: `rt-${code}`,
        token_type: "bearer",
        expires_in: 3600,
        x_refresh_token_expires_in: 8726400,
      });
    }
    if (grantType === "refresh_token") {
      const refreshToken = form.get("refresh_token");
      if (!refreshToken) return send(res, 400, { error: "invalid_request" });
      if (refreshToken.startsWith("rt-revoked")) return send(res, 400, { error: "invalid_grant" });
      refreshCount += 1;
      return send(res, 200, {
        access_token: `at-refreshed-${refreshCount}`,
        refresh_token: `rt-rotated-${refreshCount}`,
        token_type: "bearer",
        expires_in: 3600,
        x_refresh_token_expires_in: 8726400,
      });
    }
    return send(res, 400, { error: "unsupported_grant_type" });
  }

  function report(res: ServerResponse, realmId: string, authorization: string | null, query: Record<string, string>) {
    const bearer = authorization?.startsWith("Bearer ") ? authorization.slice("Bearer ".length).trim() : "";
    const fault = (message: string) => ({ Fault: { Error: [{ Message: message }], type: "AUTHENTICATION" } });
    if (!bearer) return send(res, 401, fault("AuthenticationFailed"));
    const hits = (realmHits.get(realmId) ?? 0) + 1;
    realmHits.set(realmId, hits);
    const ok = () => {
      const start = monthOfDate(query.start_date);
      const end = monthOfDate(query.end_date);
      if (!start || !end || start > end) return send(res, 400, { Fault: { Error: [{ Message: "Invalid date" }] } });
      send(res, 200, demoProfitAndLossReport({ seed: realmId, start, end }));
    };
    switch (realmId.split("-")[0]) {
      case "ok":
        return ok();
      case "expired":
        return bearer.startsWith("at-refreshed") ? ok() : send(res, 401, fault("Token expired"));
      case "ratelimit":
        return send(res, 429, { Fault: { Error: [{ Message: "ThrottleExceeded" }] } }, { "retry-after": "7" });
      case "down":
        return send(res, 500, { Fault: { Error: [{ Message: "Internal Server Error" }] } });
      case "malformed":
        return send(res, 200, '{"Header": {"ReportName": "ProfitAndLoss"}, "Rows": {"Row": [');
      case "slow": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          ok();
        }, SLOW_DELAY_MS);
        timers.add(timer);
        return;
      }
      case "flaky":
        return hits === 1 ? send(res, 500, { Fault: { Error: [{ Message: "Internal Server Error" }] } }) : ok();
      default:
        return send(res, 400, { Fault: { Error: [{ Message: `Unknown stub scenario for realm ${realmId}` }] } });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    try {
      const method = req.method ?? "GET";
      const authorization = req.headers.authorization ?? null;
      const body = method === "GET" || method === "HEAD" ? "" : await readBody(req);
      const query = Object.fromEntries(url.searchParams);

      if (url.pathname === "/__requests" && method === "GET") return send(res, 200, requests);
      if (url.pathname === "/__reset" && method === "POST") {
        reset();
        return send(res, 200, { ok: true });
      }
      requests.push({ method, path: url.pathname, query, authorization, body });

      if (url.pathname === "/oauth2/v1/tokens/bearer" && method === "POST") {
        return await tokens(req, res, authorization, body);
      }
      if (url.pathname === "/v2/oauth2/tokens/revoke" && method === "POST") {
        if (!basicAuthOk(authorization)) return send(res, 401, { error: "invalid_client" });
        return send(res, 200, "");
      }
      const match = /^\/v3\/company\/([^/]+)\/reports\/ProfitAndLoss$/.exec(url.pathname);
      if (match && method === "GET") return report(res, decodeURIComponent(match[1]), authorization, query);
      return send(res, 404, { error: "not_found" });
    } catch (error) {
      send(res, 500, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  return {
    requests,
    reset,
    handle,
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
