import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InvitationAcceptPage } from "~/components/identity/invitation-accept";
import { AcceptInvitationSchema } from "~/lib/identity/invitations";
import { STAFF_ROLE_PHRASES } from "~/lib/identity/staff";
import { acceptStaffInvitation, lookupStaffInvitation } from "~/server/identity/staff.server";
import { readForm } from "~/http/http.server";
import { invitationPageHeaders, invitationSignUp, unreadableInvitationForm } from "~/http/invitation-routes.server";

export const meta: MetaFunction = () => [{ title: "Join the Partwise staff | Partwise" }];

/** /staff-invitation/{token}: public; who is invited to what, or plainly why the link does not work. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const invitation = await lookupStaffInvitation(context.app, params.token ?? "");
  return invitation.ok
    ? {
        ok: true as const,
        firstName: invitation.firstName,
        email: invitation.email,
        role: STAFF_ROLE_PHRASES[invitation.staffRole],
        invitedBy: invitation.invitedBy,
      }
    : { ok: false as const, msg: invitation.msg };
}

/** Creates the staff account with the chosen password and signs them in on the console. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const body = await readForm(request);
  if (!body.ok) return unreadableInvitationForm(body.status);
  return invitationSignUp(
    parseWithZod(body.form, { schema: AcceptInvitationSchema }),
    (value) => acceptStaffInvitation(context.app, request, params.token ?? "", value),
    "/manage",
  );
}

export const headers = invitationPageHeaders;

export default function StaffInvitationPage() {
  const invitation = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <InvitationAcceptPage
      invitation={invitation}
      formId="staff-invitation-form"
      lastResult={actionData?.result}
      lead={
        invitation.ok ? (
          <p className="auth-lead">
            {`${invitation.invitedBy ?? "Partwise"} invited you to the Partwise console as ${invitation.role}.`} Choose
            a password for <strong>{invitation.email}</strong>; the console opens next.
          </p>
        ) : null
      }
    />
  );
}
