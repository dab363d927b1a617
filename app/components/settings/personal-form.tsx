import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { PersonalInfoSchema } from "~/lib/business/settings-schemas";
import { FieldErrors } from "~/components/ui/field-errors";
import { usePosting } from "~/components/ui/pending-post";
import { FormOutcome, resultFor, type SettingsActionData } from "./settings-parts";

type PersonalValues = { email: string; phone: string; firstName: string; lastName: string };

/**
 * Personal tab (spec §2): email, phone, first and last name. The current values are both the
 * placeholders (as the spec shows them) and the prefilled values (what people expect to edit).
 */
export function PersonalForm({
  current,
  actionData,
  action,
}: {
  current: PersonalValues;
  actionData: SettingsActionData | undefined;
  action: string;
}) {
  const lastResult = resultFor(actionData, "personal");
  const submitting = usePosting("personal");
  const [form, fields] = useForm({
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
  const success = lastResult?.status === "success" ? (actionData?.message ?? null) : null;

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
        {inputs.map(({ meta, label, type, autoComplete, placeholder }) => {
          const { key, ...props } = getInputProps(meta, { type });
          return (
            <div className="field" key={meta.name}>
              <label htmlFor={meta.id}>{label}</label>
              <input
                key={key}
                {...props}
                autoComplete={autoComplete}
                placeholder={placeholder || undefined}
                spellCheck={type === "email" ? false : undefined}
                className="input"
              />
              <FieldErrors id={meta.errorId} errors={meta.errors} />
            </div>
          );
        })}
      </div>
      <FormOutcome success={success} errors={form.errors} errorId={form.errorId} />
      <div className="settings-actions">
        <button type="submit" name="intent" value="personal" className="button button-primary" disabled={submitting}>
          {submitting ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}
