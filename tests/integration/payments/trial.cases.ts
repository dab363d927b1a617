import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TRIAL_COPY } from "~/lib/payments/trial";
import { BENCHMARKING_NOT_UNLOCKED_MESSAGE } from "~/lib/benchmarking/benchmarking-copy";
import { businesses, learningItems, purchases } from "~db/schema";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { call, db, html, postForm, setPlan } from "../helpers";
import { apiCall, benchmarkJobsOf, currentYear, fakeQueue, yearRowsOf } from "../helpers/benchmarking";

/**
 * The free trial without a card (ADR 050): "Try a 7-Day Free Trial!" on /plan-select starts 7 days
 * of SCALE's perks (benchmarking, templates, e-learning, peer groups), recorded on the business
 * with its end date, once per business, and it ends by itself.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const startTrial = (token: string) => postForm("/plan-select", { intent: "trial" }, token);
const businessRow = async (id: string) => (await db().select().from(businesses).where(eq(businesses.id, id)))[0]!;

/** A published SCALE-only article (E-Learning for Leaders), as the console leaves it. */
async function scaleArticle() {
  const id = crypto.randomUUID();
  const title = `Leading through change ${id.slice(0, 8)}`;
  await db()
    .insert(learningItems)
    .values({
      id,
      kind: "article",
      title,
      summary: "For owners.",
      area: "leadership",
      bodyMarkdown: "Say what changes, and why.",
      allowedTiers: ["PREMIUM"],
      publishedAt: new Date(Date.now() - DAY_MS),
    });
  return { id, title };
}

