import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { atEachWidth, baseURL, browserTest, expectPath, PHONE, signIn, signInAsDemoClient } from "../support";

/**
 * Conversations (issue #39) on the demo's active engagement: the business reads the thread as the
 * engagement's history (its events in line with the messages) and writes; the consultant answers
 * from a browser without JavaScript (the form posts, the page reloads), and the answers reach the
 * business's open page live (its Durable Object, docs/decisions/073); the manager hides a message,
 * which the business's page then shows hidden, live too. The interview before a decision is played in
 * tests/e2e/matching/matching-journey.test.ts.
 */

const WIDE = { width: 1280, height: 900 };

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

/** A message's text as the thread shows it (not the copy in its author's edit form). */
const message = (page: Page, text: string) => page.locator(".thread-message-body").getByText(text, { exact: true });

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send message", exact: true }).click();
  await page.getByRole("status").getByText("Message sent.", { exact: true }).waitFor();
  await message(page, text).waitFor();
}

describe("conversations", () => {
  browserTest(
    "the business writes in its engagement's thread, the consultant answers without JavaScript and it arrives live, the manager hides a message",
    async ({ page, context }) => {
      const stamp = Date.now().toString(36);
      const question = `Could the price list also cover the café accounts? (${stamp})`;
      const answer = `Yes: I will add them as a third tier on Friday. (${stamp})`;
      const contact = `Or call me on 207 555 0142 (${stamp})`;

      await signInAsDemoClient(page);
      await page.goto("/messages");
      await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
      await page.getByRole("link", { name: "Daniel Brennan", exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/messages/"));
      const threadId = new URL(page.url()).pathname.split("/").pop()!;
      await page.getByRole("heading", { level: 1, name: "Daniel Brennan · Strategy match" }).waitFor();
      // The engagement's history, in line.
      await page.getByText("Dana Whitfield signed version 1 of the statement of work.", { exact: false }).waitFor();
      await page.getByText(/The deliverable “Wholesale review and target accounts” was delivered\./).waitFor();
      await send(page, question);
      await atEachWidth(page, [PHONE, WIDE], () => noSidewaysScroll(page));
      await page.getByText("New messages appear here as they arrive.", { exact: true }).waitFor();

      // The consultant, without JavaScript: the thread's form posts and the page reloads.
      const browser = context.browser()!;
      const plain = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
      try {
        const consultant = await plain.newPage();
        await signIn(consultant, "consultant6@partwise.test");
        await consultant.waitForURL((url) => url.pathname === "/consultant");
        await consultant.goto(`/consultant/messages/${threadId}`);
        await message(consultant, question).waitFor();
        await send(consultant, answer);
        await send(consultant, contact);
        // Contact details before the plan is signed would show the notice; this plan is signed.
        expect(
          await consultant
            .getByText(
              "Payments, signed terms and the engagement manager's help cover only work arranged through Partwise.",
            )
            .count(),
        ).toBe(0);
      } finally {
        await plain.close();
      }

      // Live: the business's page shows the answers without a reload.
      await message(page, answer).waitFor();
      await message(page, contact).waitFor();

      // The manager hides the message with the phone number; the business reads its trace.
      const manager = await browser.newContext({ baseURL, viewport: WIDE });
      try {
        const desk = await manager.newPage();
        await signIn(desk, "manager@partwise.test");
        await desk.waitForURL((url) => url.pathname === "/manage");
        await desk
          .getByRole("navigation", { name: "Console" })
          .getByRole("link", { name: /^Messages/ })
          .click();
        await desk.waitForURL((url) => url.pathname === "/manage/messages");
        await desk.getByRole("link", { name: "Harbor & Pine Outfitters and Daniel Brennan" }).first().click();
        await desk.waitForURL((url) => url.pathname === `/manage/messages/${threadId}`);
        await desk
          .getByRole("listitem")
          .filter({ hasText: contact })
          .getByRole("button", { name: "Hide message", exact: true })
          .click();
        await desk.getByRole("status").getByText("Message hidden.", { exact: true }).waitFor();
        // The manager still reads it, marked as hidden.
        await desk
          .getByRole("listitem")
          .filter({ hasText: contact })
          .getByText("A message was hidden by the engagement manager.", { exact: true })
          .waitFor();
      } finally {
        await manager.close();
      }
      // Live again: the hidden message's text leaves the business's page, its trace stays.
      await message(page, contact).waitFor({ state: "detached" });
      await message(page, answer).waitFor();
      await page.getByText("A message was hidden by the engagement manager.", { exact: true }).first().waitFor();
      await expectPath(page, `/messages/${threadId}`);
    },
    { viewport: WIDE, timeout: 90_000 },
  );
});
