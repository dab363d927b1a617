import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../../functions/worker";
import { emailOutbox, passwordResets, sessions, users } from "~db/schema";
import {
  emailedRecoveryPassword,
  NEW_PASSWORD,
  recover,
  RECOVERY_FAILED,
  recoveryPasswordIn,
  requestReset,
  RESET_REQUESTED,
  resetEmailTo,
  SIGN_IN_FAILED,
  call,
  createUser,
  db,
  ORIGIN,
  PASSWORD,
  postForm,
  sessionTokenFrom,
  signIn,
} from "../helpers";
import { signedInClient } from "../../factories";

const PASSWORD_RULES = "Required: 8 characters, 1 uppercase, 1 number, 1 special character.";

async function resetsOf(userId: string) {
  return db()
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .orderBy(desc(passwordResets.createdAt));
}

function viewerStatus(token: string) {
  return call("/api/client/auth", { cookie: token }).then((response) => response.status);
}

describe("PUT /api/client/auth/reset-password", () => {
  it("answers the same for a known and an unknown email, and emails only the known one", async () => {
    const { user } = await createUser();
    const unknown = `nobody-${crypto.randomUUID()}@example.test`;
    const known = await requestReset(user.email.toUpperCase());
    const stranger = await requestReset(unknown);
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(await known.json()).toEqual(RESET_REQUESTED);
    expect(await stranger.json()).toEqual(RESET_REQUESTED);
    expect(known.headers.get("Set-Cookie")).toBeNull();

    const mail = await resetEmailTo(user.email);
    expect(mail).toMatchObject({
      kind: "password_reset",
      status: "sent",
      subject: "Your Partwise recovery password",
      fromAddress: "Partwise <no-reply@partwise.test>",
    });
    const code = recoveryPasswordIn(mail.textBody);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const link = `${ORIGIN}/password-reset?email=${encodeURIComponent(user.email)}`;
    expect(mail.textBody).toContain("Hi Test,");
    expect(mail.textBody).toContain("It works once and expires in 30 minutes.");
    expect(mail.textBody).toContain(`Choose a new password: ${link}`);
    expect(mail.htmlBody).toContain(code);
    expect(mail.htmlBody).toContain(`href="${link.replace(/&/g, "&amp;")}"`);

    // Only a hash is stored, valid for 30 minutes.
    const [reset] = await resetsOf(user.id);
    expect(reset.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(reset.codeHash).not.toContain(code.replace(/-/g, ""));
    expect(reset.attempts).toBe(0);
    expect(reset.usedAt).toBeNull();
    const ttl = reset.expiresAt.getTime() - reset.createdAt.getTime();
    expect(ttl).toBe(30 * 60 * 1000);

    // Nothing for the unknown address: no email, no reset row.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, unknown))).toHaveLength(0);
  });

  it("answers first: the account is looked up, and its recovery password stored and emailed, only after the response", async () => {
    const { user } = await createUser();
    const outboxTo = () => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    const request = new Request(`${ORIGIN}/api/client/auth/reset-password`, {
      method: "PUT",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email }),
    });
    const ctx = createExecutionContext();
    const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
    // The answer exists while nothing about the account has been written yet.
    expect(response.status).toBe(200);
    expect(await resetsOf(user.id)).toHaveLength(0);
    expect(await outboxTo()).toHaveLength(0);
    expect(await response.json()).toEqual(RESET_REQUESTED);

    // The work was handed to waitUntil and completes there.
    await waitOnExecutionContext(ctx);
    expect(await resetsOf(user.id)).toHaveLength(1);
    expect(await outboxTo()).toEqual([expect.objectContaining({ kind: "password_reset", status: "sent" })]);
  });

  it("answers 400 with a message for malformed bodies, and 405 for other methods", async () => {
    const malformed = await call("/api/client/auth/reset-password", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ msg: "The request body is not valid JSON." });

    const missing = await call("/api/client/auth/reset-password", { method: "PUT", json: {} });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { msg: string }).msg).toBe("Enter your email.");

    const invalid = await call("/api/client/auth/reset-password", { method: "PUT", json: { email: "not-an-email" } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { msg: string }).msg).toBe("Enter a valid email.");

    const wrongType = await call("/api/client/auth/reset-password", { method: "PUT", json: { email: 42 } });
    expect(wrongType.status).toBe(400);

    const post = await call("/api/client/auth/reset-password", { method: "POST", json: { email: "a@example.test" } });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("PUT");
    expect((await call("/api/client/auth/reset-password")).status).toBe(405);
  });
});

