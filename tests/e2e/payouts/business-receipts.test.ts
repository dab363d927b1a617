import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signInAsDemoClient } from "../support";

/**
 * The business's cost and receipt of each deliverable (issue #18): demo@ paid the three
 * deliverables of the completed "Store leadership rhythm" ($1,800, $2,400 and $2,100).
 */
for (const [label, viewport] of [
  ["1280", { width: 1280, height: 900 }],
  ["375", PHONE],
] as const) {
  describe(`the business's costs and receipts at ${label}px`, () => {
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
        expect(await paid.textContent()).toMatch(/^\$1,800\.00 on [A-Z][a-z]{2} \d{1,2}, \d{4} Receipt$/);
        const totals = page.getByRole("group", { name: "Engagement payments" });
        expect((await totals.locator("dd").allTextContents()).slice(0, 3)).toEqual(["$6,300.00", "$0.00", "$6,300.00"]);

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
        expect(await fact("Receipt number")).toMatch(/^PW-\d{8}-[0-9A-Z]{8}$/);
        expect(await fact("Billed to")).toBe("Harbor & Pine Outfitters");
        expect(await fact("Item")).toBe("Deliverable: Roles and ownership map (Store leadership rhythm)");
        expect(await fact("Amount paid")).toBe("$1,800.00");
        expect(await fact("Payment reference")).toMatch(/^pi_test_/);
        expect(await fact("Status")).toBe("Paid");
        await page.getByRole("button", { name: "Print receipt" }).waitFor();

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
        await row.getByRole("link", { name: /^View receipt PW-/ }).click();
        await expectPath(page, href);
      },
      { viewport },
    );
  });
}
