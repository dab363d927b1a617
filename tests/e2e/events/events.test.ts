import { readFile } from "node:fs/promises";
import { describe, expect } from "vitest";
import { atEachWidth, baseURL, browserTest, expectPath, PHONE, signIn, signUpNewClient } from "../support";

const WIDE = { width: 1280, height: 900 };

/** Next year's July 1 at 10:00 New York time, written as the datetime-local field takes it. */
const YEAR = new Date().getUTCFullYear() + 1;

// The manager at a desk (1280 px), the client on a phone; each one's screens are also checked at the
// other width (atEachWidth).
describe("events", () => {
  browserTest(
    "a manager creates an event (1280 px); a client registers, downloads the .ics, sees the join link and cancels (375 px)",
    async ({ page, context }) => {
      const stamp = Date.now().toString(36);
      const title = `Cash flow roundtable ${stamp}`;
      const joinUrl = `https://meet.example.test/roundtable-${stamp}`;
      await signIn(page, "manager@partwise.test");
      await expectPath(page, "/manage");
      await page
        .getByRole("link", { name: /^Events/ })
        .first()
        .click();
      await expectPath(page, "/manage/events");
      await page.getByRole("heading", { name: "Create an event" }).waitFor();
      await page.waitForSelector("html[data-hydrated]");

      // Sent empty, the form is stopped in the browser with the server's own messages: nothing posts.
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.getByRole("button", { name: "Create event" }).click();
      const titleField = page.getByLabel("Title");
      await titleField.and(page.locator(":focus")).waitFor();
      expect(await titleField.getAttribute("aria-invalid")).toBe("true");
      for (const [id, message] of [
        ["event-title-error", "Enter a title (up to 120 characters)."],
        ["event-startsAt-error", "Enter the start date and time."],
        ["event-endsAt-error", "Enter an end after the start."],
        ["event-joinUrl-error", "Enter the join link (https://…)."],
      ] as const) {
        expect(await page.locator(`#${id}`).textContent()).toBe(message);
      }
      expect(posts).toEqual([]);
      await atEachWidth(page, [WIDE, PHONE], () =>
        page.locator("#event-joinUrl-error").getByText("Enter the join link (https://…).").waitFor(),
      );
      // A message goes as soon as its field is right.
      await titleField.fill(title);
      await page.locator("#event-title-error").waitFor({ state: "detached" });
      expect(await titleField.getAttribute("aria-invalid")).toBeNull();
      expect(await page.locator("#event-startsAt-error").textContent()).toBe("Enter the start date and time.");

      await page.getByLabel("Kind").selectOption("virtual_peer_group");
      await page.getByLabel("Description").fill("Bring one question about cash flow.");
      await page.getByLabel("Starts").fill(`${YEAR}-07-01T10:00`);
      await page.getByLabel("Ends").fill(`${YEAR}-07-01T11:00`);
      await page.getByLabel("Time zone (IANA)").fill("America/New_York");
      await page.getByLabel("Capacity").fill("5");
      await page.getByLabel("Join link").fill(joinUrl);
      await page.getByRole("button", { name: "Create event" }).click();
      await page.getByRole("status").getByText("Event created.", { exact: true }).waitFor();
      await page.getByRole("link", { name: title }).waitFor();

      const client = await context.browser()!.newContext({ baseURL, viewport: PHONE, acceptDownloads: true });
      const clientPage = await client.newPage();
      try {
        await signUpNewClient(clientPage, { emailPrefix: "events" });
        await clientPage.goto("/dashboard");
        const card = clientPage.locator("#events-card");
        await card.getByRole("link", { name: "See all events" }).click();
        await expectPath(clientPage, "/events");
        const article = clientPage.getByRole("article", { name: title });
        await article.getByText(`July 1, ${YEAR}, 10:00 AM–11:00 AM New York time (UTC-4)`, { exact: true }).waitFor();
        expect(await article.getByRole("link", { name: /^Join the event/ }).count()).toBe(0);
        await article.getByRole("button", { name: `Register for ${title}`, exact: true }).click();
        await article
          .getByRole("status")
          .getByText("You're registered. The join link is on this page.", { exact: true })
          .waitFor();
        const join = article.getByRole("link", { name: /^Join the event/ });
        expect(await join.getAttribute("href")).toBe(joinUrl);
        await atEachWidth(clientPage, [PHONE, WIDE], () => join.waitFor());

        const [download] = await Promise.all([
          clientPage.waitForEvent("download"),
          article.getByRole("link", { name: /^Add to calendar/ }).click(),
        ]);
        const ics = await readFile((await download.path())!, "utf8");
        expect(ics).toContain(`\r\nDTSTART:${YEAR}0701T140000Z\r\n`);
        expect(ics).toContain(`\r\nSUMMARY:${title}\r\n`);

        await article.getByRole("button", { name: `Cancel registration for ${title}`, exact: true }).click();
        await article.getByRole("status").getByText("Your registration is cancelled.", { exact: true }).waitFor();
        await join.waitFor({ state: "detached" });
        await article.getByRole("button", { name: `Register for ${title}`, exact: true }).waitFor();
      } finally {
        await client.close();
      }
    },
    { viewport: WIDE, timeout: 90_000 },
  );
});

describe("demo events", () => {
  browserTest(
    "the demo business sees the three demo events and its registration for the peer group",
    async ({ page }) => {
      await signIn(page, "demo@partwise.test");
      await expectPath(page, "/dashboard");
      const card = page.locator("#events-card");
      await card.getByRole("link", { name: "Owner peer group: cash flow in the slow season" }).waitFor();
      await card.getByText(/You're registered/).waitFor();
      await page.goto("/events");
      const peerGroup = page.getByRole("article", { name: "Owner peer group: cash flow in the slow season" });
      expect(await peerGroup.getByRole("link", { name: /^Join the event/ }).getAttribute("href")).toBe(
        "https://meet.partwise.test/peer-group-cash-flow",
      );
      const workshop = page.getByRole("article", { name: "Workshop: building your first 13-week cash forecast" });
      await workshop
        .getByText("This event is open to the SCALE plan. Upgrade your plan to join.", { exact: true })
        .waitFor();
      const register = workshop.getByRole("button", {
        name: "Register for Workshop: building your first 13-week cash forecast",
        exact: true,
      });
      expect(await register.isDisabled()).toBe(true);
    },
  );
});
