import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useOutlet } from "@remix-run/react";
import { InsightQueue } from "~/components/insights/console/insight-queue";
import { insightQueueStatusFrom } from "~/lib/insights/manager-insights-schemas";
import { requireRole } from "~/http/guards.server";
import { listInsightQueue } from "~/server/insights/insight-queue.server";

export const meta: MetaFunction = () => [{ title: "Insight requests | Partwise" }];

/**
 * /manage/insights?status=submitted|in_review|ready|awaiting_payment: the insight request queue
 * (default "To do" = submitted), newest first. Managers only; anyone else gets a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const status = insightQueueStatusFrom(new URL(request.url).searchParams.get("status"));
  // A request's own page (the child route) does not need the list.
  const requests = params.id ? [] : await listInsightQueue(context.app, status);
  return { status, requests };
}

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

export default function InsightRequestsPage() {
  const outlet = useOutlet();
  const { status, requests } = useLoaderData<typeof loader>();
  return outlet ?? <InsightQueue status={status} requests={requests} />;
}
