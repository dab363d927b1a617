import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppContext } from "~/server/load-context";
import {
  ACCESS_DENIED_MESSAGE,
  BAD_STATE_MESSAGE,
  DISCONNECTED_MESSAGE,
  EXCHANGE_FAILED_MESSAGE,
} from "~/server/finance/quickbooks.server";
import { CLIENTS_ONLY_MESSAGE } from "~/http/guards.server";
import { decryptSecret } from "~/server/platform/token-crypto.server";
import { periodOf } from "~/server/platform/jobs.server";
import { accountingConnections, financeReports, jobs, oauthStates } from "~db/schema";
import worker from "../../../functions/worker";
import {
  auditOf,
  intuitEnv,
  intuitStubUrl,
  stubRequests,
  db,
  ORIGIN,
  SESSION_COOKIE,
  sha256Hex,
  signedIn,
} from "../helpers";
import { signedInClient, signedInManager, signedInConsultant } from "../../factories";

afterEach(() => {
  vi.restoreAllMocks();
});

const CALLBACK = `${ORIGIN}/quickbook-status`;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A producer that records what is sent, so the real consumer never runs during these tests. */
function fakeQueue() {
  return { send: vi.fn(async () => undefined), sendBatch: vi.fn(async (_messages: { body: unknown }[]) => undefined) };
}
type FakeQueue = ReturnType<typeof fakeQueue>;
const sentJobIds = (queue: FakeQueue) =>
  queue.sendBatch.mock.calls.flatMap(([messages]) => messages.map((m) => (m.body as { jobId: string }).jobId));

type Mode = "intuit" | "demo";
function workerEnv(mode: Mode, queue: FakeQueue, extra: Record<string, unknown> = {}) {
  const base = mode === "intuit" ? intuitEnv(env) : env;
  return { ...base, FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown>, ...extra } as typeof env;
}

/** A request through the real Worker entry (security headers, CSRF check, Remix) with this env. */
async function send(
  path: string,
  options: {
    mode?: Mode;
    token?: string;
    method?: string;
    json?: unknown;
    body?: string;
    form?: Record<string, string>;
    queue?: FakeQueue;
    extraEnv?: Record<string, unknown>;
  } = {},
) {
  // A browser always sends Host; Remix checks page actions' Origin against it.
  const headers = new Headers({ Host: new URL(ORIGIN).host });
  if (options.token) headers.set("Cookie", `${SESSION_COOKIE}=${options.token}`);
  let body: string | undefined;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = options.body;
  }
  const method = options.method ?? (body !== undefined ? "POST" : "GET");
  if (method !== "GET") headers.set("Origin", ORIGIN);
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    workerEnv(options.mode ?? "intuit", options.queue ?? fakeQueue(), options.extraEnv),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** Starts a connection through the API and returns the state from the redirect. */
async function startConnect(token: string, mode: Mode = "intuit", returnPage = "PROFILE_PROGRESS") {
  const response = await send(`/api/quickbooks/createAuthPortal?returnPage=${returnPage}`, { mode, token });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!, ORIGIN);
  const state = location.searchParams.get("state");
  expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { location, state: state! };
}

function setTokens(
  token: string | undefined,
  url: string,
  options: { mode?: Mode; queue?: FakeQueue; returnPage?: string } = {},
) {
  return send("/api/quickbooks/setTokens", {
    mode: options.mode,
    token,
    queue: options.queue,
    json: { url, returnPage: options.returnPage ?? "PROFILE_PROGRESS" },
  });
}

const connectionOf = (businessId: string) =>
  db().select().from(accountingConnections).where(eq(accountingConnections.businessId, businessId)).get();
const financeJobsOf = (businessId: string) => db().select().from(jobs).where(eq(jobs.businessId, businessId));
const appForCrypto = () => createAppContext(env, () => undefined);
const tokenCalls = async (needle: string) =>
  (await stubRequests()).filter((r) => r.path === "/oauth2/v1/tokens/bearer" && r.body.includes(needle));

