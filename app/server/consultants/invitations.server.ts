import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { insertUsersFrom, newAccountColumns } from "~/server/identity/user-rows.server";
import { alias } from "drizzle-orm/sqlite-core";
import { consultantApplications, consultantInvitations, users } from "~db/schema";
import {
  ACCOUNT_EXISTS_MESSAGE,
  type AcceptInvitationInput,
  APPLICATION_DECLINED,
  APPLICATION_SENT_MESSAGE,
  type ApplicationInput,
  INVITATION_EMAIL_FAILED_MESSAGE,
  INVITATION_NOT_OPEN_MESSAGE,
  INVITATION_RESENT,
  INVITATION_REVOKED,
  INVITATION_SENT,
  INVITATION_TTL_DAYS,
  CONSULTANT_INVITATION_LINK_TEXTS,
  INVITATION_UNKNOWN_MESSAGE,
  invitationStatus,
  type InvitationStatus,
  type InviteInput,
} from "~/lib/consultants/invitation-schemas";
import { INSIGHT_AREAS } from "~/lib/business/settings-schemas";
import { hashPassword } from "~/server/identity/password.server";
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
import { managerIds, notify } from "~/server/notifications/notify.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { limitByNetwork, SIGNUP_POLICY, TOO_MANY_ATTEMPTS_MESSAGE } from "~/server/platform/rate-limit.server";
import { renderEmail } from "~/server/platform/email-templates.server";

/**
 * Consultants join by invitation. An engagement manager invites an email; the email carries a
 * single-use link `/consultant-invitation/{token}` valid 7 days, and D1 keeps only the token's
 * SHA-256 (as for session ids). An email has at most one open (neither accepted nor revoked)
 * invitation: inviting it again, or resending, gives that row a new token and 7 new days, which
 * kills the earlier link. Accepting creates the consultant's account and signs them in.
 */

type Failure = { ok: false; status: 400 | 404 | 409 | 503; msg: string; field?: "email" };
const failure = (status: Failure["status"], msg: string, field?: "email"): Failure => ({
  ok: false,
  status,
  msg,
  field,
});

/** The invitation email, with the absolute link on `origin`. */
export function invitationEmail(input: { firstName: string; inviterName: string; note: string; link: string }) {
  const { text, html } = renderEmail({
    heading: "You're invited to join Partwise as a consultant",
    blocks: [
      { type: "paragraph", text: `Hi ${input.firstName},` },
      {
        type: "paragraph",
        text: `${input.inviterName} invited you to join Partwise as a consultant. Choose a password to create your account, then complete your profile.`,
      },
      ...(input.note ? [{ type: "field" as const, label: "Note", value: input.note }] : []),
      { type: "button", label: "Accept the invitation", url: input.link },
      {
        type: "paragraph",
        text: `The link works once and expires in ${INVITATION_TTL_DAYS} days. If it has expired, ask your Engagement Manager to resend it.`,
      },
    ],
    footer: "You received this email because an Engagement Manager at Partwise invited you.",
  });
  return { subject: "Your invitation to Partwise", text, html };
}

/**
 * Emails the link; false when the provider refused it. The invitation is saved either way, so the
 * manager can Resend once the provider is back.
 */
async function sendInvitation(
  app: AppContext,
  origin: string,
  invitation: { email: string; firstName: string; note: string },
  token: string,
  inviterId: string,
): Promise<boolean> {
  return sendInvitationEmail(app, {
    to: invitation.email,
    kind: "consultant_invitation",
    ...invitationEmail({
      firstName: invitation.firstName,
      inviterName: (await userFullName(app, inviterId)) ?? "An Engagement Manager",
      note: invitation.note,
      link: `${origin}/consultant-invitation/${token}`,
    }),
  });
}

/**
 * Invites a consultant. An email with an account is refused; an open invitation of the same email
 * is refreshed (new names, note, token and 7 days), never duplicated.
 */
