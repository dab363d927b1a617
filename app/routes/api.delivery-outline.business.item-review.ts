import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ItemReviewSchema } from "~/lib/engagements/engagement-schemas";
import { OUTLINE_NOT_FOUND } from "~/lib/engagements/engagement-copy";
import { loadOutlineView } from "~/server/engagements/deliveries.server";
import { reviewDeliveryItem } from "~/server/engagements/item-review.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/delivery-outline/business/item-review {deliveryItemId, deliveryOutlineId, businessNotes,
 * decision} → the updated outline (spec §3 Delivery outline) with `checkoutUrl`: the next item's
 * payment page after a prepay decision, else null; and `payment` {paid, message} when the prepay
 * decision charged the card on file instead (docs/decisions/082), else null. `decision` is prepay, pause or revise (or the
 * stored words approved / revision with `decisionAction`); revise needs notes (400). Another
 * business's outline or item → 404; a review that is not pending (already decided, a double
 * submission) → 409 {msg: 'This deliverable is not waiting for your review.'}; 401 / 403.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "reviewDeliverables" });
  const input = await readBody(request, ItemReviewSchema);
  const viewer = requireBusiness(signedIn);
  const result = await reviewDeliveryItem(context.app, viewer, input, appOrigin(context.app, request));
  if (!result.ok) return errorResponse(result.status, result.msg);
  const outline = await loadOutlineView(context.app, viewer.business.id, result.outline.id);
  if (!outline) return errorResponse(404, OUTLINE_NOT_FOUND);
  return jsonResponse({ ...outline, checkoutUrl: result.checkoutUrl, payment: result.payment });
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/delivery-outline/business/item-review",
    operationId: "reviewDeliveryItem",
    tag: "engagements",
    summary:
      "The business decides on a delivered item while its review is pending: prepay the next (its checkout url is returned), pause, or revise (notes required).",
    access: "session",
    body: { name: "ItemReview", schema: ItemReviewSchema, reader: "json" },
    ok: {
      200: "the updated outline, checkoutUrl (the next item's payment page after prepay, else null) and payment ({paid, message} when the card on file was charged, else null)",
    },
    errors: [400, ...CLIENT_ERRORS, 404, 409],
  },
];
