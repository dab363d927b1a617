import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { FILE_ADDED_MESSAGE, FILE_REJECTED_MESSAGE, FILE_REMOVED_MESSAGE } from "../../../app/lib/files/file-rules";
import { baseURL, browserTest, expectPath, keepScreen, PHONE, signUpNewClient } from "../support";

/** Brand-new businesses: every request starts from an empty month and a known plan. */
// Paying waits for a confirmed address (docs/decisions/070).
const NEW_CLIENT = { emailPrefix: "insight", verifyEmail: true };

const ANSWERS = {
  businessNature: "We run two outdoor gear shops and an online store in Maine.",
  issueDetails: "Best sellers run out of stock every few weeks while slow items pile up.",
  resolutionOutcome: "Fewer stockouts and less cash tied up in slow stock.",
};

const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
});

async function openWizard(page: Page) {
  await page.goto("/create-insight");
  await page.getByRole("heading", { name: "Create New Insight", level: 1 }).waitFor();
  await page.getByRole("img", { name: "Step 1 of 3: Department", exact: true }).waitFor();
}

async function chooseArea(page: Page, area: string) {
  await page.getByRole("radio", { name: area, exact: true }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByRole("img", { name: "Step 2 of 3: Insight Overview", exact: true }).waitFor();
}

async function fillOverview(page: Page) {
  await page.getByLabel("What does your business do?", { exact: true }).fill(ANSWERS.businessNature);
  await page.getByLabel("What issue would you like solved?", { exact: true }).fill(ANSWERS.issueDetails);
  await page.getByLabel("What outcome would you like?", { exact: true }).fill(ANSWERS.resolutionOutcome);
}

async function continueToConfirmation(page: Page) {
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByRole("img", { name: "Step 3 of 3: Insight Confirmation", exact: true }).waitFor();
}

async function startStarterPlan(page: Page) {
  await page.goto("/plan-select");
  await page
    .getByRole("article", { name: "STARTER", exact: true })
    .getByRole("button", { name: "Start Free Trial", exact: true })
    .click();
  await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expectPath(page, "/paymentStatus");
  await page.getByText("You've updated your subscription plan!", { exact: true }).waitFor();
}

describe("/create-insight", () => {
  browserTest(
    "a new BASIC business requests an insight with a PDF, pays in the test checkout and sees it submitted",
    async ({ page }) => {
      await signUpNewClient(page, NEW_CLIENT);
      await openWizard(page);
      await chooseArea(page, "Operations");

      // Prefilled from the business's revenue and employee bands.
      expect(await page.getByLabel("Annual sales", { exact: true }).inputValue()).toBe("5-10 Million");
      expect(await page.getByLabel("Number of employees", { exact: true }).inputValue()).toBe("25-50");
      await fillOverview(page);

      await page.getByLabel("Attach files", { exact: true }).setInputFiles(pdf("inventory-report.pdf"));
      await page.getByRole("status").getByText(FILE_ADDED_MESSAGE, { exact: true }).waitFor();
      const attached = page.getByRole("list", { name: "Attached files", exact: true });
      await attached.getByText("inventory-report.pdf", { exact: true }).waitFor();
      await keepScreen(page, "create-insight-overview");

      await continueToConfirmation(page);
      await page.getByRole("heading", { name: "Check your request", level: 2 }).waitFor();
      await page.getByRole("definition").getByText("Operations", { exact: true }).waitFor();
      const summary = page.getByRole("definition");
      await summary.getByText(ANSWERS.issueDetails, { exact: true }).waitFor();
      await summary.getByText("inventory-report.pdf", { exact: true }).waitFor();
      await summary.getByText("$495.00", { exact: true }).waitFor();

      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await page.getByRole("img", { name: "All steps complete", exact: true }).waitFor();
      await page.getByText("Complete payment to submit your insight request.", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Pay Now", exact: true }).click();

      await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expectPath(page, "/insight-payment-success");
      await page.getByText("Preparing your Insight request.", { exact: true }).waitFor();
      await page.getByRole("link", { name: "Next", exact: true }).click();
      await expectPath(page, "/features");
      await page.getByText("Your insight request has been submitted!", { exact: true }).first().waitFor();
    },
  );

  browserTest(
    "refused files show the rejection text and are not listed",
    async ({ page }) => {
      await signUpNewClient(page, NEW_CLIENT);
      await openWizard(page);
      await chooseArea(page, "Finance");
      const picker = page.getByLabel("Attach files", { exact: true });
      const attached = page.getByRole("list", { name: "Attached files", exact: true });

      // Refused in the browser: not an accepted type.
      await picker.setInputFiles({
        name: "notes.exe",
        mimeType: "application/octet-stream",
        buffer: Buffer.from("MZ\x90\x00"),
      });
      await page.getByRole("alert").getByText(FILE_REJECTED_MESSAGE, { exact: true }).waitFor();
      expect(await attached.count()).toBe(0);

      // Refused by the server: an HTML page named .pdf.
      await picker.setInputFiles({
        name: "report.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("<!doctype html><html><body>not a pdf</body></html>"),
      });
      await page.getByRole("alert").getByText(FILE_REJECTED_MESSAGE, { exact: true }).waitFor();
      expect(await page.getByRole("list", { name: "Uploads in progress", exact: true }).count()).toBe(0);
      expect(await attached.count()).toBe(0);
      expect(await page.getByRole("status").getByText(FILE_ADDED_MESSAGE, { exact: true }).count()).toBe(0);
    },
    // The refused upload's 400 is logged by the browser.
    { allowConsoleErrors: [/status of 400/] },
  );

  browserTest(
    "removing an attached PDF deletes the stored file: it leaves the list and get-file answers 404",
    async ({ page }) => {
      await signUpNewClient(page, NEW_CLIENT);
      await openWizard(page);
      await chooseArea(page, "Strategy");

      const uploaded = page.waitForResponse(
        (response) =>
          response.url().endsWith("/api/file-handling/upload-files") && response.request().method() === "POST",
      );
      await page.getByLabel("Attach files", { exact: true }).setInputFiles(pdf("draft-plan.pdf"));
      const answer = (await (await uploaded).json()) as { files: { fileName: string }[] };
      const fileName = answer.files[0].fileName;
      await page.getByRole("status").getByText(FILE_ADDED_MESSAGE, { exact: true }).waitFor();
      const attached = page.getByRole("list", { name: "Attached files", exact: true });
      await attached.getByText("draft-plan.pdf", { exact: true }).waitFor();

      const status = (name: string) =>
        page.evaluate(async (path) => (await fetch(path)).status, `/api/file-handling/get-file/${name}`);
      expect(await status(fileName)).toBe(200);

      await page.getByRole("button", { name: "Remove draft-plan.pdf", exact: true }).click();
      await page.getByRole("status").getByText(FILE_REMOVED_MESSAGE, { exact: true }).waitFor();
      await attached.waitFor({ state: "detached" });
      expect(await page.getByText("draft-plan.pdf", { exact: true }).count()).toBe(0);
      expect(await page.getByRole("alert").count()).toBe(0);
      // Keyboard focus returns to the picker.
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("file");
      expect(await status(fileName)).toBe(404);

      // The request goes on without the file.
      await fillOverview(page);
      await continueToConfirmation(page);
      expect(await page.getByRole("definition").getByText("draft-plan.pdf", { exact: true }).count()).toBe(0);
    },
    // The removed file's 404 is logged by the browser.
    { allowConsoleErrors: [/status of 404/] },
  );

  browserTest(
    "at phone width: Continue without an area asks for one, and Back keeps the answers",
    async ({ page }) => {
      await signUpNewClient(page, NEW_CLIENT);
      await openWizard(page);
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await page.getByText("Select a business area", { exact: true }).waitFor();
      await page.getByRole("img", { name: "Step 1 of 3: Department", exact: true }).waitFor();

      await chooseArea(page, "HR");
      await fillOverview(page);
      await continueToConfirmation(page);
      await page.getByRole("definition").getByText("HR", { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await keepScreen(page, "create-insight-confirmation");

      await page.getByRole("button", { name: "Back", exact: true }).click();
      await page.getByRole("img", { name: "Step 2 of 3: Insight Overview", exact: true }).waitFor();
      expect(await page.getByLabel("What issue would you like solved?", { exact: true }).inputValue()).toBe(
        ANSWERS.issueDetails,
      );
      await page.getByRole("button", { name: "Back", exact: true }).click();
      await page.getByRole("img", { name: "Step 1 of 3: Department", exact: true }).waitFor();
      expect(await page.getByRole("radio", { name: "HR", exact: true }).isChecked()).toBe(true);

      // Cancel leaves the wizard for the Insights list; nothing was requested.
      await page.getByRole("link", { name: "Cancel", exact: true }).click();
      await expectPath(page, "/features?focus=Insights");
      await page.getByRole("heading", { name: "Insights", level: 1 }).waitFor();
      expect(await page.getByRole("article").count()).toBe(0);
    },
    { viewport: PHONE },
  );

  browserTest("'Pay later' keeps the request, and its tile in /features offers Pay Now", async ({ page }) => {
    await signUpNewClient(page, NEW_CLIENT);
    await openWizard(page);
    await chooseArea(page, "Strategy");
    await fillOverview(page);
    await continueToConfirmation(page);
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await page.getByRole("button", { name: "Pay Now", exact: true }).waitFor();
    await page.getByRole("link", { name: "Pay later", exact: true }).click();
    await expectPath(page, "/features?focus=Insights");
    const tile = page.getByRole("article", { name: /^Strategy insight/ });
    await tile.getByText("Complete payment to submit your insight request.", { exact: true }).waitFor();
    await tile.getByRole("button", { name: "Pay Now", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expectPath(page, "/insight-payment-success");
    await page.getByText("Preparing your Insight request.", { exact: true }).waitFor();
  });

  // Issue #36: an insight the plan covers was never paid for: it says "Included in your plan"
  // (never "Payment Complete") after Submit and on its tile, at a phone's width and a laptop's.
  for (const [label, viewport] of [
    ["1280", { width: 1280, height: 900 }],
    ["375", PHONE],
  ] as const) {
    browserTest(
      `a STARTER business's first insight of the month is included; the second asks for payment (${label}px)`,
      async ({ page }) => {
        await signUpNewClient(page, NEW_CLIENT);
        await startStarterPlan(page);

        await openWizard(page);
        await chooseArea(page, "Marketing");
        await fillOverview(page);
        await continueToConfirmation(page);
        await page.getByText("Included in your plan", { exact: true }).waitFor();
        await page.getByRole("button", { name: "Submit", exact: true }).click();
        await page.getByRole("heading", { name: "Congratulations!" }).waitFor();
        await page.locator(".insight-payment-complete").getByText("Included in your plan", { exact: true }).waitFor();
        expect(await page.getByText("Payment Complete", { exact: true }).count()).toBe(0);
        await page.getByText("Preparing your Insight request.", { exact: true }).waitFor();
        expect(await page.getByRole("button", { name: "Pay Now", exact: true }).count()).toBe(0);
        await keepScreen(page, "create-insight-included");

        // Its tile in /features says the same.
        await page.goto("/features?focus=Insights");
        const tile = page.getByRole("article", { name: /^Marketing insight/ });
        await tile.getByText("Included in your plan", { exact: true }).waitFor();
        expect(await tile.getByText("Payment Complete", { exact: true }).count()).toBe(0);
        await keepScreen(page, "insight-tile-included");

        await openWizard(page);
        await chooseArea(page, "Sales");
        await fillOverview(page);
        await continueToConfirmation(page);
        await page.getByText("$495.00", { exact: true }).waitFor();
        await page.getByRole("button", { name: "Submit", exact: true }).click();
        await page.getByRole("button", { name: "Pay Now", exact: true }).waitFor();
        expect(await page.getByText("Payment Complete", { exact: true }).count()).toBe(0);
        expect(await page.getByText("Included in your plan", { exact: true }).count()).toBe(0);
      },
      { viewport },
    );
  }

  browserTest("without JavaScript the wizard turns its pages on the server and submits", async ({ page, context }) => {
    await signUpNewClient(page, NEW_CLIENT);
    const browser = context.browser();
    if (!browser) throw new Error("no browser");
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      await noScript.addCookies(await context.cookies());
      const plain = await noScript.newPage();
      await plain.goto("/create-insight");
      await plain.getByRole("img", { name: "Step 1 of 3: Department", exact: true }).waitFor();
      await plain.getByRole("button", { name: "Continue", exact: true }).click();
      await plain.getByText("Select a business area", { exact: true }).waitFor();

      await plain.getByRole("radio", { name: "Technology", exact: true }).check();
      await plain.getByRole("button", { name: "Continue", exact: true }).click();
      await plain.getByRole("img", { name: "Step 2 of 3: Insight Overview", exact: true }).waitFor();
      await plain
        .getByText("Attaching files needs JavaScript. You can send your request without files.", { exact: true })
        .waitFor();
      await fillOverview(plain);
      await plain.getByRole("button", { name: "Continue", exact: true }).click();
      await plain.getByRole("img", { name: "Step 3 of 3: Insight Confirmation", exact: true }).waitFor();
      await plain.getByRole("definition").getByText("Technology", { exact: true }).waitFor();
      await plain.getByRole("definition").getByText(ANSWERS.businessNature, { exact: true }).waitFor();

      await plain.getByRole("button", { name: "Submit", exact: true }).click();
      await plain.getByRole("img", { name: "All steps complete", exact: true }).waitFor();
      await plain.getByRole("button", { name: "Pay Now", exact: true }).waitFor();
    } finally {
      await noScript.close();
    }
  });
});
