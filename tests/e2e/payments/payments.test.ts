import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, signUpNewClient } from "../support";

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
      await signUpNewClient(page, NEW_CLIENT);
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

  browserTest("canceling the test checkout shows the plan message and changes nothing", async ({ page }) => {
    await signUpNewClient(page, NEW_CLIENT);
    await page.goto("/plan-select");
    await card(page, "STARTER").getByRole("button", { name: "Start Free Trial", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
    await page.getByRole("button", { name: "Cancel", exact: true }).click();

    await expectPath(page, "/paymentStatus?canceled=true&purchaseType=plan");
    await page.getByRole("heading", { name: "Order Canceled", level: 1 }).waitFor();
    await page.getByText("You can change your plan in the Company Profile at any time!", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Home", exact: true }).click();
    await expectPath(page, "/dashboard");

    await openAccountTab(page);
    await membership(page).getByText("Basic", { exact: true }).waitFor();
  });
});
