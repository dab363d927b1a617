import { and, desc, eq } from "drizzle-orm";
import { vi } from "vitest";
import { emailOutbox, rateLimits } from "~db/schema";
import { call, db, sha256Hex } from "./session";

export const RESET_REQUESTED = {
  msg: "If an account exists for that email, we've sent a recovery password to it. It expires in 30 minutes.",
};
export const RECOVERY_FAILED = { msg: "That recovery password is incorrect or has expired." };
export const TOO_MANY_ATTEMPTS = { msg: "Too many attempts. Please wait a few minutes and try again." };
export const SIGN_IN_FAILED = { msg: "The email or password you entered is incorrect." };
export const NEW_PASSWORD = "Brand-new-Secret-42";

export function requestReset(email: string, headers: HeadersInit = {}) {
  return call("/api/client/auth/reset-password", { method: "PUT", json: { email }, headers });
}

export function recover(
  body: { email: string; recoveryPassword: string; password?: string; confirmPassword?: string },
  headers: HeadersInit = {},
) {
  return call("/api/client/auth/recover", {
    json: { password: NEW_PASSWORD, confirmPassword: body.password ?? NEW_PASSWORD, ...body },
    headers,
  });
}

/** Reset emails go out after the response (waitUntil): wait for the newest one to this address. */
export async function resetEmailTo(email: string, previousId?: string) {
  return vi.waitFor(
    async () => {
      const row = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password_reset")))
        .orderBy(desc(emailOutbox.createdAt))
        .get();
      if (!row || row.id === previousId) throw new Error(`no new reset email to ${email} yet`);
      return row;
    },
    { timeout: 5_000, interval: 50 },
  );
}

export function recoveryPasswordIn(text: string): string {
  const match = /Recovery password: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(text);
  if (!match) throw new Error(`no recovery password in: ${text}`);
  return match[1];
}

/** Requests a reset through the API and returns the recovery password from the emailed text. */
export async function emailedRecoveryPassword(email: string): Promise<string> {
  const before = await db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt))
    .get();
  const response = await requestReset(email);
  if (response.status !== 200) throw new Error(`reset request failed: ${response.status}`);
  return recoveryPasswordIn((await resetEmailTo(email, before?.id)).textBody);
}

export async function accountKey(action: "login" | "reset" | "recover", email: string) {
  return `${action}:email:${await sha256Hex(email.trim().toLowerCase())}`;
}

export async function rateLimitRow(key: string) {
  return db().select().from(rateLimits).where(eq(rateLimits.key, key)).get();
}

/** Moves a throttling row in time (instead of sleeping). */
export async function setRateLimit(key: string, values: Partial<typeof rateLimits.$inferInsert>) {
  const now = new Date();
  await db()
    .insert(rateLimits)
    .values({ key, count: 0, windowStart: now, failuresInRow: 0, updatedAt: now, ...values })
    .onConflictDoUpdate({ target: rateLimits.key, set: { ...values, updatedAt: now } });
}
