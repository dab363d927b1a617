import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { VALUE_INSIGHT_NOT_FOUND_MESSAGE } from "~/lib/insights/insight-schemas";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { getValueInsight } from "~/server/insights/insight-views.server";
import { requireApiClient } from "~/http/guards.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * GET /api/insight/value-insight/{id} → 200 {_id, kind, category, title, summary, value,
 * clientSatisfaction, clientFeedback, convertedToMatch, createdAt}. The caller's business only;
 * anything else 404 {msg: 'Value insight not found.'}; 401 without a session; 403 for staff.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireApiClient(context.app, request, { business: true });
  const insight = await getValueInsight(context.app, viewer.business.id, params.id ?? "");
  if (!insight) return errorResponse(404, VALUE_INSIGHT_NOT_FOUND_MESSAGE);
  return jsonResponse(insight);
}

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/insight/value-insight/{id}",
    operationId: "getValueInsight",
    tag: "insights",
    summary: "A value insight of the caller's business.",
    access: "session",
    params: idParam(),
    ok: { 200: "the value insight" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
