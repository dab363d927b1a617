import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { businesses } from "~db/schema";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { InsightPaymentSchema } from "~/lib/payments/api-schemas";
import { confirmInsightPayment } from "~/server/insights/insight-payment.server";
import { toClientBusiness } from "~/server/identity/serializers.server";
import { businessExtrasQueries, toBusinessExtras } from "~/server/identity/business-entity.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/insight/insightRequest/successful-payment {insightId} → the business. Marks nothing by
 * itself: the insight's Checkout Session is retrieved from Stripe and fulfilled (once) only when
 * paid; otherwise 409 {msg: 'Payment has not been completed.'}. Another business's insight → 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "pay" });
  const input = await readBody(request, InsightPaymentSchema);
  const viewer = requireBusiness(signedIn);
  const result = await confirmInsightPayment(context.app, viewer, input.insightId, appOrigin(context.app, request));
  if (!result.ok) return errorResponse(result.status, result.msg);
  // The payment changed the insight's event: the business and its extras are read after it, in one batch.
  const [rows, ...extras] = await context.app.db.batch([
    context.app.db.select().from(businesses).where(eq(businesses.id, viewer.business.id)),
    ...businessExtrasQueries(context.app, viewer.business.id),
  ]);
  return jsonResponse(toClientBusiness(rows[0] ?? viewer.business, viewer.user.role, toBusinessExtras(extras)));
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/insight/insightRequest/successful-payment",
    operationId: "confirmInsightPayment",
    tag: "payments",
    summary: "Fulfils the insight's payment once the provider says it is paid.",
    access: "session",
    body: { name: "InsightPayment", schema: InsightPaymentSchema, reader: "json" },
    ok: { 200: "the business" },
    errors: [400, ...CLIENT_ERRORS, 404, 409, 502],
  },
];
