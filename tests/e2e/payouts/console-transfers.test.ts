import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn } from "../support";

/**
 * The managers' Transfers page (issue #18, Q2) over the demo data: Grace Liu's three transfers of
 * "Store leadership rhythm" among the recently paid, and the failed and held sections (empty in the
 * demo; other browser tests may add to them). The Retry of a failed transfer
 * is covered by the integration tests against the Stripe stub (the built-in local provider has no
 * real way to refuse a transfer to an account the app believes ready).
 */
for (const [label, viewport] of [
  ["1280", { width: 1280, height: 900 }],
  ["375", PHONE],
] as const) {
  describe(`the Transfers console page at ${label}px`, () => {
    browserTest(
      "the manager finds transfers needing attention and the recently paid, each linked to its engagement",
      async ({ page }) => {
        await signIn(page, "manager@partwise.test");
        await expectPath(page, "/manage");
        if (label === "1280") {
          await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Transfers" }).click();
        } else {
          await page.goto("/manage/transfers");
        }
        await expectPath(page, "/manage/transfers");
        await page.getByRole("heading", { name: "Transfers", level: 1 }).waitFor();

        // Other browser tests may leave transfers held or failed (a completed journey's consultant
        // without payouts): each section is either its empty text or rows in its own state.
        const section = (id: string) => page.locator(`section[aria-labelledby="${id}"]`);
        for (const [id, empty, badge] of [
          ["transfers-failed-heading", "No transfer has failed.", /^(Transfer failed|Transfer in progress)$/],
          ["transfers-held-heading", "No transfer is held.", /^Held$/],
        ] as const) {
          const rows = section(id).locator("tbody tr");
          if ((await rows.count()) === 0) {
            expect(await section(id).getByText(empty, { exact: true }).isVisible()).toBe(true);
          } else {
            for (const badgeText of await rows.locator(".badge").allTextContents()) expect(badgeText).toMatch(badge);
          }
        }

        const paid = section("transfers-paid-heading").getByRole("table");
        const headers = await paid.getByRole("columnheader").allTextContents();
        expect(headers).toEqual(["Engagement", "Business", "Consultant", "Deliverable", "Amount", "Status", "Date"]);
        const grace = paid.getByRole("row").filter({ hasText: "Grace Liu" });
        expect(await grace.count()).toBeGreaterThanOrEqual(3);
        for (let index = 0; index < 3; index++) {
          const row = grace.nth(index);
          expect(await row.getByRole("cell").nth(5).textContent()).toBe("Transferred");
          expect(await row.getByRole("cell").nth(4).textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
          expect(await row.getByRole("cell").nth(6).textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
        }

        // The table's region takes the keyboard's focus only while there is something to scroll.
        const scroller = section("transfers-paid-heading").locator(".table-scroll");
        await page.waitForSelector("html[data-hydrated]");
        const overflows = await scroller.evaluate((element) => element.scrollWidth > element.clientWidth);
        await expect.poll(() => scroller.getAttribute("tabindex")).toBe(overflows ? "0" : null);
        if (label === "1280") {
          // Narrowed below the table's width, the region becomes a tab stop; widened again, it is not.
          await scroller.evaluate((element) => (element.style.width = "320px"));
          await expect.poll(() => scroller.getAttribute("tabindex")).toBe("0");
          await scroller.evaluate((element) => (element.style.width = ""));
          await expect.poll(() => scroller.getAttribute("tabindex")).toBe(overflows ? "0" : null);
        }
        if (label === "375") {
          // On a phone each row is a card, every cell labelled by its column: nothing scrolls sideways.
          expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
          const cells = grace.first().getByRole("cell");
          expect(await cells.evaluateAll((all) => all.map((cell) => cell.getAttribute("data-label")))).toEqual(headers);
          const amount = cells.nth(4);
          expect(await amount.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Amount"');
        }

        await grace.first().getByRole("link", { name: "Store leadership rhythm" }).click();
        await page.getByRole("heading", { name: "Money", level: 2 }).waitFor();
        expect(new URL(page.url()).pathname).toMatch(/^\/manage\/engagements\/[^/]+$/);
      },
      { viewport },
    );
  });
}
