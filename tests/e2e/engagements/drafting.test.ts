import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import {
  MANAGER_NOTES_HEADING,
  PLAN_APPROVED,
  PLAN_SAVED,
  PLAN_SENT_BACK,
  PLAN_SUBMITTED,
} from "../../../app/lib/engagements/engagement-copy";
import { browserTest, expectPath, PHONE, signIn, signUpNewClient } from "../support";
import { fillItem, MANAGER, matchWithConsultant, noSideScroll, requestMatch, signOut } from "./steps";

/**
 * Drafting an engagement plan as the consultant and the engagement manager live it: a business is
 * matched with a consultant (request, proposal, acceptance, choice); the consultant drafts the plan
 * and sends it; the manager sends it back with notes; the consultant reads them (on a phone),
 * fixes the plan and sends it again; the manager approves it.
 */

// Available, in HR, and matched by no other browser test.
const CONSULTANT = { name: "Sofia Marchetti", email: "consultant11@partwise.test" };
const AREA = "HR";

async function openAsManager(page: Page, company: string, title: string) {
  await signIn(page, MANAGER);
  await expectPath(page, "/manage");
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: /^Engagements/ })
    .click();
  await expectPath(page, "/manage/engagements");
  await page.getByRole("heading", { name: "Engagements", level: 1 }).waitFor();
  await page.getByRole("link", { name: `Open engagement with ${company}: ${title}` }).click();
  await page.getByRole("heading", { name: title, level: 1 }).waitFor();
}

describe("engagement plan drafting", () => {
  browserTest(
    "a consultant drafts and sends the plan, the manager sends it back, the consultant fixes it on a phone, the manager approves",
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const company = `Birchwood Hospitality ${Date.now().toString(36)}`;
      const { email } = await signUpNewClient(page, { emailPrefix: "drafting", business: { name: company } });
      await requestMatch(page, {
        area: AREA,
        type: "Fractional",
        need: "Our shift leads need a hiring and onboarding routine that sticks.",
      });
      await signOut(page);
      await matchWithConsultant(page, { company, email, area: AREA, consultant: CONSULTANT });

      // The consultant drafts the plan from the portal's list.
      await signIn(page, CONSULTANT.email);
      await expectPath(page, "/consultant");
      await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Engagements" }).click();
      await expectPath(page, "/consultant/engagements");
      await page.getByRole("heading", { name: "Plans to draft", level: 2 }).waitFor();
      await page.getByRole("link", { name: `Draft the plan for ${company}` }).click();
      await page.getByRole("heading", { name: "Draft the plan", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Start the plan", exact: true }).click();
      await page.getByRole("heading", { name: "Edit the plan", level: 2 }).waitFor();
      const title = "Shift lead hiring routine";
      await page.getByLabel("Plan title", { exact: true }).fill(title);
      await page
        .getByLabel("Overview", { exact: true })
        .fill("We write one hiring and onboarding routine and train the shift leads to run it.");
      await page.getByRole("button", { name: "Add a deliverable", exact: true }).click();
      await fillItem(page, 1, {
        title: "Hiring routine",
        description: "Job posts, interview guide, scorecard.",
        date: "2027-01-15",
        price: "1,800",
      });
      await page.getByRole("button", { name: "Add a deliverable", exact: true }).click();
      await fillItem(page, 2, {
        title: "Onboarding week",
        description: "A five-day plan for new hires.",
        date: "2027-02-15",
        price: "2,400",
      });
      await page.getByRole("button", { name: "Move up: deliverable 2", exact: true }).click();
      expect(await page.getByLabel("Deliverable 1 title", { exact: true }).inputValue()).toBe("Onboarding week");
      await page.getByRole("button", { name: "Move down: deliverable 1", exact: true }).click();
      expect(await page.getByLabel("Deliverable 1 title", { exact: true }).inputValue()).toBe("Hiring routine");
      await page.getByRole("button", { name: "Save draft", exact: true }).click();
      await page.getByRole("status").getByText(PLAN_SAVED, { exact: true }).waitFor();
      expect(await page.getByLabel("Deliverable 2 title", { exact: true }).inputValue()).toBe("Onboarding week");
      expect(await page.getByLabel("Deliverable 2 price (USD)", { exact: true }).inputValue()).toBe("2,400.00");
      await page.getByRole("button", { name: "Send for review", exact: true }).click();
      await page.getByRole("status").getByText(PLAN_SUBMITTED, { exact: true }).waitFor();
      await page.getByText("Waiting for the engagement manager's review", { exact: true }).waitFor();
      await page.getByRole("cell", { name: "$1,800.00" }).waitFor();
      await signOut(page);

      // The manager sends it back with notes.
      await openAsManager(page, company, title);
      await page.getByRole("heading", { name: "Review version 1", level: 2 }).waitFor();
      expect(await page.getByRole("list", { name: "Deliverables" }).getByRole("listitem").count()).toBe(2);
      const notes = "Split the onboarding week into two deliverables so the business can pause between them.";
      await page.getByLabel("What should the consultant change?", { exact: true }).fill(notes);
      await page.getByRole("button", { name: "Send back", exact: true }).click();
      await page.getByRole("status").getByText(PLAN_SENT_BACK, { exact: true }).waitFor();
      await page.getByText("Sent back by the engagement manager", { exact: true }).first().waitFor();
      await signOut(page);

      // On a phone, the consultant reads the notes, fixes the plan and sends it again.
      await page.setViewportSize(PHONE);
      await signIn(page, CONSULTANT.email);
      await expectPath(page, "/consultant");
      await page.goto("/consultant/engagements");
      await page.getByRole("link", { name: `Open the engagement: ${title}` }).click();
      await page.getByRole("heading", { name: MANAGER_NOTES_HEADING, level: 2 }).waitFor();
      await page.getByText(notes, { exact: true }).waitFor();
      await noSideScroll(page);
      await page.getByLabel("Deliverable 2 title", { exact: true }).fill("Onboarding days 1-2");
      await page.getByLabel("Deliverable 2 price (USD)", { exact: true }).fill("1,200");
      await page.getByRole("button", { name: "Add a deliverable", exact: true }).click();
      await fillItem(page, 3, {
        title: "Onboarding days 3-5",
        description: "The rest of the first week.",
        date: "2027-03-01",
        price: "1,200",
      });
      await noSideScroll(page);
      await page.getByRole("button", { name: "Send for review", exact: true }).click();
      await page.getByRole("status").getByText(PLAN_SUBMITTED, { exact: true }).waitFor();
      await page.getByRole("cell", { name: "Onboarding days 3-5" }).waitFor();
      await noSideScroll(page);
      await signOut(page);

      // The manager approves the second version.
      await page.setViewportSize({ width: 1280, height: 900 });
      await openAsManager(page, company, title);
      await page.getByRole("heading", { name: "Review version 2", level: 2 }).waitFor();
      expect(await page.getByRole("list", { name: "Deliverables" }).getByRole("listitem").count()).toBe(3);
      await page.getByRole("button", { name: "Approve plan", exact: true }).click();
      await page.getByRole("status").getByText(PLAN_APPROVED, { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Approve plan" }).count()).toBe(0);
      await page.getByText("Waiting for the business's decision", { exact: true }).first().waitFor();
    },
    { timeout: 180_000 },
  );
});
