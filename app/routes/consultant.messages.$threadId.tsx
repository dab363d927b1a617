import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { ThreadPage } from "~/components/conversations/thread-page";
import { requireRole } from "~/http/guards.server";
import { threadAction, threadLoader, type ThreadGuard } from "~/http/thread-routes.server";

export const meta: MetaFunction = () => [{ title: "Messages | Consultant portal | Partwise" }];

const consultant: ThreadGuard = (app, request) => requireRole(app, request, "consultant", { anonymous: "login" });

/** /consultant/messages/:threadId: one of the consultant's conversations; another's is a 404. */
export const loader = threadLoader(consultant);

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const action = threadAction(consultant);

export default function ConsultantMessageThread() {
  return (
    <div className="console-page">
      <ThreadPage />
    </div>
  );
}
