import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn } from "../support";

/**
 * The demo's completed engagement (Grace Liu, three deliverables the business approved): Grace set
 * up payouts after the approvals (scripts/lib/demo-payouts.mjs), so each held amount was sent once.
 * The active one (Daniel Brennan): the business disputed its first deliverable after a revision and
 * the manager settled it with a split (docs/decisions/079: $450.00 of its $1,500.00 refunded, the
 * platform's 20% kept on the $1,050.00 left, $840.00 to Daniel), and Daniel has not set up payouts,
 * so what it earned him is held. Nothing here sets up payouts or retries, so the
 * states stay for the other tests.
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

for (const [label, viewport] of [
  ["1280", { width: 1280, height: 900 }],
  ["375", PHONE],
] as const) {
  describe(`the demo's held transfer at ${label}px`, () => {
    browserTest(
      "the manager sees Daniel's settled deliverable held, with no Retry while his payouts are not set up",
      async ({ page }) => {
        await signIn(page, "manager@partwise.test");
        await expectPath(page, "/manage");
        // The console's home counts what waits on the money desk (other browser tests may add to
        // any of it, so only the card's shape is fixed here).
        const card = page.getByRole("region", { name: "Money desk" });
        // The URL changes before the console's home has rendered: wait for the card, then read it.
        await card.locator("dt").first().waitFor();
        expect(await card.locator("dt").allTextContents()).toEqual([
          "Disputes to settle",
          "Transfers to retry",
          "Held transfers",
          "Near automatic acceptance",
          "Refunds under way",
        ]);
        for (const count of await card.locator("dd").allTextContents()) expect(count).toMatch(/^\d+$/);
        // Daniel's held transfer is counted (other tests may hold more).
        expect(Number(await card.locator("dd").nth(2).textContent())).toBeGreaterThanOrEqual(1);
        await card.getByRole("link", { name: "Open the money desk" }).click();
        await expectPath(page, "/manage/money");
        const held = page.locator('section[aria-labelledby="transfers-held-heading"]');
        const row = held.locator("tbody tr").filter({ hasText: "Daniel Brennan" });
        await row.first().waitFor();
        expect(await row.count()).toBe(1);
        await row.getByText("Wholesale review and target accounts", { exact: true }).waitFor();
        await row.getByText("$840.00", { exact: true }).waitFor();
        await row.getByText("Held", { exact: true }).waitFor();
        await row.getByText("Consultant's payouts: Not set up", { exact: true }).waitFor();
        expect(await row.getByRole("button", { name: /^Retry/ }).count()).toBe(0);
        if (label === "375") {
          // Nothing to do for it: no empty "Action" line in the row's card.
          expect(
            await row.locator("td:visible").evaluateAll((cells) => cells.map((c) => c.dataset.label)),
          ).not.toContain("Action");
        }

        await row.getByRole("link", { name: "Wholesale growth plan" }).click();
        await page.getByRole("heading", { name: "Money", level: 2 }).waitFor();
        const items = page.getByRole("list", { name: "Money by deliverable" }).getByRole("listitem");
        expect(await items.nth(0).locator(".payout-money-title .badge").textContent()).toBe(
          "Held until payouts are set up",
        );
        expect(await items.nth(0).getByRole("button", { name: "Retry transfer" }).count()).toBe(0);
      },
      { viewport },
    );

    browserTest(
      "Daniel opens his settled deliverable from the plan, then sees the amount held for him and the button that releases it",
      async ({ page }) => {
        await signIn(page, "consultant6@partwise.test");
        await expectPath(page, "/consultant");
        // The portal's home says what waits for him: the money held until he sets up payouts.
        const payouts = page.getByRole("region", { name: "Set up payouts" });
        await payouts
          .getByText(
            "$840.00 is held for you until you set up payouts. Stripe checks your identity and bank details, then sends it.",
            { exact: true },
          )
          .waitFor();
        expect(await payouts.getByRole("link", { name: "Set up payouts" }).getAttribute("href")).toBe(
          "/consultant/payouts",
        );
        await page.goto("/consultant/engagements");
        await page
          .getByRole("link", { name: /Wholesale growth plan/ })
          .first()
          .click();
        const paid = page.getByRole("list", { name: "Paid deliverables" });
        await paid.getByRole("link", { name: "Wholesale review and target accounts", exact: true }).click();
        await page.getByRole("heading", { name: "Wholesale review and target accounts", level: 1 }).waitFor();
        await page
          .getByText(
            /^Dispute settled on .+: the business is refunded \$450\.00; you earn \$840\.00 \(the \$1,050\.00 kept, less the \$210\.00 platform fee\)\.$/,
          )
          .waitFor();
        const earning = page.getByRole("region", { name: "You earn" });
        await earning.getByText("$840.00", { exact: true }).waitFor();
        await earning.getByText("Held until payouts are set up", { exact: true }).waitFor();

        await page.goto("/consultant/payouts");
        await page.getByRole("heading", { name: "Earnings", level: 2 }).waitFor();
        await page.getByText("Not set up", { exact: true }).waitFor();
        await page.getByRole("button", { name: "Set up payouts", exact: true }).waitFor();
        expect(await page.locator('[data-total="paid"] .earnings-total-amount').textContent()).toBe("$0.00");
        expect(await page.locator('[data-total="held"] .earnings-total-amount').textContent()).toBe("$840.00");
        const earnings = page.getByRole("table", { name: "Earnings by deliverable or month" });
        const accepted = earnings.getByRole("row").filter({ hasText: "Wholesale review and target accounts" });
        await accepted.getByText("Held: payouts not set up", { exact: true }).waitFor();
        const delivered = earnings.getByRole("row").filter({ hasText: "Price list and guardrails" });
        await delivered.getByText("Delivered, awaiting approval", { exact: true }).waitFor();
        await delivered.getByText("$960.00", { exact: true }).waitFor();
      },
      { viewport },
    );
  });
}
