import { existsSync, readFileSync } from "node:fs";
import { describe, expect, inject } from "vitest";
import { demoPlayedAtFile } from "../../../scripts/lib/e2e-server.mjs";
import { monthLabel } from "~/lib/payouts/statements";
import { atEachWidth, browserTest, expectPath, PHONE, signIn } from "../support";

/**
 * Grace Liu (consultant7@): the three deliverables of her completed engagement were approved and,
 * once she set up payouts (scripts/lib/demo-payouts.mjs), each was transferred once — so her
 * earnings show three paid deliverables (price less the 20% fee) and her payouts list, from the
 * local provider, one automatic payout per transfer.
 */
const GRACE = "consultant7@partwise.test";
const WIDE = { width: 1280, height: 900 };
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

        const earnings = page.getByRole("table", { name: "Earnings by deliverable or month" });
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

/** When the server under test played the demo flows (now, for a server started elsewhere). */
function demoPlayedAt(): Date {
  const file = demoPlayedAtFile(inject("persistTo"));
  return existsSync(file) ? new Date(readFileSync(file, "utf8").trim()) : new Date();
}

/**
 * Last month's earnings statement (issue #40 item 3, ADR 081): the demo back-dates the completed
 * engagement's last deliverable (and its transfer) into last month, and Grace set up payouts only
 * afterwards, so last month shows its gross and fee and all three transfers held at month end.
 */
describe("the consultant's earnings statement", () => {
  browserTest(
    "Grace opens last month's statement from Payouts: per deliverable, the totals, held at month end, and its PDF and CSV",
    async ({ page }) => {
      // Last month as of when the demo was played (the server's start), not as of now.
      const last = demoPlayedAt();
      last.setUTCDate(1);
      last.setUTCMonth(last.getUTCMonth() - 1);
      const month = last.toISOString().slice(0, 7);
      const title = `Earnings statement for ${monthLabel(month)}`;
      await signIn(page, GRACE);
      await expectPath(page, "/consultant");
      await page.goto("/consultant/payouts");
      await page.getByRole("link", { name: "Monthly earnings statements", exact: true }).click();
      await expectPath(page, "/consultant/payouts/statements");
      await page
        .getByRole("navigation", { name: "Months" })
        .getByRole("link", { name: monthLabel(month), exact: true })
        .click();
      await expectPath(page, `/consultant/payouts/statements/${month}`);
      await page.getByRole("heading", { name: title, level: 2 }).waitFor();
      const table = page.getByRole("table", { name: title });
      const amounts = async (name: string) =>
        (await table.getByRole("row").filter({ hasText: name }).locator(".cell-amount").allTextContents()).map((text) =>
          text.trim(),
        );
      await atEachWidth(page, [PHONE, WIDE], async () => {
        // Gross, fee, transferred, reversed, held at month end.
        expect(await amounts("Roles and ownership map")).toEqual(["$0.00", "$0.00", "$0.00", "$0.00", "$1,440.00"]);
        expect(await amounts("Weekly operating rhythm")).toEqual(["$0.00", "$0.00", "$0.00", "$0.00", "$1,920.00"]);
        expect(await amounts("Lead coaching and handover")).toEqual([
          "$2,100.00",
          "$420.00",
          "$0.00",
          "$0.00",
          "$1,680.00",
        ]);
        expect(await amounts("Total")).toEqual(["$2,100.00", "$420.00", "$0.00", "$0.00", "$5,040.00"]);
      });

      const csv = await page.request.get(
        (await page.getByRole("link", { name: "Download CSV", exact: true }).getAttribute("href"))!,
      );
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const lines = (await csv.text()).trim().split(/\r?\n/);
      expect(lines).toHaveLength(4);
      expect(lines[0]).toBe(
        "Month,Business,Engagement,Deliverable,Gross (USD),Platform fee (USD),Transferred (USD),Reversed (USD),Held at month end (USD)",
      );
      expect(lines).toContain(
        `${month},Harbor & Pine Outfitters,Store leadership rhythm,Lead coaching and handover,2100.00,420.00,0.00,0.00,1680.00`,
      );
      const pdf = await page.request.get(
        (await page.getByRole("link", { name: "Download PDF", exact: true }).getAttribute("href"))!,
      );
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
    },
    { viewport: PHONE },
  );
});
