import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { PAY_NOW_LABEL } from "~/lib/insights/insight-status";
import { roleCannotText } from "~/lib/business/role-notice";
import { SWITCHER_TEXTS } from "~/lib/business/switch-business";
import { sqlLiteral } from "~db/seed/demo";
import { insertRow, runSql } from "../engagements/d1";
import { browserTest, expectPath, PHONE, signUpNewClient } from "../support";

/**
 * Roles and switching (issue #38 item 1, docs/decisions/068). An outside accountant signs up (their
 * own business, Fore River Provisions) and is a viewer of a bakery (written straight into the
 * server's D1: there is no invitation flow yet). They switch to the bakery with the shell's
 * switcher, find no Pay Now, no Create New Insight and no insight wizard there, no plan button on
 * /plan-select, no Business tab form in Settings and no benchmarking button (docs/decisions/071),
 * each replaced by the line naming their role, and switch back to their own business, where they are the owner. At 375
 * and 1280 px.
 */
const BAKERY = "Birch & Brine Bakery";
const OWN = "Fore River Provisions";

function seedBakeryWithViewer(viewerEmail: string) {
  const key = `e2e-roles-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const now = Date.now();
  const ids = { owner: `${key}-owner`, business: `${key}-biz`, request: `${key}-insight` };
  runSql([
    insertRow("users", {
      id: ids.owner,
      email: `${key}@example.test`,
      first_name: "Bea",
      last_name: "Birch",
      password_hash: "not-a-usable-hash",
      role: "client",
      created_at: now,
      updated_at: now,
    }),
    insertRow("businesses", {
      id: ids.business,
      owner_user_id: ids.owner,
      name: BAKERY,
      client_role: "Owner",
      city: "Bath",
      state: "ME",
      naics: "311811",
      revenue_band: "1-5 million",
      employee_band: "10-25",
      number_of_employees: 14,
      member_since: "2026-01",
      created_at: now,
      updated_at: now,
    }),
    insertRow("business_members", { business_id: ids.business, user_id: ids.owner, role: "owner", created_at: now }),
    // An insight the bakery has not paid for yet: its tile offers Pay Now to who may pay.
    insertRow("insight_requests", {
      id: ids.request,
      business_id: ids.business,
      created_by_user_id: ids.owner,
      category: "finance",
      status: "awaiting_payment",
      payment_complete: 0,
      covered_by_plan: 0,
      created_at: now,
      updated_at: now,
    }),
    `INSERT INTO business_members (business_id, user_id, role, created_at) SELECT ${sqlLiteral(ids.business)}, id, 'viewer', ${now} FROM users WHERE email = ${sqlLiteral(viewerEmail)}`,
  ]);
}

/** On a phone the switcher is in the toolbar behind the Menu button. */
async function openSwitcher(page: Page, phone: boolean) {
  if (phone) await page.getByRole("button", { name: "Menu" }).click();
  return page.getByRole("region", { name: SWITCHER_TEXTS.current });
}

async function switchTo(page: Page, phone: boolean, name: string, role: string) {
  const switcher = await openSwitcher(page, phone);
  await switcher.getByLabel(SWITCHER_TEXTS.label).selectOption({ label: SWITCHER_TEXTS.option(name, role) });
  await switcher.getByRole("button", { name: SWITCHER_TEXTS.button, exact: true }).click();
  await expectPath(page, "/dashboard");
  await expect.poll(() => page.getByTestId("current-business").textContent()).toBe(name);
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [label, viewport] of [
  ["375", PHONE],
  ["1280", { width: 1280, height: 900 }],
] as const) {
  describe(`a viewer of another business, at ${label} px`, () => {
    browserTest(
      "switches to it, finds no pay or request controls but the line naming their role, and switches back",
      async ({ page }) => {
        const phone = viewport.width < 1024;
        const { email } = await signUpNewClient(page, { emailPrefix: "roles" });
        seedBakeryWithViewer(email);
        await page.goto("/dashboard");
        await expect.poll(() => page.getByTestId("current-business").textContent()).toBe(OWN);

        await switchTo(page, phone, BAKERY, "Viewer");
        if (phone) await noHorizontalScroll(page);

        await page.goto("/features?focus=Insights");
        await page.getByRole("heading", { name: "Insights", level: 1 }).waitFor();
        await page.getByText(roleCannotText("viewer", "pay")).first().waitFor();
        expect(await page.getByRole("button", { name: PAY_NOW_LABEL }).count()).toBe(0);
        expect(await page.getByRole("link", { name: "Create New Insight" }).count()).toBe(0);

        await page.goto("/create-insight");
        await page.getByText(roleCannotText("viewer", "requestInsights")).waitFor();
        expect(await page.getByRole("button", { name: /next|continue/i }).count()).toBe(0);

        // The plans, the Business tab and benchmarking: read without their buttons (docs/decisions/071).
        await page.goto("/plan-select");
        await page.getByText(roleCannotText("viewer", "changePlan")).waitFor();
        expect(await page.getByRole("button", { name: "Continue with Basic" }).count()).toBe(0);
        await page.goto("/company-profile?tab=business");
        await page.getByText(roleCannotText("viewer", "changeSettings")).waitFor();
        expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
        await page.goto("/benchmarking");
        await page.getByText(roleCannotText("viewer", "pay")).waitFor();
        expect(await page.getByRole("button", { name: /^(Unlock for|Start Benchmarking)/ }).count()).toBe(0);
        if (phone) await noHorizontalScroll(page);

        await page.goto("/dashboard");
        await switchTo(page, phone, OWN, "Owner");
        await page.goto("/features?focus=Insights");
        await page.getByRole("link", { name: "Create New Insight" }).waitFor();
        expect(await page.getByText(roleCannotText("viewer", "pay")).count()).toBe(0);
      },
      { viewport },
    );
  });
}
