import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, connectDemoCompany, expectPath, PHONE, signIn, signUpNewClient } from "../support";

const MANAGER_EMAIL = "manager@partwise.test";

/**
 * A match request of a brand-new business, made the way a client makes one from an insight: the
 * demo company's books bring Finance value insights, and one becomes a match request. The demo
 * client stays untouched for the other tests. Ends signed out; answers the business's name.
 */
async function matchRequestOfNewBusiness(page: Page): Promise<string> {
  const company = `Tidewater Tools ${Date.now().toString(36)}`;
  await signUpNewClient(page, { emailPrefix: "manage-matches", business: { name: company } });
  await page.goto("/profile-progress");
  await page
    .locator('[data-step="companyData"]')
    .getByRole("link", { name: /Connect your accounting data/ })
    .click();
  await connectDemoCompany(page);
  await page.getByRole("heading", { name: "Your Finance Profile is Complete!", level: 1 }).waitFor({ timeout: 40_000 });
  await page.goto("/dashboard");
  const activity = page.getByRole("region", { name: "Activity" });
  const tile = activity.getByRole("article", { name: /^Finance insight/ }).first();
  await tile.getByRole("link", { name: "Click here to view." }).click();
  await page.waitForURL((url) => url.pathname === "/insight-discovery" && url.searchParams.get("type") === "VALUE");
  await page.getByRole("button", { name: "Match with Consultant", exact: true }).click();
  await page.getByRole("status").getByText("Your match request has been sent!").waitFor();
  // Issue #36 item 12: once turned into a match, the insight says so and links to the match,
  // instead of offering Match with Consultant again (also after a reload).
  const insight = page.url();
  for (let visit = 0; visit < 2; visit++) {
    await page
      .getByText("Match requested: you already asked for a consultant on this insight.", { exact: true })
      .waitFor();
    expect(await page.getByRole("button", { name: "Match with Consultant" }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    if (visit === 0) await page.goto(insight);
  }
  await page.getByRole("link", { name: "View the match request", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/features" && url.searchParams.has("matchId"));
  await page.getByRole("heading", { name: "Match Status: Finance", level: 2 }).waitFor();
  await page.context().clearCookies();
  return company;
}

/** The manager opens the request from the console's navigation and the To do queue. */
async function openFromQueue(page: Page, company: string) {
  await signIn(page, MANAGER_EMAIL);
  await expectPath(page, "/manage");
  await page.getByRole("heading", { name: "Match requests to do", level: 2 }).waitFor();
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: /^Match requests/ })
    .click();
  await expectPath(page, "/manage/matches");
  await page.getByRole("heading", { name: "Match requests", level: 1 }).waitFor();
  expect(await page.getByRole("link", { name: /^To do/ }).getAttribute("aria-current")).toBe("page");
  const open = page.getByRole("link", { name: `Open request from ${company}: Finance` });
  const row = page.getByRole("listitem").filter({ has: open });
  await row.getByText("Unassigned", { exact: true }).waitFor();
  await row.getByText("From a value insight", { exact: true }).waitFor();
  await open.click();
  await page.waitForURL((url) => /^\/manage\/matches\/[^/]+$/.test(url.pathname));
  await page.getByRole("heading", { name: company, level: 1 }).waitFor();
}

describe("engagement manager console: match requests", () => {
  browserTest(
    "the manager finds a new match request in the queue, assigns it and runs matching again",
    async ({ page }) => {
      const company = await matchRequestOfNewBusiness(page);
      await openFromQueue(page, company);
      for (const name of [
        "The business's problem",
        "Shortlist",
        "Candidates",
        "History",
        "Request",
        "Business",
        "Documents",
      ]) {
        await page.getByRole("heading", { name, level: 2, exact: true }).waitFor();
      }
      await page.getByText("No documents are shared with this match yet.", { exact: true }).waitFor();
      const request = page.getByRole("region", { name: "Request", exact: true });
      await request.getByText("Unassigned", { exact: true }).waitFor();

      await page.getByRole("button", { name: "Assign to me" }).click();
      await page.getByRole("status").getByText("This match request is assigned to you.", { exact: true }).waitFor();
      await request.getByText("You", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Assign to me" }).count()).toBe(0);

      await page.getByRole("button", { name: "Re-run matching" }).focus();
      await page.keyboard.press("Enter");
      await page
        .getByRole("status")
        .getByText("Matching ran again. The shortlist below is up to date.", { exact: true })
        .waitFor();
      await request.getByText("Shortlist to review", { exact: true }).waitFor();
      await request.getByText("We are finding the best consultant for your request.", { exact: true }).waitFor();

      // The request is now in this manager's own queue.
      await page.getByRole("link", { name: "Back to match requests" }).click();
      await expectPath(page, "/manage/matches");
      await page.getByRole("link", { name: "Assigned to me" }).click();
      await page.waitForURL((url) => url.searchParams.get("mine") === "1");
      const mine = page.getByRole("listitem").filter({
        has: page.getByRole("link", { name: `Open request from ${company}: Finance` }),
      });
      await mine.getByText("Morgan Ellis", { exact: true }).waitFor();
    },
    { viewport: { width: 1280, height: 900 } },
  );

  browserTest(
    "the match queue and a request fit a phone",
    async ({ page }) => {
      const company = await matchRequestOfNewBusiness(page);
      await openFromQueue(page, company);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.goto("/manage/matches?show=all");
      await page.getByRole("link", { name: `Open request from ${company}: Finance` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    },
    { viewport: PHONE },
  );
});

/** Proposing from the shortlist the matching engine wrote for the request. */
describe("engagement manager console: proposing from the engine's shortlist", () => {
  browserTest("the manager proposes the top-ranked consultant, who is asked to accept", async ({ page }) => {
    const company = await matchRequestOfNewBusiness(page);
    await openFromQueue(page, company);
    await page.getByRole("button", { name: "Re-run matching" }).click();
    await page.getByRole("status").getByText("Matching ran again. The shortlist below is up to date.").waitFor();

    const shortlist = page.getByRole("list", { name: "Shortlisted consultants" });
    const top = shortlist.getByRole("listitem").first();
    const name = (await top.getByRole("heading", { level: 3 }).innerText()).trim();
    await top.getByRole("row", { name: /^Business area/ }).waitFor();
    await top.getByRole("button", { name: `Propose ${name}` }).click();
    await page
      .getByRole("status")
      .getByText(`${name} was proposed. They have been notified and asked to accept or decline.`, { exact: true })
      .waitFor();
    await top.getByText("Proposed", { exact: false }).first().waitFor();
    await top.getByRole("button", { name: `Propose ${name}` }).waitFor({ state: "detached" });
    const candidates = page.getByRole("region", { name: "Candidates", exact: true });
    await candidates.getByRole("heading", { name, level: 3 }).waitFor();
    await candidates.getByText("Asked, no answer yet", { exact: true }).waitFor();
    await page
      .getByRole("region", { name: "Request", exact: true })
      .getByText("Waiting for the consultant", { exact: true })
      .waitFor();

    // It waits for the consultant now: in the Waiting queue, no longer in To do.
    await page.goto("/manage/matches?show=waiting");
    await page.getByRole("link", { name: `Open request from ${company}: Finance` }).waitFor();
  });
});