describe("GET /api/quickbooks/createAuthPortal", () => {
  it("sends the client to Intuit with client_id, redirect_uri, response_type, scope and a state stored only as its hash", async () => {
    const { token, user, business } = await signedInClient();
    const before = Date.now();
    const { location, state } = await startConnect(token, "intuit", "PROFILE_PROGRESS");
    expect(`${location.origin}${location.pathname}`).toBe(`${intuitStubUrl()}/connect/oauth2`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: "test-client-id",
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "com.intuit.quickbooks.accounting",
      state,
    });
    const rows = await db().select().from(oauthStates).where(eq(oauthStates.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: await sha256Hex(state),
      businessId: business.id,
      returnPage: "PROFILE_PROGRESS",
      usedAt: null,
    });
    expect(rows[0].id).not.toBe(state);
    const ttl = rows[0].expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  });

  it("goes to the demo consent page without Intuit keys, DASHBOARD by default", async () => {
    const { token, user } = await signedInClient();
    const { location } = await startConnect(token, "demo", "BENCHMARKING");
    expect(location.origin).toBe(ORIGIN);
    expect(location.pathname).toBe("/quickbooks/demo-consent");

    const plain = await send("/api/quickbooks/createAuthPortal", { mode: "demo", token });
    expect(plain.headers.get("Location")).toMatch(/^\/quickbooks\/demo-consent\?state=[A-Za-z0-9_-]{43}$/);
    const odd = await send("/api/quickbooks/createAuthPortal?returnPage=ELSEWHERE", { mode: "demo", token });
    expect(odd.status).toBe(302);
    const pages = (await db().select().from(oauthStates).where(eq(oauthStates.userId, user.id)))
      .map((r) => r.returnPage)
      .sort();
    expect(pages).toEqual(["BENCHMARKING", "DASHBOARD", "DASHBOARD"]);
  });

  it("sends visitors without a session to the login screen and staff to their home, storing nothing", async () => {
    const anonymous = await send("/api/quickbooks/createAuthPortal");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");

    const manager = await signedInManager();
    const refused = await send("/api/quickbooks/createAuthPortal", { token: manager.token });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/manage");
    expect(await db().select().from(oauthStates).where(eq(oauthStates.userId, manager.user.id))).toHaveLength(0);
  });
});

