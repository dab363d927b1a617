import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { bellLabel } from "~/lib/notifications/notification-copy";
import { browserTest, DESKTOP, expectPath, PHONE, signInAsDemoClient, signUpNewClient } from "../support";

/** The bell's name, whatever it counts (bellLabel). */
const BELL_NAME = /^Notifications(, \d+ unread(: .+)?)?$/;

/** Nothing is wider than the screen (no sideways scrolling at 375 px). */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("the notifications page, email preferences and unsubscribe", () => {
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    browserTest(
      `bell count → Notifications page → mark all read (${viewport.width} px)`,
      async ({ page }) => {
        await signInAsDemoClient(page);
        await page.goto("/notifications");
        await page.getByRole("heading", { level: 1, name: "Notifications" }).waitFor();
        await expectNoSidewaysScroll(page);
        // The bell also counts unread messages, named apart ("…, 5 unread: 3 notifications and 2 messages").
        const bell = page.getByRole("button", { name: BELL_NAME });
        const name = (await bell.getAttribute("aria-label")) ?? "";
        const messages = Number(/(\d+) messages?$/.exec(name)?.[1] ?? 0);
        const notifications = /^Notifications, (\d+) unread$/.exec(name) ?? /: (\d+) notifications?/.exec(name);
        if (notifications) {
          const unread = Number(notifications[1]);
          await page.getByText(`${unread} unread`, { exact: true }).waitFor();
          await page.getByRole("button", { name: "Mark all as read" }).click();
          await page.getByText("All notifications are marked as read.").waitFor();
        }
        await page.getByText("No unread notifications", { exact: true }).waitFor();
        await page.getByRole("button", { name: bellLabel(0, messages), exact: true }).waitFor();
        expect(await page.getByRole("button", { name: "Mark all as read" }).count()).toBe(0);
        expect(await page.locator(".hub-n-list .hub-n-badge").count()).toBe(0);
      },
      { viewport },
    );
  }

  browserTest("a client turns an email group off in Settings", async ({ page }) => {
    await signUpNewClient(page, { emailPrefix: "prefs" });
    await page.goto("/company-profile?tab=preferences");
    await page.getByRole("heading", { name: "Email notifications" }).waitFor();
    const matching = page.getByRole("checkbox", { name: "Consultant matching" });
    expect(await matching.isChecked()).toBe(true);
    await matching.uncheck();
    await page.getByRole("button", { name: "Save email preferences" }).click();
    await page.getByText("Your email preferences are saved.").waitFor();
    await page.reload();
    expect(await page.getByRole("checkbox", { name: "Consultant matching" }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: "Insights and benchmarking" }).isChecked()).toBe(true);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    browserTest(
      `the unsubscribe link of an outbox email works without signing in (${viewport.width} px)`,
      async ({ page }) => {
        await page.goto("/dev/outbox");
        // A staff member's email (managers and consultants hear about every flow), so the demo
        // client's own emails keep coming for the other tests.
        const emails = await page.locator(".outbox-email").evaluateAll((articles) =>
          articles.map((article) => ({
            to: article.querySelector("dd")?.textContent ?? "",
            text: article.querySelector(".outbox-text")?.textContent ?? "",
          })),
        );
        const link = emails
          .filter((email) => email.to !== "demo@partwise.test")
          .map((email) => /Unsubscribe from these emails: (\S+)/.exec(email.text)?.[1])
          .find(Boolean);
        expect(link).toBeTruthy();
        await page.goto(link!);
        await expectPath(page, "/unsubscribe");
        await page.getByRole("heading", { name: "Unsubscribe" }).waitFor();
        const question = await page.getByText(/^Stop emails about .+\?$/).textContent();
        const group = /^Stop emails about (.+)\?$/.exec(question ?? "")![1];
        await page.getByRole("button", { name: "Unsubscribe" }).click();
        await page.getByText(`You will no longer get emails about ${group}.`).waitFor();
        await expectNoSidewaysScroll(page);
      },
      { viewport },
    );
  }
});
