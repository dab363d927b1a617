import * as z from "zod";
import { STAFF_ROLES, type StaffRole } from "~db/enums";
import { EmailSchema, FirstNameSchema, LastNameSchema } from "~/lib/identity/signup-schemas";
import {
  INVITATION_EMAIL_FAILED,
  INVITATION_NOT_OPEN,
  INVITATION_RESENT,
  INVITATION_REVOKED,
  INVITATION_SENT,
} from "~/lib/identity/invitations";

/**
 * Staff: the people of the console (users with role "manager"), each an admin or an engagement
 * manager (docs/decisions/064). The forms of /manage/staff and their texts, shared by the browser
 * and the server.
 */

export const STAFF_PATH = "/manage/staff";

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: "Admin", manager: "Engagement manager" };

/** The role in a sentence: "invited you … as an admin". */
export const STAFF_ROLE_PHRASES: Record<StaffRole, string> = { admin: "an admin", manager: "an engagement manager" };

/** What each staff role may do, as the console's Staff page explains it. */
export const STAFF_ROLE_HINTS: Record<StaffRole, string> = {
  admin: "Runs the marketplace, invites and removes staff, and refunds or reverses payments.",
  manager: "Runs the marketplace: insights, matches, consultants, engagements, events and support.",
};

export const STAFF_INVITATION_SENT = INVITATION_SENT;
export const STAFF_INVITATION_RESENT = INVITATION_RESENT;
export const STAFF_INVITATION_REVOKED = INVITATION_REVOKED;
export const STAFF_INVITATION_EMAIL_FAILED = INVITATION_EMAIL_FAILED;
export const STAFF_INVITATION_NOT_OPEN = INVITATION_NOT_OPEN;
export const STAFF_ACCOUNT_EXISTS = "This email already has a Partwise account.";
export const STAFF_ROLE_CHANGED = "Role changed.";
export const STAFF_REMOVED = "Removed. They were signed out everywhere and can no longer sign in.";
export const STAFF_LAST_ADMIN = "Partwise needs at least one admin: make someone else an admin first.";
export const STAFF_NOT_YOURSELF = "You can't remove yourself. Ask another admin.";
export const STAFF_NOT_FOUND = "Staff member not found.";
export const STAFF_ADMINS_ONLY = "Only an admin can do this.";
export const STAFF_ACTION_UNKNOWN = "Something went wrong with that form. Reload the page and try again.";

export const STAFF_INVITATION_UNKNOWN =
  "This invitation link is not valid. Check that you opened the whole link from the email, or ask a Partwise admin for a new invitation.";
export const STAFF_INVITATION_USED =
  "This invitation has already been used. Sign in with your email and the password you chose.";
export const STAFF_INVITATION_EXPIRED = "This invitation has expired. Ask a Partwise admin to send it again.";
export const STAFF_INVITATION_WITHDRAWN =
  "This invitation was withdrawn. If you think this is a mistake, contact a Partwise admin.";

const staffRole = z.enum(STAFF_ROLES, { error: "Choose a role." });

/** The Staff page's invite form. */
export const StaffInviteSchema = z.object({
  intent: z.literal("invite"),
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  email: EmailSchema,
  staffRole,
});
export type StaffInviteInput = z.infer<typeof StaffInviteSchema>;

/** A staff member's row: change the role or remove them. */
export const StaffMemberActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("change-role"), userId: z.string().min(1).max(64), staffRole }),
  z.object({ intent: z.literal("remove"), userId: z.string().min(1).max(64) }),
]);

/** An invitation's row: send it again or withdraw it. */
export const StaffInvitationActionSchema = z.object({
  intent: z.enum(["resend-invitation", "revoke-invitation"]),
  invitationId: z.string().uuid(),
});
