import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { sessions, staffInvitations, users } from "~db/schema";
import type { StaffRole } from "~db/enums";
import {
  INVITATION_TTL_DAYS,
  invitationStatus,
  type AcceptInvitationInput,
  type InvitationStatus,
} from "~/lib/identity/invitations";
import {
  STAFF_ACCOUNT_EXISTS,
  STAFF_INVITATION_EMAIL_FAILED,
  STAFF_INVITATION_EXPIRED,
  STAFF_INVITATION_NOT_OPEN,
  STAFF_INVITATION_RESENT,
  STAFF_INVITATION_REVOKED,
  STAFF_INVITATION_SENT,
  STAFF_INVITATION_UNKNOWN,
  STAFF_INVITATION_USED,
  STAFF_INVITATION_WITHDRAWN,
  STAFF_LAST_ADMIN,
  STAFF_NOT_FOUND,
  STAFF_NOT_YOURSELF,
  STAFF_REMOVED,
  STAFF_ROLE_CHANGED,
  STAFF_ROLE_PHRASES,
  type StaffInviteInput,
} from "~/lib/identity/staff";
import { hashPassword } from "~/server/identity/password.server";
import { insertUsersFrom, newAccountColumns } from "~/server/identity/user-rows.server";
import { sendFirstVerificationLink } from "~/server/identity/email-verification.server";
import { createSession, hashToken } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import {
  emailHasAccount,
  inviterName,
  newInvitationLink,
  OPEN_INVITATION_INDEX_WHERE,
  openInvitationOfLink,
  resendOpenInvitation,
  revokeOpenInvitation,
  sendInvitationEmail,
  userFullName,
} from "~/server/identity/invitation-links.server";
import { auditAfterChange, auditStatement, auditStatementWhen } from "~/server/audit/audit.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import { appOrigin } from "~/server/platform/app-origin.server";

/**
 * Staff (docs/decisions/064): the console's people are users with role "manager", each an admin
 * or an engagement manager (users.staff_role). The first admin is invited by `npm run
 * staff:invite` (scripts/staff-invite.mjs writes the same row as inviteStaff, without an inviter);
 * admins then invite, change roles and remove staff here. An invitation is a single-use link
 * `/staff-invitation/{token}` valid 7 days, of which D1 keeps only the SHA-256. Removing someone
 * closes the account (users.deactivated_at) and ends their sessions in the same batch. Partwise
 * always keeps an admin: the statements that demote or remove one carry that condition, so two
 * admins demoting each other at once leave one admin.
 */

type Failure = { ok: false; status: 400 | 404 | 409 | 503; msg: string; field?: "email" };
const failure = (status: Failure["status"], msg: string, field?: "email"): Failure => ({
  ok: false,
  status,
  msg,
  field,
});
type Done = { ok: true; msg: string };

/** The path an invitation's link opens. */
export const staffInvitationPath = (token: string) => `/staff-invitation/${token}`;

/** An active staff account (not removed). */
const activeStaff = and(eq(users.role, "manager"), isNull(users.deactivatedAt));

