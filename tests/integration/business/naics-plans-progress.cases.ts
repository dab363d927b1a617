import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses } from "~db/schema";
import {
  forgetBusinessSubscription,
  recordPlanChoice,
  saveStripeCustomer,
  subscriptionHolder,
  writeBusinessSubscription,
} from "~/server/business/business-row.server";
import { call, connectAccounting, db, postForm, signedIn } from "../helpers";
import { createClient, signedInClient, signedInManager } from "../../factories";

const NAICS_FORMAT = { msg: "NAICS must be a 6-digit number" };
const NAICS_UNKNOWN = { msg: "That isn't a 2022 NAICS industry code. Use the NAICS lookup to find yours." };
const PAYMENT_FAILED = "We couldn&#x27;t start the payment. Please try again in a few minutes.";

async function planChosenAt(businessId: string) {
  const [row] = await db()
    .select({ at: businesses.planChosenAt })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row.at;
}

describe("GET /api/naics/{code}", () => {
  it("answers a 2022 six-digit industry with its title and sector, publicly cacheable", async () => {
    const response = await call("/api/naics/459110");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(await response.json()).toEqual({
      code: "459110",
      title: "Sporting Goods Retailers",
      sector: { code: "44-45", title: "Retail Trade" },
    });
  });

  it("answers 404 for a well-formed code that is not a 2022 industry (including retired 2017 codes)", async () => {
    for (const code of ["999999", "451110", "000000"]) {
      const response = await call(`/api/naics/${code}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(NAICS_UNKNOWN);
    }
  });

  it("answers 400 for anything that is not six digits", async () => {
    for (const code of ["45911", "4591100", "45911x", "44-45", "%20459110"]) {
      const response = await call(`/api/naics/${code}`);
      expect(response.status, code).toBe(400);
      expect(await response.json()).toEqual(NAICS_FORMAT);
    }
  });

  it("does not accept writes", async () => {
    const response = await call("/api/naics/459110", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET");
  });
});

describe("GET /api/naics/search", () => {
  it("suggests industries for everyday words, with the index entry that matched, publicly cacheable", async () => {
    const response = await call("/api/naics/search?q=coffee%20shop");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const body = (await response.json()) as {
      query: string;
      results: Array<Record<string, unknown>>;
      total: number;
      partial: boolean;
    };
    expect(body.query).toBe("coffee shop");
    expect(body.partial).toBe(false);
    expect(body.results[0]).toEqual({
      code: "722515",
      title: "Snack and Nonalcoholic Beverage Bars",
      sector: { code: "72", title: "Accommodation and Food Services" },
      match: "Coffee shops, on premise brewing",
    });
  });

  it("ranks the words a newcomer types", async () => {
    const expected: Record<string, string[]> = {
      bakery: ["311811", "445291"],
      "coffee shop": ["722515"],
      plumber: ["238220"],
      "hair salon": ["812112"],
      "marketing agency": ["541613", "541810"],
      "outdoor gear": ["459110"],
    };
    for (const [q, codes] of Object.entries(expected)) {
      const body = (await (await call(`/api/naics/search?q=${encodeURIComponent(q)}`)).json()) as {
        results: Array<{ code: string }>;
      };
      expect(codes, q).toContain(body.results[0]?.code);
    }
  });

  it("takes code digits and a limit", async () => {
    const body = (await (await call("/api/naics/search?q=4591&limit=2")).json()) as {
      results: Array<{ code: string; match: string | null }>;
      total: number;
    };
    expect(body.results.map((r) => r.code)).toEqual(["459110", "459120"]);
    expect(body.results[0].match).toBeNull();
    expect(body.total).toBe(4);
  });

  it("answers 400 with a message for a missing, too short or too long query or a bad limit", async () => {
    const cases: Array<[string, string]> = [
      ["/api/naics/search", "Type at least 2 characters to search."],
      ["/api/naics/search?q=", "Type at least 2 characters to search."],
      ["/api/naics/search?q=%20b%20", "Type at least 2 characters to search."],
      [`/api/naics/search?q=${"a".repeat(101)}`, "Search for at most 100 characters."],
      ["/api/naics/search?q=bakery&limit=0", "limit must be a whole number from 1 to 20."],
      ["/api/naics/search?q=bakery&limit=21", "limit must be a whole number from 1 to 20."],
      ["/api/naics/search?q=bakery&limit=ten", "limit must be a whole number from 1 to 20."],
    ];
    for (const [path, msg] of cases) {
      const response = await call(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ msg });
    }
  });

  it("answers an empty list, not an error, for words nothing matches", async () => {
    const response = await call("/api/naics/search?q=%3Czzq%3E%20qqqxx");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ query: "<zzq> qqqxx", results: [], total: 0, partial: true });
  });

  it("does not accept writes", async () => {
    const response = await call("/api/naics/search?q=bakery", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET");
  });
});

describe("/naics directory", () => {
  it("is public and explains NAICS with an empty search", async () => {
    const response = await call("/naics");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("NAICS code lookup");
    expect(html).toContain("Search by keyword or code");
    expect(html).toContain("What is NAICS?");
  });

  it("finds industries by words", async () => {
    const html = await (await call("/naics?q=sporting+goods")).text();
    expect(html).toContain("Sporting Goods Retailers");
    expect(html).toContain("459110");
    expect(html).toContain("Sporting and Athletic Goods Manufacturing");
    expect(html).not.toContain("Hobby, Toy, and Game Retailers");
  });

  it("finds industries by code prefix", async () => {
    const html = await (await call("/naics?q=4591")).text();
    expect(html).toContain("Sporting Goods Retailers");
    expect(html).toContain("Hobby, Toy, and Game Retailers");
    expect(html).toContain("4 industries match");
  });

  it("finds industries by the Census index entries and shows the entry that matched", async () => {
    const html = await (await call("/naics?q=coffee+shop")).text();
    expect(html).toContain("722515");
    expect(html).toContain("Snack and Nonalcoholic Beverage Bars");
    expect(html).toContain("Includes: Coffee shops, on premise brewing");
  });

  it("offers the closest industries when no industry has every word", async () => {
    const html = await (await call("/naics?q=marketing+agency")).text();
    expect(html).toContain("No industry matches every word of “marketing agency”. Closest matches");
    expect(html).toContain("Marketing Consulting Services");
  });

  it("says so when nothing matches", async () => {
    const html = await (await call("/naics?q=zzzqqq")).text();
    expect(html).toContain("No 2022 NAICS industries match");
  });
});

describe("/plan-select", () => {
  it("sends visitors without a session to the login screen and clients without a business to business details", async () => {
    const anonymous = await call("/plan-select");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");

    const { token } = await signedIn();
    const noBusiness = await call("/plan-select", { cookie: token });
    expect(noBusiness.status).toBe(302);
    expect(noBusiness.headers.get("Location")).toBe("/signup-business");
  });

  it("shows the three plans, monthly by default and yearly on request", async () => {
    const { token } = await signedInClient();
    const monthly = await (await call("/plan-select", { cookie: token })).text();
    for (const text of [
      "Best Plans for Business",
      "Save up to 20% when you pay yearly!",
      "BASIC",
      "STARTER",
      "SCALE",
      "Popular",
      "No credit card required",
      "Continue with Basic",
      "Start Free Trial",
      "Try for Free",
      "Try a 7-Day Free Trial!",
      "Current plan",
      "Includes 1 diagnostic insight per month",
      "Includes 2 diagnostic insights per month",
      'value="STANDARD_PLAN_MONTHLY"',
      'value="PREMIUM_PLAN_MONTHLY"',
      'action="/api/payments/create-checkout-session"',
    ]) {
      expect(monthly, text).toContain(text);
    }
    expect(monthly).toContain("$247");
    expect(monthly).toContain("$559");
    expect(monthly).not.toContain(PAYMENT_FAILED);

    const yearly = await (await call("/plan-select?billing=yearly", { cookie: token })).text();
    expect(yearly).toContain("$197");
    expect(yearly).toContain("$447");
    expect(yearly).toContain('value="PREMIUM_PLAN_YEARLY"');
    expect(yearly).not.toContain("$559");

    const notice = await (await call("/plan-select?notice=payment-failed", { cookie: token })).text();
    expect(notice).toContain(PAYMENT_FAILED);
    const unknown = await (await call("/plan-select?notice=paid-plans-soon", { cookie: token })).text();
    expect(unknown).not.toContain("Paid plans open soon");
  });

  it("Continue with Basic records the first plan choice once and goes on to 'Almost there!' until the profile is complete", async () => {
    const { token, business } = await signedInClient();
    expect(await planChosenAt(business.id)).toBeNull();

    const first = await postForm("/plan-select", { intent: "basic" }, token);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/profile-progress");
    const chosen = await planChosenAt(business.id);
    expect(chosen).toBeInstanceOf(Date);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await postForm("/plan-select", { intent: "basic" }, token);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe("/profile-progress");
    expect((await planChosenAt(business.id))?.getTime()).toBe(chosen!.getTime());

    // Every step done (books connected, preferences saved): the plan page goes to the dashboard.
    await connectAccounting(business.id);
    await db().update(businesses).set({ insightPreferencesSavedAt: new Date() }).where(eq(businesses.id, business.id));
    const complete = await postForm("/plan-select", { intent: "basic" }, token);
    expect(complete.headers.get("Location")).toBe("/dashboard");
  });

  it("refuses a malformed choice and a post without a session, and changes nothing", async () => {
    const { token, business } = await signedInClient();
    const bad = await postForm("/plan-select", { intent: "gold" }, token);
    expect(bad.status).toBe(400);
    expect(await planChosenAt(business.id)).toBeNull();

    const anonymous = await postForm("/plan-select", { intent: "basic" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
  });

  it("only changes the caller's own business", async () => {
    const other = await signedInClient();
    const { token } = await signedInClient();
    const response = await postForm("/plan-select", { intent: "basic", businessId: other.business.id }, token);
    expect(response.status).toBe(302);
    expect(await planChosenAt(other.business.id)).toBeNull();
  });
});

describe("POST /api/payments/create-checkout-session (built-in test checkout, no Stripe key)", () => {
  it("needs a session", async () => {
    const response = await postForm("/api/payments/create-checkout-session", { lookup_key: "PREMIUM_PLAN_YEARLY" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "You are not signed in." });
  });

  it("needs a business", async () => {
    const { token } = await signedIn();
    const response = await postForm(
      "/api/payments/create-checkout-session",
      { lookup_key: "PREMIUM_PLAN_YEARLY" },
      token,
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: "Business not found." });
  });

  it("refuses an unknown lookup key with 400", async () => {
    const { token } = await signedInClient();
    for (const key of ["BASIC_PLAN_MONTHLY", "PREMIUM_PLAN_WEEKLY", "premium_plan_yearly", ""]) {
      const response = await postForm("/api/payments/create-checkout-session", { lookup_key: key }, token);
      expect(response.status, key).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(
        "That plan doesn't exist. Choose a plan on the plan selection page.",
      );
    }
    const missing = await postForm("/api/payments/create-checkout-session", {}, token);
    expect(missing.status).toBe(400);
  });

  it("sends a valid choice to the test checkout; nothing changes until it is paid", async () => {
    const { token, business } = await signedInClient();
    const first = await postForm(
      "/api/payments/create-checkout-session",
      { lookup_key: "STANDARD_PLAN_MONTHLY" },
      token,
    );
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toMatch(/^https:\/\/partwise\.test\/test-checkout\/[\w-]+$/);
    // One open plan checkout per business: the same plan again reuses it, another plan waits for it.
    const again = await postForm(
      "/api/payments/create-checkout-session",
      { lookup_key: "STANDARD_PLAN_MONTHLY" },
      token,
    );
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    const other = await postForm("/api/payments/create-checkout-session", { lookup_key: "PREMIUM_PLAN_YEARLY" }, token);
    expect(other.status).toBe(303);
    expect(other.headers.get("Location")).toBe("/plan-select?notice=checkout-open");
    const [row] = await db().select().from(businesses).where(eq(businesses.id, business.id));
    expect(row.memberTier).toBe("BASIC");
    expect(row.planChosenAt).toBeNull();
    expect(row.stripeCustomerId).not.toBeNull();
  });

  it("answers GET with 405", async () => {
    const response = await call("/api/payments/create-checkout-session");
    expect(response.status).toBe(405);
  });
});

describe("/profile-progress", () => {
  it("needs a session; a client without a business goes to business details, staff to their home", async () => {
    const anonymous = await call("/profile-progress");
    expect(anonymous.headers.get("Location")).toBe("/");

    const client = await signedIn();
    const noBusiness = await call("/profile-progress", { cookie: client.token });
    expect(noBusiness.status).toBe(302);
    expect(noBusiness.headers.get("Location")).toBe("/signup-business");

    const manager = await signedInManager();
    const staff = await call("/profile-progress", { cookie: manager.token });
    expect(staff.headers.get("Location")).toBe("/manage");
  });

  it("shows 40% for a fresh business and 60% after choosing a plan", async () => {
    const { token } = await signedInClient();
    const fresh = await (await call("/profile-progress", { cookie: token })).text();
    expect(fresh).toContain("Almost there!");
    expect(fresh).toContain('role="progressbar"');
    expect(fresh).toContain('aria-label="Profile completion"');
    expect(fresh).toContain('aria-valuenow="40"');
    expect(fresh).toContain("40%");
    expect(fresh).toContain("Skip this Step");
    // The step after the plan in the sign-up flow: Skip goes on to the dashboard.
    expect(fresh).toMatch(/href="\/dashboard"[^>]*>Skip this Step</);
    expect(fresh).toContain("Connect your accounting data");
    expect(fresh).toContain('href="/api/quickbooks/createAuthPortal?returnPage=PROFILE_PROGRESS"');
    expect(fresh).not.toContain("coming soon");
    expect(fresh).toContain('href="/company-profile?tab=preferences"');
    expect(fresh).not.toContain("65%");

    await postForm("/plan-select", { intent: "basic" }, token);
    const afterPlan = await (await call("/profile-progress", { cookie: token })).text();
    expect(afterPlan).toContain('aria-valuenow="60"');
    expect(afterPlan).toContain("60%");
  });

  it("shows the 'You're all set!' variant when accounting data is connected", async () => {
    const { token, business } = await signedInClient();
    await connectAccounting(business.id);
    const html = await (await call("/profile-progress", { cookie: token })).text();
    expect(html).toContain("You&#x27;re all set!");
    expect(html).toContain("It looks like you&#x27;ve already connected your company data.");
    expect(html).toContain('aria-valuenow="60"');
    expect(html).not.toContain("Skip this Step");
  });

  it("does not count a broken accounting connection", async () => {
    const { token, business } = await signedInClient();
    await connectAccounting(business.id, "broken");
    const html = await (await call("/profile-progress", { cookie: token })).text();
    expect(html).toContain("Almost there!");
    expect(html).toContain('aria-valuenow="40"');
  });
});

/**
 * The business domain's statements for the columns payments decides (business-row.server.ts):
 * what the payment flows do not reach on their own — two first checkouts racing for the customer,
 * a subscription naming a business by metadata, a stored subscription the provider forgot — and
 * that they join the caller's db.batch, all or nothing.
 */
describe("the business row's statements for payments", () => {
  const row = async (id: string) => (await db().select().from(businesses).where(eq(businesses.id, id)))[0]!;
  const changes = (result: { meta?: { changes?: number } }) => result.meta?.changes ?? 0;

  it("saves one Stripe customer when two first checkouts race, and keeps it", async () => {
    const { business } = await createClient();
    const now = new Date();
    const [first, second] = await Promise.all([
      saveStripeCustomer(db(), business.id, `cus_a_${business.id}`, now),
      saveStripeCustomer(db(), business.id, `cus_b_${business.id}`, now),
    ]);
    expect([first.length, second.length].sort()).toEqual([0, 1]);
    const winner = first.length === 1 ? `cus_a_${business.id}` : `cus_b_${business.id}`;
    expect(await row(business.id)).toMatchObject({ stripeCustomerId: winner });
    expect(await saveStripeCustomer(db(), business.id, `cus_c_${business.id}`, now)).toEqual([]);
    expect((await row(business.id)).stripeCustomerId).toBe(winner);
  });

  it("writes a subscription on its business, never over another live one, and finds the business by metadata only with its customer or none", async () => {
    const { business } = await createClient();
    const other = await createClient();
    const customer = `cus_${business.id}`;
    await db().update(businesses).set({ stripeCustomerId: customer }).where(eq(businesses.id, business.id));
    await db()
      .update(businesses)
      .set({ stripeCustomerId: `cus_${other.business.id}` })
      .where(eq(businesses.id, other.business.id));
    const first = new Date("2026-11-28T10:00:00Z");
    const owner = { subscriptionId: `sub_1_${business.id}`, customerId: customer };
    const live = { status: "active", tier: "STANDARD" as const, ended: false };

    expect(changes(await writeBusinessSubscription(db(), owner, live, first).run())).toBe(1);
    expect(await row(business.id)).toMatchObject({
      memberTier: "STANDARD",
      subscriptionId: owner.subscriptionId,
      subscriptionStatus: "active",
      planChosenAt: first,
    });
    expect(await subscriptionHolder(db(), owner)).toEqual([{ id: business.id, subscriptionId: owner.subscriptionId }]);

    // A second live subscription of the same customer does not replace the first.
    const second = { subscriptionId: `sub_2_${business.id}`, customerId: customer };
    const later = new Date("2026-11-29T10:00:00Z");
    const premium = { status: "active", tier: "PREMIUM" as const, ended: false };
    expect(changes(await writeBusinessSubscription(db(), second, premium, later).run())).toBe(0);
    // An ended one touches only the business that points at it.
    expect(
      changes(
        await writeBusinessSubscription(db(), second, { ...premium, status: "canceled", ended: true }, later).run(),
      ),
    ).toBe(0);
    expect(await row(business.id)).toMatchObject({ memberTier: "STANDARD", subscriptionId: owner.subscriptionId });

    // The metadata names a business with another customer: not found by it, and not written.
    const named = {
      subscriptionId: `sub_3_${business.id}`,
      customerId: "cus_nobody",
      metadataBusinessId: other.business.id,
    };
    expect(await subscriptionHolder(db(), named)).toEqual([]);
    expect(changes(await writeBusinessSubscription(db(), named, live, later).run())).toBe(0);
    expect(await row(other.business.id)).toMatchObject({ subscriptionId: null, memberTier: "BASIC" });

    // Once the first is no longer live, the second may take its place; the first choice is kept.
    expect(
      changes(
        await writeBusinessSubscription(db(), owner, { status: "past_due", tier: null, ended: false }, later).run(),
      ),
    ).toBe(1);
    expect(await row(business.id)).toMatchObject({ memberTier: "STANDARD", subscriptionStatus: "past_due" });
    expect(
      changes(
        await writeBusinessSubscription(db(), owner, { status: "canceled", tier: "BASIC", ended: true }, later).run(),
      ),
    ).toBe(1);
    expect(changes(await writeBusinessSubscription(db(), second, premium, later).run())).toBe(1);
    expect(await row(business.id)).toMatchObject({
      memberTier: "PREMIUM",
      subscriptionId: second.subscriptionId,
      planChosenAt: first,
    });
  });

  it("finds a business with no customer yet by the subscription's metadata and the hint", async () => {
    const { business } = await createClient();
    const owner = { subscriptionId: `sub_${business.id}`, customerId: `cus_new_${business.id}` };
    expect(await subscriptionHolder(db(), owner)).toEqual([]);
    expect(await subscriptionHolder(db(), { ...owner, metadataBusinessId: business.id })).toEqual([
      { id: business.id, subscriptionId: null },
    ]);
    expect(await subscriptionHolder(db(), { ...owner, businessId: business.id })).toEqual([
      { id: business.id, subscriptionId: null },
    ]);
  });

  it("forgets a stored subscription only while the business still holds it, keeping the tier", async () => {
    const { business } = await createClient();
    const now = new Date();
    await db()
      .update(businesses)
      .set({ memberTier: "PREMIUM", subscriptionId: `sub_${business.id}`, subscriptionStatus: "active" })
      .where(eq(businesses.id, business.id));
    expect(changes(await forgetBusinessSubscription(db(), business.id, `sub_other_${business.id}`, now).run())).toBe(0);
    expect(await row(business.id)).toMatchObject({ subscriptionStatus: "active" });
    expect(changes(await forgetBusinessSubscription(db(), business.id, `sub_${business.id}`, now).run())).toBe(1);
    expect(await row(business.id)).toMatchObject({
      memberTier: "PREMIUM",
      subscriptionId: `sub_${business.id}`,
      subscriptionStatus: "canceled",
    });
  });

  it("run in the caller's db.batch: all of it lands, or none of it", async () => {
    const { business } = await createClient();
    const taken = await createClient();
    const now = new Date();
    await db()
      .update(businesses)
      .set({ stripeCustomerId: `cus_${taken.business.id}` })
      .where(eq(businesses.id, taken.business.id));
    // The customer is another business's (a unique index): the plan choice beside it is undone too.
    await expect(
      db().batch([
        recordPlanChoice(db(), business.id, now),
        saveStripeCustomer(db(), business.id, `cus_${taken.business.id}`, now),
      ]),
    ).rejects.toThrow();
    expect(await row(business.id)).toMatchObject({ planChosenAt: null, stripeCustomerId: null });

    await db().batch([
      recordPlanChoice(db(), business.id, now),
      saveStripeCustomer(db(), business.id, `cus_${business.id}`, now),
    ]);
    expect(await row(business.id)).toMatchObject({ planChosenAt: now, stripeCustomerId: `cus_${business.id}` });
  });
});
