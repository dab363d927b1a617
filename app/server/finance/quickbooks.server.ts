import { and, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import { accountingConnections, financeReports, oauthStates, OAUTH_RETURN_PAGES } from "~db/schema";
import { INTUIT_REDIRECT_PATH } from "~/server/platform/env.server";
import { requestFinanceReport } from "./finance-reports.server";
import { DEMO_REALM_ID, intuitKeys, requestTokens, revokeToken, type IntuitTokens } from "./intuit-client.server";
import { actorOf, auditAfterChange, auditStatement } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";
import { hashToken } from "~/server/identity/session.server";
import type { ClientViewer } from "~/server/business/settings.server";
import { decryptSecret, encryptSecret } from "~/server/platform/token-crypto.server";

/**
 * Connecting a business's QuickBooks company (Intuit OAuth 2.0, authorization code grant) and
 * disconnecting it. Without Intuit keys the same flow runs against the built-in demo company: the
 * authorization step is a local consent page (/quickbooks/demo-consent) and the callback carries
 * realmId 'demo'. See docs/decisions/009-quickbooks.md.
 *
 * The `state` parameter is 256 random bits bound to the user AND the business that asked; only
 * its SHA-256 is stored, it lives 10 minutes and is spent by one conditional UPDATE, so a forged,
 * replayed, expired or someone else's state gets nothing.
 */

export type ReturnPage = (typeof OAUTH_RETURN_PAGES)[number];

export const STATE_TTL_MS = 10 * 60 * 1000;
export const QUICKBOOKS_SCOPE = "com.intuit.quickbooks.accounting";
export const DEMO_CONSENT_PATH = "/quickbooks/demo-consent";
/** Demo tokens never expire in practice; they are opaque random values that unlock nothing. */
const DEMO_TOKEN_LIFETIME_MS = 100 * 365 * 24 * 60 * 60 * 1000;

export const ACCESS_DENIED_MESSAGE = "You didn't connect QuickBooks. You can try again whenever you're ready.";
export const BAD_STATE_MESSAGE = "This QuickBooks sign-in link has expired or was already used. Please connect again.";
export const EXCHANGE_FAILED_MESSAGE = "QuickBooks did not complete the connection. Please try again.";
export const DISCONNECTED_MESSAGE = "QuickBooks is disconnected.";

export type ConnectResult =
  /** jobId is null when the connection was saved but the report build could not be queued. */
  | { ok: true; returnPage: ReturnPage; jobId: string | null; realmId: string }
  | {
      ok: false;
      status: 400 | 404;
      reason: "access_denied" | "bad_state" | "exchange_failed";
      msg: string;
      returnPage?: ReturnPage;
    };

/** A `state` as startConnect makes it: 32 random bytes, base64url without padding. */
const STATE_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** Intuit realm ids are numeric; the stub's scenarios and 'demo' are short slugs. */
const REALM_FORMAT = /^[A-Za-z0-9-]{1,64}$/;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function isReturnPage(value: unknown): value is ReturnPage {
  return typeof value === "string" && (OAUTH_RETURN_PAGES as readonly string[]).includes(value);
}

export function isDemoMode(app: AppContext): boolean {
  return intuitKeys(app) === null;
}

/** The redirect URI registered at Intuit: INTUIT_REDIRECT_URI, else APP_URL's or this origin's /quickbook-status. */
export function intuitRedirectUri(app: AppContext, origin: string): string {
  return app.env.INTUIT_REDIRECT_URI ?? new URL(INTUIT_REDIRECT_PATH, app.env.APP_URL ?? origin).toString();
}

/**
 * Records a fresh state for the viewer's business and returns where to send the browser: Intuit's
 * authorization page, or the demo consent page when no Intuit keys are configured. The viewer's
 * spent and expired states are cleared in the same batch.
 */
export async function startConnect(
  app: AppContext,
  viewer: ClientViewer,
  returnPage: ReturnPage,
  origin: string,
): Promise<string> {
  const state = randomToken();
  const now = app.now();
  await app.db.batch([
    app.db
      .delete(oauthStates)
      .where(
        and(eq(oauthStates.userId, viewer.user.id), or(isNotNull(oauthStates.usedAt), lt(oauthStates.expiresAt, now))),
      ),
    app.db.insert(oauthStates).values({
      id: await hashToken(state),
      userId: viewer.user.id,
      businessId: viewer.business.id,
      returnPage,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    }),
  ]);
  const keys = intuitKeys(app);
  if (!keys) return `${DEMO_CONSENT_PATH}?${new URLSearchParams({ state })}`;
  const url = new URL(app.env.INTUIT_AUTH_URL);
  url.search = new URLSearchParams({
    client_id: keys.clientId,
    redirect_uri: intuitRedirectUri(app, origin),
    response_type: "code",
    scope: QUICKBOOKS_SCOPE,
    state,
  }).toString();
  return url.toString();
}

/** Whether `state` is live for this viewer (read-only; the demo consent page checks before asking). */
export async function isLiveState(app: AppContext, viewer: ClientViewer, state: string): Promise<boolean> {
  if (!STATE_FORMAT.test(state)) return false;
  const row = await app.db
    .select({ id: oauthStates.id })
    .from(oauthStates)
    .where(liveStateFor(viewer, await hashToken(state), app.now()))
    .get();
  return Boolean(row);
}

function liveStateFor(viewer: ClientViewer, id: string, now: Date) {
  return and(
    eq(oauthStates.id, id),
    eq(oauthStates.userId, viewer.user.id),
    eq(oauthStates.businessId, viewer.business.id),
    isNull(oauthStates.usedAt),
    gt(oauthStates.expiresAt, now),
  );
}

/** Spends the state in one conditional UPDATE: only the first caller gets its return page. */
async function claimState(app: AppContext, viewer: ClientViewer, state: string): Promise<ReturnPage | null> {
  if (!STATE_FORMAT.test(state)) return null;
  const now = app.now();
  const rows = await app.db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(liveStateFor(viewer, await hashToken(state), now))
    .returning({ returnPage: oauthStates.returnPage });
  return rows[0]?.returnPage ?? null;
}

const badState: ConnectResult = { ok: false, status: 400, reason: "bad_state", msg: BAD_STATE_MESSAGE };

/**
 * Finishes the authorization from the callback URL (code, state, realmId or error): checks and
 * spends the state, obtains the tokens (Intuit's token endpoint, or demo tokens), stores them
 * encrypted with their expiry times, and queues the finance report build.
 */
export async function completeConnect(
  app: AppContext,
  viewer: ClientViewer,
  callbackUrl: string,
): Promise<ConnectResult> {
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return badState;
  }
  const params = url.searchParams;
  const state = params.get("state") ?? "";
  const error = params.get("error");
  if (error) {
    // The user said no (or Intuit refused the request): spend the state, store nothing.
    const returnPage = (await claimState(app, viewer, state)) ?? undefined;
    if (error === "access_denied")
      return { ok: false, status: 400, reason: "access_denied", msg: ACCESS_DENIED_MESSAGE, returnPage };
    return { ok: false, status: 400, reason: "exchange_failed", msg: EXCHANGE_FAILED_MESSAGE, returnPage };
  }
  const code = params.get("code") ?? "";
  const realmId = params.get("realmId") ?? "";
  if (!code || code.length > 2000 || !REALM_FORMAT.test(realmId)) return badState;

  const returnPage = await claimState(app, viewer, state);
  if (!returnPage) return badState;
  const failed: ConnectResult = {
    ok: false,
    status: 400,
    reason: "exchange_failed",
    msg: EXCHANGE_FAILED_MESSAGE,
    returnPage,
  };

  const keys = intuitKeys(app);
  let tokens: IntuitTokens;
  if (realmId === DEMO_REALM_ID) {
    // The demo company exists only in demo mode; with real keys 'demo' is not a company Intuit knows.
    if (keys) return failed;
    const now = app.now().getTime();
    tokens = {
      accessToken: randomToken(),
      refreshToken: randomToken(),
      accessTokenExpiresAt: new Date(now + DEMO_TOKEN_LIFETIME_MS),
      refreshTokenExpiresAt: new Date(now + DEMO_TOKEN_LIFETIME_MS),
    };
  } else {
    if (!keys) return failed;
    const outcome = await requestTokens(app, keys, {
      grant_type: "authorization_code",
      code,
      redirect_uri: intuitRedirectUri(app, url.origin),
    });
    if (!outcome.ok) {
      console.warn(`QuickBooks code exchange failed for business ${viewer.business.id}: ${outcome.detail}`);
      return failed;
    }
    tokens = outcome.tokens;
  }

  const [accessTokenCiphertext, refreshTokenCiphertext] = await Promise.all([
    encryptSecret(app, tokens.accessToken),
    encryptSecret(app, tokens.refreshToken),
  ]);
  const now = app.now();
  const stored = {
    realmId,
    accessTokenCiphertext,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenCiphertext,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    status: "connected" as const,
    connectedAt: now,
    lastRefreshedAt: null,
    lastError: null,
    updatedAt: now,
  };
  await app.db.batch([
    app.db
      .insert(accountingConnections)
      .values({
        id: crypto.randomUUID(),
        businessId: viewer.business.id,
        provider: "quickbooks",
        createdAt: now,
        ...stored,
      })
      .onConflictDoUpdate({ target: accountingConnections.businessId, set: stored }),
    auditStatement(app, {
      actor: actorOf(viewer),
      action: "quickbooks.connected",
      businessId: viewer.business.id,
      subject: { type: "accounting_connection", id: viewer.business.id },
      detail: { realmId },
    }),
  ]);

  // The connection is saved; if the queue refuses the build message (requestFinanceReport has
  // already undone or failed its job), the connection stands and the caller shows the build
  // failure instead of an error page. The dashboard asks for the report again later.
  try {
    const job = await requestFinanceReport(app, viewer.business.id, { rerun: true });
    return { ok: true, returnPage, jobId: job.jobId, realmId };
  } catch (error) {
    console.error(`Could not queue the finance report of business ${viewer.business.id}:`, error);
    return { ok: true, returnPage, jobId: null, realmId };
  }
}

