import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { consultantDeliveryPath, managerEngagementPath } from "~/lib/engagements/engagement-paths";
import { autoAcceptanceAt } from "~/lib/engagements/review-deadlines";
import { formatDateTime } from "~/lib/shared/dates";
import { atEachWidth, baseURL, browserTest, keepScreen, PHONE, signedInAs, signUpNewClient } from "../support";
import { engagementRows, SEEDED_CONSULTANT, writeEngagements } from "./seed-engagements";

/**
 * Money that never waits on silence (issue #40 item 1, docs/decisions/078), as each of the three
 * people: a business that never reviews a delivery reads the date of its automatic acceptance, is
 * reminded, and the daily run accepts it on day 14; the consultant reads that it was accepted and
 * is paid; the manager is told. The deliveries are written 14 days and 5 days into the past (what
 * the test is not about); the daily cron is fired as Cloudflare fires it (wrangler's
 * /__scheduled), and everything else is read in the browser at 375 and 1280 px.
 */

const DAY = 24 * 60 * 60 * 1000;
const WIDE = { width: 1280, height: 900 };

/** The bell's panel titles after opening it. */
async function bellTitles(page: Page) {
  const bell = page.getByRole("button", { name: /^Notifications(, \d+ unread(: .+)?)?$/ });
  await bell.click();
  const panel = page.locator(`[id="${await bell.getAttribute("aria-controls")}"]`);
  await panel.waitFor();
  const titles = await panel.locator(".notification-title").allTextContents();
  await page.keyboard.press("Escape");
  return titles.join("\n");
}

/** The acceptance's notification about the silent plan, on a Notifications page (the portal's or the console's). */
async function expectAcceptedNotice(page: Page, path: string) {
  await page.goto(path);
  await page
    .getByRole("list", { name: "Notifications" })
    .getByRole("listitem")
    .filter({ hasText: "Silent margin plan" })
    .first()
    .getByText("A deliverable was accepted automatically", { exact: true })
    .waitFor();
}

describe("a delivery nobody reviews (issue #40)", () => {
  browserTest(
    "the business reads the acceptance date and is reminded; on day 14 the run accepts it; the consultant and the manager read it",
    async ({ page, context }) => {
      const { email } = await signUpNewClient(page, { emailPrefix: "silent-business" });
      // Delivered 15 days ago: the daily run accepts it (its date has passed). Another, 5 days ago:
      // reminded, and its date still ahead.
      const silentAt = new Date(Date.now() - 15 * DAY);
      const silent = engagementRows(email, "active", {
        title: "Silent margin plan",
        createdAt: new Date("2026-10-20T12:00:00Z"),
        deliveredAt: silentAt,
      });
      const recentAt = new Date(Date.now() - 5 * DAY);
      const recent = engagementRows(email, "active", {
        title: "Recent pricing plan",
        createdAt: new Date("2026-11-01T12:00:00Z"),
        deliveredAt: recentAt,
      });
      writeEngagements(silent, recent);

      // Before the run: the date the delivery is accepted if nobody reviews it, at both widths.
      await page.goto(`/features?focus=Engagements&engagementId=${recent.outlineId}`);
      const note = (deliveredAt: Date) =>
        `If nobody reviews it, it is accepted automatically on ${formatDateTime(autoAcceptanceAt(deliveredAt))} and the consultant is paid; the next deliverable is not prepaid.`;
      await atEachWidth(page, [PHONE, WIDE], async () => {
        await page.getByText(note(recentAt), { exact: true }).waitFor();
        await keepScreen(page, "review-deadline-business-waiting");
      });

      // The daily cron, fired as Cloudflare fires it.
      const fired = await fetch(`${baseURL}/__scheduled?cron=${encodeURIComponent("0 13 * * *")}`);
      expect(fired.status).toBe(200);

      // The business: accepted automatically, paused before Phase 3; reminded of the other delivery.
      await page.goto(`/features?focus=Engagements&engagementId=${silent.outlineId}`);
      const completed = page.getByRole("list", { name: "Completed Items" });
      await atEachWidth(page, [PHONE, WIDE], async () => {
        await completed.getByRole("heading", { name: "Phase 2", exact: true }).waitFor();
        await completed.getByText("Accepted automatically (not reviewed within 14 days)", { exact: true }).waitFor();
        await page.locator(".engagement-panel-head").getByText("Paused", { exact: true }).waitFor();
        expect(await page.getByText(note(silentAt), { exact: true }).count()).toBe(0);
        await keepScreen(page, "review-deadline-business-accepted");
      });
      const titles = await bellTitles(page);
      expect(titles).toContain("A deliverable was accepted automatically");
      expect(titles).toContain("A deliverable is waiting for your review");
      // The other delivery is not due: still waiting, its date unchanged.
      await page.goto(`/features?focus=Engagements&engagementId=${recent.outlineId}`);
      await page.getByText(note(recentAt), { exact: true }).waitFor();

      // The consultant: the deliverable says it was accepted automatically; so do their notifications.
      const { page: consultantPage, close: closeConsultant } = await signedInAs(
        context,
        SEEDED_CONSULTANT.email,
        "/consultant",
      );
      await consultantPage.goto(consultantDeliveryPath(silent.outlineId, silent.itemIds[1]!));
      await atEachWidth(consultantPage, [WIDE, PHONE], async () => {
        await consultantPage
          .getByText(
            "Accepted automatically: the business did not review this deliverable within 14 days of its delivery.",
            { exact: true },
          )
          .waitFor();
        await keepScreen(consultantPage, "review-deadline-consultant-accepted");
      });
      await expectAcceptedNotice(consultantPage, "/consultant/notifications");
      await closeConsultant();

      // The manager: told, and the engagement's deliverable says it was accepted automatically.
      const { page: managerPage, close: closeManager } = await signedInAs(context, "manager@partwise.test", "/manage");
      await managerPage.goto(managerEngagementPath(silent.outlineId));
      await atEachWidth(managerPage, [WIDE, PHONE], async () => {
        const items = managerPage.getByRole("list", { name: "Deliverables" });
        await items
          .getByRole("listitem")
          .filter({ hasText: "Phase 2" })
          .getByText("Accepted automatically", { exact: true })
          .waitFor();
        await keepScreen(managerPage, "review-deadline-manager-accepted");
      });
      await expectAcceptedNotice(managerPage, "/manage/notifications");
      await closeManager();
    },
    { viewport: PHONE },
  );
});
