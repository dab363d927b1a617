import { z } from "zod";
import { PASSWORDS_DO_NOT_MATCH, PasswordSchema } from "~/lib/identity/password-rules";
import { CONFIRM_PASSWORD_REQUIRED_MESSAGE } from "~/lib/identity/signup-schemas";

/**
 * What every invitation to an account shares (a consultant's, a staff member's): a single-use link
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

/** The invitation page's form: the sign-up password rule and its texts. */
export const AcceptInvitationSchema = z
  .object({
    password: PasswordSchema,
    confirmPassword: z.string({ error: CONFIRM_PASSWORD_REQUIRED_MESSAGE }).min(1, CONFIRM_PASSWORD_REQUIRED_MESSAGE),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
    when: ({ value }) => {
      const fields = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
      return typeof fields.password === "string" && typeof fields.confirmPassword === "string";
    },
  });
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationSchema>;
