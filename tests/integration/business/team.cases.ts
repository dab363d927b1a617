import { and, desc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessInvitations, businessMembers, emailOutbox, sessions, users } from "~db/schema";
import { auditOf, call, createBusiness, db, html, PASSWORD, postForm, sessionTokenFrom, sha256Hex } from "../helpers";
import { signedInClient, signedInConsultant, signedInMember, signedInTeam } from "../../factories";

/** Settings → Team and /business-invitation/:token (issue #38 item 1, docs/decisions/067). */

const TAB = "/company-profile?tab=team";
const NEW_PASSWORD = "Team-member-2026!";
const SENT = "Invitation sent.";
const RESENT = "Invitation sent again with a new link. The earlier link no longer works.";
const REVOKED = "Invitation revoked. Its link no longer works.";
const ALREADY_MEMBER = "This person is already a member of this business.";
const ROLE_CHANGED = "Role changed.";
const REMOVED = "Removed. They were signed out of this business at once.";
const TRANSFERRED = "Ownership transferred. You are now an admin of this business.";
const LAST_OWNER = "A business needs an owner: transfer the ownership to someone else first.";
const OWNERS_ONLY = "Only an owner can change an owner's role, make someone an owner or remove an owner.";
const MEMBER_NOT_FOUND = "Member not found.";
const LEFT = "You left the business. Its pages and notifications are no longer yours.";
const INVITATION_NOT_FOUND = "Invitation not found.";
const READ_ONLY = "Only owners and admins invite people and change the team.";
const USED = "This invitation has already been used. Sign in with your email and password.";
const EXPIRED = "This invitation has expired. Ask the person who invited you to send it again.";
const WITHDRAWN = "This invitation was withdrawn. If you think this is a mistake, ask the person who invited you.";
const UNKNOWN_LINK =
  "This invitation link is not valid. Check that you opened the whole link from the email, or ask the person who invited you for a new invitation.";
const NOT_CLIENT =
  "This email belongs to a Partwise consultant or staff account, which can't join a business. Ask for an invitation to another email.";
const ACCOUNT_EXISTS = "This email already has a Partwise account: sign in to accept.";
const UNVERIFIED =
  "Confirm your email address first: open the link we sent you, or send it again from the banner at the top of the page.";

let counter = 0;
const freshEmail = () => `team-${Date.now().toString(36)}-${counter++}@example.test`;

function invite(cookie: string, email: string, role = "member") {
  return postForm(TAB, { intent: "team-invite", email, role }, cookie);
}

/**
 * The token of the link that works among the business invitation emails to `to` (the newest such):
 * the one whose hash the open invitation holds. Two invites racing each email a link, and the
 * later email need not carry the later token.
 */
async function emailedToken(to: string): Promise<string> {
  const mails = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "business_invitation")))
    .orderBy(desc(emailOutbox.createdAt));
  const open = await db()
    .select({ tokenHash: businessInvitations.tokenHash })
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.email, to),
        isNull(businessInvitations.acceptedAt),
        isNull(businessInvitations.revokedAt),
      ),
    );
  const live = new Set(open.map((row) => row.tokenHash));
  for (const mail of mails) {
    const token = /\/business-invitation\/([A-Za-z0-9_-]{43})/.exec(mail.textBody)?.[1];
    if (token && live.has(await sha256Hex(token))) return token;
  }
  throw new Error(`no working business invitation link emailed to ${to}`);
}

function signUp(token: string, fields: Record<string, string> = {}) {
  return postForm(`/business-invitation/${token}`, {
    firstName: "Jordan",
    lastName: "Lee",
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...fields,
  });
}

const roleOf = async (businessId: string, userId: string) =>
  (
    await db()
      .select({ role: businessMembers.role })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
  )[0]?.role ?? null;

const authStatus = async (cookie: string) => (await call("/api/client/auth", { cookie })).status;

