import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { ThreadListPage } from "~/components/conversations/thread-list";
import { requireClientBusiness } from "~/http/guards.server";
import { threadListLoader } from "~/http/thread-routes.server";

export const meta: MetaFunction = () => [{ title: "Messages | Partwise" }];

/**
 * /messages: the business's conversations with its candidates, consultants and the engagement
 * manager (docs/decisions/072). Two sequential D1 round trips: the viewer, then the threads.
 */
export const loader = threadListLoader(requireClientBusiness);

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Messages() {
  return <ThreadListPage party="business" />;
}
