import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { SIGN_IN_FAILED_MESSAGE, type SignInInput } from "~/lib/identity/auth-schemas";
import type { AppContext } from "~/server/load-context";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "./password.server";
import {
  authRateLimits,
  countAttempt,
  recordFailure,
  recordSuccess,
  TOO_MANY_ATTEMPTS_MESSAGE,
  verdictOf,
} from "~/server/platform/rate-limit.server";
import { clearedSessionCookie, createSession, destroySession, type Viewer } from "./session.server";

export type SignInResult =
  | { ok: true; cookie: string; user: Viewer["user"] }
  | { ok: false; status: 401; msg: string }
  | { ok: false; status: 429; msg: string; retryAfterSeconds: number };

/**
 * Checks the credentials and starts a session. An unknown email runs the same PBKDF2 work against
 * a dummy hash and counts as a failure of its (hashed) email key like any other, so the answer's
 * body, status and timing do not tell the two failures apart.
 *
 * Throttled (rate-limit.server.ts) per account and per IP: a refused attempt answers 429 without
 * any password work. The counting and the user lookup share one D1 round trip.
 */
export async function signIn(app: AppContext, request: Request, input: SignInInput): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const now = app.now();
  const limits = await authRateLimits("login", email, request);
  const [found, ...counted] = await app.db.batch([
    app.db.select().from(users).where(eq(users.email, email)).limit(1),
    ...limits.map((limit) => countAttempt(app, limit, now)),
  ]);
  const verdict = verdictOf(limits, counted, now);
  if (!verdict.allowed) {
    return { ok: false, status: 429, msg: TOO_MANY_ATTEMPTS_MESSAGE, retryAfterSeconds: verdict.retryAfterSeconds };
  }

  const user = found[0];
  const check = await verifyPassword(
    input.password,
    user?.passwordHash ?? DUMMY_PASSWORD_HASH,
    app.env.PASSWORD_PEPPER,
  );
  // A closed account (a removed staff member) cannot sign in: the same answer as a wrong password.
  if (!user || !check.valid || user.deactivatedAt !== null) {
    const failure = recordFailure(app, limits, now);
    if (failure) await failure;
    return { ok: false, status: 401, msg: SIGN_IN_FAILED_MESSAGE };
  }
  if (check.needsRehash) {
    const upgraded = await hashPassword(input.password, app.env.PASSWORD_PEPPER);
    app.waitUntil(app.db.update(users).set({ passwordHash: upgraded }).where(eq(users.id, user.id)).run());
  }
  const [{ cookie }] = await Promise.all([createSession(app, request, user.id), recordSuccess(app, limits, now)]);
  return {
    ok: true,
    cookie,
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      role: user.role,
      staffRole: user.staffRole,
      emailVerified: user.emailVerifiedAt !== null,
    },
  };
}

export async function signOut(app: AppContext, request: Request): Promise<string> {
  await destroySession(app, request);
  return clearedSessionCookie();
}

/** Where startup routing (spec §2) sends a signed-in viewer. */
export function homePathFor(viewer: Viewer): string {
  if (viewer.user.role === "manager") return "/manage";
  if (viewer.user.role === "consultant") return "/consultant";
  return viewer.business ? "/dashboard" : "/signup-business";
}
