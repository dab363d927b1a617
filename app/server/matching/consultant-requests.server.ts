/**
 * "Request this consultant" (issue #42 item 2, ADR 090): a business asks for a consultant by name
 * from their public profile. The request is an ordinary match request (createMatchRequest: one
 * per idempotency key, matching started once) that names the consultant; matching keeps them on
 * its shortlist while they are in the pool and the engagement manager's console says who was
 * asked for. A consultant not shown in public (never, or no longer) is a 404 with nothing written.
 */
import type { MatchRequestInput } from "~/lib/matching/match-schemas";
import type { ClientViewer } from "~/server/business/settings.server";
import { loadRequestableConsultant } from "~/server/consultants/public-profiles.server";
import type { AppContext } from "~/server/load-context";
import { createMatchRequest, type CreateMatchResult } from "./match-requests.server";

export type ConsultantRequestResult = CreateMatchResult | { ok: false; status: 404; msg: string };

export async function requestConsultant(
  app: AppContext,
  viewer: ClientViewer,
  consultantId: string,
  input: MatchRequestInput,
  origin: string,
): Promise<ConsultantRequestResult> {
  const consultant = await loadRequestableConsultant(app, consultantId);
  if (!consultant) return { ok: false, status: 404, msg: "Not Found" };
  return createMatchRequest(app, viewer, input, origin, { requestedConsultantId: consultant.consultantId });
}
