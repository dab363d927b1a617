import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvents,
  businesses,
  deliveryItems,
  deliveryOutlines,
  insightRequests,
  matchRequests,
  purchases,
} from "~db/schema";
import worker from "../../../functions/worker";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { startOneOffCheckout, type CheckoutViewer } from "~/server/payments/checkout.server";
import {
  createStubCustomer,
  failNextStripeCalls,
  payStubSession,
  stripeEnv,
  stripeRequests,
  STRIPE_STUB_SECRET_KEY,
  stripeStubUrl,
  type StripeStubRequest,
  createInsightRequestRow,
  db,
  html,
  ORIGIN,
  SESSION_COOKIE,
} from "../helpers";
import { signedInClient } from "../../factories";

const START_FAILED = "We couldn't start the payment. Please try again in a few minutes.";
const NOT_COMPLETED = { msg: "Payment has not been completed." };
const CANCELED = "That checkout is canceled and can no longer be paid. You can choose a plan.";

/** A request through the real Worker entry with the env pointed at the Stripe stub. */
async function send(
  path: string,
  options: { token?: string; method?: string; json?: unknown; form?: Record<string, string> } = {},
) {
  const headers = new Headers({ Host: new URL(ORIGIN).host });
  if (options.token) headers.set("Cookie", `${SESSION_COOKIE}=${options.token}`);
  let body: string | undefined;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  }
  const method = options.method ?? (body !== undefined ? "POST" : "GET");
  if (method !== "GET") headers.set("Origin", ORIGIN);
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], stripeEnv(env) as typeof env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const checkout = (token: string | undefined, lookupKey: string) =>
  send("/api/payments/create-checkout-session", { token, form: { lookup_key: lookupKey } });

async function businessRow(id: string) {
  const [row] = await db().select().from(businesses).where(eq(businesses.id, id));
  return row;
}

async function purchasesOf(businessId: string) {
  return db().select().from(purchases).where(eq(purchases.businessId, businessId));
}

/** The stub requests that mention this business (client_reference_id, metadata or customer). */
async function requestsFor(businessId: string, customerId?: string | null): Promise<StripeStubRequest[]> {
  return (await stripeRequests()).filter(
    (r) =>
      r.form.client_reference_id === businessId ||
      r.form["metadata[businessId]"] === businessId ||
      (customerId != null && r.form.customer === customerId),
  );
}

const sessionIdOf = (location: string) => location.split("/").pop()!;

/** The business's audit events (docs/decisions/065) of the payment and the membership. */
async function paymentAudit(businessId: string) {
  return db()
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.businessId, businessId))
    .then((rows) => rows.filter((row) => ["payment.completed", "membership.changed"].includes(row.action)));
}

