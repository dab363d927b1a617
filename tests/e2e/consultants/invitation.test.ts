import type { Page } from "playwright-core";
import { describe } from "vitest";
import { browserTest, expectPath, keepScreen, PHONE, signIn } from "../support";
import { invitationLinkFromOutbox } from "./steps";

const PASSWORD = "Harbor-Consult-9";
const WIDE = { width: 1280, height: 900 };

const shot = (page: Page, name: string) => keepScreen(page, `consultant-invitation-${name}`);

describe("consultant invitation", () => {
  browserTest(
    "a manager invites a consultant, who sets a password on a phone and lands on their profile",
    async ({ page }) => {
      const email = `invited-${Date.now().toString(36)}@example.test`;
      await page.setViewportSize(WIDE);
      await signIn(page, "manager@partwise.test");
      await expectPath(page, "/manage");
      await page.goto("/manage/consultants/invitations");
      await page.getByRole("heading", { name: "Consultant invitations", level: 1 }).waitFor();
      await page.getByLabel("First name").fill("Morgan");
      await page.getByLabel("Last name").fill("Ellery");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Note").fill("We'd love your operations experience on our retail clients.");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await page.getByText("Invitation sent.", { exact: true }).waitFor();
      const row = page.getByRole("list", { name: "Invitations" }).getByRole("listitem").filter({ hasText: email });
      await row.getByText("Pending", { exact: true }).waitFor();
      await row.getByRole("button", { name: `Resend the invitation to ${email}` }).waitFor();
      await shot(page, "console");
      await page.setViewportSize(PHONE);
      await shot(page, "console");

      const link = await invitationLinkFromOutbox(page, email);
      // The invitee is someone else, on a phone: sign the manager out first.
      await page.context().clearCookies();
      await page.goto(link);
      await page.getByRole("heading", { name: "Welcome to Partwise, Morgan", level: 1 }).waitFor();
      await page.getByText(email, { exact: true }).waitFor();
      await page.getByLabel("Password", { exact: true }).fill("weak");
      await page.getByLabel("Confirm password", { exact: true }).fill("weaker");
      await page.getByRole("button", { name: "Create my account" }).click();
      await page
        .getByText("Required: 8 characters, 1 uppercase, 1 number, 1 special character.", { exact: true })
        .waitFor();
      await shot(page, "invitation");
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Create my account" }).click();
      // A new consultant starts on their profile: nothing else in the portal works without it.
      await expectPath(page, "/consultant/profile");

      // The link worked once.
      await page.context().clearCookies();
      await page.goto(link);
      await page
        .getByText("This invitation has already been used. Sign in with your email and the password you chose.")
        .waitFor();
      await page.setViewportSize(WIDE);
      await shot(page, "invitation-used");
    },
    { viewport: PHONE },
  );

  browserTest("a consultant applies from the sign-up chooser's consultant page", async ({ page }) => {
    for (const viewport of [PHONE, WIDE]) {
      await page.setViewportSize(viewport);
      await page.goto("/Signup/consultant");
      await page.getByRole("heading", { name: "Consulting Sign Up Not Yet Available", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Send application" }).waitFor();
      await shot(page, "application");
    }
    await page.getByLabel("Name", { exact: true }).fill("Avery Lindqvist");
    await page.getByLabel("Email", { exact: true }).fill(`applicant-${Date.now().toString(36)}@example.test`);
    await page.getByLabel("LinkedIn URL (optional)").fill("https://www.linkedin.com/in/avery-lindqvist");
    await page.getByLabel("Operations").check();
    await page.getByLabel("About your experience").fill("Twelve years running supply chains for regional retailers.");
    await page.getByRole("button", { name: "Send application" }).click();
    await page
      .getByText(
        "Thank you! Your application was sent. An Engagement Manager will review it and email you if there is a fit.",
      )
      .waitFor();
  });
});
