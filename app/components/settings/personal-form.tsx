import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { PersonalInfoSchema } from "~/lib/business/settings-schemas";
import { ConformField } from "~/components/ui/conform-field";
import { PasswordInput } from "~/components/ui/password-input";
import { usePosting } from "~/components/ui/pending-post";
import { FormOutcome, resultFor, type SettingsActionData } from "./settings-parts";

type PersonalValues = { email: string; phone: string; firstName: string; lastName: string };
type PersonalFields = PersonalValues & { password?: string };

/**
 * Personal tab (spec §2): email, phone, first and last name. The current values are both the
 * placeholders (as the spec shows them) and the prefilled values (what people expect to edit).
 * A new email needs the current password and changes only when the link sent to it is opened
 * (ADR 050): the tab says which address waits for its link.
 */
export function PersonalForm({
  current,
  pendingEmail,
  actionData,
  action,
}: {
  current: PersonalValues;
  /** "Waiting for you to confirm …" while an email change waits for its link. */
  pendingEmail: string | null;
  actionData: SettingsActionData | undefined;
  action: string;
}) {
  const lastResult = resultFor(actionData, "personal");
  const submitting = usePosting("personal");
  const [form, fields] = useForm<PersonalFields>({
    id: "settings-personal",
    lastResult,
    defaultValue: current,
    constraint: getZodConstraint(PersonalInfoSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: PersonalInfoSchema });
    },
  });
  // A saved email change resets the form (the field shows the current email again), so its reply
  // carries no status: the message says what happened.
  const success = actionData?.intent === "personal" ? actionData.message : null;

  const inputs = [
    { meta: fields.email, label: "Email", type: "email", autoComplete: "email", placeholder: current.email },
    { meta: fields.phone, label: "Phone", type: "tel", autoComplete: "tel", placeholder: current.phone },
    {
      meta: fields.firstName,
      label: "First name",
      type: "text",
      autoComplete: "given-name",
      placeholder: current.firstName,
    },
    {
      meta: fields.lastName,
      label: "Last name",
      type: "text",
      autoComplete: "family-name",
      placeholder: current.lastName,
    },
  ] as const;

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="stack settings-form">
      <h2 className="settings-heading">Personal information</h2>
      <div className="settings-grid">
        {inputs.map(({ meta, label, type, autoComplete, placeholder }) => (
          <ConformField key={meta.name} field={meta} kind={type} label={label}>
            {(props) => (
              <input
                {...props}
                autoComplete={autoComplete}
                placeholder={placeholder || undefined}
                spellCheck={type === "email" ? false : undefined}
                className="input"
              />
            )}
          </ConformField>
        ))}
      </div>
      <div className="settings-grid settings-grid-single">
        <ConformField
          field={fields.password}
          kind="password"
          label="Current Password"
          hint="Needed only to change your email. We send a link to the new address; your email changes when you open it."
          hintId={`${fields.password.id}-hint`}
          hintWithErrors="described"
        >
          {(props) => <PasswordInput {...props} autoComplete="current-password" label="Current Password" />}
        </ConformField>
      </div>
      {pendingEmail && !success ? (
        <p className="notice" role="status">
          {pendingEmail}
        </p>
      ) : null}
      <FormOutcome success={success} errors={form.errors} errorId={form.errorId} />
      <div className="settings-actions">
        <button type="submit" name="intent" value="personal" className="button button-primary" disabled={submitting}>
          {submitting ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}
