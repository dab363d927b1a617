import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signUpNewClient, verifyEmailFromOutbox } from "../support";

/**
 * A new business's first run (issue #36): after the plan, the sign-up flow goes on to "Almost
 * there!" (/profile-progress), then the dashboard, which guides it back there until the profile is
 * complete and counts nothing as new on a first visit.
 */
const WIDE = { width: 1280, height: 900 };

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

/** "Almost there!" with the real completion: personal info, business details and the plan are done. */
async function expectAlmostThere(page: Page) {
  await expectPath(page, "/profile-progress");
  await page.getByRole("heading", { name: "Almost there!", level: 1 }).waitFor();
  await page.getByRole("heading", { name: "Profile Completion", level: 2 }).waitFor();
  const wheel = page.getByRole("progressbar", { name: "Profile completion" });
  expect(await wheel.getAttribute("aria-valuenow")).toBe("60");
  for (const step of ["personal", "business", "plan"]) {
    await page.locator(`[data-step="${step}"]`).getByText("Done", { exact: true }).waitFor();
  }
  const companyData = page.locator('[data-step="companyData"]').getByRole("link", { name: /Company Data/ });
  expect(await companyData.getAttribute("href")).toBe("/api/quickbooks/createAuthPortal?returnPage=PROFILE_PROGRESS");
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The first dashboard: the way back to "Almost there!", and nothing counted as new. */
async function expectFirstDashboard(page: Page) {
  await expectPath(page, "/dashboard");
  const setup = page.getByRole("region", { name: "Almost there!", exact: true });
  await setup.getByText("Your profile is 60% complete: 3 of 5 steps done.", { exact: true }).waitFor();
  expect(await setup.getByRole("link", { name: "Finish your profile", exact: true }).getAttribute("href")).toBe(
    "/profile-progress",
  );
  const learning = page.locator("#learning-card");
  await learning.getByRole("link", { name: "Open the Learning Center", exact: true }).waitFor();
  expect(await learning.getByText(/new since your last visit/).count()).toBe(0);
  expect(await learning.getByText(/· New/).count()).toBe(0);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const [label, viewport] of [
  ["1280", WIDE],
  ["375", PHONE],
] as const) {
  describe(`a new business's first run at ${label}px`, () => {
    browserTest(
      "Basic leads to 'Almost there!', Skip this Step to a dashboard that guides back and counts nothing as new",
      async ({ page }) => {
        await signUpNewClient(page, { emailPrefix: `first-run-${label}` });
        await page.goto("/plan-select");
        await card(page, "BASIC").getByRole("button", { name: "Continue with Basic", exact: true }).click();
        await expectAlmostThere(page);
        await page.getByRole("link", { name: "Skip this Step", exact: true }).click();
        await expectFirstDashboard(page);
        await page.getByRole("link", { name: "Finish your profile", exact: true }).click();
        await expectPath(page, "/profile-progress");
      },
      { viewport },
    );

    browserTest(
      "a paid plan's checkout returns to the completion card, whose Next goes on to 'Almost there!'",
      async ({ page }) => {
        const { email } = await signUpNewClient(page, { emailPrefix: `first-run-paid-${label}` });
        await verifyEmailFromOutbox(page, email);
        await page.goto("/plan-select");
        await card(page, "STARTER").getByRole("button", { name: "Start Free Trial", exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
        await page.getByRole("button", { name: "Pay", exact: true }).click();
        await expectPath(page, "/paymentStatus");
        await page.getByText("You've updated your subscription plan!", { exact: true }).waitFor();
        await page.getByRole("link", { name: "Next", exact: true }).click();
        await expectAlmostThere(page);
        await page.getByRole("link", { name: "Skip this Step", exact: true }).click();
        await expectFirstDashboard(page);
      },
      { viewport },
    );

    browserTest(
      "'Try a 7-Day Free Trial!' opens SCALE's perks without a card, shown on the dashboard, in settings and in what unlocks",
      async ({ page }) => {
        await signUpNewClient(page, { emailPrefix: `first-run-trial-${label}` });
        await page.goto("/plan-select");
        const trial = page.getByRole("region", { name: "Free trial", exact: true });
        await trial
          .getByText(
            "No card required: 7 days of SCALE's Competitive Benchmarking, Tools & Templates, E-Learning for Leaders and Virtual Peer Groups, then back to BASIC by itself. Diagnostic insights stay pay as you go.",
            { exact: true },
          )
          .waitFor();
        await trial.getByRole("button", { name: "Try a 7-Day Free Trial!", exact: true }).click();
        await expectAlmostThere(page);
        await page.getByRole("link", { name: "Skip this Step", exact: true }).click();
        await expectFirstDashboard(page);

        const until = /^SCALE trial until [A-Z][a-z]{2,3} \d{1,2}, \d{4}$/;
        await page.getByText("BASIC plan", { exact: true }).waitFor();
        await page.getByText(until).waitFor();
        // The trial's perks are open: the templates are no longer locked.
        await page.goto("/learning?kind=template");
        const workbook = page.getByRole("article", { name: "Annual Planning workbook" });
        await workbook.getByRole("link", { name: "Open: Annual Planning workbook" }).waitFor();
        expect(await workbook.getByText("Locked", { exact: true }).count()).toBe(0);
        // Benchmarking is included while it runs, at no charge.
        await page.goto("/benchmarking");
        await page
          .getByText(
            /^Your free trial of SCALE includes benchmarking for \d{4} until [A-Z][a-z]{2,3} \d{1,2}, \d{4}, at no extra charge\.$/,
          )
          .waitFor();
        await page.getByRole("button", { name: "Start Benchmarking", exact: true }).waitFor();

        // Settings' membership: still BASIC, with the trial and its end.
        await page.goto("/company-profile?tab=account");
        const membership = page.getByRole("region", { name: "Membership", exact: true });
        await membership.getByText("Basic", { exact: true }).waitFor();
        await membership
          .getByText(
            /^Your free trial of SCALE runs until [A-Z][a-z]{2,3} \d{1,2}, \d{4}\. No card is on file; it ends by itself\.$/,
          )
          .waitFor();
        // Once only: the plan page no longer offers it.
        await page.goto("/plan-select");
        await page.getByText(/^Your free trial of SCALE runs until /).waitFor();
        expect(await page.getByRole("button", { name: "Try a 7-Day Free Trial!" }).count()).toBe(0);
        const width = page.viewportSize()!.width;
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      },
      { viewport },
    );
  });
}
