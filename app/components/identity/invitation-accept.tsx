import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthLayout } from "~/components/identity/auth-layout";
import { FormAlert } from "~/components/ui/form-alert";
import { usePendingPost } from "~/components/ui/pending-post";
import { SecretField } from "~/components/ui/secret-field";
import { AcceptInvitationSchema } from "~/lib/identity/invitations";
import { PASSWORD_RULES_HINT } from "~/lib/identity/password-rules";

/**
 * The page an invitation link opens (a consultant's, a staff member's): the welcome and a form
 * choosing the password, or plainly why the link cannot be used.
 */
export function InvitationAcceptPage({
  invitation,
  formId,
  lead,
  lastResult,
}: {
  invitation: { ok: true; firstName: string } | { ok: false; msg: string };
  formId: string;
  /** Who invited whom, to what, and what comes next. */
  lead: ReactNode;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <AuthLayout>
      <div className="auth-card">
        {invitation.ok ? (
          <AcceptForm firstName={invitation.firstName} formId={formId} lead={lead} lastResult={lastResult} />
        ) : (
          <>
            <h1 className="auth-title">This invitation link can't be used</h1>
            <div className="stack">
              <p className="notice console-error" role="alert">
                {invitation.msg}
              </p>
              <Link to="/" className="button button-primary button-block">
                Go to sign in
              </Link>
            </div>
          </>
        )}
      </div>
    </AuthLayout>
  );
}

function AcceptForm({
  firstName,
  formId,
  lead,
  lastResult,
}: {
  firstName: string;
  formId: string;
  lead: ReactNode;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(AcceptInvitationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: AcceptInvitationSchema });
    },
  });
  const submitting = usePendingPost() !== null;
  return (
    <>
      <h1 className="auth-title">{`Welcome to Partwise, ${firstName}`}</h1>
      <Form method="post" {...getFormProps(form)} className="stack">
        {lead}
        <FormAlert id={form.errorId} errors={form.errors} />
        <SecretField field={fields.password} label="Password" hint={PASSWORD_RULES_HINT} />
        <SecretField field={fields.confirmPassword} label="Confirm password" />
        <button type="submit" className="button button-primary button-block" disabled={submitting}>
          {submitting ? "Creating your account…" : "Create my account"}
        </button>
      </Form>
    </>
  );
}
