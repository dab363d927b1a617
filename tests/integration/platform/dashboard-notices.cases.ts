import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAST_DUE_MESSAGE } from "~/lib/payments/payment-copy";
import { businesses } from "~db/schema";
import { call, db, html } from "../helpers";
import { signedInClient } from "../../factories";

/** The dashboard warns when the subscription's last payment failed (Stripe's past_due). */
describe("dashboard: payment past due", () => {
  it("shows the warning with a way to Manage Payment only while the subscription is past due", async () => {
    const { token: cookie, business } = await signedInClient();
    const businessId = business.id;
    const setStatus = (subscriptionStatus: string | null) =>
      db().update(businesses).set({ subscriptionStatus, memberTier: "STANDARD" }).where(eq(businesses.id, businessId));

    await setStatus("active");
    const active = await (await call("/dashboard", { cookie })).text();
    expect(active).not.toContain(html(PAST_DUE_MESSAGE));

    await setStatus("past_due");
    const response = await call("/dashboard", { cookie });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(html(PAST_DUE_MESSAGE));
    expect(page).toContain('href="/company-profile?tab=account"');

    await setStatus("active");
    expect(await (await call("/dashboard", { cookie })).text()).not.toContain(html(PAST_DUE_MESSAGE));
  });
});