/** SQL: another active admin than `userId` exists (what keeps Partwise with an admin). */
const anotherAdmin = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM users AS other WHERE other.role = 'manager' AND other.staff_role = 'admin' AND other.deactivated_at IS NULL AND other.id <> ${userId})`;

/** The invitation email, with the absolute link. */
export function staffInvitationEmail(input: {
  firstName: string;
  inviterName: string;
  staffRole: StaffRole;
  link: string;
}) {
  const { text, html } = renderEmail({
    heading: "You're invited to the Partwise console",
    blocks: [
      { type: "paragraph", text: `Hi ${input.firstName},` },
      {
        type: "paragraph",
        text: `${input.inviterName} invited you to join the Partwise staff as ${STAFF_ROLE_PHRASES[input.staffRole]}. Choose a password to create your account; the console opens next.`,
      },
      { type: "button", label: "Accept the invitation", url: input.link },
      {
        type: "paragraph",
        text: `The link works once and expires in ${INVITATION_TTL_DAYS} days. If it has expired, ask a Partwise admin to send it again.`,
      },
    ],
    footer: "You received this email because a Partwise admin invited you.",
  });
  return { subject: "Your invitation to the Partwise console", text, html };
}

/** Emails the link; false when the provider refused it (the invitation is kept: Resend later). */
async function sendStaffInvitation(
  app: AppContext,
  origin: string,
  invitation: { email: string; firstName: string; staffRole: StaffRole },
  token: string,
  inviterId: string,
): Promise<boolean> {
  return sendInvitationEmail(app, {
    to: invitation.email,
    kind: "staff_invitation",
    ...staffInvitationEmail({
      firstName: invitation.firstName,
      inviterName: (await userFullName(app, inviterId)) ?? "A Partwise admin",
      staffRole: invitation.staffRole,
      link: `${origin}${staffInvitationPath(token)}`,
    }),
  });
}

/**
 * Invites a staff member (an admin's action). An email with an account is refused; an open
 * invitation of the same email is refreshed (names, role, token and 7 days), never duplicated.
 */
export async function inviteStaff(
  app: AppContext,
  origin: string,
  adminId: string,
  input: Omit<StaffInviteInput, "intent">,
): Promise<(Done & { id: string }) | Failure> {
  if (await emailHasAccount(app, input.email)) return failure(409, STAFF_ACCOUNT_EXISTS, "email");
  const now = app.now();
  const { token, tokenHash, expiresAt } = await newInvitationLink(now);
  const fields = {
    firstName: input.firstName,
    lastName: input.lastName,
    staffRole: input.staffRole,
    tokenHash,
    invitedById: adminId,
    expiresAt,
  };
  // One statement: a new invitation, or the open one of this email refreshed (the partial unique
  // index on open invitations), so two racing invites leave one row. Recorded in the same batch.
  const [[row]] = await app.db.batch([
    app.db
      .insert(staffInvitations)
      .values({ id: crypto.randomUUID(), email: input.email, createdAt: now, ...fields })
      .onConflictDoUpdate({
        target: staffInvitations.email,
        targetWhere: OPEN_INVITATION_INDEX_WHERE,
        set: fields,
      })
      .returning({ id: staffInvitations.id }),
    auditStatement(app, {
      actor: { userId: adminId, kind: "admin" },
      action: "staff.invited",
      businessId: null,
      subject: { type: "staff_invitation", id: input.email },
      detail: { email: input.email, staffRole: input.staffRole },
    }),
  ]);
  if (!(await sendStaffInvitation(app, origin, input, token, adminId))) {
    return failure(503, STAFF_INVITATION_EMAIL_FAILED);
  }
  return { ok: true, msg: STAFF_INVITATION_SENT, id: row!.id };
}

const openInvitation = (id: string) =>
  and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));

/** What the Staff page says when a resend or revoke finds the invitation closed, or none. */
const INVITATION_CHANGES = { notOpen: STAFF_INVITATION_NOT_OPEN, notFound: STAFF_NOT_FOUND };

async function invitationExists(app: AppContext, id: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(eq(staffInvitations.id, id))
    .limit(1);
  return Boolean(row);
}

/** A new link and 7 new days for an open invitation (pending or expired); the old link dies. */
export async function resendStaffInvitation(
  app: AppContext,
  origin: string,
  adminId: string,
  id: string,
): Promise<Done | Failure> {
  return resendOpenInvitation(
    app,
    {
      change: async (link) => {
        const [, [updated]] = await app.db.batch([
          invitationAudit(app, adminId, "staff.invitation_resent", id),
          app.db
            .update(staffInvitations)
            .set({ ...link, invitedById: adminId })
            .where(openInvitation(id))
            .returning({
              email: staffInvitations.email,
              firstName: staffInvitations.firstName,
              staffRole: staffInvitations.staffRole,
            }),
        ]);
        return updated;
      },
      exists: () => invitationExists(app, id),
      send: (updated, token) => sendStaffInvitation(app, origin, updated, token, adminId),
    },
    { ...INVITATION_CHANGES, resent: STAFF_INVITATION_RESENT, emailFailed: STAFF_INVITATION_EMAIL_FAILED },
  );
}

/**
 * The record of an admin's change of the open invitation `id`, put before the change on its own
 * condition (the batch runs alone, so the change follows): a repeat finds it closed and records nothing.
 */
function invitationAudit(
  app: AppContext,
  adminId: string,
  action: "staff.invitation_resent" | "staff.invitation_revoked",
  id: string,
) {
  return auditStatementWhen(
    app,
    {
      actor: { userId: adminId, kind: "admin" },
      action,
      businessId: null,
      subject: { type: "staff_invitation", id },
      detail: sql`json_object('email', ${staffInvitations.email})`,
    },
    { from: staffInvitations, where: openInvitation(id) },
  );
}

/** Withdraws an open invitation: its link says so from now on. */
export async function revokeStaffInvitation(app: AppContext, adminId: string, id: string): Promise<Done | Failure> {
  return revokeOpenInvitation(
    app,
    {
      change: async (revokedAt) => {
        const [, [revoked]] = await app.db.batch([
          invitationAudit(app, adminId, "staff.invitation_revoked", id),
          app.db
            .update(staffInvitations)
            .set({ revokedAt })
            .where(openInvitation(id))
            .returning({ email: staffInvitations.email }),
        ]);
        return revoked;
      },
      exists: () => invitationExists(app, id),
    },
    { ...INVITATION_CHANGES, revoked: STAFF_INVITATION_REVOKED },
  );
}

export type StaffMemberRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  staffRole: StaffRole;
  since: Date;
};

export type StaffInvitationRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  staffRole: StaffRole;
  status: InvitationStatus;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
};

/** The Staff page: the active staff (admins first, then by name) and the invitations (newest first). One round trip. */
export async function listStaff(
  app: AppContext,
): Promise<{ members: StaffMemberRow[]; invitations: StaffInvitationRow[] }> {
  const inviter = alias(users, "inviter");
  const [members, invitations] = await app.db.batch([
    app.db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        staffRole: users.staffRole,
        since: users.createdAt,
      })
      .from(users)
      .where(activeStaff)
      .orderBy(asc(users.staffRole), asc(users.firstName), asc(users.lastName))
      .limit(500),
    app.db
      .select({
        id: staffInvitations.id,
        email: staffInvitations.email,
        firstName: staffInvitations.firstName,
        lastName: staffInvitations.lastName,
        staffRole: staffInvitations.staffRole,
        createdAt: staffInvitations.createdAt,
        expiresAt: staffInvitations.expiresAt,
        acceptedAt: staffInvitations.acceptedAt,
        revokedAt: staffInvitations.revokedAt,
        // Aliased: a batch's rows come back keyed by column name, and the invitation has a
        // first_name and last_name too (docs/decisions/038).
        inviterFirst: sql<string | null>`${inviter.firstName}`.as("inviter_first_name"),
        inviterLast: sql<string | null>`${inviter.lastName}`.as("inviter_last_name"),
      })
      .from(staffInvitations)
      .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedById))
      .orderBy(desc(staffInvitations.createdAt))
      .limit(200),
  ]);
  const now = app.now();
  return {
    members: members.map((row) => ({ ...row, staffRole: row.staffRole ?? "manager" })),
    invitations: invitations.map(({ inviterFirst, inviterLast, revokedAt, ...row }) => ({
      ...row,
      status: invitationStatus({ ...row, revokedAt }, now),
      invitedBy: inviterName(inviterFirst, inviterLast),
    })),
  };
}

/** What the staff invitation page says of a link that cannot be used. */
const LINK_TEXTS = {
  unknown: STAFF_INVITATION_UNKNOWN,
  used: STAFF_INVITATION_USED,
  expired: STAFF_INVITATION_EXPIRED,
  withdrawn: STAFF_INVITATION_WITHDRAWN,
};

/** What the invitation page shows for a token: who is invited to what, or why the link does not work. */
export async function lookupStaffInvitation(
  app: AppContext,
  token: string,
): Promise<
  | { ok: true; firstName: string; email: string; staffRole: StaffRole; invitedBy: string | null }
  | { ok: false; msg: string }
> {
  const found = await openInvitationOfLink(app, token, LINK_TEXTS, async (tokenHash) => {
    const inviter = alias(users, "inviter");
    const [row] = await app.db
      .select({
        email: staffInvitations.email,
        firstName: staffInvitations.firstName,
        staffRole: staffInvitations.staffRole,
        expiresAt: staffInvitations.expiresAt,
        acceptedAt: staffInvitations.acceptedAt,
        revokedAt: staffInvitations.revokedAt,
        inviterFirst: inviter.firstName,
        inviterLast: inviter.lastName,
      })
      .from(staffInvitations)
      .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedById))
      .where(eq(staffInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  });
  if (!found.ok) return found;
  const row = found.row;
  return {
    ok: true,
    email: row.email,
    firstName: row.firstName,
    staffRole: row.staffRole,
    invitedBy: inviterName(row.inviterFirst, row.inviterLast),
  };
}

/**
 * Accepts an invitation: creates the staff account (role manager, the invitation's staff role)
 * with the chosen password, marks the invitation accepted and signs them in. The account is
 * inserted by a statement that selects the still-open invitation, in the batch that marks it
 * accepted, so of two simultaneous submits only the first creates an account.
 */
export async function acceptStaffInvitation(
  app: AppContext,
  request: Request,
  token: string,
  input: AcceptInvitationInput,
): Promise<{ ok: true; cookie: string } | { ok: false; status: 400 | 409; msg: string }> {
  const found = await lookupStaffInvitation(app, token);
  if (!found.ok) return { ok: false, status: 400, msg: found.msg };
  if (await emailHasAccount(app, found.email)) return { ok: false, status: 409, msg: STAFF_ACCOUNT_EXISTS };
  const tokenHash = await hashToken(token);
  const passwordHash = await hashPassword(input.password, app.env.PASSWORD_PEPPER);
  const now = app.now();
  const userId = crypto.randomUUID();
  const stillOpen = and(
    eq(staffInvitations.tokenHash, tokenHash),
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, now),
  );
  try {
    await app.db.batch([
      insertUsersFrom(
        app.db,
        app.db
          .select(
            newAccountColumns({
              id: userId,
              email: staffInvitations.email,
              firstName: staffInvitations.firstName,
              lastName: staffInvitations.lastName,
              passwordHash,
              role: "manager",
              staffRole: staffInvitations.staffRole,
              at: now,
              // An admin's invitation was emailed: accepting it proves the address. The command
              // line's first one (no inviter) was printed, not emailed: that account verifies by
              // the link sent once it is made (docs/decisions/070).
              emailVerified: sql`${staffInvitations.invitedById} IS NOT NULL`,
            }),
          )
          .from(staffInvitations)
          .where(stillOpen),
      ),
      app.db
        .update(staffInvitations)
        .set({ acceptedAt: now, acceptedUserId: userId })
        .where(and(stillOpen, sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId})`)),
      // Right after the acceptance: only the submit that made the account records the joining.
      auditAfterChange(app, {
        actor: { userId, kind: found.staffRole },
        action: "staff.joined",
        businessId: null,
        subject: { type: "user", id: userId },
        detail: { email: found.email, staffRole: found.staffRole },
      }),
    ]);
  } catch (error) {
    // The users table's unique email index: an account was made for this email meanwhile.
    if (String(error).includes("UNIQUE")) return { ok: false, status: 409, msg: STAFF_ACCOUNT_EXISTS };
    throw error;
  }
  const [accepted] = await app.db
    .select({ acceptedUserId: staffInvitations.acceptedUserId })
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, tokenHash))
    .limit(1);
  if (accepted?.acceptedUserId !== userId) {
    const again = await lookupStaffInvitation(app, token);
    return { ok: false, status: 400, msg: again.ok ? STAFF_INVITATION_UNKNOWN : again.msg };
  }
  const { cookie } = await createSession(app, request, userId);
  // Not verified by the acceptance (the command line's printed link): the link goes out now.
  await sendFirstVerificationLink(app, userId, appOrigin(app, request));
  return { ok: true, cookie };
}

