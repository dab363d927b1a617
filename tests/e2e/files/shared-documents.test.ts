import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn } from "../support";

/**
 * The documents shared with a match or engagement, from the demo: Daniel Brennan
 * (consultant6@partwise.test) runs the demo business's wholesale engagement, signed, with its
 * first deliverable delivered with wholesale-accounts.csv; manager@partwise.test proposed him.
 */

const WIDE = { width: 1280, height: 900 };
const GROUP = "Harbor & Pine Outfitters · Strategy";
const DELIVERED = "wholesale-accounts.csv";

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const [label, viewport] of [
  ["1280", WIDE],
  ["375", PHONE],
] as const) {
  describe(`shared documents at ${label}px`, () => {
    browserTest(
      "the consultant opens Documents from the portal and downloads a delivered file",
      async ({ page }) => {
        await signIn(page, "consultant6@partwise.test");
        await expectPath(page, "/consultant");
        await page
          .getByRole("navigation", { name: "Portal" })
          .getByRole("link", { name: "Documents", exact: true })
          .click();
        await expectPath(page, "/consultant/documents");
        await page.getByRole("heading", { level: 1, name: "Documents", exact: true }).waitFor();
        const group = page.getByRole("region", { name: GROUP, exact: true });
        const delivered = group.getByRole("listitem").filter({ hasText: DELIVERED });
        await delivered.getByText("Deliverable: Wholesale review and target accounts", { exact: true }).waitFor();
        await delivered.getByText("Daniel Brennan", { exact: true }).waitFor();
        const statement = group.getByRole("listitem").filter({ hasText: "statement-of-work-v1.pdf" });
        await statement.getByText("Signed statement of work, version 1", { exact: true }).waitFor();
        await statement.getByText("Dana Whitfield", { exact: true }).waitFor();
        await expectNoSidewaysScroll(page);

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          delivered.getByRole("link", { name: `Download ${DELIVERED}`, exact: true }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(DELIVERED);
        expect(await readFile((await download.path())!, "utf8")).toContain("account,orders,revenue,margin");

        const engagement = group.getByRole("link", { name: "Open the engagement", exact: true });
        expect(await engagement.getAttribute("href")).toMatch(/^\/consultant\/engagements\/[^/]+$/);
      },
      { viewport },
    );

    browserTest(
      "the assigned manager sees the same documents on the engagement page",
      async ({ page }) => {
        await signIn(page, "manager@partwise.test");
        await expectPath(page, "/manage");
        await page.goto("/manage/engagements");
        await page
          .getByRole("link", { name: /Wholesale growth plan/ })
          .first()
          .click();
        const card = page.getByRole("region", { name: "Documents", exact: true });
        await card.getByRole("link", { name: `Download ${DELIVERED}`, exact: true }).waitFor();
        await card.getByRole("link", { name: "Download statement-of-work-v1.pdf", exact: true }).waitFor();
        await expectNoSidewaysScroll(page);
      },
      { viewport },
    );
  });
}
