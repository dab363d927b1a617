import * as z from "zod";
import { PASSWORDS_DO_NOT_MATCH, PasswordSchema } from "~/lib/identity/password-rules";
import { CONFIRM_PASSWORD_REQUIRED_MESSAGE, FirstNameSchema, LastNameSchema } from "~/lib/identity/signup-schemas";

/**
 * What every invitation to an account shares (a consultant's, a staff member's, a business's): a single-use link
 * valid 7 days, its status from its timestamps, and the form that chooses the password.
 */

export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

export type InvitationStatus = "pending" | "accepted" | "expired" | "revoked";

/** The state of an invitation, from its timestamps: revoked and accepted are final; otherwise its age decides. */
export function invitationStatus(
  invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationStatus {
  if (invitation.revokedAt) return "revoked";
  if (invitation.acceptedAt) return "accepted";
  return invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

/** What an invitation's page says of a link that cannot be used (each kind of invitation its own words). */
export type InvitationLinkTexts = { unknown: string; used: string; expired: string; withdrawn: string };

/** Why a link cannot be used, or null when it can: no invitation has its token ("unknown"), or it was used, expired or withdrawn. */
export function invitationLinkProblem(status: InvitationStatus | "unknown", texts: InvitationLinkTexts): string | null {
  switch (status) {
    case "pending":
      return null;
    case "accepted":
      return texts.used;
    case "expired":
      return texts.expired;
    case "revoked":
      return texts.withdrawn;
    default:
      return texts.unknown;
  }
}

/** What a list says when a change of an invitation (resend, revoke) finds it not open, or not at all. */
export type InvitationChangeTexts = { notOpen: string; notFound: string };

/**
 * Why a change of an open invitation changed nothing: the invitation exists (where the inviter may
 * see it) but was accepted or revoked, 409; or there is none, 404.
 */
export function invitationChangeRefusal(
  exists: boolean,
  texts: InvitationChangeTexts,
): { ok: false; status: 404 | 409; msg: string } {
  return exists ? { ok: false, status: 409, msg: texts.notOpen } : { ok: false, status: 404, msg: texts.notFound };
}

/** What the invitation lists say of an invitation sent, sent again, withdrawn, or not open any more. */
export const INVITATION_SENT = "Invitation sent.";
export const INVITATION_RESENT = "Invitation sent again with a new link. The earlier link no longer works.";
export const INVITATION_REVOKED = "Invitation revoked. Its link no longer works.";
export const INVITATION_EMAIL_FAILED =
  "The invitation is saved, but we couldn't send the email right now. Use Resend in a few minutes.";
export const INVITATION_NOT_OPEN = "This invitation was already accepted or revoked.";

const passwordFields = {
  password: PasswordSchema,
  confirmPassword: z.string({ error: CONFIRM_PASSWORD_REQUIRED_MESSAGE }).min(1, CONFIRM_PASSWORD_REQUIRED_MESSAGE),
};

/** The two passwords match, checked as soon as both are there (the mismatch shows on the first blur). */
const passwordsMatch = {
  message: PASSWORDS_DO_NOT_MATCH,
  path: ["confirmPassword"],
  when: ({ value }: { value: unknown }) => {
    const fields = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
    return typeof fields.password === "string" && typeof fields.confirmPassword === "string";
  },
};

/** The invitation page's form: the sign-up password rule and its texts. */
export const AcceptInvitationSchema = z
  .object(passwordFields)
  .refine((value) => value.password === value.confirmPassword, passwordsMatch);
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationSchema>;

/** The form of an invitation that does not know the person's name yet (a business's): the name too. */
export const AcceptInvitationWithNameSchema = z
  .object({ firstName: FirstNameSchema, lastName: LastNameSchema, ...passwordFields })
  .refine((value) => value.password === value.confirmPassword, passwordsMatch);
export type AcceptInvitationWithNameInput = z.infer<typeof AcceptInvitationWithNameSchema>;
