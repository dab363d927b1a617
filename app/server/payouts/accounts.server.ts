// Consultants' payout accounts (issue #18, onboarding): one Stripe Connect Express account per
// consultant, created by 'Set up payouts', onboarded through Stripe's hosted Account Links, its
// state following Stripe's account.updated events on the Connect webhook endpoint (and a read of
// the account when the consultant comes back from onboarding).
//
// Exactly once without transactions (D1): the account is created with the Idempotency-Key
// `connect-account-{consultantUserId}` and recorded with INSERT ... ON CONFLICT DO NOTHING on the
// unique consultant, so a double submit records one account; state updates are conditional on the
// `created` time of the newest state applied, so an older event never overwrites a newer one.
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { consultantPayoutAccounts, type ConsultantPayoutAccount } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { EMAIL_UNVERIFIED_MESSAGE } from "~/lib/identity/email-verification";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import { toConnectAccount } from "~/server/payments/provider/stripe-wire.server";
import type { ConnectAccount, StripeEvent } from "~/server/payments/provider/types";
import {
  handleSignedEvent,
  ignored,
  processed,
  type EventOutcome,
  type WebhookResult,
} from "~/server/payments/webhook-events.server";
import { onPayoutsEnabled } from "./account-events.server";

export { PAYOUTS_PATH } from "~/lib/payouts/payout-copy";
export const PAYOUTS_RETURN_PATH = "/consultant/payouts/return";
export const PAYOUTS_REFRESH_PATH = "/consultant/payouts/refresh";

export function connectAccountIdempotencyKey(consultantUserId: string): string {
  return `connect-account-${consultantUserId}`;
}

/** The consultant's payout account, or null before 'Set up payouts'. One D1 round trip. */
export async function getPayoutAccount(
  app: AppContext,
  consultantUserId: string,
): Promise<ConsultantPayoutAccount | null> {
  const [row] = await app.db
    .select()
    .from(consultantPayoutAccounts)
    .where(eq(consultantPayoutAccounts.consultantUserId, consultantUserId))
    .limit(1);
  return row ?? null;
}

function onboardingUrls(origin: string) {
  return { refreshUrl: `${origin}${PAYOUTS_REFRESH_PATH}`, returnUrl: `${origin}${PAYOUTS_RETURN_PATH}` };
}

/**
 * 'Set up payouts': the consultant's Connect account — created once, whatever the number of
 * submits — and a fresh onboarding link to it. Answers the link's URL. Provider failures propagate
 * (PaymentProviderError). Receiving payouts waits for a verified email (docs/decisions/070): an
 * unverified consultant is refused (403) before any account is made, so payouts are never enabled
 * for an address nobody proved.
 */
export async function startPayoutOnboarding(
  app: AppContext,
  consultant: { id: string; email: string; emailVerified: boolean },
  origin: string,
): Promise<{ ok: true; url: string } | { ok: false; status: 403; msg: string }> {
  if (!consultant.emailVerified) return { ok: false, status: 403, msg: EMAIL_UNVERIFIED_MESSAGE };
  const account = await ensurePayoutAccount(app, consultant);
  const link = await paymentProvider(app).createAccountLink({
    accountId: account.stripeAccountId,
    ...onboardingUrls(origin),
  });
  return { ok: true, url: link.url };
}