describe("POST /api/payments/create-checkout-session (Stripe)", () => {
  it("creates the customer once and a trial subscription checkout with the business named, then 303s to it", async () => {
    const { token, business } = await signedInClient();
    const first = await checkout(token, "PREMIUM_PLAN_YEARLY");
    expect(first.status).toBe(303);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_stub_/);

    const row = await businessRow(business.id);
    expect(row.stripeCustomerId).toMatch(/^cus_stub_/);
    const customerCalls = (await stripeRequests()).filter(
      (r) => r.path === "/v1/customers" && r.form["metadata[businessId]"] === business.id,
    );
    expect(customerCalls).toHaveLength(1);
    expect(customerCalls[0].idempotencyKey).toBe(`customer-${business.id}`);
    expect(customerCalls[0].authorization).toBe(`Bearer ${STRIPE_STUB_SECRET_KEY}`);

    const sessions = (await requestsFor(business.id)).filter((r) => r.path === "/v1/checkout/sessions");
    expect(sessions).toHaveLength(1);
    const form = sessions[0].form;
    expect(form.mode).toBe("subscription");
    expect(form["subscription_data[trial_period_days]"]).toBe("7");
    expect(form.customer).toBe(row.stripeCustomerId);
    expect(form.client_reference_id).toBe(business.id);
    expect(form["metadata[businessId]"]).toBe(business.id);
    expect(form["metadata[kind]"]).toBe("subscription");
    expect(form.success_url).toBe(`${ORIGIN}/paymentStatus?success=true&session_id={CHECKOUT_SESSION_ID}`);
    expect(form.cancel_url).toBe(`${ORIGIN}/paymentStatus?canceled=true&purchaseType=plan`);
    expect(form["line_items[0][price]"]).toBeTruthy();
    // The purchase's own key (one open checkout per business, ADR 010), not a time window's.
    expect(sessions[0].idempotencyKey).toMatch(new RegExp(`^sub-${business.id}-PREMIUM_PLAN_YEARLY-[0-9a-f-]{36}$`));
    // The price was found by its lookup key.
    const priceLookups = (await stripeRequests()).filter(
      (r) => r.path === "/v1/prices" && JSON.stringify(r.query).includes("PREMIUM_PLAN_YEARLY"),
    );
    expect(priceLookups.length).toBeGreaterThan(0);

    const [purchase] = await purchasesOf(business.id);
    expect(purchase).toMatchObject({
      kind: "subscription",
      referenceId: "PREMIUM_PLAN_YEARLY",
      amountCents: 44_700 * 12,
      status: "pending",
      stripeCheckoutSessionId: sessionIdOf(location),
    });
    // Nothing is granted until Stripe says so.
    expect(row.memberTier).toBe("BASIC");
  });

  it("one open plan checkout: the same plan reuses it, another plan is refused with words, and cancelling it expires it at Stripe", async () => {
    const { token, business } = await signedInClient();
    const a = await checkout(token, "STANDARD_PLAN_MONTHLY");
    const b = await checkout(token, "STANDARD_PLAN_MONTHLY");
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(b.headers.get("Location")).toBe(a.headers.get("Location"));
    const first = sessionIdOf(a.headers.get("Location")!);

    // A second plan while the first one's checkout is open: both could be paid, so it is refused.
    const c = await checkout(token, "PREMIUM_PLAN_MONTHLY");
    expect(c.status).toBe(303);
    expect(c.headers.get("Location")).toBe("/plan-select?notice=checkout-open");
    const refused = await (await send("/plan-select?notice=checkout-open", { token })).text();
    expect(refused).toContain(
      html("You already started a checkout for the STARTER plan. Continue it, or cancel it to choose another plan."),
    );
    expect(refused).toMatch(/role="alert"[^>]*><p>You already started a checkout/);
    expect(refused).toContain("Continue that checkout");
    expect(refused).toContain('name="lookup_key" value="STANDARD_PLAN_MONTHLY"');
    expect(refused).toContain("Cancel that checkout");

    const customerId = (await businessRow(business.id)).stripeCustomerId;
    const all = await requestsFor(business.id, customerId);
    expect(all.filter((r) => r.path === "/v1/customers")).toHaveLength(1);
    expect(all.filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(1);
    expect(await purchasesOf(business.id)).toHaveLength(1);

    const canceled = await send("/plan-select", { token, form: { intent: "cancel-checkout" } });
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get("Location")).toBe("/plan-select?notice=checkout-canceled");
    const expired = (await stripeRequests()).filter((r) => r.path === `/v1/checkout/sessions/${first}/expire`);
    expect(expired).toHaveLength(1);
    expect((await purchasesOf(business.id)).map((p) => p.status)).toEqual(["canceled"]);
    // Stripe's page can no longer take the payment.
    await expect(payStubSession(first)).rejects.toThrow(/answered 400/);
    const after = await (await send("/plan-select?notice=checkout-canceled", { token })).text();
    expect(after).toContain(html("That checkout is canceled and can no longer be paid. You can choose a plan."));

    const d = await checkout(token, "PREMIUM_PLAN_MONTHLY");
    expect(d.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_stub_/);
    expect(d.headers.get("Location")).not.toBe(a.headers.get("Location"));
    const sessions = (await requestsFor(business.id, customerId)).filter((r) => r.path === "/v1/checkout/sessions");
    expect(sessions).toHaveLength(2);
    expect(sessions[1].idempotencyKey).not.toBe(sessions[0].idempotencyKey);
    expect((await purchasesOf(business.id)).map((p) => p.status).sort()).toEqual(["canceled", "pending"]);
  });

  it("'Cancel that checkout' cancels only the session's own: another business, a signed-out visitor or a bad request leave it open, and one paid meanwhile is not called canceled", async () => {
    const owner = await signedInClient();
    const opened = await checkout(owner.token, "STANDARD_PLAN_MONTHLY");
    const sessionId = sessionIdOf(opened.headers.get("Location")!);
    const [open] = await purchasesOf(owner.business.id);
    const expireCalls = async () =>
      (await stripeRequests()).filter((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`);
    const cancel = (token: string | undefined, form: Record<string, string> = {}) =>
      send("/plan-select", { token, form: { intent: "cancel-checkout", ...form } });

    // Another business, naming the owner's business and purchase: it has no checkout of its own,
    // so nothing is canceled and it is not told that something was.
    const other = await signedInClient();
    const theirs = await cancel(other.token, { businessId: owner.business.id, purchaseId: open!.id });
    expect(theirs.status).toBe(303);
    expect(theirs.headers.get("Location")).toBe("/plan-select");
    const otherPage = await (await send(theirs.headers.get("Location")!, { token: other.token })).text();
    expect(otherPage).not.toContain(html(CANCELED));
    // Signed out: the login screen.
    const anonymous = await cancel(undefined);
    expect([anonymous.status, anonymous.headers.get("Location")]).toEqual([302, "/"]);
    // A garbled intent or another method: refused with the house's words.
    const garbled = await send("/plan-select", { token: owner.token, form: { intent: "cancel" } });
    expect(garbled.status).toBe(400);
    expect(await garbled.text()).toContain(html("We couldn't handle that request"));
    const put = await send("/plan-select", { token: owner.token, method: "PUT", form: { intent: "cancel-checkout" } });
    expect(put.status).toBe(405);
    // Nothing was expired: the checkout is still open and the owner's page still offers it.
    expect(await expireCalls()).toEqual([]);
    expect((await purchasesOf(owner.business.id)).map((p) => p.status)).toEqual(["pending"]);
    expect(await (await send("/plan-select", { token: owner.token })).text()).toContain(
      html("You already started a checkout for the STARTER plan."),
    );

    // Paid meanwhile (its webhook not in yet): the owner's cancel finds it paid and fulfils it; the
    // page says the plan the business has, not that the checkout was canceled.
    await payStubSession(sessionId, "no_payment_required");
    const late = await cancel(owner.token);
    expect(late.status).toBe(303);
    expect(late.headers.get("Location")).toBe("/plan-select");
    expect(await businessRow(owner.business.id)).toMatchObject({
      memberTier: "STANDARD",
      subscriptionStatus: "trialing",
    });
    expect((await purchasesOf(owner.business.id)).map((p) => p.status)).toEqual(["paid"]);
    const page = await (await send(late.headers.get("Location")!, { token: owner.token })).text();
    expect(page).toContain(html("Your business already has the STARTER plan."));
    expect(page).not.toContain(html(CANCELED));
  });

  it("a business with a live subscription is refused a second one and told to switch in the billing portal", async () => {
    const { token, business } = await signedInClient();
    const customerId = `cus_live_${crypto.randomUUID().slice(0, 8)}`;
    await db()
      .update(businesses)
      .set({
        memberTier: "STANDARD",
        stripeCustomerId: customerId,
        subscriptionId: `sub_live_${crypto.randomUUID().slice(0, 8)}`,
        subscriptionStatus: "trialing",
      })
      .where(eq(businesses.id, business.id));
    const response = await checkout(token, "PREMIUM_PLAN_YEARLY");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/plan-select?notice=subscription-live");
    expect(await requestsFor(business.id, customerId)).toEqual([]);
    expect(await purchasesOf(business.id)).toEqual([]);

    const page = await (await send("/plan-select?notice=subscription-live", { token })).text();
    const words = html(
      "Your business already has the STARTER plan. To switch plans, use the billing portal (Manage billing): your subscription changes there, so you are never billed twice.",
    );
    expect(page).toContain(words);
    expect(page).toMatch(/role="alert"[^>]*><p>Your business already has the STARTER plan/);
    expect(page).toMatch(/<form method="post" action="\/api\/payments\/create-portal-session">/);
    expect(page).toContain(">Manage billing</button>");
    // Without the refusal the page still says it, as a status.
    const plain = await (await send("/plan-select", { token })).text();
    expect(plain).toContain(words);
    expect(plain).toMatch(/role="status"[^>]*><p>Your business already has the STARTER plan/);
  });

  it("an open plan checkout found paid (its webhook not in yet) is fulfilled, and a second plan is refused", async () => {
    const { token, business } = await signedInClient();
    const a = await checkout(token, "STANDARD_PLAN_YEARLY");
    const first = sessionIdOf(a.headers.get("Location")!);
    await payStubSession(first, "no_payment_required");
    const b = await checkout(token, "PREMIUM_PLAN_YEARLY");
    expect(b.headers.get("Location")).toBe("/plan-select?notice=subscription-live");
    expect(await businessRow(business.id)).toMatchObject({ memberTier: "STANDARD", subscriptionStatus: "trialing" });
    expect((await purchasesOf(business.id)).map((p) => p.status)).toEqual(["paid"]);
    const customerId = (await businessRow(business.id)).stripeCustomerId;
    expect((await requestsFor(business.id, customerId)).filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(
      1,
    );
  });

  it("refuses an unknown lookup key with 400 and sends nothing to Stripe", async () => {
    const { token, business } = await signedInClient();
    for (const key of ["BASIC_PLAN_MONTHLY", "PREMIUM_PLAN_WEEKLY", ""]) {
      const response = await checkout(token, key);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(
        "That plan doesn't exist. Choose a plan on the plan selection page.",
      );
    }
    expect(await requestsFor(business.id)).toEqual([]);
    expect(await purchasesOf(business.id)).toEqual([]);
    expect((await businessRow(business.id)).stripeCustomerId).toBeNull();
  });

  it("needs a session", async () => {
    const response = await checkout(undefined, "PREMIUM_PLAN_YEARLY");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "You are not signed in." });
  });

  it("Stripe down: back to the plan page with a readable error, the purchase marked failed", async () => {
    const { token, business } = await signedInClient();
    // Create the customer first so the failure hits the Checkout Session call.
    await checkout(token, "STANDARD_PLAN_YEARLY");
    await db().delete(purchases).where(eq(purchases.businessId, business.id));
    // The SDK retries once: two failures fail one call (the price lookup).
    await failNextStripeCalls(2, 500);
    const response = await checkout(token, "PREMIUM_PLAN_YEARLY");
    await failNextStripeCalls(0);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/plan-select?notice=payment-failed");
    const rows = await purchasesOf(business.id);
    expect(rows.map((p) => p.status)).toEqual(["failed"]);
    expect(rows[0].stripeCheckoutSessionId).toBeNull();

    const page = await send("/plan-select?notice=payment-failed", { token });
    expect(await page.text()).toContain(html(START_FAILED));
  });
});

describe("POST /api/payments/create-portal-session", () => {
  it("sends BASIC members to /plan-select without calling Stripe", async () => {
    const { token, business } = await signedInClient();
    const response = await send("/api/payments/create-portal-session", { token, form: { session_id: "cus_forged" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/plan-select");
    expect(await requestsFor(business.id, "cus_forged")).toEqual([]);
  });

  it("sends a paid tier to its own customer's portal, returning to the Account tab", async () => {
    const { token, business, user } = await signedInClient();
    const customerId = await createStubCustomer(user.email);
    await db()
      .update(businesses)
      .set({ memberTier: "PREMIUM", stripeCustomerId: customerId })
      .where(eq(businesses.id, business.id));
    const response = await send("/api/payments/create-portal-session", {
      token,
      form: { session_id: "cus_someone_else" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_stub_/);
    const calls = (await stripeRequests()).filter(
      (r) => r.path === "/v1/billing_portal/sessions" && r.form.customer === customerId,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].form.return_url).toBe(`${ORIGIN}/company-profile?tab=account`);
  });

  it("needs a session", async () => {
    const response = await send("/api/payments/create-portal-session", { form: { session_id: "x" } });
    expect(response.status).toBe(401);
  });
});

describe("/paymentStatus", () => {
  it("fulfils a paid subscription session once and shows the completion card", async () => {
    const { token, business } = await signedInClient();
    const started = await checkout(token, "PREMIUM_PLAN_YEARLY");
    const sessionId = sessionIdOf(started.headers.get("Location")!);

    const early = await send(`/paymentStatus?success=true&session_id=${sessionId}`, { token });
    expect(early.status).toBe(200);
    const earlyHtml = await early.text();
    expect(earlyHtml).not.toContain("Congratulations!");
    expect((await businessRow(business.id)).memberTier).toBe("BASIC");

    await payStubSession(sessionId, "no_payment_required");
    const page = await send(`/paymentStatus?success=true&session_id=${sessionId}`, { token });
    const text = await page.text();
    expect(text).toContain("Congratulations!");
    expect(text).toContain(html("You've updated your subscription plan!"));
    expect(text).toContain("SCALE");
    // A business whose profile is incomplete goes on with its sign-up flow (ADR 050).
    expect(text).toMatch(/href="\/profile-progress"[^>]*>Next</);
    const row = await businessRow(business.id);
    expect(row.memberTier).toBe("PREMIUM");
    const [purchase] = await purchasesOf(business.id);
    expect(purchase.status).toBe("paid");
    const paidAt = purchase.paidAt!.getTime();

    // Reloading fulfils nothing more.
    await send(`/paymentStatus?success=true&session_id=${sessionId}`, { token });
    const [again] = await purchasesOf(business.id);
    expect(again.paidAt!.getTime()).toBe(paidAt);
    // The plan's start is recorded once; its free trial charged nothing, so no payment is.
    expect(await paymentAudit(business.id)).toEqual([
      expect.objectContaining({
        action: "membership.changed",
        actorKind: "system",
        detail: { memberTier: ["BASIC", "PREMIUM"], subscriptionStatus: [null, "trialing"] },
      }),
    ]);
  });

  it("does not fulfil another business's session", async () => {
    const owner = await signedInClient();
    const started = await checkout(owner.token, "STANDARD_PLAN_MONTHLY");
    const sessionId = sessionIdOf(started.headers.get("Location")!);
    await payStubSession(sessionId, "no_payment_required");
    const other = await signedInClient();
    const page = await send(`/paymentStatus?success=true&session_id=${sessionId}`, { token: other.token });
    expect(await page.text()).not.toContain("Congratulations!");
    expect((await businessRow(other.business.id)).memberTier).toBe("BASIC");
    expect((await purchasesOf(owner.business.id))[0].status).toBe("pending");
  });

  it("shows 'Order Canceled' with the message of each purchaseType", async () => {
    const { token } = await signedInClient();
    const messages = {
      plan: "You can change your plan in the Company Profile at any time!",
      insight: "You can request an insight from the dashboard at any time!",
      benchmarking: "You can unlock the power of Partwise Benchmarking at any time!",
      deliveryItem: "You can continue your engagement plan at any time!",
    };
    for (const [type, message] of Object.entries(messages)) {
      const page = await send(`/paymentStatus?canceled=true&purchaseType=${type}`, { token });
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain("Order Canceled");
      expect(text).toContain(html(message));
    }
  });

  it("sends anything else to /plan-select, and no session to /", async () => {
    const { token } = await signedInClient();
    for (const query of ["", "?canceled=true", "?canceled=true&purchaseType=gold", "?success=true"]) {
      const response = await send(`/paymentStatus${query}`, { token });
      expect(response.status, query).toBe(302);
      expect(response.headers.get("Location")).toBe("/plan-select");
    }
    const anonymous = await send("/paymentStatus?success=true&session_id=cs_x");
    expect(anonymous.headers.get("Location")).toBe("/");
  });
});

async function createInsight(businessId: string, paymentComplete = false) {
  const { id } = await createInsightRequestRow(businessId, { category: "strategy", paymentComplete });
  return id;
}

async function createItem(businessId: string, priceCents = 125_000) {
  const match = { id: crypto.randomUUID(), businessId, category: "strategy" as const };
  await db().insert(matchRequests).values(match);
  // A plan the business signed: only then is its first item offered for prepayment.
  const outline = {
    id: crypto.randomUUID(),
    matchRequestId: match.id,
    businessId,
    state: "active" as const,
    egmReviewStatus: "approved" as const,
    businessReviewStatus: "approved" as const,
    signedVersion: 1,
  };
  await db().insert(deliveryOutlines).values(outline);
  const item = {
    id: crypto.randomUUID(),
    outlineId: outline.id,
    businessId,
    position: 0,
    title: "Pricing review",
    deliveryDate: "2026-12-01",
    priceCents,
  };
  await db().insert(deliveryItems).values(item);
  return { outlineId: outline.id, itemId: item.id };
}

describe("one-off checkouts", () => {
  it("insight: the server's amount, the success URL naming the insight, then successful-payment only once paid", async () => {
    const { token, business, user } = await signedInClient();
    const insightId = await createInsight(business.id);

    const refused = await send("/api/insight/insightRequest/successful-payment", {
      token,
      method: "PUT",
      json: { insightId },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(NOT_COMPLETED);

    const response = await send("/api/payments/create-insight-checkout", {
      token,
      json: { businessId: business.id, insightId, amountCents: 1 },
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const [call] = (await requestsFor(business.id)).filter((r) => r.path === "/v1/checkout/sessions");
    expect(call.form.mode).toBe("payment");
    expect(call.form["line_items[0][price_data][unit_amount]"]).toBe("49500");
    expect(call.form.success_url).toBe(
      `${ORIGIN}/insight-payment-success?session_id={CHECKOUT_SESSION_ID}&insightId=${insightId}`,
    );
    expect(call.form.cancel_url).toBe(`${ORIGIN}/paymentStatus?canceled=true&purchaseType=insight`);

    const stillRefused = await send("/api/insight/insightRequest/successful-payment", {
      token,
      method: "PUT",
      json: { insightId },
    });
    expect(stillRefused.status).toBe(409);
    const [unpaid] = await db().select().from(insightRequests).where(eq(insightRequests.id, insightId));
    expect(unpaid.paymentComplete).toBe(false);

    await payStubSession(sessionIdOf(url));
    const ok = await send("/api/insight/insightRequest/successful-payment", {
      token,
      method: "PUT",
      json: { insightId },
    });
    expect(ok.status).toBe(200);
    const answered = (await ok.json()) as {
      _id: string;
      events: { insights: { insightId: string; value: string; completed: boolean }[] };
    };
    expect(answered._id).toBe(business.id);
    // The business is read after the payment: its insight event already says so.
    expect(answered.events.insights).toEqual([
      expect.objectContaining({
        insightId,
        value: expect.stringContaining("payment was successful"),
        completed: false,
      }),
    ]);
    const [paid] = await db().select().from(insightRequests).where(eq(insightRequests.id, insightId));
    expect(paid.paymentComplete).toBe(true);

    const page = await send(`/insight-payment-success?session_id=${sessionIdOf(url)}&insightId=${insightId}`, {
      token,
    });
    const text = await page.text();
    expect(text).toContain("Congratulations!");
    expect(text).toContain("Preparing your Insight request.");
    expect(text).toContain('href="/features"');

    const again = await send("/api/payments/create-insight-checkout", {
      token,
      json: { businessId: business.id, insightId },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ msg: "This insight is already paid." });
    // The payment, once (the confirmation and the success page both fulfilled), by the client who
    // started the checkout, with the amount and what it bought.
    const [purchase] = await purchasesOf(business.id);
    expect(await paymentAudit(business.id)).toEqual([
      expect.objectContaining({
        action: "payment.completed",
        actorUserId: user.id,
        actorKind: "client",
        subjectType: "purchase",
        subjectId: purchase.id,
        detail: { amountCents: 49_500, purchase: "Insight request: Strategy" },
      }),
    ]);
  });

  it("insight: another business's insight or business id → 404 and nothing sent", async () => {
    const owner = await signedInClient();
    const insightId = await createInsight(owner.business.id);
    const { token, business } = await signedInClient();
    const foreignInsight = await send("/api/payments/create-insight-checkout", {
      token,
      json: { businessId: business.id, insightId },
    });
    expect(foreignInsight.status).toBe(404);
    const foreignBusiness = await send("/api/payments/create-insight-checkout", {
      token,
      json: { businessId: owner.business.id, insightId },
    });
    expect(foreignBusiness.status).toBe(404);
    expect(await foreignBusiness.json()).toEqual({ msg: "Business not found." });
    const confirm = await send("/api/insight/insightRequest/successful-payment", {
      token,
      method: "PUT",
      json: { insightId },
    });
    expect(confirm.status).toBe(404);
    expect(await requestsFor(business.id)).toEqual([]);
    expect(await purchasesOf(business.id)).toEqual([]);
    const malformed = await send("/api/payments/create-insight-checkout", { token, json: { businessId: business.id } });
    expect(malformed.status).toBe(400);
    const anonymous = await send("/api/payments/create-insight-checkout", {
      json: { businessId: business.id, insightId },
    });
    expect(anonymous.status).toBe(401);
  });

  it("delivery item: its stored price, then change-active-item only with its paid session", async () => {
    const { token, business } = await signedInClient();
    const { outlineId, itemId } = await createItem(business.id, 125_000);
    const response = await send("/api/payments/create-item-session", {
      token,
      json: { deliveryItemId: itemId, deliveryOutlineId: outlineId },
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const sessionId = sessionIdOf(url);
    const [call] = (await requestsFor(business.id)).filter((r) => r.path === "/v1/checkout/sessions");
    expect(call.form["line_items[0][price_data][unit_amount]"]).toBe("125000");
    expect(call.form.success_url).toBe(
      `${ORIGIN}/delivery-item-payment-success?success=true&session_id={CHECKOUT_SESSION_ID}&itemId=${itemId}&outlineId=${outlineId}`,
    );

    const body = { deliveryItemId: itemId, deliveryOutlineId: outlineId, sessionId };
    const refused = await send("/api/delivery-outline/change-active-item", { token, method: "PUT", json: body });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(NOT_COMPLETED);
    const forged = await send("/api/delivery-outline/change-active-item", {
      token,
      method: "PUT",
      json: { ...body, sessionId: "cs_forged" },
    });
    expect(forged.status).toBe(404);
    const [before] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outlineId));
    expect(before.activeItemId).toBeNull();

    await payStubSession(sessionId);
    const ok = await send("/api/delivery-outline/change-active-item", { token, method: "PUT", json: body });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ _id: outlineId, activeItem: itemId });
    const [item] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, itemId));
    expect(item.paidPurchaseId).not.toBeNull();

    const page = await send(
      `/delivery-item-payment-success?success=true&session_id=${sessionId}&itemId=${itemId}&outlineId=${outlineId}`,
      {
        token,
      },
    );
    expect(await page.text()).toContain("Your consultant is working on solving your issue and will touch base soon!");

    const again = await send("/api/payments/create-item-session", {
      token,
      json: { deliveryItemId: itemId, deliveryOutlineId: outlineId },
    });
    expect(again.status).toBe(409);
  });

  it("delivery item: another business's item → 404 and nothing recorded", async () => {
    const owner = await signedInClient();
    const { outlineId, itemId } = await createItem(owner.business.id);
    const { token, business } = await signedInClient();
    const response = await send("/api/payments/create-item-session", {
      token,
      json: { deliveryItemId: itemId, deliveryOutlineId: outlineId },
    });
    expect(response.status).toBe(404);
    expect(await purchasesOf(business.id)).toEqual([]);
    expect(await purchasesOf(owner.business.id)).toEqual([]);
  });

  it("benchmarking: this year's purchase at the server's price, 409 once bought, 404 for another business", async () => {
    const { token, business } = await signedInClient();
    const response = await send("/api/payments/update-business-benchmarking", {
      token,
      method: "PUT",
      json: { businessId: business.id },
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { _id: string; url: string };
    expect(answer._id).toBe(business.id);
    const [call] = (await requestsFor(business.id)).filter((r) => r.path === "/v1/checkout/sessions");
    expect(call.form["line_items[0][price_data][unit_amount]"]).toBe("29900");
    expect(call.form.success_url).toBe(
      `${ORIGIN}/benchmarking-payment-success?businessId=${business.id}&session_id={CHECKOUT_SESSION_ID}`,
    );
    await payStubSession(sessionIdOf(answer.url));
    const page = await send(
      `/benchmarking-payment-success?businessId=${business.id}&session_id=${sessionIdOf(answer.url)}`,
      { token },
    );
    const text = await page.text();
    expect(text).toContain(html("You've unlocked Partwise Benchmarking!"));
    expect(text).toContain("View Benchmarking");

    const again = await send("/api/payments/update-business-benchmarking", {
      token,
      method: "PUT",
      json: { businessId: business.id },
    });
    expect(again.status).toBe(409);

    const other = await signedInClient();
    const foreign = await send("/api/payments/update-business-benchmarking", {
      token: other.token,
      method: "PUT",
      json: { businessId: business.id },
    });
    expect(foreign.status).toBe(404);
    const rows = await db()
      .select()
      .from(purchases)
      .where(and(eq(purchases.businessId, other.business.id), eq(purchases.kind, "benchmarking")));
    expect(rows).toEqual([]);
  });
});

describe("one open checkout per deliverable (issue #36)", () => {
  /** The Worker's AppContext against the Stripe stub, at the instant `at` (ms). */
  const appAt = (at: number) =>
    createAppContext(
      stripeEnv(env) as unknown as CloudflareBindings,
      () => {},
      () => new Date(at),
    );

  async function prepay() {
    const { user, business } = await signedInClient();
    const { outlineId, itemId } = await createItem(business.id, 50_000);
    const viewer = async (): Promise<CheckoutViewer> => ({
      user: { id: user.id, email: user.email, emailVerified: true },
      business: await businessRow(business.id),
    });
    const start = async (at: number) =>
      startOneOffCheckout(appAt(at), await viewer(), "delivery_item", { itemId, outlineId }, ORIGIN);
    return { business, itemId, start };
  }

  const sessionsOf = async (businessId: string) =>
    (await requestsFor(businessId)).filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
  const expiresOf = async (sessionId: string) =>
    (await stripeRequests()).filter((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`);

  it("a Prepay opened again 8 minutes later, across the old 10-minute window, reuses its one checkout", async () => {
    const { business, start } = await prepay();
    // 9 minutes into a 10-minute window, then 8 minutes later: the old idempotency window changed.
    const window = 10 * 60 * 1000;
    const first = Math.floor(Date.now() / window) * window + 9 * 60 * 1000;
    const a = await start(first);
    const b = await start(first + 8 * 60 * 1000);
    expect(a.ok && b.ok).toBe(true);
    expect(b).toEqual(a);
    expect(await sessionsOf(business.id)).toHaveLength(1);
    const rows = await purchasesOf(business.id);
    expect(rows.map((p) => [p.status, p.amountCents])).toEqual([["pending", 50_000]]);
    expect(rows[0].checkoutExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);

    // Only one of them can ever be paid: it is the same session.
    await payStubSession(sessionIdOf((a as { url: string }).url));
    const again = await start(first + 9 * 60 * 1000);
    expect(again).toEqual({ ok: false, status: 409, msg: "This deliverable is already paid." });
    expect((await purchasesOf(business.id)).map((p) => p.status)).toEqual(["paid"]);
    expect(await sessionsOf(business.id)).toHaveLength(1);
  });

  it("a changed price, or a checkout about to lapse, is expired through Stripe before another opens", async () => {
    const { business, itemId, start } = await prepay();
    const now = Date.now();
    const a = (await start(now)) as { url: string; purchaseId: string };
    await db().update(deliveryItems).set({ priceCents: 60_000 }).where(eq(deliveryItems.id, itemId));
    const b = (await start(now + 60_000)) as { url: string; purchaseId: string };
    expect(b.url).not.toBe(a.url);
    const first = sessionIdOf(a.url);
    expect(await expiresOf(first)).toHaveLength(1);
    await expect(payStubSession(first)).rejects.toThrow(/answered 400/);
    const byId = new Map((await purchasesOf(business.id)).map((p) => [p.id, p]));
    expect(byId.get(a.purchaseId)).toMatchObject({ status: "canceled", amountCents: 50_000 });
    expect(byId.get(b.purchaseId)).toMatchObject({ status: "pending", amountCents: 60_000 });

    // 20 minutes left to pay (less than the hour a reused checkout must have): replaced too.
    const second = sessionIdOf(b.url);
    await fetch(`${stripeStubUrl()}/__sessions/${second}`, {
      method: "PUT",
      body: JSON.stringify({ expires_at: Math.floor(Date.now() / 1000) + 20 * 60 }),
    });
    const c = (await start(now + 2 * 60_000)) as { url: string; purchaseId: string };
    expect(c.url).not.toBe(b.url);
    expect(await expiresOf(second)).toHaveLength(1);
    expect((await purchasesOf(business.id)).filter((p) => p.status === "pending").map((p) => p.id)).toEqual([
      c.purchaseId,
    ]);
    expect(await sessionsOf(business.id)).toHaveLength(3);
  });

  it("ten concurrent Prepay clicks record one purchase and one session", async () => {
    const { business, start } = await prepay();
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 10 }, () => start(now)));
    const urls = new Set(results.map((r) => (r.ok ? r.url : r.msg)));
    expect(urls.size).toBe(1);
    expect([...urls][0]).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(await purchasesOf(business.id)).toHaveLength(1);
    expect(new Set((await sessionsOf(business.id)).map((r) => r.idempotencyKey)).size).toBe(1);
  });
});

