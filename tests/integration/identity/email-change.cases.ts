import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailChanges, emailOutbox, users } from "~db/schema";
import { signedInClient } from "../../factories";
import {
  call,
  createUser,
  db,
  emailedRecoveryPassword,
  html,
  PASSWORD,
  postForm,
  recover,
  signIn,
  signedIn,
} from "../helpers";

/**
 * Changing the sign-in email (ADR 050): the current password, then a link to the new address
 * (stored hashed, expiring, single use, only the newest works) before anything changes, and the
 * old address told twice (asked, then changed). A password change or reset says so by email.
 */

const UPDATE = "/api/client/updateInfo";
/** A new password by the settings' rules (their special characters only). */
const SETTINGS_PASSWORD = "Fresh@start1!";
const PASSWORD_FOR_EMAIL = "Enter your current password to change your email.";
const WRONG_PASSWORD = "You did not enter your old password in correctly.";
const INVALID_LINK = "This link has expired or was already used. Sign in to ask for a new one.";
const UNREADABLE_FORM = "We couldn't read that form. Please reload the page and try again.";
const TAKEN_AT_LINK =
  "Another account now uses that email, so it could not become your sign-in email. Choose another one in your settings.";
const sent = (email: string) =>
  `We sent a link to ${email}. Your sign-in email changes when you open it (within 24 hours); until then, keep signing in with your current email.`;

const put = (json: unknown, cookie: string) => call(UPDATE, { method: "PUT", json, cookie });
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const fresh = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** Every email of `kind` to `address`, oldest first. */
const mailsTo = (address: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)))
    .orderBy(emailOutbox.createdAt)
    .all();

/** The link in the newest confirmation email to `address`: its token. */
async function linkTokenTo(address: string): Promise<string> {
  const [mail] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, "email_change_verify")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? "");
  if (!match) throw new Error(`no confirmation link to ${address}`);
  return match[1];
}

const openLink = (token: string) => call(`/verify-email?token=${token}`);
const confirm = (token: string) => postForm("/verify-email", { token });

/** A client whose change to `email` is asked for through the API: the link's token. */
async function requestChange(client: { token: string; user: { phone: string } }, email: string) {
  const response = await put(
    { firstName: "Robin", lastName: "Okafor", phone: client.user.phone, email, password: PASSWORD },
    client.token,
  );
  expect(response.status).toBe(200);
  return linkTokenTo(email);
}

describe("PUT /api/client/updateInfo: a new email", () => {
  it("needs the current password: without it or with a wrong one nothing changes and nothing is sent", async () => {
    const { user, token } = await signedInClient();
    const email = fresh("moved");
    const body = { firstName: "Robin", lastName: "Okafor", phone: "(207) 555-0199", email };
    const missing = await put(body, token);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ msg: PASSWORD_FOR_EMAIL, errors: { password: PASSWORD_FOR_EMAIL } });
    const wrong = await put({ ...body, password: "Not-the-password-1" }, token);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ msg: WRONG_PASSWORD, errors: { password: WRONG_PASSWORD } });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, firstName: user.firstName, phone: user.phone });
    expect(await mailsTo(email, "email_change_verify")).toEqual([]);
    expect(await mailsTo(user.email, "email_change_requested")).toEqual([]);
    expect(await db().select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
  });

  it("with the password: the name changes at once, the email only by the link sent to it; the old address is told", async () => {
    const { user, token } = await signedInClient();
    const email = fresh("moved");
    const response = await put(
      {
        firstName: "Robin",
        lastName: "Okafor",
        phone: "(207) 555-0199",
        email: email.toUpperCase(),
        password: PASSWORD,
      },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      _id: user.id,
      email: user.email,
      firstName: "Robin",
      lastName: "Okafor",
      phone: "(207) 555-0199",
      role: "client",
      pendingEmail: email,
      msg: sent(email),
    });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, firstName: "Robin" });
    // Not yet: the old email signs in, the new one does not.
    expect((await signIn(user.email)).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);

    const [verify] = await mailsTo(email, "email_change_verify");
    expect(verify).toMatchObject({ subject: "Confirm your new Partwise sign-in email", status: "sent" });
    const [asked] = await mailsTo(user.email, "email_change_requested");
    expect(asked!.subject).toBe("A change of your Partwise sign-in email was requested");
    expect(asked!.textBody).toContain(`asked to change its sign-in email to ${email}. It changes only if the link`);
    // The token is stored hashed.
    const token43 = await linkTokenTo(email);
    const [row] = await db().select().from(emailChanges).where(eq(emailChanges.userId, user.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token43);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);

    // Opening the link shows the address and changes nothing (mail scanners open links).
    const page = await openLink(token43);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(html(`Use ${email} to sign in to Partwise from now on?`));
    expect((await userRow(user.id)).email).toBe(user.email);

    const confirmed = await confirm(token43);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(
      html(`Your sign-in email is now ${email}. Use it the next time you sign in.`),
    );
    expect((await userRow(user.id)).email).toBe(email);
    expect((await signIn(email)).status).toBe(200);
    expect((await signIn(user.email)).status).toBe(401);
    const [changed] = await mailsTo(user.email, "email_changed");
    expect(changed!.textBody).toContain(`The email you sign in to Partwise with was changed to ${email}.`);

    // Single use: the same link again changes nothing.
    const reused = await confirm(token43);
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain(html(INVALID_LINK));
    expect(await mailsTo(user.email, "email_changed")).toHaveLength(1);
  });

  it("the same email (any case) is no change; a taken one is 409 and nothing changes", async () => {
    const other = await createUser();
    const { user, token } = await signedInClient();
    const same = await put(
      { firstName: "Same", lastName: "Mail", phone: user.phone, email: user.email.toUpperCase() },
      token,
    );
    expect(same.status).toBe(200);
    expect(await same.json()).not.toHaveProperty("pendingEmail");
    const taken = await put(
      { firstName: "Taken", lastName: "Email", phone: user.phone, email: other.user.email, password: PASSWORD },
      token,
    );
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ msg: "Email is already taken", errors: { email: "Email is already taken" } });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, firstName: "Same" });
  });
});

