import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { PAID_PLANS_SOON_NOTICE, parseLookupKey, UNKNOWN_PLAN_MESSAGE } from "~/lib/plans";
import { requireApiViewer } from "~/server/auth.server";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/server/http.server";

const CheckoutSchema = z.object({
  lookup_key: z.string({ error: UNKNOWN_PLAN_MESSAGE }).refine((value) => parseLookupKey(value) !== null, {
    error: UNKNOWN_PLAN_MESSAGE,
  }),
});

/**
 * POST /api/payments/create-checkout-session (form post, hidden lookup_key such as
 * PREMIUM_PLAN_YEARLY; spec §7).
 *
 * INTERIM until the Payments issue wires Stripe Checkout: no session → 401 {msg}; no business →
 * 404 {msg}; a bad key → 400 {msg}; otherwise 303 back to /plan-select with an honest notice that
 * paid plans open soon. Nothing is charged and nothing is recorded.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireApiViewer(context.app, request);
  if (viewer.user.role !== "client" || !viewer.business) return errorResponse(404, "Business not found.");
  await readBody(request, CheckoutSchema);
  return new Response(null, {
    status: 303,
    headers: { Location: `/plan-select?notice=${PAID_PLANS_SOON_NOTICE}`, "Cache-Control": "no-store" },
  });
}

export function loader() {
  return jsonResponse({ msg: "Method GET is not allowed." }, { status: 405, headers: { Allow: "POST" } });
}
