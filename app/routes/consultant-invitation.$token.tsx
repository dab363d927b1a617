import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InvitationAcceptPage } from "~/components/identity/invitation-accept";
import { PROFILE_PATH } from "~/lib/consultants/profile";
import { AcceptInvitationSchema } from "~/lib/identity/invitations";
import { acceptInvitation, lookupInvitation } from "~/server/consultants/invitations.server";
import { readForm } from "~/http/http.server";
import { invitationPageHeaders, invitationSignUp, unreadableInvitationForm } from "~/http/invitation-routes.server";

export const meta: MetaFunction = () => [{ title: "Join Partwise as a consultant | Partwise" }];

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
  if (!body.ok) return unreadableInvitationForm(body.status);
  return invitationSignUp(
    parseWithZod(body.form, { schema: AcceptInvitationSchema }),
    (value) => acceptInvitation(context.app, request, params.token ?? "", value),
    PROFILE_PATH,
  );
}

export const headers = invitationPageHeaders;

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
