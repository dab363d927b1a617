import { env, SELF } from "cloudflare:test";
import { database } from "../../../db";
import { accountingConnections, businessMembers, businesses, jobs, users } from "~db/schema";
import { hashPassword } from "~/server/identity/password.server";

export const ORIGIN = "https://partwise.test";
export const PASSWORD = "Correct-horse-battery-9";
/** The pepper the app uses when APP_ENV=local and none is set (app/server/platform/env.server.ts). */
export const LOCAL_PEPPER = "local-development-pepper-not-a-secret";
export const SESSION_COOKIE = "__Host-partwise_session";

export const db = () => database(env.DB);

let passwordHash: Promise<string> | undefined;
/** PBKDF2 at full strength costs ~20 ms: hash the shared test password once per file. */
function testPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD, LOCAL_PEPPER);
  return passwordHash;
}

let counter = 0;
/** An id no other row of the run has: `<prefix>-<time>-<counter>`. */
export const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

type Role = "client" | "consultant" | "manager";
type StaffRole = "admin" | "manager";

/** A ready user row (password PASSWORD), optionally with a business. */
export async function createUser(
  options: { role?: Role; withBusiness?: boolean; email?: string; staffRole?: StaffRole; unverified?: boolean } = {},
) {
  const id = uniqueId("user");
  const email = options.email ?? `${id}@example.test`;
  const user = {
    id,
    email,
    firstName: "Test",
    lastName: "Person",
    phone: "(555) 555-0100",
    passwordHash: await testPasswordHash(),
    role: options.role ?? "client",
    // Staff are admins unless told otherwise (every manager could do everything before staff roles).
    staffRole: options.role === "manager" ? (options.staffRole ?? "admin") : null,
    // Verified unless the test is about an unverified account (docs/decisions/070).
    emailVerifiedAt: options.unverified ? null : new Date(),
  };
  await db().insert(users).values(user);
  const business = options.withBusiness ? await createBusiness(id) : null;
  return { user, business };
}

export async function createBusiness(ownerUserId: string) {
  const business = {
    id: uniqueId("biz"),
    ownerUserId,
    name: "Harbor Supply Co.",
    clientRole: "Owner",
    city: "Portland",
    state: "ME",
    naics: "423840",
    revenueBand: "5-10 million" as const,
    employeeBand: "25-50" as const,
    numberOfEmployees: 38,
    memberSince: "2026-01",
  };
  // With its owner's membership (docs/decisions/066), in one batch as sign-up writes them.
  await db().batch([
    db().insert(businesses).values(business),
    db().insert(businessMembers).values({ businessId: business.id, userId: ownerUserId, role: "owner" }),
  ]);
  return business;
}

export async function connectAccounting(businessId: string, status: "connected" | "broken" | "revoked" = "connected") {
  const now = new Date();
  await db().insert(accountingConnections).values({
    businessId,
    realmId: "demo",
    accessTokenCiphertext: "x",
    accessTokenExpiresAt: now,
    refreshTokenCiphertext: "x",
    refreshTokenExpiresAt: now,
    status,
    connectedAt: now,
  });
}

export async function createJob(businessId: string, kind: "finance_report" | "benchmarking" = "finance_report") {
  const now = new Date();
  const job = { id: crypto.randomUUID(), kind, businessId, period: uniqueId("2026"), createdAt: now, updatedAt: now };
  await db().insert(jobs).values(job);
  return job;
}

/** A request to the Worker as a same-origin browser would send it. */
export function call(path: string, init: RequestInit & { cookie?: string | null; json?: unknown } = {}) {
  const { cookie, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (cookie) headers.set("Cookie", `${SESSION_COOKIE}=${cookie}`);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const method = rest.method ?? (json !== undefined ? "POST" : "GET");
  // A browser's write always names its origin and host (Remix compares the two for page actions).
  if (method !== "GET" && method !== "HEAD") {
    if (!headers.has("Origin")) headers.set("Origin", ORIGIN);
    if (!headers.has("Host")) headers.set("Host", new URL(ORIGIN).host);
  }
  return SELF.fetch(`${ORIGIN}${path}`, {
    ...rest,
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
    redirect: "manual",
  });
}

/** A form post as a browser without JavaScript sends it. A field given several values is repeated. */
export function postForm(path: string, fields: Record<string, string | string[]>, cookie?: string | null) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return call(path, { method: "POST", body, cookie });
}

/** React escapes these characters in text; match user-facing texts as they appear in the HTML. */
export const html = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/'/g, "&#x27;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

export function signIn(email: string, password = PASSWORD, cookie?: string) {
  return call("/api/client/auth/signin", { json: { email, password }, cookie });
}

/** The session token from a response's Set-Cookie, or null. */
export function sessionTokenFrom(response: Response): string | null {
  const header = response.headers.get("Set-Cookie") ?? "";
  const match = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(header);
  return match ? match[1] : null;
}

export async function signedIn(options: Parameters<typeof createUser>[0] = {}) {
  const created = await createUser(options);
  const response = await signIn(created.user.email);
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const token = sessionTokenFrom(response);
  if (!token) throw new Error("sign-in set no session cookie");
  return { ...created, token };
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
