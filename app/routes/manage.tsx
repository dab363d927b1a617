import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { StaffHome } from "../components/staff-home";
import { requireRole } from "../server/auth.server";

export const meta: MetaFunction = () => [{ title: "Engagement manager console | Partwise" }];

/** /manage: engagement managers' home. Anyone else gets a 404 (the page's existence is not revealed). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  return { firstName: viewer.user.firstName, lastName: viewer.user.lastName };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ManagerHome() {
  const { firstName, lastName } = useLoaderData<typeof loader>();
  return (
    <StaffHome
      title="Engagement manager console"
      firstName={firstName}
      lastName={lastName}
      message="Your tools for reviewing engagement plans and matches are coming soon."
    />
  );
}