/** The viewer's connection as the client may see it (never the tokens), or null. */
export async function getConnectionSummary(app: AppContext, businessId: string) {
  const row = await app.db
    .select({
      realmId: accountingConnections.realmId,
      status: accountingConnections.status,
      connectedAt: accountingConnections.connectedAt,
    })
    .from(accountingConnections)
    .where(eq(accountingConnections.businessId, businessId))
    .get();
  return row ? { ...row, isDemo: row.realmId === DEMO_REALM_ID } : null;
}

/**
 * Ends the connection: revokes the grant at Intuit (real connections; a failure there is logged
 * and the connection is removed anyway, since the user asked for it to go), then deletes the
 * connection and the finance report built from it in one batch. Without a connection: nothing to do.
 */
export async function disconnect(app: AppContext, viewer: ClientViewer): Promise<void> {
  const businessId = viewer.business.id;
  const connection = await app.db
    .select()
    .from(accountingConnections)
    .where(eq(accountingConnections.businessId, businessId))
    .get();
  if (connection && connection.realmId !== DEMO_REALM_ID) {
    const keys = intuitKeys(app);
    try {
      if (!keys) throw new Error("INTUIT_CLIENT_ID is not set");
      await revokeToken(app, keys, await decryptSecret(app, connection.refreshTokenCiphertext));
    } catch (error) {
      console.warn(
        `QuickBooks revoke failed for business ${businessId}; removing the connection anyway: ${error instanceof Error ? error.message : "unknown error"}`,
      );
    }
  }
  await app.db.batch([
    app.db.delete(accountingConnections).where(eq(accountingConnections.businessId, businessId)),
    // Right after the delete: a second Disconnect (nothing left to delete) records nothing.
    auditAfterChange(app, {
      actor: actorOf(viewer),
      action: "quickbooks.disconnected",
      businessId,
      subject: { type: "accounting_connection", id: businessId },
      detail: connection ? { realmId: connection.realmId } : {},
    }),
    app.db.delete(financeReports).where(eq(financeReports.businessId, businessId)),
  ]);
}

/**
 * A business's deletion (docs/decisions/069): the grant revoked at Intuit, for a real connection.
 * Unlike Disconnect, a failure is thrown (the deletion's job runs again and revokes then), except
 * Intuit's 400/401 (the token is no longer valid: nothing left to revoke). The connection's row
 * goes with the deletion's batch (eraseFinanceRows). Answers whether a revoke was sent.
 */
export async function revokeQuickBooksForDeletion(app: AppContext, businessId: string): Promise<boolean> {
  const connection = await app.db
    .select({
      realmId: accountingConnections.realmId,
      refreshTokenCiphertext: accountingConnections.refreshTokenCiphertext,
    })
    .from(accountingConnections)
    .where(eq(accountingConnections.businessId, businessId))
    .get();
  if (!connection || connection.realmId === DEMO_REALM_ID) return false;
  const keys = intuitKeys(app);
  if (!keys) return false;
  try {
    await revokeToken(app, keys, await decryptSecret(app, connection.refreshTokenCiphertext));
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status !== 400 && status !== 401) throw error;
  }
  return true;
}