describe("/verify-email: the link", () => {
  it("two links: the older never wins, even opened after the newer was asked for", async () => {
    const client = await signedInClient();
    const first = fresh("first");
    const second = fresh("second");
    const older = await requestChange(client, first);
    const newer = await requestChange(client, second);
    expect((await openLink(older)).status).toBe(400);
    const stale = await confirm(older);
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain(html(INVALID_LINK));
    expect((await userRow(client.user.id)).email).toBe(client.user.email);
    // Both links opened at once: the newer changes it, once.
    const answers = await Promise.all([confirm(newer), confirm(older), confirm(newer)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    expect((await userRow(client.user.id)).email).toBe(second);
    expect(await mailsTo(client.user.email, "email_changed")).toHaveLength(1);
  });

  it("an expired link, a made-up one and a missing one change nothing", async () => {
    const client = await signedInClient();
    const email = fresh("late");
    const token = await requestChange(client, email);
    await db()
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, client.user.id));
    for (const attempt of [token, "A".repeat(43), "short", ""]) {
      const response = await confirm(attempt);
      expect(response.status, attempt).toBe(400);
      expect(await response.text()).toContain(html(INVALID_LINK));
    }
    expect((await call("/verify-email")).status).toBe(400);
    expect((await userRow(client.user.id)).email).toBe(client.user.email);
  });

  it("a wrong method, an unreadable body, a garbage token or a foreign origin change nothing and say why", async () => {
    const client = await signedInClient();
    const email = fresh("probed");
    const token = await requestChange(client, email);
    const form = () => new URLSearchParams({ token });
    const formHeaders = { "Content-Type": "application/x-www-form-urlencoded" };
    // Only POST confirms: any other method is 405 and leaves the link usable.
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await call("/verify-email", { method, body: form(), headers: formHeaders });
      expect(response.status, method).toBe(405);
      expect(await response.text(), method).toContain(html("We couldn't handle that request"));
    }
    // A body that is not a form is said to be unreadable, not an expired link.
    for (const [type, body] of [
      ["application/json", JSON.stringify({ token })],
      ["text/plain", token],
    ] as const) {
      const response = await call("/verify-email", { method: "POST", body, headers: { "Content-Type": type } });
      expect(response.status, type).toBe(415);
      expect(await response.text(), type).toContain(html(UNREADABLE_FORM));
    }
    for (const garbage of ["!".repeat(43), `${token}=`, "A".repeat(100_000)]) {
      const response = await confirm(garbage);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(html(INVALID_LINK));
    }
    const opened = await call("/verify-email?token=%00%FF");
    expect(opened.status).toBe(400);
    expect(await opened.text()).toContain(html(INVALID_LINK));
    // Another site's form: refused before the route (the house's answer to every cross-origin write).
    for (const origin of ["https://evil.test", "null"]) {
      const response = await call("/verify-email", {
        method: "POST",
        body: form(),
        headers: { ...formHeaders, Origin: origin },
      });
      expect(response.status, origin).toBe(403);
    }
    expect(await userRow(client.user.id)).toMatchObject({ email: client.user.email });
    expect(await mailsTo(client.user.email, "email_changed")).toEqual([]);
    const [pending] = await db().select().from(emailChanges).where(eq(emailChanges.userId, client.user.id));
    expect(pending!.usedAt).toBeNull();

    // The link alone decides (ADR 050: no session needed): opened in another person's session,
    // with fields of theirs added, it changes the link's account to the link's address, and
    // nothing of the person signed in.
    const other = await signedInClient();
    const confirmed = await postForm(
      "/verify-email",
      { token, email: other.user.email, userId: other.user.id, newEmail: "someone@else.test" },
      other.token,
    );
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(
      html(`Your sign-in email is now ${email}. Use it the next time you sign in.`),
    );
    expect((await userRow(client.user.id)).email).toBe(email);
    expect(await userRow(other.user.id)).toMatchObject({ email: other.user.email });
  });

  it("an address another account took in between is refused at the link, and nothing changes", async () => {
    const client = await signedInClient();
    const email = fresh("contested");
    const token = await requestChange(client, email);
    await createUser({ email });
    const response = await confirm(token);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(html(TAKEN_AT_LINK));
    expect((await userRow(client.user.id)).email).toBe(client.user.email);
  });
});

