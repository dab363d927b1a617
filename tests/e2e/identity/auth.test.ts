import { describe, expect } from "vitest";
import { DEMO_CLIENT } from "../../../db/seed/demo";
import { browserTest, expectPath, signIn } from "../support";

describe("signing in and out", () => {
  browserTest("the demo client signs in, lands on the dashboard, and logs out", async ({ page }) => {
    await signIn(page, DEMO_CLIENT.email);
    await expectPath(page, "/dashboard");
    await page.getByText(`Hello, ${DEMO_CLIENT.firstName} ${DEMO_CLIENT.lastName}`, { exact: true }).waitFor();
    await page.getByText("What's your top business priority today?", { exact: true }).waitFor();

    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout", exact: true }).click();
    await expectPath(page, "/login");
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();

    // The session is gone: the dashboard sends the visitor back to the login at /.
    await page.goto("/dashboard");
    await expectPath(page, "/");
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
  });

  browserTest(
    "a wrong password shows the error and keeps the visitor on the login page",
    async ({ page, context }) => {
      await signIn(page, DEMO_CLIENT.email, "not-the-password");
      await page.getByText("The email or password you entered is incorrect.", { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/login");
      const cookies = await context.cookies();
      expect(cookies.some((cookie) => cookie.name === "__Host-partwise_session")).toBe(false);
    },
    // The refused sign-in answers 401, which Chromium logs as a failed resource load.
    { allowConsoleErrors: [/status of 401/] },
  );

  browserTest("the password field can be shown and hidden", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-value");
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");
  });
});
