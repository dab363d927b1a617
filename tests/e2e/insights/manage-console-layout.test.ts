import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { DEMO_INSIGHTS } from "../../../db/seed/demo";
import { atEachWidth, browserTest, expectPath, signIn, signUpNewClient } from "../support";

/**
 * The console has its own frame: at desktop widths the request and support pages keep a readable
 * side column (their values once sat in a 0 px column, one character per line), on a phone
 * everything stacks without scrolling sideways.
 */

const MANAGER_EMAIL = "manager@partwise.test";
/** Narrowest value cell of a side column's facts that still reads as text. */
const MIN_VALUE_WIDTH = 150;

type Layout = {
  overflow: number;
  height: number;
  narrowestValue: number;
  values: number;
  sideBesideMain: boolean;
  navBesideMain: boolean;
  navHeight: number;
  mainWidth: number;
};

/** The geometry of a console page: side column values, the columns and the navigation. */
function measure(page: Page, values: string, main: string, side: string): Promise<Layout> {
  return page.evaluate(
    ({ values, main, side }) => {
      const widths = [...document.querySelectorAll(values)].map((cell) => cell.getBoundingClientRect().width);
      const mainBox = document.querySelector(main)!.getBoundingClientRect();
      const sideBox = document.querySelector(side)!.getBoundingClientRect();
      const navBox = document.querySelector('nav[aria-label="Console"]')!.getBoundingClientRect();
      const consoleMain = document.querySelector("main")!.getBoundingClientRect();
      return {
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        height: document.documentElement.scrollHeight,
        narrowestValue: Math.min(...widths),
        values: widths.length,
        sideBesideMain: sideBox.left >= mainBox.right && Math.abs(sideBox.top - mainBox.top) < 2,
        navBesideMain: navBox.right <= consoleMain.left,
        navHeight: navBox.height,
        mainWidth: consoleMain.width,
      };
    },
    { values, main, side },
  );
}

/** A new client writes to support; the manager signs in and opens that message. */
async function openNewSupportMessage(page: Page) {
  const unique = `The October invoice shows the wrong plan ${Date.now().toString(36)}.`;
  await signUpNewClient(page, {
    emailPrefix: "console-layout",
    person: { firstName: "Maren", lastName: "Castellanos-Whitcombe" },
    business: { name: "Kennebunk Boatworks & Chandlery" },
  });
  await page.goto("/contact-us");
  await page.getByText("0 / 5,000 characters", { exact: true }).waitFor();
  await page.getByRole("radio", { name: "Tech support" }).check();
  await page.getByPlaceholder("Write your message...").fill(unique);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectPath(page, "/dashboard");
  await page.context().clearCookies();
  await signIn(page, MANAGER_EMAIL);
  await expectPath(page, "/manage");
  await page.goto("/manage/support");
  await page
    .getByRole("listitem")
    .filter({ hasText: unique })
    .getByRole("link", { name: /^Open message/ })
    .click();
  await page.getByRole("heading", { name: "Tech support", level: 1 }).waitFor();
  await page.getByRole("heading", { name: "Sender", level: 2 }).waitFor();
}

describe("engagement manager console layout", () => {
  // The pages are opened once, on a phone, and measured at each width (atEachWidth resizes).
  const WIDTHS = [375, 1280, 1920].map((width) => ({ width, height: 900 }));
  browserTest(
    "the request and support pages are readable at 375, 1280 and 1920 px",
    async ({ page }) => {
      await openNewSupportMessage(page);
      await atEachWidth(page, WIDTHS, async ({ width }) => {
        const desktop = width >= 1200;
        const support = await measure(
          page,
          ".support-sender dd",
          ".support-message-layout > :first-child",
          ".support-message-layout > :last-child",
        );
        expect(support.values).toBe(5);
        expect(support.narrowestValue).toBeGreaterThanOrEqual(MIN_VALUE_WIDTH);
        expect(support.overflow).toBeLessThanOrEqual(0);
        expect(support.sideBesideMain).toBe(desktop);
        expect(support.navBesideMain).toBe(width >= 900);
        // Stacked, the navigation is a short row above the page, not a stretched band.
        if (width < 900) expect(support.navHeight).toBeLessThanOrEqual(160);
        if (desktop) expect(support.height).toBeLessThanOrEqual(1200);
      });

      // The published demo request: the longest request page (its report in full).
      await page.goto(`/manage/insights/${DEMO_INSIGHTS.delivered.requestId}`);
      await page.getByRole("heading", { name: "Business profile" }).waitFor();
      const nav = page.getByRole("navigation", { name: "Console" });
      await atEachWidth(page, WIDTHS, async ({ width }) => {
        const desktop = width >= 1200;
        const request = await measure(
          page,
          ".insight-request-side dd",
          ".insight-request-main",
          ".insight-request-side",
        );
        expect(request.values).toBeGreaterThanOrEqual(12);
        expect(request.narrowestValue).toBeGreaterThanOrEqual(MIN_VALUE_WIDTH);
        expect(request.overflow).toBeLessThanOrEqual(0);
        expect(request.sideBesideMain).toBe(desktop);
        expect(request.navBesideMain).toBe(width >= 900);
        if (width === 1280) expect(request.height).toBeLessThanOrEqual(2600);
        if (width === 1920) {
          expect(request.height).toBeLessThanOrEqual(2000);
          // The main area uses the screen, not a centred reading column.
          expect(request.mainWidth).toBeGreaterThanOrEqual(1600);
        }
        // The navigation reaches every section and marks the current one.
        expect(await nav.getByRole("link", { name: "Insight requests" }).getAttribute("aria-current")).toBe("page");
      });

      await nav.getByRole("link", { name: "Support messages" }).click();
      await expectPath(page, "/manage/support");
      // A phone's row scrolls sideways and keeps the current section in sight.
      await expect
        .poll(async () => {
          const box = await nav.getByRole("link", { name: "Support messages" }).boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= 375;
        })
        .toBe(true);
      await nav.getByRole("link", { name: "Home" }).click();
      await expectPath(page, "/manage");
      await page.getByRole("heading", { name: "Hello, Morgan Ellis", level: 1 }).waitFor();
    },
    { viewport: WIDTHS[0] },
  );
});
