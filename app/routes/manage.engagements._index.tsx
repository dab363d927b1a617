import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ManagerEngagementsView } from "~/components/engagements/manager-engagements";
import { requireRole } from "~/http/guards.server";
import { parseEngagementFilter } from "~/lib/engagements/plan-stage";
import { listManagerEngagements } from "~/server/engagements/manager-engagements.server";

export const meta: MetaFunction = () => [{ title: "Engagements | Partwise" }];

/** /manage/engagements[?show=review|overdue|revision|paused]: every engagement (managers only; anyone else 404). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const filter = parseEngagementFilter(new URL(request.url).searchParams.get("show"));
  const { rows, counts } = await listManagerEngagements(context.app, filter);
  return { filter, rows, counts };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ManagerEngagementsPage() {
  const { filter, rows, counts } = useLoaderData<typeof loader>();
  return <ManagerEngagementsView filter={filter} rows={rows} counts={counts} />;
}