export async function inviteConsultant(
  app: AppContext,
  origin: string,
  managerId: string,
  input: InviteInput,
): Promise<{ ok: true; msg: string; id: string } | Failure> {
  if (await emailHasAccount(app, input.email)) return failure(409, ACCOUNT_EXISTS_MESSAGE, "email");
  if (input.applicationId) {
    const [application] = await app.db
      .select({ id: consultantApplications.id })
      .from(consultantApplications)
      .where(eq(consultantApplications.id, input.applicationId))
      .limit(1);
    if (!application) return failure(404, "Application not found.");
  }
  const now = app.now();
  const { token, tokenHash, expiresAt } = await newInvitationLink(now);
  const fields = {
    firstName: input.firstName,
    lastName: input.lastName,
    note: input.note,
    tokenHash,
    invitedById: managerId,
    expiresAt,
    ...(input.applicationId ? { applicationId: input.applicationId } : {}),
  };
  // One statement: a new invitation, or the open one of this email refreshed (the partial unique
  // index on open invitations), so two racing invites leave one row.
  const upsert = app.db
    .insert(consultantInvitations)
    .values({ id: crypto.randomUUID(), email: input.email, createdAt: now, ...fields })
    .onConflictDoUpdate({
      target: consultantInvitations.email,
      targetWhere: OPEN_INVITATION_INDEX_WHERE,
      set: fields,
    })
    .returning({ id: consultantInvitations.id });
  let rows: { id: string }[];
  if (input.applicationId) {
    [rows] = await app.db.batch([
      upsert,
      app.db
        .update(consultantApplications)
        .set({ status: "invited" })
        .where(eq(consultantApplications.id, input.applicationId)),
    ]);
  } else {
    rows = await upsert;
  }
  const id = rows[0]!.id;
  const sent = await sendInvitation(
    app,
    origin,
    { email: input.email, firstName: input.firstName, note: input.note },
    token,
    managerId,
  );
  if (!sent) return failure(503, INVITATION_EMAIL_FAILED_MESSAGE);
  return { ok: true, msg: INVITATION_SENT, id };
}

/** What the invitations page says when a resend or revoke finds the invitation closed, or none. */
const INVITATION_CHANGES = { notOpen: INVITATION_NOT_OPEN_MESSAGE, notFound: "Invitation not found." };

const openInvitation = (id: string) =>
  and(
    eq(consultantInvitations.id, id),
    isNull(consultantInvitations.acceptedAt),
    isNull(consultantInvitations.revokedAt),
  );

/** A new link and 7 new days for an open invitation (pending or expired); the old link dies. */
export async function resendInvitation(
  app: AppContext,
  origin: string,
  managerId: string,
  id: string,
): Promise<{ ok: true; msg: string } | Failure> {
  return resendOpenInvitation(
    app,
    {
      change: async (link) => {
        const [updated] = await app.db
          .update(consultantInvitations)
          .set({ ...link, invitedById: managerId })
          .where(openInvitation(id))
          .returning({
            email: consultantInvitations.email,
            firstName: consultantInvitations.firstName,
            note: consultantInvitations.note,
          });
        return updated;
      },
      exists: () => invitationExists(app, id),
      send: (updated, token) => sendInvitation(app, origin, updated, token, managerId),
    },
    { ...INVITATION_CHANGES, resent: INVITATION_RESENT, emailFailed: INVITATION_EMAIL_FAILED_MESSAGE },
  );
}

/** Withdraws an open invitation: its link says so from now on. */
export async function revokeInvitation(app: AppContext, id: string): Promise<{ ok: true; msg: string } | Failure> {
  return revokeOpenInvitation(
    app,
    {
      change: async (revokedAt) => {
        const [revoked] = await app.db
          .update(consultantInvitations)
          .set({ revokedAt })
          .where(openInvitation(id))
          .returning({ id: consultantInvitations.id });
        return revoked;
      },
      exists: () => invitationExists(app, id),
    },
    { ...INVITATION_CHANGES, revoked: INVITATION_REVOKED },
  );
}

async function invitationExists(app: AppContext, id: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: consultantInvitations.id })
    .from(consultantInvitations)
    .where(eq(consultantInvitations.id, id))
    .limit(1);
  return Boolean(row);
}

export type InvitationRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  note: string;
  status: InvitationStatus;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
};

