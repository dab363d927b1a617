import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, expectPath, keepScreen, PHONE, signIn } from "../support";

const MANAGER_EMAIL = "manager@partwise.test";
const DESKTOP_1280 = { width: 1280, height: 900 };

const shot = (page: Page, name: string) => keepScreen(page, `consultant-roster-${name}`);

/** The manager finds James Adeyemi (seeded vetted but unavailable: paused) and unvets, then vets him again. */
async function unvetAndVetAgain(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  await signIn(page, MANAGER_EMAIL);
  await expectPath(page, "/manage");
  await page.goto("/manage/consultants");
  await page.getByRole("heading", { name: "Consultants", level: 1 }).waitFor();
  await page.getByRole("link", { name: "Invitations and applications" }).waitFor();
  await shot(page, "roster");

  await page.getByLabel("Search by name, email or headline").fill("adeyemi");
  await page.getByLabel("Status").selectOption("paused");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === "adeyemi");
  const list = page.getByRole("list", { name: "Consultants" });
  // The search leaves the other consultants out (Thomas Becker is vetted and available).
  await list.getByRole("link", { name: "Open Thomas Becker" }).waitFor({ state: "detached" });
  expect(await list.getByRole("listitem").count()).toBe(1);
  const card = list.getByRole("listitem").first();
  await card.getByText("Paused", { exact: true }).waitFor();
  await card.getByText("Strategy, Leadership", { exact: true }).waitFor();

  await card.getByRole("link", { name: "Open James Adeyemi" }).click();
  await page.waitForURL((url) => /^\/manage\/consultants\/[^/]+$/.test(url.pathname));
  await page.getByRole("heading", { name: "James Adeyemi", level: 1 }).waitFor();
  await page.getByRole("heading", { name: "Profile, as businesses see it", level: 2 }).waitFor();
  await page.getByText("Strategy adviser to owners planning growth or succession").first().waitFor();

  // Unvet: the notes are required.
  const notes = page.getByLabel("Why you unvet (required)");
  await notes.fill(`Credentials need a second look (${width}).`);
  await page.getByRole("button", { name: "Unvet", exact: true }).click();
  await page
    .getByRole("status")
    .getByText("James Adeyemi is no longer vetted. Matching will not propose them.", { exact: true })
    .waitFor();
  await page.getByLabel("Notes (optional)").fill(`Checked again: all in order (${width}).`);
  await page.getByRole("button", { name: "Vet", exact: true }).click();
  await page
    .getByRole("status")
    .getByText("James Adeyemi is vetted. Matching can now propose them.", { exact: true })
    .waitFor();
  await page.getByRole("button", { name: "Unvet", exact: true }).waitFor();

  const history = page.getByRole("region", { name: "Vetting history" });
  await history.getByText(`Credentials need a second look (${width}).`, { exact: true }).waitFor();
  await history.getByText(`Checked again: all in order (${width}).`, { exact: true }).waitFor();
  await history
    .getByText(/^Unvetted by Morgan Ellis, /)
    .first()
    .waitFor();
  await history
    .getByText(/^Vetted by Morgan Ellis, /)
    .first()
    .waitFor();
  await shot(page, "consultant");

  // Pause keeps him out of matching whatever his availability; Unpause lets him back.
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await page
    .getByRole("status")
    .getByText("James Adeyemi is paused. Matching will not propose them until you unpause them.", { exact: true })
    .waitFor();
  await page
    .getByRole("region", { name: "Pause" })
    .getByText(/^Paused since [A-Z][a-z]{2,3} \d{1,2}, \d{4}: matching does not propose this consultant\.$/)
    .waitFor();
  await shot(page, "consultant-paused");
  await page.getByRole("button", { name: "Unpause", exact: true }).click();
  await page.getByRole("status").getByText("James Adeyemi is unpaused.", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Pause", exact: true }).waitFor();
}

describe("engagement manager console: consultant roster", () => {
  browserTest(
    "the manager searches the roster, opens a consultant, unvets with notes, vets again, pauses and unpauses (1280 px)",
    ({ page }) => unvetAndVetAgain(page),
    { viewport: DESKTOP_1280 },
  );
  browserTest("the same on a phone (375 px)", ({ page }) => unvetAndVetAgain(page), { viewport: PHONE });
});
