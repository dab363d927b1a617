import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PasswordRecoverySchema } from "~/lib/identity/password-reset-schema";
import { PASSWORD_RULES_HINT } from "~/lib/identity/password-rules";
import { FormAlert } from "~/components/ui/form-alert";
import { AuthLayout } from "./auth-layout";
import { EmailField } from "./email-field";
import { RESET_HEADING } from "./login-screen";
import type { action as passwordResetAction, loader as passwordResetLoader } from "~/routes/password-reset";
import { usePendingPost } from "~/components/ui/pending-post";
import { SecretField } from "~/components/ui/secret-field";

/**
 * /password-reset (spec §2): email, the emailed recovery password, a new password and its
 * confirmation under the sign-up rules. "Login" sets the password and signs in.
 */
export function PasswordResetScreen() {
  const { email } = useLoaderData<typeof passwordResetLoader>();
  const actionData = useActionData<typeof passwordResetAction>();
  const [form, fields] = useForm({
    id: "password-reset-form",
    lastResult: actionData?.result,
    defaultValue: { email },
    constraint: getZodConstraint(PasswordRecoverySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: PasswordRecoverySchema });
    },
  });
  const submitting = usePendingPost() !== null;

  return (
    <AuthLayout>
      <div className="auth-card">
        <h1 className="auth-title">{RESET_HEADING}</h1>
        <Form method="post" {...getFormProps(form)} className="stack">
          <p className="auth-lead">
            Enter the recovery password we emailed you and choose a new password. The recovery password works once and
            expires 30 minutes after it was sent.
          </p>
          <FormAlert id={form.errorId} errors={form.errors} />
          <EmailField field={fields.email} />
          <SecretField field={fields.recoveryPassword} label="Recovery password" autoComplete="one-time-code" />
          <SecretField
            field={fields.password}
            label="New password"
            autoComplete="new-password"
            hint={PASSWORD_RULES_HINT}
          />
          <SecretField field={fields.confirmPassword} label="Confirm new password" autoComplete="new-password" />
          <button type="submit" className="button button-primary button-block" disabled={submitting}>
            {submitting ? "Resetting…" : "Reset password and sign in"}
          </button>
        </Form>
        <p className="auth-footer">
          <Link to="/?mode=reset">Request a new recovery password</Link>
          {" · "}
          <Link to="/">Back to sign in</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