describe("POST /api/quickbooks/setTokens", () => {
  it("exchanges the code, stores the tokens encrypted with their expiry times and queues the finance report", async () => {
    const { token, business } = await signedInClient();
    const { state } = await startConnect(token);
    const code = unique("code");
    const realmId = unique("ok");
    const queue = fakeQueue();
    const before = Date.now();
    const response = await setTokens(token, `${CALLBACK}?code=${code}&state=${state}&realmId=${realmId}`, { queue });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain(`at-${code}`);
    expect(text).not.toContain(`rt-${code}`);
    expect(text).not.toContain("Ciphertext");
    const body = JSON.parse(text) as { business: Record<string, unknown>; jobId: string; returnPage: string };
    expect(body.business).toMatchObject({
      _id: business.id,
      name: business.name,
      quickbooks: { realmId, status: "connected" },
    });
    expect(body.returnPage).toBe("PROFILE_PROGRESS");

    // Intuit saw one code exchange with HTTP Basic client auth and the same redirect URI.
    const calls = await tokenCalls(code);
    expect(calls).toHaveLength(1);
    expect(calls[0].authorization).toBe(`Basic ${btoa("test-client-id:test-client-secret")}`);
    expect(Object.fromEntries(new URLSearchParams(calls[0].body))).toEqual({
      grant_type: "authorization_code",
      code,
      redirect_uri: CALLBACK,
    });

    const connection = await connectionOf(business.id);
    expect(connection).toMatchObject({ realmId, status: "connected", lastError: null, provider: "quickbooks" });
    expect(connection!.accessTokenCiphertext).not.toContain(code);
    expect(connection!.refreshTokenCiphertext).not.toContain(code);
    expect(connection!.accessTokenCiphertext).toMatch(/^v1\./);
    const app = appForCrypto();
    expect(await decryptSecret(app, connection!.accessTokenCiphertext)).toBe(`at-${code}`);
    expect(await decryptSecret(app, connection!.refreshTokenCiphertext)).toBe(`rt-${code}`);
    expect(connection!.accessTokenExpiresAt.getTime() - before).toBeGreaterThan(3590_000);
    expect(connection!.accessTokenExpiresAt.getTime() - before).toBeLessThan(3610_000);
    expect(connection!.refreshTokenExpiresAt.getTime() - before).toBeGreaterThan(8726_390_000);
    expect(connection!.refreshTokenExpiresAt.getTime() - before).toBeLessThan(8726_410_000);

    const financeJobs = await financeJobsOf(business.id);
    expect(financeJobs).toHaveLength(1);
    expect(financeJobs[0]).toMatchObject({
      id: body.jobId,
      kind: "finance_report",
      period: periodOf(new Date()),
      status: "queued",
    });
    expect(sentJobIds(queue)).toEqual([body.jobId]);
  });

  it("refuses a replayed state: the second use gets nothing and Intuit is not asked again", async () => {
    const { token, business } = await signedInClient();
    const { state } = await startConnect(token);
    const code = unique("code");
    const url = `${CALLBACK}?code=${code}&state=${state}&realmId=${unique("ok")}`;
    expect((await setTokens(token, url)).status).toBe(200);
    const first = await connectionOf(business.id);

    const queue = fakeQueue();
    const replay = await setTokens(token, url, { queue });
    expect(replay.status).toBe(400);
    expect(await json(replay)).toEqual({ msg: BAD_STATE_MESSAGE, reason: "bad_state", returnPage: "PROFILE_PROGRESS" });
    expect(await tokenCalls(code)).toHaveLength(1);
    expect(await connectionOf(business.id)).toEqual(first);
    expect(queue.sendBatch).not.toHaveBeenCalled();
  });

  it("refuses a forged or malformed state and stores nothing", async () => {
    const { token, business } = await signedInClient();
    await startConnect(token);
    const code = unique("code");
    const forged = "A".repeat(43);
    for (const url of [
      `${CALLBACK}?code=${code}&state=${forged}&realmId=${unique("ok")}`,
      `${CALLBACK}?code=${code}&state=short&realmId=${unique("ok")}`,
      `${CALLBACK}?code=${code}&realmId=${unique("ok")}`,
      "not a url",
    ]) {
      const response = await setTokens(token, url);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ msg: BAD_STATE_MESSAGE, reason: "bad_state" });
    }
    expect(await tokenCalls(code)).toHaveLength(0);
    expect(await connectionOf(business.id)).toBeUndefined();
    expect(await financeJobsOf(business.id)).toHaveLength(0);
  });

  it("refuses an expired state", async () => {
    const { token, user, business } = await signedInClient();
    const { state } = await startConnect(token);
    await db()
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.userId, user.id));
    const code = unique("code");
    const response = await setTokens(token, `${CALLBACK}?code=${code}&state=${state}&realmId=${unique("ok")}`);
    expect(response.status).toBe(400);
    expect((await json(response)).msg).toBe(BAD_STATE_MESSAGE);
    expect(await tokenCalls(code)).toHaveLength(0);
    expect(await connectionOf(business.id)).toBeUndefined();
  });

  it("refuses another user's state (another business cannot use it) and leaves it usable by its owner", async () => {
    const owner = await signedInClient();
    const other = await signedInClient();
    const { state } = await startConnect(owner.token);
    const code = unique("code");
    const url = `${CALLBACK}?code=${code}&state=${state}&realmId=${unique("ok")}`;

    const stolen = await setTokens(other.token, url);
    expect(stolen.status).toBe(400);
    expect((await json(stolen)).msg).toBe(BAD_STATE_MESSAGE);
    expect(await tokenCalls(code)).toHaveLength(0);
    expect(await connectionOf(other.business.id)).toBeUndefined();
    expect(await connectionOf(owner.business.id)).toBeUndefined();
    expect(await financeJobsOf(other.business.id)).toHaveLength(0);

    const own = await setTokens(owner.token, url);
    expect(own.status).toBe(200);
    expect(await connectionOf(owner.business.id)).toMatchObject({ status: "connected" });
    expect(await connectionOf(other.business.id)).toBeUndefined();
  });

  it("answers access_denied with the message and the return page, stores nothing and spends the state", async () => {
    const { token, business } = await signedInClient();
    const { state } = await startConnect(token, "intuit", "BENCHMARKING");
    const response = await setTokens(token, `${CALLBACK}?error=access_denied&state=${state}`, {
      returnPage: "BENCHMARKING",
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      msg: "You didn't connect QuickBooks. You can try again whenever you're ready.",
      reason: "access_denied",
      returnPage: "BENCHMARKING",
    });
    expect(ACCESS_DENIED_MESSAGE).toBe("You didn't connect QuickBooks. You can try again whenever you're ready.");
    expect(await connectionOf(business.id)).toBeUndefined();
    expect(await financeJobsOf(business.id)).toHaveLength(0);
    const code = unique("code");
    const late = await setTokens(token, `${CALLBACK}?code=${code}&state=${state}&realmId=${unique("ok")}`);
    expect(late.status).toBe(400);
    expect(await tokenCalls(code)).toHaveLength(0);
  });

  it("refuses a code Intuit rejects (invalid_grant) and stores nothing", async () => {
    const { token, business } = await signedInClient();
    const { state } = await startConnect(token);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await setTokens(token, `${CALLBACK}?code=bad-code&state=${state}&realmId=${unique("ok")}`);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      msg: EXCHANGE_FAILED_MESSAGE,
      reason: "exchange_failed",
      returnPage: "PROFILE_PROGRESS",
    });
    expect(warn).toHaveBeenCalled();
    expect(await connectionOf(business.id)).toBeUndefined();
    expect(await financeJobsOf(business.id)).toHaveLength(0);
  });

  it("never accepts the demo company while Intuit keys are set", async () => {
    const { token, business } = await signedInClient();
    const { state } = await startConnect(token);
    const response = await setTokens(token, `${CALLBACK}?code=demo-x&state=${state}&realmId=demo`);
    expect(response.status).toBe(400);
    expect((await json(response)).reason).toBe("exchange_failed");
    expect(await connectionOf(business.id)).toBeUndefined();
  });

  it("answers 400 for a malformed body, 401 without a session, 403 for staff, 404 without a business", async () => {
    const { token } = await signedInClient();
    const malformed = await send("/api/quickbooks/setTokens", { token, body: "{url" });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).msg).toBe("The request body is not valid JSON.");
    const missing = await send("/api/quickbooks/setTokens", { token, json: { returnPage: "DASHBOARD" } });
    expect(missing.status).toBe(400);
    expect((await json(missing)).msg).toBe("The callback URL is required.");
    const page = await send("/api/quickbooks/setTokens", { token, json: { url: CALLBACK, returnPage: "HOME" } });
    expect(page.status).toBe(400);
    expect((await json(page)).msg).toBe("returnPage must be PROFILE_PROGRESS, DASHBOARD or BENCHMARKING.");

    const anonymous = await setTokens(undefined, `${CALLBACK}?code=x&state=${"A".repeat(43)}&realmId=demo`);
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toEqual({ msg: "You are not signed in." });

    const consultant = await signedInConsultant();
    const staff = await setTokens(consultant.token, `${CALLBACK}?code=x&state=${"A".repeat(43)}&realmId=demo`);
    expect(staff.status).toBe(403);
    expect(await json(staff)).toEqual({ msg: CLIENTS_ONLY_MESSAGE });

    const newcomer = await signedIn();
    const noBusiness = await setTokens(newcomer.token, `${CALLBACK}?code=x&state=${"A".repeat(43)}&realmId=demo`);
    expect(noBusiness.status).toBe(404);
    expect(await json(noBusiness)).toEqual({ msg: "Business not found." });

    const get = await send("/api/quickbooks/setTokens", { token });
    expect(get.status).toBe(405);
  });
});

