import type { Page } from "playwright-core";

/** The match wizard's steps, shared by the matching and engagement journeys. */

export type MatchWizard = { area: string; type: "Project" | "Fractional" | "Coaching"; need: string };

/** The match wizard up to its summary: the area, the engagement type and what the business needs. */
export async function fillMatchWizard(page: Page, wizard: MatchWizard) {
  await page.goto("/create-match");
  await page.getByRole("radio", { name: wizard.area, exact: true }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByRole("heading", { name: "Select One Engagement Type", level: 2 }).waitFor();
  await page.getByRole("radio", { name: wizard.type, exact: true }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByRole("heading", { name: "Match Request Summary", level: 2 }).waitFor();
  await page.getByLabel("What do you need help with?", { exact: true }).fill(wizard.need);
}

/** Finishes and confirms the wizard's summary. */
export async function sendMatchRequest(page: Page) {
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await page.getByRole("heading", { name: "Your match request has been sent!", level: 2 }).waitFor();
}
