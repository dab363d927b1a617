import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { PortalLayout } from "~/components/consultant/portal-layout";
import { EmailVerificationBanner } from "~/components/identity/email-verification-banner";
import { fullName } from "~/lib/shared/format";
import { requireRole } from "~/http/guards.server";
import { countCandidaciesToAnswer } from "~/server/matching/candidacies.server";
import { unreadMessageCount } from "~/server/conversations/threads.server";

export const meta: MetaFunction = () => [{ title: "Consultant portal | Partwise" }];

/**
 * /consultant: the consultant portal's frame (the consultant, and the candidacies waiting for an
 * answer beside the inbox's link). No session goes to the login screen (people arrive from emailed
 * links); any other role gets a 404, so the portal's existence is not revealed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const [toAnswer, [messages]] = await Promise.all([
    countCandidaciesToAnswer(context.app, viewer.user.id),
    unreadMessageCount(context.app, viewer),
  ]);
  return {
    consultant: fullName(viewer.user.firstName, viewer.user.lastName) || viewer.user.email,
    toAnswer,
    /** Unread messages in the consultant's conversations (the navigation's Messages entry). */
    unreadMessages: messages?.count ?? 0,
    /** The "Confirm your email address" banner (docs/decisions/070): the address, while unverified. */
    unverifiedEmail: viewer.user.emailVerified ? null : viewer.user.email,
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantPortal() {
  const { consultant, toAnswer, unreadMessages, unverifiedEmail } = useLoaderData<typeof loader>();
  return (
    <PortalLayout consultant={consultant} toAnswer={toAnswer} unreadMessages={unreadMessages}>
      {unverifiedEmail ? <EmailVerificationBanner email={unverifiedEmail} /> : null}
      <Outlet />
    </PortalLayout>
  );
}
