import type { Page } from "playwright-core";
import { expect } from "vitest";
import { fillMatchWizard, sendMatchRequest, type MatchWizard } from "../matching/steps";
import { expectPath, NEW_CLIENT_PASSWORD, signIn } from "../support";

/** Steps the engagement journeys share: the match that precedes a plan, and the plan editor. */

export const MANAGER = "manager@partwise.test";

export async function signOut(page: Page) {
  await page.context().clearCookies();
}

/** The page is no wider than the window (no sideways scrolling). */
export async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The signed-in business requests a match through the wizard. */
export async function requestMatch(page: Page, wizard: MatchWizard) {
  await fillMatchWizard(page, wizard);
  await sendMatchRequest(page);
}

/**
 * The manager proposes the consultant for the business's request in `area`, the consultant
 * accepts the candidacy, and the business (`email`, the new client's password) accepts them.
 * Ends signed out.
 */
export async function matchWithConsultant(
  page: Page,
  match: { company: string; email: string; area: string; consultant: { name: string; email: string } },
) {
  const { company, email, area, consultant } = match;
  await signIn(page, MANAGER);
  await expectPath(page, "/manage");
  await page.goto("/manage/matches");
  await page.getByRole("link", { name: `Open request from ${company}: ${area}` }).click();
  await page.getByRole("heading", { name: company, level: 1 }).waitFor();
  await page.getByRole("button", { name: `Propose ${consultant.name}` }).click();
  await page
    .getByRole("status")
    .getByText(`${consultant.name} was proposed. They have been notified and asked to accept or decline.`, {
      exact: true,
    })
    .waitFor();
  await signOut(page);

  await signIn(page, consultant.email);
  await expectPath(page, "/consultant");
  await page.getByRole("link", { name: `Review and answer: ${company}, ${area}` }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/consultant/candidacies/"));
  await page.getByRole("link", { name: "Accept", exact: true }).click();
  await page.getByRole("button", { name: "Yes, accept", exact: true }).click();
  await page
    .getByRole("status")
    .getByText(/^You accepted this candidacy/)
    .waitFor();
  await signOut(page);

  await signIn(page, email, NEW_CLIENT_PASSWORD);
  await expectPath(page, "/dashboard");
  await page.goto("/features?focus=Matching");
  await page
    .getByRole("link", { name: "We found the best fit for your request. Review your consultant's profile." })
    .click();
  await page.getByRole("heading", { name: "Suggested Candidate", level: 2 }).waitFor();
  await page.getByText(consultant.name, { exact: true }).waitFor();
  await page.getByRole("link", { name: "Accept", exact: true }).click();
  await page.getByRole("heading", { name: "Accept Consultant", level: 2 }).waitFor();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByRole("heading", { name: "Congratulations!", level: 2 }).waitFor();
  await signOut(page);
}

export type PlanItem = { title: string; description: string; date: string; price: string };

/** Fills deliverable `number` (1-based) of the plan editor. */
export async function fillItem(page: Page, number: number, item: PlanItem) {
  await page.getByLabel(`Deliverable ${number} title`, { exact: true }).fill(item.title);
  await page.getByLabel(`Deliverable ${number} description`, { exact: true }).fill(item.description);
  await page.getByLabel(`Deliverable ${number} delivery date`, { exact: true }).fill(item.date);
  await page.getByLabel(`Deliverable ${number} price (USD)`, { exact: true }).fill(item.price);
}

/** The new business's engagement panel, from the Engagements tab: signs in and opens `title`; answers its id. */
export async function openEngagement(page: Page, email: string, title: string) {
  await signIn(page, email, NEW_CLIENT_PASSWORD);
  await expectPath(page, "/dashboard");
  await page.goto("/features?focus=Engagements");
  await page.getByRole("link", { name: title, exact: true }).click();
  await page.waitForURL((url) => url.searchParams.has("engagementId"));
  await page.getByRole("heading", { name: title, level: 2 }).waitFor();
  return new URL(page.url()).searchParams.get("engagementId")!;
}

/**
 * On the consultant's Payouts page: Set up payouts, the local test onboarding's Submit details,
 * back on the page with payouts enabled (the transfers held for it are sent).
 */
export async function setUpPayouts(page: Page) {
  await page.getByRole("button", { name: "Set up payouts", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/test-onboarding/acct_local_"));
  await page.getByRole("button", { name: "Submit details", exact: true }).click();
  await expectPath(page, "/consultant/payouts");
  await page.getByText("Payouts enabled", { exact: true }).waitFor();
}

/**
 * The manager's money view of one engagement: the deliverable or month `item` was charged
 * `charged` and `transferred` went to the consultant, its transfer paid. Signs in as the manager.
 */
export async function expectTransferred(
  page: Page,
  engagement: { company: string; title: string },
  item: { title: string; charged: string; transferred: string; paid: string },
) {
  await signIn(page, MANAGER);
  await expectPath(page, "/manage");
  await page.goto("/manage/engagements");
  await page.getByRole("link", { name: `Open engagement with ${engagement.company}: ${engagement.title}` }).click();
  const money = page
    .getByRole("list", { name: "Money by deliverable" })
    .getByRole("listitem")
    .filter({ hasText: item.title });
  await money.getByText(item.charged, { exact: true }).first().waitFor();
  await money.getByText(item.transferred, { exact: true }).first().waitFor();
  expect(await money.locator(".payout-money-title .badge").textContent()).toBe(item.paid);
}
