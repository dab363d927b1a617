import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultantPayoutAccounts, localStripeObjects, notifications, stripeEvents } from "~db/schema";
import {
  CONTINUE_SET_UP_BUTTON,
  OPEN_DASHBOARD_BUTTON,
  PAYOUTS_DASHBOARD_UNAVAILABLE_MESSAGE,
  PAYOUTS_ENABLED_NOTIFICATION_TITLE,
  PAYOUTS_INVALID_REQUEST_MESSAGE,
  PAYOUTS_RETURN_NOTICE,
  PAYOUTS_START_FAILED_MESSAGE,
  SET_UP_PAYOUTS_BUTTON,
  TEST_DASHBOARD_TITLE,
  TEST_ONBOARDING_BANNER,
  TEST_ONBOARDING_ERRORS,
} from "~/lib/payouts/payout-copy";
import worker from "../../../functions/worker";
import {
  call,
  db,
  failNextStripeCalls,
  html,
  ORIGIN,
  postForm,
  SESSION_COOKIE,
  setStubAccount,
  signedEvent,
  signedIn,
  STRIPE_STUB_CONNECT_WEBHOOK_SECRET,
  STRIPE_STUB_WEBHOOK_SECRET,
  stripeEnv,
  stripeRequests,
} from "../helpers";

/** The local secrets (env.server.ts) the built-in test onboarding signs with. */
const LOCAL_CONNECT_SECRET = "whsec_local_partwise_test_onboarding_not_a_secret";
const LOCAL_PAYMENTS_SECRET = "whsec_local_partwise_test_checkout_not_a_secret";
const BAD_SIGNATURE = { msg: "The webhook signature is not valid." };
const ONBOARDING_DETAILS = {
  firstName: "Jenny",
  lastName: "Rosen",
  dob: "1990-01-01",
  ssnLast4: "1234",
  routingNumber: "110000000",
  accountNumber: "000123456789",
};

const consultant = () => signedIn({ role: "consultant" });

async function accountRows(userId: string) {
  return db().select().from(consultantPayoutAccounts).where(eq(consultantPayoutAccounts.consultantUserId, userId));
}

async function payoutNotices(userId: string) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "payouts_enabled")));
}

