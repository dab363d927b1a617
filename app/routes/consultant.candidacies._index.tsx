import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CandidacyInboxView } from "~/components/consultant/candidacy-inbox";
import { requireRole } from "~/http/guards.server";
import { loadCandidacyInbox } from "~/server/matching/candidacies.server";

export const meta: MetaFunction = () => [{ title: "Candidacies | Consultant portal | Partwise" }];

/** /consultant/candidacies: the candidacy inbox, what waits for the consultant's answer first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const inbox = await loadCandidacyInbox(context.app, viewer.user.id);
  return { firstName: viewer.user.firstName, inbox };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantInbox() {
  const { firstName, inbox } = useLoaderData<typeof loader>();
  return <CandidacyInboxView firstName={firstName} inbox={inbox} />;
}
