import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResets, sessions, users } from "~db/schema";
import {
  accountKey,
  emailedRecoveryPassword,
  rateLimitRow,
  recover,
  RECOVERY_FAILED,
  requestReset,
  RESET_REQUESTED,
  setRateLimit,
  SIGN_IN_FAILED,
  TOO_MANY_ATTEMPTS,
  call,
  createUser,
  db,
  PASSWORD,
} from "../helpers";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

let ipCounter = 0;
/** A fresh client IP per test, so the per-IP counts of one test never reach another. */
function freshIp() {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function signInFrom(email: string, password: string, ip?: string) {
  return call("/api/client/auth/signin", {
    json: { email, password },
    headers: ip ? { "CF-Connecting-IP": ip } : {},
  });
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("sign-in throttling per account", () => {
  it("after 10 failures in a row, refuses even the right password during the backoff; afterwards it works and resets the streak", async () => {
    const { user } = await createUser();
    const key = await accountKey("login", user.email);
    for (let i = 0; i < 10; i++) {
      expect(await answer(await signInFrom(user.email, "wrong-password"))).toEqual({
        status: 401,
        body: SIGN_IN_FAILED,
      });
    }
    const locked = await rateLimitRow(key);
    expect(locked?.failuresInRow).toBe(10);
    expect(locked?.count).toBe(10);
    // 2^(10 − 10) = 1 second.
    const lockMs = locked!.lockedUntil!.getTime() - locked!.updatedAt.getTime();
    expect(lockMs).toBe(1 * SECOND);

    // Inside the backoff (stretched in D1 so the test does not race the clock).
    await setRateLimit(key, { lockedUntil: new Date(Date.now() + 30 * SECOND) });
    const refused = await signInFrom(user.email, PASSWORD);
    expect(await answer(refused)).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    // When to come back: the rest of the 30-second lock, in whole seconds.
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(28);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    // A refused attempt is not counted.
    expect((await rateLimitRow(key))?.count).toBe(10);

    // The lock has passed.
    await setRateLimit(key, { lockedUntil: new Date(Date.now() - SECOND) });
    const accepted = await signInFrom(user.email, PASSWORD);
    expect(accepted.status).toBe(200);
    const after = await rateLimitRow(key);
    expect(after?.failuresInRow).toBe(0);
    expect(after?.lockedUntil).toBeNull();

    // The streak starts again: one failure does not lock.
    expect((await signInFrom(user.email, "wrong-password")).status).toBe(401);
    expect((await rateLimitRow(key))?.lockedUntil).toBeNull();
    expect((await signInFrom(user.email, PASSWORD)).status).toBe(200);
  });

  it("doubles the lock with every further failure, up to an hour", async () => {
    const { user } = await createUser();
    const key = await accountKey("login", user.email);
    for (const [streak, expectedMs] of [
      [10, 2 * SECOND], // the 11th failure
      [14, 32 * SECOND], // the 15th
      [20, 2048 * SECOND], // the 21st
      [21, HOUR], // the 22nd: 4096 s is capped
      [40, HOUR],
    ] as const) {
      await setRateLimit(key, { failuresInRow: streak, lockedUntil: new Date(Date.now() - SECOND), count: 0 });
      expect(await answer(await signInFrom(user.email, "wrong-password"))).toEqual({
        status: 401,
        body: SIGN_IN_FAILED,
      });
      const row = await rateLimitRow(key);
      expect(row?.failuresInRow).toBe(streak + 1);
      expect(row!.lockedUntil!.getTime() - row!.updatedAt.getTime()).toBe(expectedMs);
    }
  });

  it("says when to come back after a full hour window (Retry-After up to the window's end)", async () => {
    const { user } = await createUser();
    const key = await accountKey("login", user.email);
    await setRateLimit(key, { count: 101, windowStart: new Date(Date.now() - 10 * MINUTE) });
    const refused = await signInFrom(user.email, PASSWORD);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(50 * 60 - 5);
    expect(retryAfter).toBeLessThanOrEqual(50 * 60);
  });

  it("allows at most 100 attempts in an hour window, even with the right password", async () => {
    const { user } = await createUser();
    const key = await accountKey("login", user.email);
    // Every attempt counts against the account, a successful one too.
    for (let i = 0; i < 3; i++) await signInFrom(user.email, "wrong-password");
    expect((await rateLimitRow(key))?.count).toBe(3);
    expect((await signInFrom(user.email, PASSWORD)).status).toBe(200);
    expect((await rateLimitRow(key))?.count).toBe(4);

    await setRateLimit(key, { count: 99, windowStart: new Date(Date.now() - 10 * MINUTE) });
    expect((await signInFrom(user.email, "wrong-password")).status).toBe(401); // the 100th
    expect((await rateLimitRow(key))?.count).toBe(100);
    expect(await answer(await signInFrom(user.email, PASSWORD))).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });
    expect(await answer(await signInFrom(user.email, PASSWORD))).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });

    // A new window starts an hour after the first attempt of the last one.
    await setRateLimit(key, { windowStart: new Date(Date.now() - HOUR - SECOND) });
    expect((await signInFrom(user.email, PASSWORD)).status).toBe(200);
    const row = await rateLimitRow(key);
    expect(row?.count).toBe(1);
    expect(Date.now() - row!.windowStart.getTime()).toBeLessThan(MINUTE);
  });

  it("treats an unknown email exactly like a known one", async () => {
    const { user } = await createUser();
    const unknown = `nobody-${crypto.randomUUID()}@example.test`;
    for (let i = 0; i < 10; i++) {
      const known = await answer(await signInFrom(user.email, "wrong-password"));
      const stranger = await answer(await signInFrom(unknown, "wrong-password"));
      expect(stranger).toEqual(known);
    }
    const knownRow = await rateLimitRow(await accountKey("login", user.email));
    const unknownRow = await rateLimitRow(await accountKey("login", unknown));
    expect(unknownRow?.failuresInRow).toBe(knownRow?.failuresInRow);
    expect(unknownRow?.count).toBe(knownRow?.count);
    expect(unknownRow?.lockedUntil).not.toBeNull();

    await setRateLimit(await accountKey("login", user.email), { lockedUntil: new Date(Date.now() + MINUTE) });
    await setRateLimit(await accountKey("login", unknown), { lockedUntil: new Date(Date.now() + MINUTE) });
    const known = await answer(await signInFrom(user.email, PASSWORD));
    const stranger = await answer(await signInFrom(unknown, PASSWORD));
    expect(known).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });
    expect(stranger).toEqual(known);
  });

  it("counts the case-insensitive email as one account", async () => {
    const { user } = await createUser();
    await signInFrom(user.email.toUpperCase(), "wrong-password");
    await signInFrom(` ${user.email} `, "wrong-password");
    expect((await rateLimitRow(await accountKey("login", user.email)))?.failuresInRow).toBe(2);
  });

  it("shows the text in the login form's alert", async () => {
    const { user } = await createUser();
    await setRateLimit(await accountKey("login", user.email), { lockedUntil: new Date(Date.now() + MINUTE) });
    const response = await call("/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "partwise.test" },
      body: new URLSearchParams({ intent: "login", email: user.email, password: PASSWORD }).toString(),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(58);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await response.text()).toMatch(
      /role="alert"[^>]*>Too many attempts\. Please wait a few minutes and try again\.</,
    );
  });
});

