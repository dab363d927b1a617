import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useOutlet } from "@remix-run/react";
import { SupportInbox } from "~/components/support/support-inbox";
import { requireRole } from "~/http/guards.server";
import { listSupportMessages, supportStatusFromSearch } from "~/server/insights/manager-console.server";

export const meta: MetaFunction = () => [{ title: "Support messages | Partwise" }];

/** /manage/support?status=open|closed: the support messages inbox (managers only, else 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const status = supportStatusFromSearch(new URL(request.url).searchParams.get("status"));
  // A message's own page (the child route) does not need the list.
  const messages = params.id ? [] : await listSupportMessages(context.app, status);
  return { status, messages };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function SupportMessagesPage() {
  const outlet = useOutlet();
  const { status, messages } = useLoaderData<typeof loader>();
  return outlet ?? <SupportInbox status={status} messages={messages} />;
}
