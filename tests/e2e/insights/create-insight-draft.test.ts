import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, signUpNewClient } from "../support";

const ANSWERS = {
  businessNature: "A boatyard and chandlery on Casco Bay.",
  issueDetails: "Winter storage contracts are signed too late to plan the crew.",
  resolutionOutcome: "Contracts signed by September.",
};

const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
});

const OVERVIEW = "Step 2 of 3: Insight Overview";
const RESTORED = "We kept your unsent answers. Cancel discards them.";

async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

async function expectOverviewKept(page: Page, files: string[]) {
  await page.getByRole("img", { name: OVERVIEW, exact: true }).waitFor();
  await page.getByRole("status").getByText(RESTORED, { exact: true }).waitFor();
  expect(await page.getByLabel("What does your business do?", { exact: true }).inputValue()).toBe(
    ANSWERS.businessNature,
  );
  expect(await page.getByLabel("What issue would you like solved?", { exact: true }).inputValue()).toBe(
    ANSWERS.issueDetails,
  );
  expect(await page.getByLabel("What outcome would you like?", { exact: true }).inputValue()).toBe(
    ANSWERS.resolutionOutcome,
  );
  const attached = page.getByRole("list", { name: "Attached files", exact: true });
  for (const name of files) await attached.getByText(name, { exact: true }).waitFor();
}

async function fillPageTwo(page: Page) {
  await page.goto("/create-insight");
  await page.getByRole("radio", { name: "Operations", exact: true }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByRole("img", { name: OVERVIEW, exact: true }).waitFor();
  await page.getByLabel("What does your business do?", { exact: true }).fill(ANSWERS.businessNature);
  await page.getByLabel("What issue would you like solved?", { exact: true }).fill(ANSWERS.issueDetails);
  await page.getByLabel("What outcome would you like?", { exact: true }).fill(ANSWERS.resolutionOutcome);
}

describe("/create-insight keeps a draft", () => {
  browserTest(
    "answers and files survive a reload and Back/Forward; a submit clears the draft",
    async ({ page }) => {
      await signUpNewClient(page, { emailPrefix: "draft" });
      await fillPageTwo(page);
      const attach = page.getByLabel("Attach files", { exact: true });
      await attach.setInputFiles(pdf("crew-plan.pdf"));
      const attached = page.getByRole("list", { name: "Attached files", exact: true });
      await attached.getByText("crew-plan.pdf", { exact: true }).waitFor();
      await attach.setInputFiles(pdf("contracts.pdf"));
      await attached.getByText("contracts.pdf", { exact: true }).waitFor();

      await page.reload();
      await waitForHydration(page);
      await expectOverviewKept(page, ["crew-plan.pdf", "contracts.pdf"]);

      // Away with the browser's Back, and Forward again.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
      await expectPath(page, "/dashboard");
      await page.goBack();
      await expectPath(page, "/create-insight");
      await expectOverviewKept(page, ["crew-plan.pdf", "contracts.pdf"]);
      await page.goForward();
      await expectPath(page, "/dashboard");
      await page.goBack();
      await expectPath(page, "/create-insight");
      await expectOverviewKept(page, ["crew-plan.pdf", "contracts.pdf"]);

      // A file deleted on the server meanwhile is named, not silently listed.
      const status = await page.evaluate(async () => {
        const key = Object.keys(sessionStorage).find((name) => name.startsWith("partwise:create-insight-draft:"));
        const draft = JSON.parse(sessionStorage.getItem(key ?? "") ?? "null") as {
          files: { fileName: string; originalName: string }[];
        };
        const gone = draft.files.find((file) => file.originalName === "contracts.pdf");
        const response = await fetch(`/api/file-handling/delete-file/${gone?.fileName}`, { method: "DELETE" });
        return response.status;
      });
      expect(status).toBe(200);
      await page.reload();
      await waitForHydration(page);
      await page
        .getByText("Your draft was restored, but this file needs adding again: contracts.pdf.", { exact: true })
        .waitFor();
      await expectOverviewKept(page, ["crew-plan.pdf"]);
      expect(await attached.getByText("contracts.pdf", { exact: true }).count()).toBe(0);

      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await page.getByRole("definition").getByText("Operations", { exact: true }).waitFor();
      await page.getByRole("definition").getByText("crew-plan.pdf", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await page.getByRole("button", { name: "Pay Now", exact: true }).waitFor();

      // Submitted: the next wizard starts empty.
      await page.goto("/create-insight");
      await page.getByRole("img", { name: "Step 1 of 3: Department", exact: true }).waitFor();
      expect(await page.getByRole("radio", { name: "Operations", exact: true }).isChecked()).toBe(false);
      expect(await page.getByText(RESTORED).count()).toBe(0);
    },
    // The check of the deleted file answers 404, which Chromium logs as a failed resource load.
    { allowConsoleErrors: [/status of 404/] },
  );

  browserTest("Cancel discards the draft", async ({ page }) => {
    await signUpNewClient(page, { emailPrefix: "draft-cancel" });
    await fillPageTwo(page);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("img", { name: OVERVIEW, exact: true }).waitFor();
    await page.getByRole("link", { name: "Cancel", exact: true }).click();
    await expectPath(page, "/features");
    await page.goto("/create-insight");
    await page.getByRole("img", { name: "Step 1 of 3: Department", exact: true }).waitFor();
    expect(await page.getByRole("radio", { name: "Operations", exact: true }).isChecked()).toBe(false);
    await page.getByRole("radio", { name: "Operations", exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    expect(await page.getByLabel("What does your business do?", { exact: true }).inputValue()).toBe("");
  });
});