describe("throttling per IP", () => {
  it("allows 100 attempts an hour from one IP across different emails", async () => {
    const ip = freshIp();
    const { user } = await createUser();
    await setRateLimit(`auth:ip:${ip}`, { count: 99, windowStart: new Date(Date.now() - 5 * MINUTE) });
    const other = `someone-${crypto.randomUUID()}@example.test`;
    expect((await signInFrom(other, "wrong-password", ip)).status).toBe(401); // the 100th
    expect(await answer(await signInFrom(user.email, PASSWORD, ip))).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });
    expect(await answer(await signInFrom(`third-${crypto.randomUUID()}@example.test`, "x", ip))).toEqual({
      status: 429,
      body: TOO_MANY_ATTEMPTS,
    });
    // Another IP, and a request without one, are not affected.
    expect((await signInFrom(user.email, PASSWORD, freshIp())).status).toBe(200);
    expect((await signInFrom(user.email, PASSWORD)).status).toBe(200);
  });

  it("counts sign-in, reset and recovery together, and gives a successful sign-in its slot back", async () => {
    const ip = freshIp();
    const { user } = await createUser();
    const headers = { "CF-Connecting-IP": ip };
    await signInFrom(user.email, "wrong-password", ip);
    await requestReset(`nobody-${crypto.randomUUID()}@example.test`, headers);
    await recover({ email: user.email, recoveryPassword: "WRNG-WRNG-WRNG" }, headers);
    expect((await rateLimitRow(`auth:ip:${ip}`))?.count).toBe(3);
    expect((await signInFrom(user.email, PASSWORD, ip)).status).toBe(200);
    expect((await rateLimitRow(`auth:ip:${ip}`))?.count).toBe(3);
  });

  it("keys IPv6 clients by their /64 network", async () => {
    const { user } = await createUser();
    await signInFrom(user.email, "wrong-password", "2001:db8:1:2::5");
    await signInFrom(user.email, "wrong-password", "2001:0db8:0001:0002:ffff:1:2:3");
    expect((await rateLimitRow("auth:ip:2001:db8:1:2::/64"))?.count).toBe(2);
  });

  it("is atomic: parallel attempts never get past the limit", async () => {
    const ip = freshIp();
    await setRateLimit(`auth:ip:${ip}`, { count: 95, windowStart: new Date() });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInFrom(`parallel-${i}-${crypto.randomUUID()}@example.test`, "x", ip)),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});

