import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { ThreadListPage } from "~/components/conversations/thread-list";
import { requireRole } from "~/http/guards.server";
import { threadListLoader, type ThreadGuard } from "~/http/thread-routes.server";

export const meta: MetaFunction = () => [{ title: "Messages | Consultant portal | Partwise" }];

/** Consultants only: visitors go to sign in (the page is reached from emailed links), anyone else 404. */
const consultant: ThreadGuard = (app, request) => requireRole(app, request, "consultant", { anonymous: "login" });

/** /consultant/messages: the consultant's conversations, one per candidacy, latest activity first. */
export const loader = threadListLoader(consultant);

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantMessages() {
  return (
    <div className="console-page">
      <ThreadListPage party="consultant" />
    </div>
  );
}
