import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectNoAxeViolations, expectPath, PHONE, signIn } from "../support";

/**
 * Demo consultants whose payouts the demo does not set up (each run starts from the demo data):
 * Thomas Becker (consultant4) and consultant8.
 */
const DESKTOP_CONSULTANT = "consultant4@partwise.test";
const PHONE_CONSULTANT = "consultant8@partwise.test";

async function setUpPayouts(page: Page, email: string) {
  await signIn(page, email);
  await expectPath(page, "/consultant");
  await page.getByRole("link", { name: "Payouts", exact: true }).first().click();
  await expectPath(page, "/consultant/payouts");
  await page.getByRole("heading", { name: "Payouts", level: 1 }).waitFor();
  await page.getByText("Not set up", { exact: true }).waitFor();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Set up payouts", exact: true }).click();

  await page.waitForURL((url) => url.pathname.startsWith("/test-onboarding/acct_local_"));
  await page.getByRole("heading", { name: "Test onboarding", level: 1 }).waitFor();
  await page
    .getByText(
      "Local test onboarding: no Stripe account is created and no identity is checked. This page stands in for Stripe's hosted onboarding when Stripe keys are not set.",
      { exact: true },
    )
    .waitFor();
  expect(await page.getByLabel("Routing number", { exact: true }).inputValue()).toBe("110000000");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Submit details", exact: true }).click();

  await expectPath(page, "/consultant/payouts");
  await page.getByText("Payouts enabled", { exact: true }).waitFor();
  await page
    .getByText("Stripe sends the money for your approved deliverables to your bank account.", { exact: true })
    .waitFor();
  expect(await page.getByRole("button", { name: "Set up payouts", exact: true }).count()).toBe(0);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Open Stripe Express dashboard", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/test-express-dashboard/"));
  await page.getByRole("heading", { name: "Test Express dashboard", level: 1 }).waitFor();
  await page.getByText("Jenny Rosen", { exact: true }).waitFor();
  await page.getByText("Enabled", { exact: true }).waitFor();
  await page.getByRole("link", { name: "Back to Partwise", exact: true }).click();
  await expectPath(page, "/consultant/payouts");
  await page.getByText("Payouts enabled", { exact: true }).waitFor();
}

describe("a consultant sets up payouts in the local test onboarding", () => {
  browserTest(
    "sets up payouts and sees Payouts enabled (1280 px)",
    ({ page }) => setUpPayouts(page, DESKTOP_CONSULTANT),
    {
      viewport: { width: 1280, height: 900 },
    },
  );

  browserTest("the same on a phone (375 px)", ({ page }) => setUpPayouts(page, PHONE_CONSULTANT), {
    viewport: PHONE,
  });
});
