import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signInAsDemoClient } from "../support";

const PLAN_CANCELED = "You can change your plan in the Company Profile at any time!";

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

describe("plan selection", () => {
  browserTest(
    "the demo client compares plans, opens and cancels a paid plan's test checkout, and continues with Basic",
    async ({ page }) => {
      await signInAsDemoClient(page);
      await page.goto("/plan-select");
      await page.getByRole("heading", { name: "Best Plans for Business", level: 1 }).waitFor();
      await page.getByText("Save up to 20% when you pay yearly!", { exact: true }).waitFor();

      const monthly = page.getByRole("radio", { name: "Monthly", exact: true });
      const yearly = page.getByRole("radio", { name: "Yearly", exact: true });
      expect(await monthly.isChecked()).toBe(true);
      await card(page, "STARTER").getByText("$247", { exact: false }).waitFor();
      await card(page, "SCALE").getByText("$559", { exact: false }).waitFor();
      await card(page, "SCALE").getByText("Popular", { exact: true }).waitFor();
      await card(page, "BASIC").getByText("No credit card required", { exact: true }).waitFor();
      await card(page, "BASIC").getByText("Current plan", { exact: true }).waitFor();
      await card(page, "STARTER").getByText("Includes 1 diagnostic insight per month", { exact: true }).waitFor();
      await card(page, "SCALE").getByText("Includes 2 diagnostic insights per month", { exact: true }).waitFor();

      await yearly.check();
      await card(page, "STARTER").getByText("$197", { exact: false }).waitFor();
      await card(page, "SCALE").getByText("$447", { exact: false }).waitFor();
      expect(await card(page, "SCALE").getByText("$559", { exact: false }).count()).toBe(0);
      expect(await card(page, "SCALE").locator('input[name="lookup_key"]').getAttribute("value")).toBe(
        "PREMIUM_PLAN_YEARLY",
      );

      await card(page, "SCALE").getByRole("button", { name: "Try for Free", exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
      await page
        .getByRole("button", { name: "Cancel", exact: true })
        .or(page.getByRole("link", { name: "Cancel", exact: true }))
        .click();
      await expectPath(page, "/paymentStatus?canceled=true&purchaseType=plan");
      await page.getByRole("heading", { name: "Order Canceled", level: 1 }).waitFor();
      await page.getByText(PLAN_CANCELED, { exact: true }).waitFor();

      await page.goto("/plan-select");
      await card(page, "BASIC").getByText("Current plan", { exact: true }).waitFor();

      await page.getByRole("link", { name: "Try a 7-Day Free Trial!", exact: true }).waitFor();
      await card(page, "BASIC").getByRole("button", { name: "Continue with Basic", exact: true }).click();
      // The demo's insight preferences were never saved, so its profile is incomplete: "Almost there!".
      await expectPath(page, "/profile-progress");
    },
  );

  browserTest(
    "on a phone the plans stack without sideways scrolling",
    async ({ page }) => {
      await signInAsDemoClient(page);
      await page.goto("/plan-select");
      await card(page, "SCALE").getByRole("button", { name: "Try for Free", exact: true }).waitFor();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    },
    { viewport: PHONE },
  );
});

describe("profile progress", () => {
  browserTest("the wheel shows the real completion of the demo client's profile", async ({ page }) => {
    await signInAsDemoClient(page);
    await page.goto("/profile-progress");
    // The demo's books are connected, so the page says so and offers the next step.
    await page.getByRole("heading", { name: "You're all set!", level: 1 }).waitFor();
    await page.getByText("It looks like you've already connected your company data.", { exact: true }).waitFor();

    const wheel = page.getByRole("progressbar", { name: "Profile completion" });
    const now = Number(await wheel.getAttribute("aria-valuenow"));
    expect(await wheel.getAttribute("aria-valuemin")).toBe("0");
    expect(await wheel.getAttribute("aria-valuemax")).toBe("100");
    expect(now).not.toBe(65);

    // Personal info and business details are on file for the demo client, and the demo connects
    // the demo company's books (scripts/lib/demo-engagements.mjs: the completed engagement's
    // results read them); other steps depend on what earlier tests did, so the percentage must
    // match the blocks marked Done.
    const blocks = page.locator(".progress-blocks > li");
    expect(await blocks.count()).toBe(5);
    for (const step of ["personal", "business", "companyData"]) {
      await page.locator(`[data-step="${step}"]`).getByText("Done", { exact: true }).waitFor();
    }
    const done = await page.locator(".progress-blocks").getByText("Done", { exact: true }).count();
    expect(now).toBe(done * 20);
    expect(now).toBeGreaterThanOrEqual(60);
    await wheel.getByText(`${now}%`, { exact: true }).waitFor();

    const companyData = page
      .locator('[data-step="companyData"]')
      .getByRole("link", { name: /Your accounting data is connected\./ });
    expect(await companyData.getAttribute("href")).toBe("/api/quickbooks/createAuthPortal?returnPage=PROFILE_PROGRESS");
    // Connected, the banner's Next goes on to the dashboard (the step after the plan, issue #36).
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expectPath(page, "/dashboard");
  });
});

describe("NAICS directory", () => {
  browserTest("a visitor finds an industry by words and by code, as they type", async ({ page }) => {
    await page.goto("/naics");
    await page.getByRole("heading", { name: "NAICS code lookup", level: 1 }).waitFor();
    const search = page.getByLabel("Search by keyword or code");

    await search.fill("sporting goods");
    const results = page.locator(".naics-list");
    await results.getByText("Sporting Goods Retailers", { exact: true }).waitFor();
    await results.getByText("459110", { exact: true }).waitFor();

    await search.fill("4591");
    await results.getByText("Hobby, Toy, and Game Retailers", { exact: true }).waitFor();
    await page.getByText("4 industries match “4591”.", { exact: true }).waitFor();

    // Enter submits the form the plain way too.
    await search.fill("bakeries");
    await search.press("Enter");
    await expectPath(page, "/naics?q=bakeries");
    await results.getByText("Retail Bakeries", { exact: true }).waitFor();
  });
});
