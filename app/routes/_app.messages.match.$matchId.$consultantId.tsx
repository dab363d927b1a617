import { requireClientBusiness } from "~/http/guards.server";
import { threadOfMatchLoader } from "~/http/thread-routes.server";

/** /messages/match/:matchId/:consultantId: the business's thread with that consultant on that match (303), or 404. */
export const loader = threadOfMatchLoader(requireClientBusiness);
