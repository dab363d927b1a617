import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectPath, signIn } from "../support";

/** Reads the invitation link emailed to `email` from the local outbox page (waiting for it to arrive). */
export async function invitationLinkFromOutbox(page: Page, email: string): Promise<string> {
  let text = "";
  for (let attempt = 0; attempt < 20 && !text; attempt++) {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    await page.getByRole("heading", { name: "Local email outbox", level: 1 }).waitFor();
    const mail = page.getByRole("article").filter({ hasText: email }).first();
    if ((await mail.count()) > 0) text = (await mail.textContent()) ?? "";
    else await page.waitForTimeout(200);
  }
  const match = /https?:\/\/[^\s]+\/consultant-invitation\/[A-Za-z0-9_-]{43}/.exec(text);
  expect(match, `no invitation link in the outbox for ${email}`).not.toBeNull();
  return new URL(match![0]).pathname;
}

/**
 * The manager invites a new consultant; the consultant follows the emailed link, sets a password
 * and lands on their empty profile (signed in as the consultant).
 */
export async function invitedConsultant(
  page: Page,
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  await signIn(page, "manager@partwise.test");
  await expectPath(page, "/manage");
  await page.goto("/manage/consultants/invitations");
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Email").fill(person.email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await page.getByText("Invitation sent.", { exact: true }).waitFor();
  const link = await invitationLinkFromOutbox(page, person.email);
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expectPath(page, "/consultant/profile");
}

/** Saves one section of the profile editor and waits for its confirmation. */
export async function saveProfileSection(
  page: Page,
  section: string,
  button = "Save",
  saved = "Your changes are saved.",
) {
  const card = page.locator(`#profile-${section}`);
  await card.getByRole("button", { name: button }).click();
  await card.getByText(saved, { exact: true }).waitFor();
}
