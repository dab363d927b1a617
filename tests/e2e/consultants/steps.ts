import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Reads the invitation link emailed to `email` from the local outbox page (waiting for it to arrive). */
export async function invitationLinkFromOutbox(page: Page, email: string): Promise<string> {
  let text = "";
  for (let attempt = 0; attempt < 20 && !text; attempt++) {
    await page.goto("/dev/outbox");
    await page.getByRole("heading", { name: "Local email outbox", level: 1 }).waitFor();
    const mail = page.getByRole("article").filter({ hasText: email }).first();
    if ((await mail.count()) > 0) text = (await mail.textContent()) ?? "";
    else await page.waitForTimeout(200);
  }
  const match = /https?:\/\/[^\s]+\/consultant-invitation\/[A-Za-z0-9_-]{43}/.exec(text);
  expect(match, `no invitation link in the outbox for ${email}`).not.toBeNull();
  return new URL(match![0]).pathname;
}
