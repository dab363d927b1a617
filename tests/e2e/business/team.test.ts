import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { atEachWidth, browserTest, expectPath, NEW_CLIENT_PASSWORD, PHONE, signIn, signUpNewClient } from "../support";

/** Settings → Team and the invitation link (issue #38 item 1, docs/decisions/067). */

const WIDE = { width: 1280, height: 900 };
const COLLEAGUE = { firstName: "Jordan", lastName: "Lee", password: "Team-member-2026!" };
const COLLEAGUE_NAME = `${COLLEAGUE.firstName} ${COLLEAGUE.lastName}`;

/** The path of the business invitation link emailed to `address`, read from the local outbox page. */
async function invitationPathFromOutbox(page: Page, address: string): Promise<string> {
  for (let attempt = 0; attempt < 25; attempt++) {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(address)}`);
    await page.getByRole("heading", { name: "Local email outbox", level: 1 }).waitFor();
    const mail = page.getByRole("article").filter({ hasText: address }).first();
    const match = /https?:\/\/[^\s"]+\/business-invitation\/[A-Za-z0-9_-]{43}/.exec(
      (await mail.count()) > 0 ? ((await mail.textContent()) ?? "") : "",
    );
    if (match) return new URL(match[0]).pathname;
    await page.waitForTimeout(200);
  }
  throw new Error(`no business invitation emailed to ${address} in the outbox`);
}

describe("the team of a business", () => {
  browserTest(
    "the owner invites a colleague, who signs up from the emailed link and reads the team; the owner changes their role and removes them",
    async ({ page, context }) => {
      const { email: ownerEmail } = await signUpNewClient(page, { emailPrefix: "team-owner", verifyEmail: true });
      const colleagueEmail = `team-colleague-${Date.now().toString(36)}@example.test`;

      await page.goto("/company-profile?tab=team");
      await page.getByRole("heading", { name: "Invite a colleague", level: 2 }).waitFor();
      await page.getByLabel("Email", { exact: true }).fill(colleagueEmail);
      await page.getByLabel("Role", { exact: true }).selectOption("member");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await page.getByRole("status").getByText("Invitation sent.", { exact: true }).waitFor();
      await page.getByRole("list", { name: "Invitations" }).getByText(colleagueEmail).waitFor();

      // The colleague, in this browser once the owner's cookie is gone, opens the emailed link.
      const link = await invitationPathFromOutbox(page, colleagueEmail);
      await context.clearCookies();
      await page.goto(link);
      await page.getByRole("heading", { name: "Join Fore River Provisions", level: 1 }).waitFor();
      await page.getByText("to join Fore River Provisions on Partwise as a member.").waitFor();
      await page.getByLabel("First name").fill(COLLEAGUE.firstName);
      await page.getByLabel("Last name").fill(COLLEAGUE.lastName);
      await page.getByLabel("Password", { exact: true }).fill(COLLEAGUE.password);
      await page.getByLabel("Confirm password", { exact: true }).fill(COLLEAGUE.password);
      await page.getByRole("button", { name: "Create my account" }).click();
      await expectPath(page, "/dashboard");

      await page.goto("/company-profile?tab=team");
      await atEachWidth(page, [PHONE, WIDE], async () => {
        const members = page.getByRole("list", { name: "Members" });
        await members.getByText(`${COLLEAGUE_NAME} (You)`).waitFor();
        await members.getByText(ownerEmail).waitFor();
        await page.getByText("Only owners and admins invite people and change the team.", { exact: true }).waitFor();
      });
      expect(await page.getByRole("button", { name: "Send invitation" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Change role/ }).count()).toBe(0);
      const colleagueCookies = await context.cookies();

      // The owner makes them a viewer, then removes them (asked first).
      await context.clearCookies();
      await signIn(page, ownerEmail, NEW_CLIENT_PASSWORD);
      await expectPath(page, "/dashboard");
      await page.goto("/company-profile?tab=team");
      await page.getByLabel(`Role of ${COLLEAGUE_NAME}`, { exact: true }).selectOption("viewer");
      await page.getByRole("button", { name: `Change role of ${COLLEAGUE_NAME}` }).click();
      await page.getByRole("status").getByText("Role changed.", { exact: true }).waitFor();
      await page.getByRole("link", { name: `Remove ${COLLEAGUE_NAME}` }).click();
      await page.getByText(`Remove ${COLLEAGUE_NAME} from Fore River Provisions?`, { exact: false }).waitFor();
      await page.getByRole("button", { name: "Yes, remove" }).click();
      await page
        .getByRole("status")
        .getByText("Removed. They were signed out of this business at once.", { exact: true })
        .waitFor();
      await expect.poll(() => page.getByRole("list", { name: "Members" }).getByText(colleagueEmail).count()).toBe(0);

      // The colleague's session is over: their next page is the sign-in screen.
      await context.clearCookies();
      await context.addCookies(colleagueCookies);
      await page.goto("/company-profile?tab=team");
      await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    },
  );
});