/** Every invitation, newest first, with its derived status and who sent it. */
export async function listInvitations(app: AppContext): Promise<InvitationRow[]> {
  const inviter = alias(users, "inviter");
  const rows = await app.db
    .select({
      id: consultantInvitations.id,
      email: consultantInvitations.email,
      firstName: consultantInvitations.firstName,
      lastName: consultantInvitations.lastName,
      note: consultantInvitations.note,
      createdAt: consultantInvitations.createdAt,
      expiresAt: consultantInvitations.expiresAt,
      acceptedAt: consultantInvitations.acceptedAt,
      revokedAt: consultantInvitations.revokedAt,
      inviterFirst: inviter.firstName,
      inviterLast: inviter.lastName,
    })
    .from(consultantInvitations)
    .leftJoin(inviter, eq(inviter.id, consultantInvitations.invitedById))
    .orderBy(desc(consultantInvitations.createdAt))
    .limit(500);
  const now = app.now();
  return rows.map(({ inviterFirst, inviterLast, ...row }) => ({
    ...row,
    status: invitationStatus(row, now),
    invitedBy: inviterName(inviterFirst, inviterLast),
  }));
}

/** What the invitation page shows for a token: who invited whom, or why the link does not work. */
export async function lookupInvitation(
  app: AppContext,
  token: string,
): Promise<
  | { ok: true; firstName: string; lastName: string; email: string; invitedBy: string | null; note: string }
  | { ok: false; msg: string }
