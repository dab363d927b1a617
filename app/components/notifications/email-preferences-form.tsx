import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { FormOutcome } from "~/components/settings/settings-parts";
import { GROUP_LABELS, PREFERENCE_TEXTS as T } from "~/lib/notifications/notification-copy";
import type { NotificationGroup } from "~/lib/notifications/notification-kinds";
import { usePosting } from "~/components/ui/pending-post";
import {
  EMAIL_PREFERENCES_INTENT,
  EmailPreferencesSchema,
  type EmailPreferencesActionData,
} from "~/lib/notifications/notification-schemas";

/**
 * Settings' "Email notifications" form: a checkbox per preference group the person can get
 * (clients in /company-profile's Preferences tab, consultants in /consultant/settings).
 */
export function EmailPreferencesForm({
  groups,
  current,
  actionData,
  action,
}: {
  groups: readonly NotificationGroup[];
  current: Record<NotificationGroup, boolean>;
  actionData: { intent?: unknown; result?: unknown; message?: unknown } | undefined;
  action: string;
}) {
  const mine = actionData?.intent === EMAIL_PREFERENCES_INTENT ? (actionData as EmailPreferencesActionData) : undefined;
  const lastResult = mine?.result;
  const submitting = usePosting(EMAIL_PREFERENCES_INTENT);
  const [form, fields] = useForm({
    id: "email-preferences",
    lastResult,
    defaultValue: Object.fromEntries(groups.map((group) => [group, current[group] ? "on" : undefined])),
    constraint: getZodConstraint(EmailPreferencesSchema),
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: EmailPreferencesSchema });
    },
  });
  const success = lastResult?.status === "success" ? (mine?.message ?? null) : null;

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="stack settings-form hub-n-prefs">
      <h2 className="settings-heading">{T.title}</h2>
      <fieldset>
        <legend>{T.intro}</legend>
        {groups.map((group) => {
          const meta = fields[group];
          const { key: inputKey, ...props } = getInputProps(meta, { type: "checkbox" });
          return (
            <div key={group} className="hub-n-pref">
              <input key={inputKey} {...props} aria-describedby={`${meta.id}-hint`} />
              <label htmlFor={meta.id}>{GROUP_LABELS[group].label}</label>
              <p id={`${meta.id}-hint`} className="hub-n-pref-hint">
                {GROUP_LABELS[group].hint}
              </p>
            </div>
          );
        })}
      </fieldset>
      <FormOutcome success={success} errors={form.errors} errorId={form.errorId} />
      <div className="settings-actions">
        <button
          type="submit"
          name="intent"
          value={EMAIL_PREFERENCES_INTENT}
          className="button button-primary"
          disabled={submitting}
        >
          {submitting ? "Saving…" : T.save}
        </button>
      </div>
    </Form>
  );
}
