import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { businesses, businessMembers, sessions, users, type Business, type User } from "~db/schema";
import type { BusinessMemberRole } from "~db/enums";
import type { AppContext } from "~/server/load-context";
import { preparedRead } from "~db/prepared";
import type { Database } from "~db/index";

/** `__Host-` pins the cookie to this origin: Secure, Path=/, no Domain. */
export const SESSION_COOKIE = "__Host-partwise_session";
/** A session ends 30 days after sign-in, or after 7 days without use, whichever comes first. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, off the request's critical path. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export type Viewer = {
  sessionId: string;
  user: Pick<User, "id" | "email" | "firstName" | "lastName" | "phone" | "role" | "staffRole"> & {
    /** The sign-in email was proven to be the person's (docs/decisions/070): paying, inviting and payouts wait for it. */
    emailVerified: boolean;
  };
  /** The business the viewer works in: the session's current one, else their own or first one. */
  business: Business | null;
  /** The viewer's role in that business (docs/decisions/066); null for staff and consultants. */
  member: { role: BusinessMemberRole } | null;
};

/** A signed-in client with their business and their role in it. */
export type ClientViewer = Viewer & { business: Business; member: { role: BusinessMemberRole } };

/** The viewer with their business, or null when they have none yet. */
export function getClientBusiness(viewer: Viewer): ClientViewer | null {
  return viewer.business && viewer.member ? (viewer as ClientViewer) : null;
}

/** The user columns a viewer carries (`Viewer["user"]`), for queries that answer one. */
export const viewerUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  role: users.role,
  staffRole: users.staffRole,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean),
};

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function hashToken(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function readSessionToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function sessionCookie(token: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/**
 * Starts a session for the user. Rotation: any session the browser presented is deleted in the
 * same batch, so a fixed or stolen pre-login id never becomes authenticated.
 */
export async function createSession(
  app: AppContext,
  request: Request,
  userId: string,
): Promise<{ token: string; cookie: string }> {
  const token = newToken();
  const id = await hashToken(token);
  const now = app.now();
  const previous = readSessionToken(request);
  const insert = app.db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ipAddress: request.headers.get("CF-Connecting-IP"),
    userAgent: request.headers.get("User-Agent")?.slice(0, 256) ?? null,
  });
  if (previous) {
    await app.db.batch([app.db.delete(sessions).where(eq(sessions.id, await hashToken(previous))), insert]);
  } else {
    await insert;
  }
  return { token, cookie: sessionCookie(token, SESSION_ABSOLUTE_MS / 1000) };
}

/**
 * The business a session works in (docs/decisions/066): the session's current business while the
 * user is still a member of it, else the one they own, else the oldest membership. Two correlated
 * subqueries (the membership's key, then the user's index; SQLite's ORDER BY in a subquery cannot
 * see the outer row), so the viewer stays one query.
 */
const currentBusinessId = sql`COALESCE(
  (SELECT m.business_id FROM business_members m WHERE m.user_id = ${users.id} AND m.business_id = ${sessions.businessId}),
  (SELECT m.business_id FROM business_members m WHERE m.user_id = ${users.id}
    ORDER BY m.role = 'owner' DESC, m.created_at, m.business_id LIMIT 1))`;

/** The session, its user, their current business and their role in it: the one read behind every signed-in page. */
const viewerRows = preparedRead(["sessionId", "now", "idleSince"], (db, p) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      user: viewerUserColumns,
      business: businesses,
      memberRole: businessMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      businessMembers,
      and(eq(businessMembers.userId, users.id), eq(businessMembers.businessId, currentBusinessId)),
    )
    .leftJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(
      and(
        eq(sessions.id, p.sessionId),
        gt(sessions.expiresAt, p.now),
        gt(sessions.lastSeenAt, p.idleSince),
        isNull(users.deactivatedAt),
      ),
    )
    .prepare(),
);