describe("Settings → Team", () => {
  it("lists the members for everyone; only owners and admins see the controls", async () => {
    const team = await signedInTeam();
    const owner = await (await call(TAB, { cookie: team.owner.token })).text();
    expect(owner).toContain(team.viewer.user.email);
    expect(owner).toContain(" (You)");
    expect(owner).toContain("Send invitation");
    expect(owner).toContain("Transfer ownership");
    const viewer = await (await call(TAB, { cookie: team.viewer.token })).text();
    expect(viewer).toContain(team.owner.user.email);
    expect(viewer).toContain(html(READ_ONLY));
    expect(viewer).not.toContain("Send invitation");
    expect(viewer).not.toContain("Change role");
    expect(viewer).toContain("Leave this business");
  });

  it("invites by email: refreshes an open invitation, refuses a member, and the invitee signs up into the business", async () => {
    const team = await signedInTeam();
    const email = freshEmail();
    const sent = await invite(team.admin.token, email.toUpperCase(), "viewer");
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(SENT);
    const first = await emailedToken(email);
    const [made] = await db().select().from(businessInvitations).where(eq(businessInvitations.email, email));
    expect(made!.expiresAt.getTime() - made!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(made!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    await Promise.all([invite(team.owner.token, email, "member"), invite(team.owner.token, email, "member")]);
    const rows = await db().select().from(businessInvitations).where(eq(businessInvitations.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ businessId: team.business.id, role: "member", acceptedAt: null });
    expect(await (await call(`/business-invitation/${first}`)).text()).toContain(html(UNKNOWN_LINK));

    const refused = await invite(team.owner.token, team.member.user.email);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(ALREADY_MEMBER));

    const token = await emailedToken(email);
    const page = await call(`/business-invitation/${token}`);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const text = await page.text();
    expect(text).toContain(html(`Join ${team.business.name}`));
    expect(text).toContain(html(` to join ${team.business.name} on Partwise as a member.`));

    const mismatch = await signUp(token, { confirmPassword: "Other-pass-2026!" });
    expect(mismatch.status).toBe(400);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const accepted = await signUp(token);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionTokenFrom(accepted)!;
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: "client", firstName: "Jordan", lastName: "Lee" });
    // Following the emailed link proved the address (docs/decisions/070).
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await roleOf(team.business.id, user!.id)).toBe("member");
    const auth = (await (await call("/api/client/auth", { cookie })).json()) as {
      business: { _id: string };
      member: { role: string };
    };
    expect(auth.member).toEqual({ role: "member" });
    expect(JSON.stringify(auth.business)).toContain(team.business.id);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session!.businessId).toBe(team.business.id);

    // Used: the link says so, and a second submit makes nothing.
    expect(await (await call(`/business-invitation/${token}`)).text()).toContain(html(USED));
    const again = await signUp(token);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(html(USED));
    // The trail: invited (three times), joined once.
    const trail = (await auditOf(team.business.id)).map((row) => row.action);
    expect(trail.filter((action) => action === "team.invited")).toHaveLength(3);
    expect(trail.filter((action) => action === "team.joined")).toHaveLength(1);
  });

  it("waits for the inviter's confirmed address: an unverified owner is told why and nothing is sent", async () => {
    const owner = await signedInClient({ unverified: true });
    const email = freshEmail();
    const refused = await invite(owner.token, email);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(html(UNVERIFIED));
    expect(await db().select().from(businessInvitations).where(eq(businessInvitations.email, email))).toEqual([]);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toEqual([]);
  });

  it("two racing sign-ups of one link make one account and one joining", async () => {
    const team = await signedInTeam();
    const email = freshEmail();
    await invite(team.owner.token, email);
    const token = await emailedToken(email);
    const answers = await Promise.all([signUp(token), signUp(token)]);
    expect(answers.filter((response) => response.status === 302)).toHaveLength(1);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const joined = (await auditOf(team.business.id)).filter((row) => row.action === "team.joined");
    expect(joined).toHaveLength(1);
  });

  it("an existing client account signs in to accept; another account or a consultant's is told plainly", async () => {
    const team = await signedInTeam();
    const other = await signedInClient();
    await invite(team.owner.token, other.user.email, "admin");
    const token = await emailedToken(other.user.email);

    const anonymous = await (await call(`/business-invitation/${token}`)).text();
    expect(anonymous).toContain(html(ACCOUNT_EXISTS));
    expect(anonymous).toContain("Sign in to accept");
    const wrongPassword = await postForm(`/business-invitation/${token}`, { intent: "sign-in", password: "nope-nope" });
    expect(wrongPassword.status).toBe(401);
    expect(await signUp(token).then((response) => response.status)).toBe(409);

    // Someone else signed in is told whose invitation it is, and cannot accept it.
    const stranger = await (await call(`/business-invitation/${token}`, { cookie: team.member.token })).text();
    expect(stranger).toContain(
      html(`You're signed in as ${team.member.user.email}, but this invitation is for ${other.user.email}.`),
    );
    const refused = await postForm(`/business-invitation/${token}`, { intent: "accept" }, team.member.token);
    expect(refused.status).toBe(403);
    expect(await roleOf(team.business.id, other.user.id)).toBeNull();

    // Signed in as that email: one button; the session then works in the new business.
    const mine = await (await call(`/business-invitation/${token}`, { cookie: other.token })).text();
    expect(mine).toContain(html(`Join ${team.business.name}`));
    const accepted = await postForm(`/business-invitation/${token}`, { intent: "accept" }, other.token);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/dashboard");
    expect(await roleOf(team.business.id, other.user.id)).toBe("admin");
    const auth = (await (await call("/api/client/auth", { cookie: other.token })).json()) as {
      business: { _id: string };
      member: { role: string };
    };
    expect(auth.member).toEqual({ role: "admin" });
    expect(JSON.stringify(auth.business)).toContain(team.business.id);

    // By signing in on the page (no session yet).
    const third = await signedInClient();
    await invite(team.owner.token, third.user.email);
    const thirdToken = await emailedToken(third.user.email);
    const signedIn = await postForm(`/business-invitation/${thirdToken}`, { intent: "sign-in", password: PASSWORD });
    expect(signedIn.status).toBe(302);
    const cookie = sessionTokenFrom(signedIn)!;
    expect(await roleOf(team.business.id, third.user.id)).toBe("member");
    const [session] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, await sha256Hex(cookie)));
    expect(session!.businessId).toBe(team.business.id);

    // A consultant's email is refused when invited.
    const consultant = await signedInConsultant();
    const notClient = await invite(team.owner.token, consultant.user.email);
    expect(notClient.status).toBe(409);
    expect(
      await db().select().from(businessInvitations).where(eq(businessInvitations.email, consultant.user.email)),
    ).toHaveLength(0);
    // …and, had it been invited before it had an account, its link says why.
    const [row] = await db()
      .insert(businessInvitations)
      .values({
        id: crypto.randomUUID(),
        businessId: team.business.id,
        email: consultant.user.email,
        role: "member",
        tokenHash: await sha256Hex("c".repeat(43)),
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    expect(row).toBeTruthy();
    const consultantPage = await (await call(`/business-invitation/${"c".repeat(43)}`)).text();
    expect(consultantPage).toContain(html(NOT_CLIENT));
  });

  it("resend kills the old link, revoke withdraws it, an expired link says so; another business's invitation is 404", async () => {
    const team = await signedInTeam();
    const elsewhere = await signedInClient();
    const email = freshEmail();
    await invite(team.owner.token, email);
    const [row] = await db().select().from(businessInvitations).where(eq(businessInvitations.email, email));
    const before = await emailedToken(email);
    const resent = await postForm(TAB, { intent: "team-resend", invitationId: row!.id }, team.admin.token);
    expect(await resent.text()).toContain(RESENT);
    const after = await emailedToken(email);
    expect(after).not.toBe(before);
    expect(await (await call(`/business-invitation/${before}`)).text()).toContain(html(UNKNOWN_LINK));

    const foreign = await postForm(TAB, { intent: "team-revoke", invitationId: row!.id }, elsewhere.token);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain(html(INVITATION_NOT_FOUND));

    await db()
      .update(businessInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(businessInvitations.id, row!.id));
    expect(await (await call(`/business-invitation/${after}`)).text()).toContain(html(EXPIRED));
    expect(await (await call(TAB, { cookie: team.owner.token })).text()).toContain("Expired");

    const [revoked, twice] = await Promise.all([
      postForm(TAB, { intent: "team-revoke", invitationId: row!.id }, team.owner.token),
      postForm(TAB, { intent: "team-revoke", invitationId: row!.id }, team.owner.token),
    ]);
    expect([revoked.status, twice.status].sort()).toEqual([200, 409]);
    const winner = revoked.status === 200 ? revoked : twice;
    expect(await winner.text()).toContain(REVOKED);
    expect(await (await call(`/business-invitation/${after}`)).text()).toContain(html(WITHDRAWN));
    expect(await auditOf(team.business.id, row!.id)).toEqual(
      (["team.invitation_resent", "team.invitation_revoked"] as const).map((action, index) => ({
        action,
        actorUserId: index === 0 ? team.admin.user.id : team.owner.user.id,
        actorKind: "client",
        subjectType: "business_invitation",
        subjectId: row!.id,
        detail: { email, role: "member" },
      })),
    );
  });
});

