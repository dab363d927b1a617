import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { baseURL, browserTest, expectPath, NEW_CLIENT_PASSWORD, PHONE } from "../support";

const LABEL = "Industry (NAICS number)";

/** A new client account without a business, signed in in this page's browser; on the business step. */
async function onBusinessStep(page: Page) {
  const email = `naics-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  await page.goto("/login");
  const status = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch("/api/client/auth/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          firstName: "Quinn",
          lastName: "Okafor",
          phone: "(802) 555-0143",
          email,
          password,
          confirmPassword: password,
        }),
      });
      return response.status;
    },
    { email, password: NEW_CLIENT_PASSWORD },
  );
  expect(status).toBe(201);
  await page.goto("/signup-business");
  await page.getByRole("heading", { name: "Tell us about your business" }).waitFor();
}

async function fillTheRest(page: Page) {
  await page.getByLabel("Company name").fill("Okafor Outfitters");
  await page.getByLabel("Your role").fill("Owner");
  await page.getByLabel("City").fill("Montpelier");
  await page.getByLabel("State").selectOption({ label: "Vermont" });
  await page.getByLabel("Revenue").selectOption({ label: "< 5 Million" });
  await page.getByLabel("Number of employees").selectOption({ label: "0-25" });
}

describe("the NAICS combobox", () => {
  browserTest("follows the combobox pattern: arrows move, Escape closes, a click picks", async ({ page }) => {
    await onBusinessStep(page);
    const box = page.getByRole("combobox", { name: LABEL });
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.getAttribute("aria-autocomplete")).toBe("list");
    const listId = await box.getAttribute("aria-controls");
    expect(listId).toBeTruthy();

    await box.pressSequentially("hair salon");
    const listbox = page.getByRole("listbox", { name: "Industries" });
    const first = listbox.getByRole("option").first();
    await first.getByText("812112", { exact: true }).waitFor();
    await first.getByText("Beauty Salons", { exact: true }).waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await listbox.getAttribute("id")).toBe(listId);
    expect(await box.getAttribute("aria-activedescendant")).toBeNull();

    await box.press("ArrowDown");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    expect(await first.getAttribute("aria-selected")).toBe("true");
    await box.press("ArrowDown");
    const second = listbox.getByRole("option").nth(1);
    expect(await box.getAttribute("aria-activedescendant")).toBe(await second.getAttribute("id"));
    expect(await first.getAttribute("aria-selected")).toBe("false");
    await box.press("ArrowUp");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));

    await box.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.getAttribute("aria-activedescendant")).toBeNull();
    await listbox.waitFor({ state: "hidden" });
    expect(await box.inputValue()).toBe("hair salon");

    // Arrow down opens the list again; then the mouse picks.
    await box.press("ArrowDown");
    await listbox.waitFor();
    await listbox.getByRole("option", { name: /^812112 Beauty Salons/ }).click();
    expect(await box.inputValue()).toBe("812112");
    await page.getByText("Beauty Salons", { exact: true }).waitFor();
    await page.getByText("Other Services (except Public Administration)", { exact: false }).waitFor();
    await listbox.waitFor({ state: "hidden" });
  });

  browserTest("suggests a sensible industry first for everyday words", async ({ page }) => {
    await onBusinessStep(page);
    const box = page.getByRole("combobox", { name: LABEL });
    const listbox = page.getByRole("listbox", { name: "Industries" });
    const expected: Array<[string, RegExp]> = [
      ["bakery", /^311811 Retail Bakeries/],
      ["coffee shop", /^722515 Snack and Nonalcoholic Beverage Bars/],
      ["plumber", /^238220 Plumbing, Heating, and Air-Conditioning Contractors/],
      ["hair salon", /^812112 Beauty Salons/],
      ["marketing agency", /^541613 Marketing Consulting Services/],
      ["outdoor gear", /^459110 Sporting Goods Retailers/],
    ];
    for (const [words, option] of expected) {
      await box.fill(words);
      await listbox.getByRole("option").first().filter({ hasText: option }).waitFor();
      // Best first: the expected industry is the first suggestion.
      expect(await listbox.getByRole("option").first().textContent(), words).toMatch(option);
    }
    // The index entry that matched is shown with the industry.
    await listbox
      .getByRole("option")
      .first()
      .getByText("Sports gear stores (e.g., outdoors, scuba, skiing)", { exact: true })
      .waitFor();

    await box.fill("zzqxv");
    await page
      .getByText("No industries match “zzqxv”. Try other words, or look up your NAICS code.", { exact: true })
      .waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("false");
  });

  browserTest(
    "on a phone-sized screen, the industry picked by keyboard is the one the business gets",
    async ({ page }) => {
      await onBusinessStep(page);
      await fillTheRest(page);
      const box = page.getByRole("combobox", { name: LABEL });
      await box.pressSequentially("outdoor gear");
      await page.getByRole("option", { name: /^459110 Sporting Goods Retailers/ }).waitFor();
      await box.press("ArrowDown");
      await box.press("Enter");
      expect(await box.inputValue()).toBe("459110");
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expectPath(page, "/plan-select");
      await page.getByRole("button", { name: "Continue with Basic" }).click();
      await expectPath(page, "/profile-progress");
      await page.goto("/company-profile?tab=business");
      expect(await page.getByLabel("Industry NAICS").inputValue()).toBe("459110 — Sporting Goods Retailers");
    },
    { viewport: PHONE },
  );

  browserTest(
    "without JavaScript a typed code is saved and the directory searches words",
    async ({ page, context }) => {
      await onBusinessStep(page);
      const browser = context.browser();
      if (!browser) throw new Error("no browser");
      const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
      try {
        await noScript.addCookies(await context.cookies());
        const plain = await noScript.newPage();

        await plain.goto("/naics?q=coffee+shop");
        await plain.getByText("Includes: Coffee shops, on premise brewing", { exact: true }).waitFor();
        await plain.getByLabel("Search by keyword or code").fill("hair salon");
        await plain.getByRole("button", { name: "Search", exact: true }).click();
        await plain.getByText("Beauty Salons", { exact: true }).waitFor();

        await plain.goto("/signup-business");
        // A plain text box: no combobox role or list without the script that drives them.
        expect(await plain.getByLabel(LABEL).getAttribute("role")).toBeNull();
        expect(await plain.getByRole("listbox").count()).toBe(0);
        await plain.getByText("Enter your 6-digit code, or find it in the NAICS directory.", { exact: true }).waitFor();
        await fillTheRest(plain);
        const box = plain.getByLabel(LABEL);
        await box.fill("coffee shop");
        await plain.getByRole("button", { name: "Next", exact: true }).click();
        await plain.getByText("NAICS must be a 6-digit number", { exact: true }).waitFor();
        expect(new URL(plain.url()).pathname).toBe("/signup-business");

        await plain.getByLabel(LABEL).fill("722515");
        await plain.getByRole("button", { name: "Next", exact: true }).click();
        await plain.waitForURL((url) => url.pathname === "/plan-select");
        await plain.goto("/company-profile?tab=business");
        expect(await plain.getByLabel("Industry NAICS").inputValue()).toBe(
          "722515 — Snack and Nonalcoholic Beverage Bars",
        );
      } finally {
        await noScript.close();
      }
    },
  );
});
