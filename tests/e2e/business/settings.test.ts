import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { atEachWidth, browserTest, expectPath, NEW_CLIENT_PASSWORD, PHONE, signUpNewClient } from "../support";

/** Brand-new clients keep the demo account untouched for the other tests. */
const NEW_CLIENT = { emailPrefix: "settings" };

/** Opens a settings tab and waits for hydration (the other tabs leave the tab order then). */
async function openSettings(page: Page, tab: string) {
  await page.goto(`/company-profile?tab=${tab}`);
  await page.locator('[role="tab"][tabindex="-1"]').first().waitFor({ state: "attached" });
}

const status = (page: Page) => page.getByRole("status");

/** The text of the newest email to `address` whose text matches `pattern`, from the local outbox page. */
async function mailFromOutbox(page: Page, address: string, pattern: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 25; attempt++) {
    await page.goto("/dev/outbox");
    await page.getByRole("heading", { name: "Local email outbox", level: 1 }).waitFor();
    const mail = page.getByRole("article").filter({ hasText: address }).filter({ hasText: pattern }).first();
    if ((await mail.count()) > 0) return (await mail.textContent()) ?? "";
    await page.waitForTimeout(200);
  }
  throw new Error(`no email to ${address} matching ${pattern} in the outbox`);
}

const WIDE = { width: 1280, height: 900 };

// On a phone, its screens also checked at 1280 px (atEachWidth).
describe("changing the sign-in email", () => {
  browserTest(
    "takes the current password and a link sent to the new address; the old address is told, and a password change too",
    async ({ page }) => {
      const { email } = await signUpNewClient(page, { emailPrefix: "email-change" });
      const moved = `moved-${Date.now().toString(36)}@example.test`;
      await openSettings(page, "personal");
      const field = page.getByLabel("Email", { exact: true });
      await field.fill(moved);
      await page.getByLabel("First name").fill("Morgan");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Enter your current password to change your email.", { exact: true }).waitFor();
      expect(await page.getByText("Your information was updated!").count()).toBe(0);

      await page.getByLabel("Current Password", { exact: true }).fill(NEW_CLIENT_PASSWORD);
      await page.getByRole("button", { name: "Save" }).click();
      await status(page)
        .getByText(
          `Your information was updated! We sent a link to ${moved}. Your sign-in email changes when you open it (within 24 hours); until then, keep signing in with your current email.`,
          { exact: true },
        )
        .waitFor();
      // Not changed yet: the field shows the current email, the name is saved.
      expect(await field.inputValue()).toBe(email);
      await page.getByText("Hello, Morgan Lindqvist", { exact: true }).waitFor();
      await openSettings(page, "personal");
      await atEachWidth(page, [PHONE, WIDE], () =>
        page
          .getByText(new RegExp(`^Waiting for you to confirm ${moved.replace(/\./g, "\\.")}: open the link`))
          .waitFor(),
      );

      const asked = await mailFromOutbox(page, email, /A change of your Partwise sign-in email was requested/);
      expect(asked).toContain(`asked to change its sign-in email to ${moved}.`);
      const mail = await mailFromOutbox(page, moved, /Confirm your new Partwise sign-in email/);
      const link = /https?:\/\/[^\s"]+\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(mail);
      expect(link, "no link in the confirmation email").not.toBeNull();

      await page.goto(new URL(link![0]).pathname + new URL(link![0]).search);
      await page.getByRole("heading", { name: "Confirm your new sign-in email", level: 1 }).waitFor();
      await page.getByText(`Use ${moved} to sign in to Partwise from now on?`, { exact: true }).waitFor();
      await page.getByRole("button", { name: "Confirm my new email", exact: true }).click();
      await page.getByRole("heading", { name: "Your email is changed", level: 1 }).waitFor();
      await atEachWidth(page, [PHONE, WIDE], () =>
        page
          .getByText(`Your sign-in email is now ${moved}. Use it the next time you sign in.`, { exact: true })
          .waitFor(),
      );

      await openSettings(page, "personal");
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(moved);
      const changed = await mailFromOutbox(page, email, /Your Partwise sign-in email changed/);
      expect(changed).toContain(`The email you sign in to Partwise with was changed to ${moved}.`);

      // A password change is told to the account's (new) address.
      await openSettings(page, "account");
      await page.getByLabel("Current Password", { exact: true }).fill(NEW_CLIENT_PASSWORD);
      await page.getByLabel("New Password", { exact: true }).fill("Harbor@light8");
      await page.getByLabel("Confirm New Password", { exact: true }).fill("Harbor@light8");
      await page.getByRole("button", { name: "Update Password" }).click();
      await status(page).getByText("Your information was updated!", { exact: true }).waitFor();
      const told = await mailFromOutbox(page, moved, /Your Partwise password was changed/);
      expect(told).toContain("The password of your Partwise account was changed on");
    },
    // The refused save (no password) answers 400, which the browser logs.
    { viewport: PHONE, timeout: 90_000, allowConsoleErrors: [/status of 400/] },
  );
});

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
    await page
      .getByText("Nothing recorded yet. Changes to the business, its money and its settings will show here.")
      .waitFor();
    await expect.poll(() => tabs.getByRole("tab", { name: "Activity" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("heading", { name: "Members", level: 2 }).waitFor();
    await expect.poll(() => tabs.getByRole("tab", { name: "Team" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowLeft");
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
      await page.getByLabel("Current Password", { exact: true }).fill(NEW_CLIENT_PASSWORD);
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
      for (const tab of ["personal", "business", "account", "preferences", "activity"]) {
        await openSettings(page, tab);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, tab).toBeLessThanOrEqual(PHONE.width);
      }
    },
    { viewport: PHONE },
  );
});
