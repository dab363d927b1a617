import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { OUTLINE_NOT_FOUND } from "~/lib/engagements/engagement-copy";
import { loadDeliveryOutlineView } from "~/server/engagements/engagement-views.server";
import { requireApiClient } from "~/http/guards.server";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * GET /api/delivery-outline/{id} → the caller's delivery outline (spec §3 Delivery outline:
 * _id, matchRequestId, complete, egmReview.status, businessReview.status, incompleteItems,
 * completedItems, activeItem, businessSignature, businessSignatureDate, plus the title, overview,
 * version and the engagement status). Another business's, an unknown id or a plan a manager has
 * not approved yet → 404 {msg}; 401 without a session; 403 for staff.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireApiClient(context.app, request, { business: true });
  const view = await loadDeliveryOutlineView(context.app, viewer, params.id ?? "");
  if (!view) return errorResponse(404, OUTLINE_NOT_FOUND);
  return jsonResponse(view);
}

export const action = methodNotAllowed("GET");

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/delivery-outline/{id}",
    operationId: "getDeliveryOutline",
    tag: "engagements",
    summary:
      "One of the caller's engagement plans once a manager approved it: statuses, items still to do and completed, the active item, the signature.",
    access: "session",
    params: idParam(),
    ok: { 200: "the outline" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
