import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn } from "../support";

/**
 * On a 375 px phone no page of the three people scrolls sideways: the demo's pages with the most
 * content (its longest status, "Approved (awaiting customer decision)", on the business's
 * engagement tiles; the profile editor's file input). A sideways scroll found by a crawl of every
 * page: these two did, and now do not.
 */
const PAGES: Record<string, { email: string; home: string; paths: string[] }> = {
  business: {
    email: "demo@partwise.test",
    home: "/dashboard",
    paths: [
      "/dashboard",
      "/features?focus=Insights",
      "/features?focus=Matching",
      "/features?focus=Engagements",
      "/features?focus=Benchmarking",
      "/features?focus=Documents",
      "/benchmarking",
      "/company-profile",
    ],
  },
  consultant: {
    email: "consultant6@partwise.test",
    home: "/consultant",
    paths: ["/consultant", "/consultant/profile", "/consultant/engagements", "/consultant/payouts"],
  },
  manager: {
    email: "manager@partwise.test",
    home: "/manage",
    paths: ["/manage", "/manage/engagements", "/manage/money", "/manage/consultants"],
  },
};

/** What sticks out past the viewport, outside any box that scrolls or clips it (empty when nothing). */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(box).overflowX)) return true;
      }
      return false;
    };
    return [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(element))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
  });
}

describe("phone width", () => {
  for (const [who, { email, home, paths }] of Object.entries(PAGES)) {
    browserTest(
      `the ${who}'s pages fit a 375 px phone without scrolling sideways`,
      async ({ page }) => {
        await signIn(page, email);
        await expectPath(page, home);
        for (const path of paths) {
          await page.goto(path);
          expect({ path, overflow: await sidewaysOverflow(page) }).toEqual({ path, overflow: [] });
        }
      },
      { viewport: PHONE, timeout: 120_000 },
    );
  }
});
