import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { formatDate } from "../../../app/lib/shared/dates";
import { lastCompleteMonth, monthSpan, monthsEndingAt, monthYearLabel } from "../../../app/lib/finance/finance";
import {
  baseURL,
  browserTest,
  connectDemoCompanyAndOpenDashboard,
  DESKTOP,
  keepScreen,
  PHONE,
  signUpNewClient,
} from "../support";

const monthlyCard = (page: Page) => page.locator("#monthly-revenue-card");
const perEmployeeCard = (page: Page) => page.locator("#revenue-per-employee-card");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A browser whose local calendar day differs from the UTC day right now (UTC+14 late in the UTC
 * day, UTC-11 early in it), so a date formatted in local time would differ between the server's
 * HTML and the browser's hydration, and React would report the mismatch as a console error.
 */
const OTHER_DAY_ZONE = new Date().getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";

describe("finance figures on the dashboard", () => {
  browserTest(
    "after connecting the demo company the cards say what they draw, with years; the change is explained; figures agree and survive an unchanged settings save",
    async ({ page, context }) => {
      await signUpNewClient(page, { emailPrefix: "finance-figures" });
      await page.goto("/dashboard");
      await monthlyCard(page).getByRole("link", { name: "Connect Company Data", exact: true }).click();
      await connectDemoCompanyAndOpenDashboard(page);

      // The report was pulled this month: its windows end with last month.
      const last = lastCompleteMonth(new Date());
      const six = monthsEndingAt(last, 6);
      const twelve = monthsEndingAt(last, 12);
      const sixSpan = monthSpan(six[0], last);
      const twelveSpan = monthSpan(twelve[0], last);

      // Monthly card: titled by what it draws and when.
      const title = monthlyCard(page).getByRole("heading", { level: 2 });
      expect(await title.textContent()).toBe(`Monthly Revenue and Net Income, ${sixSpan}`);
      const chart = monthlyCard(page).getByRole("img", {
        name: new RegExp(`^${escape(`Revenue and net income, ${sixSpan}: `)}`),
      });
      await chart.waitFor();
      expect(await chart.evaluate((node) => node.tagName)).toBe("CANVAS");
      const label = (await chart.getAttribute("aria-label")) ?? "";
      for (const month of six) expect(label).toContain(`${monthYearLabel(month)} revenue $`);
      expect(label.match(/-?\$[\d,]+\.\d\d/g)).toHaveLength(12);
      await monthlyCard(page).getByText("Total revenue", { exact: true }).waitFor();
      await monthlyCard(page).getByText("Total net income", { exact: true }).waitFor();
      await monthlyCard(page).getByText("Net income change", { exact: true }).waitFor();
      const explained = new RegExp(
        `^Net income in ${escape(monthYearLabel(last))} was (\\$[\\d,]+\\.\\d\\d (more|less) than|the same as) in ${escape(monthYearLabel(six[4]))}\\.$`,
      );
      await monthlyCard(page).getByText(explained).waitFor();
      const sixTotal = await monthlyCard(page).locator(".finance-facts dd").nth(1).innerText();
      expect(await monthlyCard(page).innerText()).not.toMatch(/Monthly Rev\.|Net income \(6 months\)|Income change/);

      // The 12-month toggle: the title, chart and totals follow it.
      await monthlyCard(page).getByRole("button", { name: "Show 12-month trend", exact: true }).click();
      await monthlyCard(page)
        .getByRole("img", { name: new RegExp(`^${escape(`Revenue and net income, ${twelveSpan}: `)}`) })
        .waitFor();
      expect(await title.textContent()).toBe(`Monthly Revenue and Net Income, ${twelveSpan}`);
      expect(await monthlyCard(page).locator(".finance-facts dd").nth(1).innerText()).not.toBe(sixTotal);
      expect(await monthlyCard(page).getByRole("table").locator("tbody tr").count()).toBe(12);
      await monthlyCard(page).getByRole("button", { name: "Show last 6 months", exact: true }).click();
      await chart.waitFor();

      // Revenue per employee: its months in the title, how it is computed under it.
      const perEmployeeMonths = monthsEndingAt(last, Number(last.slice(5, 7)));
      const perEmployeeSpan = monthSpan(perEmployeeMonths[0], last);
      expect(await perEmployeeCard(page).getByRole("heading", { level: 2 }).textContent()).toBe(
        `Revenue Per Employee, ${perEmployeeSpan}`,
      );
      const amount = await perEmployeeCard(page).locator(".finance-amount").innerText();
      expect(amount).toMatch(/^\$[\d,]+\.\d\d$/);
      const note = `Income for ${perEmployeeSpan} divided by 38 employees. The number of employees comes from Settings → Business.`;
      await perEmployeeCard(page).getByText(note, { exact: true }).waitFor();

      // The value-insight tile shows the same figure (none in January: no year-before to compare).
      const activity = page.getByRole("region", { name: "Activity" });
      await activity
        .getByRole("article", { name: /^Finance insight/ })
        .first()
        .waitFor();
      if (last.slice(5, 7) !== "12") {
        await activity.getByText(`Revenue per employee ${amount} for ${perEmployeeSpan}`, { exact: true }).waitFor();
      }
      // Its date in the one format, the UTC day (this browser's local day is another one).
      const tileDate = activity
        .getByRole("article", { name: /^Finance insight/ })
        .first()
        .locator("time");
      expect(await tileDate.innerText()).toBe(formatDate(new Date()));
      expect(await page.evaluate(() => new Date().getDate())).not.toBe(new Date().getUTCDate());

      await page.setViewportSize({ width: 1280, height: 900 });
      await chart.waitFor();
      await keepScreen(page, "finance-figures-dashboard");
      await page.setViewportSize(PHONE);
      await chart.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await keepScreen(page, "finance-figures-dashboard");
      await page.setViewportSize(DESKTOP);

      // Without JavaScript the chart's data is a table, not a grey box, and no dead toggle.
      const noScript = await context.browser()!.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
      try {
        await noScript.addCookies(await context.cookies());
        const plain = await noScript.newPage();
        await plain.goto("/dashboard");
        const table = monthlyCard(plain).getByRole("table", { name: `Revenue and net income, ${sixSpan}` });
        expect(await table.isVisible()).toBe(true);
        expect(await table.locator("tbody tr").count()).toBe(6);
        expect(await table.locator("thead th").allInnerTexts()).toEqual(["Month", "Revenue", "Net income"]);
        expect((await table.locator("tbody th").allInnerTexts()).map((text) => text.trim())).toEqual(
          six.map(monthYearLabel),
        );
        expect(await monthlyCard(plain).locator(".chart-skeleton, canvas").count()).toBe(0);
        expect(await monthlyCard(plain).getByRole("button").count()).toBe(0);
        await keepScreen(plain, "finance-figures-no-js");
        await plain.setViewportSize({ width: 1280, height: 900 });
        await keepScreen(plain, "finance-figures-no-js");
      } finally {
        await noScript.close();
      }

      // Saving Settings → Business unchanged changes neither the headcount nor the figure.
      await page.goto("/company-profile?tab=business");
      expect(await page.getByLabel("Number of Employees").inputValue()).toBe("25-50");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Your information was updated!", { exact: true }).waitFor();
      await page.goto("/dashboard");
      expect(await perEmployeeCard(page).locator(".finance-amount").innerText()).toBe(amount);
      await perEmployeeCard(page).getByText(note, { exact: true }).waitFor();
    },
    { viewport: DESKTOP, timezoneId: OTHER_DAY_ZONE },
  );
});
