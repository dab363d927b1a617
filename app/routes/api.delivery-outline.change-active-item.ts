import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { ChangeActiveItemSchema } from "~/lib/payments/api-schemas";
import { changeActiveItem } from "~/server/engagements/delivery-items.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/delivery-outline/change-active-item {deliveryItemId, deliveryOutlineId, sessionId} →
 * the outline with the paid item active. The session must be this item's purchase and paid at
 * Stripe (fulfilled once); otherwise 409 {msg: 'Payment has not been completed.'}; another
 * business's item or session → 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "reviewDeliverables" });
  const body = await readBody(request, ChangeActiveItemSchema);
  const viewer = requireBusiness(signedIn);
  // The spec's field names stop here (docs/glossary.md): our code says item and outline.
  const input = { itemId: body.deliveryItemId, outlineId: body.deliveryOutlineId, sessionId: body.sessionId };
  const result = await changeActiveItem(context.app, viewer, input, appOrigin(context.app, request));
  if (!result.ok) return errorResponse(result.status, result.msg);
  const { outline } = result;
  return jsonResponse({
    _id: outline.id,
    businessId: outline.businessId,
    title: outline.title,
    state: outline.state,
    activeItem: outline.activeItemId,
    complete: outline.complete,
  });
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/delivery-outline/change-active-item",
    operationId: "changeActiveItem",
    tag: "payments",
    summary: "Makes a paid delivery item the outline's active one.",
    access: "session",
    body: { name: "ChangeActiveItem", schema: ChangeActiveItemSchema, reader: "json" },
    ok: { 200: "the outline" },
    errors: [400, ...CLIENT_ERRORS, 404, 409, 502],
  },
];
