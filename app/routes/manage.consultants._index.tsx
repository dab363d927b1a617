import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RosterView } from "~/components/consultants/roster";
import { rosterFilterFrom } from "~/lib/consultants/roster";
import { listRoster } from "~/server/consultants/roster.server";
import { requireRole } from "~/http/guards.server";

export const meta: MetaFunction = () => [{ title: "Consultants | Partwise" }];

/** /manage/consultants?q=&status=&area=: the consultant roster (managers only; anyone else 404). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const filter = rosterFilterFrom(new URL(request.url).searchParams);
  return { filter, rows: await listRoster(context.app, filter) };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantsPage() {
  const { filter, rows } = useLoaderData<typeof loader>();
  return <RosterView key={`${filter.q}|${filter.status}|${filter.area}`} filter={filter} rows={rows} />;
}
