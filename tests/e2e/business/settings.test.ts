import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, NEW_CLIENT_PASSWORD, PHONE, signUpNewClient } from "../support";

/** Brand-new clients keep the demo account untouched for the other tests. */
const NEW_CLIENT = { emailPrefix: "settings" };

/** Opens a settings tab and waits for hydration (the other tabs leave the tab order then). */
async function openSettings(page: Page, tab: string) {
  await page.goto(`/company-profile?tab=${tab}`);
  await page.locator('[role="tab"][tabindex="-1"]').first().waitFor({ state: "attached" });
}

const status = (page: Page) => page.getByRole("status");

describe("settings", () => {
  browserTest("the tabs switch by link and by arrow keys, Personal first", async ({ page }) => {
    await signUpNewClient(page, NEW_CLIENT);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings", exact: true }).click();
    await expectPath(page, "/company-profile");
    const tabs = page.getByRole("tablist", { name: "Settings" });
    await tabs.getByRole("tab", { name: "Personal" }).waitFor();
    expect(await tabs.getByRole("tab", { name: "Personal" }).getAttribute("aria-selected")).toBe("true");

    await tabs.getByRole("tab", { name: "Business" }).click();
    await page.getByLabel("Company Name").waitFor();
    expect(new URL(page.url()).searchParams.get("tab")).toBe("business");

    await tabs.getByRole("tab", { name: "Business" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.getByLabel("Current Password", { exact: true }).waitFor();
    await expect.poll(() => tabs.getByRole("tab", { name: "Account" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    await page.getByText("Select the industries that you would like insights from.").waitFor();
    await page.keyboard.press("Home");
    await page.getByLabel("First name").waitFor();
  });

  browserTest("Personal saves and shows its success text", async ({ page }) => {
    const { email } = await signUpNewClient(page, NEW_CLIENT);
    await openSettings(page, "personal");
    const email_ = page.getByLabel("Email", { exact: true });
    expect(await email_.inputValue()).toBe(email);
    expect(await email_.getAttribute("placeholder")).toBe(email);

    await page.getByLabel("First name").fill("Morgan");
    await page.getByLabel("Phone").fill("(207) 555-0188");
    await page.getByRole("button", { name: "Save" }).click();
    await status(page).getByText("Your information was updated!", { exact: true }).waitFor();
    // The top bar greets the new name.
    await page.getByText("Hello, Morgan Lindqvist", { exact: true }).waitFor();

    await page.reload();
    expect(await page.getByLabel("First name").inputValue()).toBe("Morgan");
    expect(await page.getByLabel("Phone").inputValue()).toBe("(207) 555-0188");
  });

  browserTest(
    "Personal refuses an email another account has",
    async ({ page }) => {
      await signUpNewClient(page, NEW_CLIENT);
      await openSettings(page, "personal");
      await page.getByLabel("Email", { exact: true }).fill("demo@partwise.test");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Email is already taken", { exact: true }).waitFor();
      expect(await page.getByText("Your information was updated!").count()).toBe(0);
    },
    { allowConsoleErrors: [/status of 409/] },
  );

  browserTest("Business takes 'City, State' as one field and saves", async ({ page }) => {
    await signUpNewClient(page, NEW_CLIENT);
    await openSettings(page, "business");
    const location = page.getByLabel("City, State");
    expect(await location.inputValue()).toBe("Portland, ME");
    expect(await page.getByLabel("Revenue").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByLabel("Industry NAICS").inputValue()).toMatch(/^459110 — \S/);

    await location.fill("Bangor ME");
    await location.blur();
    await page.getByText("Enter your location as City, State.", { exact: true }).waitFor();

    await location.fill("Bangor, ME");
    await page.getByLabel("Company Name").fill("Fore River Provisions Co.");
    await page.getByLabel("Number of Employees").selectOption("50-100");
    await page.getByRole("button", { name: "Save" }).click();
    await status(page).getByText("Your information was updated!", { exact: true }).waitFor();

    await page.reload();
    expect(await page.getByLabel("City, State").inputValue()).toBe("Bangor, ME");
    expect(await page.getByLabel("Number of Employees").inputValue()).toBe("50-100");
  });

  browserTest(
    "Account shows the password texts of the spec and then changes the password",
    async ({ page }) => {
      await signUpNewClient(page, NEW_CLIENT);
      await openSettings(page, "account");
      const current = page.getByLabel("Current Password", { exact: true });
      const next = page.getByLabel("New Password", { exact: true });
      const confirm = page.getByLabel("Confirm New Password", { exact: true });
      await page.getByRole("button", { name: "Show current password" }).waitFor();

      await next.fill("weak");
      await next.blur();
      await page
        .getByText("Required: 8 characters, 1 uppercase, 1 number, 1 special character.", { exact: true })
        .waitFor();
      await next.fill("Harbor@light8");
      await confirm.fill("Harbor@light9");
      await confirm.blur();
      await page.getByText("New passwords do not match!", { exact: true }).waitFor();

      await page.getByRole("button", { name: "Update Password" }).click();
      await page.getByRole("alert").getByText("Please fix the errors and try again.", { exact: true }).waitFor();

      await confirm.fill("Harbor@light8");
      await current.fill("Not-my-password1");
      await page.getByRole("button", { name: "Update Password" }).click();
      await page
        .getByRole("alert")
        .getByText("You did not enter your old password in correctly.", { exact: true })
        .waitFor();

      await page.getByRole("button", { name: "Show new password" }).click();
      expect(await next.getAttribute("type")).toBe("text");

      await current.fill(NEW_CLIENT_PASSWORD);
      await next.fill("Harbor@light8");
      await confirm.fill("Harbor@light8");
      await page.getByRole("button", { name: "Update Password" }).click();
      await status(page).getByText("Your information was updated!", { exact: true }).waitFor();
      expect(await current.inputValue()).toBe("");

      // Basic members manage payment on plan selection.
      await page.getByText("Membership Type").waitFor();
      await page.getByText("Basic", { exact: true }).waitFor();
      expect(await page.getByRole("link", { name: "Manage Payment" }).getAttribute("href")).toBe("/plan-select");
    },
    { allowConsoleErrors: [/status of 400/] },
  );

  browserTest("Preferences saves the ticked areas", async ({ page }) => {
    await signUpNewClient(page, NEW_CLIENT);
    await openSettings(page, "preferences");
    await page.getByText("Select the industries that you would like insights from.").waitFor();
    const hr = page.getByRole("checkbox", { name: "HR" });
    expect(await hr.isChecked()).toBe(true);
    await hr.uncheck();
    await page.getByRole("checkbox", { name: "Technology" }).uncheck();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await status(page).getByText("Your preferences have been updated!", { exact: true }).waitFor();

    await page.reload();
    expect(await page.getByRole("checkbox", { name: "HR" }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: "Technology" }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: "Finance" }).isChecked()).toBe(true);
  });

  browserTest(
    "on a phone the settings fit the screen",
    async ({ page }) => {
      await signUpNewClient(page, NEW_CLIENT);
      for (const tab of ["personal", "business", "account", "preferences"]) {
        await openSettings(page, tab);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, tab).toBeLessThanOrEqual(PHONE.width);
      }
    },
    { viewport: PHONE },
  );
});
