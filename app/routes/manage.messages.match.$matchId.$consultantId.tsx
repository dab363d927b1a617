import { requireRole } from "~/http/guards.server";
import { threadOfMatchLoader } from "~/http/thread-routes.server";

/** /manage/messages/match/:matchId/:consultantId: the thread of that consultant on that match (303), or 404. */
export const loader = threadOfMatchLoader((app, request) => requireRole(app, request, "manager"));