/** Why a change of an active staff member did not happen: not one, or the last admin. */
async function memberRefusal(app: AppContext, userId: string): Promise<Failure> {
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), activeStaff))
    .limit(1);
  return row ? failure(409, STAFF_LAST_ADMIN) : failure(404, STAFF_NOT_FOUND);
}

/** Makes an active staff member an admin or an engagement manager; never the last admin a manager. */
export async function changeStaffRole(
  app: AppContext,
  adminId: string,
  userId: string,
  staffRole: StaffRole,
): Promise<Done | Failure> {
  const changeable = and(eq(users.id, userId), activeStaff, staffRole === "admin" ? undefined : anotherAdmin(userId));
  // Before the change, on its condition (the batch runs alone): the role it had and the one it gets.
  const [, [changed]] = await app.db.batch([
    auditStatementWhen(
      app,
      {
        actor: { userId: adminId, kind: "admin" },
        action: "staff.role_changed",
        businessId: null,
        subject: { type: "user", id: userId },
        detail: sql`json_object('email', ${users.email}, 'staffRole', json_array(${users.staffRole}, ${staffRole}))`,
      },
      // An unchanged role (admin to admin) changes nothing worth recording.
      { from: users, where: and(changeable, ne(users.staffRole, staffRole)) },
    ),
    app.db.update(users).set({ staffRole, updatedAt: app.now() }).where(changeable).returning({ email: users.email }),
  ]);
  if (!changed) return memberRefusal(app, userId);
  return { ok: true, msg: STAFF_ROLE_CHANGED };
}