describe("roles, removal, transfer and leaving", () => {
  it("changes a role once; an admin cannot touch an owner; another business's member is 404", async () => {
    const team = await signedInTeam();
    const changed = await postForm(
      TAB,
      { intent: "team-change-role", userId: team.viewer.user.id, role: "member" },
      team.admin.token,
    );
    expect(await changed.text()).toContain(ROLE_CHANGED);
    expect(await roleOf(team.business.id, team.viewer.user.id)).toBe("member");
    expect(await auditOf(team.business.id, team.viewer.user.id)).toEqual([
      {
        action: "team.role_changed",
        actorUserId: team.admin.user.id,
        actorKind: "client",
        subjectType: "user",
        subjectId: team.viewer.user.id,
        detail: { email: team.viewer.user.email, role: ["viewer", "member"] },
      },
    ]);
    const ownerTouched = await postForm(
      TAB,
      { intent: "team-change-role", userId: team.owner.user.id, role: "viewer" },
      team.admin.token,
    );
    expect(ownerTouched.status).toBe(403);
    expect(await ownerTouched.text()).toContain(html(OWNERS_ONLY));
    expect(await roleOf(team.business.id, team.owner.user.id)).toBe("owner");

    const elsewhere = await signedInClient();
    const foreign = await postForm(
      TAB,
      { intent: "team-change-role", userId: team.member.user.id, role: "viewer" },
      elsewhere.token,
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain(html(MEMBER_NOT_FOUND));
    const foreignRemoval = await postForm(TAB, { intent: "team-remove", userId: team.member.user.id }, elsewhere.token);
    expect(foreignRemoval.status).toBe(404);
    expect(await roleOf(team.business.id, team.member.user.id)).toBe("member");
  });

  it("the last owner can neither leave nor be demoted; two owners demoting each other at once leave one owner", async () => {
    const team = await signedInTeam();
    const left = await postForm(TAB, { intent: "team-leave" }, team.owner.token);
    expect(left.status).toBe(409);
    expect(await left.text()).toContain(html(LAST_OWNER));
    const self = await postForm(
      TAB,
      { intent: "team-change-role", userId: team.owner.user.id, role: "admin" },
      team.owner.token,
    );
    expect(self.status).toBe(409);
    expect(await roleOf(team.business.id, team.owner.user.id)).toBe("owner");

    const second = await signedInMember(team.business.id, "owner");
    const [a, b] = await Promise.all([
      postForm(TAB, { intent: "team-change-role", userId: second.user.id, role: "admin" }, team.owner.token),
      postForm(TAB, { intent: "team-change-role", userId: team.owner.user.id, role: "admin" }, second.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const owners = await db()
      .select()
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, team.business.id), eq(businessMembers.role, "owner")));
    expect(owners).toHaveLength(1);
    const demotions = (await auditOf(team.business.id)).filter((row) => row.action === "team.role_changed");
    expect(demotions).toHaveLength(1);
  });

  it("removal ends the removed member's sessions at once and no one else's, recorded once", async () => {
    const team = await signedInTeam();
    const own = await createBusiness(team.admin.user.id);
    expect(own).toBeTruthy();
    expect(await authStatus(team.member.token)).toBe(200);
    await db()
      .update(sessions)
      .set({ businessId: team.business.id })
      .where(eq(sessions.id, await sha256Hex(team.admin.token)));
    const confirm = await (
      await call(`${TAB}&confirm=remove&member=${team.member.user.id}`, { cookie: team.owner.token })
    ).text();
    expect(confirm).toContain("Yes, remove");
    const [removed, again] = await Promise.all([
      postForm(TAB, { intent: "team-remove", userId: team.member.user.id }, team.owner.token),
      postForm(TAB, { intent: "team-remove", userId: team.member.user.id }, team.admin.token),
    ]);
    expect([removed.status, again.status].sort()).toEqual([200, 404]);
    expect(await roleOf(team.business.id, team.member.user.id)).toBeNull();
    expect(await authStatus(team.member.token)).toBe(401);
    const page = await call("/dashboard", { cookie: team.member.token });
    expect(page.status).toBe(302);
    for (const person of [team.owner, team.admin, team.viewer]) expect(await authStatus(person.token)).toBe(200);
    expect((await auditOf(team.business.id, team.member.user.id)).map((row) => [row.action, row.detail])).toEqual([
      ["team.removed", { email: team.member.user.email, role: "member" }],
    ]);

    // The admin's session chose this business: it ends too, though they own another business.
    const removedAdmin = await postForm(TAB, { intent: "team-remove", userId: team.admin.user.id }, team.owner.token);
    expect(await removedAdmin.text()).toContain(REMOVED);
    expect(await authStatus(team.admin.token)).toBe(401);
  });

  it("transfers the ownership in one batch: the target owns, the former owner is an admin", async () => {
    const team = await signedInTeam();
    const asAdmin = await postForm(TAB, { intent: "team-transfer", userId: team.member.user.id }, team.admin.token);
    expect(asAdmin.status).toBe(403);
    const done = await postForm(TAB, { intent: "team-transfer", userId: team.member.user.id }, team.owner.token);
    expect(await done.text()).toContain(TRANSFERRED);
    expect(await roleOf(team.business.id, team.member.user.id)).toBe("owner");
    expect(await roleOf(team.business.id, team.owner.user.id)).toBe("admin");
    expect((await auditOf(team.business.id, team.member.user.id)).map((row) => [row.action, row.detail])).toEqual([
      ["team.ownership_transferred", { email: team.member.user.email, role: ["member", "owner"] }],
    ]);
    // The former owner may now leave; the trail says so once.
    const left = await postForm(TAB, { intent: "team-leave" }, team.owner.token);
    expect(left.status).toBe(302);
    // Their only business: on to setting up one, which says they left.
    expect(left.headers.get("Location")).toBe("/signup-business?notice=left-business");
    const setup = await (await call("/signup-business?notice=left-business", { cookie: team.owner.token })).text();
    expect(setup).toContain(html(LEFT));
    expect(await roleOf(team.business.id, team.owner.user.id)).toBeNull();
    expect((await auditOf(team.business.id, team.owner.user.id)).map((row) => row.action)).toEqual(["team.left"]);
  });

  it("a member of another business leaves on to its dashboard, which says so", async () => {
    const team = await signedInTeam();
    const own = await signedInClient();
    await db().insert(businessMembers).values({ businessId: team.business.id, userId: own.user.id, role: "member" });
    await postForm("/switch-business", { businessId: team.business.id }, own.token);
    const left = await postForm(TAB, { intent: "team-leave" }, own.token);
    expect(left.status).toBe(302);
    expect(left.headers.get("Location")).toBe("/dashboard?notice=left-business");
    const dashboard = await (await call("/dashboard?notice=left-business", { cookie: own.token })).text();
    expect(dashboard).toContain(html(LEFT));
    expect(dashboard).toContain(`data-testid="current-business">${html(own.business.name)}</p>`);
    expect(await roleOf(team.business.id, own.user.id)).toBeNull();
  });
});
