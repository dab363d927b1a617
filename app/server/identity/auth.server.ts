import { redirect } from "@remix-run/cloudflare";
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
import { clearedSessionCookie, createSession, destroySession, getViewer, type Viewer } from "./session.server";

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
  const check = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH, app.env.PASSWORD_PEPPER);
  if (!user || !check.valid) {
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
    },
  };
}

/** A refused sign-in says when to come back (`Retry-After`, in seconds); others add nothing. */
export function retryAfter(result: { status: number; retryAfterSeconds?: number }): Record<string, string> {
  return result.status === 429 && result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
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

/** No session: back to the login screen at `/`. */
export async function requireViewer(app: AppContext, request: Request): Promise<Viewer> {
  const viewer = await getViewer(app, request);
  if (!viewer) throw redirect("/");
  return viewer;
}

/**
 * A business client with a business (every page of the client app). Other roles go to their own
 * home; a client without a business goes to business details.
 */
export async function requireClientBusiness(
  app: AppContext,
  request: Request,
): Promise<Viewer & { business: NonNullable<Viewer["business"]> }> {
  const viewer = await requireViewer(app, request);
  if (viewer.user.role !== "client" || !viewer.business) throw redirect(homePathFor(viewer));
  return viewer as Viewer & { business: NonNullable<Viewer["business"]> };
}

/** Staff pages: any other role, or no session, gets a plain 404 so the page's existence is not revealed. */
export async function requireRole(app: AppContext, request: Request, role: "consultant" | "manager"): Promise<Viewer> {
  const viewer = await getViewer(app, request);
  if (!viewer || viewer.user.role !== role) throw new Response("Not Found", { status: 404 });
  return viewer;
}

/** JSON API guard: 401 `{ msg }` instead of a redirect. */
export async function requireApiViewer(app: AppContext, request: Request): Promise<Viewer> {
  const viewer = await getViewer(app, request);
  if (!viewer) {
    throw new Response(JSON.stringify({ msg: "You are not signed in." }), {
      status: 401,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return viewer;
}
