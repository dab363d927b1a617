import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { FILE_ADDED_MESSAGE } from "../../../app/lib/files/file-rules";
import { baseURL, browserTest, keepScreen, PHONE, signUpNewClient } from "../support";

/** Brand-new businesses: each journey starts with no match requests. */
const NEW_CLIENT = { emailPrefix: "match" };
const PROBLEM = "Our best sellers run out every few weeks while slow items pile up.";

const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
});

const shot = (page: Page, name: string) => keepScreen(page, `create-match-${name}`);

async function openWizard(page: Page) {
  await page.goto("/create-match");
  await page.getByRole("heading", { name: "Create New Match", level: 1 }).waitFor();
  await page.getByRole("img", { name: "Step 1 of 3: Area of Need", exact: true }).waitFor();
  const current = page.getByRole("navigation", { name: "Progress" }).locator('[aria-current="step"]');
  expect(await current.textContent()).toBe("Area of Need");
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** The whole journey with an uploaded file: every page's errors, then success and the card's Next. */
async function journey(page: Page) {
  await signUpNewClient(page, NEW_CLIENT);
  await openWizard(page);
  await shot(page, "1-area");

  // Page 1: Continue with nothing chosen.
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByText("Select a business area", { exact: true }).waitFor();
  await page.getByRole("radio", { name: "Operations", exact: true }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  // Page 2: the engagement type.
  await page.getByRole("heading", { name: "Select One Engagement Type", level: 2 }).waitFor();
  await page.getByRole("img", { name: "Step 3 of 3: Match Request", exact: true }).waitFor();
  const current = page.getByRole("navigation", { name: "Progress" }).locator('[aria-current="step"]');
  expect(await current.textContent()).toBe("Type of Engagement");
  // A description shows only for the selected type.
  expect(await page.getByText("A senior leader who works with you part-time", { exact: false }).count()).toBe(0);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByText("Please choose an engagement type", { exact: true }).waitFor();
  await page.getByRole("radio", { name: "Fractional", exact: true }).check();
  await page.getByText("A senior leader who works with you part-time", { exact: false }).waitFor();
  expect(await page.getByText("Regular one-to-one sessions", { exact: false }).count()).toBe(0);
  await shot(page, "2-type");
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  // Page 3: the summary, dropdowns prefilled from pages 1 and 2.
  await page.getByRole("heading", { name: "Match Request Summary", level: 2 }).waitFor();
  await page.getByRole("img", { name: "All steps complete", exact: true }).waitFor();
  const area = page.getByLabel("Business Area", { exact: true });
  const type = page.getByLabel("Engagement Type", { exact: true });
  expect(await area.inputValue()).toBe("operations");
  expect(await type.inputValue()).toBe("fractional");
  const issue = page.getByLabel("What do you need help with?", { exact: true });
  expect(await issue.getAttribute("placeholder")).toBe("Tell us a bit more...");
  await area.selectOption("");
  await type.selectOption("");
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByText("Tell us what you need help with.", { exact: true }).waitFor();
  await page.getByText("Please confirm your business area.", { exact: true }).waitFor();
  await page.getByText("Please confirm your engagement type.", { exact: true }).waitFor();
  await shot(page, "3-summary-errors");

  await issue.fill(PROBLEM);
  await area.selectOption("operations");
  await type.selectOption({ label: "I'm not sure" });
  await page.getByLabel("Attach files", { exact: true }).setInputFiles(pdf("stock-report.pdf"));
  await page.getByRole("status").getByText(FILE_ADDED_MESSAGE, { exact: true }).waitFor();
  await page.getByRole("list", { name: "Attached files", exact: true }).getByText("stock-report.pdf").waitFor();
  await shot(page, "3-summary");
  await page.getByRole("button", { name: "Finish", exact: true }).click();

  // The confirm step: what will be sent; Back returns to the summary with the answers kept.
  await page.getByRole("heading", { name: "Confirm your match request", level: 2 }).waitFor();
  const summary = page.getByRole("definition");
  await summary.getByText("Operations", { exact: true }).waitFor();
  await summary.getByText("I'm not sure", { exact: true }).waitFor();
  await summary.getByText(PROBLEM, { exact: true }).waitFor();
  await summary.getByText("stock-report.pdf", { exact: true }).waitFor();
  await shot(page, "4-confirm");
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await page.getByRole("heading", { name: "Match Request Summary", level: 2 }).waitFor();
  expect(await issue.inputValue()).toBe(PROBLEM);
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("button", { name: "Confirm", exact: true }).click();

  // Success and the MATCHING congratulations card.
  await page.getByRole("heading", { name: "Your match request has been sent!", level: 2 }).waitFor();
  await page.getByRole("heading", { name: "Congratulations!", level: 3 }).waitFor();
  await page.getByText("Sending your Engagement request out to our top 1% of consultants.", { exact: true }).waitFor();
  await expectNoSideScroll(page);
  await shot(page, "5-success");
  await page.getByRole("link", { name: "Next", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/features" && url.searchParams.get("focus") === "Matching");
  const matchId = new URL(page.url()).searchParams.get("matchId");
  expect(matchId).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByText("We are finding the best consultant for your request.").first().waitFor();
  await shot(page, "6-features");
}

describe("/create-match", () => {
  browserTest(
    "a new business requests a match with a file, sees each page's errors and the card (1280 px)",
    ({ page }) => journey(page),
    { viewport: { width: 1280, height: 900 } },
  );

  browserTest("the same journey on a phone (375 px)", ({ page }) => journey(page), { viewport: PHONE });

  browserTest("I'm not sure skips to the summary with the type unset; Cancel leaves the wizard", async ({ page }) => {
    await signUpNewClient(page, NEW_CLIENT);
    await openWizard(page);
    await page.getByRole("radio", { name: "Finance", exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("button", { name: "I'm not sure", exact: true }).click();
    await page.getByRole("heading", { name: "Match Request Summary", level: 2 }).waitFor();
    expect(await page.getByLabel("Engagement Type", { exact: true }).inputValue()).toBe("not_sure");
    expect(await page.getByLabel("Business Area", { exact: true }).inputValue()).toBe("finance");
    // A reload keeps the unsent answers (the draft in the tab).
    await page.getByLabel("What do you need help with?", { exact: true }).fill(PROBLEM);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByText("We kept your unsent answers. Cancel discards them.", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Match Request Summary", level: 2 }).waitFor();
    expect(await page.getByLabel("What do you need help with?", { exact: true }).inputValue()).toBe(PROBLEM);
    expect(await page.getByLabel("Engagement Type", { exact: true }).inputValue()).toBe("not_sure");
    // Back goes one page down.
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await page.getByRole("heading", { name: "Select One Engagement Type", level: 2 }).waitFor();
    await page.getByRole("link", { name: "Cancel", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/features" && url.searchParams.get("focus") === "Matching");
    // Cancel discarded the draft: a new wizard starts empty.
    await openWizard(page);
    expect(await page.getByText("We kept your unsent answers. Cancel discards them.").count()).toBe(0);
    expect(await page.getByRole("radio", { name: "Finance", exact: true }).isChecked()).toBe(false);
  });

  browserTest(
    "without JavaScript the pages turn on the server and a plain file input attaches files",
    async ({ page, context }) => {
      await signUpNewClient(page, NEW_CLIENT);
      const browser = context.browser();
      if (!browser) throw new Error("no browser");
      for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
        const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport });
        try {
          await noScript.addCookies(await context.cookies());
          const plain = await noScript.newPage();
          await plain.goto("/create-match");
          await plain.getByRole("button", { name: "Continue", exact: true }).click();
          await plain.getByText("Select a business area", { exact: true }).waitFor();
          await plain.getByRole("radio", { name: "Technology", exact: true }).check();
          await plain.getByRole("button", { name: "Continue", exact: true }).click();
          await plain.getByRole("heading", { name: "Select One Engagement Type", level: 2 }).waitFor();
          // Every description is shown without JavaScript.
          await plain.getByText("A defined piece of work with a clear result", { exact: false }).waitFor();
          await plain.getByText("Regular one-to-one sessions", { exact: false }).waitFor();
          await plain.getByRole("button", { name: "Continue", exact: true }).click();
          await plain.getByText("Please choose an engagement type", { exact: true }).waitFor();
          await plain.getByRole("radio", { name: "Project", exact: true }).check();
          await plain.getByRole("button", { name: "Continue", exact: true }).click();
          await plain.getByRole("heading", { name: "Match Request Summary", level: 2 }).waitFor();
          expect(await plain.getByLabel("Engagement Type", { exact: true }).inputValue()).toBe("project");
          await plain.getByRole("button", { name: "Finish", exact: true }).click();
          await plain.getByText("Tell us what you need help with.", { exact: true }).waitFor();
          await plain.getByLabel("What do you need help with?", { exact: true }).fill(PROBLEM);
          await plain
            .getByLabel("Attach files", { exact: true })
            .setInputFiles([pdf("org-chart.pdf"), pdf("plan.pdf")]);
          await keepScreen(plain, "create-match-nojs-3-summary");
          await plain.getByRole("button", { name: "Finish", exact: true }).click();
          await plain.getByRole("heading", { name: "Confirm your match request", level: 2 }).waitFor();
          await plain.getByRole("definition").getByText("org-chart.pdf", { exact: true }).waitFor();
          await plain.getByRole("definition").getByText("plan.pdf", { exact: true }).waitFor();
          await keepScreen(plain, "create-match-nojs-4-confirm");
          await plain.getByRole("button", { name: "Confirm", exact: true }).click();
          await plain.getByRole("heading", { name: "Your match request has been sent!", level: 2 }).waitFor();
          await plain.getByRole("heading", { name: "Congratulations!", level: 3 }).waitFor();
          const next = await plain.getByRole("link", { name: "Next", exact: true }).getAttribute("href");
          expect(next).toMatch(/^\/features\?focus=Matching&matchId=[0-9a-f-]{36}$/);
        } finally {
          await noScript.close();
        }
      }
    },
  );
});
