import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { rateLimits } from "~db/schema";
import { DEFAULT_SIGNUP_LIMIT_PER_HOUR } from "./env.server";
import type { AppContext } from "~/server/load-context";

/**
 * Throttling of the password endpoints (sign-in, reset request, recovery) on the `rate_limits`
 * table. Every check-and-count is ONE statement (an UPSERT with RETURNING), so concurrent requests
 * can neither lose counts nor slip past a limit between a read and a write.
 *
 * Rules (documented in docs/configuration.md "Email" and ADR 008):
 * - Per account, keyed by SHA-256 of the lowercased email (an unknown email gets a key like any
 *   other, so the two behave the same): after 10 failures in a row the account is locked for
 *   2^(failures − 10) seconds, at most an hour; and at most 100 attempts in an hour window.
 *   Sign-in and recovery have separate account keys; reset requests allow 5 per email an hour.
 * - Per IP (`CF-Connecting-IP`; skipped when absent; IPv6 by /64): one shared key for sign-in,
 *   reset and recovery together, at most 100 attempts an hour window.
 * - A successful sign-in or recovery resets the account's failure streak and ends any lock. Every
 *   attempt, successful or not, counts against the account's 100 an hour; only the IP key gives a
 *   successful attempt its slot back, so people signing in behind one office IP never lock each
 *   other out.
 * - A refused attempt is not counted and does no password work.
 *
 * Windows are fixed: they start at the first attempt and last an hour (`window_start`).
 */

export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;

export type RateLimitPolicy = {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
  /** Failures in a row before exponential backoff starts (none: no backoff). */
  backoffAfter?: number;
  /** Longest lock the backoff can set. */
  maxLockMs?: number;
};

export const ACCOUNT_POLICY: RateLimitPolicy = { max: 100, windowMs: HOUR_MS, backoffAfter: 10, maxLockMs: HOUR_MS };
export const IP_POLICY: RateLimitPolicy = { max: 100, windowMs: HOUR_MS };
/** Each reset request sends an email: a handful an hour is plenty for a person. */
export const RESET_REQUEST_POLICY: RateLimitPolicy = { max: 5, windowMs: HOUR_MS };

export type RateLimit = { key: string; policy: RateLimitPolicy };
export type AuthAction = "login" | "reset" | "recover";

const ACCOUNT_POLICIES: Record<AuthAction, RateLimitPolicy> = {
  login: ACCOUNT_POLICY,
  reset: RESET_REQUEST_POLICY,
  recover: ACCOUNT_POLICY,
};

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** IPv4 as is; IPv6 by its /64 network (one host usually owns a whole /64). Null if unusable. */
export function clientNetwork(ip: string | null): string | null {
  const value = ip?.trim().toLowerCase();
  if (!value || value.length > 64) return null;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) return value;
  if (!/^[0-9a-f:.]+$/.test(value) || !value.includes(":")) return null;
  const [head, tail] = value.split("::", 2);
  const headParts = head ? head.split(":") : [];
  const tailParts = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = Math.max(0, 8 - headParts.length - tailParts.length);
  const groups = [...headParts, ...Array<string>(value.includes("::") ? missing : 0).fill("0"), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+/, "") || "0")
    .join(":")}::/64`;
}

/** The limits one attempt at `action` counts against: the account's, then the IP's if known. */
export async function authRateLimits(action: AuthAction, email: string, request: Request): Promise<RateLimit[]> {
  const limits: RateLimit[] = [
    { key: `${action}:email:${await sha256Hex(email.trim().toLowerCase())}`, policy: ACCOUNT_POLICIES[action] },
  ];
  const network = clientNetwork(request.headers.get("CF-Connecting-IP"));
  if (network) limits.push({ key: `auth:ip:${network}`, policy: IP_POLICY });
  return limits;
}

/**
 * Counts one attempt, atomically: a locked key or a full window is left unchanged except that a
 * full window saturates at max + 1, so the returned row alone says whether the attempt may go on.
 */
export function countAttempt(app: AppContext, limit: RateLimit, now: Date) {
  const at = now.getTime();
  const { max, windowMs } = limit.policy;
  const locked = sql`(${rateLimits.lockedUntil} IS NOT NULL AND ${rateLimits.lockedUntil} > ${at})`;
  const windowOver = sql`(${rateLimits.windowStart} <= ${at - windowMs})`;
  return app.db
    .insert(rateLimits)
    .values({ key: limit.key, count: 1, windowStart: now, failuresInRow: 0, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${locked} THEN ${rateLimits.count} WHEN ${windowOver} THEN 1 WHEN ${rateLimits.count} >= ${max} THEN ${max + 1} ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN NOT ${locked} AND ${windowOver} THEN ${at} ELSE ${rateLimits.windowStart} END`,
        updatedAt: now,
      },
    })
    .returning();
}

