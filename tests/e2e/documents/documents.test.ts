import { readFile } from "node:fs/promises";
import type { Locator } from "playwright-core";
import { describe, expect } from "vitest";
import { pdf } from "../../support/sample-files";
import { atEachWidth, browserTest, expectPath, PHONE, signIn, signUpNewClient } from "../support";

const WIDE = { width: 1280, height: 900 };

/** Opens a document's Manage section unless it is open already (it stays open after a change). */
async function openManage(article: Locator) {
  const details = article.locator("details");
  if ((await details.getAttribute("open")) === null) await article.locator("summary").click();
}

// Each flow runs once on a phone; its screens are also checked at 1280 px (atEachWidth).
describe("Documents Hub", () => {
  browserTest(
    "a client uploads into a folder, renames, moves, searches, downloads and deletes a company document",
    async ({ page }) => {
      await signUpNewClient(page, { emailPrefix: "documents" });
      // One format per kind of value (ADR 052), read on the pages a new client sees: the revenue
      // band in the spec's capitals, a time on the 12-hour clock with its zone, a percentage
      // with no space, and below, file sizes ("0 B", "1.2 KB", "1 GB").
      await page.goto("/company-profile?tab=business");
      expect(await page.locator("#settings-business-revenue").inputValue()).toBe("5-10 Million");
      await page.goto("/dashboard");
      const when = await page.locator("#events-card time").first().innerText();
      const clock = "(1[0-2]|[1-9]):[0-5]\\d [AP]M";
      const day = "[A-Z][a-z]{2,3} \\d{1,2}, \\d{4}";
      const zone = "(UTC|[A-Za-z ]+ time \\(UTC[+-]\\d{1,2}(:\\d{2})?\\))";
      expect(when).toMatch(new RegExp(`^${day}, ${clock}(–${clock}| – ${day}, ${clock}) ${zone}$`));
      await page.getByText(/^Your profile is \d{1,3}% complete: \d of \d steps done\.$/).waitFor();
      await page.locator("#documents-card").getByRole("link", { name: "Documents Hub" }).click();
      await expectPath(page, "/features?focus=Documents");
      await page.getByRole("heading", { name: "Documents", level: 1 }).waitFor();
      await page.getByText("0 B of 1 GB used", { exact: true }).waitFor();

      await page.getByLabel("Files").setInputFiles([
        { name: "Board minutes.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf({ pageText: "Minutes" })) },
        {
          name: "Supplier list.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from(pdf({ pageText: "Suppliers" })),
        },
      ]);
      await page.getByLabel("Folder (optional)").fill("Board");
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      await page.getByRole("status").getByText("2 documents were uploaded.", { exact: true }).waitFor();
      const minutes = page.getByRole("article", { name: "Board minutes.pdf" });
      await minutes.getByText("Folder: Board", { exact: true }).waitFor();
      await atEachWidth(page, [PHONE, WIDE], () => page.getByText(/^1\.\d KB of 1 GB used$/).waitFor());

      // Rename: the extension stays.
      await openManage(minutes);
      await minutes.getByLabel("New name").fill("Board pack Q3");
      await minutes.getByRole("button", { name: "Rename", exact: true }).click();
      const pack = page.getByRole("article", { name: "Board pack Q3.pdf" });
      await pack.getByRole("status").getByText("The document was renamed.", { exact: true }).waitFor();

      // Move it to another folder, then filter by that folder.
      await openManage(pack);
      await pack.getByLabel("Folder", { exact: true }).fill("Governance");
      await pack.getByRole("button", { name: "Move", exact: true }).click();
      await pack.getByText("Folder: Governance", { exact: true }).waitFor();
      await page.getByRole("search").getByLabel("Folder").selectOption("Governance");
      await page.getByRole("button", { name: "Apply", exact: true }).click();
      await expectPath(page, "/features?focus=Documents&q=&sort=newest&folder=Governance");
      await pack.waitFor();
      expect(await page.getByRole("article", { name: "Supplier list.pdf" }).count()).toBe(0);

      // Search by name.
      await page.getByRole("link", { name: "Clear", exact: true }).click();
      await expectPath(page, "/features?focus=Documents");
      await page.getByLabel("Search by name").fill("supplier");
      await page.getByRole("button", { name: "Apply", exact: true }).click();
      await expectPath(page, "/features?focus=Documents&q=supplier&sort=newest&folder=");
      const supplier = page.getByRole("article", { name: "Supplier list.pdf" });
      await supplier.waitFor();
      expect(await page.getByRole("article", { name: "Board pack Q3.pdf" }).count()).toBe(0);

      // Download: the bytes as uploaded.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        supplier.getByRole("link", { name: /^Download/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("Supplier list.pdf");
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

      // Delete.
      await openManage(supplier);
      await supplier.getByRole("button", { name: /^Delete/ }).click();
      await page.getByText("No documents match your search.").first().waitFor();
      await supplier.waitFor({ state: "detached" });
      await atEachWidth(page, [PHONE, WIDE], () => page.getByText("No documents match your search.").first().waitFor());
    },
    { viewport: PHONE, timeout: 90_000 },
  );
});

const TOO_LARGE = "This file is too large. Maximum file size is 16 MB.";

describe("an oversized upload", () => {
  browserTest(
    "says so once, at the upload form, and under none of the business's documents",
    async ({ page }) => {
      await signIn(page, "demo@partwise.test");
      await expectPath(page, "/dashboard");
      await page.goto("/features?focus=Documents");
      // The demo business has documents of every source: request files, deliverables, reports.
      const rows = page.getByRole("article");
      await rows.first().waitFor();
      expect(await rows.count()).toBeGreaterThan(5);
      const used = await page.locator("#documents-storage-text").innerText();

      // 16,000,001 bytes: one byte over the limit, a real PDF otherwise.
      const head = Buffer.from(pdf({ pageText: "Scanned archive" }));
      const big = Buffer.concat([head, Buffer.alloc(16_000_001 - head.length, 0x20)]);
      await page
        .getByLabel("Files")
        .setInputFiles([{ name: "Archive scan.pdf", mimeType: "application/pdf", buffer: big }]);
      await page.getByRole("button", { name: "Upload", exact: true }).click();

      const upload = page.getByRole("region", { name: "Upload company documents" });
      await upload.getByRole("alert").getByText(TOO_LARGE, { exact: true }).waitFor();
      expect(await page.getByText(TOO_LARGE).count()).toBe(1);
      expect(await rows.getByText(TOO_LARGE).count()).toBe(0);
      // The field says what is wrong with it, and nothing was stored.
      const files = page.getByLabel("Files");
      expect(await files.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#documents-storage-text").innerText()).toBe(used);
      expect(await page.getByRole("article", { name: "Archive scan.pdf" }).count()).toBe(0);
      await atEachWidth(page, [PHONE, WIDE], () =>
        upload.getByRole("alert").getByText(TOO_LARGE, { exact: true }).waitFor(),
      );
    },
    // The refused upload answers 400, which Chromium logs as a failed resource load.
    { viewport: PHONE, timeout: 90_000, allowConsoleErrors: [/status of 400/] },
  );
});

describe("demo documents", () => {
  browserTest(
    "the demo business finds its company documents in two folders, one shared with its match",
    async ({ page }) => {
      await signIn(page, "demo@partwise.test");
      await expectPath(page, "/dashboard");
      await page
        .locator("#documents-card")
        .getByText(/^\d+ documents$/)
        .waitFor();
      await page.goto("/features?focus=Documents");
      const handbook = page.getByRole("article", { name: "Employee handbook 2026.pdf" });
      await handbook.getByText("Folder: Policies", { exact: true }).waitFor();
      await page
        .getByRole("article", { name: "Monthly sales 2026.csv" })
        .getByText("Folder: Finance", { exact: true })
        .waitFor();
      await page
        .getByRole("article", { name: "Inventory count sheet.pdf" })
        .getByText(/^Shared with .* match request of /)
        .waitFor();
    },
  );
});
