import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import {
  MESSAGE_PLACEHOLDER,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_SUBJECT_OPTIONS,
  SupportMessageSchema,
} from "~/lib/support/support-schemas";
import { Field } from "~/components/ui/field";
import { ConformField } from "~/components/ui/conform-field";
import { FieldsetField } from "~/components/ui/fieldset-field";
import { FormAlert } from "~/components/ui/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { usePendingPost } from "~/components/ui/pending-post";

type Sender = { firstName: string; lastName: string; email: string; phone: string };

/**
 * The support form of /contact-us (spec §2): who is writing (read-only, from the account), a
 * required subject and a required message. Posts to the route's action, so it works without
 * JavaScript.
 */
export function SupportForm({
  sender,
  lastResult,
}: {
  sender: Sender;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "support-message",
    lastResult,
    constraint: getZodConstraint(SupportMessageSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: SupportMessageSchema });
    },
  });
  const sending = usePendingPost() !== null;
  const length = typeof fields.message.value === "string" ? fields.message.value.length : 0;
  const readOnly = [
    { id: "support-first-name", label: "First name", value: sender.firstName },
    { id: "support-last-name", label: "Last name", value: sender.lastName },
    { id: "support-email", label: "Email", value: sender.email },
    { id: "support-phone", label: "Phone", value: sender.phone },
  ];

  return (
    <Form method="post" {...getFormProps(form)} className="stack support-form">
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="settings-grid">
        {readOnly.map((field) => (
          <Field key={field.id} id={field.id} label={field.label}>
            {(control) => <input {...control} value={field.value} readOnly className="input settings-readonly" />}
          </Field>
        ))}
      </div>

      <FieldsetField
        className="support-subjects"
        legend="Subject"
        errors={fields.subject.errors}
        errorId={fields.subject.errorId}
      >
        <div className="settings-options">
          {SUPPORT_SUBJECT_OPTIONS.map((option) => {
            const { key, ...props } = getInputProps(fields.subject, { type: "radio", value: option.value });
            const id = `${fields.subject.id}-${option.value}`;
            return (
              <label key={option.value} className="settings-option" htmlFor={id}>
                <input key={key} {...props} id={id} />
                <span>{option.label}</span>
              </label>
            );
          })}
        </div>
      </FieldsetField>

      <ConformField
        field={fields.message}
        kind="textarea"
        label="Message"
        // Counts as the person types, so the limit is no surprise; needs JavaScript.
        hint={
          hydrated ? (
            <>
              {length.toLocaleString("en-US")} / {SUPPORT_MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters
            </>
          ) : null
        }
        hintWithErrors="described"
        liveHint
      >
        {(props) => (
          <textarea
            {...props}
            rows={8}
            maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
            placeholder={MESSAGE_PLACEHOLDER}
            className="input support-message"
          />
        )}
      </ConformField>

      <div className="settings-actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? "Sending…" : "Send Message"}
        </button>
      </div>
    </Form>
  );
}
