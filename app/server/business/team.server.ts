import { markEmailVerifiedStatement } from "~/server/identity/email-verification.server";
import { and, asc, desc, eq, gt, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { businesses, businessInvitations, businessMembers, users } from "~db/schema";
import type { BusinessMemberRole, InvitedMemberRole } from "~db/enums";
import { ROLE_FORBIDDEN_MESSAGE } from "~/lib/business/permissions";
import {
  BUSINESS_INVITATION_ACCOUNT_EXISTS,
  BUSINESS_INVITATION_EXPIRED,
  BUSINESS_INVITATION_NOT_CLIENT,
  BUSINESS_INVITATION_UNKNOWN,
  BUSINESS_INVITATION_USED,
  BUSINESS_INVITATION_WITHDRAWN,
  businessInvitationPath,
  MEMBER_ROLE_PHRASES,
  TEAM_INVITATION_NOT_FOUND,
  TEAM_INVITED_ALREADY_MEMBER,
  TEAM_INVITED_NOT_CLIENT,
  TEAM_LAST_OWNER,
  TEAM_MEMBER_NOT_FOUND,
  TEAM_NOT_YOURSELF,
  TEAM_OWNERS_ONLY,
  TEAM_REMOVED,
  TEAM_ROLE_CHANGED,
  TEAM_TRANSFER_TO_SOMEONE_ELSE,
  TEAM_TRANSFERRED,
  wrongAccountMessage,
  type TeamInviteInput,
} from "~/lib/business/team";
import {
  INVITATION_EMAIL_FAILED,
  INVITATION_NOT_OPEN,
  INVITATION_RESENT,
  INVITATION_REVOKED,
  INVITATION_SENT,
  INVITATION_TTL_DAYS,
  invitationStatus,
  type AcceptInvitationWithNameInput,
  type InvitationStatus,
} from "~/lib/identity/invitations";
import { auditAfterChange, auditStatement, auditStatementWhen, type AuditActor } from "~/server/audit/audit.server";
import { signIn } from "~/server/identity/auth.server";
import {
  emailHasAccount,
  inviterName,
  newInvitationLink,
  OPEN_INVITATION_INDEX_WHERE,
  openInvitationOfLink,
  resendOpenInvitation,
  revokeOpenInvitation,
  sendInvitationEmail,
} from "~/server/identity/invitation-links.server";
import { hashPassword } from "~/server/identity/password.server";
import {
  createSession,
  endBusinessSessionsStatement,
  hashToken,
  sessionBusinessStatement,
  sessionIdOfCookie,
  type ClientViewer,
  type Viewer,
} from "~/server/identity/session.server";
import { insertUsersFrom, newAccountColumns } from "~/server/identity/user-rows.server";
import type { AppContext } from "~/server/load-context";
import { renderEmail } from "~/server/platform/email-templates.server";

/**
 * The team of a business (issue #38 item 1, docs/decisions/067): owners and admins invite
 * colleagues by email with a role, change roles, remove members (their sessions in the business end
 * in the same batch), resend and revoke invitations; an owner transfers the ownership; anyone
 * leaves. A business always keeps an owner: every statement that demotes or removes one carries
 * that condition, so two owners demoting each other at once leave one owner. Each change is
 * recorded in the audit trail in its own batch, once whichever racing call made it.
 */

type Failure = { ok: false; status: 400 | 403 | 404 | 409 | 503; msg: string; field?: "email" };
const failure = (status: Failure["status"], msg: string, field?: "email"): Failure => ({
  ok: false,
  status,
  msg,
  field,
});
type Done = { ok: true; msg: string };

const OWNER_ROLES: readonly BusinessMemberRole[] = ["owner"];
const TEAM_MANAGERS: readonly BusinessMemberRole[] = ["owner", "admin"];

/** Who acts, as the trail records a member. */
const actorOf = (viewer: ClientViewer): AuditActor => ({ userId: viewer.user.id, kind: "client" });

/** SQL: `userId` is, as the statement runs, a member of `businessId` with one of `roles`. */
function memberHas(businessId: string, userId: string, roles: readonly BusinessMemberRole[]): SQL {
  const list = sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  );
  return sql`EXISTS (SELECT 1 FROM business_members a WHERE a.business_id = ${businessId} AND a.user_id = ${userId} AND a.role IN (${list}))`;
}