describe("the reset and recovery endpoints are throttled too", () => {
  it("allows 5 reset requests an hour per email, known or unknown, with the same answers", async () => {
    const { user } = await createUser();
    const unknown = `nobody-${crypto.randomUUID()}@example.test`;
    for (let i = 0; i < 5; i++) {
      expect(await answer(await requestReset(user.email))).toEqual({ status: 200, body: RESET_REQUESTED });
      expect(await answer(await requestReset(unknown))).toEqual({ status: 200, body: RESET_REQUESTED });
    }
    const known = await requestReset(user.email);
    const stranger = await requestReset(unknown);
    expect(await answer(known)).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });
    expect(await answer(stranger)).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });
    expect(Number(known.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("refuses reset requests from an IP over its hourly limit", async () => {
    const ip = freshIp();
    await setRateLimit(`auth:ip:${ip}`, { count: 100, windowStart: new Date() });
    const { user } = await createUser();
    expect(await answer(await requestReset(user.email, { "CF-Connecting-IP": ip }))).toEqual({
      status: 429,
      body: TOO_MANY_ATTEMPTS,
    });
  });

  it("locks recovery after 10 failures in a row; a refused attempt uses no try and the code works afterwards", async () => {
    const { user } = await createUser();
    const key = await accountKey("recover", user.email);
    // 10 wrong recoveries without a live reset (an unknown email behaves the same).
    for (let i = 0; i < 10; i++) {
      expect(await answer(await recover({ email: user.email, recoveryPassword: "WRNG-WRNG-WRNG" }))).toEqual({
        status: 400,
        body: RECOVERY_FAILED,
      });
    }
    expect((await rateLimitRow(key))?.failuresInRow).toBe(10);

    const code = await emailedRecoveryPassword(user.email);
    await setRateLimit(key, { lockedUntil: new Date(Date.now() + MINUTE) });
    expect(await answer(await recover({ email: user.email, recoveryPassword: code }))).toEqual({
      status: 429,
      body: TOO_MANY_ATTEMPTS,
    });
    const [reset] = await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(reset.attempts).toBe(0);
    expect(reset.usedAt).toBeNull();

    await setRateLimit(key, { lockedUntil: new Date(Date.now() - SECOND) });
    expect((await recover({ email: user.email, recoveryPassword: code })).status).toBe(200);
    expect((await rateLimitRow(key))?.failuresInRow).toBe(0);
  });

  it("answers an unknown email's recovery like a known one's when throttled", async () => {
    const { user } = await createUser();
    const unknown = `nobody-${crypto.randomUUID()}@example.test`;
    for (const email of [user.email, unknown]) {
      await setRateLimit(await accountKey("recover", email), { lockedUntil: new Date(Date.now() + MINUTE) });
    }
    const known = await answer(await recover({ email: user.email, recoveryPassword: "WRNG-WRNG-WRNG" }));
    const stranger = await answer(await recover({ email: unknown, recoveryPassword: "WRNG-WRNG-WRNG" }));
    expect(known).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });
    expect(stranger).toEqual(known);
  });
});

describe("the public email check and sign-up are limited per client network", () => {
  it("answers 60 email checks an hour from one network, then 429, while other networks go on", async () => {
    const ip = freshIp();
    const check = (from: string) =>
      call(`/api/client/checkEmail/${encodeURIComponent("someone@example.test")}`, {
        headers: { "CF-Connecting-IP": from },
      });
    await setRateLimit(`check-email:ip:${ip}`, { count: 59, windowStart: new Date() });
    expect(await answer(await check(ip))).toEqual({ status: 200, body: { emailAvailable: true } });
    const refused = await check(ip);
    expect(await answer(refused)).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await check(freshIp())).status).toBe(200);
  });

  it("allows 20 sign-ups an hour from one network and creates no account past that", async () => {
    const ip = freshIp();
    await setRateLimit(`signup:ip:${ip}`, { count: 20, windowStart: new Date() });
    const email = `late-${crypto.randomUUID()}@example.test`;
    const response = await call("/api/client/auth/signup", {
      json: {
        firstName: "Ada",
        lastName: "Byrne",
        phone: "(207) 555-0101",
        email,
        password: "Abcdef1!",
        confirmPassword: "Abcdef1!",
      },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(await answer(response)).toEqual({ status: 429, body: TOO_MANY_ATTEMPTS });
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});
