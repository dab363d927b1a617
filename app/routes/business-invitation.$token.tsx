import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { InvitationAcceptPage } from "~/components/identity/invitation-accept";
import { FormAlert } from "~/components/ui/form-alert";
import { usePendingPost } from "~/components/ui/pending-post";
import {
  BUSINESS_INVITATION_ACCOUNT_EXISTS,
  BUSINESS_INVITATION_NOT_CLIENT,
  MEMBER_ROLE_PHRASES,
  wrongAccountMessage,
} from "~/lib/business/team";
import { PASSWORD_REQUIRED_MESSAGE } from "~/lib/identity/sign-in-rules";
import { AcceptInvitationWithNameSchema } from "~/lib/identity/invitations";
import {
  acceptAsViewer,
  acceptBySignIn,
  acceptBySignUp,
  lookupBusinessInvitation,
} from "~/server/business/team.server";
import { getViewer } from "~/server/identity/session.server";
import { readForm } from "~/http/http.server";
import { invitationPageHeaders, invitationSignUp, unreadableInvitationForm } from "~/http/invitation-routes.server";

export const meta: MetaFunction = () => [{ title: "Join a business | Partwise" }];

/**
 * /business-invitation/{token}: public (docs/decisions/067). Which business invites which email as
 * what, and how to accept: signing up (no account yet), signing in (a client account), one
 * button (already signed in as that email); or plainly why not (another account signed in, a
 * consultant's or staff account, a used, expired, withdrawn or unknown link).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const found = await lookupBusinessInvitation(context.app, params.token ?? "");
  if (!found.ok) return { ok: false as const, msg: found.msg };
  const viewer = await getViewer(context.app, request);
  const mode =
    viewer && viewer.user.email !== found.email
      ? ("wrong-account" as const)
      : found.account && found.account.role !== "client"
        ? ("not-client" as const)
        : viewer
          ? ("accept" as const)
          : found.account
            ? ("sign-in" as const)
            : ("sign-up" as const);
  return {
    ok: true as const,
    mode,
    businessName: found.businessName,
    email: found.email,
    role: MEMBER_ROLE_PHRASES[found.role],
    invitedBy: found.invitedBy,
    notice:
      mode === "wrong-account" && viewer
        ? wrongAccountMessage(viewer.user.email, found.email)
        : mode === "not-client"
          ? BUSINESS_INVITATION_NOT_CLIENT
          : null,
  };
}

/** intent=accept (signed in as the invited email), sign-in (its password), or the sign-up form. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const app = context.app;
  const token = params.token ?? "";
  const body = await readForm(request);
  if (!body.ok) return unreadableInvitationForm(body.status);
  const intent = body.form.get("intent");
  if (intent === "accept" || intent === "sign-in") {
    const viewer = intent === "accept" ? await getViewer(app, request) : null;
    const password = body.form.get("password");
    if (intent === "sign-in" && (typeof password !== "string" || password === "")) {
      return data({ result: undefined, error: PASSWORD_REQUIRED_MESSAGE }, { status: 400 });
    }
    const accepted = viewer
      ? await acceptAsViewer(app, viewer, token)
      : await acceptBySignIn(app, request, token, typeof password === "string" ? password : "");
    if (!accepted.ok) {
      const cookie = "cookie" in accepted && typeof accepted.cookie === "string" ? accepted.cookie : null;
      return data(
        { result: undefined, error: accepted.msg },
        { status: accepted.status, headers: cookie ? { "Set-Cookie": cookie } : undefined },
      );
    }
    throw redirect("/dashboard", accepted.cookie ? { headers: { "Set-Cookie": accepted.cookie } } : undefined);
  }
  return invitationSignUp(
    parseWithZod(body.form, { schema: AcceptInvitationWithNameSchema }),
    (value) => acceptBySignUp(app, request, token, value),
    "/dashboard",
  );
}

export const headers = invitationPageHeaders;

export default function BusinessInvitationPage() {
  const invitation = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = usePendingPost() !== null;
  const error = actionData?.error ?? null;
  if (!invitation.ok) {
    return (
      <InvitationAcceptPage
        invitation={invitation}
        formId="business-invitation-form"
        lead={null}
        lastResult={undefined}
      />
    );
  }
  const lead = (
    <p className="auth-lead">
      {`${invitation.invitedBy ?? "Someone"} invited `}
      <strong>{invitation.email}</strong>
      {` to join ${invitation.businessName} on Partwise as ${invitation.role}.`}
    </p>
  );
  const other =
    invitation.mode === "sign-up" ? null : invitation.notice ? (
      <p className="notice console-error" role="alert">
        {invitation.notice}
      </p>
    ) : invitation.mode === "accept" ? (
      <Form method="post" className="stack">
        <FormAlert id="business-invitation-error" errors={error ? [error] : undefined} />
        <button
          type="submit"
          name="intent"
          value="accept"
          className="button button-primary button-block"
          disabled={busy}
        >
          {busy ? "Joining…" : `Join ${invitation.businessName}`}
        </button>
      </Form>
    ) : (
      <Form method="post" className="stack">
        <p>{BUSINESS_INVITATION_ACCOUNT_EXISTS}</p>
        <FormAlert id="business-invitation-error" errors={error ? [error] : undefined} />
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="username" value={invitation.email} autoComplete="username" />
        <div className="field">
          <label htmlFor="business-invitation-password">Password</label>
          <input
            id="business-invitation-password"
            name="password"
            type="password"
            className="input"
            autoComplete="current-password"
            required
            aria-describedby={error ? "business-invitation-error" : undefined}
          />
        </div>
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? "Signing in…" : "Sign in to accept"}
        </button>
      </Form>
    );
  return (
    <InvitationAcceptPage
      invitation={invitation}
      formId="business-invitation-form"
      lastResult={actionData?.result}
      title={`Join ${invitation.businessName}`}
      withName
      lead={
        invitation.mode === "sign-up" ? (
          <>
            {lead}
            <p className="auth-lead">
              Choose your name and a password to create your account; the dashboard opens next.
            </p>
          </>
        ) : (
          lead
        )
      }
    >
      {other}
    </InvitationAcceptPage>
  );
}
