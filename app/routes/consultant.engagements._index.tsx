import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConsultantEngagementList } from "~/components/engagements/plan-editor";
import { requireRole } from "~/http/guards.server";
import { listConsultantEngagements } from "~/server/engagements/plan-drafting.server";

export const meta: MetaFunction = () => [{ title: "Engagements | Consultant portal | Partwise" }];

/**
 * /consultant/engagements: the matches whose business chose this consultant and that have no plan
 * yet ("Draft the plan"), and their engagements (the plans), their own only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  return listConsultantEngagements(context.app, viewer.user.id);
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantEngagements() {
  const { toDraft, engagements } = useLoaderData<typeof loader>();
  return <ConsultantEngagementList toDraft={toDraft} engagements={engagements} />;
}
