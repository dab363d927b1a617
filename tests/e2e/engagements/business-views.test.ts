import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, DESKTOP, PHONE, signUpNewClient } from "../support";
import {
  CHANGES_REQUESTED_NEXT,
  CHANGES_REQUESTED_TITLE,
  ITEM_REVIEW_CONFIRM,
  NEXT_STEP_REVIEW_PLAN,
} from "~/lib/engagements/engagement-copy";
import { engagementRows, SEEDED_CONSULTANT, writeEngagements } from "./seed-engagements";

/**
 * The business's engagement views in the browser (spec §2 /features Engagements, the engagement
 * panel, the navigation's Engagements entry, the dashboard's card): a new business with one
 * active and one completed engagement (mid-flow rows: the plan approved and signed), at 1280 and
 * 375 px wide.
 */

const WIDE = { width: 1280, height: DESKTOP.height };

/** A deliverable title longer than the spec's 15-character preview (issue #36: shown whole where it fits). */
const LONG_TITLE = "Price list rollout to every store and the online shop";

async function businessWithEngagements(page: Page, prefix: string, phase3?: { title?: string; date?: string }) {
  const { email } = await signUpNewClient(page, { emailPrefix: prefix });
  const active = engagementRows(email, "active", {
    title: "Margin recovery plan",
    createdAt: new Date("2026-11-10T12:00:00Z"),
    phase3,
  });
  const complete = engagementRows(email, "complete", {
    title: "Finished pricing plan",
    createdAt: new Date("2026-10-01T12:00:00Z"),
  });
  writeEngagements(active, complete);
  return { email, active, complete };
}

