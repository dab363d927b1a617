import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, PHONE, signInAsDemoClient, signUpNewClient } from "../support";

async function cardTitles(page: Page): Promise<string[]> {
  const card = page.locator("#notifications");
  await card.getByRole("heading", { name: "Notifications" }).waitFor();
  return titlesIn(card.locator(".notification-title"));
}

/** Each notification's title, without its "Unread" badge (the name of the title's button). */
function titlesIn(titles: Locator): Promise<string[]> {
  return titles.evaluateAll((nodes) =>
    nodes.map((node) =>
      [...node.childNodes]
        .filter((child) => !(child instanceof Element && child.classList.contains("hub-n-badge")))
        .map((child) => child.textContent ?? "")
        .join("")
        .trim(),
    ),
  );
}

/** Opens the top bar's bell and returns the titles its panel lists. */
async function bellTitles(page: Page): Promise<string[]> {
  const bell = page.getByRole("button", { name: /^Notifications(, \d+ unread(: .+)?)?$/ });
  await bell.click();
  expect(await bell.getAttribute("aria-expanded")).toBe("true");
  const panel = page.locator(`[id="${await bell.getAttribute("aria-controls")}"]`);
  await panel.waitFor();
  return titlesIn(panel.locator(".notification-title"));
}

describe("notifications", () => {
  browserTest("the bell lists the same notifications as the dashboard's card", async ({ page }) => {
    await signInAsDemoClient(page);
    const onCard = await cardTitles(page);
    // The demo's flows (insight, matching, engagements, benchmarking) announced themselves; other
    // tests may publish more to this account, so the newest ones are whatever came last.
    expect(onCard.length).toBeGreaterThan(0);
    expect(await bellTitles(page)).toEqual(onCard);
    const bell = page.getByRole("button", { name: /^Notifications(, \d+ unread(: .+)?)?$/ });
    const panel = page.locator(`[id="${await bell.getAttribute("aria-controls")}"]`);
    expect(await panel.getByText("You have no notifications.").count()).toBe(0);
    await page.keyboard.press("Escape");
    expect(await bell.getAttribute("aria-expanded")).toBe("false");

    // Opening one from the bell marks it read, navigates inside the app and closes the panel.
    await bell.click();
    await panel.getByRole("button", { name: onCard[0] }).first().click();
    await page.waitForURL((url) => url.pathname !== "/dashboard");
    // The panel closes once the new page has rendered.
    await panel.waitFor({ state: "hidden" });
    expect(await bell.getAttribute("aria-expanded")).toBe("false");
  });

  browserTest(
    "with none, the bell and the card both say so, at phone width too",
    async ({ page }) => {
      await signUpNewClient(page, { emailPrefix: "bell" });
      await page.goto("/dashboard");
      expect(await cardTitles(page)).toEqual([]);
      await page.locator("#notifications").getByText("You have no notifications.", { exact: true }).waitFor();
      expect(await bellTitles(page)).toEqual([]);
      const bell = page.getByRole("button", { name: "Notifications", exact: true });
      await page.getByRole("link", { name: "View all notifications" }).first().waitFor();
      await page
        .locator(`[id="${await bell.getAttribute("aria-controls")}"]`)
        .getByText("You have no notifications.", { exact: true })
        .waitFor();
    },
    { viewport: PHONE },
  );
});
