import { env } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { consultantApplications, consultantInvitations, emailOutbox, notifications, users } from "~db/schema";
import { acceptInvitation, inviteConsultant, lookupInvitation } from "~/server/consultants/invitations.server";
import { createAppContext } from "~/server/load-context";
import { appAt, call, createUser, db, html, postForm, sessionTokenFrom } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

const PAGE = "/manage/consultants/invitations";
const NEW_PASSWORD = "Consult-ant-2026!";
const UNKNOWN =
  "This invitation link is not valid. Check that you opened the whole link from the email, or ask your Engagement Manager to send a new invitation.";
const USED = "This invitation has already been used. Sign in with your email and the password you chose.";
const EXPIRED = "This invitation has expired. Ask your Engagement Manager to resend it.";
const REVOKED = "This invitation was withdrawn. If you think this is a mistake, contact your Engagement Manager.";
const ACCOUNT_EXISTS = "This email already has a Partwise account.";
const FORM_UNREADABLE = "We couldn't read that form. Please reload the page and try again.";

let counter = 0;
const freshEmail = () => `invitee-${Date.now().toString(36)}-${counter++}@example.test`;

function invite(cookie: string, fields: Record<string, string> = {}) {
  return postForm(
    PAGE,
    { intent: "invite", firstName: "Dana", lastName: "Reyes", email: freshEmail(), note: "Welcome aboard", ...fields },
    cookie,
  );
}

async function invitationEmails(to: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "consultant_invitation")))
    .orderBy(desc(emailOutbox.createdAt));
}

/** The token of the newest invitation email to `to`, read from its link. */
async function emailedToken(to: string): Promise<string> {
  const [mail] = await invitationEmails(to);
  const match = /\/consultant-invitation\/([A-Za-z0-9_-]{43})/.exec(mail!.textBody);
  if (!match) throw new Error("no invitation link in the email");
  return match[1]!;
}

async function invitationOf(email: string) {
  const rows = await db().select().from(consultantInvitations).where(eq(consultantInvitations.email, email));
  return rows;
}

function accept(token: string, password = NEW_PASSWORD, confirmPassword = password) {
  return postForm(`/consultant-invitation/${token}`, { password, confirmPassword });
}