/** SQL: `businessId` has an owner other than `userId` (what keeps the business with an owner). */
const anotherOwner = (businessId: string, userId: string) =>
  sql`EXISTS (SELECT 1 FROM business_members o WHERE o.business_id = ${businessId} AND o.role = 'owner' AND o.user_id <> ${userId})`;

/** The membership row of `userId` in `businessId`. */
const membership = (businessId: string, userId: string) =>
  and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId));

/**
 * An owner's membership changes only by an owner's hand, and never leaves the business without
 * an owner (`keepsOwner`: the change takes the role away).
 */
const ownerGuard = (businessId: string, actorId: string, userId: string, keepsOwner: boolean) =>
  or(
    ne(businessMembers.role, "owner"),
    and(memberHas(businessId, actorId, OWNER_ROLES), keepsOwner ? undefined : anotherOwner(businessId, userId)),
  );

/** The member's email and role, as a change's detail reads them from the row before it. */
const memberDetail = (userId: string, role: SQL) =>
  sql`json_object('email', (SELECT email FROM users WHERE users.id = ${userId}), 'role', ${role})`;

// --- The list ---------------------------------------------------------------------------------

export type TeamMemberRow = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: BusinessMemberRole;
  joinedAt: Date;
};

export type TeamInvitationRow = {
  id: string;
  email: string;
  role: InvitedMemberRole;
  status: InvitationStatus;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
};

/** Settings → Team: the members (owners first, then by name) and the open invitations (newest first). One round trip. */
export async function listTeam(
  app: AppContext,
  businessId: string,
): Promise<{ members: TeamMemberRow[]; invitations: TeamInvitationRow[] }> {
  const inviter = alias(users, "inviter");
  const [members, invitations] = await app.db.batch([
    app.db
      .select({
        userId: businessMembers.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: businessMembers.role,
        joinedAt: businessMembers.createdAt,
      })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(eq(businessMembers.businessId, businessId))
      .orderBy(
        sql`CASE ${businessMembers.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'member' THEN 2 ELSE 3 END`,
        asc(users.firstName),
        asc(users.lastName),
      )
      .limit(500),
    app.db
      .select({
        id: businessInvitations.id,
        email: businessInvitations.email,
        role: businessInvitations.role,
        createdAt: businessInvitations.createdAt,
        expiresAt: businessInvitations.expiresAt,
        acceptedAt: businessInvitations.acceptedAt,
        revokedAt: businessInvitations.revokedAt,
        // Aliased: a batch's rows come back keyed by column name (docs/decisions/038).
        inviterFirst: sql<string | null>`${inviter.firstName}`.as("inviter_first_name"),
        inviterLast: sql<string | null>`${inviter.lastName}`.as("inviter_last_name"),
      })
      .from(businessInvitations)
      .leftJoin(inviter, eq(inviter.id, businessInvitations.invitedById))
      .where(
        and(
          eq(businessInvitations.businessId, businessId),
          isNull(businessInvitations.acceptedAt),
          isNull(businessInvitations.revokedAt),
        ),
      )
      .orderBy(desc(businessInvitations.createdAt))
      .limit(200),
  ]);
  const now = app.now();
  return {
    members,
    invitations: invitations.map(({ inviterFirst, inviterLast, acceptedAt, revokedAt, ...row }) => ({
      ...row,
      status: invitationStatus({ ...row, acceptedAt, revokedAt }, now),
      invitedBy: inviterName(inviterFirst, inviterLast),
    })),
  };
}

