import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ITEM_NOT_FOUND } from "~/lib/engagements/engagement-copy";
import { loadDeliveryItemView } from "~/server/engagements/engagement-views.server";
import { requireApiClient } from "~/http/guards.server";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * GET /api/delivery-outline/item/{id} → one delivery item of the caller's engagement (spec §3
 * Delivery item: _id, deliveryItemId, title, description, deliveryDate, price,
 * consultantConfirmedDelivery, summaryOfWork, businessDeliveryReview, businessId, files with their
 * download addresses). Another business's, an unknown id, an item of a plan a manager has not
 * approved, or an unpaid item of a change still with the manager → 404 {msg}; 401 without a
 * session; 403 for staff.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireApiClient(context.app, request, { business: true });
  const view = await loadDeliveryItemView(context.app, viewer, params.id ?? "");
  if (!view) return errorResponse(404, ITEM_NOT_FOUND);
  return jsonResponse(view);
}

export const action = methodNotAllowed("GET");

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/delivery-outline/item/{id}",
    operationId: "getDeliveryItem",
    tag: "engagements",
    summary:
      "One deliverable of the caller's engagement: its summary of work, the business's review, the business and the delivery files.",
    access: "session",
    params: idParam(),
    ok: { 200: "the delivery item" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