> {
  const found = await openInvitationOfLink(app, token, CONSULTANT_INVITATION_LINK_TEXTS, async (tokenHash) => {
    const inviter = alias(users, "inviter");
    const [row] = await app.db
      .select({
        email: consultantInvitations.email,
        firstName: consultantInvitations.firstName,
        lastName: consultantInvitations.lastName,
        note: consultantInvitations.note,
        expiresAt: consultantInvitations.expiresAt,
        acceptedAt: consultantInvitations.acceptedAt,
        revokedAt: consultantInvitations.revokedAt,
        inviterFirst: inviter.firstName,
        inviterLast: inviter.lastName,
      })
      .from(consultantInvitations)
      .leftJoin(inviter, eq(inviter.id, consultantInvitations.invitedById))
      .where(eq(consultantInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  });
  if (!found.ok) return found;
  const row = found.row;
  return {
    ok: true,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    note: row.note,
    invitedBy: inviterName(row.inviterFirst, row.inviterLast),
  };
}

/**
 * Accepts an invitation: creates the consultant's account with the chosen password, marks the
 * invitation accepted and signs the new consultant in. The account is inserted by a statement that
 * selects the still-open invitation, in the same batch that marks it accepted, so of two
 * simultaneous submits only the first creates an account; the second finds it used.
 */
export async function acceptInvitation(
  app: AppContext,
  request: Request,
  token: string,
  input: AcceptInvitationInput,
): Promise<{ ok: true; cookie: string } | { ok: false; status: 400 | 409; msg: string }> {
  const found = await lookupInvitation(app, token);
  if (!found.ok) return { ok: false, status: 400, msg: found.msg };
  if (await emailHasAccount(app, found.email)) return { ok: false, status: 409, msg: ACCOUNT_EXISTS_MESSAGE };
  const tokenHash = await hashToken(token);
  const passwordHash = await hashPassword(input.password, app.env.PASSWORD_PEPPER);
  const now = app.now();
  const userId = crypto.randomUUID();
  const stillOpen = and(
    eq(consultantInvitations.tokenHash, tokenHash),
    isNull(consultantInvitations.acceptedAt),
    isNull(consultantInvitations.revokedAt),
    gt(consultantInvitations.expiresAt, now),
  );
  try {
    await app.db.batch([
      insertUsersFrom(
        app.db,
        app.db
          .select(
            newAccountColumns({
              id: userId,
              email: consultantInvitations.email,
              firstName: consultantInvitations.firstName,
              lastName: consultantInvitations.lastName,
              passwordHash,
              role: "consultant",
              at: now,
              // Every consultant invitation is emailed (its link exists nowhere else): accepting it
              // proves the address (docs/decisions/070).
              emailVerified: true,
            }),
          )
          .from(consultantInvitations)
          .where(stillOpen),
      ),
      app.db
        .update(consultantInvitations)
        .set({ acceptedAt: now, acceptedUserId: userId })
        .where(and(stillOpen, sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId})`)),
    ]);
  } catch (error) {
    // The users table's unique email index: an account was made for this email meanwhile.
    if (String(error).includes("UNIQUE")) return { ok: false, status: 409, msg: ACCOUNT_EXISTS_MESSAGE };
    throw error;
  }
  const [accepted] = await app.db
    .select({ acceptedUserId: consultantInvitations.acceptedUserId })
    .from(consultantInvitations)
    .where(eq(consultantInvitations.tokenHash, tokenHash))
    .limit(1);
  if (accepted?.acceptedUserId !== userId) {
    const again = await lookupInvitation(app, token);
    return { ok: false, status: 400, msg: again.ok ? INVITATION_UNKNOWN_MESSAGE : again.msg };
  }
  const { cookie } = await createSession(app, request, userId);
  return { ok: true, cookie };
}

export type ApplicationRow = {
  id: string;
  name: string;
  email: string;
  linkedinUrl: string | null;
  businessAreas: string[];
  message: string;
  createdAt: Date;
};

/** The applications still waiting for a manager, oldest first. */
export async function listNewApplications(app: AppContext): Promise<ApplicationRow[]> {
  const rows = await app.db
    .select({
      id: consultantApplications.id,
      name: consultantApplications.name,
      email: consultantApplications.email,
      linkedinUrl: consultantApplications.linkedinUrl,
      businessAreas: consultantApplications.businessAreas,
      message: consultantApplications.message,
      createdAt: consultantApplications.createdAt,
    })
    .from(consultantApplications)
    .where(eq(consultantApplications.status, "new"))
    .orderBy(consultantApplications.createdAt)
    .limit(200);
  return rows.map((row) => ({
    ...row,
    businessAreas: row.businessAreas.map((area) => INSIGHT_AREAS.find((entry) => entry.key === area)?.label ?? area),
  }));
}

export async function declineApplication(app: AppContext, id: string): Promise<{ ok: true; msg: string } | Failure> {
  const [row] = await app.db
    .update(consultantApplications)
    .set({ status: "declined" })
    .where(and(eq(consultantApplications.id, id), eq(consultantApplications.status, "new")))
    .returning({ id: consultantApplications.id });
  if (!row) return failure(404, "Application not found.");
  return { ok: true, msg: APPLICATION_DECLINED };
}

/** A consultant's application lands in the managers' queue; each manager is told in-app and by email. */
export async function submitApplication(
  app: AppContext,
  request: Request,
  input: ApplicationInput,
): Promise<{ ok: true; msg: string } | { ok: false; status: 429; msg: string }> {
  // Limited per client network like sign-up: each application emails every manager.
  const verdict = await limitByNetwork(app, request, "consultant-application", {
    ...SIGNUP_POLICY,
    max: app.env.SIGNUP_LIMIT_PER_HOUR,
  });
  if (!verdict.allowed) return { ok: false, status: 429, msg: TOO_MANY_ATTEMPTS_MESSAGE };
  const origin = appOrigin(app, request);
  await app.db.insert(consultantApplications).values({
    id: crypto.randomUUID(),
    name: input.name,
    email: input.email,
    linkedinUrl: input.linkedinUrl ?? null,
    businessAreas: input.businessAreas,
    message: input.message,
    status: "new",
    createdAt: app.now(),
  });
  const managers = await managerIds(app);
  const areas = input.businessAreas.map((area) => INSIGHT_AREAS.find((entry) => entry.key === area)?.label ?? area);
  await notify(
    app,
    origin,
    managers.map((userId) => ({
      userId,
      kind: "consultant_application",
      title: "New consultant application",
      body: `${input.name} applied to join Partwise as a consultant.`,
      link: "/manage/consultants/invitations",
      action: "Review the application",
      fields: [
        { label: "Email", value: input.email },
        { label: "Business areas", value: areas.join(", ") },
      ],
      footer: "You received this email because you are an Engagement Manager at Partwise.",
    })),
  );
  return { ok: true, msg: APPLICATION_SENT_MESSAGE };
}
