import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, sessions, users } from "~db/schema";
import { verifyPassword } from "~/server/identity/password.server";
import { call, createUser, db, html, LOCAL_PEPPER, PASSWORD, postForm, signIn, signedIn } from "../helpers";

/**
 * The consultant portal's Settings: the password change of the business Settings (same rules and
 * texts) and the sign-in email change, which needs the current password, is confirmed by a link
 * sent to the new address and tells the old one (ADR 050).
 */

const PATH = "/consultant/settings";
const NEW_PASSWORD = "Lantern-Field-42!";
const UPDATED = "Your information was updated!";
const WRONG_PASSWORD = "You did not enter your old password in correctly.";
const RULES = "Required: 8 characters, 1 uppercase, 1 number, 1 special character.";
const MISMATCH = "New passwords do not match!";
const TAKEN = "Email is already taken";
const UNREADABLE = "We couldn&#x27;t read that form. Please reload the page and try again.";

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)).get())!;

async function passwordIs(id: string, password: string) {
  return (await verifyPassword(password, (await userRow(id)).passwordHash, LOCAL_PEPPER)).valid;
}

const mailsTo = (address: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)))
    .all();
const noticesTo = (address: string) => mailsTo(address, "email_changed");

describe("/consultant/settings page", () => {
  it("shows both forms with labelled fields, the password rules and the current email", async () => {
    const me = await signedIn({ role: "consultant" });
    const response = await call(PATH, { cookie: me.token });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("<h1>Settings</h1>");
    expect(text).toContain("Change password");
    expect(text).toContain("Change email");
    expect(text).toContain(html("Required: 8 characters, 1 uppercase, 1 lowercase, 1 number, 1 special character"));
    for (const label of ["Current Password", "New Password", "Confirm New Password", "New Email"]) {
      expect(text).toContain(`>${label}</label>`);
    }
    expect(text).toContain(me.user.email);
    expect(text).toContain('href="/consultant/settings"');
  });

  it("is a 404 for a business client and for a manager, and sends the signed-out to sign in", async () => {
    const client = await signedIn({ withBusiness: true });
    expect((await call(PATH, { cookie: client.token })).status).toBe(404);
    const posted = await postForm(PATH, { intent: "email", email: "x@example.test", password: PASSWORD }, client.token);
    expect(posted.status).toBe(404);
    expect((await userRow(client.user.id)).email).toBe(client.user.email);
    const manager = await signedIn({ role: "manager" });
    expect((await call(PATH, { cookie: manager.token })).status).toBe(404);
    const anonymous = await call(PATH);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
  });
});

