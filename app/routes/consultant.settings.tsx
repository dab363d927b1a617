import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { FormOutcome } from "~/components/settings/settings-parts";
import { ConformField } from "~/components/ui/conform-field";
import { PasswordInput } from "~/components/ui/password-input";
import {
  INFO_UPDATE_FAILED_MESSAGE,
  INFO_UPDATED_MESSAGE,
  parsePasswordChangeForm,
  PasswordChangeFormSchema,
} from "~/lib/business/settings-schemas";
import {
  EmailChangeFormSchema,
  parseEmailChangeForm,
  pendingEmailMessage,
  verificationSentMessage,
} from "~/lib/identity/email-change";
import { PASSWORD_RULES_HINT } from "~/lib/identity/password-rules";
import { changePassword } from "~/server/identity/password-change.server";
import { pendingEmailChange, requestEmailChange } from "~/server/identity/email-change.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { requireRole } from "~/http/guards.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";
import { submitForm } from "~/http/form-submit.server";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { PortalPageHeader } from "~/components/consultant/portal-layout";
import { EmailPreferencesForm } from "~/components/notifications/email-preferences-form";
import { CONSULTANT_NOTIFICATION_GROUPS } from "~/lib/notifications/notification-kinds";
import { EMAIL_PREFERENCES_INTENT, type EmailPreferencesActionData } from "~/lib/notifications/notification-schemas";
import { emailPreferencesAction } from "~/server/notifications/preferences-action.server";
import { loadEmailPreferences } from "~/server/notifications/preferences.server";
import { usePosting } from "~/components/ui/pending-post";
import { DataSection } from "~/components/settings/data-section";
import { dataSectionView } from "~/server/privacy/data-section.server";

export const meta: MetaFunction = () => [{ title: "Settings | Consultant portal | Partwise" }];

type Intent = "password" | "email";

/** What the action answers: which form it was (null when none could be told), Conform's reply, a success text. */
type ActionData = { intent: Intent | null; result: SubmissionResult<string[]>; message: string | null };

/** /consultant/settings: the consultant's sign-in email and password. The portal's frame guards the role. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const [emailPreferences, pending, dataSection] = await Promise.all([
    loadEmailPreferences(context.app, viewer.user.id),
    pendingEmailChange(context.app, viewer.user.id),
    dataSectionView(context.app, { userId: viewer.user.id }),
  ]);
  return {
    dataSection,
    email: viewer.user.email,
    emailPreferences,
    pendingEmail: pending ? pendingEmailMessage(pending.email, pending.until) : null,
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const PASSWORD_FIELDS = ["password", "newPassword", "confirmNewPassword"];

/**
 * Two forms told apart by the submit button's `intent`. The password change is the business
 * Settings' own (same schema, same domain function, same texts); the email change is the business
 * Settings' too (ADR 050): it checks the current password, sends a link to the new address and
 * tells the current one; the email changes when the link is opened. One function per intent
 * (SETTINGS_INTENTS).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireRole(app, request, "consultant");
  const body = await readForm(request);
  if (!body.ok) return answer(null, formErrorReply(body.msg), null, body.status);
  const formData = body.form;
  return runIntent(formData.get("intent"), SETTINGS_INTENTS, otherPost, { app, viewer, request, formData });
}

const answer = (intent: Intent | null, result: ActionData["result"], message: string | null, status = 200) =>
  data<ActionData>({ intent, result, message }, { status });

/** What each of the settings' posts is given. */
type SettingsPost = {
  app: AppContext;
  viewer: Viewer;
  request: Request;
  formData: FormData;
};

/** The email notification choices (the same handler as the business Settings'). */
async function emailPreferencesPost({ app, viewer, formData }: SettingsPost) {
  const reply = await emailPreferencesAction(app, viewer.user.id, CONSULTANT_NOTIFICATION_GROUPS, formData);
  return data(reply.data, { status: reply.status });
}

async function passwordPost({ app, viewer, formData }: SettingsPost) {
  const done = await submitForm(parsePasswordChangeForm(formData), (value) => changePassword(app, viewer, value), {
    what: "consultant settings password",
    failureText: INFO_UPDATE_FAILED_MESSAGE,
    hideFields: PASSWORD_FIELDS,
  });
  if (!done.ok) return answer("password", done.reply, null, done.status);
  return answer("password", done.submission.reply({ resetForm: true }), INFO_UPDATED_MESSAGE);
}

async function emailPost({ app, viewer, request, formData }: SettingsPost) {
  const origin = appOrigin(app, request);
  const done = await submitForm(
    parseEmailChangeForm(formData),
    (value) => requestEmailChange(app, viewer, value, origin),
    { what: "consultant settings email", failureText: INFO_UPDATE_FAILED_MESSAGE, hideFields: ["password"] },
  );
  if (!done.ok) return answer("email", done.reply, null, done.status);
  const message = verificationSentMessage(done.result.pendingEmail);
  return answer("email", done.submission.reply({ resetForm: true }), message);
}

