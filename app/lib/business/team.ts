import * as z from "zod";
import { BUSINESS_MEMBER_ROLES, INVITED_MEMBER_ROLES, type BusinessMemberRole } from "~db/enums";
import { EmailSchema } from "~/lib/identity/signup-schemas";

/**
 * The team of a business (issue #38 item 1, docs/decisions/067): Settings → Team's forms, their
 * intents and texts, and the invitation page's texts, shared by the browser and the server.
 */

export const TEAM_TAB_PATH = "/company-profile?tab=team";

/** The path an invitation's link opens. */
export const businessInvitationPath = (token: string) => `/business-invitation/${token}`;

/** The role in a sentence: "invited you … as an admin". */
export const MEMBER_ROLE_PHRASES: Record<BusinessMemberRole, string> = {
  owner: "an owner",
  admin: "an admin",
  member: "a member",
  viewer: "a viewer",
};

/** What each role may do, as the Team tab explains it (app/lib/business/permissions.ts decides). */
export const MEMBER_ROLE_HINTS: Record<BusinessMemberRole, string> = {
  owner: "Everything an admin does, and transfers the ownership.",
  admin:
    "Pays, signs statements of work, decides on candidates, changes the plan and the settings, and manages the team.",
  member: "Asks for insights and matches, reviews deliverables and uses the hub.",
  viewer: "Reads everything and changes nothing.",
};

/** The Team tab's intents (posted to /company-profile?tab=team). */
export const TEAM_INTENTS = {
  invite: "team-invite",
  changeRole: "team-change-role",
  remove: "team-remove",
  transfer: "team-transfer",
  resend: "team-resend",
  revoke: "team-revoke",
  leave: "team-leave",
} as const;

export const TEAM_INVITED_ALREADY_MEMBER = "This person is already a member of this business.";
export const TEAM_INVITED_NOT_CLIENT =
  "This email belongs to a Partwise consultant or staff account, which can't join a business. Invite another email.";
export const TEAM_ROLE_CHANGED = "Role changed.";
export const TEAM_REMOVED = "Removed. They were signed out of this business at once.";
export const TEAM_TRANSFERRED = "Ownership transferred. You are now an admin of this business.";
export const TEAM_LAST_OWNER = "A business needs an owner: transfer the ownership to someone else first.";
export const TEAM_OWNERS_ONLY = "Only an owner can change an owner's role, make someone an owner or remove an owner.";
export const TEAM_NOT_YOURSELF = "You can't remove yourself: use Leave this business instead.";
export const TEAM_TRANSFER_TO_SOMEONE_ELSE = "Choose another member to transfer the ownership to.";
export const TEAM_MEMBER_NOT_FOUND = "Member not found.";
export const TEAM_INVITATION_NOT_FOUND = "Invitation not found.";
export const TEAM_ACTION_UNKNOWN = "Something went wrong with that form. Reload the page and try again.";
export const TEAM_READ_ONLY = "Only owners and admins invite people and change the team.";

/** The notice after leaving (shown on the next page). */

/** The invitation page (/business-invitation/{token}). */
export const BUSINESS_INVITATION_UNKNOWN =
  "This invitation link is not valid. Check that you opened the whole link from the email, or ask the person who invited you for a new invitation.";
export const BUSINESS_INVITATION_USED = "This invitation has already been used. Sign in with your email and password.";
export const BUSINESS_INVITATION_EXPIRED =
  "This invitation has expired. Ask the person who invited you to send it again.";
export const BUSINESS_INVITATION_WITHDRAWN =
  "This invitation was withdrawn. If you think this is a mistake, ask the person who invited you.";
export const BUSINESS_INVITATION_NOT_CLIENT =
  "This email belongs to a Partwise consultant or staff account, which can't join a business. Ask for an invitation to another email.";
export const BUSINESS_INVITATION_ACCOUNT_EXISTS = "This email already has a Partwise account: sign in to accept.";

/** Signed in as someone else than the invited email. */
export const wrongAccountMessage = (signedInAs: string, invited: string) =>
  `You're signed in as ${signedInAs}, but this invitation is for ${invited}. Sign out, then open the link again.`;

const userId = z.string().min(1).max(64);

/** The invite form. */
export const TeamInviteSchema = z.object({
  intent: z.literal(TEAM_INTENTS.invite),
  email: EmailSchema,
  role: z.enum(INVITED_MEMBER_ROLES, { error: "Choose a role." }),
});
export type TeamInviteInput = z.infer<typeof TeamInviteSchema>;

/** A member's row: change the role, remove them, or make them the owner. */
export const TeamMemberActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(TEAM_INTENTS.changeRole), userId, role: z.enum(BUSINESS_MEMBER_ROLES) }),
  z.object({ intent: z.literal(TEAM_INTENTS.remove), userId }),
  z.object({ intent: z.literal(TEAM_INTENTS.transfer), userId }),
]);

/** An invitation's row: send it again or withdraw it. */
export const TeamInvitationActionSchema = z.object({
  intent: z.enum([TEAM_INTENTS.resend, TEAM_INTENTS.revoke]),
  invitationId: z.string().uuid(),
});

/** The confirmations the Team tab asks first (`?tab=team&confirm=…&member=…`), without JavaScript. */
export const TEAM_CONFIRMS = ["remove", "transfer", "leave"] as const;
export type TeamConfirm = (typeof TEAM_CONFIRMS)[number];

/** The confirmation a query asks for, or null. */
export function teamConfirmFrom(query: URLSearchParams): { kind: TeamConfirm; memberId: string | null } | null {
  const kind = TEAM_CONFIRMS.find((value) => value === query.get("confirm"));
  if (!kind) return null;
  const memberId = query.get("member");
  if (kind !== "leave" && !memberId) return null;
  return { kind, memberId: kind === "leave" ? null : memberId };
}

/** The link that asks a confirmation. */
export const teamConfirmHref = (kind: TeamConfirm, memberId?: string) =>
  `?tab=team&confirm=${kind}${memberId ? `&member=${encodeURIComponent(memberId)}` : ""}`;
