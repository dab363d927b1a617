import { describe, expect } from "vitest";
import { browserTest, expectPath, NEW_CLIENT_PASSWORD, signUpNewClient } from "../support";

/**
 * Issue #38 item 5 (docs/decisions/069): the owner asks for an export and sees it built, then the
 * link; and deletes a fresh business with the password, landing on the login page. The local
 * queue's consumer builds the export and carries out the deletion.
 */
describe("your data", () => {
  browserTest(
    "the owner exports the business (progress, then the download link) and deletes it with the password",
    async ({ page }) => {
      await signUpNewClient(page, { emailPrefix: "export-delete" });
      await page.goto("/company-profile?tab=account");
      const section = page.getByRole("region", { name: "Your data" });
      await section.getByRole("button", { name: "Export your data" }).click();
      // The page asks again while it builds, until the link is there.
      const download = section.getByRole("link", { name: "Download the export" });
      await download.waitFor({ timeout: 30_000 });
      await section.getByText("Your export is ready.", { exact: true }).waitFor();
      expect(await download.getAttribute("href")).toMatch(/^\/exports\/[0-9a-f-]+$/);
      const file = await Promise.all([page.waitForEvent("download"), download.click()]).then(([event]) => event);
      expect(file.suggestedFilename()).toMatch(/^partwise-export-\d{4}-\d{2}-\d{2}\.zip$/);

      await section.getByRole("link", { name: "Delete…" }).click();
      await expectPath(page, "/company-profile/delete");
      await page.getByLabel("Your password", { exact: true }).fill("not-my-password");
      await page.getByRole("button", { name: "Delete the business" }).click();
      await page.getByText("That password is not correct. Nothing was deleted.", { exact: true }).waitFor();
      await page.getByLabel("Your password", { exact: true }).fill(NEW_CLIENT_PASSWORD);
      await page.getByRole("button", { name: "Delete the business" }).click();
      await expectPath(page, "/login?deleted=business");
      await page.getByText("The business was deleted.", { exact: true }).waitFor();
    },
    // The wrong password's answer is a 400.
    { allowConsoleErrors: [/status of 400/] },
  );
});
