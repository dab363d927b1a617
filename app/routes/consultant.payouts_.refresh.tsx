import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { PaymentProviderError } from "~/server/payments/provider/types";
import { PAYOUTS_PATH, refreshOnboardingLink } from "~/server/payouts/accounts.server";
import { seeOther } from "~/http/http.server";

/**
 * GET /consultant/payouts/refresh — Stripe's refresh_url (the onboarding link expired or was
 * already used): a new Account Link to the same account and 303 to it. Without an account, or with
 * Stripe unreachable, back to the Payouts page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const viewer = await requireRole(app, request, "consultant", { anonymous: "login" });
  try {
    const url = await refreshOnboardingLink(app, viewer.user.id, appOrigin(app, request));
    return seeOther(url ?? PAYOUTS_PATH);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`Payouts refresh for ${viewer.user.id} failed:`, error);
    return seeOther(PAYOUTS_PATH);
  }
}