/** Opens the plan, checks its three headings, and hides it again. */
async function viewAndHidePlan(page: Page) {
  const view = page.getByRole("button", { name: "View Project Plan", exact: true });
  await view.click();
  const plan = page.getByRole("article", { name: "Engagement plan: Margin recovery plan" });
  for (const heading of ["Engagement Plan", "Form of Statement of Work", "Work Schedule and Deliverables"]) {
    await plan.getByRole("heading", { name: heading, exact: true }).waitFor();
  }
  await plan.getByText("$4,500.00", { exact: true }).waitFor();
  const hide = page.getByRole("button", { name: "Hide Project Plan", exact: true });
  expect(await hide.getAttribute("aria-expanded")).toBe("true");
  await hide.click();
  await plan.waitFor({ state: "detached" });
  expect(await view.getAttribute("aria-expanded")).toBe("false");
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("the business's engagements", () => {
  browserTest(
    "the Engagements tab lists active and completed engagements and opens the panel on Deliverables, at 1280 and 375 px",
    async ({ page }) => {
      // Phase 3 (not paid yet) has a long title and was due in 2020 (issue #36).
      const { active } = await businessWithEngagements(page, "engagements-tabs", {
        title: LONG_TITLE,
        date: "2020-01-15",
      });
      // The same walk at each width, on the same business (nothing in it changes the engagements).
      for (const viewport of [WIDE, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto("/features?focus=Engagements");
        const toggle = page.getByRole("group", { name: "Engagements" });
        expect(await toggle.getByRole("button", { name: "Active Engagements" }).getAttribute("aria-pressed")).toBe(
          "true",
        );
        const activeTile = page.getByRole("link", { name: "Margin recovery plan", exact: true });
        await activeTile.waitFor();
        await page.getByText("Active", { exact: true }).first().waitFor();
        await toggle.getByRole("button", { name: "Completed Engagements" }).click();
        await page.getByRole("link", { name: "Finished pricing plan", exact: true }).waitFor();
        await page.getByText("Complete", { exact: true }).first().waitFor();
        await toggle.getByRole("button", { name: "Active Engagements" }).click();
        await activeTile.click();
        await page.waitForURL((url) => url.searchParams.get("engagementId") === active.outlineId);

        await page.getByRole("heading", { name: "Margin recovery plan", level: 2 }).waitFor();
        expect(await page.getByRole("tab", { name: "Deliverables" }).getAttribute("aria-selected")).toBe("true");
        const todo = page.getByRole("list", { name: "Deliverables to do" });
        await todo.getByRole("heading", { name: "Phase 2", exact: true }).waitFor();
        await todo.getByText("Delivered: awaiting your review", { exact: true }).waitFor();
        await todo.getByText("Feb 1, 2027", { exact: true }).waitFor();
        expect(await todo.getByText("$1,500.00", { exact: true }).count()).toBe(2);
        // A long title is shown whole where it fits (not cut to 15 characters), with its tooltip;
        // a deliverable past its date and not delivered is Overdue, not "Not started" alone.
        const long = todo.getByRole("listitem", { name: LONG_TITLE });
        const heading = long.getByRole("heading", { name: LONG_TITLE, exact: true });
        expect(await heading.getAttribute("title")).toBe(LONG_TITLE);
        expect(await heading.evaluate((node) => node.scrollHeight <= node.clientHeight + 1)).toBe(true);
        await long.getByText("Jan 15, 2020", { exact: false }).waitFor();
        await long.getByText("Overdue", { exact: true }).waitFor();
        expect(await todo.getByText("Overdue", { exact: true }).count()).toBe(1);
        await page.getByRole("heading", { name: "Completed Items", exact: true }).waitFor();
        await page
          .getByRole("list", { name: "Completed Items" })
          .getByRole("heading", { name: "Phase 1", exact: true })
          .waitFor();
        await viewAndHidePlan(page);
        await expectNoSidewaysScroll(page);

        await page.getByRole("tab", { name: "Match Info" }).click();
        await page.getByRole("heading", { name: "Match Info", level: 3 }).waitFor();
        await page.getByText("Fractional", { exact: true }).waitFor();
        await page.getByText("Finance", { exact: true }).waitFor();
        await page.getByText("Our margins fell this year and we do not know why.", { exact: true }).waitFor();

        await page.getByRole("tab", { name: "Consultant" }).click();
        await page
          .getByText(`${SEEDED_CONSULTANT.firstName} ${SEEDED_CONSULTANT.lastName}`, { exact: true })
          .first()
          .waitFor();
        await page.getByText(SEEDED_CONSULTANT.headline, { exact: true }).waitFor();
        await expectNoSidewaysScroll(page);
      }
    },
    { viewport: WIDE },
  );
});

describe("engagements in the navigation and on the dashboard", () => {
  browserTest(
    "a business without engagements sees the empty texts and no Engagements entry",
    async ({ page }) => {
      await signUpNewClient(page, { emailPrefix: "no-engagements" });
      await page.goto("/features?focus=Engagements");
      await page.getByText("No Active Engagements", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Completed Engagements" }).click();
      await page.getByText("No Completed Engagements", { exact: true }).waitFor();
      const entry = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Engagements/ });
      expect(await entry.getAttribute("aria-disabled")).toBe("true");
    },
    { viewport: WIDE },
  );

  browserTest(
    "the dashboard's card counts the engagements and the enabled navigation entry opens them",
    async ({ page }) => {
      await businessWithEngagements(page, "engagements-dashboard");
      await page.goto("/dashboard");
      const card = page.locator("#engagements-card");
      await card.getByText("Next: Review the deliverable your consultant delivered. (Margin recovery plan)").waitFor();
      expect(await card.locator("dd").allTextContents()).toEqual(["1", "1"]);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Engagements" }).click();
      await page.waitForURL((url) => url.searchParams.get("focus") === "Engagements");
      await page.getByRole("link", { name: "Margin recovery plan", exact: true }).waitFor();
    },
    { viewport: WIDE },
  );
});

describe("/engagement-portal", () => {
  browserTest(
    "shows the current engagement's plan with the side menu Match, Consultant and Plan",
    async ({ page }) => {
      await businessWithEngagements(page, "engagement-portal");
      await page.goto("/engagement-portal");
      await page.getByRole("heading", { name: "Engagement Plan", level: 1 }).waitFor();
      const menu = page.getByRole("navigation", { name: "Engagement plan" });
      expect(await menu.getByRole("link").allTextContents()).toEqual(["Match", "Consultant", "Plan"]);
      expect(await menu.getByRole("link", { name: "Plan" }).getAttribute("aria-current")).toBe("page");
      await viewAndHidePlan(page);
      await expectNoSidewaysScroll(page);
      await menu.getByRole("link", { name: "Match" }).click();
      await page.getByRole("heading", { name: "Match Info", level: 2 }).waitFor();
      await page.getByText("Our margins fell this year and we do not know why.", { exact: true }).waitFor();
      await menu.getByRole("link", { name: "Consultant" }).click();
      await page.getByText(SEEDED_CONSULTANT.headline, { exact: true }).waitFor();
      await expectNoSidewaysScroll(page);
    },
    { viewport: PHONE },
  );
});

describe("signing the plan in the engagement panel", () => {
  browserTest(
    "Accept opens the signature dialog and the signed plan becomes active",
    async ({ page }) => {
      const { email } = await signUpNewClient(page, { emailPrefix: "engagement-sign" });
      const engagement = engagementRows(email, "awaiting", {
        title: "Hiring plan",
        createdAt: new Date("2026-11-12T12:00:00Z"),
      });
      writeEngagements(engagement);
      const { outlineId } = engagement;
      await page.goto("/dashboard");
      await page
        .locator("#engagements-card")
        .getByText("Next: Review and sign your engagement plan. (Hiring plan)")
        .waitFor();
      await page.goto(`/features?focus=Engagements&engagementId=${outlineId}`);
      await page.getByText("Approved (awaiting customer decision)", { exact: true }).first().waitFor();
      await page.getByRole("button", { name: "Accept", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Review the engagement plan: Accept" });
      await dialog.getByRole("checkbox").check();
      expect(await dialog.getByLabel("First name").inputValue()).not.toBe("");
      expect(await dialog.getByLabel("Last name").inputValue()).not.toBe("");
      await dialog.getByRole("button", { name: "Sign and accept" }).click();
      await page.getByText("Your outline review has been sent!", { exact: true }).waitFor();
      await page.locator(".engagement-panel-head").getByText("Active", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Accept", exact: true }).count()).toBe(0);
      // The first phase is now offered for prepayment, and the signed statement is listed.
      await page.getByRole("button", { name: /^Prepay Phase 1/ }).waitFor();
      await page.getByRole("heading", { name: "Signed statements of work" }).waitFor();
    },
    { viewport: WIDE },
  );
});

describe("reviewing a delivered item in the engagement panel", () => {
  browserTest(
    "accepting and pausing moves the item to Completed Items",
    async ({ page }) => {
      const { email } = await signUpNewClient(page, { emailPrefix: "engagement-review" });
      const engagement = engagementRows(email, "active", {
        title: "Margin recovery plan",
        createdAt: new Date("2026-11-12T12:00:00Z"),
      });
      writeEngagements(engagement);
      const { outlineId } = engagement;
      await page.goto(`/features?focus=Engagements&engagementId=${outlineId}`);
      await page.getByText("Found the three products that lost margin.", { exact: true }).waitFor();
      await page.locator("summary", { hasText: "Review" }).click();
      await page.getByLabel("Accept and pause the next deliverable").check();
      await page.locator(".item-review").getByRole("button", { name: ITEM_REVIEW_CONFIRM }).click();
      await page
        .getByText("Deliverable accepted. The engagement is paused until you prepay the next deliverable.", {
          exact: true,
        })
        .waitFor();
      await page
        .getByRole("list", { name: "Completed Items" })
        .getByRole("heading", { name: "Phase 2", exact: true })
        .waitFor();
      await page.getByRole("button", { name: /^Prepay Phase 3/ }).waitFor();
      // Paused, not Active (issue #36): on the panel and on the tile, at 375 and 1280 px.
      for (const viewport of [PHONE, WIDE]) {
        await page.setViewportSize(viewport);
        await page.goto(`/features?focus=Engagements&engagementId=${outlineId}`);
        await page.locator(".engagement-panel-head").getByText("Paused", { exact: true }).waitFor();
        expect(await page.locator(".engagement-panel-head").getByText("Active", { exact: true }).count()).toBe(0);
        await page.goto("/features?focus=Engagements");
        const tile = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("link", { name: "Margin recovery plan" }) });
        await tile.getByText("Paused", { exact: true }).waitFor();
        await expectNoSidewaysScroll(page);
      }
    },
    { viewport: PHONE },
  );
});

describe("rejecting the plan in the engagement panel (issue #36)", () => {
  browserTest(
    "Reject with notes: the business reads 'You asked for changes' and its notes, and is not asked to sign that version",
    async ({ page }) => {
      const { email } = await signUpNewClient(page, { emailPrefix: "engagement-reject" });
      const engagement = engagementRows(email, "awaiting", {
        title: "Hiring plan",
        createdAt: new Date("2026-11-12T12:00:00Z"),
      });
      writeEngagements(engagement);
      const { outlineId } = engagement;
      await page.goto(`/features?focus=Engagements&engagementId=${outlineId}`);
      await page.getByRole("button", { name: "Reject", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Review the engagement plan: Reject" });
      await dialog.getByRole("checkbox").check();
      const notes = "Phase 2 should start after the busy season, in March.";
      await dialog.getByLabel("Notes (required)").fill(notes);
      await dialog.getByRole("button", { name: "Send my notes" }).click();
      await page.getByText("Your outline review has been sent!", { exact: true }).waitFor();
      for (const viewport of [WIDE, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(`/features?focus=Engagements&engagementId=${outlineId}`);
        const asked = page.getByRole("region", { name: CHANGES_REQUESTED_TITLE });
        await asked.getByText(notes, { exact: true }).waitFor();
        await asked.getByText(CHANGES_REQUESTED_NEXT, { exact: true }).waitFor();
        expect(await page.getByRole("button", { name: "Accept", exact: true }).count()).toBe(0);
        expect(await page.getByRole("button", { name: "Reject", exact: true }).count()).toBe(0);
        // The tile keeps the spec's status.
        await page
          .locator(".engagement-panel-head")
          .getByText("Approved (awaiting customer decision)", { exact: true })
          .waitFor();
        await expectNoSidewaysScroll(page);
        await page.goto("/dashboard");
        await page.locator("#engagements-card").waitFor();
        expect(await page.locator("#engagements-card").getByText(NEXT_STEP_REVIEW_PLAN, { exact: false }).count()).toBe(
          0,
        );
      }
    },
    { viewport: WIDE },
  );
});
