import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, NEW_CLIENT_PASSWORD, signIn, signUpNewClient } from "../support";

const OLD_PASSWORD = NEW_CLIENT_PASSWORD;
const NEW_PASSWORD = "Tidewater-Crossing-42";

/**
 * A brand-new business client, then signed out: the demo account's password must never change,
 * other tests sign in with it.
 */
async function newClientWhoForgot(page: Page): Promise<string> {
  const { email } = await signUpNewClient(page, {
    emailPrefix: "forgetful",
    person: { firstName: "Robin", lastName: "Achterberg", phone: "(207) 555-0142" },
    business: { name: "Casco Bay Chandlery" },
    signOut: true,
  });
  return email;
}

/** Reads the newest recovery password emailed to `email` from the local outbox page. */
async function recoveryPasswordFromOutbox(page: Page, email: string): Promise<string> {
  let text = "";
  // The email is sent just after the answer: reload until it is listed.
  for (let attempt = 0; attempt < 20 && !text; attempt++) {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    await page.getByRole("heading", { name: "Local email outbox", level: 1 }).waitFor();
    const mail = page.getByRole("article").filter({ hasText: email }).first();
    if ((await mail.count()) > 0) text = (await mail.textContent()) ?? "";
    else await page.waitForTimeout(200);
  }
  const match = /Recovery password: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(text);
  expect(match, `no recovery password in the outbox for ${email}`).not.toBeNull();
  return match![1];
}

describe("password reset", () => {
  browserTest(
    "a user who forgot the password reads the recovery email in the outbox, sets a new password and is signed in",
    async ({ page }) => {
      const email = await newClientWhoForgot(page);

      await page.goto("/");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await page.getByRole("button", { name: "Forgot your password?" }).click();
      await page.getByText("Enter your email to reset your password", { exact: true }).waitFor();
      // The reset form says what it does, in its heading too.
      await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
      expect(await page.getByText("Welcome Back").count()).toBe(0);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Reset", exact: true }).click();
      await page
        .getByText(
          "If an account exists for that email, we've sent a recovery password to it. It expires in 30 minutes.",
          { exact: true },
        )
        .waitFor();
      expect(await page.getByLabel("Email", { exact: true }).count()).toBe(0);
      await page.getByRole("button", { name: "Ok", exact: true }).click();
      await page.getByRole("button", { name: "Login", exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/");

      const recoveryPassword = await recoveryPasswordFromOutbox(page, email);
      const mail = page.getByRole("article").filter({ hasText: email }).first();
      await mail.getByRole("heading", { name: "Your Partwise recovery password" }).waitFor();

      // The HTML part opens as its own document.
      await mail.getByRole("link", { name: "View the HTML version of “Your Partwise recovery password”" }).click();
      await page.getByRole("heading", { name: "Reset your Partwise password" }).waitFor();
      await page.getByText(recoveryPassword, { exact: true }).waitFor();
      const link = page.getByRole("link", { name: "Choose a new password" });
      const href = await link.getAttribute("href");
      expect(href).toMatch(/\/password-reset\?email=/);

      await page.goto(new URL(href!).pathname + new URL(href!).search);
      await page.getByRole("heading", { name: "Reset your password" }).waitFor();
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
      await page.getByLabel("Recovery password", { exact: true }).fill(recoveryPassword);
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
      expect(await page.getByRole("button", { name: "Login", exact: true }).count()).toBe(0);
      expect(await page.getByText("Welcome Back").count()).toBe(0);
      await page.getByRole("button", { name: "Reset password and sign in", exact: true }).click();
      await expectPath(page, "/dashboard");
      await page.getByText("Hello, Robin Achterberg", { exact: true }).waitFor();

      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout", exact: true }).click();
      await expectPath(page, "/login");

      await signIn(page, email, OLD_PASSWORD);
      await page.getByText("The email or password you entered is incorrect.", { exact: true }).waitFor();
      await signIn(page, email, NEW_PASSWORD);
      await expectPath(page, "/dashboard");
    },
    { allowConsoleErrors: [/status of 401/] },
  );

  browserTest(
    "the reset screen shows the rule texts and refuses a wrong recovery password",
    async ({ page }) => {
      const email = await newClientWhoForgot(page);
      await page.goto(`/password-reset?email=${encodeURIComponent(email)}`);
      await page.getByRole("heading", { name: "Reset your password" }).waitFor();

      const newPassword = page.getByLabel("New password", { exact: true });
      expect(await newPassword.getAttribute("type")).toBe("password");
      await page.getByRole("button", { name: "Show new password" }).click();
      expect(await newPassword.getAttribute("type")).toBe("text");
      await page.getByRole("button", { name: "Hide new password" }).click();
      expect(await newPassword.getAttribute("type")).toBe("password");

      await newPassword.fill("short");
      await newPassword.blur();
      await page
        .getByText("Required: 8 characters, 1 uppercase, 1 number, 1 special character.", { exact: true })
        .waitFor();
      await newPassword.fill(NEW_PASSWORD);
      const confirm = page.getByLabel("Confirm new password", { exact: true });
      await confirm.fill(`${NEW_PASSWORD}!`);
      await confirm.blur();
      await page.getByText("Passwords do not match", { exact: true }).waitFor();
      await confirm.fill(NEW_PASSWORD);

      await page.getByLabel("Recovery password", { exact: true }).fill("WRNG-WRNG-WRNG");
      await page.getByRole("button", { name: "Reset password and sign in", exact: true }).click();
      await page
        .getByRole("alert")
        .getByText("That recovery password is incorrect or has expired.", { exact: true })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe("/password-reset");
    },
    // The refused recovery answers 400, which Chromium logs as a failed resource load.
    { allowConsoleErrors: [/status of 400/] },
  );
});
