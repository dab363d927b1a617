import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn } from "../support";

/**
 * The engagement manager's /manage/notifications (mark one read, open one, mark all read) and
 * email preferences (/manage/settings). The notifications are made in the test, through the
 * product: a consultant's application tells every manager.
 */

const WIDE = { width: 1280, height: 900 };

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Sends a consultant application from the public form (the managers are notified). */
async function apply(page: Page, name: string) {
  await page.goto("/signup/consultant");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(`${name.toLowerCase().replace(/\W+/g, ".")}@example.test`);
  await page.getByLabel("Finance", { exact: true }).check();
  await page.getByLabel("About your experience").fill("Ten years as a fractional CFO.");
  await page.getByRole("button", { name: "Send application" }).click();
  await page.getByText(/^Thank you! Your application was sent\./).waitFor();
}

for (const [label, viewport] of [
  ["1280", WIDE],
  ["375", PHONE],
] as const) {
  describe(`/manage/notifications at ${label}px`, () => {
    browserTest(
      "a manager marks one read, opens one, and marks all read",
      async ({ page }) => {
        const stamp = `${label}-${Date.now().toString(36)}`;
        const first = `Morgan Reed ${stamp}`;
        const second = `Riley Shaw ${stamp}`;
        await apply(page, first);
        await apply(page, second);

        await signIn(page, "manager@partwise.test");
        await expectPath(page, "/manage");
        await page.goto("/manage/notifications");
        await page.getByRole("heading", { level: 1, name: "Notifications" }).waitFor();
        await expectNoSidewaysScroll(page);
        const item = (name: string) =>
          page.getByRole("listitem").filter({ hasText: `${name} applied to join Partwise as a consultant.` });

        // Mark one read: its Unread badge and button go, the other stays unread.
        await item(first).getByRole("button", { name: "Mark read: New consultant application" }).click();
        await page.getByRole("status").getByText("Notification marked as read.", { exact: true }).waitFor();
        await item(first).getByText("Unread", { exact: true }).waitFor({ state: "detached" });
        await item(second).getByText("Unread", { exact: true }).waitFor();

        // Open one: marked read, then its link.
        await item(second).getByRole("button", { name: "New consultant application", exact: true }).click();
        await expectPath(page, "/manage/consultants/invitations");
        await page.goto("/manage/notifications");
        await item(second).getByText("Unread", { exact: true }).waitFor({ state: "detached" });

        // Mark all read (when others are still unread from the demo or other tests).
        const markAll = page.getByRole("button", { name: "Mark all as read" });
        if ((await markAll.count()) > 0) {
          await markAll.click();
          await page.getByRole("status").getByText("All notifications are marked as read.", { exact: true }).waitFor();
        }
        await page.getByText("No unread notifications", { exact: true }).waitFor();
        expect(await page.locator(".hub-n-list .hub-n-badge").count()).toBe(0);
      },
      { viewport, timeout: 60_000 },
    );
  });
}

describe("/manage/settings", () => {
  browserTest("a manager turns the consultant emails off and back on", async ({ page }) => {
    await signIn(page, "manager@partwise.test");
    await expectPath(page, "/manage");
    await page.getByRole("link", { name: "Settings", exact: true }).first().click();
    await expectPath(page, "/manage/settings");
    const box = page.getByRole("checkbox", { name: /^Consultant profile/ });
    await box.uncheck();
    await page.getByRole("button", { name: "Save email preferences" }).click();
    await page.getByText("Your email preferences are saved.", { exact: true }).waitFor();
    await page.reload();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByRole("button", { name: "Save email preferences" }).click();
    await page.getByText("Your email preferences are saved.", { exact: true }).waitFor();
    await page.reload();
    expect(await box.isChecked()).toBe(true);
  });
});
