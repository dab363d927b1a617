import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/identity/auth-layout";
import { ConformField } from "~/components/ui/conform-field";
import { FormAlert } from "~/components/ui/form-alert";
import { INSIGHT_AREAS } from "~/lib/business/insight-areas";
import { applicationSchema } from "~/lib/shared/form-schemas";
import { useCheckedConformForm } from "~/components/ui/use-checked-conform-form";
import { ApplicationSchema } from "~/lib/consultants/invitation-schemas";
import { PARTWISE_CONTACT } from "~/lib/support/contact";
import { submitApplication } from "~/server/consultants/invitations.server";
import { homePathFor } from "~/server/identity/auth.server";
import { getViewer } from "~/server/identity/session.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { usePendingPost } from "~/components/ui/pending-post";
import { FieldsetField } from "~/components/ui/fieldset-field";

export const meta: MetaFunction = () => [{ title: "Consulting Sign Up Not Yet Available | Partwise" }];

const CONSULTANT_SIGNUP_UNAVAILABLE = "Consulting Sign Up Not Yet Available";

/** A signed-in visitor has an account already: straight to their home (startup routing). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  if (viewer) throw redirect(homePathFor(viewer));
  return { constraint: getZodConstraint(ApplicationSchema) };
}

/** The short application: lands in the engagement managers' queue, and each of them is told. */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readForm(request);
  if (!body.ok) return data({ result: formErrorReply(), sent: null }, { status: body.status });
  const submission = parseWithZod(body.form, { schema: ApplicationSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null }, { status: 400 });
  const result = await submitApplication(context.app, request, submission.value);
  if (!result.ok) {
    return data({ result: submission.reply({ formErrors: [result.msg] }), sent: null }, { status: result.status });
  }
  return { result: submission.reply({ resetForm: true }), sent: result.msg };
}

/**
 * /Signup/consultant: where the chooser's consultant card leads. Consultants do not sign up
 * themselves (spec §4); engagement managers invite them. The page says so and offers a short
 * application that an engagement manager reviews.
 */
export default function ConsultantSignup() {
  const c = PARTWISE_CONTACT;
  const actionData = useActionData<typeof action>();
  return (
    <AuthLayout>
      <div className="auth-card">
        <h1 className="auth-title">{CONSULTANT_SIGNUP_UNAVAILABLE}</h1>
        <div className="stack">
          <p className="auth-lead">Consultants join Partwise by invitation from an Engagement Manager.</p>
          <p>
            To be considered, apply below, email us at{" "}
            <a href={`mailto:${c.email}?subject=Consultant%20application`}>{c.email}</a> or call us at{" "}
            <a href={c.phoneHref}>{c.phone}</a>. An Engagement Manager answers within one business day.
          </p>
          {actionData?.sent ? (
            <p className="notice" role="status">
              {actionData.sent}
            </p>
          ) : (
            <ApplicationForm />
          )}
          <p>Invited already? Open the link in your invitation email, or sign in if you have set your password.</p>
          <Link to="/" className="button button-secondary button-block">
            Sign in
          </Link>
        </div>
        <p className="auth-footer">
          <Link to="/Signup">Back to account types</Link>
        </p>
      </div>
    </AuthLayout>
  );
}

function ApplicationForm() {
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  // ApplicationSchema, the action's own, fetched on first focus (ADR 062).
  const [form, fields, checkOnFocus] = useCheckedConformForm(applicationSchema, {
    id: "consultant-application-form",
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = usePendingPost() !== null;
  const areas = new Set(fields.businessAreas.initialValue as string[] | undefined);
  return (
    <Form method="post" {...getFormProps(form)} onFocus={checkOnFocus} className="stack card consultant-application">
      <h2>Apply as a consultant</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <ConformField field={fields.name} kind="text" label="Name">
        {(props) => <input {...props} className="input" autoComplete="name" />}
      </ConformField>
      <ConformField field={fields.email} kind="email" label="Email">
        {(props) => <input {...props} className="input" autoComplete="email" />}
      </ConformField>
      <ConformField field={fields.linkedinUrl} kind="url" label="LinkedIn URL (optional)">
        {(props) => <input {...props} className="input" placeholder="https://www.linkedin.com/in/…" />}
      </ConformField>
      <FieldsetField
        className="field consultant-application-areas"
        legend="Business areas"
        errors={fields.businessAreas.errors}
        errorId={fields.businessAreas.errorId}
      >
        <div className="consultant-application-area-list">
          {INSIGHT_AREAS.map((area) => (
            <label key={area.key} className="consultant-application-area">
              <input
                type="checkbox"
                name={fields.businessAreas.name}
                value={area.key}
                defaultChecked={areas.has(area.key)}
              />
              {area.label}
            </label>
          ))}
        </div>
      </FieldsetField>
      <ConformField field={fields.message} kind="textarea" label="About your experience">
        {(props) => <textarea {...props} className="input" rows={4} />}
      </ConformField>
      <button type="submit" className="button button-primary button-block" disabled={submitting}>
        {submitting ? "Sending…" : "Send application"}
      </button>
    </Form>
  );
}
