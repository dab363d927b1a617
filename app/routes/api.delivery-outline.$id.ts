import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { OUTLINE_NOT_FOUND } from "~/lib/engagements/engagement-copy";
import { loadDeliveryOutlineView } from "~/server/engagements/engagement-views.server";
import { requireApiClient } from "~/http/guards.server";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";

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
