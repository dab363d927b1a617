import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import type { InsightPreferences } from "~db/enums";
import {
  INSIGHT_AREAS,
  InsightPreferencesFormSchema,
  NO_INSIGHT_PREFERENCES,
  PREFERENCES_INTRO,
  PREFERENCES_READ_HEADING,
} from "~/lib/business/settings-schemas";
import { usePosting } from "~/components/ui/pending-post";
import { FormOutcome, resultFor, type SettingsActionData } from "./settings-parts";

/**
 * Preferences tab (spec §2): a checkbox per business area the business wants insights from. A role
 * that may not change the settings reads the chosen areas as a list, with the line naming its role
 * (docs/decisions/071).
 */
export function PreferencesForm(props: {
  current: InsightPreferences;
  actionData: SettingsActionData | undefined;
  action: string;
}) {
  const may = useMemberCan();
  if (may("changeSettings")) return <EditablePreferencesForm {...props} />;
  const chosen = INSIGHT_AREAS.filter(({ key }) => props.current[key]);
  return (
    <section className="stack settings-form" aria-labelledby="settings-preferences-title">
      <h2 id="settings-preferences-title" className="settings-heading">
        {PREFERENCES_READ_HEADING}
      </h2>
      {chosen.length > 0 ? (
        <ul className="settings-chosen-areas">
          {chosen.map(({ key, label }) => (
            <li key={key}>{label}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{NO_INSIGHT_PREFERENCES}</p>
      )}
      <RoleNotice action="changeSettings" />
    </section>
  );
}

function EditablePreferencesForm({
  current,
  actionData,
  action,
}: {
  current: InsightPreferences;
  actionData: SettingsActionData | undefined;
  action: string;
}) {
  const lastResult = resultFor(actionData, "preferences");
  const submitting = usePosting("preferences");
  const [form, fields] = useForm({
    id: "settings-preferences",
    lastResult,
    defaultValue: Object.fromEntries(INSIGHT_AREAS.map(({ key }) => [key, current[key] ? "on" : undefined])),
    constraint: getZodConstraint(InsightPreferencesFormSchema),
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: InsightPreferencesFormSchema });
    },
  });
  const success = lastResult?.status === "success" ? (actionData?.message ?? null) : null;

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="stack settings-form">
      <fieldset className="settings-fieldset">
        <legend className="settings-heading">{PREFERENCES_INTRO}</legend>
        <div className="settings-options">
          {INSIGHT_AREAS.map(({ key, label }) => {
            const meta = fields[key];
            const { key: inputKey, ...props } = getInputProps(meta, { type: "checkbox" });
            return (
              <label key={key} className="settings-option" htmlFor={meta.id}>
                <input key={inputKey} {...props} />
                <span>{label}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <FormOutcome success={success} errors={form.errors} errorId={form.errorId} />
      <div className="settings-actions">
        <button type="submit" name="intent" value="preferences" className="button button-primary" disabled={submitting}>
          {submitting ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}
