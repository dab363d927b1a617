import { and, desc, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, sessions, staffInvitations, users } from "~db/schema";
import { managerIds } from "~/server/notifications/notify.server";
import { changeStaffRole } from "~/server/identity/staff.server";
import { appAt, auditOf, call, db, html, postForm, sessionTokenFrom, signIn } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

/** Staff in production (issue #38 item 3, docs/decisions/064): /manage/staff and /staff-invitation/:token. */

const PAGE = "/manage/staff";
const NEW_PASSWORD = "Staff-member-2026!";
const SENT = "Invitation sent.";
const RESENT = "Invitation sent again with a new link. The earlier link no longer works.";
const REVOKED = "Invitation revoked. Its link no longer works.";
const ACCOUNT_EXISTS = "This email already has a Partwise account.";
const ROLE_CHANGED = "Role changed.";
const REMOVED = "Removed. They were signed out everywhere and can no longer sign in.";
const LAST_ADMIN = "Partwise needs at least one admin: make someone else an admin first.";
const NOT_YOURSELF = "You can't remove yourself. Ask another admin.";
const NOT_FOUND = "Staff member not found.";
const UNKNOWN_FORM = "Something went wrong with that form. Reload the page and try again.";
const USED = "This invitation has already been used. Sign in with your email and the password you chose.";
const WITHDRAWN = "This invitation was withdrawn. If you think this is a mistake, contact a Partwise admin.";
const EXPIRED = "This invitation has expired. Ask a Partwise admin to send it again.";
const UNKNOWN_LINK =
  "This invitation link is not valid. Check that you opened the whole link from the email, or ask a Partwise admin for a new invitation.";

let counter = 0;
const freshEmail = () => `staff-${Date.now().toString(36)}-${counter++}@example.test`;

function invite(cookie: string, fields: Record<string, string> = {}) {
  return postForm(
    PAGE,
    { intent: "invite", firstName: "Riley", lastName: "Park", email: freshEmail(), staffRole: "manager", ...fields },
    cookie,
  );
}

/** The token of the newest staff invitation email to `to`, read from its link. */
async function emailedToken(to: string): Promise<string> {
  const [mail] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "staff_invitation")))
    .orderBy(desc(emailOutbox.createdAt));
  const match = /\/staff-invitation\/([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? "");
  if (!match) throw new Error(`no staff invitation link emailed to ${to}`);
  return match[1]!;
}

function accept(token: string, password = NEW_PASSWORD, confirmPassword = password) {
  return postForm(`/staff-invitation/${token}`, { password, confirmPassword });
}

/** Makes every other active admin an engagement manager, so `adminId` is the only admin. */
async function onlyAdmin(adminId: string) {
  await db()
    .update(users)
    .set({ staffRole: "manager" })
    .where(and(eq(users.role, "manager"), ne(users.id, adminId)));
}