async function loadViewer(app: AppContext, request: Request): Promise<Viewer | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const id = await hashToken(token);
  const now = app.now();
  // Timestamps are bound as the columns store them (epoch milliseconds).
  const [row] = await viewerRows(app.db, {
    sessionId: id,
    now: now.getTime(),
    idleSince: now.getTime() - SESSION_IDLE_MS,
  }).run();
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    app.waitUntil(app.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id)).run());
  }
  // Only clients belong to businesses; staff and consultants answer none, whatever the table says.
  const client = row.user.role === "client" && row.business && row.memberRole;
  return {
    sessionId: row.sessionId,
    user: row.user,
    business: client ? row.business : null,
    member: client && row.memberRole ? { role: row.memberRole } : null,
  };
}

/** The signed-in viewer, or null. One D1 query per request, shared by every loader that asks. */
export function getViewer(app: AppContext, request: Request): Promise<Viewer | null> {
  let pending = app.memo.get("viewer") as Promise<Viewer | null> | undefined;
  if (!pending) {
    pending = loadViewer(app, request);
    app.memo.set("viewer", pending);
  }
  return pending;
}

/**
 * Makes `businessId` the business the viewer's current session works in (docs/decisions/068): one
 * conditional UPDATE of this session only, claiming as it runs that the user is a member of that
 * business (its row in business_members). False when the claim fails (not a member, no such
 * business, the session gone): nothing is written. Other sessions of the person keep theirs.
 */
export async function switchSessionBusiness(app: AppContext, viewer: Viewer, businessId: string): Promise<boolean> {
  const switched = await app.db
    .update(sessions)
    .set({ businessId })
    .where(
      and(
        eq(sessions.id, viewer.sessionId),
        eq(sessions.userId, viewer.user.id),
        sql`EXISTS (SELECT 1 FROM business_members m WHERE m.user_id = ${viewer.user.id} AND m.business_id = ${businessId})`,
      ),
    )
    .returning({ id: sessions.id });
  return switched.length > 0;
}

export async function destroySession(app: AppContext, request: Request): Promise<void> {
  const token = readSessionToken(request);
  if (!token) return;
  await app.db.delete(sessions).where(eq(sessions.id, await hashToken(token)));
}

/** Ends every session of a user except, optionally, the one in use (password change or reset). */
export async function destroyOtherSessions(app: AppContext, userId: string, keepSessionId?: string) {
  const condition = keepSessionId
    ? and(eq(sessions.userId, userId), or(lt(sessions.id, keepSessionId), gt(sessions.id, keepSessionId)))
    : eq(sessions.userId, userId);
  await app.db.delete(sessions).where(condition);
}

/** The session id (the token's hash) of a session cookie a sign-in just set, or null. */
export async function sessionIdOfCookie(cookie: string): Promise<string | null> {
  const token = readSessionToken(new Request("https://cookie.invalid", { headers: { Cookie: cookie.split(";")[0]! } }));
  return token ? hashToken(token) : null;
}

/**
 * Makes the session work in `businessId` (docs/decisions/066, 067), unrun: for the batch that made
 * its user a member, so it lands only when the membership exists.
 */
export function sessionBusinessStatement(db: Database, sessionId: string, userId: string, businessId: string) {
  return db
    .update(sessions)
    .set({ businessId })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        sql`EXISTS (SELECT 1 FROM business_members m WHERE m.business_id = ${businessId} AND m.user_id = ${userId})`,
      ),
    );
}

/**
 * Ends, unrun, the sessions of `userId` that worked in `businessId`, once they are no longer a
 * member of it (docs/decisions/067): those that chose it, and those that chose none when the user
 * has no business left to fall back on. Put it after the statement that removes the membership:
 * when that removed nothing, this deletes nothing.
 */
export function endBusinessSessionsStatement(db: Database, userId: string, businessId: string) {
  return db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          eq(sessions.businessId, businessId),
          and(
            isNull(sessions.businessId),
            sql`NOT EXISTS (SELECT 1 FROM business_members m WHERE m.user_id = ${userId})`,
          ),
        ),
        sql`NOT EXISTS (SELECT 1 FROM business_members m WHERE m.business_id = ${businessId} AND m.user_id = ${userId})`,
      ),
    );
}
