import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { ItemCheckoutSchema } from "~/lib/payments/api-schemas";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { startItemPayment } from "~/server/payments/card-charges.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/payments/create-item-session {deliveryItemId, deliveryOutlineId} → {url}: prepays the
 * business's own delivery item at its stored price: the url of its checkout, or, when the business
 * has a card on file (docs/decisions/082), the card is charged at once and the url is the
 * engagement's page, with `msg` saying so. Another business's item → 404 {msg}; already paid → 409
 * {msg}; the card on file declined → 402 {msg}; Stripe down → 502 {msg}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await requireApiClient(context.app, request, { action: "pay" });
  const body = await readBody(request, ItemCheckoutSchema);
  const viewer = requireBusiness(signedIn);
  // The spec's field names stop here (docs/glossary.md): our code says item and outline.
  const input = { itemId: body.deliveryItemId, outlineId: body.deliveryOutlineId };
  const result = await startItemPayment(context.app, viewer, input, appOrigin(context.app, request));
  return resultResponse(result, (ok) =>
    ok.via === "checkout"
      ? jsonResponse({ url: ok.url })
      : jsonResponse({ url: businessEngagementPath(input.outlineId), msg: ok.message }),
  );
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/payments/create-item-session",
    operationId: "createItemCheckout",
    tag: "payments",
    summary: "Prepays a delivery item at its stored price: a Checkout Session, or a charge of the card on file.",
    access: "session",
    body: { name: "ItemCheckout", schema: ItemCheckoutSchema, reader: "json" },
    ok: { 200: "{url} (a checkout), or {url, msg} (the card on file charged; url the engagement)" },
    errors: [400, ...CLIENT_ERRORS, 402, 404, 409, 502],
  },
];
