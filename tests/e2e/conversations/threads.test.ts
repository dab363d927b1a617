import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { MEETING_TEXTS as M } from "~/lib/conversations/meeting-copy";
import { formatClock, formatDate } from "~/lib/shared/dates";
import { atEachWidth, baseURL, browserTest, expectPath, PHONE, signIn, signInAsDemoClient } from "../support";

/**
 * Conversations (issue #39) on the demo's active engagement: the business reads the thread as the
 * engagement's history (its events in line with the messages) and writes; the consultant answers
 * from a browser without JavaScript (the form posts, the page reloads), and the answers reach the
 * business's open page live (its Durable Object, docs/decisions/073); the manager hides a message,
 * which the business's page then shows hidden, live too. The interview before a decision is played in
 * tests/e2e/matching/matching-journey.test.ts. In the demo's interview, the candidate proposes a
 * call, the business books it in her own time zone and reads its .ics back, and the call is
 * cancelled (docs/decisions/074).
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

/** The smallest file the upload rules take as a PDF. */
const PDF = "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "2026-12-08" of an instant (UTC), as a date input takes it. */
const dateField = (at: Date) => at.toISOString().slice(0, 10);

/** "20261208T163000Z": an instant as the .ics writes it (UTC). */
const icsInstant = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/**
 * A 30-minute call starting at `at` as a reader in New York reads it: "Dec 8, 2026, 11:30 AM–12:00 PM
 * New York time (UTC-5)". The wall clock and the offset come from the runtime's own zone data, not
 * from the app's conversion.
 */
function newYorkSlot(at: Date): string {
  const wall = (instant: Date) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
      timeZoneName: "shortOffset",
    }).formatToParts(instant);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return {
      date: new Date(Date.UTC(Number(part("year")), Number(part("month")) - 1, Number(part("day")))),
      clock: formatClock(Number(part("hour")), Number(part("minute"))),
      offset: part("timeZoneName").replace("GMT", "UTC"),
    };
  };
  const start = wall(at);
  const end = wall(new Date(at.getTime() + 30 * 60_000));
  return `${formatDate(start.date)}, ${start.clock}–${end.clock} New York time (${start.offset})`;
}

