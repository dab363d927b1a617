import { describe, expect } from "vitest";
import { apiCall, baseURL, browserTest, expectPath, signUpNewClient } from "../support";

/**
 * The browser tests run on a free port (never 8787) with the settings a fresh clone's `npm start`
 * writes. Every address the app hands out — the test checkout's return, the QuickBooks consent
 * callback, the links in emails — must come back to the origin the app was opened on.
 */
const origin = new URL(baseURL).origin;

describe("serving on a port other than the default", () => {
  browserTest("the app under test is not on the default port", async () => {
    expect(new URL(baseURL).port).not.toBe("8787");
  });

  browserTest("the test checkout returns to the port the app is served on", async ({ page }) => {
    await signUpNewClient(page, { emailPrefix: "ports-checkout", verifyEmail: true });
    await page.goto("/plan-select");
    await page
      .getByRole("article", { name: "STARTER", exact: true })
      .getByRole("button", { name: "Start Free Trial", exact: true })
      .click();
    await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
    expect(new URL(page.url()).origin).toBe(origin);
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    await expectPath(page, "/paymentStatus");
    expect(new URL(page.url()).origin).toBe(origin);
    await page.getByRole("heading", { name: "Congratulations!", level: 1 }).waitFor();
  });

  browserTest("the QuickBooks consent comes back to the port the app is served on", async ({ page }) => {
    await signUpNewClient(page, { emailPrefix: "ports-consent" });
    await page.goto("/dashboard");
    await page
      .locator("#monthly-revenue-card")
      .getByRole("link", { name: "Connect Company Data", exact: true })
      .click();
    await expectPath(page, "/quickbooks/demo-consent");
    expect(new URL(page.url()).origin).toBe(origin);
    await page.getByRole("button", { name: "Connect demo company", exact: true }).click();

    await page.waitForURL((url) => url.pathname === "/quickbook-status" && url.searchParams.has("job"));
    expect(new URL(page.url()).origin).toBe(origin);
  });

  browserTest("links in the local outbox point at the port the app is served on", async ({ page }) => {
    const { email } = await signUpNewClient(page, { emailPrefix: "ports-outbox", signOut: true });
    const status = (await apiCall(page, "PUT", "/api/client/auth/reset-password", { email })).status();
    expect(status).toBe(200);

    // The email is written just after the answer: reload until it is listed.
    let text = "";
    for (let attempt = 0; attempt < 20 && !text; attempt++) {
      await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
      const mail = page.getByRole("article").filter({ hasText: email }).first();
      if ((await mail.count()) > 0) text = (await mail.textContent()) ?? "";
      else await page.waitForTimeout(200);
    }
    const links = text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
    expect(links.length, `no link in the recovery email to ${email}: ${text}`).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin).toBe(origin);
  });
});