async function ensurePayoutAccount(
  app: AppContext,
  consultant: { id: string; email: string },
): Promise<ConsultantPayoutAccount> {
  const existing = await getPayoutAccount(app, consultant.id);
  if (existing) return existing;
  const created = await paymentProvider(app).createConnectAccount(
    { consultantUserId: consultant.id, email: consultant.email },
    connectAccountIdempotencyKey(consultant.id),
  );
  const now = app.now();
  const [inserted, current] = await app.db.batch([
    app.db
      .insert(consultantPayoutAccounts)
      .values({
        consultantUserId: consultant.id,
        stripeAccountId: created.id,
        detailsSubmitted: created.details_submitted,
        chargesEnabled: created.charges_enabled,
        payoutsEnabled: created.payouts_enabled,
        requirementsDue: created.requirements_due,
        disabledReason: created.disabled_reason,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning(),
    app.db
      .select()
      .from(consultantPayoutAccounts)
      .where(eq(consultantPayoutAccounts.consultantUserId, consultant.id))
      .limit(1),
  ]);
  const row = inserted[0] ?? current[0];
  if (!row) throw new Error(`The payout account of ${consultant.id} was neither recorded nor found.`);
  return row;
}

/**
 * The onboarding link expired or was used (Stripe sent the consultant to the refresh URL): a new
 * link to the same account. Null when the consultant has no account yet.
 */
export async function refreshOnboardingLink(app: AppContext, consultantUserId: string, origin: string) {
  const account = await getPayoutAccount(app, consultantUserId);
  if (!account) return null;
  const link = await paymentProvider(app).createAccountLink({
    accountId: account.stripeAccountId,
    ...onboardingUrls(origin),
  });
  return link.url;
}

/** 'Open Stripe Express dashboard': a login link, once the consultant has submitted their details; else null. */
export async function expressDashboardUrl(app: AppContext, consultantUserId: string): Promise<string | null> {
  const account = await getPayoutAccount(app, consultantUserId);
  if (!account || !account.detailsSubmitted) return null;
  return (await paymentProvider(app).createLoginLink(account.stripeAccountId)).url;
}

/**
 * Back from onboarding: reads the account from Stripe and applies its current state (events may
 * still be on their way). Null when the consultant has no account.
 */
export async function syncPayoutAccountOnReturn(
  app: AppContext,
  consultantUserId: string,
  origin: string | null,
): Promise<ConsultantPayoutAccount | null> {
  const account = await getPayoutAccount(app, consultantUserId);
  if (!account) return null;
  const asOf = Math.floor(app.now().getTime() / 1000);
  const current = await paymentProvider(app).retrieveConnectAccount(account.stripeAccountId);
  const result = await applyAccountState(app, current, asOf, origin);
  return result.row ?? account;
}

export type ApplyResult = {
  /** No row has this Stripe account id (not a Partwise consultant's account). */
  unknown: boolean;
  /** The row after the update; null when nothing changed (unknown, or an older state). */
  row: ConsultantPayoutAccount | null;
  /** True only for the one call that turned payouts on. */
  payoutsEnabledNow: boolean;
};

/**
 * Applies Stripe's state of an account as of `asOf` (Unix seconds: the event's `created`, or the
 * time of a read) unless a newer state was applied already. In one atomic batch it reads the row
 * before and updates it conditionally, so exactly one call sees payouts turn on; that call runs
 * onPayoutsEnabled. Should the hook fail, payouts are set back to off and the error propagates (the
 * webhook answers 500), so the retry runs the hook again: it runs once per successful change.
 */
export async function applyAccountState(
  app: AppContext,
  account: ConnectAccount,
  asOf: number,
  origin: string | null,
): Promise<ApplyResult> {
  const where = eq(consultantPayoutAccounts.stripeAccountId, account.id);
  const [before, after] = await app.db.batch([
    app.db.select().from(consultantPayoutAccounts).where(where).limit(1),
    app.db
      .update(consultantPayoutAccounts)
      .set({
        detailsSubmitted: account.details_submitted,
        chargesEnabled: account.charges_enabled,
        payoutsEnabled: account.payouts_enabled,
        requirementsDue: account.requirements_due,
        disabledReason: account.disabled_reason,
        lastEventCreated: asOf,
        updatedAt: app.now(),
      })
      .where(
        and(
          where,
          or(isNull(consultantPayoutAccounts.lastEventCreated), lte(consultantPayoutAccounts.lastEventCreated, asOf)),
        ),
      )
      .returning(),
  ]);
  const previous = before[0];
  if (!previous) return { unknown: true, row: null, payoutsEnabledNow: false };
  const row = after[0] ?? null;
  const payoutsEnabledNow = Boolean(row?.payoutsEnabled && !previous.payoutsEnabled);
  if (row && payoutsEnabledNow) {
    try {
      await onPayoutsEnabled(app, row.consultantUserId, origin);
    } catch (error) {
      // Give the change back (unless a newer state landed meanwhile), so Stripe's retry of this
      // event — or the next read on return — sees payouts turn on again and runs the hook again.
      await app.db
        .update(consultantPayoutAccounts)
        .set({ payoutsEnabled: false, updatedAt: app.now() })
        .where(
          and(
            where,
            eq(consultantPayoutAccounts.payoutsEnabled, true),
            eq(consultantPayoutAccounts.lastEventCreated, asOf),
          ),
        );
      throw error;
    }
  }
  return { unknown: false, row, payoutsEnabledNow };
}

/**
 * Verifies (STRIPE_CONNECT_WEBHOOK_SECRET) and handles one delivery to the Connect endpoint: 400
 * and nothing changed for a bad, missing or stale signature; 200 for handled, duplicate (the event
 * id is recorded once in stripe_events) and ignored events (other types, accounts that are not a
 * consultant's); 500 when acting failed, so Stripe retries. The same steps as the payments
 * webhook (handleSignedEvent).
 */
export async function handleConnectWebhook(
  app: AppContext,
  rawBody: string,
  signatureHeader: string | null,
  origin: string | null = app.env.APP_URL ?? null,
): Promise<WebhookResult> {
  return handleSignedEvent(
    app,
    "Connect webhook",
    () => paymentProvider(app).verifyConnectWebhook(rawBody, signatureHeader),
    (event) => processConnectEvent(app, event, origin),
  );
}

async function processConnectEvent(app: AppContext, event: StripeEvent, origin: string | null): Promise<EventOutcome> {
  if (event.type !== "account.updated") return ignored("Ignored.");
  const object = event.data.object;
  if (typeof object.id !== "string" || !object.id.startsWith("acct_")) {
    return ignored("No account id.");
  }
  const created = typeof event.created === "number" ? event.created : 0;
  const result = await applyAccountState(app, toConnectAccount(object), created, origin);
  if (result.unknown) return ignored("Not a Partwise consultant's account.");
  return processed(result.row ? "Updated." : "Older than the state applied.");
}
