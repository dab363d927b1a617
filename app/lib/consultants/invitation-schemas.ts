import * as z from "zod";
import {
  APPLICATION_MESSAGE_MAX_LENGTH,
  APPLICATION_NAME_MAX_LENGTH,
  APPLICATION_NAME_REQUIRED_MESSAGE,
  APPLICATION_NAME_TOO_LONG_MESSAGE,
  AREAS_REQUIRED_MESSAGE,
  isLinkedInUrl,
  LINKEDIN_INVALID_MESSAGE,
  LINKEDIN_MAX_LENGTH,
  MESSAGE_REQUIRED_MESSAGE,
  MESSAGE_TOO_LONG_MESSAGE,
} from "./application-rules";
import { BUSINESS_AREAS } from "~db/enums";
import { invitationLinkProblem, type InvitationLinkTexts, type InvitationStatus } from "~/lib/identity/invitations";
import {
  EmailSchema,
  FIRST_NAME_REQUIRED_MESSAGE,
  FIRST_NAME_TOO_LONG_MESSAGE,
  LAST_NAME_REQUIRED_MESSAGE,
  LAST_NAME_TOO_LONG_MESSAGE,
  NAME_MAX_LENGTH,
} from "~/lib/identity/signup-schemas";

/**
 * Consultant invitations and applications: the forms of the console page, the public invitation
 * page and the consultant application, shared by the browser and the server, with their texts.
 */

export {
  AcceptInvitationSchema,
  type AcceptInvitationInput,
  INVITATION_TTL_DAYS,
  INVITATION_TTL_MS,
  invitationStatus,
  type InvitationStatus,
} from "~/lib/identity/invitations";

export const INVITATION_UNKNOWN_MESSAGE =
  "This invitation link is not valid. Check that you opened the whole link from the email, or ask your Engagement Manager to send a new invitation.";
export const INVITATION_USED_MESSAGE =
  "This invitation has already been used. Sign in with your email and the password you chose.";
export const INVITATION_EXPIRED_MESSAGE = "This invitation has expired. Ask your Engagement Manager to resend it.";
export const INVITATION_REVOKED_MESSAGE =
  "This invitation was withdrawn. If you think this is a mistake, contact your Engagement Manager.";
export const ACCOUNT_EXISTS_MESSAGE = "This email already has a Partwise account.";
export const INVITATION_SENT = "Invitation sent.";
export const INVITATION_RESENT = "Invitation sent again with a new link. The earlier link no longer works.";
export const INVITATION_REVOKED = "Invitation revoked. Its link no longer works.";
export const INVITATION_EMAIL_FAILED_MESSAGE =
  "The invitation is saved, but we couldn't send the email right now. Use Resend in a few minutes.";
export const INVITATION_NOT_OPEN_MESSAGE = "This invitation was already accepted or revoked.";
export const APPLICATION_DECLINED = "Application declined.";
export const APPLICATION_SENT_MESSAGE =
  "Thank you! Your application was sent. An Engagement Manager will review it and email you if there is a fit.";
export const NOTE_TOO_LONG_MESSAGE = "The note must be 1,000 characters or fewer.";
export const NAME_REQUIRED_MESSAGE = "Enter your name.";
export const NAME_TOO_LONG_MESSAGE = "Name must be 120 characters or fewer.";

/** What the consultant's invitation page says of a link that cannot be used. */
export const CONSULTANT_INVITATION_LINK_TEXTS: InvitationLinkTexts = {
  unknown: INVITATION_UNKNOWN_MESSAGE,
  used: INVITATION_USED_MESSAGE,
  expired: INVITATION_EXPIRED_MESSAGE,
  withdrawn: INVITATION_REVOKED_MESSAGE,
};

/** What the invitation page says for a link that cannot be used. */
export function invitationProblem(status: InvitationStatus | "unknown"): string | null {
  return invitationLinkProblem(status, CONSULTANT_INVITATION_LINK_TEXTS);
}

const personName = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX_LENGTH, tooLong);

/** The console's invite form. */
export const InviteSchema = z.object({
  firstName: personName(FIRST_NAME_REQUIRED_MESSAGE, FIRST_NAME_TOO_LONG_MESSAGE),
  lastName: personName(LAST_NAME_REQUIRED_MESSAGE, LAST_NAME_TOO_LONG_MESSAGE),
  email: EmailSchema,
  note: z.string().trim().max(1000, NOTE_TOO_LONG_MESSAGE).optional().default(""),
  applicationId: z.string().uuid().optional(),
});
export type InviteInput = z.infer<typeof InviteSchema>;

// The application's rules and messages live in application-rules.ts (the browser checks the form
// with it, without Zod); re-exported for the server's importers.
export {
  AREAS_REQUIRED_MESSAGE,
  isLinkedInUrl,
  LINKEDIN_INVALID_MESSAGE,
  MESSAGE_REQUIRED_MESSAGE,
  MESSAGE_TOO_LONG_MESSAGE,
} from "./application-rules";

/** The consultant application on the sign-up chooser's consultant page. */
export const ApplicationSchema = z.object({
  name: z
    .string({ error: APPLICATION_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, APPLICATION_NAME_REQUIRED_MESSAGE)
    .max(APPLICATION_NAME_MAX_LENGTH, APPLICATION_NAME_TOO_LONG_MESSAGE),
  email: EmailSchema,
  linkedinUrl: z
    .string()
    .trim()
    .max(LINKEDIN_MAX_LENGTH, LINKEDIN_INVALID_MESSAGE)
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isLinkedInUrl(value), LINKEDIN_INVALID_MESSAGE),
  businessAreas: z
    .array(z.enum(BUSINESS_AREAS, { error: AREAS_REQUIRED_MESSAGE }), { error: AREAS_REQUIRED_MESSAGE })
    .min(1, AREAS_REQUIRED_MESSAGE)
    .transform((areas) => [...new Set(areas)]),
  message: z
    .string({ error: MESSAGE_REQUIRED_MESSAGE })
    .trim()
    .min(1, MESSAGE_REQUIRED_MESSAGE)
    .max(APPLICATION_MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG_MESSAGE),
});
export type ApplicationInput = z.infer<typeof ApplicationSchema>;
