import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn } from "../support";

/**
 * The managers' money desk (issue #40 item 4, once the Transfers page of issue #18, Q2) over the
 * demo data: its six sections in order, each heading counting its rows (or its empty text), Grace
 * Liu's three transfers of "Store leadership rhythm" among the recently paid, and the failed and
 * held sections (other browser tests may add to them). The Retry of a failed transfer
 * is covered by the integration tests against the Stripe stub (the built-in local provider has no
 * real way to refuse a transfer to an account the app believes ready).
 */
for (const [label, viewport] of [
  ["1280", { width: 1280, height: 900 }],
  ["375", PHONE],
] as const) {
  describe(`the money desk at ${label}px`, () => {
    browserTest(
      "the manager finds disputes, transfers, near acceptances and refunds, counted, and the recently paid, each linked to its engagement",
      async ({ page }) => {
        await signIn(page, "manager@partwise.test");
        await expectPath(page, "/manage");
        if (label === "1280") {
          await page
            .getByRole("navigation", { name: "Console" })
            .getByRole("link", { name: /^Money desk/ })
            .click();
        } else {
          // The old address of the Transfers page still leads there (a 301).
          await page.goto("/manage/transfers");
        }
        await expectPath(page, "/manage/money");
        await page.getByRole("heading", { name: "Money desk", level: 1 }).waitFor();

        // Six sections in order, each heading counting the rows it lists, or its empty text.
        const section = (id: string) => page.locator(`section[aria-labelledby="${id}"]`);
        const SECTIONS = [
          ["desk-disputes-heading", "Disputes to settle", "No dispute waits for a settlement."],
          ["transfers-failed-heading", "Transfers to retry", "No transfer needs a retry."],
          ["transfers-held-heading", "Held transfers", "No transfer is held."],
          [
            "desk-near-heading",
            "Near automatic acceptance",
            "No delivery will be accepted automatically in the next 3 days.",
          ],
          ["desk-refunds-heading", "Refunds under way", "No refund is under way."],
          ["transfers-paid-heading", "Recently paid", "No transfer has been paid yet."],
        ] as const;
        const headings = await page.locator(".transfers-page section > h2").allTextContents();
        expect(headings.map((heading) => heading.replace(/ \(\d+\)$/, ""))).toEqual(SECTIONS.map(([, title]) => title));
        for (const [id, title, empty] of SECTIONS) {
          const rows = await section(id).locator("tbody tr").count();
          expect(await section(id).getByRole("heading", { level: 2 }).textContent()).toBe(`${title} (${rows})`);
          if (rows === 0) await section(id).getByText(empty, { exact: true }).waitFor();
        }

        // Other browser tests may leave transfers held or failed (a completed journey's consultant
        // without payouts): each section is either its empty text or rows in its own state.
        for (const [id, badge] of [
          ["transfers-failed-heading", /^(Transfer failed|Transfer in progress)$/],
          ["transfers-held-heading", /^Held$/],
          ["desk-disputes-heading", /^(Open|Settlement under way)$/],
          ["desk-refunds-heading", /^(Under way|Refund failed)$/],
        ] as const) {
          for (const badgeText of await section(id).locator("tbody tr .badge").allTextContents()) {
            expect(badgeText).toMatch(badge);
          }
        }
        // A delivery near its automatic acceptance says when, with the time and its zone.
        for (const text of await section("desk-near-heading").locator("tbody td:last-child").allTextContents()) {
          expect(text).toMatch(/^Accepted automatically on [A-Z][a-z]{2,3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
        }

        const paid = section("transfers-paid-heading").getByRole("table");
        const headers = await paid.getByRole("columnheader").allTextContents();
        expect(headers).toEqual([
          "Engagement",
          "Business",
          "Consultant",
          "Deliverable or month",
          "Amount",
          "Status",
          "Date",
        ]);
        const grace = paid.getByRole("row").filter({ hasText: "Grace Liu" });
        expect(await grace.count()).toBeGreaterThanOrEqual(3);
        for (let index = 0; index < 3; index++) {
          const row = grace.nth(index);
          expect(await row.getByRole("cell").nth(5).textContent()).toBe("Transferred");
          expect(await row.getByRole("cell").nth(4).textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
          expect(await row.getByRole("cell").nth(6).textContent()).toMatch(/^[A-Z][a-z]{2,3} \d{1,2}, \d{4}$/);
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
