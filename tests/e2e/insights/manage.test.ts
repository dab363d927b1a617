import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn, signUpNewClient } from "../support";

const MANAGER_EMAIL = "manager@partwise.test";

describe("engagement manager console", () => {
  browserTest("a client's support message reaches the manager, who marks it handled", async ({ page, context }) => {
    // A brand-new client writes to support.
    const { email } = await signUpNewClient(page, {
      emailPrefix: "manage",
      person: { firstName: "Rowan", lastName: "Ashby", phone: "(207) 555-0188" },
      business: { name: "Casco Bay Kayaks" },
    });
    const unique = `Our QuickBooks sync stopped on ${Date.now().toString(36)}.`;
    await page.goto("/contact-us");
    await page.getByText("0 / 5,000 characters", { exact: true }).waitFor();
    await page.getByRole("radio", { name: "Tech support" }).check();
    await page.getByPlaceholder("Write your message...").fill(`${unique}\nPlease help.`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectPath(page, "/dashboard");

    // The demo engagement manager signs in and opens the console's support inbox.
    await context.clearCookies();
    await signIn(page, MANAGER_EMAIL);
    await expectPath(page, "/manage");
    await page.getByRole("heading", { name: "Hello, Morgan Ellis", level: 1 }).waitFor();
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Insight requests" }).waitFor();
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Support messages" }).click();
    await expectPath(page, "/manage/support");
    await page.getByRole("heading", { name: "Support messages", level: 1 }).waitFor();

    const row = page.getByRole("listitem").filter({ hasText: unique });
    await row.getByText("Casco Bay Kayaks", { exact: true }).waitFor();
    await row.getByText(`Rowan Ashby · ${email}`, { exact: true }).waitFor();
    await row.getByText("Tech support", { exact: true }).waitFor();
    await row.getByRole("link", { name: /^Open message/ }).click();

    await page.getByRole("heading", { name: "Tech support", level: 1 }).waitFor();
    const text = page.getByText(unique);
    expect(await text.textContent()).toBe(`${unique}\nPlease help.`);
    expect(await page.getByRole("link", { name: email }).getAttribute("href")).toBe(`mailto:${email}`);
    await page.getByText("(207) 555-0188", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Mark as handled" }).click();
    await page.getByRole("status").getByText("Marked as handled.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Reopen" }).waitFor();

    // It has left the open inbox and is listed under Closed.
    await page.getByRole("link", { name: "Back to support messages" }).click();
    await expectPath(page, "/manage/support?status=closed");
    await page.getByRole("listitem").filter({ hasText: unique }).waitFor();
    await page.getByRole("link", { name: "Open", exact: true }).click();
    await expectPath(page, "/manage/support?status=open");
    await page.getByRole("heading", { name: "Support messages", level: 1 }).waitFor();
    expect(await page.getByRole("listitem").filter({ hasText: unique }).count()).toBe(0);
  });

  browserTest(
    "the console fits a phone",
    async ({ page }) => {
      await signIn(page, MANAGER_EMAIL);
      await expectPath(page, "/manage");
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Home" }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    },
    { viewport: PHONE },
  );
});
