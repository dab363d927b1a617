import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, connectDemoCompany, DESKTOP, expectPath, keepScreen, PHONE, signUpNewClient } from "../support";

/** Brand-new businesses: the demo account's data stays untouched for the other tests. */
const NEW_CLIENT = { emailPrefix: "company-data" };

const ACCESS_DENIED = "You didn't connect QuickBooks. You can try again whenever you're ready.";
/** How the figure is computed: the months counted and the 25-50 band's 38 employees. */
const PER_EMPLOYEE_NOTE =
  /^Income for .+ \d{4} divided by 38 employees\. The number of employees comes from Settings → Business\.$/;

const monthlyCard = (page: Page) => page.locator("#monthly-revenue-card");
const perEmployeeCard = (page: Page) => page.locator("#revenue-per-employee-card");

describe("company data", () => {
  browserTest(
    "a new business connects the demo company from profile progress, watches the build and sees its analytics",
    async ({ page }) => {
      await signUpNewClient(page, NEW_CLIENT);

      // Before: the dashboard offers the connection over blurred sample figures.
      await page.goto("/dashboard");
      await monthlyCard(page).getByRole("link", { name: "Connect Company Data", exact: true }).waitFor();
      expect(await monthlyCard(page).locator(".finance-sample").getAttribute("aria-hidden")).toBe("true");
      expect(await page.locator("canvas").count()).toBe(0);

      await page.goto("/profile-progress");
      const block = page.locator('[data-step="companyData"]');
      await block.getByText("To do", { exact: true }).waitFor();
      await block.getByRole("link", { name: /Connect your accounting data/ }).click();
      await connectDemoCompany(page);

      // The return page: signed in, building, then complete.
      await page.waitForURL((url) => url.pathname === "/quickbook-status" && url.searchParams.has("job"));
      const query = new URL(page.url()).searchParams;
      expect(query.get("returnPage")).toBe("PROFILE_PROGRESS");
      expect(query.has("code")).toBe(false);
      expect(query.has("state")).toBe(false);
      await page.getByRole("heading", { name: "You signed in to quickbooks!", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Building Business Finance Profile", level: 2 }).waitFor();
      await page
        .getByRole("heading", { name: "Your Finance Profile is Complete!", level: 1 })
        .waitFor({ timeout: 40_000 });

      await page.getByRole("link", { name: "View Your Analytics", exact: true }).click();
      await expectPath(page, "/dashboard");

      // Monthly revenue and net income: the lazily loaded chart.js canvas, described for screen readers.
      const chart = monthlyCard(page).getByRole("img", {
        name: /^Revenue and net income, [A-Z][a-z]+ (\d{4} )?to [A-Z][a-z]+ \d{4}: /,
      });
      await chart.waitFor();
      expect(await chart.evaluate((node) => node.tagName)).toBe("CANVAS");
      const label = (await chart.getAttribute("aria-label")) ?? "";
      expect(label.match(/-?\$[\d,]+\.\d\d/g)).toHaveLength(12);
      await monthlyCard(page).getByText("Net income change", { exact: true }).waitFor();
      expect(await monthlyCard(page).locator(".finance-change").innerText()).toMatch(/^([+-]\$[\d,]+\.\d\d|\$0\.00)$/);
      expect(await monthlyCard(page).getByRole("table").locator("tbody tr").count()).toBe(6);

      await monthlyCard(page).getByRole("button", { name: "Show 12-month trend", exact: true }).click();
      await monthlyCard(page).getByRole("table").locator("tbody tr").nth(11).waitFor({ state: "attached" });
      await monthlyCard(page)
        .getByRole("img", { name: /^Revenue and net income, [A-Z][a-z]+ \d{4} to [A-Z][a-z]+ \d{4}: / })
        .waitFor();
      await monthlyCard(page).getByRole("button", { name: "Show last 6 months", exact: true }).click();
      await chart.waitFor();

      // Revenue Per Employee: a dollar amount and the tooltip text.
      expect(await perEmployeeCard(page).locator(".finance-amount").innerText()).toMatch(/^\$[\d,]+\.\d\d$/);
      await perEmployeeCard(page).getByText(PER_EMPLOYEE_NOTE).waitFor();
      await keepScreen(page, "company-data-dashboard");

      // At 375 px the dashboard does not scroll sideways.
      await page.setViewportSize(PHONE);
      await chart.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await keepScreen(page, "company-data-dashboard");
      await page.setViewportSize(DESKTOP);

      // Profile progress counts Company Data as done.
      await page.goto("/profile-progress");
      await page.getByRole("heading", { name: "You're all set!", level: 1 }).waitFor();
      await page.locator('[data-step="companyData"]').getByText("Done", { exact: true }).waitFor();

      // Settings: the demo company, then Disconnect (asked twice).
      await page.goto("/company-profile?tab=account");
      const section = page.getByRole("region", { name: "Company data" });
      await section.getByText("Demo company", { exact: true }).waitFor();
      await section.getByText("Connected", { exact: true }).waitFor();
      await section.getByRole("link", { name: "Disconnect", exact: true }).click();
      await section.getByText("Disconnect your company data?", { exact: true }).waitFor();
      await section.getByRole("button", { name: "Yes, disconnect", exact: true }).click();
      await section.getByRole("status").getByText("QuickBooks is disconnected.", { exact: true }).waitFor();
      await section.getByRole("link", { name: "Connect Company Data", exact: true }).waitFor();

      // The dashboard is back to the prompt.
      await page.goto("/dashboard");
      await monthlyCard(page).getByRole("link", { name: "Connect Company Data", exact: true }).waitFor();
      await perEmployeeCard(page).getByRole("link", { name: "Connect Company Data", exact: true }).waitFor();
      expect(await page.locator("canvas").count()).toBe(0);
    },
    { viewport: DESKTOP },
  );

  browserTest("declining on the consent page says so and offers to try again", async ({ page }) => {
    await signUpNewClient(page, NEW_CLIENT);
    await page.goto("/dashboard");
    await monthlyCard(page).getByRole("link", { name: "Connect Company Data", exact: true }).click();
    await expectPath(page, "/quickbooks/demo-consent");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();

    await page.waitForURL(
      (url) => url.pathname === "/quickbook-status" && url.searchParams.get("reason") === "access_denied",
    );
    await page.getByRole("alert").getByText(ACCESS_DENIED, { exact: true }).waitFor();
    const tryAgain = page.getByRole("link", { name: "Try again", exact: true });
    expect(await tryAgain.getAttribute("href")).toBe("/api/quickbooks/createAuthPortal?returnPage=DASHBOARD");

    // Trying again goes back to the consent page with a fresh state; Back returns to the dashboard.
    await tryAgain.click();
    await expectPath(page, "/quickbooks/demo-consent");
    await page.getByRole("button", { name: "Connect demo company", exact: true }).waitFor();
    await page.goBack();
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expectPath(page, "/dashboard");
  });
});