describe("the free trial on /plan-select", () => {
  it("starts once without a card: SCALE for 7 days, the plan choice recorded; a double click starts one trial", async () => {
    const client = await signedInClient();
    const before = Date.now();
    const [first, second] = await Promise.all([startTrial(client.token), startTrial(client.token)]);
    expect([first.status, second.status].sort()).toEqual([302, 409]);
    const started = first.status === 302 ? first : second;
    // The sign-up flow goes on to "Almost there!".
    expect(started.headers.get("Location")).toBe("/profile-progress");
    const refused = first.status === 409 ? first : second;
    expect(await refused.text()).toContain(html(TRIAL_COPY.alreadyUsed));

    const row = await businessRow(client.business.id);
    expect(row.memberTier).toBe("BASIC");
    expect(row.trialTier).toBe("PREMIUM");
    expect(row.trialStartedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(row.trialEndsAt!.getTime() - row.trialStartedAt!.getTime()).toBe(7 * DAY_MS);
    expect(row.planChosenAt!.getTime()).toBe(row.trialStartedAt!.getTime());
    // No card: no customer, no subscription, nothing bought.
    expect(row.stripeCustomerId).toBeNull();
    expect(row.subscriptionId).toBeNull();
    expect(await db().select().from(purchases).where(eq(purchases.businessId, client.business.id))).toEqual([]);

    // A later try changes nothing.
    const again = await startTrial(client.token);
    expect(again.status).toBe(409);
    expect((await businessRow(client.business.id)).trialEndsAt!.getTime()).toBe(row.trialEndsAt!.getTime());

    // The plan page, settings and the dashboard say where it stands.
    const ends = new Date(row.trialEndsAt!).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const plans = await (await call("/plan-select", { cookie: client.token })).text();
    expect(plans).toContain(
      html(`Your free trial of SCALE runs until ${ends}. No card is on file; it ends by itself.`),
    );
    expect(plans).not.toContain(`value="trial"`);
    const settings = await (await call("/company-profile?tab=account", { cookie: client.token })).text();
    expect(settings).toContain(
      html(`Your free trial of SCALE runs until ${ends}. No card is on file; it ends by itself.`),
    );
    const dashboard = await (await call("/dashboard", { cookie: client.token })).text();
    expect(dashboard).toContain(html(`SCALE trial until ${ends}`));
  });

  it("offers the trial with what it opens, and refuses it on a paid plan or after a subscription, changing nothing", async () => {
    const basic = await signedInClient();
    const page = await (await call("/plan-select", { cookie: basic.token })).text();
    expect(page).toContain(html(TRIAL_COPY.start));
    expect(page).toContain(
      html(
        "No card required: 7 days of SCALE's Competitive Benchmarking, Tools & Templates, E-Learning for Leaders and Virtual Peer Groups, then back to BASIC by itself. Diagnostic insights stay pay as you go.",
      ),
    );

    const paid = await signedInClient();
    await setPlan(paid.business.id, "STANDARD");
    const refused = await startTrial(paid.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(TRIAL_COPY.paidPlan));
    expect((await businessRow(paid.business.id)).trialStartedAt).toBeNull();

    // Back on BASIC after a subscription (its checkout had a trial): none without a card.
    const former = await signedInClient();
    await db()
      .update(businesses)
      .set({ subscriptionId: "sub_ended", subscriptionStatus: "canceled" })
      .where(eq(businesses.id, former.business.id));
    expect((await startTrial(former.token)).status).toBe(409);
    expect((await businessRow(former.business.id)).trialStartedAt).toBeNull();
    expect(await (await call("/plan-select", { cookie: former.token })).text()).not.toContain(`value="trial"`);

    // Only the session's business: a posted businessId is not read.
    const other = await signedInClient();
    const mine = await signedInClient();
    await postForm("/plan-select", { intent: "trial", businessId: other.business.id }, mine.token);
    expect((await businessRow(other.business.id)).trialStartedAt).toBeNull();
    expect((await businessRow(mine.business.id)).trialStartedAt).not.toBeNull();
  });

  it("a malformed, misdirected or signed-out request gets a 4xx with the house's words (or goes to login) and starts nothing", async () => {
    const client = await signedInClient();
    const before = await businessRow(client.business.id);
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const refusals: [string, Promise<Response>, number][] = [
      ["no intent", postForm("/plan-select", {}, client.token), 400],
      ["an unknown intent", postForm("/plan-select", { intent: "free-forever" }, client.token), 400],
      ["a JSON body", call("/plan-select", { json: { intent: "trial" }, cookie: client.token }), 415],
      [
        "PUT",
        call("/plan-select", {
          method: "PUT",
          body: new URLSearchParams({ intent: "trial" }),
          headers: form,
          cookie: client.token,
        }),
        405,
      ],
      ["DELETE", call("/plan-select", { method: "DELETE", cookie: client.token }), 405],
    ];
    for (const [label, request, status] of refusals) {
      const response = await request;
      expect(response.status, label).toBe(status);
      const text = await response.text();
      expect(text, label).toContain(html("We couldn't handle that request"));
      expect(text, label).toContain("Please go back and try again.");
    }
    // Signed out: the login screen. Another role: its own home. Neither touches any business.
    const anonymous = await postForm("/plan-select", { intent: "trial", businessId: client.business.id });
    expect([anonymous.status, anonymous.headers.get("Location")]).toEqual([302, "/"]);
    const consultant = await signedInConsultant();
    const manager = await signedInManager();
    for (const [viewer, home] of [
      [consultant, "/consultant"],
      [manager, "/manage"],
    ] as const) {
      const response = await postForm(
        "/plan-select",
        { intent: "trial", businessId: client.business.id },
        viewer.token,
      );
      expect([response.status, response.headers.get("Location")]).toEqual([302, home]);
    }
    expect(await businessRow(client.business.id)).toEqual(before);
    expect(before.trialStartedAt).toBeNull();
  });

  it("unlocks SCALE's benchmarking and e-learning while it runs, and ends by itself", async () => {
    const client = await signedInClient();
    const article = await scaleArticle();
    const locked = "This is included in the SCALE plan. Upgrade your plan to open it.";
    // BASIC: locked, and benchmarking must be bought.
    expect(await (await call(`/learning/${article.id}`, { cookie: client.token })).text()).toContain(html(locked));
    const queue = fakeQueue();
    const json = { businessId: client.business.id };
    expect(await apiCall("/api/benchmarking/create", { token: client.token, json, queue })).toEqual({
      status: 402,
      body: { msg: BENCHMARKING_NOT_UNLOCKED_MESSAGE },
    });

    expect((await startTrial(client.token)).status).toBe(302);
    const open = await (await call(`/learning/${article.id}`, { cookie: client.token })).text();
    expect(open).toContain("Say what changes, and why.");
    expect(open).not.toContain(html(locked));
    const benchmarking = await (await call("/benchmarking", { cookie: client.token })).text();
    expect(benchmarking).toContain(`Your free trial of SCALE includes benchmarking for ${currentYear()} until`);
    const started = await apiCall("/api/benchmarking/create", { token: client.token, json, queue });
    expect(started.status).toBe(200);
    expect(await benchmarkJobsOf(client.business.id)).toHaveLength(1);
    // Included by the trial: recorded without a purchase.
    expect((await yearRowsOf(client.business.id)).map((row) => [row.year, row.purchaseId])).toEqual([
      [currentYear(), null],
    ]);

    // Seven days later (the end date has passed): BASIC again, with nothing to run.
    await db()
      .update(businesses)
      .set({
        trialStartedAt: new Date(Date.now() - 8 * DAY_MS),
        trialEndsAt: new Date(Date.now() - DAY_MS),
      })
      .where(eq(businesses.id, client.business.id));
    expect(await (await call(`/learning/${article.id}`, { cookie: client.token })).text()).toContain(html(locked));
    expect(await apiCall("/api/benchmarking/create", { token: client.token, json, queue })).toEqual({
      status: 402,
      body: { msg: BENCHMARKING_NOT_UNLOCKED_MESSAGE },
    });
    const plans = await (await call("/plan-select", { cookie: client.token })).text();
    expect(plans).toMatch(/Your free trial of SCALE ended on [A-Z][a-z]{2,3} \d{1,2}, \d{4}\./);
    expect(plans).not.toContain(`value="trial"`);
    expect((await startTrial(client.token)).status).toBe(409);
    const dashboard = await (await call("/dashboard", { cookie: client.token })).text();
    expect(dashboard).not.toContain("SCALE trial until");
  });
});