describe("POST /api/client/auth/recover", () => {
  it("sets the new password once, ends every session and signs in", async () => {
    const { user, token: firstSession } = await signedInClient();
    const secondSession = sessionTokenFrom(await signIn(user.email))!;
    expect(await viewerStatus(firstSession)).toBe(200);

    const code = await emailedRecoveryPassword(user.email);
    // People may type it in lower case and without the dashes.
    const response = await recover({ email: user.email, recoveryPassword: code.replace(/-/g, "").toLowerCase() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user: {
        _id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        role: "client",
      },
      msg: "Your password has been reset. You are signed in.",
    });
    const newSession = sessionTokenFrom(response)!;
    expect(newSession).toBeTruthy();

    // Every earlier session is gone; only the new one is left, and it works.
    expect(await viewerStatus(firstSession)).toBe(401);
    expect(await viewerStatus(secondSession)).toBe(401);
    expect(await viewerStatus(newSession)).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const [reset] = await resetsOf(user.id);
    expect(reset.usedAt).toBeInstanceOf(Date);
    const stored = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(stored?.passwordChangedAt).toBeInstanceOf(Date);
    expect(stored?.passwordHash).not.toBe(user.passwordHash);

    // The old password no longer works; the new one does.
    const old = await signIn(user.email, PASSWORD);
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual(SIGN_IN_FAILED);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);

    // Single use.
    const again = await recover({ email: user.email, recoveryPassword: code, password: "Another-Secret-77" });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(RECOVERY_FAILED);
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses an expired recovery password with the same text", async () => {
    const { user } = await createUser();
    const code = await emailedRecoveryPassword(user.email);
    await db()
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const response = await recover({ email: user.email, recoveryPassword: code });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(RECOVERY_FAILED);
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it("refuses a wrong recovery password, an unknown email and another account's code with the same text", async () => {
    const { user } = await createUser();
    const { user: other } = await createUser();
    const code = await emailedRecoveryPassword(user.email);

    for (const attempt of [
      { email: user.email, recoveryPassword: "WRNG-WRNG-WRNG" },
      { email: `nobody-${crypto.randomUUID()}@example.test`, recoveryPassword: code },
      { email: other.email, recoveryPassword: code },
    ]) {
      const response = await recover(attempt);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(RECOVERY_FAILED);
    }
    // The right one still works after one wrong try.
    expect((await recover({ email: user.email, recoveryPassword: code })).status).toBe(200);
  });

  it("kills a recovery password after 5 wrong tries", async () => {
    const { user } = await createUser();
    const code = await emailedRecoveryPassword(user.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await recover({ email: user.email, recoveryPassword: `WRNG-WRNG-WRN${i + 2}` });
      expect(await wrong.json()).toEqual(RECOVERY_FAILED);
    }
    const [reset] = await resetsOf(user.id);
    expect(reset.attempts).toBe(5);
    const right = await recover({ email: user.email, recoveryPassword: code });
    expect(right.status).toBe(400);
    expect(await right.json()).toEqual(RECOVERY_FAILED);
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it("lets only the newest recovery password work", async () => {
    const { user } = await createUser();
    const first = await emailedRecoveryPassword(user.email);
    const second = await emailedRecoveryPassword(user.email);
    expect(second).not.toBe(first);
    expect(await (await recover({ email: user.email, recoveryPassword: first })).json()).toEqual(RECOVERY_FAILED);
    expect((await recover({ email: user.email, recoveryPassword: second })).status).toBe(200);
  });

  it("enforces the sign-up password rules and texts, and answers 400 for malformed bodies", async () => {
    const { user } = await createUser();
    const code = await emailedRecoveryPassword(user.email);
    const cases: [Record<string, unknown>, string][] = [
      [{ password: "short1!", confirmPassword: "short1!" }, PASSWORD_RULES],
      [{ password: "nouppercase1!", confirmPassword: "nouppercase1!" }, PASSWORD_RULES],
      [{ password: "NoSpecial123", confirmPassword: "NoSpecial123" }, PASSWORD_RULES],
      [{ password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }, "Passwords do not match"],
      [{ password: NEW_PASSWORD, confirmPassword: "" }, "Confirm your new password."],
      [{ recoveryPassword: "" }, "Enter the recovery password from the email."],
      [{ email: "" }, "Enter your email."],
    ];
    for (const [overrides, message] of cases) {
      const response = await call("/api/client/auth/recover", {
        json: {
          email: user.email,
          recoveryPassword: code,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          ...overrides,
        },
      });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(((await response.json()) as { msg: string }).msg, JSON.stringify(overrides)).toBe(message);
    }
    const malformed = await call("/api/client/auth/recover", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ msg: "The request body is not valid JSON." });
    expect((await call("/api/client/auth/recover", { json: [] })).status).toBe(400);

    // None of those used up a try: the code still works.
    const [reset] = await resetsOf(user.id);
    expect(reset.attempts).toBe(0);
    expect((await recover({ email: user.email, recoveryPassword: code })).status).toBe(200);
  });
});

describe("the pages", () => {
  it("the login screen's reset form answers with the message for any email", async () => {
    const { user } = await createUser();
    for (const email of [user.email, `nobody-${crypto.randomUUID()}@example.test`]) {
      const response = await postForm("/login", { intent: "reset", email });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("If an account exists for that email, we&#x27;ve sent a recovery password to it.");
    }
    await resetEmailTo(user.email);
  });

  it("/password-reset prefills the email, and its form sets the password and signs in", async () => {
    const { user, token } = await signedInClient();
    const page = await call(`/password-reset?email=${encodeURIComponent(user.email)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Reset your password");
    expect(html).toContain(`value="${user.email}"`);
    for (const label of ["Email", "Recovery password", "New password", "Confirm new password"]) {
      expect(html).toContain(`>${label}</label>`);
    }

    const code = await emailedRecoveryPassword(user.email);
    const mismatch = await postForm("/password-reset", {
      email: user.email,
      recoveryPassword: code,
      password: NEW_PASSWORD,
      confirmPassword: "Something-else-1",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");

    const wrong = await postForm("/password-reset", {
      email: user.email,
      recoveryPassword: "WRNG-WRNG-WRNG",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("That recovery password is incorrect or has expired.");
    expect(wrongHtml).not.toContain(NEW_PASSWORD);

    const done = await postForm(
      "/password-reset",
      { email: user.email, recoveryPassword: code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      token,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    const session = sessionTokenFrom(done)!;
    expect(await viewerStatus(session)).toBe(200);
    expect(await viewerStatus(token)).toBe(401);
    const home = await call("/", { cookie: session });
    expect(home.headers.get("Location")).toBe("/dashboard");
  });
});
