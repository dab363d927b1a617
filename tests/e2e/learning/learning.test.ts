import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect } from "vitest";
import type { Page } from "playwright-core";
import { atEachWidth, baseURL, browserTest, expectPath, PHONE, signIn, signUpNewClient } from "../support";

const WIDE = { width: 1280, height: 900 };
const WORKBOOK = path.resolve("content/templates/annual-budgeting.xlsx");

/** The page as it is, at both widths: no sideways scrolling, no accessibility violation. */
const atBothWidths = (page: Page) => atEachWidth(page, [WIDE, PHONE], async () => {});

// The manager at a desk (1280 px), the client on a phone; each one's screens are also checked at the
// other width.
describe("learning center", () => {
  browserTest(
    "a manager publishes an article and a template (1280 px); a new client sees them New, reads, downloads and marks done; a plan-locked item shows its plans (375 px)",
    async ({ page, context }) => {
      const stamp = Date.now().toString(36);
      const articleTitle = `Cash habits for owners ${stamp}`;
      const templateTitle = `Budget workbook ${stamp}`;
      await signIn(page, "manager@partwise.test");
      await expectPath(page, "/manage");
      await page
        .getByRole("link", { name: /^Learning/ })
        .first()
        .click();
      await expectPath(page, "/manage/learning");
      await page.getByRole("heading", { name: "Add a learning item" }).waitFor();

      // The article, with Markdown and an HTML payload that must stay text.
      await page.getByLabel("Kind").selectOption("article");
      await page.getByLabel("Business area").selectOption("finance");
      await page.getByLabel("Title").fill(articleTitle);
      await page.getByLabel("Summary").fill("Three numbers to check every month.");
      await page
        .getByLabel(/^Article text/)
        .fill("## Check your cash weekly\n\nLook at **three** numbers.\n\n<script>window.pwned = 1</script>");
      await page.getByLabel("Every plan").check();
      await page.getByRole("button", { name: "Add item" }).click();
      await page
        .getByRole("status")
        .getByText("Item saved as a draft. Publish it when it is ready.", { exact: true })
        .waitFor();
      await page.getByRole("link", { name: "Open the new item to publish it" }).click();
      await page.getByRole("heading", { name: articleTitle, level: 1 }).waitFor();
      await page.getByRole("button", { name: "Publish" }).click();
      await page.getByRole("status").getByText("Item published.", { exact: true }).waitFor();

      // The template, uploaded as a real workbook.
      await page.goto("/manage/learning");
      await page.waitForSelector("html[data-hydrated]");
      await page.getByLabel("Kind").selectOption("template");
      await page.getByLabel("Business area").selectOption("finance");
      await page.getByLabel("Title").fill(templateTitle);
      await page.getByLabel("Every plan").check();
      // Without its file, the template is stopped in the browser with the server's message.
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.getByRole("button", { name: "Add item" }).click();
      const fileField = page.getByLabel(/^Template file/);
      await fileField.and(page.locator(":focus")).waitFor();
      expect(await page.locator("#learning-file-error").textContent()).toBe(
        "Choose the template file (.xlsx, .ods, .csv, .docx, .pdf …, up to 16 MB).",
      );
      expect(posts).toEqual([]);
      await fileField.setInputFiles(WORKBOOK);
      await page.locator("#learning-file-error").waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Add item" }).click();
      // Saved, and the list reloaded with it (leaving mid-reload interrupts it): then open it.
      await page
        .getByRole("status")
        .getByText("Item saved as a draft. Publish it when it is ready.", { exact: true })
        .waitFor();
      await page
        .locator('section[aria-labelledby="learning-table-heading"]')
        .getByText(templateTitle, { exact: true })
        .first()
        .waitFor();
      await page.getByRole("link", { name: "Open the new item to publish it" }).click();
      await page
        .getByText(/^Current file: annual-budgeting\.xlsx \((\d\.\d|[1-9]\d{1,2}) KB\)$/)
        .first()
        .waitFor();
      await page.getByRole("button", { name: "Publish" }).click();
      await page.getByRole("status").getByText("Item published.", { exact: true }).waitFor();
      await atBothWidths(page);

      const client = await context.browser()!.newContext({ baseURL, viewport: PHONE, acceptDownloads: true });
      const clientPage = await client.newPage();
      try {
        await signUpNewClient(clientPage, { emailPrefix: "learning" });
        await clientPage.goto("/dashboard");
        const card = clientPage.locator("#learning-card");
        await card.getByRole("link", { name: templateTitle }).waitFor();
        await card.getByRole("link", { name: "Open the Learning Center" }).click();
        await expectPath(clientPage, "/learning");
        await atBothWidths(clientPage);

        const article = clientPage.getByRole("article", { name: articleTitle });
        await article.waitFor();
        // A first visit has no last visit: nothing is marked New.
        expect(await clientPage.getByText("New", { exact: true }).count()).toBe(0);
        // A BASIC plan: the demo's templates are locked, with the plans that include them.
        const locked = clientPage.getByRole("article", { name: "Annual Planning workbook" });
        await locked.getByText("Locked", { exact: true }).waitFor();
        await locked.getByText("Included in the STARTER and SCALE plans.", { exact: true }).waitFor();
        expect(await locked.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/plan-select");
        expect(await locked.getByRole("button").count()).toBe(0);

        await article.getByRole("link", { name: articleTitle, exact: true }).click();
        await clientPage.getByRole("heading", { name: articleTitle, level: 1 }).waitFor();
        await clientPage.getByRole("heading", { name: "Check your cash weekly", level: 3 }).waitFor();
        await clientPage.getByText("<script>window.pwned = 1</script>", { exact: true }).waitFor();
        expect(await clientPage.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
        await atBothWidths(clientPage);
        await clientPage.getByRole("button", { name: `Mark as done: ${articleTitle}` }).click();
        await clientPage.getByRole("status").getByText("Marked as done.", { exact: true }).waitFor();
        await clientPage.getByRole("button", { name: `Mark as not done: ${articleTitle}` }).waitFor();

        await clientPage.getByRole("link", { name: "Back to the Learning Center" }).click();
        await expectPath(clientPage, "/learning");
        await clientPage.getByRole("article", { name: articleTitle }).getByText("Done", { exact: true }).waitFor();
        await clientPage
          .getByRole("article", { name: templateTitle })
          .getByRole("link", { name: `Open: ${templateTitle}` })
          .click();
        await clientPage.getByRole("heading", { name: templateTitle, level: 1 }).waitFor();
        const [download] = await Promise.all([
          clientPage.waitForEvent("download"),
          clientPage.getByRole("link", { name: "Download the template" }).click(),
        ]);
        expect(download.suggestedFilename()).toBe("annual-budgeting.xlsx");
        const bytes = await readFile((await download.path())!);
        expect(bytes.equals(await readFile(WORKBOOK))).toBe(true);
      } finally {
        await client.close();
      }
    },
    { viewport: WIDE, timeout: 120_000 },
  );
});

describe("demo learning center", () => {
  browserTest("the demo business sees the demo items, two done, and the featured video card", async ({ page }) => {
    await signIn(page, "demo@partwise.test");
    await expectPath(page, "/dashboard");
    const card = page.locator("#learning-card");
    // Items published after an earlier test's visit may count as new; never on a first visit.
    await card.getByText(/^(\d+ new since your last visit · )?2 of \d+ done$/).waitFor();
    const video = page.locator("#featured-video-card");
    await video.getByRole("link", { name: "How great leaders inspire action" }).waitFor();
    await video.getByRole("button", { name: "Play the video: How great leaders inspire action" }).waitFor();
    await page.goto("/learning?kind=template");
    for (const title of ["Annual Planning workbook", "Annual Budgeting workbook", "Business Scorecard"]) {
      await page
        .getByRole("article", { name: title })
        .getByText("Included in the STARTER and SCALE plans.", { exact: true })
        .waitFor();
    }
    await page.goto("/learning?area=finance&kind=article");
    await page
      .getByRole("article", { name: "Reading your monthly cash flow in ten minutes" })
      .getByText("Done", { exact: true })
      .waitFor();
  });
});
