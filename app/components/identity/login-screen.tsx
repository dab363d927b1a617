import { Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { passwordResetRequestSchema, signInSchema } from "~/lib/shared/form-schemas";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { PasswordInput } from "~/components/ui/password-input";
import { AuthLayout } from "./auth-layout";
import { useCheckedForm } from "./checked-form";
import { PlainEmailField } from "./plain-email-field";
import type { action as loginAction, loader as loginLoader } from "~/routes/login";
import { usePosting } from "~/components/ui/pending-post";

/** The heading of both halves of password recovery: asking for the email here, and /password-reset. */
export const RESET_HEADING = "Reset your password";

/**
 * The login screen of `/` and `/login` (spec §2, §4). The login/reset switch lives in the URL
 * (`?mode=reset`), driven by small GET forms, so it works before and without JavaScript.
 */
export function LoginScreen() {
  const actionData = useActionData<typeof loginAction>();
  const deleted = useLoaderData<typeof loginLoader>()?.deleted ?? null;
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const resetMessage = actionData?.intent === "reset" ? actionData.message : null;
  const mode: "login" | "reset" | "reset-answered" = resetMessage
    ? "reset-answered"
    : searchParams.get("mode") === "reset" || actionData?.intent === "reset"
      ? "reset"
      : "login";

  // After switching between forms, move focus into the new one so keyboard users are not lost.
  const panelRef = useRef<HTMLDivElement>(null);
  const previousMode = useRef(mode);
  useEffect(() => {
    if (previousMode.current === mode) return;
    previousMode.current = mode;
    const target = panelRef.current?.querySelector<HTMLElement>("input, [data-autofocus]");
    target?.focus();
  }, [mode]);

  return (
    <AuthLayout>
      <div className="auth-card" ref={panelRef}>
        <h1 className="auth-title">{mode === "login" ? "Welcome Back" : RESET_HEADING}</h1>
        {deleted && mode === "login" ? (
          <p role="status" className="notice">
            {deleted}
          </p>
        ) : null}
        {mode === "login" ? <LoginForm pathname={pathname} /> : null}
        {mode === "reset" ? <ResetForm pathname={pathname} /> : null}
        {mode === "reset-answered" && resetMessage ? (
          <div className="auth-answer">
            <p role="status" className="notice">
              {resetMessage}
            </p>
            <Form method="get" action="/">
              <button type="submit" className="button button-primary button-block" data-autofocus>
                Ok
              </button>
            </Form>
          </div>
        ) : null}
      </div>
    </AuthLayout>
  );
}

function LoginForm({ pathname }: { pathname: string }) {
  const actionData = useActionData<typeof loginAction>();
  // Checked in the browser with SignInSchema, the action's own, fetched on first focus (ADR 062).
  const { formProps, form, field } = useCheckedForm({
    id: "login-form",
    lastResult: actionData?.intent === "login" ? actionData.result : undefined,
    schema: signInSchema,
  });
  const email = field("email");
  const password = field("password");
  const loggingIn = usePosting("login");

  return (
    <>
      <Form method="post" {...formProps} className="stack">
        <FormAlert id={form.errorId} errors={form.errors} />
        <PlainEmailField field={email} />
        <Field id={password.id} errorId={password.errorId} errors={password.errors} label="Password">
          {(control) => (
            <PasswordInput {...password.inputProps} {...control} label="Password" autoComplete="current-password" />
          )}
        </Field>
        <div className="auth-row">
          {/* Belongs to the GET form below: nested forms are not allowed, and the credentials
              must never end up in a URL. */}
          <button type="submit" form="forgot-password-form" name="mode" value="reset" className="link-button">
            Forgot your password?
          </button>
        </div>
        <button
          type="submit"
          name="intent"
          value="login"
          className="button button-primary button-block"
          disabled={loggingIn}
        >
          {loggingIn ? "Logging in…" : "Login"}
        </button>
      </Form>
      <Form method="get" action={pathname} id="forgot-password-form" hidden />
      <div className="auth-divider" aria-hidden="true">
        <span>or</span>
      </div>
      <Link to="/Signup" className="button button-secondary button-block">
        Create an Account
      </Link>
    </>
  );
}

function ResetForm({ pathname }: { pathname: string }) {
  const actionData = useActionData<typeof loginAction>();
  const { formProps, form, field } = useCheckedForm({
    id: "reset-form",
    lastResult: actionData?.intent === "reset" ? actionData.result : undefined,
    schema: passwordResetRequestSchema,
  });
  const sending = usePosting("reset");

  return (
    <>
      <Form method="post" {...formProps} className="stack">
        <p className="auth-lead">Enter your email to reset your password</p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <PlainEmailField field={field("email")} />
        <div className="button-row">
          <button type="submit" name="intent" value="reset" className="button button-primary" disabled={sending}>
            {sending ? "Sending…" : "Reset"}
          </button>
          <button type="submit" form="cancel-reset-form" className="button button-secondary">
            Cancel
          </button>
        </div>
      </Form>
      <Form method="get" action={pathname} id="cancel-reset-form" hidden />
    </>
  );
}
