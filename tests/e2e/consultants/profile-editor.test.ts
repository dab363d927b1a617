import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { png } from "../../support/sample-files";
import { atEachWidth, browserTest, keepScreen, PHONE } from "../support";
import { invitedConsultant, saveProfileSection } from "./steps";

const PASSWORD = "Harbor-Consult-9";
const WIDE = { width: 1280, height: 900 };

/** The screen checked (atEachWidth) and kept as a screenshot on a phone and at 1280 px. */
const shot = (page: Page, name: string) =>
  atEachWidth(page, [PHONE, WIDE], () => keepScreen(page, `consultant-profile-${name}`));

/** A manager invites a new consultant, who sets a password and lands on their empty profile. */
async function invitedNewConsultant(page: Page, firstName: string) {
  const email = `profile-${Date.now().toString(36)}@example.test`;
  await invitedConsultant(page, { firstName, lastName: "Ellery", email, password: PASSWORD });
}

async function fillProfile(page: Page) {
  await page.getByRole("heading", { name: "Your profile", level: 1 }).waitFor();
  await page.getByText("0 of 6 sections complete").waitFor();
  await shot(page, "empty");

  await page
    .getByLabel("Choose a photo (.png or .jpg, at most 2 MB)")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(png({ width: 8, height: 8 })) });
  await saveProfileSection(page, "photo", "Upload photo", "Your photo has been added!");
  await page.getByRole("img", { name: "Your photo" }).waitFor();

  // An empty section is refused with the field's own text, next to the field.
  await page.locator("#profile-about").getByRole("button", { name: "Save" }).click();
  await page.getByText("Write a headline.", { exact: true }).waitFor();
  await shot(page, "errors");

  await page.getByLabel("Headline", { exact: true }).fill("Operations lead for growing makers");
  await page.getByLabel("Bio", { exact: true }).fill("Ten years running plants and supply chains.");
  await page.getByLabel("Mission statement", { exact: true }).fill("Calm operations, clear numbers.");
  await saveProfileSection(page, "about");

  await page.getByLabel("Education", { exact: true }).fill("BSc Industrial Engineering, Ohio State");
  await page.getByLabel("Years of experience", { exact: true }).fill("10");
  await page.getByLabel("Location", { exact: true }).fill("Columbus, OH");
  await page.getByLabel("LinkedIn profile (optional)").fill("https://www.linkedin.com/in/morgan-ellery");
  await saveProfileSection(page, "background");

  const expertise = page.locator("#profile-expertise");
  await expertise.getByLabel("Operations", { exact: true }).check();
  await expertise.getByLabel("Fractional", { exact: true }).check();
  await expertise.getByLabel("25-50 employees", { exact: true }).check();
  await expertise.getByLabel("Manufacturing", { exact: true }).check();
  await expertise.getByText("Specialties in Manufacturing").click();
  await expertise.getByLabel("Food Manufacturing", { exact: true }).check();
  await saveProfileSection(page, "expertise");

  await page.getByLabel("Day rate", { exact: true }).check();
  await page.getByLabel("Rate in US dollars").fill("1200");
  await saveProfileSection(page, "rate");

  const availability = page.locator("#profile-availability");
  await availability.getByLabel("Availability", { exact: true }).selectOption("available");
  await availability.getByLabel("Hours per week", { exact: true }).fill("25");
  await availability.getByLabel("Time zone", { exact: true }).selectOption("America/Chicago");
  await saveProfileSection(page, "availability");

  await page.getByText("6 of 6 sections complete").waitFor();
  await shot(page, "complete");
  await page.getByRole("button", { name: "Send for review" }).click();
  await page
    .getByText("Your profile has been sent for review. An Engagement Manager will look at it shortly.", { exact: true })
    .waitFor();
  await page
    .getByText(
      "Your changes are waiting for an Engagement Manager's review. Businesses see your published profile until then.",
      { exact: true },
    )
    .waitFor();
  await expect(page.getByRole("button", { name: "Send for review" }).count()).resolves.toBe(0);
  await expect(page.locator("#profile-about").getByLabel("Headline", { exact: true }).isDisabled()).resolves.toBe(true);
  await shot(page, "submitted");
}

// On a phone; each screen is also checked at 1280 px (shot).
describe("the consultant's profile editor", () => {
  browserTest(
    "an invited consultant fills all six sections and sends the profile for review (375 px, its screens also at 1280 px)",
    async ({ page }) => {
      await invitedNewConsultant(page, "Robin");
      await fillProfile(page);
    },
    { viewport: PHONE, timeout: 90_000 },
  );
});
