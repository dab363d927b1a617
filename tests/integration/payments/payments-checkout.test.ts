import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, deliveryItems, deliveryOutlines, insightRequests, matchRequests, purchases } from "~db/schema";
import worker from "../../../functions/worker";
import {
  failNextStripeCalls,
  payStubSession,
  stripeEnv,
  stripeRequests,
  type StripeStubRequest,
  db,
  html,
  ORIGIN,
  SESSION_COOKIE,
} from "../helpers";
import { signedInClient } from "../../factories";

const START_FAILED = "We couldn't start the payment. Please try again in a few minutes.";
const NOT_COMPLETED = { msg: "Payment has not been completed." };

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
    expect(customerCalls[0].authorization).toBe("Bearer sk_test_stub");

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
    expect(sessions[0].idempotencyKey).toMatch(new RegExp(`^sub-${business.id}-PREMIUM_PLAN_YEARLY-\\d+$`));
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

  it("reuses the customer on a second checkout, and a double click reuses the purchase and idempotency key", async () => {
    const { token, business } = await signedInClient();
    const a = await checkout(token, "STANDARD_PLAN_MONTHLY");
    const b = await checkout(token, "STANDARD_PLAN_MONTHLY");
    const c = await checkout(token, "PREMIUM_PLAN_MONTHLY");
    expect([a.status, b.status, c.status]).toEqual([303, 303, 303]);
    expect(b.headers.get("Location")).toBe(a.headers.get("Location"));

    const customerId = (await businessRow(business.id)).stripeCustomerId;
    const all = await requestsFor(business.id, customerId);
    expect(all.filter((r) => r.path === "/v1/customers")).toHaveLength(1);
    const sessions = all.filter((r) => r.path === "/v1/checkout/sessions");
    expect(sessions).toHaveLength(3);
    expect(sessions.every((r) => r.form.customer === customerId)).toBe(true);
    expect(sessions[0].idempotencyKey).toBe(sessions[1].idempotencyKey);
    expect(sessions[2].idempotencyKey).not.toBe(sessions[0].idempotencyKey);
    expect(await purchasesOf(business.id)).toHaveLength(2);
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
    const { token, business } = await signedInClient();
    const customerId = `cus_portal_${crypto.randomUUID().slice(0, 8)}`;
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
  const id = crypto.randomUUID();
  await db()
    .insert(insightRequests)
    .values({ id, businessId, category: "strategy", statusText: "Awaiting payment", paymentComplete });
  return id;
}

async function createItem(businessId: string, priceCents = 125_000) {
  const match = { id: crypto.randomUUID(), businessId, category: "strategy" as const, statusText: "Engagement active" };
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
    const { token, business } = await signedInClient();
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
