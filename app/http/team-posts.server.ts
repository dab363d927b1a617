import { EMAIL_UNVERIFIED_MESSAGE } from "~/lib/identity/email-verification";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/cloudflare";
import type { TeamActionData, TeamView } from "~/components/settings/team-section";
import type { BusinessAction } from "~/lib/business/permissions";
import { can } from "~/lib/business/permissions";
import {
  TEAM_ACTION_UNKNOWN,
  TEAM_INTENTS,
  TeamInvitationActionSchema,
  TeamInviteSchema,
  TeamMemberActionSchema,
  teamConfirmFrom,
} from "~/lib/business/team";
import { formatDate } from "~/lib/shared/dates";
import type { NoticeKey } from "~/lib/shared/notices";
import { submitForm } from "~/http/form-submit.server";
import { describeIssues } from "~/http/http.server";
import {
  changeMemberRole,
  inviteMember,
  leaveBusiness,
  listTeam,
  removeMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
} from "~/server/business/team.server";
import type { ClientViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { appOrigin } from "~/server/platform/app-origin.server";

/**
 * Settings → Team's page side (docs/decisions/067): what the tab shows and the answers of its posts
 * (intents TEAM_INTENTS, posted to /company-profile?tab=team), each one domain call of
 * team.server.ts. The settings route runs them through its intent table.
 */

/** The Team tab's view: every member reads it; `canManage` shows the controls to owners and admins. */
export async function loadTeamView(app: AppContext, viewer: ClientViewer, query: URLSearchParams): Promise<TeamView> {
  const { members, invitations } = await listTeam(app, viewer.business.id);
  const canManage = can(viewer.member.role, "manageTeam");
  const isOwner = viewer.member.role === "owner";
  const rows = members.map((row) => ({
    userId: row.userId,
    name: `${row.firstName} ${row.lastName}`.trim() || row.email,
    email: row.email,
    role: row.role,
    joined: formatDate(row.joinedAt),
  }));
  const asked = teamConfirmFrom(query);
  const member = asked?.memberId ? rows.find((row) => row.userId === asked.memberId) : undefined;
  // A confirmation shows only where its button would: remove by owners and admins, transfer by owners.
  const allowed =
    asked?.kind === "leave" ||
    (asked?.kind === "remove" && canManage && member !== undefined && member.userId !== viewer.user.id) ||
    (asked?.kind === "transfer" && isOwner && member !== undefined && member.userId !== viewer.user.id);
  return {
    businessName: viewer.business.name,
    me: viewer.user.id,
    isOwner,
    canManage,
    members: rows,
    invitations: invitations
      .filter((row) => row.status === "pending" || row.status === "expired")
      .map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        status: row.status as "pending" | "expired",
        invitedBy: row.invitedBy,
        sent: formatDate(row.createdAt),
        expires: formatDate(row.expiresAt),
      })),
    confirm:
      asked && allowed
        ? { kind: asked.kind, member: member ? { userId: member.userId, name: member.name } : null }
        : null,
  };
}

/** What each of the team's posts is given. */
type TeamPost = { app: AppContext; viewer: ClientViewer; request: Request; formData: FormData };

const answer = (result: Omit<TeamActionData, "intent">, status = 200) =>
  data<TeamActionData>({ intent: "team", ...result }, { status });
const done = (notice: string) => answer({ notice, error: null, invite: null });
const refused = (error: string, status: number) => answer({ notice: null, error, invite: null }, status);

async function invitePost({ app, viewer, request, formData }: TeamPost) {
  // Inviting colleagues waits for the inviter's own address to be confirmed (docs/decisions/070).
  if (!viewer.user.emailVerified) return refused(EMAIL_UNVERIFIED_MESSAGE, 403);
  const origin = appOrigin(app, request);
  const submitted = await submitForm(
    parseWithZod(formData, { schema: TeamInviteSchema }),
    (value) => inviteMember(app, origin, viewer, value),
    { what: "team invite", failureText: TEAM_ACTION_UNKNOWN },
  );
  if (!submitted.ok) return answer({ notice: null, error: null, invite: submitted.reply }, submitted.status);
  return answer({
    notice: submitted.result.msg,
    error: null,
    invite: submitted.submission.reply({ resetForm: true }),
  });
}

async function memberPost({ app, viewer, formData }: TeamPost) {
  const parsed = TeamMemberActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refused(describeIssues(parsed.error).msg, 400);
  const post = parsed.data;
  const result =
    post.intent === TEAM_INTENTS.changeRole
      ? await changeMemberRole(app, viewer, post.userId, post.role)
      : post.intent === TEAM_INTENTS.remove
        ? await removeMember(app, viewer, post.userId)
        : await transferOwnership(app, viewer, post.userId);
  return result.ok ? done(result.msg) : refused(result.msg, result.status);
}

async function invitationPost({ app, viewer, request, formData }: TeamPost) {
  const parsed = TeamInvitationActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refused(TEAM_ACTION_UNKNOWN, 400);
  const { intent, invitationId } = parsed.data;
  const result =
    intent === TEAM_INTENTS.resend
      ? await resendInvitation(app, appOrigin(app, request), viewer, invitationId)
      : await revokeInvitation(app, viewer, invitationId);
  return result.ok ? done(result.msg) : refused(result.msg, result.status);
}

const LEFT_BUSINESS_NOTICE: NoticeKey = "left-business";

/** Leaving: home next (another business of theirs, or setting up their own), saying so. */
async function leavePost({ app, viewer }: TeamPost) {
  const result = await leaveBusiness(app, viewer);
  if (!result.ok) return refused(result.msg, result.status);
  const home = result.stillMember ? "/dashboard" : "/signup-business";
  throw redirect(`${home}?notice=${LEFT_BUSINESS_NOTICE}`);
}

/** The team's intents and their posts, for the settings route's intent table. */
export const TEAM_POSTS = {
  [TEAM_INTENTS.invite]: invitePost,
  [TEAM_INTENTS.changeRole]: memberPost,
  [TEAM_INTENTS.remove]: memberPost,
  [TEAM_INTENTS.transfer]: memberPost,
  [TEAM_INTENTS.resend]: invitationPost,
  [TEAM_INTENTS.revoke]: invitationPost,
  [TEAM_INTENTS.leave]: leavePost,
};

/** What each team intent is for the business (app/lib/business/permissions.ts): leaving is everyone's. */
export const TEAM_PERMISSIONS = {
  [TEAM_INTENTS.invite]: "manageTeam",
  [TEAM_INTENTS.changeRole]: "manageTeam",
  [TEAM_INTENTS.remove]: "manageTeam",
  [TEAM_INTENTS.transfer]: "transferOwnership",
  [TEAM_INTENTS.resend]: "manageTeam",
  [TEAM_INTENTS.revoke]: "manageTeam",
  [TEAM_INTENTS.leave]: null,
} as const satisfies Record<keyof typeof TEAM_POSTS, BusinessAction | null>;
