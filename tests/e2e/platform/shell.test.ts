import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, DESKTOP, PHONE, signInAsDemoClient, signUpNewClient } from "../support";

const NAV_LINKS = [
  "Dashboard",
  "Insights",
  "Matching",
  "Documents Hub",
  "Benchmarking",
  "Learning Center",
  "Events",
  "Support",
  "Settings",
];

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const menuButton = (page: Page) => page.getByRole("button", { name: "Menu", exact: true });

describe("app shell", () => {
  browserTest(
    "on a desktop the main navigation is always visible and there is no Menu button",
    async ({ page }) => {
      await signInAsDemoClient(page);
      for (const name of NAV_LINKS) {
        await mainNav(page).getByRole("link", { name, exact: true }).waitFor({ state: "visible" });
      }
      await mainNav(page).getByRole("button", { name: "Logout", exact: true }).waitFor({ state: "visible" });
      expect(await menuButton(page).isVisible()).toBe(false);
    },
    { viewport: DESKTOP },
  );

  browserTest(
    "on a phone the navigation hides behind the Menu button and nothing scrolls sideways",
    async ({ page }) => {
      await signInAsDemoClient(page);
      const menu = menuButton(page);
      await menu.waitFor({ state: "visible" });
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      await mainNav(page).getByRole("link", { name: "Insights", exact: true }).waitFor({ state: "hidden" });

      await menu.click();
      await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("true");
      for (const name of NAV_LINKS) {
        await mainNav(page).getByRole("link", { name, exact: true }).waitFor({ state: "visible" });
      }

      await menu.click();
      await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
      await mainNav(page).getByRole("link", { name: "Insights", exact: true }).waitFor({ state: "hidden" });

      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    },
    { viewport: PHONE },
  );

  browserTest(
    "a page that takes a while to arrive shows the loading bar until it does",
    async ({ page }) => {
      await signInAsDemoClient(page);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/events\.data/, async (route) => {
        await held;
        await route.continue();
      });
      const bar = page.getByRole("progressbar", { name: "Loading the page" });
      // The sign-in's own navigation has ended: its URL changes before React renders the idle page,
      // so on a busy machine the bar can still be there a moment after /dashboard is the URL.
      await bar.waitFor({ state: "detached" });

      await mainNav(page).getByRole("link", { name: "Events", exact: true }).click();
      await bar.waitFor({ state: "visible" });
      // Shown after a quarter of a second, while the dashboard is still the page.
      await expect.poll(() => bar.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
      expect(new URL(page.url()).pathname).toBe("/dashboard");

      release();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/events");
      await bar.waitFor({ state: "detached" });
      await page.getByRole("heading", { level: 1, name: "Upcoming Events" }).waitFor();
    },
    { viewport: DESKTOP },
  );

  browserTest(
    "Documents Hub, Learning Center and Events are available and marked current on their pages",
    async ({ page }) => {
      await signInAsDemoClient(page);
      const nav = mainNav(page);
      const link = (name: string) => nav.getByRole("link", { name, exact: true });
      expect(await link("Learning Center").getAttribute("href")).toBe("/learning");
      expect(await nav.locator(".is-unavailable").count()).toBe(0);

      await link("Documents Hub").click();
      await expect.poll(() => page.url()).toContain("/features?focus=Documents");
      await expect.poll(() => link("Documents Hub").getAttribute("aria-current")).toBe("page");
      expect(await link("Dashboard").getAttribute("aria-current")).toBeNull();

      await link("Events").click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/events");
      await expect.poll(() => link("Events").getAttribute("aria-current")).toBe("page");
      expect(await link("Documents Hub").getAttribute("aria-current")).toBeNull();
    },
    { viewport: DESKTOP },
  );

  browserTest("the dashboard shows its cards", async ({ page }) => {
    await signInAsDemoClient(page);
    for (const heading of [
      "Insights",
      "Engagements",
      "Documents Hub",
      "Monthly Revenue and Net Income",
      "Revenue Per Employee",
      "Upcoming Events",
      "Notifications",
      "Learning Center",
    ]) {
      // The finance cards' titles end with the period shown once the books are connected (the demo's are).
      await page
        .getByRole("heading", { name: new RegExp(`^${heading}`) })
        .first()
        .waitFor({ state: "visible" });
    }
  });

  browserTest("the Matching feature page opens on its empty state", async ({ page }) => {
    // A new business: the demo client's match requests depend on which other tests ran first.
    await signUpNewClient(page, { emailPrefix: "shell-matching" });
    await page.goto("/features?focus=Matching");
    await page.getByText("No Active Matches", { exact: true }).waitFor({ state: "visible" });
  });
});
