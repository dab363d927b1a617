import { requireRole } from "~/http/guards.server";
import { threadOfMatchLoader } from "~/http/thread-routes.server";

/** /consultant/messages/match/:matchId/:consultantId: the consultant's own thread on that match (303), or 404. */
export const loader = threadOfMatchLoader((app, request) =>
  requireRole(app, request, "consultant", { anonymous: "login" }),
);
