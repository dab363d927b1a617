import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { ThreadPage } from "~/components/conversations/thread-page";
import { requireClientBusiness } from "~/http/guards.server";
import { threadAction, threadLoader } from "~/http/thread-routes.server";

export const meta: MetaFunction = () => [{ title: "Messages | Partwise" }];

/**
 * /messages/:threadId: one conversation of the business (docs/decisions/072). Members whose role
 * writes send and edit; viewers read. Another business's thread is a 404.
 */
export const loader = threadLoader(requireClientBusiness);

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const action = threadAction(requireClientBusiness);

export default function MessageThread() {
  return <ThreadPage />;
}
