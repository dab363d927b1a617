import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { StaffHome } from "~/components/shell/staff-home";
import { requireRole } from "~/server/identity/guards.server";

export const meta: MetaFunction = () => [{ title: "Consultant portal | Partwise" }];

/** /consultant: consultants' home. Anyone else gets a 404 (the page's existence is not revealed). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant");
  return { firstName: viewer.user.firstName, lastName: viewer.user.lastName };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantHome() {
  const { firstName, lastName } = useLoaderData<typeof loader>();
  return (
    <StaffHome
      title="Consultant portal"
      firstName={firstName}
      lastName={lastName}
      message="Your consultant tools (confirming deliveries, engagement plans) are coming soon."
    />
  );
}
