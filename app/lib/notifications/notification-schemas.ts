import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { NOTIFICATION_GROUPS } from "./notification-kinds";

/** The Notifications page's forms, told apart by the submit button's `intent`. */
export const NotificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.string().trim().min(1).max(64) }),
  z.object({ intent: z.literal("open"), id: z.string().trim().min(1).max(64) }),
  z.object({ intent: z.literal("read-all") }),
]);

/** What the Notifications pages' action answers: Conform's reply and a success text. */
export type NotificationActionData = { result: SubmissionResult<string[]>; message: string | null };

export type NotificationAction = z.infer<typeof NotificationActionSchema>;

export function parseNotificationAction(formData: FormData) {
  return parseWithZod(formData, { schema: NotificationActionSchema });
}

/** The Settings intent of the Email notifications form. */
export const EMAIL_PREFERENCES_INTENT = "email-preferences";

/**
 * The Email notifications form: one checkbox per group, checked = send the emails. An unchecked
 * box is absent from the form, so every group shown is read as on (present) or off (absent).
 */
export const EmailPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_GROUPS.map((group) => [group, z.literal("on").optional()])) as Record<
    (typeof NOTIFICATION_GROUPS)[number],
    z.ZodOptional<z.ZodLiteral<"on">>
  >,
);

export function parseEmailPreferences(formData: FormData) {
  return parseWithZod(formData, { schema: EmailPreferencesSchema });
}

/** What a Settings action answers for the Email notifications form. */
export type EmailPreferencesActionData = {
  intent: typeof EMAIL_PREFERENCES_INTENT;
  result: SubmissionResult<string[]>;
  message: string | null;
};

/** The unsubscribe confirmation (and RFC 8058's one-click POST, whose token is in the URL). */
export const UnsubscribeSchema = z.object({ token: z.string().trim().min(1).max(1000) });

export function parseUnsubscribe(formData: FormData) {
  return parseWithZod(formData, { schema: UnsubscribeSchema });
}