describe("the Staff page", () => {
  it("is an admin's: engagement managers, clients, consultants and visitors get the plain 404 and change nothing", async () => {
    const admin = await signedInManager();
    const page = await call(PAGE, { cookie: admin.token });
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("<h1>Staff</h1>");
    expect(body).toContain(`${admin.user.email}`);
    expect(body).toContain('href="/manage/staff"');

    const manager = await signedInManager({ staffRole: "manager" });
    const client = await signedInClient();
    const consultant = await signedInConsultant();
    for (const cookie of [manager.token, client.token, consultant.token, null]) {
      expect((await call(PAGE, { cookie })).status).toBe(404);
      const email = freshEmail();
      expect((await invite(cookie ?? "", { email })).status).toBe(404);
      expect(await db().select().from(staffInvitations).where(eq(staffInvitations.email, email))).toHaveLength(0);
      const removal = await postForm(PAGE, { intent: "remove", userId: admin.user.id }, cookie ?? undefined);
      expect(removal.status).toBe(404);
    }
    // An engagement manager's console has no Staff link.
    const console = await (await call("/manage", { cookie: manager.token })).text();
    expect(console).not.toContain('href="/manage/staff"');
    const [still] = await db().select().from(users).where(eq(users.id, admin.user.id));
    expect(still!.deactivatedAt).toBeNull();
  });

  it("invites by email: a single-use link, 7 days, the role; the invitee lands on the console as that role", async () => {
    const admin = await signedInManager();
    await db().update(users).set({ firstName: "Avery", lastName: "Admin" }).where(eq(users.id, admin.user.id));
    const email = freshEmail();
    const sent = await invite(admin.token, { email: email.toUpperCase() });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(SENT);
    const [row] = await db().select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(row).toMatchObject({
      firstName: "Riley",
      lastName: "Park",
      staffRole: "manager",
      invitedById: admin.user.id,
    });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    const token = await emailedToken(email);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);

    const listed = await (await call(PAGE, { cookie: admin.token })).text();
    expect(listed).toContain(email);
    expect(listed).toContain("Pending");

    const page = await (await call(`/staff-invitation/${token}`)).text();
    expect(page).toContain("Welcome to Partwise, Riley");
    expect(page).toContain("Avery Admin invited you to the Partwise console as an engagement manager.");

    const mismatch = await accept(token, NEW_PASSWORD, "Other-pass-2026!");
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const accepted = await accept(token);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/manage");
    const cookie = sessionTokenFrom(accepted);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: "manager", staffRole: "manager", firstName: "Riley", deactivatedAt: null });
    expect((await call("/manage", { cookie })).status).toBe(200);
    expect((await call(PAGE, { cookie })).status).toBe(404);

    // Used: the link says so, on the page and when posted again; the invitation leaves the list.
    expect(await (await call(`/staff-invitation/${token}`)).text()).toContain(html(USED));
    const again = await accept(token);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(html(USED));
    expect(await (await call(PAGE, { cookie: admin.token })).text()).not.toContain(`${email} · `);
  });

  it("refuses bad input with the field's message and writes nothing; an email with an account is refused", async () => {
    const admin = await signedInManager();
    const bad = await invite(admin.token, { email: "not-an-email", firstName: "", staffRole: "owner" });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("Enter your first name.");
    expect(text).toContain("Choose a role.");
    const taken = await invite(admin.token, { email: admin.user.email });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(ACCOUNT_EXISTS);
    expect(await db().select().from(staffInvitations).where(eq(staffInvitations.email, admin.user.email))).toHaveLength(
      0,
    );
    const unknown = await postForm(PAGE, { intent: "promote-everyone" }, admin.token);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(html(UNKNOWN_FORM));
  });

  it("inviting an email again refreshes its one open invitation; resend kills the old link; revoke withdraws it", async () => {
    const admin = await signedInManager();
    const email = freshEmail();
    await invite(admin.token, { email });
    const first = await emailedToken(email);
    await Promise.all([
      invite(admin.token, { email, staffRole: "admin" }),
      invite(admin.token, { email, staffRole: "admin" }),
    ]);
    const rows = await db().select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.staffRole).toBe("admin");
    expect(await (await call(`/staff-invitation/${first}`)).text()).toContain(html(UNKNOWN_LINK));

    const beforeResend = await emailedToken(email);
    const resent = await postForm(PAGE, { intent: "resend-invitation", invitationId: rows[0]!.id }, admin.token);
    expect(await resent.text()).toContain(RESENT);
    const afterResend = await emailedToken(email);
    expect(afterResend).not.toBe(beforeResend);
    expect(await (await call(`/staff-invitation/${beforeResend}`)).text()).toContain(html(UNKNOWN_LINK));

    const revoked = await postForm(PAGE, { intent: "revoke-invitation", invitationId: rows[0]!.id }, admin.token);
    expect(await revoked.text()).toContain(REVOKED);
    expect(await (await call(`/staff-invitation/${afterResend}`)).text()).toContain(html(WITHDRAWN));
    const twice = await postForm(PAGE, { intent: "revoke-invitation", invitationId: rows[0]!.id }, admin.token);
    expect(twice.status).toBe(409);
    const missing = await postForm(
      PAGE,
      { intent: "revoke-invitation", invitationId: crypto.randomUUID() },
      admin.token,
    );
    expect(missing.status).toBe(404);
    // The staff's trail: the resend and the one revocation (the refused second one records nothing).
    expect(await auditOf(null, rows[0]!.id)).toEqual(
      (["staff.invitation_resent", "staff.invitation_revoked"] as const).map((action) => ({
        action,
        actorUserId: admin.user.id,
        actorKind: "admin",
        subjectType: "staff_invitation",
        subjectId: rows[0]!.id,
        detail: { email },
      })),
    );
  });

  it("says an expired link has expired, and accepts once when two submits race", async () => {
    const admin = await signedInManager();
    const expiredEmail = freshEmail();
    await invite(admin.token, { email: expiredEmail });
    const expired = await emailedToken(expiredEmail);
    await db()
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, expiredEmail));
    expect(await (await call(`/staff-invitation/${expired}`)).text()).toContain(html(EXPIRED));
    expect((await accept(expired)).status).toBe(400);

    const email = freshEmail();
    await invite(admin.token, { email });
    const token = await emailedToken(email);
    const answers = await Promise.all([accept(token), accept(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
    const [joined] = await db().select().from(users).where(eq(users.email, email));
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    // One joining recorded, by the submit that made the account.
    expect(await auditOf(null, joined!.id)).toMatchObject([
      { action: "staff.joined", actorUserId: joined!.id, detail: { email, staffRole: "manager" } },
    ]);
  });
});

