import { describe, expect } from "vitest";
import { DEMO_CLIENT } from "../../../db/seed/demo";
import { browserTest, expectPath, verifyEmailFromOutbox } from "../support";

const PASSWORD_RULES = "Required: 8 characters, 1 uppercase, 1 number, 1 special character.";
const NAICS_UNKNOWN = "That isn't a 2022 NAICS industry code. Use the NAICS lookup to find yours.";

describe("signing up a new business", () => {
  browserTest(
    "a new business goes from the chooser through its details and plan choice to the dashboard",
    async ({ page }) => {
      const email = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;

      await page.goto("/Signup");
      await page.getByRole("heading", { name: "Join our community" }).waitFor();
      await page.getByRole("link", { name: "I'm a Business" }).click();
      await expectPath(page, "/Signup/client-personal-details");
      await page.getByRole("heading", { name: "Let's Get Started" }).waitFor();

      await page.getByLabel("First name").fill("Rowan");
      await page.getByLabel("Last name").fill("Castellano");

      // An address in use is flagged as soon as the field is left.
      const emailField = page.getByLabel("Email", { exact: true });
      await emailField.fill(DEMO_CLIENT.email);
      await emailField.press("Tab");
      await page.getByText("Email is already taken", { exact: true }).waitFor();
      // Whoever has an account already is offered the way to sign in.
      expect(await page.getByRole("link", { name: "Sign in instead", exact: true }).getAttribute("href")).toBe("/");
      await emailField.fill(email);
      await emailField.press("Tab");
      await page.getByText("Email is already taken", { exact: true }).waitFor({ state: "detached" });
      expect(await page.getByRole("link", { name: "Sign in instead", exact: true }).count()).toBe(0);

      await page.getByLabel("Phone").fill("(207) 555-0199");

      const password = page.getByLabel("Password", { exact: true });
      await password.fill("harbor");
      await password.press("Tab");
      await page.getByText(PASSWORD_RULES, { exact: true }).waitFor();
      await password.fill("Harbor-light-42");
      await page.getByText(PASSWORD_RULES, { exact: true }).waitFor({ state: "detached" });

      const confirmation = page.getByLabel("Confirm password", { exact: true });
      await confirmation.fill("Harbor-light-24");
      await confirmation.press("Tab");
      await page.getByText("Passwords do not match", { exact: true }).waitFor();
      await confirmation.fill("Harbor-light-42");
      await page.getByText("Passwords do not match", { exact: true }).waitFor({ state: "detached" });

      // The show/hide toggle reveals what was typed.
      expect(await password.getAttribute("type")).toBe("password");
      await page.getByRole("button", { name: "Show password", exact: true }).click();
      expect(await password.getAttribute("type")).toBe("text");

      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await expectPath(page, "/signup-business");
      await page.getByRole("heading", { name: "Tell us about your business" }).waitFor();

      await page.getByLabel("Company name").fill("Castellano Climbing Supply");
      await page.getByLabel("Your role").fill("Founder");
      await page.getByLabel("City").fill("Burlington");
      await page.getByLabel("State").selectOption({ label: "Vermont" });

      // A made-up code is refused; a real one names its industry as soon as it is typed.
      const naics = page.getByRole("combobox", { name: "Industry (NAICS number)" });
      await naics.fill("4591");
      await naics.press("Tab");
      await page.getByText("NAICS must be a 6-digit number", { exact: true }).waitFor();
      await naics.fill("999999");
      await page.getByText(NAICS_UNKNOWN, { exact: true }).waitFor();
      await naics.fill("459110");
      await page.getByText("Sporting Goods Retailers", { exact: true }).waitFor();
      expect(await page.getByText(NAICS_UNKNOWN, { exact: true }).count()).toBe(0);
      const lookup = page.getByRole("link", { name: "Look up your NAICS code" });
      expect(await lookup.getAttribute("href")).toBe("/naics");
      expect(await lookup.getAttribute("target")).toBe("_blank");

      // Or the industry is found by what the business does, and picked with the keyboard.
      await naics.fill("");
      await naics.pressSequentially("coffee shop");
      const listbox = page.getByRole("listbox", { name: "Industries" });
      await listbox.getByRole("option", { name: /^722515 Snack and Nonalcoholic Beverage Bars/ }).waitFor();
      await naics.press("ArrowDown");
      await naics.press("Enter");
      expect(await naics.inputValue()).toBe("722515");
      expect(await naics.getAttribute("aria-expanded")).toBe("false");
      await page.getByText("Snack and Nonalcoholic Beverage Bars", { exact: true }).waitFor();
      // Enter picked; it did not submit the form.
      expect(await page.getByText("Please select your revenue", { exact: true }).count()).toBe(0);
      await expectPath(page, "/signup-business");

      // The placeholders count as not chosen.
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByText("Please select your revenue", { exact: true }).waitFor();
      await page.getByText("Please select the number of employees", { exact: true }).waitFor();
      await page.getByLabel("Revenue").selectOption({ label: "5-10 Million" });
      await page.getByLabel("Number of employees").selectOption({ label: "0-25" });
      await page.getByRole("button", { name: "Next", exact: true }).click();

      await expectPath(page, "/plan-select");
      await page.getByRole("heading", { name: "Best Plans for Business" }).waitFor();
      await page.getByRole("button", { name: "Continue with Basic" }).click();
      // After the plan, "Almost there!" (issue #36), then the dashboard.
      await expectPath(page, "/profile-progress");
      await page.getByRole("heading", { name: "Almost there!", level: 1 }).waitFor();
      await page.getByRole("link", { name: "Skip this Step", exact: true }).click();
      await expectPath(page, "/dashboard");
      await page.getByText("Hello, Rowan Castellano", { exact: true }).waitFor();

      // Until the address is confirmed, a banner says so (docs/decisions/070); its button sends the link again.
      const banner = page.getByRole("region", { name: "Confirm your email address", exact: true });
      await banner
        .getByText(
          `We sent a link to ${email}. Open it to confirm your address: paying, inviting colleagues and receiving payouts wait until you do.`,
          { exact: true },
        )
        .waitFor();
      await banner.getByRole("button", { name: "Send the link again", exact: true }).click();
      await banner.getByRole("status").getByText(`We sent a new link to ${email}. It works for 7 days.`).waitFor();
      // The newest link, from the local outbox, confirms it; the banner is gone.
      await verifyEmailFromOutbox(page, email);
      await page.goto("/dashboard");
      await page.getByText("Hello, Rowan Castellano", { exact: true }).waitFor();
      expect(await banner.count()).toBe(0);

      // The business has the industry picked in the combobox.
      await page.goto("/company-profile?tab=business");
      expect(await page.getByLabel("Industry NAICS").inputValue()).toBe(
        "722515 — Snack and Nonalcoholic Beverage Bars",
      );
    },
    // The made-up NAICS code's lookup answers 404, which Chromium logs as a failed resource load.
    { allowConsoleErrors: [/status of 404/] },
  );

  browserTest(
    "the Business and Consultant cards are links alike; the consultant's explains how consultants join",
    async ({ page }) => {
      await page.goto("/Signup");
      const cards = page.getByRole("list", { name: "Account types" }).getByRole("link");
      expect(await cards.count()).toBe(2);
      const business = page.getByRole("link", {
        name: "I'm a Business Find fractional talent, request diagnostic insights and run engagements.",
        exact: true,
      });
      const consultant = page.getByRole("link", {
        name: "I'm a Consultant Offer your expertise to businesses like yours.",
        exact: true,
      });
      expect(await business.getAttribute("href")).toBe("/Signup/client-personal-details");
      expect(await consultant.getAttribute("href")).toBe("/Signup/consultant");

      // Both are reached with Tab and followed with Enter.
      await business.focus();
      await page.keyboard.press("Tab");
      expect(await consultant.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await expectPath(page, "/Signup/consultant");
      await page.getByRole("heading", { level: 1, name: "Consulting Sign Up Not Yet Available" }).waitFor();
      await page
        .getByText("Consultants join Partwise by invitation from an Engagement Manager.", { exact: true })
        .waitFor();
      expect(await page.getByRole("link", { name: "support@partwise.com" }).getAttribute("href")).toBe(
        "mailto:support@partwise.com?subject=Consultant%20application",
      );
      await page.getByRole("link", { name: "Back to account types" }).click();
      await expectPath(page, "/Signup");

      await business.focus();
      await page.keyboard.press("Enter");
      await expectPath(page, "/Signup/client-personal-details");
      await page.getByRole("heading", { name: "Let's Get Started" }).waitFor();

      // An invited consultant signs in from the consultant page.
      await page.goto("/Signup?type=consultant");
      await expectPath(page, "/Signup/consultant");
      await page.getByRole("link", { name: "Sign in", exact: true }).click();
      await expectPath(page, "/");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    },
  );

  browserTest("'Create an account' starts a business sign-up by default", async ({ page }) => {
    await page.goto("/Signup");
    await page.getByRole("button", { name: "Create an account" }).click();
    await expectPath(page, "/Signup/client-personal-details");
    await page.getByRole("heading", { name: "Let's Get Started" }).waitFor();
  });

  browserTest("the Privacy Policy and Terms links open the documents", async ({ page, context }) => {
    await page.goto("/signup/client-personal-details");
    const [privacy] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: "Privacy Policy" }).click(),
    ]);
    await privacy.waitForLoadState();
    expect(new URL(privacy.url()).pathname).toBe("/api/agreements/privacy-policy/");
    await privacy.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    await privacy.getByRole("heading", { level: 2, name: "2. Information we collect" }).waitFor();

    const [terms] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: "Terms and Conditions" }).click(),
    ]);
    await terms.waitForLoadState();
    await terms.getByRole("heading", { level: 1, name: "Terms and Conditions" }).waitFor();
  });
});
