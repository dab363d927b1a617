import { PREFERENCE_TEXTS } from "~/lib/notifications/notification-copy";
import type { NotificationGroup } from "~/lib/notifications/notification-kinds";
import {
  EMAIL_PREFERENCES_INTENT,
  parseEmailPreferences,
  type EmailPreferencesActionData,
} from "~/lib/notifications/notification-schemas";
import type { AppContext } from "~/server/load-context";
import { saveEmailPreferences } from "./preferences.server";

/** The form's outcome (ADR 019: the Settings route answers `data` with `status`). */
export type EmailPreferencesReply = { status: 200 | 400 | 500; data: EmailPreferencesActionData };

/**
 * The Email notifications form's branch of a Settings action (the caller read the form and
 * checked the session): the shown groups are on when checked, off when not.
 */
export async function emailPreferencesAction(
  app: AppContext,
  userId: string,
  groups: readonly NotificationGroup[],
  formData: FormData,
): Promise<EmailPreferencesReply> {
  const answer = (
    result: EmailPreferencesActionData["result"],
    message: string | null,
    status: EmailPreferencesReply["status"] = 200,
  ): EmailPreferencesReply => ({ status, data: { intent: EMAIL_PREFERENCES_INTENT, result, message } });
  const submission = parseEmailPreferences(formData);
  if (submission.status !== "success") return answer(submission.reply(), null, 400);
  const choices = Object.fromEntries(groups.map((group) => [group, submission.value[group] === "on"]));
  try {
    await saveEmailPreferences(app, userId, choices);
  } catch (error) {
    console.error("email preferences failed", error);
    return answer(submission.reply({ formErrors: [PREFERENCE_TEXTS.failed] }), null, 500);
  }
  return answer(submission.reply(), PREFERENCE_TEXTS.saved);
}
