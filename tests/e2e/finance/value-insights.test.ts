import { describe, expect } from "vitest";
import { browserTest, connectDemoCompanyAndOpenDashboard, signUpNewClient } from "../support";

/**
 * Value insights as a new business meets them: connecting the demo company builds the finance
 * report, which brings Finance insights derived from it to the dashboard; one is opened, rated,
 * commented and turned into a match request.
 */
describe("value insights", () => {
  browserTest(
    "connecting company data brings value insights that can be rated and turned into a match",
    async ({ page }) => {
      await signUpNewClient(page, { emailPrefix: "value-insights" });
      await page.goto("/profile-progress");
      await page
        .locator('[data-step="companyData"]')
        .getByRole("link", { name: /Connect your accounting data/ })
        .click();
      await connectDemoCompanyAndOpenDashboard(page);

      const activity = page.getByRole("region", { name: "Activity" });
      expect(await activity.getByLabel("Category").inputValue()).toBe("Delivered");
      const tiles = activity.getByRole("article", { name: /^Finance insight/ });
      await tiles.first().waitFor();
      // The demo company's 24 months give the revenue trend and the net margin at least.
      expect(await tiles.count()).toBeGreaterThanOrEqual(2);
      await activity
        .getByText(/^Revenue (up|down) \d+(\.\d)?% on last year$|^Revenue is steady on last year$/)
        .first()
        .waitFor();
      await activity
        .getByText(/^Net margin /)
        .first()
        .waitFor();
      await tiles.first().getByText("Your insight is available!", { exact: true }).waitFor();

      const marginTile = tiles.filter({ hasText: /Net margin / }).first();
      const title = (await marginTile.locator(".insight-tile-kind").innerText()).trim();
      await marginTile.getByRole("link", { name: "Click here to view." }).click();
      await page.waitForURL((url) => url.pathname === "/insight-discovery" && url.searchParams.get("type") === "VALUE");
      await page.getByRole("heading", { level: 1, name: title }).waitFor();

      const stars = page.getByRole("group", { name: "Rate this insight" });
      expect(await stars.getByRole("radio", { name: "3 stars" }).isChecked()).toBe(true);
      await stars.getByRole("radio", { name: "2 stars" }).check();
      await page.getByText("Somewhat helpful. What would have made it better?", { exact: true }).waitFor();
      await page.getByLabel("Feedback (optional)").fill("Show the margin by product line.");
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await page.getByRole("status").getByText("Thank you for your feedback!", { exact: true }).waitFor();

      await page.getByRole("button", { name: "Match with Consultant", exact: true }).click();
      await page.getByRole("status").getByText("Your match request has been sent!").waitFor();
      await page.goto("/features?focus=Matching");
      const row = page.locator(".match-row").first();
      await row.getByText("Finance", { exact: true }).waitFor();
      await row.getByText("We are finding the best consultant for your request.").waitFor();
    },
  );
});
