import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PAYMENT_FAILED_NOTICE, PLANS_CLIENTS_ONLY_MESSAGE } from "~/lib/payments/payment-copy";
import { requireApiClient } from "~/http/guards.server";
import { requireMethod, seeOther } from "~/http/http.server";
import { openPortal } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/payments/create-portal-session (settings' Manage Payment; the posted session_id is
 * ignored — the business comes from the session). BASIC or no Stripe customer → 303 /plan-select;
 * a paid tier → 303 to a billing portal session that returns to /company-profile?tab=account.
 * Stripe unreachable → 303 /dashboard?notice=payment-failed. No session → 401 {msg}; staff → 403
 * {msg}; no business → 404 {msg}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireApiClient(context.app, request, {
    business: true,
    action: "changePlan",
    forbidden: PLANS_CLIENTS_ONLY_MESSAGE,
  });
  const result = await openPortal(
    context.app,
    { user: viewer.user, business: viewer.business },
    appOrigin(context.app, request),
  );
  if (!result.ok) return seeOther(`/dashboard?notice=${PAYMENT_FAILED_NOTICE}`);
  return seeOther(result.url);
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/payments/create-portal-session",
    operationId: "openBillingPortal",
    tag: "payments",
    summary: "A form post: redirects to the billing portal, or to /plan-select without a paid plan.",
    access: "session",
    ok: { 303: "to the billing portal" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