describe("conversations", () => {
  browserTest(
    "the business writes in its engagement's thread, the consultant answers without JavaScript and it arrives live, the manager hides a message",
    async ({ page, context }) => {
      const stamp = Date.now().toString(36);
      const question = `Could the price list also cover the café accounts? (${stamp})`;
      const answer = `Yes: I will add them as a third tier on Friday. (${stamp})`;
      const contact = `Or call me on 207 555 0142 (${stamp})`;
      const attachment = `Price list tiers ${stamp}.pdf`;
      const sheet = `Cafe accounts ${stamp}.pdf`;

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
      // With JavaScript, the question carries a file too (the form posts multipart through fetch).
      const attach = page.getByLabel("Attach files", { exact: true });
      await attach.setInputFiles({ name: sheet, mimeType: "application/pdf", buffer: Buffer.from(PDF) });
      await send(page, question);
      await page.getByRole("link", { name: `Download ${sheet}`, exact: true }).waitFor();
      // The form is empty again, its file too.
      expect(await attach.inputValue()).toBe("");
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
        // The answer carries a file: the form posts it as multipart, without JavaScript too.
        await consultant.getByLabel("Attach files", { exact: true }).setInputFiles({
          name: attachment,
          mimeType: "application/pdf",
          buffer: Buffer.from(PDF),
        });
        await send(consultant, answer);
        await consultant.getByRole("link", { name: `Download ${attachment}`, exact: true }).waitFor();
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

      // Live: the business's page shows the answers without a reload, and the file downloads.
      await message(page, answer).waitFor();
      await message(page, contact).waitFor();
      // Her own "Message sent." stays through the live reloads: they are the same page, not a new one.
      expect(await page.getByRole("status").getByText("Message sent.", { exact: true }).count()).toBe(1);
      const file = page.getByRole("link", { name: `Download ${attachment}`, exact: true });
      const fileHref = (await file.getAttribute("href"))!;
      const download = await page.request.get(fileHref);
      expect(download.status()).toBe(200);
      expect(download.headers()["content-type"]).toBe("application/pdf");
      expect(await download.text()).toBe(PDF);

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

      // The Documents Hub lists the file under the match, linked to the conversation.
      await page.goto("/features?focus=Documents");
      const listed = page.getByRole("article", { name: attachment });
      await listed.getByRole("link", { name: "Message on the Strategy match", exact: true }).waitFor();
      // Its download is the conversation's own (docs/decisions/076).
      await listed
        .getByRole("link", { name: /^Download/ })
        .and(page.locator(`[href="${fileHref}"]`))
        .waitFor();
    },
    { viewport: WIDE, timeout: 90_000 },
  );

  browserTest(
    "the candidate proposes a call (375 px), the business books it in her time zone (1280 px) and reads its .ics, the call is cancelled",
    async ({ page, context }) => {
      const link = `https://meet.example.com/partwise-${Date.now().toString(36)}`;
      const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
      const first = new Date(today.getTime() + 8 * DAY_MS + 15 * 60 * 60_000);
      const second = new Date(today.getTime() + 9 * DAY_MS + 16.5 * 60 * 60_000);

      // Aisha, on a phone (the browser in UTC: the form reads her times there).
      await signIn(page, "consultant5@partwise.test");
      await expectPath(page, "/consultant");
      await page.goto("/consultant/messages");
      await page.getByRole("link", { name: "Harbor & Pine Outfitters", exact: true }).click();
      await page.waitForURL((url) => /^\/consultant\/messages\/[^/]+$/.test(url.pathname));
      const threadId = new URL(page.url()).pathname.split("/").pop()!;
      await page.locator("summary").getByText(M.proposeTitle, { exact: true }).click();
      await page.getByText(M.zoneNote("UTC"), { exact: true }).waitFor();
      for (const [n, at] of [
        [1, first],
        [2, second],
      ] as const) {
        const slot = page.getByRole("group", { name: M.slotLegend(n), exact: true });
        await slot.getByLabel(M.dateLabel, { exact: true }).fill(dateField(at));
        await slot.getByLabel(M.timeLabel, { exact: true }).fill(at.toISOString().slice(11, 16));
      }
      await page.getByLabel(M.locationLabel, { exact: true }).fill(link);
      await page.getByRole("button", { name: M.propose, exact: true }).click();
      await page.getByRole("status").getByText(M.proposed, { exact: true }).waitFor();
      const asked = page.locator(".thread-meeting").filter({ hasText: link });
      await asked.getByText(M.waiting, { exact: true }).waitFor();
      await noSidewaysScroll(page);

      // Dana, at 1280 px in New York: both times in her zone; she books the second.
      const browser = context.browser()!;
      const business = await browser.newContext({
        baseURL,
        viewport: WIDE,
        timezoneId: "America/New_York",
        reducedMotion: "reduce",
      });
      try {
        const dana = await business.newPage();
        await signInAsDemoClient(dana);
        await dana.goto(`/messages/${threadId}`);
        await dana.getByRole("heading", { level: 1, name: "Aisha Thompson · Marketing match" }).waitFor();
        const call = dana.locator(".thread-meeting").filter({ hasText: link });
        const times = call.getByRole("list", { name: M.slotsLabel });
        await times.getByText(newYorkSlot(first), { exact: true }).waitFor();
        await times.getByText(newYorkSlot(second), { exact: true }).waitFor();
        await call.getByText(M.chooseFrom, { exact: true }).waitFor();
        await times
          .getByRole("listitem")
          .filter({ hasText: newYorkSlot(second) })
          .getByRole("button", { name: M.book, exact: true })
          .click();
        await dana.getByRole("status").getByText(M.booked, { exact: true }).waitFor();
        await call.getByText(M.status.booked, { exact: true }).waitFor();
        await call.getByText(M.answeredBy("booked", "Dana Whitfield"), { exact: true }).waitFor();
        await times
          .getByRole("listitem")
          .filter({ hasText: newYorkSlot(second) })
          .getByText(M.chosenMark)
          .waitFor();
        expect(await call.getByRole("button", { name: M.book }).count()).toBe(0);

        // Aisha's open page shows the booking live.
        await asked.getByText(M.answeredBy("booked", "Dana Whitfield"), { exact: true }).waitFor();

        // The invitation, as Dana's browser downloads it.
        const href = await call.getByRole("link", { name: M.addToCalendar, exact: true }).getAttribute("href");
        const ics = async () => {
          const response = await dana.request.get(href!);
          expect(response.status()).toBe(200);
          expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
          return response.text();
        };
        const booked = await ics();
        expect(booked.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
        expect(booked.endsWith("END:VCALENDAR\r\n")).toBe(true);
        expect(booked.replaceAll("\r\n", "").includes("\n")).toBe(false);
        const lines = booked.split("\r\n");
        expect(lines).toContain("METHOD:REQUEST");
        expect(lines).toContain(`DTSTART:${icsInstant(second)}`);
        expect(lines).toContain(`DTEND:${icsInstant(new Date(second.getTime() + 30 * 60_000))}`);
        expect(lines).toContain(`LOCATION:${link}`);
        expect(lines).toContain("STATUS:CONFIRMED");

        // Aisha cancels; the invitation becomes a cancellation.
        await asked.getByRole("button", { name: M.cancel, exact: true }).click();
        await page.getByRole("status").getByText(M.cancelled, { exact: true }).waitFor();
        await asked.getByText(M.cancelledBy("Aisha Thompson"), { exact: true }).waitFor();
        await call.getByText(M.status.cancelled, { exact: true }).waitFor();
        const cancelled = (await ics()).split("\r\n");
        expect(cancelled).toContain("METHOD:CANCEL");
        expect(cancelled).toContain("STATUS:CANCELLED");
        expect(cancelled).toContain(`DTSTART:${icsInstant(second)}`);
      } finally {
        await business.close();
      }
    },
    { viewport: PHONE, timezoneId: "UTC", timeout: 60_000 },
  );
});