describe("demo company without Intuit keys", () => {
  it("connects end to end: demo consent → callback with realmId demo → encrypted demo tokens and a queued report", async () => {
    const { token, business } = await signedInClient();
    const { location, state } = await startConnect(token, "demo", "DASHBOARD");

    const page = await send(`${location.pathname}${location.search}`, { mode: "demo", token });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Connect the demo company");
    expect(html).toContain("24 months of books");
    expect(html).toMatch(/<button[^>]*value="connect"[^>]*>Connect demo company<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);

    const consent = await send("/quickbooks/demo-consent", { mode: "demo", token, form: { state, intent: "connect" } });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get("Location")!);
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("realmId")).toBe("demo");
    expect(callback.searchParams.get("code")).toMatch(/^demo-/);

    const queue = fakeQueue();
    const response = await setTokens(token, callback.toString(), { mode: "demo", queue, returnPage: "DASHBOARD" });
    expect(response.status).toBe(200);
    const body = (await json(response)) as { business: { quickbooks: unknown }; jobId: string };
    expect(body.business.quickbooks).toEqual({ realmId: "demo", status: "connected" });
    const connection = await connectionOf(business.id);
    expect(connection).toMatchObject({ realmId: "demo", status: "connected" });
    expect(connection!.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 50 * 365 * 24 * 3600_000);
    expect(await decryptSecret(appForCrypto(), connection!.accessTokenCiphertext)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sentJobIds(queue)).toEqual([body.jobId]);
  });

  it("Cancel returns access_denied to the callback", async () => {
    const { token, business } = await signedInClient();
    const { state } = await startConnect(token, "demo");
    const consent = await send("/quickbooks/demo-consent", { mode: "demo", token, form: { state, intent: "cancel" } });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get("Location")!);
    expect(Object.fromEntries(callback.searchParams)).toEqual({ error: "access_denied", state });
    const response = await setTokens(token, callback.toString(), { mode: "demo" });
    expect(response.status).toBe(400);
    expect((await json(response)).msg).toBe(ACCESS_DENIED_MESSAGE);
    expect(await connectionOf(business.id)).toBeUndefined();
  });

  it("says when the link is stale, and exists only in demo mode and for signed-in clients", async () => {
    const { token } = await signedInClient();
    const stale = await send(`/quickbooks/demo-consent?state=${"A".repeat(43)}`, { mode: "demo", token });
    expect(stale.status).toBe(200);
    const html = await stale.text();
    expect(html).toContain("This connection link has expired or was already used.");
    expect(html).not.toContain("Connect demo company</button>");

    const { state } = await startConnect(token, "demo");
    const withKeys = await send(`/quickbooks/demo-consent?state=${state}`, { mode: "intuit", token });
    expect(withKeys.status).toBe(404);
    const postWithKeys = await send("/quickbooks/demo-consent", {
      mode: "intuit",
      token,
      form: { state, intent: "connect" },
    });
    expect(postWithKeys.status).toBe(404);

    const anonymous = await send(`/quickbooks/demo-consent?state=${state}`, { mode: "demo" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
  });
});

