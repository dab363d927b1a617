import { describe, expect } from "vitest";
import { monthLabel } from "~/lib/payouts/statements";
import { atEachWidth, browserTest, expectPath, PHONE, signInAsDemoClient } from "../support";

/**
 * The business's cost and receipt of each deliverable (issue #18): demo@ paid the three
 * deliverables of the completed "Store leadership rhythm" ($1,800, $2,400 and $2,100) through the
 * test checkout with the 4242 card. Issue #36: the receipt is a document a bookkeeper can file
 * (seller and buyer with addresses, the line, sales tax and total, the card), also as a PDF, and
 * each payment's receipt was emailed once.
 */
const WIDE = { width: 1280, height: 900 };

// On a phone; each screen is also checked at 1280 px (atEachWidth).
describe("the business's costs and receipts", () => {
  browserTest(
    "the demo business sees what each deliverable cost, opens its receipt and the payments list",
    async ({ page }) => {
      await signInAsDemoClient(page);
      await page.goto("/features?focus=Engagements");
      await page
        .getByRole("group", { name: "Engagements" })
        .getByRole("button", { name: "Completed Engagements" })
        .click();
      await page.getByRole("link", { name: "Store leadership rhythm", exact: true }).click();
      await page.getByRole("heading", { name: "Store leadership rhythm", level: 2 }).waitFor();

      const item = page.getByRole("listitem", { name: "Roles and ownership map" });
      const paid = item.locator(".item-cost dd").first();
      expect(await paid.textContent()).toMatch(/^\$1,800\.00 on [A-Z][a-z]{2,3} \d{1,2}, \d{4} Receipt$/);
      const totals = page.getByRole("group", { name: "Engagement payments" });
      expect((await totals.locator("dd").allTextContents()).slice(0, 3)).toEqual(["$6,300.00", "$0.00", "$6,300.00"]);
      await atEachWidth(page, [PHONE, WIDE], () => paid.waitFor());

      const receiptLink = item.getByRole("link", { name: "Receipt for Roles and ownership map" });
      const href = (await receiptLink.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/receipts\/[^/]+$/);
      await receiptLink.click();
      await expectPath(page, href);
      await page.getByRole("heading", { name: "Receipt", level: 1 }).waitFor();
      const facts = page.locator(".receipt-facts").first();
      const fact = async (name: string) =>
        (await facts
          .locator("div")
          .filter({ has: page.getByText(name, { exact: true }) })
          .locator("dd")
          .textContent()) ?? "";
      expect(await fact("Sold by")).toBe(
        "Partwise, Inc.100 Commercial Street, Suite 400, Portland, ME 04101, United States",
      );
      const number = await fact("Receipt number");
      expect(number).toMatch(/^PW-\d{8}-[0-9A-Z]{8}$/);
      expect(await fact("Billed to")).toBe("Harbor & Pine OutfittersPortland, ME");
      expect(await fact("Payment method")).toBe("Visa ending in 4242");
      expect(await fact("Payment reference")).toMatch(/^pi_test_/);
      expect(await fact("Status")).toBe("Paid");
      // The line paid for, its subtotal, the sales tax (and how tax was handled) and the total.
      const lines = page.getByRole("table", { name: "What was paid for" });
      const cells = async (row: number) =>
        (await lines.getByRole("row").nth(row).locator("th, td").allTextContents()).map((cell) => cell.trim());
      expect(await cells(0)).toEqual(["Description", "Amount"]);
      expect(await cells(1)).toEqual(["Deliverable: Roles and ownership map (Store leadership rhythm)", "$1,800.00"]);
      expect(await cells(2)).toEqual(["Subtotal", "$1,800.00"]);
      expect(await cells(3)).toEqual(["Sales tax", "$0.00"]);
      expect(await cells(4)).toEqual(["Total paid", "$1,800.00"]);
      await page.getByText("No sales tax was charged on this purchase.", { exact: true }).waitFor();
      await atEachWidth(page, [PHONE, WIDE], () => page.getByRole("button", { name: "Print receipt" }).waitFor());

      // The same receipt as a PDF, for this business only.
      const download = page.getByRole("link", { name: "Download PDF" });
      const pdfHref = (await download.getAttribute("href")) ?? "";
      expect(pdfHref).toBe(`${href}/receipt.pdf`);
      const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
      expect(file.suggestedFilename()).toBe(`receipt-${number}.pdf`);
      const pdf = await page.request.get(pdfHref);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      const bytes = (await pdf.body()).toString("latin1");
      expect(bytes.startsWith("%PDF-")).toBe(true);
      expect(bytes).toContain("(Visa ending in 4242) Tj");
      expect(bytes).toContain("(Total paid: $1,800.00) Tj");

      // The link to what was bought goes back to the engagement.
      await page
        .getByRole("link", { name: "Deliverable: Roles and ownership map (Store leadership rhythm)" })
        .waitFor();

      await page.getByRole("link", { name: "All payments" }).click();
      await expectPath(page, "/company-profile");
      const table = page.getByRole("table", { name: "Your payments and refunds" });
      await table.waitFor();
      const row = table.getByRole("row").filter({ hasText: "Deliverable: Roles and ownership map" });
      expect(await row.getByRole("cell").nth(2).textContent()).toBe("$1,800.00");
      expect(await row.getByRole("cell").nth(3).textContent()).toBe("Paid");
      await atEachWidth(page, [PHONE, WIDE], () => row.waitFor());
      await row.getByRole("link", { name: /^View receipt PW-/ }).click();
      await expectPath(page, href);

      // The receipt was emailed when the deliverable was paid: once, with the card and the links.
      const purchaseId = href.slice("/receipts/".length);
      // demo@'s own mail: the whole suite's emails would push it past the outbox's newest 100.
      await page.goto("/dev/outbox?to=demo%40partwise.test");
      await page.getByRole("heading", { name: "Local email outbox", level: 1 }).waitFor();
      const emails = page
        .getByRole("article")
        .filter({ hasText: /^Your Partwise receipt PW-/ })
        .filter({ hasText: `/receipts/${purchaseId}/receipt.pdf` });
      expect(await emails.count()).toBe(1);
      const mail = (await emails.textContent()) ?? "";
      expect(mail).toContain("demo@partwise.test");
      expect(mail).toContain(
        "Thank you for your payment. This is your receipt for Deliverable: Roles and ownership map",
      );
      expect(mail).toContain("Payment method:\nVisa ending in 4242");
      expect(mail).toContain("Total paid:\n$1,800.00");

      // The month's statement (issue #40 item 3, ADR 081), from the payments: the payment is a
      // line with its engagement and deliverable; the page fits a phone and a laptop.
      await page.goto("/company-profile?tab=account#payments");
      await page.getByRole("link", { name: "Monthly statements" }).click();
      await expectPath(page, "/company-profile/statements");
      // The month it was paid in (the demo back-dates the completed engagement): its receipt number's.
      const month = `${number.slice(3, 7)}-${number.slice(7, 9)}`;
      const months = page.getByRole("navigation", { name: "Months" });
      await months.getByRole("link", { name: monthLabel(month), exact: true }).click();
      await page.getByRole("heading", { name: `Statement for ${monthLabel(month)}`, level: 2 }).waitFor();
      await expectPath(page, `/company-profile/statements/${month}`);
      const statement = page.getByRole("table", { name: `Statement for ${monthLabel(month)}` });
      const line = statement.getByRole("row").filter({ hasText: "Roles and ownership map" }).first();
      await line.waitFor();
      expect((await line.locator("td").allTextContents()).slice(1, 4)).toEqual([
        "Charge",
        "Store leadership rhythm",
        "Roles and ownership map",
      ]);
      expect(await line.locator("td").nth(5).textContent()).toBe("$1,800.00");
      await page.getByText("Credits: none.", { exact: false }).waitFor();
      await atEachWidth(page, [PHONE, WIDE], () => page.getByRole("link", { name: "Download CSV" }).waitFor());
    },
    { viewport: PHONE },
  );
});
