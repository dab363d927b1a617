import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signUpNewClient, verifyEmailFromOutbox } from "../support";

/** Brand-new businesses: the demo account stays on its own plan for the other tests. */
const NEW_CLIENT = { emailPrefix: "payments" };

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const membership = (page: Page) => page.getByRole("region", { name: "Membership", exact: true });

async function openAccountTab(page: Page) {
  await page.goto("/company-profile?tab=account");
  await page.locator('[role="tab"][tabindex="-1"]').first().waitFor({ state: "attached" });
}

describe("payments in the built-in test checkout", () => {
  browserTest(
    "a new business picks SCALE yearly, pays, sees the completion card and Scale in settings, then cancels in the portal",
    async ({ page }) => {
      const { email } = await signUpNewClient(page, NEW_CLIENT);
      await verifyEmailFromOutbox(page, email);
      await page.goto("/plan-select");
      await page.getByRole("heading", { name: "Best Plans for Business", level: 1 }).waitFor();
      await page.getByRole("radio", { name: "Yearly", exact: true }).check();
      await card(page, "SCALE").getByText("$447", { exact: false }).waitFor();
      await card(page, "SCALE").getByRole("button", { name: "Try for Free", exact: true }).click();

      await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
      await page.getByRole("heading", { name: "Test checkout — no real card is charged", level: 1 }).waitFor();
      expect(await page.getByLabel("Card number").inputValue()).toContain("4242");
      await page.getByRole("button", { name: "Pay", exact: true }).click();

      await expectPath(page, "/paymentStatus");
      await page.getByRole("heading", { name: "Congratulations!", level: 1 }).waitFor();
      await page.getByText("You've updated your subscription plan!", { exact: true }).waitFor();
      await page.getByText("SCALE", { exact: true }).waitFor();
      // A new business goes on with its sign-up flow ("Almost there!", issue #36).
      await page.getByRole("link", { name: "Next", exact: true }).click();
      await expectPath(page, "/profile-progress");

      await openAccountTab(page);
      await membership(page).getByText("Scale", { exact: true }).waitFor();

      // One subscription per business: another plan is changed in the billing portal, and the
      // plan page says so in words instead of starting a second subscription.
      await page.goto("/plan-select");
      const live = page.getByRole("status").filter({ hasText: "Your business already has the SCALE plan." });
      await live
        .getByText(
          "Your business already has the SCALE plan. To switch plans, use the billing portal (Manage billing): your subscription changes there, so you are never billed twice.",
          { exact: true },
        )
        .waitFor();
      await card(page, "STARTER").getByRole("button", { name: "Start Free Trial", exact: true }).click();
      await expectPath(page, "/plan-select?notice=subscription-live");
      await page.getByRole("alert").getByText("Your business already has the SCALE plan.", { exact: false }).waitFor();
      await page.getByRole("button", { name: "Manage billing", exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/test-billing-portal/"));
      await page.goBack();
      // Back on the plan page, loaded and hydrated, before going elsewhere: a goto while the back
      // navigation is still under way is interrupted by it.
      await expectPath(page, "/plan-select?notice=subscription-live");
      await page.getByRole("alert").getByText("Your business already has the SCALE plan.", { exact: false }).waitFor();

      await openAccountTab(page);
      await membership(page).getByRole("button", { name: "Manage Payment", exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/test-billing-portal/"));
      await page.getByRole("heading", { name: "Test billing portal", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Cancel subscription", exact: true }).click();

      await expectPath(page, "/company-profile?tab=account");
      await membership(page).getByText("Basic", { exact: true }).waitFor();
      expect(await membership(page).getByText("Scale", { exact: true }).count()).toBe(0);
      // Basic members' Manage Payment goes to plan selection.
      await membership(page).getByRole("link", { name: "Manage Payment", exact: true }).click();
      await expectPath(page, "/plan-select");
      await card(page, "BASIC").getByText("Current plan", { exact: true }).waitFor();
    },
  );

  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    browserTest(
      `at ${viewport.width} px: canceling the test checkout changes nothing; another plan waits for that checkout, which can be canceled`,
      async ({ page }) => {
        const { email } = await signUpNewClient(page, NEW_CLIENT);
        await verifyEmailFromOutbox(page, email);
        await page.goto("/plan-select");
        await card(page, "STARTER").getByRole("button", { name: "Start Free Trial", exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
        const firstCheckout = page.url();
        await page.getByRole("button", { name: "Cancel", exact: true }).click();

        await expectPath(page, "/paymentStatus?canceled=true&purchaseType=plan");
        await page.getByRole("heading", { name: "Order Canceled", level: 1 }).waitFor();
        await page.getByText("You can change your plan in the Company Profile at any time!", { exact: true }).waitFor();
        await page.getByRole("link", { name: "Home", exact: true }).click();
        await expectPath(page, "/dashboard");

        await openAccountTab(page);
        await membership(page).getByText("Basic", { exact: true }).waitFor();

        // The STARTER checkout is still open (as on Stripe): SCALE is refused until it is finished
        // or canceled, so the business can never hold two subscriptions.
        await page.goto("/plan-select");
        const open =
          "You already started a checkout for the STARTER plan. Continue it, or cancel it to choose another plan.";
        await page.getByRole("status").getByText(open, { exact: true }).waitFor();
        await card(page, "SCALE").getByRole("button", { name: "Try for Free", exact: true }).click();
        await expectPath(page, "/plan-select?notice=checkout-open");
        await page.getByRole("alert").getByText(open, { exact: true }).waitFor();
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(viewport.width);

        await page.getByRole("button", { name: "Continue that checkout", exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
        expect(page.url()).toBe(firstCheckout);
        await page.goBack();
        await expectPath(page, "/plan-select?notice=checkout-open");

        await page.getByRole("button", { name: "Cancel that checkout", exact: true }).click();
        await expectPath(page, "/plan-select?notice=checkout-canceled");
        await page
          .getByRole("status")
          .getByText("That checkout is canceled and can no longer be paid. You can choose a plan.", { exact: true })
          .waitFor();
        // Stripe's page (here the test checkout) no longer takes the payment.
        await page.goto(firstCheckout);
        await page
          .getByText("This checkout has expired and can no longer be paid. Nothing was charged.", { exact: true })
          .waitFor();
        expect(await page.getByRole("button", { name: "Pay", exact: true }).count()).toBe(0);

        await page.goto("/plan-select");
        await card(page, "SCALE").getByRole("button", { name: "Try for Free", exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
        expect(page.url()).not.toBe(firstCheckout);
      },
      { viewport },
    );
  }
});