// --- Invitations ------------------------------------------------------------------------------

/** The invitation email, with the absolute link. */
export function businessInvitationEmail(input: {
  inviterName: string;
  businessName: string;
  role: InvitedMemberRole;
  link: string;
}) {
  const { text, html } = renderEmail({
    heading: `Join ${input.businessName} on Partwise`,
    blocks: [
      { type: "paragraph", text: "Hello," },
      {
        type: "paragraph",
        text: `${input.inviterName} invited you to join ${input.businessName} on Partwise as ${MEMBER_ROLE_PHRASES[input.role]}. Accept to create your account, or sign in if you already have one.`,
      },
      { type: "button", label: "Accept the invitation", url: input.link },
      {
        type: "paragraph",
        text: `The link works once and expires in ${INVITATION_TTL_DAYS} days. If it has expired, ask ${input.inviterName} to send it again.`,
      },
    ],
    footer: `You received this email because ${input.inviterName} invited you to ${input.businessName} on Partwise.`,
  });
  return { subject: `${input.inviterName} invited you to ${input.businessName} on Partwise`, text, html };
}

function sendBusinessInvitation(
  app: AppContext,
  origin: string,
  viewer: ClientViewer,
  invitation: { email: string; role: InvitedMemberRole },
  token: string,
): Promise<boolean> {
  return sendInvitationEmail(app, {
    to: invitation.email,
    kind: "business_invitation",
    ...businessInvitationEmail({
      inviterName: inviterName(viewer.user.firstName, viewer.user.lastName) || viewer.user.email,
      businessName: viewer.business.name,
      role: invitation.role,
      link: `${origin}${businessInvitationPath(token)}`,
    }),
  });
}

/**
 * Invites an email to the viewer's business with a role. A member's email is refused, and so is a
 * consultant's or staff account's; an open invitation of the same email is refreshed (role, token
 * and 7 days), never duplicated.
 */
export async function inviteMember(
  app: AppContext,
  origin: string,
  viewer: ClientViewer,
  input: Omit<TeamInviteInput, "intent">,
): Promise<(Done & { id: string }) | Failure> {
  const businessId = viewer.business.id;
  const [found] = await app.db
    .select({
      role: users.role,
      member: sql<number>`EXISTS (SELECT 1 FROM business_members m WHERE m.business_id = ${businessId} AND m.user_id = ${users.id})`,
    })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (found && Number(found.member) === 1) return failure(409, TEAM_INVITED_ALREADY_MEMBER, "email");
  if (found && found.role !== "client") return failure(409, TEAM_INVITED_NOT_CLIENT, "email");
  const now = app.now();
  const { token, tokenHash, expiresAt } = await newInvitationLink(now);
  const fields = { role: input.role, tokenHash, invitedById: viewer.user.id, expiresAt };
  // One statement: a new invitation, or this business's open one of the email refreshed (the
  // partial unique index), so two racing invites leave one row. Recorded in the same batch.
  const [[row]] = await app.db.batch([
    app.db
      .insert(businessInvitations)
      .values({ id: crypto.randomUUID(), businessId, email: input.email, createdAt: now, ...fields })
      .onConflictDoUpdate({
        target: [businessInvitations.businessId, businessInvitations.email],
        targetWhere: OPEN_INVITATION_INDEX_WHERE,
        set: fields,
      })
      .returning({ id: businessInvitations.id }),
    auditStatement(app, {
      actor: actorOf(viewer),
      action: "team.invited",
      businessId,
      subject: { type: "business_invitation", id: input.email },
      detail: { email: input.email, role: input.role },
    }),
  ]);
  if (!(await sendBusinessInvitation(app, origin, viewer, input, token))) {
    return failure(503, INVITATION_EMAIL_FAILED);
  }
  return { ok: true, msg: INVITATION_SENT, id: row!.id };
}

