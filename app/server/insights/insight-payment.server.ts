import { and, eq } from "drizzle-orm";
import { insightRequests } from "~db/schema";
import { INSIGHT_NOT_FOUND_MESSAGE, PAYMENT_NOT_COMPLETED_MESSAGE } from "~/lib/payments/payment-copy";
import type { AppContext } from "~/server/load-context";
import {
  confirmCheckout,
  latestSessionFor,
  type CheckoutFailure,
  type CheckoutViewer,
} from "~/server/payments/checkout.server";

/** PUT /api/insight/insightRequest/successful-payment {insightId}: confirmed only by a paid session. */
export async function confirmInsightPayment(
  app: AppContext,
  viewer: CheckoutViewer,
  insightId: string,
  /** The origin of the receipt email's links (the request's). */
  origin: string | null = app.env.APP_URL ?? null,
): Promise<{ ok: true } | CheckoutFailure> {
  const [insight] = await app.db
    .select({ id: insightRequests.id, paymentComplete: insightRequests.paymentComplete })
    .from(insightRequests)
    .where(and(eq(insightRequests.id, insightId), eq(insightRequests.businessId, viewer.business.id)));
  if (!insight) return { ok: false, status: 404, msg: INSIGHT_NOT_FOUND_MESSAGE };
  if (insight.paymentComplete) return { ok: true };
  const sessionId = await latestSessionFor(app, viewer.business.id, "insight", insight.id);
  if (!sessionId) return { ok: false, status: 409, msg: PAYMENT_NOT_COMPLETED_MESSAGE };
  const confirmed = await confirmCheckout(app, viewer, sessionId, { kind: "insight", referenceId: insight.id }, origin);
  return confirmed.ok ? { ok: true } : confirmed;
}
