import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MatchQueueView } from "~/components/matching/console/match-queue";
import { matchQueueFilterFrom } from "~/lib/matching/match-console-schemas";
import { requireRole } from "~/http/guards.server";
import { listMatchQueue } from "~/server/matching/match-console.server";

export const meta: MetaFunction = () => [{ title: "Match requests | Partwise" }];

/**
 * /manage/matches?show=todo|waiting|all&mine=1: the match requests that need an engagement
 * manager (default "To do": a shortlist to review or a next candidate to propose), overdue
 * promises first, then newest. Managers only; anyone else gets a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const filter = matchQueueFilterFrom(new URL(request.url).searchParams);
  return { filter, queue: await listMatchQueue(context.app, viewer.user, filter) };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function MatchRequestsPage() {
  const { filter, queue } = useLoaderData<typeof loader>();
  return <MatchQueueView filter={filter} queue={queue} />;
}
