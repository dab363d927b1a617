import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn, signInAsDemoClient } from "../support";

/**
 * What a newcomer finds in the demo (scripts/lib/demo-flows.mjs plays the three people's parts
 * over HTTP before the tests start, as `npm start` does): the demo business has a request at
 * Smart Matching, one being paired and one with a candidate to decide on; the manager has a
 * shortlist to review; consultant1 has a candidacy to answer. Nothing here decides or answers, so
 * the states stay for the other tests.
 */

const COMPANY = "Harbor & Pine Outfitters";

describe("demo marketplace states", () => {
  browserTest(
    "the demo business sees its three match requests, one with a candidate to decide on",
    async ({ page }) => {
      await signInAsDemoClient(page);
      await page.goto("/features?focus=Matching");
      // .first(): other tests may add requests to the demo business (insight → match).
      await page
        .getByRole("link", { name: "We are finding the best consultant for your request.", exact: true })
        .first()
        .waitFor();
      await page
        .getByRole("link", { name: "Your request is being paired with a consultant who fits it.", exact: true })
        .waitFor();
      await page
        .getByRole("link", {
          name: "We found the best fit for your request. Review your consultant's profile.",
          exact: true,
        })
        .click();
      await page.getByRole("heading", { name: "Suggested Candidate", level: 2 }).waitFor();
      await page.getByText("Aisha Thompson", { exact: true }).waitFor();
      // Her portrait, uploaded through her profile editor and approved by the manager, really loads.
      const photo = page.getByRole("img", { name: "Aisha Thompson", exact: true });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
      await page.getByText("$150.00 per hour", { exact: true }).waitFor();
      await page.getByRole("link", { name: "Accept", exact: true }).waitFor();
      await page.getByRole("link", { name: "Reject", exact: true }).waitFor();
    },
  );

  browserTest(
    "the manager has the demo business's shortlist to review, with the engine's reasons",
    async ({ page }) => {
      await signIn(page, "manager@partwise.test");
      await expectPath(page, "/manage");
      await page.goto("/manage/matches");
      // The demo's request is the oldest of the business's Operations requests (other tests may add one).
      await page
        .getByRole("link", { name: `Open request from ${COMPANY}: Operations` })
        .last()
        .click();
      await page.getByRole("heading", { name: COMPANY, level: 1 }).waitFor();
      const shortlist = page.getByRole("list", { name: "Shortlisted consultants" });
      expect(await shortlist.getByRole("listitem").count()).toBeGreaterThan(0);
      await shortlist
        .getByRole("listitem")
        .first()
        .getByRole("row", { name: /^Industry/ })
        .waitFor();
      expect(await page.getByRole("button", { name: /^Propose / }).count()).toBeGreaterThan(0);
    },
    { viewport: PHONE },
  );

  browserTest("consultant1 has the demo business's candidacy to answer", async ({ page }) => {
    await signIn(page, "consultant1@partwise.test");
    await expectPath(page, "/consultant");
    await page.getByRole("link", { name: `Review and answer: ${COMPANY}, Finance` }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/consultant/candidacies/"));
    await page.getByRole("link", { name: "Accept", exact: true }).waitFor();
    await page.getByRole("link", { name: "Decline", exact: true }).waitFor();
  });

  browserTest("the manager finds a consultant mid-onboarding and an application waiting", async ({ page }) => {
    await signIn(page, "manager@partwise.test");
    await expectPath(page, "/manage");
    await page.goto("/manage/consultants?q=leila.haddad");
    const row = page.getByRole("listitem").filter({ hasText: "Leila Haddad" });
    await row.getByText("Onboarding", { exact: true }).first().waitFor();
    await page.goto("/manage/consultants/invitations");
    await page.getByText("Jordan Alvarez", { exact: true }).first().waitFor();
    await page.context().clearCookies();

    await signIn(page, "leila.haddad@partwise.test");
    await expectPath(page, "/consultant");
    await page.goto("/consultant/profile");
    await page.getByText("3 of 6 sections complete").waitFor();
  });
});
