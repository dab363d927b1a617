import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InvitationAcceptPage } from "~/components/identity/invitation-accept";
import { PROFILE_PATH } from "~/lib/consultants/profile";
import { AcceptInvitationSchema } from "~/lib/identity/invitations";
import { acceptInvitation, lookupInvitation } from "~/server/consultants/invitations.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";

export const meta: MetaFunction = () => [{ title: "Join Partwise as a consultant | Partwise" }];

const SECRET_FIELDS = ["password", "confirmPassword"];

/** /consultant-invitation/{token}: public; who invited whom, or plainly why the link does not work. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const invitation = await lookupInvitation(context.app, params.token ?? "");
  return invitation.ok
    ? {
        ok: true as const,
        firstName: invitation.firstName,
        email: invitation.email,
        invitedBy: invitation.invitedBy,
        note: invitation.note,
      }
    : { ok: false as const, msg: invitation.msg };
}

/** Creates the consultant's account with the chosen password and signs them in on their profile (onboarding). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const body = await readForm(request);
  if (!body.ok) return data({ result: formErrorReply() }, { status: body.status });
  const submission = parseWithZod(body.form, { schema: AcceptInvitationSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const result = await acceptInvitation(context.app, request, params.token ?? "", submission.value);
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.msg], hideFields: SECRET_FIELDS }) },
      { status: result.status },
    );
  }
  throw redirect(PROFILE_PATH, { headers: { "Set-Cookie": result.cookie } });
}

// The token is in the URL: no caching, and no Referer carrying it to another site.
export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

export default function ConsultantInvitationPage() {
  const invitation = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <InvitationAcceptPage
      invitation={invitation}
      formId="consultant-invitation-form"
      lastResult={actionData?.result}
      lead={
        invitation.ok ? (
          <>
            <p className="auth-lead">
              {`${invitation.invitedBy ?? "An Engagement Manager"} invited you to join Partwise as a consultant.`}{" "}
              Choose a password for <strong>{invitation.email}</strong>; you'll complete your profile next.
            </p>
            {invitation.note ? (
              <blockquote className="invitation-note">
                <p>{invitation.note}</p>
              </blockquote>
            ) : null}
          </>
        ) : null
      }
    />
  );
}
