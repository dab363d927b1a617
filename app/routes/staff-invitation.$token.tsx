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
import { AcceptInvitationSchema } from "~/lib/identity/invitations";
import { STAFF_ROLE_PHRASES } from "~/lib/identity/staff";
import { acceptStaffInvitation, lookupStaffInvitation } from "~/server/identity/staff.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";

export const meta: MetaFunction = () => [{ title: "Join the Partwise staff | Partwise" }];

const SECRET_FIELDS = ["password", "confirmPassword"];

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
  if (!body.ok) return data({ result: formErrorReply() }, { status: body.status });
  const submission = parseWithZod(body.form, { schema: AcceptInvitationSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const result = await acceptStaffInvitation(context.app, request, params.token ?? "", submission.value);
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.msg], hideFields: SECRET_FIELDS }) },
      { status: result.status },
    );
  }
  throw redirect("/manage", { headers: { "Set-Cookie": result.cookie } });
}

// The token is in the URL: no caching, and no Referer carrying it to another site.
export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

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