describe("inviting a consultant", () => {
  it("emails a single-use link, shows it pending, and the invitee sets a password and lands on their profile", async () => {
    const manager = await signedInManager();
    const email = freshEmail();
    const response = await invite(manager.token, { email: email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Invitation sent.");

    const [row] = await invitationOf(email);
    expect(row).toMatchObject({
      firstName: "Dana",
      lastName: "Reyes",
      note: "Welcome aboard",
      invitedById: manager.user.id,
    });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const [mail] = await invitationEmails(email);
    expect(mail).toMatchObject({ subject: "Your invitation to Partwise", status: "sent" });
    expect(mail!.textBody).toContain("https://partwise.test/consultant-invitation/");
    expect(mail!.textBody).toContain("Welcome aboard");
    const token = await emailedToken(email);
    // Only the hash is stored.
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);

    const list = await (await call(PAGE, { cookie: manager.token })).text();
    expect(list).toContain(email);
    expect(list).toContain("Pending");

    const page = await (await call(`/consultant-invitation/${token}`)).text();
    expect(page).toContain("Welcome to Partwise, Dana");
    expect(page).toContain("Test Person invited you to join Partwise as a consultant.");
    expect(page).toContain(html("Required: 8 characters, 1 uppercase, 1 lowercase, 1 number"));

    const accepted = await accept(token);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/consultant/profile");
    const session = sessionTokenFrom(accepted);
    expect(session).toBeTruthy();
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: "consultant", firstName: "Dana", lastName: "Reyes" });
    const home = await call("/consultant", { cookie: session });
    expect(home.status).toBe(200);
    const homeBody = await home.text();
    expect(homeBody).toContain("0 of ");
    expect(homeBody).toContain('href="/consultant/profile"');

    const [after] = await invitationOf(email);
    expect(after!.acceptedAt).not.toBeNull();
    expect(after!.acceptedUserId).toBe(user!.id);
    expect(await (await call(PAGE, { cookie: manager.token })).text()).toContain("Accepted");

    // Used: the link says so, on the page and when posted again.
    expect(await (await call(`/consultant-invitation/${token}`)).text()).toContain(html(USED));
    const again = await accept(token);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(html(USED));
  });

  it("refuses the password under the sign-up rules and a mismatched confirmation", async () => {
    const manager = await signedInManager();
    const email = freshEmail();
    await invite(manager.token, { email });
    const token = await emailedToken(email);
    const weak = await accept(token, "short");
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Required: 8 characters, 1 uppercase, 1 number, 1 special character.");
    const mismatch = await accept(token, NEW_PASSWORD, "Other-pass-2026!");
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("says plainly when a link is unknown, expired or revoked", async () => {
    expect(await (await call(`/consultant-invitation/not-a-token`)).text()).toContain(html(UNKNOWN));
    const unknown = await accept("A".repeat(43));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(html(UNKNOWN));

    const manager = await signedInManager();
    const expiredEmail = freshEmail();
    await invite(manager.token, { email: expiredEmail });
    const expiredToken = await emailedToken(expiredEmail);
    await db()
      .update(consultantInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(consultantInvitations.email, expiredEmail));
    expect(await (await call(`/consultant-invitation/${expiredToken}`)).text()).toContain(html(EXPIRED));
    expect(await (await accept(expiredToken)).text()).toContain(html(EXPIRED));
    expect(await (await call(PAGE, { cookie: manager.token })).text()).toContain("Expired");

    const revokedEmail = freshEmail();
    await invite(manager.token, { email: revokedEmail });
    const revokedToken = await emailedToken(revokedEmail);
    const [row] = await invitationOf(revokedEmail);
    const revoked = await postForm(PAGE, { intent: "revoke", id: row!.id }, manager.token);
    expect(await revoked.text()).toContain("Invitation revoked. Its link no longer works.");
    expect(await (await call(`/consultant-invitation/${revokedToken}`)).text()).toContain(html(REVOKED));
    const posted = await accept(revokedToken);
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain(html(REVOKED));
    expect(await db().select().from(users).where(eq(users.email, revokedEmail))).toHaveLength(0);
    // A revoked invitation cannot be resent or revoked again.
    const resend = await postForm(PAGE, { intent: "resend", id: row!.id }, manager.token);
    expect(resend.status).toBe(409);
    expect(await resend.text()).toContain("This invitation was already accepted or revoked.");
  });

  it("resend gives a new link and 7 new days, and the old link dies", async () => {
    const manager = await signedInManager();
    const email = freshEmail();
    await invite(manager.token, { email });
    const oldToken = await emailedToken(email);
    const [row] = await invitationOf(email);
    const resent = await postForm(PAGE, { intent: "resend", id: row!.id }, manager.token);
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain("Invitation sent again with a new link. The earlier link no longer works.");
    expect(await invitationEmails(email)).toHaveLength(2);
    const newToken = await emailedToken(email);
    expect(newToken).not.toBe(oldToken);
    expect(await (await call(`/consultant-invitation/${oldToken}`)).text()).toContain(html(UNKNOWN));
    expect((await accept(oldToken)).status).toBe(400);
    expect((await accept(newToken)).status).toBe(302);
  });

  it("inviting the same email again refreshes the open invitation instead of adding one", async () => {
    const manager = await signedInManager();
    const email = freshEmail();
    await invite(manager.token, { email });
    const first = await emailedToken(email);
    await invite(manager.token, { email, firstName: "Danielle" });
    const rows = await invitationOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe("Danielle");
    expect((await accept(first)).status).toBe(400);
  });

  it("two invites of the same email racing leave one open invitation", async () => {
    const manager = await signedInManager();
    const email = freshEmail();
    const input = { firstName: "Dana", lastName: "Reyes", email, note: "" };
    const results = await Promise.all([
      inviteConsultant(appAt(), "https://partwise.test", manager.user.id, input),
      inviteConsultant(appAt(), "https://partwise.test", manager.user.id, input),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await invitationOf(email)).toHaveLength(1);
    // Only the link of the last write works.
    const [row] = await invitationOf(email);
    const tokens = await Promise.all(
      (await invitationEmails(email)).map(
        (mail) => /\/consultant-invitation\/([A-Za-z0-9_-]{43})/.exec(mail.textBody)![1]!,
      ),
    );
    const live = await Promise.all(tokens.map(async (token) => (await lookupInvitation(appAt(), token)).ok));
    expect(live.filter(Boolean)).toHaveLength(1);
    expect(row!.acceptedAt).toBeNull();
  });

  it("accepts once when two submits race", async () => {
    const manager = await signedInManager();
    const email = freshEmail();
    await invite(manager.token, { email });
    const token = await emailedToken(email);
    const request = () => new Request("https://partwise.test/consultant-invitation/x", { method: "POST" });
    const input = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const results = await Promise.all([
      acceptInvitation(appAt(), request(), token, input),
      acceptInvitation(appAt(), request(), token, input),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const refused = results.find((result) => !result.ok);
    expect(refused).toMatchObject({ ok: false, msg: USED });
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("keeps the invitation and tells the manager when the email provider refuses it", async () => {
    const manager = await signedInManager();
    const email = freshEmail();
    const app = createAppContext(
      { ...env, RESEND_API_KEY: "re_test_0123456789", RESEND_API_BASE: "https://resend.stub.test" },
      () => undefined,
    );
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("down", { status: 500 }));
    try {
      const result = await inviteConsultant(app, "https://partwise.test", manager.user.id, {
        firstName: "Dana",
        lastName: "Reyes",
        email,
        note: "",
      });
      expect(result).toEqual({
        ok: false,
        status: 503,
        msg: "The invitation is saved, but we couldn't send the email right now. Use Resend in a few minutes.",
        field: undefined,
      });
    } finally {
      fetchSpy.mockRestore();
    }
    expect(await invitationOf(email)).toHaveLength(1);
  });

  it("refuses an email that already has an account", async () => {
    const manager = await signedInManager();
    const { user } = await createUser();
    const response = await invite(manager.token, { email: user.email });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(ACCOUNT_EXISTS);
    expect(await invitationOf(user.email)).toHaveLength(0);
    expect(await invitationEmails(user.email)).toHaveLength(0);
  });

  it("shows the invite form's field errors and refuses unreadable bodies", async () => {
    const manager = await signedInManager();
    const invalid = await postForm(
      PAGE,
      { intent: "invite", firstName: "", lastName: "Reyes", email: "nope" },
      manager.token,
    );
    expect(invalid.status).toBe(400);
    const text = await invalid.text();
    expect(text).toContain("Enter your first name.");
    expect(text).toContain("Enter a valid email.");

    const json = await call(PAGE, { cookie: manager.token, json: { intent: "invite" } });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain(html(FORM_UNREADABLE));
    const empty = await call(PAGE, {
      method: "POST",
      cookie: manager.token,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(empty.status).toBe(400);
    const junk = await postForm(PAGE, { intent: "explode", id: "x" }, manager.token);
    expect(junk.status).toBe(400);
    expect(await junk.text()).toContain(html(FORM_UNREADABLE));
    const unknownRow = await postForm(PAGE, { intent: "revoke", id: crypto.randomUUID() }, manager.token);
    expect(unknownRow.status).toBe(404);
  });

  it("is the managers' only: clients, consultants and anonymous visitors get 404 and change nothing", async () => {
    const client = await signedInClient();
    const consultant = await signedInConsultant();
    for (const cookie of [client.token, consultant.token, null]) {
      expect((await call(PAGE, { cookie })).status).toBe(404);
      const email = freshEmail();
      const posted = await postForm(PAGE, { intent: "invite", firstName: "Eve", lastName: "Mallory", email }, cookie);
      expect(posted.status).toBe(404);
      expect(await invitationOf(email)).toHaveLength(0);
    }
  });
});

describe("consultant applications", () => {
  const apply = (fields: Record<string, string | string[]>) =>
    postForm("/Signup/consultant", {
      name: "Sam Okafor",
      email: freshEmail(),
      linkedinUrl: "https://www.linkedin.com/in/sam-okafor",
      businessAreas: ["finance", "operations"],
      message: "Fifteen years as a fractional CFO for distributors.",
      ...fields,
    });

  it("lands in the managers' queue, tells each manager, and the manager invites from it", async () => {
    const manager = await signedInManager();
    const email = freshEmail();
    const page = await call("/Signup/consultant");
    expect(await page.text()).toContain("Consulting Sign Up Not Yet Available");
    const response = await apply({ email });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "Thank you! Your application was sent. An Engagement Manager will review it and email you if there is a fit.",
    );
    const [application] = await db()
      .select()
      .from(consultantApplications)
      .where(eq(consultantApplications.email, email));
    expect(application).toMatchObject({ name: "Sam Okafor", status: "new", businessAreas: ["finance", "operations"] });

    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.user.id), eq(notifications.kind, "consultant_application")))
      .orderBy(desc(notifications.createdAt));
    expect(notice).toMatchObject({ title: "New consultant application", link: PAGE });
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, manager.user.email), eq(emailOutbox.kind, "consultant_application")));
    expect(mail!.textBody).toContain("https://partwise.test/manage/consultants/invitations");

    const queue = await (await call(PAGE, { cookie: manager.token })).text();
    expect(queue).toContain("Sam Okafor");
    expect(queue).toContain("Finance, Operations");
    const prefilled = await (await call(`${PAGE}?application=${application!.id}`, { cookie: manager.token })).text();
    expect(prefilled).toContain(`value="${email}"`);
    expect(prefilled).toContain('value="Okafor"');

    const invited = await invite(manager.token, {
      firstName: "Sam",
      lastName: "Okafor",
      email,
      applicationId: application!.id,
    });
    expect(invited.status).toBe(200);
    const [after] = await db()
      .select()
      .from(consultantApplications)
      .where(eq(consultantApplications.id, application!.id));
    expect(after!.status).toBe("invited");
    expect((await invitationOf(email))[0]!.applicationId).toBe(application!.id);
    expect(await emailedToken(email)).toHaveLength(43);
  });

  it("declines an application, and refuses invalid ones with the fields' errors", async () => {
    const manager = await signedInManager();
    const email = freshEmail();
    await apply({ email });
    const [application] = await db()
      .select()
      .from(consultantApplications)
      .where(eq(consultantApplications.email, email));
    const declined = await postForm(PAGE, { intent: "decline", id: application!.id }, manager.token);
    expect(await declined.text()).toContain("Application declined.");
    expect(await (await call(PAGE, { cookie: manager.token })).text()).not.toContain(email);

    const invalid = await apply({ name: "", linkedinUrl: "https://evil.example/in/x", businessAreas: [], message: "" });
    expect(invalid.status).toBe(400);
    const text = await invalid.text();
    expect(text).toContain("Enter your name.");
    expect(text).toContain("Enter a LinkedIn profile link starting with https://www.linkedin.com/.");
    expect(text).toContain("Choose at least one business area.");
    expect(text).toContain("Tell us a few lines about your experience.");
    const json = await call("/Signup/consultant", { json: { name: "x" } });
    expect(json.status).toBe(415);
  });
});
