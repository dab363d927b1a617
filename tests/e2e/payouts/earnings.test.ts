import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn } from "../support";

/**
 * Grace Liu (consultant7@): the three deliverables of her completed engagement were approved and,
 * once she set up payouts (scripts/lib/demo-payouts.mjs), each was transferred once — so her
 * earnings show three paid deliverables (price less the 20% fee) and her payouts list, from the
 * local provider, one automatic payout per transfer.
 */
const GRACE = "consultant7@partwise.test";
const PAID = [
  { title: "Roles and ownership map", amount: "$1,440.00" },
  { title: "Weekly operating rhythm", amount: "$1,920.00" },
  { title: "Lead coaching and handover", amount: "$1,680.00" },
];

for (const [label, viewport] of [
  ["1280", { width: 1280, height: 900 }],
  ["375", PHONE],
] as const) {
  describe(`the consultant's earnings and payouts at ${label}px`, () => {
    browserTest(
      "Grace sees what she was paid per deliverable, her payouts to her bank, and the Express dashboard beside them",
      async ({ page }) => {
        await signIn(page, GRACE);
        await expectPath(page, "/consultant");
        await page.goto("/consultant/payouts");
        await expectPath(page, "/consultant/payouts");
        await page.getByRole("heading", { name: "Earnings", level: 2 }).waitFor();

        const totals = page.getByRole("definition").filter({ hasText: "$" });
        expect(await page.locator('[data-total="paid"] .earnings-total-amount').textContent()).toBe("$5,040.00");
        expect(await page.locator('[data-total="held"] .earnings-total-amount').textContent()).toBe("$0.00");
        await page.getByText("Nothing is held.", { exact: true }).waitFor();
        expect(await totals.count()).toBeGreaterThanOrEqual(3);

        const earnings = page.getByRole("table", { name: "Earnings by deliverable" });
        for (const item of PAID) {
          const row = earnings.getByRole("row").filter({ hasText: item.title });
          expect(await row.count()).toBe(1);
          expect(await row.getByText(item.amount, { exact: true }).count()).toBe(1);
          expect(await row.getByText("Paid to you", { exact: true }).count()).toBe(1);
          expect(await row.getByText("Store leadership rhythm", { exact: true }).count()).toBe(1);
        }

        const payouts = page.getByRole("table", { name: "Payouts to your bank, as Stripe reports them" });
        await payouts.waitFor();
        const payoutRows = payouts.locator("tbody tr");
        expect(await payoutRows.count()).toBe(3);
        for (const item of PAID) {
          const row = payoutRows.filter({ hasText: item.amount });
          expect(await row.count()).toBe(1);
          expect(["In transit", "Paid"]).toContain((await row.locator(".status-pill").textContent()) ?? "");
        }
        const section = page.getByRole("region", { name: "Payouts to your bank" });
        await section.getByRole("button", { name: "Open Stripe Express dashboard", exact: true }).waitFor();

        // Nothing wider than the screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);

        // Each deliverable links to its page in the portal.
        await earnings.getByRole("link", { name: PAID[0]!.title, exact: true }).click();
        await page.waitForURL((url) => /^\/consultant\/engagements\/[^/]+\/items\/[^/]+$/.test(url.pathname));
        await page.getByText(PAID[0]!.title).first().waitFor();
      },
      { viewport },
    );
  });
}