const openInvitation = (businessId: string, id: string) =>
  and(
    eq(businessInvitations.id, id),
    eq(businessInvitations.businessId, businessId),
    isNull(businessInvitations.acceptedAt),
    isNull(businessInvitations.revokedAt),
  );

/** What the Team tab says when a resend or revoke finds the invitation closed, or none of the business's. */
const INVITATION_CHANGES = { notOpen: INVITATION_NOT_OPEN, notFound: TEAM_INVITATION_NOT_FOUND };

/** Whether the business has the invitation `id` (another business's answers 404, as none). */
async function invitationExists(app: AppContext, businessId: string, id: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: businessInvitations.id })
    .from(businessInvitations)
    .where(and(eq(businessInvitations.id, id), eq(businessInvitations.businessId, businessId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The record of a change of the open invitation `id`, put before the change on its own condition
 * (the batch runs alone, so the change follows): a repeat finds it closed and records nothing.
 */
function invitationAudit(
  app: AppContext,
  viewer: ClientViewer,
  action: "team.invitation_resent" | "team.invitation_revoked",
  id: string,
) {
  return auditStatementWhen(
    app,
    {
      actor: actorOf(viewer),
      action,
      businessId: viewer.business.id,
      subject: { type: "business_invitation", id },
      detail: sql`json_object('email', ${businessInvitations.email}, 'role', ${businessInvitations.role})`,
    },
    { from: businessInvitations, where: openInvitation(viewer.business.id, id) },
  );
}

/** A new link and 7 new days for an open invitation (pending or expired); the old link dies. */
export async function resendInvitation(
  app: AppContext,
  origin: string,
  viewer: ClientViewer,
  id: string,
): Promise<Done | Failure> {
  return resendOpenInvitation(
    app,
    {
      change: async (link) => {
        const [, [updated]] = await app.db.batch([
          invitationAudit(app, viewer, "team.invitation_resent", id),
          app.db
            .update(businessInvitations)
            .set({ ...link, invitedById: viewer.user.id })
            .where(openInvitation(viewer.business.id, id))
            .returning({ email: businessInvitations.email, role: businessInvitations.role }),
        ]);
        return updated;
      },
      exists: () => invitationExists(app, viewer.business.id, id),
      send: (updated, token) => sendBusinessInvitation(app, origin, viewer, updated, token),
    },
    { ...INVITATION_CHANGES, resent: INVITATION_RESENT, emailFailed: INVITATION_EMAIL_FAILED },
  );
}

/** Withdraws an open invitation: its link says so from now on. */
export async function revokeInvitation(app: AppContext, viewer: ClientViewer, id: string): Promise<Done | Failure> {
  return revokeOpenInvitation(
    app,
    {
      change: async (revokedAt) => {
        const [, [revoked]] = await app.db.batch([
          invitationAudit(app, viewer, "team.invitation_revoked", id),
          app.db
            .update(businessInvitations)
            .set({ revokedAt })
            .where(openInvitation(viewer.business.id, id))
            .returning({ id: businessInvitations.id }),
        ]);
        return revoked;
      },
      exists: () => invitationExists(app, viewer.business.id, id),
    },
    { ...INVITATION_CHANGES, revoked: INVITATION_REVOKED },
  );
}

// --- Members ----------------------------------------------------------------------------------

/**
 * Why a change of `userId`'s membership did not happen: not a member (404), an owner's matter
 * for a non-owner (403), the viewer's own role no longer allowing it (403), or the last owner (409).
 */
async function memberRefusal(
  app: AppContext,
  viewer: ClientViewer,
  userId: string,
  ownersMatter: boolean,
): Promise<Failure> {
  const businessId = viewer.business.id;
  const rows = await app.db
    .select({ userId: businessMembers.userId, role: businessMembers.role })
    .from(businessMembers)
    .where(
      and(
        eq(businessMembers.businessId, businessId),
        or(eq(businessMembers.userId, userId), eq(businessMembers.userId, viewer.user.id)),
      ),
    );
  const target = rows.find((row) => row.userId === userId);
  const actor = rows.find((row) => row.userId === viewer.user.id);
  if (!target) return failure(404, TEAM_MEMBER_NOT_FOUND);
  if (!actor || !TEAM_MANAGERS.includes(actor.role)) return failure(403, ROLE_FORBIDDEN_MESSAGE);
  if ((ownersMatter || target.role === "owner") && actor.role !== "owner") return failure(403, TEAM_OWNERS_ONLY);
  return failure(409, TEAM_LAST_OWNER);
}

/**
 * Gives a member another role. Owners and admins change admins, members and viewers; only an
 * owner makes someone an owner or changes an owner's role, and never the last owner's.
 */
export async function changeMemberRole(
  app: AppContext,
  viewer: ClientViewer,
  userId: string,
  role: BusinessMemberRole,
): Promise<Done | Failure> {
  const businessId = viewer.business.id;
  const actorId = viewer.user.id;
  const changeable = and(
    membership(businessId, userId),
    memberHas(businessId, actorId, role === "owner" ? OWNER_ROLES : TEAM_MANAGERS),
    ownerGuard(businessId, actorId, userId, role === "owner"),
  );
  // Before the change, on its condition (the batch runs alone): the role it had and the one it gets.
  const [, [changed]] = await app.db.batch([
    auditStatementWhen(
      app,
      {
        actor: actorOf(viewer),
        action: "team.role_changed",
        businessId,
        subject: { type: "user", id: userId },
        detail: memberDetail(userId, sql`json_array(${businessMembers.role}, ${role})`),
      },
      // An unchanged role changes nothing worth recording.
      { from: businessMembers, where: and(changeable, ne(businessMembers.role, role)) },
    ),
    app.db.update(businessMembers).set({ role }).where(changeable).returning({ userId: businessMembers.userId }),
  ]);
  if (!changed) return memberRefusal(app, viewer, userId, role === "owner");
  return { ok: true, msg: TEAM_ROLE_CHANGED };
}

/**
 * Removes a member (never oneself: Leave is for that; an owner only by an owner, never the last).
 * In the same batch their sessions working in the business end, so their next request is signed out.
 */
export async function removeMember(app: AppContext, viewer: ClientViewer, userId: string): Promise<Done | Failure> {
  if (userId === viewer.user.id) return failure(409, TEAM_NOT_YOURSELF);
  const businessId = viewer.business.id;
  const removable = and(
    membership(businessId, userId),
    memberHas(businessId, viewer.user.id, TEAM_MANAGERS),
    ownerGuard(businessId, viewer.user.id, userId, false),
  );
  const [, removed] = await app.db.batch([
    auditStatementWhen(
      app,
      {
        actor: actorOf(viewer),
        action: "team.removed",
        businessId,
        subject: { type: "user", id: userId },
        detail: memberDetail(userId, sql`${businessMembers.role}`),
      },
      { from: businessMembers, where: removable },
    ),
    app.db.delete(businessMembers).where(removable).returning({ userId: businessMembers.userId }),
    endBusinessSessionsStatement(app.db, userId, businessId),
  ]);
  if (removed.length === 0) return memberRefusal(app, viewer, userId, false);
  return { ok: true, msg: TEAM_REMOVED };
}

/**
 * The owner makes another member the owner and becomes an admin, in one batch: the promotion holds
 * only while the viewer is an owner, the demotion only once the other is an owner.
 */
export async function transferOwnership(
  app: AppContext,
  viewer: ClientViewer,
  userId: string,
): Promise<Done | Failure> {
  if (userId === viewer.user.id) return failure(409, TEAM_TRANSFER_TO_SOMEONE_ELSE);
  const businessId = viewer.business.id;
  const transferable = and(membership(businessId, userId), memberHas(businessId, viewer.user.id, OWNER_ROLES));
  const [, promoted] = await app.db.batch([
    auditStatementWhen(
      app,
      {
        actor: actorOf(viewer),
        action: "team.ownership_transferred",
        businessId,
        subject: { type: "user", id: userId },
        detail: memberDetail(userId, sql`json_array(${businessMembers.role}, 'owner')`),
      },
      { from: businessMembers, where: transferable },
    ),
    app.db
      .update(businessMembers)
      .set({ role: "owner" })
      .where(transferable)
      .returning({ userId: businessMembers.userId }),
    app.db
      .update(businessMembers)
      .set({ role: "admin" })
      .where(
        and(
          membership(businessId, viewer.user.id),
          eq(businessMembers.role, "owner"),
          memberHas(businessId, userId, OWNER_ROLES),
        ),
      ),
  ]);
  if (promoted.length === 0) return memberRefusal(app, viewer, userId, true);
  return { ok: true, msg: TEAM_TRANSFERRED };
}

/**
 * The viewer leaves the business (the last owner cannot: they transfer the ownership first).
 * `stillMember`: whether they belong to another business (their sessions go on with it).
 */
export async function leaveBusiness(
  app: AppContext,
  viewer: ClientViewer,
): Promise<{ ok: true; stillMember: boolean } | Failure> {
  const businessId = viewer.business.id;
  const leaving = and(
    membership(businessId, viewer.user.id),
    or(ne(businessMembers.role, "owner"), anotherOwner(businessId, viewer.user.id)),
  );
  const [, left, elsewhere] = await app.db.batch([
    auditStatementWhen(
      app,
      {
        actor: actorOf(viewer),
        action: "team.left",
        businessId,
        subject: { type: "user", id: viewer.user.id },
        detail: memberDetail(viewer.user.id, sql`${businessMembers.role}`),
      },
      { from: businessMembers, where: leaving },
    ),
    app.db.delete(businessMembers).where(leaving).returning({ userId: businessMembers.userId }),
    app.db
      .select({ businessId: businessMembers.businessId })
      .from(businessMembers)
      .where(and(eq(businessMembers.userId, viewer.user.id), ne(businessMembers.businessId, businessId)))
      .limit(1),
  ]);
  if (left.length === 0) return failure(409, TEAM_LAST_OWNER);
  return { ok: true, stillMember: elsewhere.length > 0 };
}

// --- The invitation page ----------------------------------------------------------------------

/** What the business invitation page says of a link that cannot be used. */
const LINK_TEXTS = {
  unknown: BUSINESS_INVITATION_UNKNOWN,
  used: BUSINESS_INVITATION_USED,
  expired: BUSINESS_INVITATION_EXPIRED,
  withdrawn: BUSINESS_INVITATION_WITHDRAWN,
};

export type FoundInvitation = {
  ok: true;
  businessId: string;
  businessName: string;
  email: string;
  role: InvitedMemberRole;
  invitedBy: string | null;
  /** The account of the invited email, when there is one (its kind decides the page). */
  account: { role: "client" | "consultant" | "manager" } | null;
};

/** What the invitation page shows for a token: which business invites whom as what, or why the link does not work. */
export async function lookupBusinessInvitation(
  app: AppContext,
  token: string,
): Promise<FoundInvitation | { ok: false; msg: string }> {
  const found = await openInvitationOfLink(app, token, LINK_TEXTS, async (tokenHash) => {
    const inviter = alias(users, "inviter");
    const account = alias(users, "account");
    const [row] = await app.db
      .select({
        businessId: businessInvitations.businessId,
        businessName: businesses.name,
        email: businessInvitations.email,
        role: businessInvitations.role,
        expiresAt: businessInvitations.expiresAt,
        acceptedAt: businessInvitations.acceptedAt,
        revokedAt: businessInvitations.revokedAt,
        inviterFirst: inviter.firstName,
        inviterLast: inviter.lastName,
        accountRole: account.role,
      })
      .from(businessInvitations)
      .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
      .leftJoin(inviter, eq(inviter.id, businessInvitations.invitedById))
      .leftJoin(account, eq(account.email, businessInvitations.email))
      .where(eq(businessInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  });
  if (!found.ok) return found;
  const row = found.row;
  return {
    ok: true,
    businessId: row.businessId,
    businessName: row.businessName,
    email: row.email,
    role: row.role,
    invitedBy: inviterName(row.inviterFirst, row.inviterLast),
    account: row.accountRole ? { role: row.accountRole } : null,
  };
}

type Acceptance = { ok: true; cookie: string | null } | { ok: false; status: 400 | 403 | 409; msg: string };

/** The invitation of `tokenHash` while it can still be accepted. */
const stillOpen = (tokenHash: string, now: Date) =>
  and(
    eq(businessInvitations.tokenHash, tokenHash),
    isNull(businessInvitations.acceptedAt),
    isNull(businessInvitations.revokedAt),
    gt(businessInvitations.expiresAt, now),
  );

/**
 * The statements that make `userId` a member from the still-open invitation (INSERT … SELECT, so
 * of two simultaneous accepts only the first joins), mark it accepted, record the joining once and
 * make the session work in the business.
 */
function joinStatements(
  app: AppContext,
  tokenHash: string,
  user: { id: string; sessionId: string | null },
  found: FoundInvitation,
) {
  const now = app.now();
  const open = stillOpen(tokenHash, now);
  const userExists = sql`EXISTS (SELECT 1 FROM users WHERE users.id = ${user.id})`;
  return [
    app.db
      .insert(businessMembers)
      .select(
        app.db
          .select({
            businessId: businessInvitations.businessId,
            userId: sql<string>`${user.id}`.as("user_id"),
            role: businessInvitations.role,
            createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
          })
          .from(businessInvitations)
          .where(and(open, userExists)),
      )
      .onConflictDoNothing(),
    app.db
      .update(businessInvitations)
      .set({ acceptedAt: now, acceptedUserId: user.id })
      .where(
        and(
          open,
          sql`EXISTS (SELECT 1 FROM business_members m WHERE m.business_id = ${found.businessId} AND m.user_id = ${user.id})`,
        ),
      ),
    // Right after the acceptance: only the accept that took the invitation records the joining.
    auditAfterChange(app, {
      actor: { userId: user.id, kind: "client" },
      action: "team.joined",
      businessId: found.businessId,
      subject: { type: "user", id: user.id },
      detail: { email: found.email, role: found.role },
    }),
  ] as const;
}

/** Whether the invitation of `tokenHash` was accepted by `userId`; otherwise why not, plainly. */
async function acceptedBy(app: AppContext, token: string, tokenHash: string, userId: string): Promise<string | null> {
  const [row] = await app.db
    .select({ acceptedUserId: businessInvitations.acceptedUserId })
    .from(businessInvitations)
    .where(eq(businessInvitations.tokenHash, tokenHash))
    .limit(1);
  if (row?.acceptedUserId === userId) return null;
  const again = await lookupBusinessInvitation(app, token);
  return again.ok ? BUSINESS_INVITATION_UNKNOWN : again.msg;
}

/**
 * Accepts by signing up: creates the client account (the invitation's email, the chosen name and
 * password) and the membership in one batch that selects the still-open invitation, marks it
 * accepted and signs them in, their session working in the business.
 */
export async function acceptBySignUp(
  app: AppContext,
  request: Request,
  token: string,
  input: AcceptInvitationWithNameInput,
): Promise<Acceptance> {
  const found = await lookupBusinessInvitation(app, token);
  if (!found.ok) return { ok: false, status: 400, msg: found.msg };
  if (found.account || (await emailHasAccount(app, found.email))) {
    return { ok: false, status: 409, msg: BUSINESS_INVITATION_ACCOUNT_EXISTS };
  }
  const tokenHash = await hashToken(token);
  const passwordHash = await hashPassword(input.password, app.env.PASSWORD_PEPPER);
  const now = app.now();
  const userId = crypto.randomUUID();
  try {
    await app.db.batch([
      insertUsersFrom(
        app.db,
        app.db
          .select(
            newAccountColumns({
              id: userId,
              email: businessInvitations.email,
              firstName: input.firstName,
              lastName: input.lastName,
              passwordHash,
              role: "client",
              at: now,
              // The invitation was emailed to this address: following its link proves it (ADR 070).
              emailVerified: true,
            }),
          )
          .from(businessInvitations)
          .where(stillOpen(tokenHash, now)),
      ),
      ...joinStatements(app, tokenHash, { id: userId, sessionId: null }, found),
    ]);
  } catch (error) {
    // The users table's unique email index: an account was made for this email meanwhile.
    if (String(error).includes("UNIQUE")) return { ok: false, status: 409, msg: BUSINESS_INVITATION_ACCOUNT_EXISTS };
    throw error;
  }
  const problem = await acceptedBy(app, token, tokenHash, userId);
  if (problem) return { ok: false, status: 400, msg: problem };
  const { token: sessionToken, cookie } = await createSession(app, request, userId);
  await sessionBusinessStatement(app.db, await hashToken(sessionToken), userId, found.businessId);
  return { ok: true, cookie };
}

/** Accepts for the account `user` (signed in with the invited email): the membership, and the session works in the business. */
async function acceptForAccount(
  app: AppContext,
  token: string,
  found: FoundInvitation,
  user: { id: string; sessionId: string },
): Promise<string | null> {
  const tokenHash = await hashToken(token);
  await app.db.batch([
    ...joinStatements(app, tokenHash, user, found),
    sessionBusinessStatement(app.db, user.sessionId, user.id, found.businessId),
    // The link was emailed to the account's own address: following it proves the address (ADR 070).
    markEmailVerifiedStatement(app, user.id, found.email, app.now()),
  ]);
  return acceptedBy(app, token, tokenHash, user.id);
}

/** Accepts as the signed-in viewer, who must be the invited email's client account. */
export async function acceptAsViewer(app: AppContext, viewer: Viewer, token: string): Promise<Acceptance> {
  const found = await lookupBusinessInvitation(app, token);
  if (!found.ok) return { ok: false, status: 400, msg: found.msg };
  if (viewer.user.email !== found.email) {
    return { ok: false, status: 403, msg: wrongAccountMessage(viewer.user.email, found.email) };
  }
  if (viewer.user.role !== "client") return { ok: false, status: 403, msg: BUSINESS_INVITATION_NOT_CLIENT };
  const problem = await acceptForAccount(app, token, found, { id: viewer.user.id, sessionId: viewer.sessionId });
  return problem ? { ok: false, status: 400, msg: problem } : { ok: true, cookie: null };
}

/**
 * Signs in as the invited email's client account with `password` (the sign-in's own checks and
 * throttling), then accepts. A refused sign-in answers its own status and text.
 */
export async function acceptBySignIn(
  app: AppContext,
  request: Request,
  token: string,
  password: string,
): Promise<Acceptance | { ok: false; status: 401 | 429; msg: string }> {
  const found = await lookupBusinessInvitation(app, token);
  if (!found.ok) return { ok: false, status: 400, msg: found.msg };
  if (found.account && found.account.role !== "client") {
    return { ok: false, status: 403, msg: BUSINESS_INVITATION_NOT_CLIENT };
  }
  const signedIn = await signIn(app, request, { email: found.email, password });
  if (!signedIn.ok) return { ok: false, status: signedIn.status, msg: signedIn.msg };
  const sessionId = await sessionIdOfCookie(signedIn.cookie);
  const problem = sessionId ? await acceptForAccount(app, token, found, { id: signedIn.user.id, sessionId }) : null;
  return problem ? { ok: false, status: 400, msg: problem } : { ok: true, cookie: signedIn.cookie };
}
