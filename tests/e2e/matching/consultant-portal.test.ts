import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { browserTest, DESKTOP, expectPath, keepScreen, PHONE, signIn, signInAsDemoClient } from "../support";

/**
 * The consultant portal as a seeded consultant finds it: startup routing to /consultant, the
 * inbox's empty state, the frame's navigation and keyboard path, and who else is kept out.
 * Answering a candidacy needs one proposed by a manager (the console's Propose), so that journey
 * lives with the console's tests; the answer itself is covered in
 * tests/integration/matching/candidacies.test.ts.
 */

const shot = (page: Page, name: string) => keepScreen(page, `consultant-portal-${name}`);

// Unavailable in the demo, so never shortlisted or proposed: the inbox stays empty.
const CONSULTANT_EMAIL = "consultant10@partwise.test";

describe("consultant portal", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    browserTest(
      `a consultant signs in to a home where nothing needs them and an inbox that says what will arrive (${viewport.width}px)`,
      async ({ page }) => {
        await signIn(page, CONSULTANT_EMAIL);
        await expectPath(page, "/consultant");
        await page.getByRole("heading", { name: "Hello, James", level: 1 }).waitFor();
        await page
          .getByText("Nothing needs you right now. We email you when a business's request is proposed to you.", {
            exact: true,
          })
          .waitFor();
        const nav = page.getByRole("navigation", { name: "Portal" });
        expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
        await nav.getByRole("link", { name: "Candidacies" }).click();
        await expectPath(page, "/consultant/candidacies");
        await page.getByText("Nothing needs your answer right now.", { exact: true }).waitFor();
        await page.getByRole("heading", { name: "No candidacies yet", level: 2 }).waitFor();
        await page
          .getByText(
            "You have no candidacies yet. Once you are proposed for a request, you will find it here with everything the business shared.",
            { exact: true },
          )
          .waitFor();
        const inbox = nav.getByRole("link", { name: "Candidacies" });
        expect(await inbox.getAttribute("aria-current")).toBe("page");
        // The top bar names the consultant (a phone hides the name to keep Logout in reach).
        expect(await page.locator("header.console-topbar").textContent()).toContain("James Adeyemi");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBe(0);

        await shot(page, "candidacies");
        await nav.getByRole("link", { name: "Engagements" }).click();
        await expectPath(page, "/consultant/engagements");
        await page.getByRole("heading", { name: "Engagements", level: 1 }).waitFor();
        await shot(page, "engagements");
        await nav.getByRole("link", { name: "Notifications" }).click();
        await expectPath(page, "/consultant/notifications");
        await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await shot(page, "notifications");
        await nav.getByRole("link", { name: "Home" }).click();
        await expectPath(page, "/consultant");
        await shot(page, "home");

        // The login screen sends a signed-in consultant back to the portal.
        await page.goto("/");
        await expectPath(page, "/consultant");
      },
      { viewport },
    );
  }

  browserTest("the portal is reachable by keyboard, and Logout ends the session", async ({ page }) => {
    await signIn(page, CONSULTANT_EMAIL);
    await expectPath(page, "/consultant");
    await page.getByRole("heading", { name: "Hello, James", level: 1 }).waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");

    // From the top: the brand, Logout, then the first section.
    await page.goto("/consultant");
    const reached: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      reached.push(
        await page.evaluate(
          () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "",
        ),
      );
    }
    expect(reached).toEqual(["Skip to content", "Partwise consultant portal home", "Logout", "Home"]);

    await page.getByRole("button", { name: "Logout" }).click();
    await expectPath(page, "/login");
    // Signed out, the portal (e.g. an emailed candidacy link) leads to the login screen.
    await page.goto("/consultant/candidacies/any");
    await expectPath(page, "/");
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
  });

  browserTest(
    "an unknown candidacy is a 404, and the portal does not exist for a business client",
    async ({ page, context }) => {
      await signIn(page, CONSULTANT_EMAIL);
      await expectPath(page, "/consultant");
      const unknown = await page.request.get("/consultant/candidacies/no-such-candidacy", { maxRedirects: 0 });
      expect(unknown.status()).toBe(404);

      await context.clearCookies();
      await signInAsDemoClient(page);
      const portal = await page.request.get("/consultant", { maxRedirects: 0 });
      expect(portal.status()).toBe(404);
    },
  );
});
