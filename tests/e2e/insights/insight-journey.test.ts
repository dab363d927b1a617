import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { FILE_ADDED_MESSAGE } from "../../../app/lib/files/file-rules";
import {
  browserTest,
  expectPath,
  NEW_CLIENT_PASSWORD,
  signIn,
  signUpNewClient,
  verifyEmailFromOutbox,
} from "../support";

/**
 * The whole insight journey as a new business and the engagement manager
 * would live it, offline — request with a PDF, pay in the test checkout, the manager reviews the
 * file and publishes an edited draft, the business opens, rates and comments the report and turns
 * it into a match request.
 */

const PDF_BYTES = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

async function signOut(page: Page) {
  await page.context().clearCookies();
}

describe("insight journey", () => {
  browserTest(
    "a business requests and pays for an insight, the manager publishes it, the business rates it and asks for a match",
    async ({ page }) => {
      const company = `Casco Bay Mercantile ${Date.now().toString(36)}`;
      const { email } = await signUpNewClient(page, { emailPrefix: "journey", business: { name: company } });
      // Paying waits for a confirmed address (docs/decisions/070): the link in the outbox.
      await verifyEmailFromOutbox(page, email);

      // 1. The request, with a PDF attached, paid in the test checkout.
      await page.goto("/create-insight");
      await page.getByRole("radio", { name: "Operations", exact: true }).check();
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await page
        .getByLabel("What does your business do?", { exact: true })
        .fill("Two hardware stores and a contractor desk.");
      await page
        .getByLabel("What issue would you like solved?", { exact: true })
        .fill("Contractor orders ship late because stock counts are wrong. Crews wait on site.");
      await page.getByLabel("What outcome would you like?", { exact: true }).fill("Orders ship complete and on time.");
      await page
        .getByLabel("Attach files", { exact: true })
        .setInputFiles({ name: "stock-counts.pdf", mimeType: "application/pdf", buffer: Buffer.from(PDF_BYTES) });
      await page.getByRole("status").getByText(FILE_ADDED_MESSAGE, { exact: true }).waitFor();
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await page.getByRole("button", { name: "Pay Now", exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expectPath(page, "/insight-payment-success");
      await page.getByText("Preparing your Insight request.", { exact: true }).waitFor();
      await page.goto("/dashboard");
      const activity = page.getByRole("region", { name: "Activity" });
      await activity
        .getByRole("article", { name: /^Operations insight/ })
        .getByText("Your insight request has been submitted!")
        .waitFor();

      // 2. The manager finds it, reads the file, edits the draft and publishes.
      await signOut(page);
      await signIn(page, "manager@partwise.test");
      await expectPath(page, "/manage");
      await page.goto("/manage/insights");
      await page.getByRole("link", { name: `Open request from ${company}: Operations` }).click();
      await page.getByRole("heading", { name: company, level: 1 }).waitFor();
      await page.getByRole("button", { name: "Start review" }).click();
      await page
        .getByRole("status")
        .getByText("Review started. The draft report is ready to edit.", { exact: true })
        .waitFor();
      const fileLink = page.getByRole("link", { name: /stock-counts\.pdf/ });
      const href = await fileLink.getAttribute("href");
      expect(href).toMatch(/^\/api\/file-handling\/get-file\/[0-9a-f-]+\.pdf$/);
      const download = await page.request.get(href!);
      expect(download.status()).toBe(200);
      expect(download.headers()["content-disposition"]).toContain("attachment");
      expect(download.headers()["x-content-type-options"]).toBe("nosniff");
      expect((await download.body()).toString("latin1")).toBe(PDF_BYTES);

      const title = page.getByRole("textbox", { name: "Title" });
      expect(await title.inputValue()).toMatch(/^Operations: /);
      await title.fill("Count what ships: cycle counts before contractor orders");
      await page.getByRole("button", { name: "Preview and publish" }).click();
      await page.getByRole("button", { name: "Confirm publish" }).click();
      await page
        .getByRole("status")
        .getByText("Report published. The client has been notified.", { exact: true })
        .waitFor();

      // 3. The business sees it delivered, opens it, rates it, comments and asks for a match.
      await signOut(page);
      await signIn(page, email, NEW_CLIENT_PASSWORD);
      await expectPath(page, "/dashboard");
      await page
        .getByRole("region", { name: "Notifications" })
        .getByRole("button", { name: "Your insight is available!" })
        .waitFor();
      const tile = page.getByRole("region", { name: "Activity" }).getByRole("article", { name: /^Operations insight/ });
      await tile.getByText("Your insight is available!", { exact: true }).waitFor();
      await tile.getByRole("link", { name: "Click here to view." }).click();
      await page
        .getByRole("heading", { level: 1, name: "Count what ships: cycle counts before contractor orders" })
        .waitFor();

      const stars = page.getByRole("group", { name: "Rate this insight" });
      await stars.getByRole("radio", { name: "4 stars" }).check();
      await page.getByText("Very helpful. What stood out?", { exact: true }).waitFor();
      await page.getByLabel("Feedback (optional)").fill("The cycle-count plan fits our crews.");
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await page.getByRole("status").getByText("Thank you for your feedback!", { exact: true }).waitFor();

      await page.getByRole("button", { name: "Match with Consultant", exact: true }).click();
      await page.getByRole("status").getByText("Your match request has been sent!").waitFor();
      await page.goto("/features?focus=Matching");
      await page
        .locator(".match-row")
        .first()
        .getByText("We are finding the best consultant for your request.")
        .waitFor();
      expect(await page.locator(".match-row").count()).toBe(1);
    },
  );
});