/**
 * Removes a staff member (never oneself, never the last admin): the account is closed and every
 * session of it deleted in one batch, so their next request is signed out.
 */
export async function removeStaff(app: AppContext, adminId: string, userId: string): Promise<Done | Failure> {
  if (userId === adminId) return failure(409, STAFF_NOT_YOURSELF);
  const now = app.now();
  const [closed] = await app.db.batch([
    app.db
      .update(users)
      .set({ deactivatedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), activeStaff, anotherAdmin(userId)))
      .returning({ id: users.id }),
    // Right after the closing: only the call that closed the account records it, once.
    auditAfterChange(app, {
      actor: { userId: adminId, kind: "admin" },
      action: "staff.removed",
      businessId: null,
      subject: { type: "user", id: userId },
    }),
    app.db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          sql`EXISTS (SELECT 1 FROM users WHERE users.id = ${userId} AND users.deactivated_at IS NOT NULL)`,
        ),
      ),
  ]);
  return closed.length > 0 ? { ok: true, msg: STAFF_REMOVED } : memberRefusal(app, userId);
}

/** Whether the viewer may manage staff and refund or reverse money (an admin). */
export function isAdmin(viewer: { user: { role: string; staffRole: StaffRole | null } }): boolean {
  return viewer.user.role === "manager" && viewer.user.staffRole === "admin";
}
