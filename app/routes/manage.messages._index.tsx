import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { ThreadListPage } from "~/components/conversations/thread-list";
import { requireRole } from "~/http/guards.server";
import { threadListLoader, type ThreadGuard } from "~/http/thread-routes.server";

export const meta: MetaFunction = () => [{ title: "Messages | Console | Partwise" }];

/** Managers only: anyone else, signed in or not, gets a plain 404. */
const manager: ThreadGuard = (app, request) => requireRole(app, request, "manager");

/** /manage/messages: every conversation, latest activity first. */
export const loader = threadListLoader(manager);

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ManagerMessages() {
  return (
    <div className="console-page">
      <ThreadListPage party="manager" />
    </div>
  );
}
