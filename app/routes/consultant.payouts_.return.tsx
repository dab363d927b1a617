import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { PaymentProviderError } from "~/server/payments/provider/types";
import { PAYOUTS_PATH, syncPayoutAccountOnReturn } from "~/server/payouts/accounts.server";
import { seeOther } from "~/http/http.server";

/**
 * GET /consultant/payouts/return — Stripe's return_url after onboarding (finished or not): reads
 * the account from Stripe and applies its state (its events may still be on their way), then 303
 * to the Payouts page. Stripe unreachable: the page shows the last known state; events follow.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const viewer = await requireRole(app, request, "consultant", { anonymous: "login" });
  try {
    await syncPayoutAccountOnReturn(app, viewer.user.id, appOrigin(app, request));
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`Payouts return for ${viewer.user.id}: reading the account failed:`, error);
  }
  return seeOther(`${PAYOUTS_PATH}?returned=1`);
}
