// The single place that reacts to a consultant's payout account changing state (issue #18). The
// Connect webhook and the return from onboarding call it once per change to "payouts enabled".
import {
  PAYOUTS_ENABLED_NOTIFICATION_BODY,
  PAYOUTS_ENABLED_NOTIFICATION_TITLE,
  OPEN_PAYOUTS_ACTION,
  PAYOUTS_NOTIFICATION_FOOTER,
  PAYOUTS_PATH,
} from "~/lib/payouts/payout-copy";
import type { AppContext } from "~/server/load-context";
import { notify } from "~/server/notifications/notify.server";
import { releaseHeldTransfers } from "./transfers.server";

/**
 * Stripe now reports payouts enabled for the consultant's account (it was not before). Tells the
 * consultant (in-app and by email: payments are essential) and sends the transfers held while the
 * consultant had no payouts (each with its own Idempotency-Key, so running this again after a
 * failure pays nothing twice; a transfer Stripe refuses is marked failed for the manager to retry).
 */
export async function onPayoutsEnabled(
  app: AppContext,
  consultantUserId: string,
  origin: string | null = app.env.APP_URL ?? null,
): Promise<void> {
  await releaseHeldTransfers(app, consultantUserId);
  await notify(app, origin, [
    {
      userId: consultantUserId,
      kind: "payouts_enabled",
      title: PAYOUTS_ENABLED_NOTIFICATION_TITLE,
      body: PAYOUTS_ENABLED_NOTIFICATION_BODY,
      link: PAYOUTS_PATH,
      action: OPEN_PAYOUTS_ACTION,
      footer: PAYOUTS_NOTIFICATION_FOOTER,
    },
  ]);
}