describe("the settings' Personal tab", () => {
  it("asks for the current password, then says a link was sent and which address waits for it", async () => {
    const { user, token } = await signedInClient();
    const page = await (await call("/company-profile?tab=personal", { cookie: token })).text();
    expect(page).toContain(">Current Password</label>");
    const email = fresh("tab");
    const fields = { intent: "personal", email, phone: user.phone, firstName: "Jordan", lastName: "Pike" };
    const refused = await postForm("/company-profile?tab=personal", fields, token);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(html(PASSWORD_FOR_EMAIL));
    expect((await userRow(user.id)).firstName).not.toBe("Jordan");

    const saved = await postForm("/company-profile?tab=personal", { ...fields, password: PASSWORD }, token);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(html(`Your information was updated! ${sent(email)}`));
    expect(await userRow(user.id)).toMatchObject({ email: user.email, firstName: "Jordan" });
    const waiting = await (await call("/company-profile?tab=personal", { cookie: token })).text();
    expect(waiting).toMatch(
      new RegExp(`Waiting for you to confirm ${email.replace(/[.]/g, "\\.")}: open the link we sent there before`),
    );
  });
});

describe("password changes are told by email", () => {
  it("a change in settings sends 'Your Partwise password was changed' and cancels a pending email change", async () => {
    const client = await signedInClient();
    const token = await requestChange(client, fresh("pending"));
    const response = await call("/api/client/auth/updatePassword", {
      method: "PUT",
      json: { password: PASSWORD, newPassword: SETTINGS_PASSWORD, confirmNewPassword: SETTINGS_PASSWORD },
      cookie: client.token,
    });
    expect(response.status).toBe(200);
    const notice = await vi.waitFor(
      async () => {
        const [mail] = await mailsTo(client.user.email, "password_changed");
        if (!mail) throw new Error("no notice yet");
        return mail;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(notice.subject).toBe("Your Partwise password was changed");
    expect(notice.textBody).toContain("The password of your Partwise account was changed on");
    // The one date-and-time format, 12-hour clock and zone once (ADR 052).
    expect(notice.textBody).toMatch(
      /was changed on [A-Z][a-z]{2,3} \d{1,2}, \d{4}, (1[0-2]|[1-9]):[0-5]\d [AP]M UTC\. Every other device/,
    );
    // The link asked for with the old password is dead.
    expect((await confirm(token)).status).toBe(400);
    expect((await userRow(client.user.id)).email).toBe(client.user.email);
  });

  it("a reset by recovery password sends it too; a consultant's change as well", async () => {
    const { user } = await createUser();
    const recoveryPassword = await emailedRecoveryPassword(user.email);
    expect((await recover({ email: user.email, recoveryPassword })).status).toBe(200);
    await vi.waitFor(
      async () => {
        if ((await mailsTo(user.email, "password_changed")).length !== 1) throw new Error("no notice yet");
      },
      { timeout: 5_000, interval: 50 },
    );

    const consultant = await signedIn({ role: "consultant" });
    const changed = await postForm(
      "/consultant/settings",
      { intent: "password", password: PASSWORD, newPassword: SETTINGS_PASSWORD, confirmNewPassword: SETTINGS_PASSWORD },
      consultant.token,
    );
    expect(changed.status).toBe(200);
    await vi.waitFor(
      async () => {
        if ((await mailsTo(consultant.user.email, "password_changed")).length !== 1) throw new Error("no notice yet");
      },
      { timeout: 5_000, interval: 50 },
    );
  });
});
