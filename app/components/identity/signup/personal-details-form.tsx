import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { EMAIL_TAKEN_MESSAGE, normalizeEmail } from "~/lib/identity/signup-rules";
import { personalDetailsSchema } from "~/lib/shared/form-schemas";
import type { FormConstraint } from "~/components/ui/schema-check";
import { useCheckedConformForm } from "~/components/ui/use-checked-conform-form";
import { PASSWORD_RULES_HINT } from "~/lib/identity/password-policy";
import { ConformField } from "~/components/ui/conform-field";
import { FormAlert } from "~/components/ui/form-alert";
import { PasswordInput } from "~/components/ui/password-input";
import { NewTabNote } from "./field-parts";
import { usePendingPost } from "~/components/ui/pending-post";

export const PRIVACY_POLICY_PATH = "/api/agreements/privacy-policy/";
export const TERMS_PATH = "/api/agreements/terms-and-conditions/";

type EmailCheck = { emailAvailable?: boolean; msg?: string };

/**
 * "Let's Get Started" (spec §2, §5): the personal details of a new business client. Validated with
 * PersonalDetailsSchema in the browser (fetched on first focus, ADR 062; each field on blur, again on
 * input once shown) and by the route action, whose loader gives the schema's `constraint`; the email's availability is asked on blur through GET /api/client/checkEmail and
 * decided for good by the action's race-safe insert.
 */
export function PersonalDetailsForm({
  lastResult,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const emailCheck = useFetcher<EmailCheck>();
  const [checkedEmail, setCheckedEmail] = useState<string | null>(null);
  const [currentEmail, setCurrentEmail] = useState<string | null>(null);
  const [form, fields, checkOnFocus] = useCheckedConformForm(personalDetailsSchema, {
    id: "personal-details",
    lastResult,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = usePendingPost() !== null;

  // The availability answer counts only for the address it was asked about and still typed.
  const normalizedCurrent = currentEmail === null ? null : normalizeEmail(currentEmail);
  const emailTaken =
    emailCheck.state === "idle" &&
    emailCheck.data?.emailAvailable === false &&
    checkedEmail !== null &&
    checkedEmail === normalizedCurrent;
  const emailErrors = fields.email.errors ?? (emailTaken ? [EMAIL_TAKEN_MESSAGE] : undefined);

  const checkEmail = (value: string) => {
    setCurrentEmail(value);
    const normalized = normalizeEmail(value);
    if (normalized === null || normalized === checkedEmail) return;
    setCheckedEmail(normalized);
    emailCheck.load(`/api/client/checkEmail/${encodeURIComponent(normalized)}`);
  };

  return (
    <Form method="post" {...getFormProps(form)} onFocus={checkOnFocus} className="stack signup-form">
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="signup-row">
        <ConformField field={fields.firstName} kind="text" label="First name">
          {(props) => <input {...props} autoComplete="given-name" className="input" />}
        </ConformField>
        <ConformField field={fields.lastName} kind="text" label="Last name">
          {(props) => <input {...props} autoComplete="family-name" className="input" />}
        </ConformField>
      </div>
      <ConformField
        field={fields.email}
        kind="email"
        errors={emailErrors}
        label="Email"
        after={
          emailErrors?.includes(EMAIL_TAKEN_MESSAGE) ? (
            <p className="field-hint">
              <Link to="/">Sign in instead</Link>
            </p>
          ) : null
        }
      >
        {(props) => (
          <input
            {...props}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            className="input"
            onChange={(event) => setCurrentEmail(event.currentTarget.value)}
            onBlur={(event) => checkEmail(event.currentTarget.value)}
          />
        )}
      </ConformField>
      <ConformField field={fields.phone} kind="tel" label="Phone">
        {(props) => <input {...props} autoComplete="tel" inputMode="tel" className="input" />}
      </ConformField>
      <ConformField field={fields.password} kind="password" label="Password" hint={PASSWORD_RULES_HINT}>
        {(props) => <PasswordInput {...props} autoComplete="new-password" label="Password" />}
      </ConformField>
      <ConformField field={fields.confirmPassword} kind="password" label="Confirm password">
        {(props) => <PasswordInput {...props} autoComplete="new-password" label="Password confirmation" />}
      </ConformField>
      <p className="signup-agreement">
        By continuing you agree to the{" "}
        <Link to={TERMS_PATH} target="_blank" rel="noopener">
          Terms and Conditions
          <NewTabNote />
        </Link>{" "}
        and the{" "}
        <Link to={PRIVACY_POLICY_PATH} target="_blank" rel="noopener">
          Privacy Policy
          <NewTabNote />
        </Link>
        .
      </p>
      <button type="submit" className="button button-primary button-block" disabled={submitting}>
        {submitting ? "Creating your account…" : "Continue"}
      </button>
    </Form>
  );
}