describe("POST /api/quickbooks/disconnect", () => {
  async function connectedClient(mode: Mode = "intuit") {
    const client = await signedInClient();
    const { state } = await startConnect(client.token, mode);
    const code = mode === "demo" ? "demo-code" : unique("code");
    const realmId = mode === "demo" ? "demo" : unique("ok");
    const response = await setTokens(client.token, `${CALLBACK}?code=${code}&state=${state}&realmId=${realmId}`, {
      mode,
    });
    expect(response.status).toBe(200);
    const body = (await json(response)) as { jobId: string };
    const now = new Date();
    await db()
      .insert(financeReports)
      .values({
        businessId: client.business.id,
        profitAndLoss: [{ date: "2026-01", Income: 1, NetIncome: 1 }],
        source: mode === "demo" ? "demo" : "quickbooks",
        periodStart: "2026-01",
        periodEnd: "2026-01",
        lastUpdate: now,
        jobId: body.jobId,
      });
    return { ...client, code };
  }
  const reportOf = (businessId: string) =>
    db().select().from(financeReports).where(eq(financeReports.businessId, businessId)).get();
  const revokeCalls = async (needle: string) =>
    (await stubRequests()).filter((r) => r.path === "/v2/oauth2/tokens/revoke" && r.body.includes(needle));

  it("revokes the grant at Intuit and deletes the connection and its finance report", async () => {
    const { token, business, code } = await connectedClient();
    const response = await send("/api/quickbooks/disconnect", { token, method: "POST" });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ msg: "QuickBooks is disconnected." });
    expect(DISCONNECTED_MESSAGE).toBe("QuickBooks is disconnected.");
    const revokes = await revokeCalls(code);
    expect(revokes).toHaveLength(1);
    expect(JSON.parse(revokes[0].body)).toEqual({ token: `rt-${code}` });
    expect(revokes[0].authorization).toBe(`Basic ${btoa("test-client-id:test-client-secret")}`);
    expect(await connectionOf(business.id)).toBeUndefined();
    expect(await reportOf(business.id)).toBeUndefined();
    // A second Disconnect finds nothing to remove and records nothing.
    expect((await send("/api/quickbooks/disconnect", { token, method: "POST" })).status).toBe(200);
    const trail = await auditOf(business.id);
    expect(trail.map((event) => event.action)).toEqual(["quickbooks.connected", "quickbooks.disconnected"]);
    expect(trail[1]).toMatchObject({ actorKind: "client", detail: { realmId: trail[0]!.detail.realmId } });
  });

  it("still removes the connection when Intuit's revoke endpoint fails", async () => {
    const { token, business } = await connectedClient();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await send("/api/quickbooks/disconnect", {
      token,
      method: "POST",
      extraEnv: { INTUIT_REVOKE_URL: `${intuitStubUrl()}/no-such-endpoint` },
    });
    expect(response.status).toBe(200);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("QuickBooks revoke failed"));
    expect(warn.mock.calls.flat().join(" ")).not.toContain("rt-");
    expect(await connectionOf(business.id)).toBeUndefined();
  });

  it("disconnects the demo company without calling Intuit", async () => {
    const { token, business } = await connectedClient("demo");
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const response = await send("/api/quickbooks/disconnect", { token, method: "POST", mode: "demo" });
    expect(response.status).toBe(200);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await connectionOf(business.id)).toBeUndefined();
    expect(await reportOf(business.id)).toBeUndefined();
  });

  it("refuses another business's id, no session and staff, changing nothing", async () => {
    const owner = await connectedClient();
    const other = await signedInClient();
    const foreign = await send("/api/quickbooks/disconnect", {
      token: other.token,
      json: { businessId: owner.business.id },
    });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual({ msg: "Business not found." });
    const foreignNested = await send("/api/quickbooks/disconnect", {
      token: owner.token,
      json: { business: { _id: other.business.id } },
    });
    expect(foreignNested.status).toBe(404);
    expect(await connectionOf(owner.business.id)).toMatchObject({ status: "connected" });
    expect(await reportOf(owner.business.id)).toBeDefined();
    expect(await revokeCalls(owner.code)).toHaveLength(0);

    const anonymous = await send("/api/quickbooks/disconnect", { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toEqual({ msg: "You are not signed in." });
    const manager = await signedInManager();
    const staff = await send("/api/quickbooks/disconnect", { token: manager.token, method: "POST" });
    expect(staff.status).toBe(403);
    expect(await connectionOf(owner.business.id)).toMatchObject({ status: "connected" });
  });
});