type RateLimitRow = typeof rateLimits.$inferSelect;

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Reads the rows `countAttempt` returned (in the same order as `limits`). */
export function verdictOf(limits: RateLimit[], rows: RateLimitRow[][], now: Date): RateLimitVerdict {
  let retryAt = 0;
  limits.forEach((limit, index) => {
    const row = rows[index]?.[0];
    if (!row) return;
    if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime())
      retryAt = Math.max(retryAt, row.lockedUntil.getTime());
    if (row.count > limit.policy.max) retryAt = Math.max(retryAt, row.windowStart.getTime() + limit.policy.windowMs);
  });
  if (retryAt === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / SECOND_MS)) };
}

/**
 * An SQL condition that is true when none of the limits refuses attempts right now. Used to make
 * a write in the same batch as `countAttempt` happen only for an allowed attempt.
 */
export function notRefused(limits: RateLimit[], now: Date): SQL {
  const at = now.getTime();
  const refused = limits.map(
    (limit) =>
      sql`EXISTS (SELECT 1 FROM ${rateLimits} WHERE ${rateLimits.key} = ${limit.key} AND ((${rateLimits.lockedUntil} IS NOT NULL AND ${rateLimits.lockedUntil} > ${at}) OR ${rateLimits.count} > ${limit.policy.max}))`,
  );
  return sql`NOT (${sql.join(refused, sql` OR `)})`;
}

/** A failed attempt: lengthens the failure streak and, past the threshold, locks the key. */
export function recordFailure(app: AppContext, limits: RateLimit[], now: Date) {
  const at = now.getTime();
  const [limit] = limits.filter((candidate) => candidate.policy.backoffAfter !== undefined);
  if (!limit) return null;
  const after = limit.policy.backoffAfter ?? 0;
  const maxLockMs = limit.policy.maxLockMs ?? HOUR_MS;
  // 2^(failures − threshold) seconds; the shift is capped well below overflow, the lock at maxLockMs.
  const lockMs = sql`min(${maxLockMs}, (1 << min(${rateLimits.failuresInRow} + 1 - ${after}, 30)) * ${SECOND_MS})`;
  return app.db
    .update(rateLimits)
    .set({
      failuresInRow: sql`${rateLimits.failuresInRow} + 1`,
      lockedUntil: sql`CASE WHEN ${rateLimits.failuresInRow} + 1 >= ${after} THEN ${at} + ${lockMs} ELSE ${rateLimits.lockedUntil} END`,
      updatedAt: now,
    })
    .where(eq(rateLimits.key, limit.key));
}

const IP_KEY_PATTERN = "auth:ip:%";

/** A successful attempt: the streak and any lock end; the IP key gives the attempt's slot back. */
export function recordSuccess(app: AppContext, limits: RateLimit[], now: Date) {
  return app.db
    .update(rateLimits)
    .set({
      failuresInRow: 0,
      lockedUntil: null,
      count: sql`CASE WHEN ${rateLimits.key} LIKE ${IP_KEY_PATTERN} THEN max(${rateLimits.count} - 1, 0) ELSE ${rateLimits.count} END`,
      updatedAt: now,
    })
    .where(
      inArray(
        rateLimits.key,
        limits.map((limit) => limit.key),
      ),
    );
}

/** Public endpoints that reveal whether an email has an account, limited per client network. */
export const EMAIL_CHECK_POLICY: RateLimitPolicy = { max: 60, windowMs: HOUR_MS };
/** `max` is the default; the sign-up takes it from `env.SIGNUP_LIMIT_PER_HOUR`. */
export const SIGNUP_POLICY: RateLimitPolicy = { max: DEFAULT_SIGNUP_LIMIT_PER_HOUR, windowMs: HOUR_MS };

/**
 * Counts one request of `scope` against the caller's network (no limit when the platform gives
 * no client IP). One atomic statement, like every other count.
 */
export async function limitByNetwork(
  app: AppContext,
  request: Request,
  scope: string,
  policy: RateLimitPolicy,
): Promise<RateLimitVerdict> {
  const network = clientNetwork(request.headers.get("CF-Connecting-IP"));
  if (!network) return { allowed: true };
  const limit: RateLimit = { key: `${scope}:ip:${network}`, policy };
  const now = app.now();
  const rows = await countAttempt(app, limit, now);
  return verdictOf([limit], [rows], now);
}