describe("PUT /api/payments/update-stripe-id", () => {
  it("confirms only the business's own stored customer", async () => {
    const { token, business } = await signedInClient();
    const none = await send("/api/payments/update-stripe-id", {
      token,
      method: "PUT",
      json: { businessId: business.id, stripeId: "cus_x" },
    });
    expect(none.status).toBe(409);
    expect((await businessRow(business.id)).stripeCustomerId).toBeNull();

    await checkout(token, "STANDARD_PLAN_MONTHLY");
    const stored = (await businessRow(business.id)).stripeCustomerId!;
    const same = await send("/api/payments/update-stripe-id", {
      token,
      method: "PUT",
      json: { businessId: business.id, stripeId: stored },
    });
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ _id: business.id, stripeId: stored });
    const different = await send("/api/payments/update-stripe-id", {
      token,
      method: "PUT",
      json: { businessId: business.id, stripeId: "cus_other" },
    });
    expect(different.status).toBe(409);
    expect((await businessRow(business.id)).stripeCustomerId).toBe(stored);

    const other = await signedInClient();
    const foreign = await send("/api/payments/update-stripe-id", {
      token: other.token,
      method: "PUT",
      json: { businessId: business.id, stripeId: "cus_other" },
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ msg: "Business not found." });
  });
});
