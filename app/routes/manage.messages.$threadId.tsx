import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { ThreadPage } from "~/components/conversations/thread-page";
import { requireRole } from "~/http/guards.server";
import { threadAction, threadLoader, type ThreadGuard } from "~/http/thread-routes.server";

export const meta: MetaFunction = () => [{ title: "Messages | Console | Partwise" }];

const manager: ThreadGuard = (app, request) => requireRole(app, request, "manager");

/** /manage/messages/:threadId: any conversation; the manager writes, and hides a message when needed. */
export const loader = threadLoader(manager);

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const action = threadAction(manager);

export default function ManagerMessageThread() {
  return (
    <div className="console-page">
      <ThreadPage />
    </div>
  );
}
