import { describe, expect } from "vitest";
import {
  apiCall,
  atEachWidth,
  browserTest,
  expectPath,
  PHONE,
  signedInAs,
  signIn,
  signUpNewClient,
} from "../support";

/**
 * Consultants' public profiles (issue #42, ADR 090) as the three people live them: a consultant
 * shows her profile from the portal; a visitor reads it at 375 and 1280 px (no rate, no contact),
 * asks for her, signs up and finishes the request from the dashboard; the engagement manager sees
 * who was asked for; she stops showing it and the page is gone.
 */
const WIDE = { width: 1280, height: 900 };
const SOFIA = { email: "consultant11@partwise.test", name: "Sofia Marchetti", id: "demo-user-consultant-11" };
const PROFILE = `/consultants/${SOFIA.id}`;

describe("consultants' public profiles (issue #42)", () => {
  browserTest("a consultant goes public, a visitor asks for her by name, the manager sees it", async ({ page, context }) => {
    // The consultant: her published profile is not public until she says so.
    await signIn(page, SOFIA.email);
    await expectPath(page, "/consultant");
    await page.goto("/consultant/profile");
    const listing = page.getByRole("region", { name: "Public profile" });
    await expect.poll(() => listing.innerText()).toContain("Your profile is not public.");
    await listing.getByRole("button", { name: "Show my profile in public" }).click();
    await expect.poll(() => listing.getByRole("status").innerText()).toBe("Your profile is now public.");
    await expect.poll(() => listing.getByRole("link", { name: "See your public profile" }).getAttribute("href")).toBe(
      PROFILE,
    );
    await apiCall(page, "POST", "/api/client/auth/logout");

    // A visitor: the list, then her page, with nothing private on it.
    await page.goto("/consultants?area=hr");
    await page.getByRole("link", { name: SOFIA.name }).click();
    await expectPath(page, PROFILE);
    await atEachWidth(page, [PHONE, WIDE], async () => {
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(SOFIA.name);
    });
    const body = await page.locator("main").innerText();
    expect(body).toContain("HR and frontline management for hospitality and retail");
    expect(body).toContain("Hotels (except Casino Hotels) and Motels · 150+ employees · 6 years");
    for (const hidden of ["$", "per hour", "linkedin", "(401) 555-0157", SOFIA.email, "Seasonal outdoor outfitter"]) {
      expect(body, hidden).not.toContain(hidden);
    }
    await page.getByRole("link", { name: "Request this consultant" }).first().click();
    await expectPath(page, `${PROFILE}/request`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(`Request ${SOFIA.name}`);
    await atEachWidth(page, [PHONE, WIDE], async () => {
      await expect.poll(() => page.getByRole("link", { name: "Create a business account" }).isVisible()).toBe(true);
    });

    // Signed up: the dashboard brings the choice back.
    await signUpNewClient(page, { emailPrefix: "asks-for-sofia" });
    await page.goto("/dashboard");
    const banner = page.getByRole("region", { name: "You chose a consultant from their public profile." });
    await banner.getByRole("link", { name: "Finish the request" }).click();
    await expectPath(page, `${PROFILE}/request`);
    await page.getByLabel("What do you need help with?").fill("Our seasonal crew leaves every August; we want shift leads who stay.");
    await page.getByLabel("Business Area").selectOption("hr");
    await page.getByLabel("Engagement Type").selectOption("fractional");
    await atEachWidth(page, [PHONE, WIDE], async () => undefined);
    await page.getByRole("button", { name: "Request this consultant" }).click();
    await expect
      .poll(() => page.getByRole("status").innerText())
      .toBe(
        `Your request is in. Your engagement manager sees that you asked for ${SOFIA.name} and proposes them if they are a fit.`,
      );
    const next = await page.getByRole("link", { name: "See your match request" }).getAttribute("href");
    const matchId = new URL(next!, "https://x.test").searchParams.get("matchId")!;
    await page.goto("/dashboard");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Dashboard");
    expect(await page.getByText("You chose a consultant from their public profile.").count()).toBe(0);

    // The engagement manager: who was asked for, and her place on the shortlist.
    const { page: manager, close } = await signedInAs(context, "manager@partwise.test", "/manage");
    await manager.goto(`/manage/matches/${matchId}`);
    await expect.poll(() => manager.getByRole("region", { name: "Request" }).innerText()).toContain(
      `Asked for\n${SOFIA.name}, from their public profile`,
    );
    const card = manager.getByRole("listitem").filter({ has: manager.getByRole("heading", { name: SOFIA.name }) });
    await expect.poll(() => card.textContent()).toContain("Asked for by the business");
    await close();

    // She stops showing it: gone for everyone.
    await apiCall(page, "POST", "/api/client/auth/logout");
    await signIn(page, SOFIA.email);
    await expectPath(page, "/consultant");
    await page.goto("/consultant/profile");
    await page.getByRole("region", { name: "Public profile" }).getByRole("button", { name: "Stop showing my profile" }).click();
    await expect
      .poll(() => page.getByRole("region", { name: "Public profile" }).getByRole("status").innerText())
      .toBe("Your profile is no longer public.");
    await apiCall(page, "POST", "/api/client/auth/logout");
    expect((await page.goto(PROFILE))?.status()).toBe(404);
  }, { allowConsoleErrors: [/status of 404/], timeout: 90_000 });
});
