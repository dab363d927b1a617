import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn } from "../support";

/**
 * The demo's completed engagement (Grace Liu, three deliverables the business approved): Grace set
 * up payouts after the approvals (scripts/lib/demo-payouts.mjs), so each held amount was sent once.
 */
for (const [label, viewport] of [
  ["1280", { width: 1280, height: 900 }],
  ["375", PHONE],
] as const) {
  describe(`the demo's transfers at ${label}px`, () => {
    browserTest(
      "the manager sees one transfer per approved deliverable of the completed engagement",
      async ({ page }) => {
        await signIn(page, "manager@partwise.test");
        await expectPath(page, "/manage");
        await page.goto("/manage/engagements");
        const completed = page.locator("article, li, section").filter({ hasText: "Store leadership rhythm" }).last();
        await completed.getByRole("link", { name: "Open engagement" }).click();
        await page.getByRole("heading", { name: "Money", level: 2 }).waitFor();
        const items = page.getByRole("list", { name: "Money by deliverable" }).getByRole("listitem");
        expect(await items.count()).toBe(3);
        for (let index = 0; index < 3; index++) {
          // The deliverable's status badge beside its title, not the "Transferred" figure's label.
          expect(await items.nth(index).locator(".payout-money-title .badge").textContent()).toBe("Transferred");
        }
        expect(await page.getByText("Held until payouts are set up", { exact: true }).count()).toBe(0);
      },
      { viewport },
    );
  });
}
