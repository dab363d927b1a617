import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, signUpNewClient } from "../support";

const NEW_CLIENT = {
  emailPrefix: "support",
  person: { firstName: "Quinn", lastName: "Marlowe", phone: "(207) 555-0166" },
  business: { name: "Back Cove Ceramics", employeeCount: "0-25", revenue: "< 5 million", clientRole: "Founder" },
};

/** Opens /contact-us and waits until the form's scripts run (the character count appears then). */
async function openSupport(page: Page) {
  await page.goto("/contact-us");
  await page.getByRole("heading", { name: "Need Help? We're here for you" }).waitFor();
  await page.getByText("0 / 5,000 characters", { exact: true }).waitFor();
}

describe("support", () => {
  browserTest("a client sends a message and lands on the dashboard with the confirmation", async ({ page }) => {
    const { email } = await signUpNewClient(page, NEW_CLIENT);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Support", exact: true }).click();
    await expectPath(page, "/contact-us");
    await page.getByText("0 / 5,000 characters", { exact: true }).waitFor();

    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel("First name").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByLabel("Phone").inputValue()).toBe("(207) 555-0166");
    await page.getByRole("link", { name: "Privacy Policy" }).waitFor();
    await page.getByRole("link", { name: "Terms and Conditions" }).waitFor();
    await page.getByRole("link", { name: "(207) 555-0100" }).waitFor();

    await page.getByRole("radio", { name: "Tech support" }).check();
    const message = "Our monthly revenue card shows nothing after connecting.";
    await page.getByPlaceholder("Write your message...").fill(message);
    await page.getByText(`${message.length} / 5,000 characters`, { exact: true }).waitFor();
    await page.getByRole("button", { name: "Send Message" }).click();

    await expectPath(page, "/dashboard");
    await page
      .getByRole("status")
      .getByText("Thanks! Your message was sent. We'll get back to you within one business day.", { exact: true })
      .waitFor();
  });

  browserTest("subject and message are required", async ({ page }) => {
    await signUpNewClient(page, NEW_CLIENT);
    await openSupport(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Choose a subject.", { exact: true }).waitFor();
    await page.getByText("Write your message.", { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/contact-us");

    await page.getByRole("radio", { name: "Insights" }).check();
    await page.getByText("Choose a subject.", { exact: true }).waitFor({ state: "detached" });
  });
});
