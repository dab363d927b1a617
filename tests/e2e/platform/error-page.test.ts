import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE } from "../support";

describe("the error page", () => {
  browserTest(
    "an unknown address says the page was not found, hydrates, and its button goes home",
    async ({ page }) => {
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
      await page
        .getByText("We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.")
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
      await page.getByRole("link", { name: "Go to the home page" }).click();
      await expectPath(page, "/");
      await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    },
    { viewport: PHONE, allowConsoleErrors: [/404/] },
  );
});