describe("roles and removal", () => {
  it("changes a role; never leaves Partwise without an admin, even when two admins demote each other at once", async () => {
    const admin = await signedInManager();
    const other = await signedInManager({ staffRole: "manager" });
    const promoted = await postForm(
      PAGE,
      { intent: "change-role", userId: other.user.id, staffRole: "admin" },
      admin.token,
    );
    expect(await promoted.text()).toContain(ROLE_CHANGED);
    expect((await call(PAGE, { cookie: other.token })).status).toBe(200);

    await onlyAdmin(admin.user.id);
    const alone = await postForm(
      PAGE,
      { intent: "change-role", userId: admin.user.id, staffRole: "manager" },
      admin.token,
    );
    expect(alone.status).toBe(409);
    expect(await alone.text()).toContain(LAST_ADMIN);

    // Two admins, each demoting the other at once: one admin is left.
    await db().update(users).set({ staffRole: "admin" }).where(eq(users.id, other.user.id));
    const app = appAt();
    const results = await Promise.all([
      changeStaffRole(app, other.user.id, admin.user.id, "manager"),
      changeStaffRole(app, admin.user.id, other.user.id, "manager"),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ status: 409, msg: LAST_ADMIN });
    const admins = await db()
      .select()
      .from(users)
      .where(and(eq(users.role, "manager"), eq(users.staffRole, "admin")));
    expect(admins.map((row) => row.id).filter((id) => [admin.user.id, other.user.id].includes(id))).toHaveLength(1);
    // The promotion, then the one demotion that happened, each with the role it had and got.
    const changes = [...(await auditOf(null, other.user.id)), ...(await auditOf(null, admin.user.id))];
    expect(changes.map(({ action, detail }) => [action, detail])).toEqual([
      ["staff.role_changed", { email: other.user.email, staffRole: ["manager", "admin"] }],
      [
        "staff.role_changed",
        { email: results[0]!.ok ? admin.user.email : other.user.email, staffRole: ["admin", "manager"] },
      ],
    ]);

    const client = await signedInClient();
    const notStaff = await postForm(
      PAGE,
      { intent: "change-role", userId: client.user.id, staffRole: "admin" },
      (admins[0]!.id === admin.user.id ? admin : other).token,
    );
    expect(notStaff.status).toBe(404);
    expect(await notStaff.text()).toContain(NOT_FOUND);
    const [unchanged] = await db().select().from(users).where(eq(users.id, client.user.id));
    expect(unchanged).toMatchObject({ role: "client", staffRole: null });
  });

  it("removes someone: their cookie is dead at once, they cannot sign in again and are told nothing more; never yourself", async () => {
    const admin = await signedInManager();
    const manager = await signedInManager({ staffRole: "manager" });
    expect((await call("/manage", { cookie: manager.token })).status).toBe(200);

    const self = await postForm(PAGE, { intent: "remove", userId: admin.user.id }, admin.token);
    expect(self.status).toBe(409);
    expect(await self.text()).toContain(NOT_YOURSELF);

    const removed = await postForm(PAGE, { intent: "remove", userId: manager.user.id }, admin.token);
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain(REMOVED);
    expect((await call("/manage", { cookie: manager.token })).status).toBe(404);
    expect(await db().select().from(sessions).where(eq(sessions.userId, manager.user.id))).toHaveLength(0);
    expect((await signIn(manager.user.email)).status).toBe(401);
    expect(await managerIds(appAt())).not.toContain(manager.user.id);
    expect(await (await call(PAGE, { cookie: admin.token })).text()).not.toContain(manager.user.email);

    const again = await postForm(PAGE, { intent: "remove", userId: manager.user.id }, admin.token);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(NOT_FOUND);
  });
});