describe("changing the password", () => {
  const post = (token: string, fields: Record<string, string>) =>
    postForm(PATH, { intent: "password", ...fields }, token);

  it("changes it, keeps this session and ends the others", async () => {
    const me = await signedIn({ role: "consultant" });
    const elsewhere = await signIn(me.user.email);
    expect(elsewhere.status).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.userId, me.user.id))).toHaveLength(2);
    const response = await post(me.token, {
      password: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(UPDATED);
    expect(text).toContain("Any other devices signed in to your account have been signed out.");
    expect(await passwordIs(me.user.id, NEW_PASSWORD)).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, me.user.id))).toHaveLength(1);
    expect((await call(PATH, { cookie: me.token })).status).toBe(200);
    expect((await signIn(me.user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(me.user.email, PASSWORD)).status).not.toBe(200);
  });

  it("refuses a wrong current password with the business Settings' text", async () => {
    const me = await signedIn({ role: "consultant" });
    const response = await post(me.token, {
      password: "Not-the-password-1",
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain(WRONG_PASSWORD);
    expect(text).not.toContain(UPDATED);
    expect(await passwordIs(me.user.id, PASSWORD)).toBe(true);
  });

  it("refuses a password that breaks the sign-up rules", async () => {
    const me = await signedIn({ role: "consultant" });
    const response = await post(me.token, {
      password: PASSWORD,
      newPassword: "weakpass",
      confirmNewPassword: "weakpass",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(RULES);
    expect(await passwordIs(me.user.id, PASSWORD)).toBe(true);
  });

  it("refuses a confirmation that does not match", async () => {
    const me = await signedIn({ role: "consultant" });
    const response = await post(me.token, {
      password: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: `${NEW_PASSWORD}x`,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(MISMATCH);
    expect(await passwordIs(me.user.id, PASSWORD)).toBe(true);
  });
});

describe("changing the email", () => {
  const post = (token: string, fields: Record<string, string>) => postForm(PATH, { intent: "email", ...fields }, token);

  it("sends a link to the new address (trimmed, lowercased) and tells the old one; the link changes it (ADR 050)", async () => {
    const me = await signedIn({ role: "consultant" });
    const wanted = `moved-${Date.now().toString(36)}@example.test`;
    const response = await post(me.token, { email: `  ${wanted.toUpperCase()} `, password: PASSWORD });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(html(`We sent a link to ${wanted}.`));
    // Nothing changes before the link is opened.
    expect((await userRow(me.user.id)).email).toBe(me.user.email);
    const page = await (await call(PATH, { cookie: me.token })).text();
    expect(page).toContain(html(`Waiting for you to confirm ${wanted}`));
    const [asked] = await mailsTo(me.user.email, "email_change_requested");
    expect(asked!.subject).toBe("A change of your Partwise sign-in email was requested");

    const [link] = await mailsTo(wanted, "email_change_verify");
    const token = /token=([A-Za-z0-9_-]{43})/.exec(link!.textBody)![1];
    expect((await postForm("/verify-email", { token })).status).toBe(200);
    expect((await userRow(me.user.id)).email).toBe(wanted);

    const notices = await noticesTo(me.user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ subject: "Your Partwise sign-in email changed", status: "sent" });
    expect(notices[0].textBody).toContain(`The email you sign in to Partwise with was changed to ${wanted}.`);
    expect(await noticesTo(wanted)).toHaveLength(0);

    const after = await call(PATH, { cookie: me.token });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(wanted);
    expect((await signIn(wanted)).status).toBe(200);
    expect((await signIn(me.user.email)).status).not.toBe(200);
  });

  it("refuses a wrong current password with the business Settings' text and sends nothing", async () => {
    const me = await signedIn({ role: "consultant" });
    const response = await post(me.token, {
      email: `other-${Date.now().toString(36)}@example.test`,
      password: "Wrong-pass-1!",
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain(WRONG_PASSWORD);
    expect(text).not.toContain(UPDATED);
    expect((await userRow(me.user.id)).email).toBe(me.user.email);
    expect(await noticesTo(me.user.email)).toHaveLength(0);
  });

  it("refuses an email another account uses, in any case", async () => {
    const other = await createUser();
    const me = await signedIn({ role: "consultant" });
    const response = await post(me.token, { email: other.user.email.toUpperCase(), password: PASSWORD });
    expect(response.status).toBe(409);
    const text = await response.text();
    expect(text).toContain(TAKEN);
    expect(text).not.toContain(UPDATED);
    expect((await userRow(me.user.id)).email).toBe(me.user.email);
    expect(await noticesTo(me.user.email)).toHaveLength(0);
  });

  it("refuses the current email and an invalid one", async () => {
    const me = await signedIn({ role: "consultant" });
    const same = await post(me.token, { email: me.user.email, password: PASSWORD });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("That is already your sign-in email.");
    const invalid = await post(me.token, { email: "not-an-email", password: PASSWORD });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Enter a valid email.");
    const noPassword = await post(me.token, { email: "fresh@example.test", password: "" });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.text()).toContain("Enter your current password.");
    expect((await userRow(me.user.id)).email).toBe(me.user.email);
  });
});

describe("bodies no settings form sends", () => {
  it("answers with the form error, never a 500, and changes nothing", async () => {
    const me = await signedIn({ role: "consultant" });
    const raw = (body: BodyInit | null, contentType?: string) =>
      call(PATH, {
        method: "POST",
        body,
        cookie: me.token,
        headers: contentType ? { "Content-Type": contentType } : {},
      });
    const cases: [string, Promise<Response>, number][] = [
      [
        "JSON",
        raw(JSON.stringify({ intent: "email", email: "json@example.test", password: PASSWORD }), "application/json"),
        415,
      ],
      ["empty", raw(null, "application/x-www-form-urlencoded"), 400],
      ["junk multipart", raw("%%%not a form", "multipart/form-data; boundary=nothing"), 400],
      ["no intent", postForm(PATH, { email: "a@example.test", password: PASSWORD }, me.token), 400],
      ["unknown intent", postForm(PATH, { intent: "delete", password: PASSWORD }, me.token), 400],
    ];
    for (const [name, pending, status] of cases) {
      const response = await pending;
      expect(response.status, name).toBe(status);
      const text = await response.text();
      expect(text, name).toContain(UNREADABLE);
    }
    expect(await userRow(me.user.id)).toMatchObject({ email: me.user.email });
    expect(await passwordIs(me.user.id, PASSWORD)).toBe(true);
  });
});
