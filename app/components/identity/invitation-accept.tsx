import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthLayout } from "~/components/identity/auth-layout";
import { FormAlert } from "~/components/ui/form-alert";
import { usePendingPost } from "~/components/ui/pending-post";
import { SecretField } from "~/components/ui/secret-field";
import { ConformField } from "~/components/ui/conform-field";
import { AcceptInvitationSchema, AcceptInvitationWithNameSchema } from "~/lib/identity/invitations";
import { PASSWORD_RULES_HINT } from "~/lib/identity/password-rules";

/**
 * The page an invitation link opens (a consultant's, a staff member's, a business's): the welcome
 * and a form choosing the password (and the name, `withName`, when the invitation does not know
 * it), or `children` instead of the form (an invitation accepted by an existing account), or
 * plainly why the link cannot be used.
 */
export function InvitationAcceptPage({
  invitation,
  formId,
  lead,
  lastResult,
  title,
  withName = false,
  children,
}: {
  invitation: { ok: true; firstName?: string } | { ok: false; msg: string };
  formId: string;
  /** Who invited whom, to what, and what comes next. */
  lead: ReactNode;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The heading; "Welcome to Partwise, {firstName}" by default. */
  title?: string;
  withName?: boolean;
  children?: ReactNode;
}) {
  const heading = title ?? `Welcome to Partwise, ${invitation.ok ? (invitation.firstName ?? "") : ""}`;
  return (
    <AuthLayout>
      <div className="auth-card">
        {invitation.ok && children ? (
          <>
            <h1 className="auth-title">{heading}</h1>
            <div className="stack">
              {lead}
              {children}
            </div>
          </>
        ) : invitation.ok ? (
          <AcceptForm title={heading} withName={withName} formId={formId} lead={lead} lastResult={lastResult} />
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
  title,
  withName,
  formId,
  lead,
  lastResult,
}: {
  title: string;
  withName: boolean;
  formId: string;
  lead: ReactNode;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = withName ? AcceptInvitationWithNameSchema : AcceptInvitationSchema;
  const [form, fields] = useForm<{ firstName?: string; lastName?: string; password: string; confirmPassword: string }>({
    id: formId,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema });
    },
  });
  const submitting = usePendingPost() !== null;
  return (
    <>
      <h1 className="auth-title">{title}</h1>
      <Form method="post" {...getFormProps(form)} className="stack">
        {lead}
        <FormAlert id={form.errorId} errors={form.errors} />
        {withName ? (
          <>
            <ConformField field={fields.firstName} kind="text" label="First name">
              {(props) => <input {...props} className="input" autoComplete="given-name" />}
            </ConformField>
            <ConformField field={fields.lastName} kind="text" label="Last name">
              {(props) => <input {...props} className="input" autoComplete="family-name" />}
            </ConformField>
          </>
        ) : null}
        <SecretField field={fields.password} label="Password" hint={PASSWORD_RULES_HINT} />
        <SecretField field={fields.confirmPassword} label="Confirm password" />
        <button type="submit" className="button button-primary button-block" disabled={submitting}>
          {submitting ? "Creating your account…" : "Create my account"}
        </button>
      </Form>
    </>
  );
}
