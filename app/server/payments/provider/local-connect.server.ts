import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { AppContext } from "~/server/load-context";
import {
  hashId,
  insertOnce,
  load,
  loadOrNull,
  localStripeObjects,
  randomId,
  seconds,
  type DeliverWebhook,
} from "./local-objects.server";
import { signPayload, toConnectAccount, verifyStripeSignature } from "./stripe-wire.server";
import type { ConnectAccount, ConnectAccountsApi } from "./types";

// The built-in test onboarding (STRIPE_SECRET_KEY unset, never in production): Express-like
// accounts in local_stripe_objects, a hosted-onboarding-like page at /test-onboarding/:accountId
// and a dashboard at /test-express-dashboard/:accountId. Submitting the page's details updates the
// account and delivers account.updated signed with STRIPE_CONNECT_WEBHOOK_SECRET, exactly as
// Stripe's Connect endpoint would receive it.

/** What a new Express account still needs (the keys Stripe reports for a US individual). */
export const LOCAL_INITIAL_REQUIREMENTS = [
  "business_profile.url",
  "business_type",
  "external_account",
  "individual.dob.day",
  "individual.dob.month",
  "individual.dob.year",
  "individual.first_name",
  "individual.last_name",
  "individual.ssn_last_4",
  "tos_acceptance.date",
  "tos_acceptance.ip",
] as const;

/** The SSN's last four digits that leave a test account waiting for a full taxpayer id (like Stripe's test 0000). */
export const LOCAL_PENDING_SSN_LAST4 = "0000";

/** The test onboarding's memory of where to send the consultant (not part of Stripe's account). */
type LocalOnboarding = { origin: string | null; returnUrl: string | null; refreshUrl: string | null };

export type LocalConnectAccount = ConnectAccount & {
  email: string | null;
  created: number;
  onboarding: LocalOnboarding;
  individual: { first_name: string; last_name: string } | null;
  external_account_last4: string | null;
};

export function localConnectAccounts(app: AppContext): ConnectAccountsApi {
  return {
    async createConnectAccount(input, idempotencyKey) {
      const id = await hashId("acct_local_", `account:${idempotencyKey}`);
      const data = await insertOnce(app, id, "account", null, {
        id,
        object: "account",
        type: "express",
        country: "US",
        email: input.email,
        capabilities: { transfers: "inactive" },
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: {
          currently_due: [...LOCAL_INITIAL_REQUIREMENTS],
          eventually_due: [...LOCAL_INITIAL_REQUIREMENTS],
          past_due: [],
          disabled_reason: "requirements.past_due",
        },
        metadata: { consultantUserId: input.consultantUserId },
        created: seconds(app.now()),
        livemode: false,
        partwise_test: { origin: null, returnUrl: null, refreshUrl: null } satisfies LocalOnboarding,
      });
      return toConnectAccount(data);
    },

    async retrieveConnectAccount(id) {
      return toConnectAccount(await load(app, id, "account"));
    },

    async createAccountLink(input) {
      const account = await load(app, input.accountId, "account");
      const origin = new URL(input.returnUrl).origin;
      const onboarding: LocalOnboarding = { origin, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl };
      await app.db
        .update(localStripeObjects)
        .set({ data: { ...account, partwise_test: onboarding }, updatedAt: app.now() })
        .where(and(eq(localStripeObjects.id, input.accountId), eq(localStripeObjects.type, "account")));
      const url = `${origin}/test-onboarding/${encodeURIComponent(input.accountId)}`;
      const linkId = randomId("acctlink_local_");
      await insertOnce(app, linkId, "account_link", null, {
        object: "account_link",
        account: input.accountId,
        type: "account_onboarding",
        url,
        created: seconds(app.now()),
        expires_at: seconds(app.now()) + 300,
      });
      return { url };
    },

    async createLoginLink(accountId) {
      const account = await load(app, accountId, "account");
      const onboarding = account.partwise_test as LocalOnboarding | undefined;
      const origin = onboarding?.origin ?? app.env.APP_URL ?? "";
      const url = `${origin}/test-express-dashboard/${encodeURIComponent(accountId)}`;
      await insertOnce(app, randomId("lnk_local_"), "login_link", null, {
        object: "login_link",
        account: accountId,
        url,
        created: seconds(app.now()),
      });
      return { url };
    },

    verifyConnectWebhook(rawBody, signatureHeader) {
      return verifyStripeSignature(rawBody, signatureHeader, app.env.STRIPE_CONNECT_WEBHOOK_SECRET);
    },
  };
}