/** A request through the real Worker entry with the env pointed at the Stripe stub (Stripe mode). */
async function stubCall(path: string, init: { method?: string; form?: Record<string, string>; cookie?: string }) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", `${SESSION_COOKIE}=${init.cookie}`);
  const method = init.method ?? (init.form ? "POST" : "GET");
  if (method !== "GET") {
    headers.set("Origin", ORIGIN);
    headers.set("Host", new URL(ORIGIN).host);
  }
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
    redirect: "manual",
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], stripeEnv(env) as typeof env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function deliverConnect(body: string, header: string | null, stub = false) {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
  if (header !== null) headers.set("Stripe-Signature", header);
  const request = new Request(`${ORIGIN}/api/payments/connect-webhook`, { method: "POST", headers, body });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    (stub ? stripeEnv(env) : env) as typeof env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

function accountUpdated(
  account: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
  id = `evt_test_${crypto.randomUUID().replaceAll("-", "")}`,
) {
  return { id, object: "event", type: "account.updated", account: account.id, created, data: { object: account } };
}

function accountObject(
  id: string,
  state: { payouts: boolean; submitted: boolean; due?: string[]; reason?: string | null },
) {
  return {
    id,
    object: "account",
    details_submitted: state.submitted,
    charges_enabled: state.payouts,
    payouts_enabled: state.payouts,
    requirements: { currently_due: state.due ?? [], disabled_reason: state.reason ?? null },
    metadata: {},
  };
}

/** 'Set up payouts' in local mode; answers the local account id from the onboarding URL. */
async function setUpLocally(token: string): Promise<string> {
  const response = await postForm("/consultant/payouts", { intent: "setup" }, token);
  expect(response.status).toBe(303);
  const location = response.headers.get("Location") ?? "";
  const match = /^https:\/\/partwise\.test\/test-onboarding\/(acct_local_[0-9a-f]+)$/.exec(location);
  expect(match, location).not.toBeNull();
  return match![1]!;
}

describe("the Payouts page: access", () => {
  it("sends anonymous visitors to the login screen and answers 404 to clients and managers, writing nothing", async () => {
    const anonymous = await call("/consultant/payouts");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    const anonymousPost = await postForm("/consultant/payouts", { intent: "setup" });
    expect(anonymousPost.status).toBe(302);
    expect(anonymousPost.headers.get("Location")).toBe("/");
    for (const role of ["client", "manager"] as const) {
      const other = await signedIn({ role });
      expect((await call("/consultant/payouts", { cookie: other.token })).status).toBe(404);
      expect((await postForm("/consultant/payouts", { intent: "setup" }, other.token)).status).toBe(404);
      expect((await call("/consultant/payouts/return", { cookie: other.token })).status).toBe(404);
      expect((await call("/consultant/payouts/refresh", { cookie: other.token })).status).toBe(404);
      expect(await accountRows(other.user.id)).toEqual([]);
    }
  });

  it("shows a new consultant 'Not set up' with 'Set up payouts', and refuses an unknown intent with 400", async () => {
    const me = await consultant();
    const page = await call("/consultant/payouts", { cookie: me.token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Not set up");
    expect(text).toContain(SET_UP_PAYOUTS_BUTTON);
    expect(text).toContain(">Payouts</");
    expect(text).not.toContain(OPEN_DASHBOARD_BUTTON);
    const junk = await postForm("/consultant/payouts", { intent: "pay-me" }, me.token);
    expect(junk.status).toBe(400);
    expect(await junk.text()).toContain(html(PAYOUTS_INVALID_REQUEST_MESSAGE));
    const dashboard = await postForm("/consultant/payouts", { intent: "dashboard" }, me.token);
    expect(dashboard.status).toBe(409);
    expect(await dashboard.text()).toContain(html(PAYOUTS_DASHBOARD_UNAVAILABLE_MESSAGE));
    expect(await accountRows(me.user.id)).toEqual([]);
  });
});

describe("local mode: the built-in test onboarding", () => {
  it("creates one account under a double submit, and each consultant gets their own", async () => {
    const me = await consultant();
    const [a, b] = await Promise.all([
      postForm("/consultant/payouts", { intent: "setup" }, me.token),
      postForm("/consultant/payouts", { intent: "setup" }, me.token),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("Location")).toBe(b.headers.get("Location"));
    const rows = await accountRows(me.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.stripeAccountId).toMatch(/^acct_local_/);
    expect(rows[0]!.payoutsEnabled).toBe(false);
    const again = await setUpLocally(me.token);
    expect(again).toBe(rows[0]!.stripeAccountId);
    expect(await accountRows(me.user.id)).toHaveLength(1);

    const other = await consultant();
    const theirs = await setUpLocally(other.token);
    expect(theirs).not.toBe(rows[0]!.stripeAccountId);
    const page = await (await call("/consultant/payouts", { cookie: me.token })).text();
    expect(page).toContain("Details pending");
    expect(page).toContain(CONTINUE_SET_UP_BUTTON);
    expect(page).toContain("Bank account");
  });

  it("submitting details enables payouts through the signed account.updated, notifies once, and opens the test dashboard", async () => {
    const me = await consultant();
    const accountId = await setUpLocally(me.token);
    const onboarding = await call(`/test-onboarding/${accountId}`);
    expect(onboarding.status).toBe(200);
    expect(await onboarding.text()).toContain(html(TEST_ONBOARDING_BANNER));

    const invalid = await postForm(`/test-onboarding/${accountId}`, {
      ...ONBOARDING_DETAILS,
      routingNumber: "12",
      intent: "submit",
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain(TEST_ONBOARDING_ERRORS.routingNumber);
    expect((await accountRows(me.user.id))[0]!.detailsSubmitted).toBe(false);

    const submitted = await postForm(`/test-onboarding/${accountId}`, { ...ONBOARDING_DETAILS, intent: "submit" });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("Location")).toBe(`${ORIGIN}/consultant/payouts/return`);
    const [row] = await accountRows(me.user.id);
    expect(row).toMatchObject({
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
      disabledReason: null,
    });
    expect(row!.lastEventCreated).toBeTypeOf("number");
    expect(await payoutNotices(me.user.id)).toHaveLength(1);
    expect((await payoutNotices(me.user.id))[0]!.title).toBe(PAYOUTS_ENABLED_NOTIFICATION_TITLE);

    const back = await call("/consultant/payouts/return", { cookie: me.token });
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/consultant/payouts?returned=1");
    const page = await (await call("/consultant/payouts?returned=1", { cookie: me.token })).text();
    expect(page).toContain("Payouts enabled");
    expect(page).toContain(OPEN_DASHBOARD_BUTTON);
    expect(page).not.toContain(html(PAYOUTS_RETURN_NOTICE));
    expect(page).not.toContain(SET_UP_PAYOUTS_BUTTON);
    expect(await payoutNotices(me.user.id)).toHaveLength(1);

    const dashboard = await postForm("/consultant/payouts", { intent: "dashboard" }, me.token);
    expect(dashboard.status).toBe(303);
    expect(dashboard.headers.get("Location")).toBe(`${ORIGIN}/test-express-dashboard/${accountId}`);
    // Another consultant sees nothing of it and cannot reach its dashboard.
    const other = await consultant();
    const theirPage = await (await call("/consultant/payouts", { cookie: other.token })).text();
    expect(theirPage).toContain("Not set up");
    expect(theirPage).not.toContain(accountId);
    const theirDashboard = await postForm("/consultant/payouts", { intent: "dashboard" }, other.token);
    expect(theirDashboard.status).toBe(409);
    expect((await call("/consultant/payouts/return", { cookie: other.token })).headers.get("Location")).toBe(
      "/consultant/payouts?returned=1",
    );
    expect(await accountRows(other.user.id)).toEqual([]);
    const dashboardPage = await (await call(`/test-express-dashboard/${accountId}`)).text();
    expect(dashboardPage).toContain(TEST_DASHBOARD_TITLE);
    expect(dashboardPage).toContain("Jenny Rosen");
    expect(dashboardPage).toContain("•••• 6789");
  });

  it("leaves the account pending with the taxpayer ID due when the SSN's last four are 0000", async () => {
    const me = await consultant();
    const accountId = await setUpLocally(me.token);
    await postForm(`/test-onboarding/${accountId}`, { ...ONBOARDING_DETAILS, ssnLast4: "0000", intent: "submit" });
    const page = await (await call("/consultant/payouts", { cookie: me.token })).text();
    expect(page).toContain("Details pending");
    expect(page).toContain("Stripe still needs");
    expect(page).toContain("Taxpayer ID");
    expect(page).toContain(CONTINUE_SET_UP_BUTTON);
    expect(page).toContain(OPEN_DASHBOARD_BUTTON);
    expect(await payoutNotices(me.user.id)).toHaveLength(0);
    const refresh = await call("/consultant/payouts/refresh", { cookie: me.token });
    expect(refresh.status).toBe(303);
    expect(refresh.headers.get("Location")).toBe(`${ORIGIN}/test-onboarding/${accountId}`);
  });

  it("answers 404 for an unknown test onboarding account", async () => {
    expect((await call("/test-onboarding/acct_local_000000000000000000000000")).status).toBe(404);
    expect((await call("/test-express-dashboard/acct_local_000000000000000000000000")).status).toBe(404);
  });
});

describe("the Connect webhook", () => {
  it("refuses missing, wrong, stale and payments-endpoint signatures with 400 and changes nothing", async () => {
    const me = await consultant();
    const accountId = await setUpLocally(me.token);
    const event = accountUpdated(accountObject(accountId, { payouts: true, submitted: true }));
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      null,
      "t=1,v1=deadbeef",
      (await signedEvent(body, LOCAL_CONNECT_SECRET, now - 600)).header,
      (await signedEvent(body, LOCAL_PAYMENTS_SECRET, now)).header,
    ];
    for (const header of attempts) {
      const response = await deliverConnect(body, header);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(BAD_SIGNATURE);
    }
    expect((await accountRows(me.user.id))[0]!.payoutsEnabled).toBe(false);
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });

  it("applies an event once under replays, ignores older events and records unknown accounts as ignored", async () => {
    const me = await consultant();
    const accountId = await setUpLocally(me.token);
    const now = Math.floor(Date.now() / 1000);
    const enabled = accountUpdated(accountObject(accountId, { payouts: true, submitted: true }), now);
    const signed = await signedEvent(enabled, LOCAL_CONNECT_SECRET);
    const answers = await Promise.all([1, 2, 3].map(() => deliverConnect(signed.body, signed.header)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true });
    }
    expect((await accountRows(me.user.id))[0]).toMatchObject({ payoutsEnabled: true, lastEventCreated: now });
    expect(await payoutNotices(me.user.id)).toHaveLength(1);
    const recorded = await db().select().from(stripeEvents).where(eq(stripeEvents.id, enabled.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.outcome).toBe("processed");

    // An older event arriving late (Stripe does not order deliveries) changes nothing.
    const older = accountUpdated(
      accountObject(accountId, {
        payouts: false,
        submitted: false,
        due: ["external_account"],
        reason: "requirements.past_due",
      }),
      now - 60,
    );
    const late = await signedEvent(older, LOCAL_CONNECT_SECRET);
    expect((await deliverConnect(late.body, late.header)).status).toBe(200);
    expect((await accountRows(me.user.id))[0]).toMatchObject({ payoutsEnabled: true, requirementsDue: [] });

    // A newer event disabling the account applies; enabling again later notifies again (a new change).
    const disabled = accountUpdated(
      accountObject(accountId, {
        payouts: false,
        submitted: true,
        due: ["individual.id_number"],
        reason: "requirements.past_due",
      }),
      now + 1,
    );
    const newer = await signedEvent(disabled, LOCAL_CONNECT_SECRET);
    expect((await deliverConnect(newer.body, newer.header)).status).toBe(200);
    expect((await accountRows(me.user.id))[0]).toMatchObject({
      payoutsEnabled: false,
      disabledReason: "requirements.past_due",
      requirementsDue: ["individual.id_number"],
    });
    const page = await (await call("/consultant/payouts", { cookie: me.token })).text();
    expect(page).toContain("Payouts disabled");
    expect(page).toContain("Reason: Required details are past due.");
    expect(page).toContain(CONTINUE_SET_UP_BUTTON);

    const stranger = accountUpdated(accountObject("acct_someone_else", { payouts: true, submitted: true }), now);
    const foreign = await signedEvent(stranger, LOCAL_CONNECT_SECRET);
    expect((await deliverConnect(foreign.body, foreign.header)).status).toBe(200);
    const [ignored] = await db().select().from(stripeEvents).where(eq(stripeEvents.id, stranger.id));
    expect(ignored!.outcome).toBe("ignored");

    const other = {
      ...accountUpdated(accountObject(accountId, { payouts: true, submitted: true })),
      type: "capability.updated",
    };
    const otherType = await signedEvent(other, LOCAL_CONNECT_SECRET);
    expect((await deliverConnect(otherType.body, otherType.header)).status).toBe(200);
    expect((await db().select().from(stripeEvents).where(eq(stripeEvents.id, other.id)))[0]!.outcome).toBe("ignored");
  });

  it("answers 500 and gives the change back when reacting to payouts enabled fails, so Stripe's retry runs it once", async () => {
    const me = await consultant();
    const accountId = await setUpLocally(me.token);
    const trigger = `fail_payouts_notice_${me.user.id.replace(/[^a-zA-Z0-9]/g, "_")}`;
    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON notifications WHEN NEW.user_id = '${me.user.id}' AND NEW.kind = 'payouts_enabled' BEGIN SELECT RAISE(ABORT, 'notifications are down'); END;`,
    );
    const event = accountUpdated(accountObject(accountId, { payouts: true, submitted: true }));
    const signed = await signedEvent(event, LOCAL_CONNECT_SECRET);
    const failed = await deliverConnect(signed.body, signed.header);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ msg: "The event could not be processed; please retry." });
    expect((await accountRows(me.user.id))[0]).toMatchObject({ payoutsEnabled: false, detailsSubmitted: true });
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);

    await env.DB.exec(`DROP TRIGGER ${trigger};`);
    const retried = await deliverConnect(signed.body, signed.header);
    expect(retried.status).toBe(200);
    expect((await accountRows(me.user.id))[0]!.payoutsEnabled).toBe(true);
    expect(await payoutNotices(me.user.id)).toHaveLength(1);
  });

  it("is accepted cross-site (Stripe posts it without an Origin) and answers GET with 405", async () => {
    const response = await call("/api/payments/connect-webhook");
    expect(response.status).toBe(405);
  });
});

describe("Stripe mode (the loopback stub)", () => {
  it("creates one Express account with the per-consultant Idempotency-Key and sends the consultant to the account link", async () => {
    const me = await consultant();
    const [a, b] = await Promise.all([
      stubCall("/consultant/payouts", { form: { intent: "setup" }, cookie: me.token }),
      stubCall("/consultant/payouts", { form: { intent: "setup" }, cookie: me.token }),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    const rows = await accountRows(me.user.id);
    expect(rows).toHaveLength(1);
    const accountId = rows[0]!.stripeAccountId;
    expect(accountId).toMatch(/^acct_stub_/);
    expect(a.headers.get("Location")).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${accountId}/`));

    const requests = await stripeRequests();
    const creates = requests.filter(
      (r) => r.path === "/v1/accounts" && r.form["metadata[consultantUserId]"] === me.user.id,
    );
    expect(creates.length).toBeGreaterThanOrEqual(1);
    for (const create of creates) {
      expect(create.idempotencyKey).toBe(`connect-account-${me.user.id}`);
      expect(create.form).toMatchObject({
        type: "express",
        country: "US",
        email: me.user.email,
        "capabilities[transfers][requested]": "true",
      });
    }
    const links = requests.filter((r) => r.path === "/v1/account_links" && r.form.account === accountId);
    expect(links).toHaveLength(2);
    expect(links[0]!.form).toMatchObject({
      type: "account_onboarding",
      refresh_url: `${ORIGIN}/consultant/payouts/refresh`,
      return_url: `${ORIGIN}/consultant/payouts/return`,
    });

    // Back from onboarding before any event: the return reads the account from Stripe.
    const dashboardEarly = await stubCall("/consultant/payouts", { form: { intent: "dashboard" }, cookie: me.token });
    expect(dashboardEarly.status).toBe(409);
    await setStubAccount(accountId, {
      details_submitted: true,
      payouts_enabled: true,
      charges_enabled: true,
      currently_due: [],
      disabled_reason: null,
    });
    const back = await stubCall("/consultant/payouts/return", { cookie: me.token });
    expect(back.status).toBe(303);
    expect((await accountRows(me.user.id))[0]).toMatchObject({ detailsSubmitted: true, payoutsEnabled: true });
    expect(await payoutNotices(me.user.id)).toHaveLength(1);

    // The account.updated that follows (sent before the read) is older and changes nothing more.
    const event = accountUpdated(
      accountObject(accountId, { payouts: true, submitted: true }),
      Math.floor(Date.now() / 1000) - 30,
    );
    const signed = await signedEvent(event, STRIPE_STUB_CONNECT_WEBHOOK_SECRET);
    expect((await deliverConnect(signed.body, signed.header, true)).status).toBe(200);
    const withPaymentsSecret = await signedEvent(event, STRIPE_STUB_WEBHOOK_SECRET);
    expect((await deliverConnect(withPaymentsSecret.body, withPaymentsSecret.header, true)).status).toBe(400);
    expect(await payoutNotices(me.user.id)).toHaveLength(1);

    const dashboard = await stubCall("/consultant/payouts", { form: { intent: "dashboard" }, cookie: me.token });
    expect(dashboard.status).toBe(303);
    expect(dashboard.headers.get("Location")).toMatch(
      new RegExp(`^https://connect\\.stripe\\.test/express/${accountId}/`),
    );

    const refresh = await stubCall("/consultant/payouts/refresh", { cookie: me.token });
    expect(refresh.status).toBe(303);
    expect(refresh.headers.get("Location")).toMatch(
      new RegExp(`^https://connect\\.stripe\\.test/setup/e/${accountId}/`),
    );
  });

  it("shows a readable message and records nothing when Stripe fails", async () => {
    const me = await consultant();
    await failNextStripeCalls(2, 500);
    const response = await stubCall("/consultant/payouts", { form: { intent: "setup" }, cookie: me.token });
    expect(response.status).toBe(502);
    expect(await response.text()).toContain(html(PAYOUTS_START_FAILED_MESSAGE));
    expect(await accountRows(me.user.id)).toEqual([]);
  });

  it("never stores a local test object in Stripe mode", async () => {
    const me = await consultant();
    await stubCall("/consultant/payouts", { form: { intent: "setup" }, cookie: me.token });
    const [row] = await accountRows(me.user.id);
    const local = await db().select().from(localStripeObjects).where(eq(localStripeObjects.id, row!.stripeAccountId));
    expect(local).toEqual([]);
    expect((await stubCall(`/test-onboarding/${row!.stripeAccountId}`, { cookie: me.token })).status).toBe(404);
  });
});