/** No form of the page posts this: the page's form error. */
async function otherPost(_post: SettingsPost) {
  return answer(null, formErrorReply(), null, 400);
}

const SETTINGS_INTENTS = {
  [EMAIL_PREFERENCES_INTENT]: emailPreferencesPost,
  password: passwordPost,
  email: emailPost,
};

function PasswordField<Schema, FormSchema extends Record<string, unknown>>({
  meta,
  label,
  autoComplete,
}: {
  meta: FieldMetadata<Schema, FormSchema, string[]>;
  label: string;
  autoComplete: string;
}) {
  return (
    <ConformField field={meta} kind="password" label={label}>
      {(props) => <PasswordInput {...props} autoComplete={autoComplete} label={label} />}
    </ConformField>
  );
}

function PasswordForm({ actionData }: { actionData: ActionData | undefined }) {
  const mine = actionData?.intent === "password" ? actionData : undefined;
  // A reply that named no form (an unreadable post) shows on the first form.
  const lastResult = mine?.result ?? (actionData?.intent === null ? actionData.result : undefined);
  const [form, fields] = useForm({
    id: "consultant-settings-password",
    lastResult,
    constraint: getZodConstraint(PasswordChangeFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parsePasswordChangeForm(formData);
    },
  });
  const submitting = usePosting("password");
  const success = mine?.message ?? null;
  return (
    <section className="card stack" aria-labelledby="settings-password-title">
      <Form method="post" {...getFormProps(form)} className="stack settings-form">
        <h2 id="settings-password-title" className="settings-heading">
          Change password
        </h2>
        <p className="muted settings-note">{PASSWORD_RULES_HINT}</p>
        <div className="settings-grid settings-grid-single">
          <PasswordField meta={fields.password} label="Current Password" autoComplete="current-password" />
          <PasswordField meta={fields.newPassword} label="New Password" autoComplete="new-password" />
          <PasswordField meta={fields.confirmNewPassword} label="Confirm New Password" autoComplete="new-password" />
        </div>
        <FormOutcome success={success} errors={form.errors} errorId={form.errorId}>
          {success ? <p>Any other devices signed in to your account have been signed out.</p> : null}
        </FormOutcome>
        <div className="settings-actions">
          <button type="submit" name="intent" value="password" className="button button-primary" disabled={submitting}>
            {submitting ? "Updating…" : "Update Password"}
          </button>
        </div>
      </Form>
    </section>
  );
}

function EmailForm({
  current,
  pending,
  actionData,
}: {
  current: string;
  pending: string | null;
  actionData: ActionData | undefined;
}) {
  const mine = actionData?.intent === "email" ? actionData : undefined;
  const [form, fields] = useForm({
    id: "consultant-settings-email",
    lastResult: mine?.result,
    constraint: getZodConstraint(EmailChangeFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseEmailChangeForm(formData);
    },
  });
  const submitting = usePosting("email");
  const success = mine?.message ?? null;
  return (
    <section className="card stack" aria-labelledby="settings-email-title">
      <Form method="post" {...getFormProps(form)} className="stack settings-form">
        <h2 id="settings-email-title" className="settings-heading">
          Change email
        </h2>
        <p className="muted settings-note">
          You sign in with <strong>{current}</strong>. We send a link to the new address, and the email changes when it
          is opened; we tell this address too.
        </p>
        {pending && !success ? (
          <p className="notice" role="status">
            {pending}
          </p>
        ) : null}
        <div className="settings-grid settings-grid-single">
          <ConformField field={fields.email} kind="email" label="New Email">
            {(props) => <input {...props} className="input" autoComplete="email" />}
          </ConformField>
          <PasswordField meta={fields.password} label="Current Password" autoComplete="current-password" />
        </div>
        <FormOutcome success={success} errors={form.errors} errorId={form.errorId} />
        <div className="settings-actions">
          <button type="submit" name="intent" value="email" className="button button-primary" disabled={submitting}>
            {submitting ? "Updating…" : "Update Email"}
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function ConsultantSettings() {
  const { email, emailPreferences, pendingEmail, dataSection } = useLoaderData<typeof loader>();
  // Kept through the export's progress polling (a revalidation would clear a form's answer).
  const answer = useKeptActionData<ActionData | EmailPreferencesActionData>();
  const preferencesData = answer?.intent === EMAIL_PREFERENCES_INTENT ? answer : undefined;
  const actionData = answer?.intent === EMAIL_PREFERENCES_INTENT ? undefined : answer;
  return (
    <div className="console-page">
      <PortalPageHeader title={"Settings"} />
      <div className="stack consultant-settings">
        <PasswordForm actionData={actionData} />
        <EmailForm current={email} pending={pendingEmail} actionData={actionData} />
        <section className="card stack">
          <EmailPreferencesForm
            groups={CONSULTANT_NOTIFICATION_GROUPS}
            current={emailPreferences}
            actionData={preferencesData}
            action="/consultant/settings"
          />
        </section>
        <div className="card">
          <DataSection kind="consultant" view={dataSection} />
        </div>
      </div>
    </div>
  );
}
