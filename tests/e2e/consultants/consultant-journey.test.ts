import type { Page } from "playwright-core";
import { describe } from "vitest";
import { png } from "../../support/sample-files";
import { atEachWidth, browserTest, expectPath, PHONE, signIn, signUpNewClient } from "../support";
import { invitedConsultant, saveProfileSection } from "./steps";

/**
 * From invitation to first candidacy, as the three people live it: the engagement manager invites
 * a consultant; the consultant reads the link in the local outbox, sets a password, writes the
 * whole profile and sends it for review; the manager reviews it as a business will see it and
 * approves and vets it; a new business asks for a match in the consultant's area; the engine puts
 * the consultant on the shortlist and the manager proposes them; the consultant finds the
 * candidacy on the portal's home and accepts it. The consultant and the business on a phone, the
 * manager at 1280 px; each person's screens are also checked at the other width (ADR 055).
 */

const MANAGER = "manager@partwise.test";
const PASSWORD = "Harbor-Consult-9";

type Run = { area: string; areaValue: string; firstName: string };

const RUN: Run = { area: "HR", areaValue: "hr", firstName: "Tomas" };

const WIDE = { width: 1280, height: 900 };

async function writeProfile(page: Page, run: Run) {
  await page.getByText("0 of 6 sections complete").waitFor();
  await page
    .getByLabel("Choose a photo (.png or .jpg, at most 2 MB)")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(png({ width: 8, height: 8 })) });
  await saveProfileSection(page, "photo", "Upload photo", "Your photo has been added!");
  await page.getByLabel("Headline", { exact: true }).fill(`${run.area} lead for growing retailers`);
  await page.getByLabel("Bio", { exact: true }).fill("Nine years building teams and campaigns for regional shops.");
  await page.getByLabel("Mission statement", { exact: true }).fill("Plans a small team can run on Monday.");
  await saveProfileSection(page, "about");
  await page.getByLabel("Education", { exact: true }).fill("BA Business Administration, University of Vermont");
  await page.getByLabel("Years of experience", { exact: true }).fill("9");
  await page.getByLabel("Location", { exact: true }).fill("Burlington, VT");
  await saveProfileSection(page, "background");
  const expertise = page.locator("#profile-expertise");
  await expertise.getByLabel(run.area, { exact: true }).check();
  await expertise.getByLabel("Project", { exact: true }).check();
  await expertise.getByLabel("0-25 employees", { exact: true }).check();
  await expertise.getByLabel("Retail Trade", { exact: true }).check();
  await saveProfileSection(page, "expertise");
  await page.getByLabel("Hourly rate", { exact: true }).check();
  await page.getByLabel("Rate in US dollars").fill("140");
  await saveProfileSection(page, "rate");
  const availability = page.locator("#profile-availability");
  await availability.getByLabel("Availability", { exact: true }).selectOption("available");
  await availability.getByLabel("Hours per week", { exact: true }).fill("20");
  await availability.getByLabel("Time zone", { exact: true }).selectOption("America/New_York");
  await saveProfileSection(page, "availability");
  await page.getByText("6 of 6 sections complete").waitFor();
  await page.getByRole("button", { name: "Send for review" }).click();
  await atEachWidth(page, [PHONE, WIDE], () =>
    page
      .getByText("Your profile has been sent for review. An Engagement Manager will look at it shortly.", {
        exact: true,
      })
      .waitFor(),
  );
}

async function requestMatch(page: Page, run: Run) {
  await page.goto("/create-match");
  await page.getByRole("radio", { name: run.area, exact: true }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByRole("radio", { name: "Project", exact: true }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page
    .getByLabel("What do you need help with?", { exact: true })
    .fill("We are growing fast and need a plan for the next two quarters that our small team can run.");
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await atEachWidth(page, [PHONE, WIDE], () =>
    page.getByRole("heading", { name: "Your match request has been sent!", level: 2 }).waitFor(),
  );
}

describe("a consultant's journey from invitation to first candidacy", () => {
  browserTest(
    "invited, onboarded, vetted, shortlisted, proposed and candidate (375 px, the manager at 1280 px)",
    async ({ page }) => {
      const run = RUN;
      const stamp = Date.now().toString(36);
      const email = `journey-${stamp}@example.test`;
      const name = `${run.firstName} Lindgren`;
      const company = `Journey ${run.area} ${stamp}`;

      // The manager invites; the consultant follows the emailed link, sets a password and writes the profile.
      await invitedConsultant(page, { firstName: run.firstName, lastName: "Lindgren", email, password: PASSWORD });
      await writeProfile(page, run);
      await page.context().clearCookies();

      // The manager reviews the profile as a business will see it, and approves and vets it.
      await page.setViewportSize(WIDE);
      await signIn(page, MANAGER);
      await expectPath(page, "/manage");
      await page.goto(`/manage/consultants?q=${encodeURIComponent(email)}`);
      await page.getByRole("link", { name: "Review profile" }).first().click();
      await page.getByRole("heading", { name: `Review ${name}'s profile`, level: 1 }).waitFor();
      await atEachWidth(page, [WIDE, PHONE], () =>
        page.getByText(`${run.area} lead for growing retailers`).first().waitFor(),
      );
      await page.getByRole("button", { name: "Approve and vet" }).click();
      await page
        .getByText(`${name}'s profile is published and vetted. Matching can now propose them.`, { exact: true })
        .waitFor();
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);

      // A new business asks for a match in the consultant's area.
      await signUpNewClient(page, { emailPrefix: "journey-client", business: { name: company } });
      await page.goto("/dashboard");
      await requestMatch(page, run);
      await page.context().clearCookies();

      // The engine shortlisted the consultant; the manager proposes them.
      await page.setViewportSize(WIDE);
      await signIn(page, MANAGER);
      await expectPath(page, "/manage");
      await page.goto("/manage/matches");
      await page.getByRole("link", { name: `Open request from ${company}: ${run.area}` }).click();
      const entry = page
        .getByRole("list", { name: "Shortlisted consultants" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name, level: 3 }) });
      await entry.getByRole("button", { name: `Propose ${name}` }).click();
      await page
        .getByRole("status")
        .getByText(`${name} was proposed. They have been notified and asked to accept or decline.`, { exact: true })
        .waitFor();
      await atEachWidth(page, [WIDE, PHONE], () => entry.getByRole("heading", { name, level: 3 }).waitFor());
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);

      // The consultant finds the first candidacy on the portal's home and accepts it.
      await signIn(page, email, PASSWORD);
      await expectPath(page, "/consultant");
      await page.getByRole("link", { name: `Review and answer: ${company}, ${run.area}` }).click();
      await page.getByRole("link", { name: "Accept", exact: true }).click();
      await page.getByRole("button", { name: "Yes, accept", exact: true }).click();
      await atEachWidth(page, [PHONE, WIDE], () =>
        page
          .getByRole("status")
          .getByText(/^You accepted this candidacy/)
          .waitFor(),
      );
    },
    { viewport: PHONE, timeout: 120_000 },
  );
});