function toLocalConnectAccount(data: Record<string, unknown>): LocalConnectAccount {
  const onboarding = (data.partwise_test as LocalOnboarding | undefined) ?? {
    origin: null,
    returnUrl: null,
    refreshUrl: null,
  };
  const external = data.external_accounts as { data?: { last4?: string }[] } | undefined;
  return {
    ...toConnectAccount(data),
    email: typeof data.email === "string" ? data.email : null,
    created: typeof data.created === "number" ? data.created : 0,
    onboarding,
    individual: (data.individual as LocalConnectAccount["individual"] | undefined) ?? null,
    external_account_last4: external?.data?.[0]?.last4 ?? null,
  };
}

/** A test onboarding account with what its pages show; null when unknown. */
export async function getLocalConnectAccount(app: AppContext, id: string): Promise<LocalConnectAccount | null> {
  const data = await loadOrNull(app, id, "account");
  return data ? toLocalConnectAccount(data) : null;
}

export type LocalOnboardingDetails = {
  firstName: string;
  lastName: string;
  dob: string;
  ssnLast4: string;
  routingNumber: string;
  accountNumber: string;
};

/**
 * "Submit details" on the test onboarding: records the details on the account (as Stripe would),
 * enables payouts — unless the SSN's last four are LOCAL_PENDING_SSN_LAST4, which leaves the full
 * taxpayer id due — and delivers the signed account.updated event to the Connect webhook handler.
 * Answers the return URL, or null for an unknown account.
 */
export async function submitLocalOnboarding(
  app: AppContext,
  accountId: string,
  details: LocalOnboardingDetails,
  deliver: DeliverWebhook,
): Promise<string | null> {
  const current = await loadOrNull(app, accountId, "account");
  if (!current) return null;
  const pending = details.ssnLast4 === LOCAL_PENDING_SSN_LAST4;
  const [year, month, day] = details.dob.split("-").map(Number);
  const updated: Record<string, unknown> = {
    ...current,
    business_type: "individual",
    individual: { first_name: details.firstName, last_name: details.lastName, dob: { day, month, year } },
    external_accounts: {
      object: "list",
      data: [
        {
          object: "bank_account",
          routing_number: details.routingNumber,
          last4: details.accountNumber.slice(-4),
          currency: "usd",
        },
      ],
    },
    capabilities: { transfers: pending ? "pending" : "active" },
    details_submitted: true,
    charges_enabled: !pending,
    payouts_enabled: !pending,
    requirements: {
      currently_due: pending ? ["individual.id_number"] : [],
      eventually_due: pending ? ["individual.id_number"] : [],
      past_due: [],
      disabled_reason: null,
    },
    tos_acceptance: { date: seconds(app.now()) },
  };
  await app.db
    .update(localStripeObjects)
    .set({ data: updated, updatedAt: app.now() })
    .where(and(eq(localStripeObjects.id, accountId), eq(localStripeObjects.type, "account")));
  await deliverConnectEvent(app, deliver, accountId, "account.updated", stripeView(updated));
  const onboarding = toLocalConnectAccount(updated).onboarding;
  return onboarding.returnUrl ?? `${onboarding.origin ?? ""}/consultant/payouts`;
}

/** The object as Stripe sends it (without the test onboarding's own fields). */
function stripeView(data: Record<string, unknown>): Record<string, unknown> {
  const { partwise_test: _onboarding, ...rest } = data;
  return rest;
}

/** Signs a Connect event (it names the connected account) with STRIPE_CONNECT_WEBHOOK_SECRET and delivers it. */
async function deliverConnectEvent(
  app: AppContext,
  deliver: DeliverWebhook,
  accountId: string,
  type: string,
  object: Record<string, unknown>,
): Promise<void> {
  const created = seconds(app.now());
  const body = JSON.stringify({
    id: randomId("evt_local_"),
    object: "event",
    account: accountId,
    type,
    created,
    livemode: false,
    api_version: Stripe.API_VERSION,
    data: { object },
  });
  const header = await signPayload(body, app.env.STRIPE_CONNECT_WEBHOOK_SECRET, created);
  try {
    const answer = await deliver(body, header);
    if (answer.status !== 200) {
      console.error(`Test onboarding: the Connect webhook answered ${answer.status} to ${type}: ${answer.msg}`);
    }
  } catch (error) {
    console.error(`Test onboarding: delivering ${type} failed:`, error);
  }
}
