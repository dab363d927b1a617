import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { formatMonth } from "../../../app/lib/benchmarking/report-display";
import { lastCompleteMonth, monthSpan, monthsEndingAt } from "../../../app/lib/finance/finance";
import { formatDollars } from "../../../app/lib/shared/numbers";
import { sqlLiteral } from "../../../db/seed/demo";
import { runSql } from "../engagements/d1";
import {
  atEachWidth,
  browserTest,
  connectDemoCompany,
  connectDemoCompanyAndOpenDashboard,
  DESKTOP,
  expectPath,
  keepScreen,
  PHONE,
  signInAsDemoClient,
  signUpNewClient,
  verifyEmailFromOutbox,
} from "../support";

/** Brand-new businesses (Fore River Provisions: NAICS 459110, 25-50 employees, $5-10 million). */
const NEW_CLIENT = { emailPrefix: "benchmarking" };
const LAPTOP = { width: 1280, height: 900 };
const YEAR = new Date().getUTCFullYear();

const PEER_GROUP = "Retail trade (NAICS 44-45), firms with 20 to 49 employees, 2017";
const PEER_NOTE =
  "NAICS 459110 (Sporting Goods Retailers) is new in the 2022 NAICS revision, so the 2017 figures under the same digits may describe different firms; the nearest level that means the same industry and has published figures is Retail trade (NAICS 44-45) (the levels in between changed in 2022 or have no published figures).";
const DOLLARS_NOTE =
  "Peer dollars are in 2024 dollars, restated from 2017 with the CPI-U; the published figure is shown beside each.";
const SOURCE = "U.S. Census Bureau, Annual Business Survey (ABS), Company Summary (2017)";

/** A dollar amount without cents ("$186,822"). */
const WHOLE_DOLLARS = /\$[\d,]+(?![\d,.])/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const measure = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

/** Every figure and gap of the report on one line: none wraps inside its card. */
async function expectFiguresOnOneLine(page: Page) {
  const wrapped = await page
    .locator(".bench-value")
    .evaluateAll((nodes) =>
      nodes
        .filter((node) => node.getBoundingClientRect().height > parseFloat(getComputedStyle(node).lineHeight) * 1.5)
        .map((node) => node.textContent),
    );
  expect(wrapped).toEqual([]);
}

/** The dashboard's Benchmarking card → its /features tab → Open Benchmarking. */
async function openFromDashboard(page: Page, status: string) {
  await page.goto("/dashboard");
  const card = region(page, "Benchmarking");
  await card.getByText(status, { exact: true }).waitFor();
  await card.getByRole("link", { name: "Benchmarking", exact: true }).click();
  await expectPath(page, "/features?focus=Benchmarking");
  await page.getByRole("heading", { name: "Benchmarking", level: 1 }).waitFor();
  await page.getByText(status, { exact: true }).waitFor();
  await page.getByRole("link", { name: "Open Benchmarking", exact: true }).click();
  await expectPath(page, "/benchmarking");
  await page.getByRole("heading", { name: "Benchmarking", level: 1 }).waitFor();
}

/** The activated screen: the peer group named with its note, the dollars note, the sources. */
async function expectReport(page: Page, basisNote: string | RegExp) {
  const peers = region(page, "Your peer group");
  await peers.waitFor({ timeout: 40_000 });
  await peers.getByText(PEER_GROUP, { exact: true }).waitFor();
  await peers.getByText(PEER_NOTE, { exact: true }).waitFor();
  await peers.getByText(basisNote, typeof basisNote === "string" ? { exact: true } : {}).waitFor();
  await peers.getByText(DOLLARS_NOTE, { exact: true }).waitFor();
  await region(page, "Sources").getByText(SOURCE, { exact: true }).waitFor();
  expect(await region(page, "What stands out").getByRole("listitem").count()).toBe(3);
  for (const name of [
    "Revenue",
    "Employees",
    "Revenue per employee",
    "Payroll per employee",
    "Payroll as a share of revenue",
    "Net margin",
  ]) {
    await measure(page, name).waitFor();
  }
  await measure(page, "Net margin")
    .getByText("Census publishes no profit figures, so there is no peer figure for net margin.", { exact: true })
    .waitFor();
  // The lazily loaded chart.js bars, described for screen readers.
  await measure(page, "Revenue per employee")
    .getByRole("img", {
      name: /^Revenue per employee: your company \$[\d,]+\.\d\d, average of peer firms \$407,587\.00\.$/,
    })
    .waitFor();
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

// Each flow runs once, at one width, and its screens are checked at the other too (atEachWidth):
// the phone flows open the navigation's menu, the laptop ones use the full navigation.
describe("benchmarking", () => {
  browserTest(
    "the demo business has this year's report, from its books, one click from the navigation (on a phone; the report also at 1280 and 1440 px); its own figures read as on its dashboard, to the cent",
    async ({ page }) => {
      await signInAsDemoClient(page);
      // The dashboard's twelve complete months: the months and the revenue the report compares.
      const twelve = monthsEndingAt(lastCompleteMonth(new Date()), 12);
      const span = monthSpan(twelve[0], twelve[11]);
      const monthly = page.locator("#monthly-revenue-card");
      // The chart is drawn once the page is hydrated: the toggle works from then on.
      await monthly.getByRole("img", { name: /^Revenue and net income, / }).waitFor();
      await monthly.getByRole("button", { name: "Show 12-month trend", exact: true }).click();
      await expect
        .poll(() => monthly.getByRole("heading", { level: 2 }).textContent())
        .toBe(`Monthly Revenue and Net Income, ${span}`);
      const total = await monthly
        .locator(".finance-facts > div", { hasText: "Total revenue" })
        .locator("dd")
        .innerText();
      expect(total).toMatch(/^\$[\d,]+\.\d\d$/);

      const menu = page.getByRole("button", { name: "Menu", exact: true });
      if (await menu.isVisible()) await menu.click();
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Benchmarking", exact: true })
        .click();
      await expectPath(page, "/features?focus=Benchmarking");
      await page.getByText("Your benchmarking report is ready.", { exact: true }).waitFor();
      await page.getByText(`Compared with ${PEER_GROUP}.`, { exact: true }).waitFor();
      await page.getByRole("link", { name: "Open Benchmarking", exact: true }).click();
      await expectPath(page, "/benchmarking");
      await expectReport(
        page,
        `Your figures come from your books, the twelve months through ${formatMonth(twelve[11])}.`,
      );

      // One money format (ADR 052): the revenue is the dashboard's twelve-month total, to the cent,
      // and revenue per employee is that total divided by the employees, with its cents.
      const yours = (name: string) => measure(page, name).locator(".bench-figures > div").first();
      const revenue = yours("Revenue");
      await revenue.getByText(`Income for ${span}, from your books.`, { exact: true }).waitFor();
      expect(await revenue.locator(".bench-value").innerText()).toBe(total);
      const employees = Number(await yours("Employees").locator(".bench-value").innerText());
      const income = Number(total.replace(/[$,]/g, ""));
      const perEmployee = formatDollars(Math.round((income / employees) * 100) / 100);
      expect(await yours("Revenue per employee").locator(".bench-value").innerText()).toBe(perEmployee);
      await measure(page, "Revenue per employee")
        .getByRole("img", { name: new RegExp(`^Revenue per employee: your company ${escape(perEmployee)}, `) })
        .waitFor();
      const readings = await region(page, "What stands out").getByRole("listitem").allTextContents();
      for (const reading of readings) expect(reading).not.toMatch(WHOLE_DOLLARS);
      expect(await page.locator(".bench-report").innerText()).not.toMatch(WHOLE_DOLLARS);
      // With cents, every figure and gap keeps to one line, on the phone, at 1280 px and at 1440 px.
      await atEachWidth(page, [PHONE, LAPTOP, DESKTOP], async () => {
        await expectFiguresOnOneLine(page);
        await keepScreen(page, "benchmarking-demo");
      });
    },
    { viewport: PHONE },
  );

  browserTest(
    "BASIC at 1280 px: a new business connects the demo company, buys the year and reads its report (also on a phone)",
    async ({ page }) => {
      const { email } = await signUpNewClient(page, NEW_CLIENT);
      await verifyEmailFromOutbox(page, email);
      await openFromDashboard(page, "Compare your company with businesses of your industry and size.");

      await region(page, "What benchmarking shows")
        .getByText(
          "See how your company compares with businesses like yours: the same industry and a similar number of employees.",
          { exact: true },
        )
        .waitFor();
      const access = region(page, "Unlock benchmarking");
      await access.getByText(`One payment of $299.00 unlocks benchmarking for ${YEAR}.`, { exact: true }).waitFor();

      // Connect Company Data: the usual connect flow, back to /benchmarking.
      await region(page, "Connect your company data")
        .getByRole("link", { name: "Connect Company Data", exact: true })
        .click();
      await connectDemoCompany(page);
      await page.waitForURL((url) => url.pathname === "/quickbook-status" && url.searchParams.has("job"));
      expect(new URL(page.url()).searchParams.get("returnPage")).toBe("BENCHMARKING");
      await page
        .getByRole("heading", { name: "Your Finance Profile is Complete!", level: 1 })
        .waitFor({ timeout: 40_000 });
      await page.getByRole("link", { name: "Back", exact: true }).click();
      await expectPath(page, "/benchmarking");
      await page.getByText("Your company data is connected.", { exact: true }).waitFor();

      // Buy the year in the test checkout; the success page runs the update, then the creation.
      await access.getByRole("button", { name: "Unlock for $299.00", exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expectPath(page, "/benchmarking-payment-success");
      await page.getByRole("heading", { name: "Congratulations!", level: 1 }).waitFor();
      await page.getByText("You've unlocked Partwise Benchmarking!", { exact: true }).waitFor();
      await page.getByRole("link", { name: "View Benchmarking", exact: true }).click();
      await expectPath(page, "/benchmarking");

      await expectReport(page, /^Your figures come from your books, the twelve months through [A-Z][a-z]+ \d{4}\.$/);
      await measure(page, "Payroll per employee")
        .getByRole("img", {
          name: /^Payroll per employee: your company \$[\d,]+\.\d\d, average of peer firms \$42,018\.00\.$/,
        })
        .waitFor();

      await atEachWidth(page, [PHONE], () =>
        expectReport(page, /^Your figures come from your books, the twelve months through [A-Z][a-z]+ \d{4}\.$/),
      );

      await openFromDashboard(page, "Your benchmarking report is ready.");
      await region(page, "Your peer group").waitFor();
    },
    { viewport: LAPTOP, timeout: 120_000 },
  );

  browserTest(
    '"< 5 Million" on a phone: books that disagree with the band are said on the dashboard and the report (also at 1280 px), with the months, and the band follows the books once confirmed',
    async ({ page }) => {
      await signUpNewClient(page, { emailPrefix: "bands", business: { revenue: "< 5 million" } });
      // The free trial includes benchmarking (ADR 050).
      await page.goto("/plan-select");
      await page.getByRole("button", { name: "Try a 7-Day Free Trial!", exact: true }).click();
      await expectPath(page, "/profile-progress");
      await page.goto("/dashboard");
      await page
        .locator("#monthly-revenue-card")
        .getByRole("link", { name: "Connect Company Data", exact: true })
        .click();
      await connectDemoCompanyAndOpenDashboard(page);

      const statement =
        /^Your books show \$[\d,]+\.\d{2} of income for [A-Z][a-z]+ \d{4} to [A-Z][a-z]+ \d{4}, in the "5-10 Million" band, but the revenue band you chose is "< 5 Million"\.$/;
      const disagree = "Your books and your revenue band disagree";
      await region(page, disagree).getByText(statement).waitFor();
      await atEachWidth(page, [PHONE, LAPTOP], () =>
        region(page, disagree).getByRole("link", { name: "Update my revenue band", exact: true }).waitFor(),
      );

      await page.goto("/benchmarking");
      await region(page, "Included in your plan")
        .getByRole("button", { name: "Start Benchmarking", exact: true })
        .click();
      await region(page, "Your peer group").waitFor({ timeout: 40_000 });
      const report = region(page, disagree);
      await report.getByText(statement).waitFor();
      await report
        .getByText(
          "Your figures below come from your books; your number of employees (38) comes from Settings → Business. A very large gap may come from either: check them before reading it.",
          { exact: true },
        )
        .waitFor();
      // Every revenue per employee names its months.
      const months = /[A-Z][a-z]+ \d{4} to [A-Z][a-z]+ \d{4}/;
      await measure(page, "Revenue per employee")
        .getByText(new RegExp(`^Income for ${months.source} divided by 38 employees\\.$`))
        .waitFor();
      const readings = await region(page, "What stands out").getByRole("listitem").allTextContents();
      const perEmployee = readings.find((reading) => reading.startsWith("Your revenue per employee"));
      expect(perEmployee).toMatch(
        new RegExp(`^Your revenue per employee for ${months.source} \\(\\$[\\d,]+\\.\\d\\d\\) is `),
      );
      await atEachWidth(page, [PHONE, LAPTOP], () => report.getByText(statement).waitFor());

      // The update, asked twice, through the settings' Business tab.
      await report.getByRole("link", { name: "Update my revenue band", exact: true }).click();
      await expectPath(page, "/company-profile?tab=business&confirm=revenue-band");
      const settings = region(page, disagree);
      await settings
        .getByText('Change your revenue band from "< 5 Million" to "5-10 Million", the band your books show?', {
          exact: true,
        })
        .waitFor();
      await settings.getByRole("button", { name: "Yes, update my revenue band", exact: true }).click();
      await page
        .getByRole("status")
        .getByText('Your revenue band is now "5-10 Million", from your books.', { exact: true })
        .waitFor();
      await expect.poll(() => page.getByLabel("Revenue", { exact: true }).inputValue()).toBe("5-10 Million");
      expect(await settings.getByText(statement).count()).toBe(0);
      await page.goto("/dashboard");
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      expect(await region(page, disagree).count()).toBe(0);
    },
    { viewport: PHONE, timeout: 150_000 },
  );

  browserTest(
    "SCALE at 1280 px: the plan includes the year, Start Benchmarking builds the report from the sign-up bands; stored with the whole-dollar texts of before, it reads the same (also on a phone)",
    async ({ page }) => {
      const { email } = await signUpNewClient(page, NEW_CLIENT);
      await verifyEmailFromOutbox(page, email);
      await page.goto("/plan-select");
      await page
        .getByRole("article", { name: "SCALE", exact: true })
        .getByRole("button", { name: "Try for Free", exact: true })
        .click();
      await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expectPath(page, "/paymentStatus");
      await page.getByText("You've updated your subscription plan!", { exact: true }).waitFor();

      await page.goto("/benchmarking");
      const access = region(page, "Included in your plan");
      await access
        .getByText(`Your SCALE plan includes benchmarking for ${YEAR}, at no extra charge.`, { exact: true })
        .waitFor();
      expect(await page.getByRole("button", { name: "Unlock for $299.00" }).count()).toBe(0);
      await access.getByRole("button", { name: "Start Benchmarking", exact: true }).click();

      await expectReport(page, "Your figures come from the bands you gave at sign-up.");
      const expectStatedTexts = async () => {
        const readings = await region(page, "What stands out").getByRole("listitem").allTextContents();
        expect(readings).toEqual([
          "You have 38 employees, 54.2% more than the average peer firm (24.7).",
          "Your revenue per employee ($197,368.42, from the bands you gave at sign-up) is 51.6% lower than the average of peer firms ($407,587.00), $210,218.58 less per employee.",
          "Your revenue ($7,500,000.00, from the bands you gave at sign-up) is 22.6% lower than the average of peer firms ($9,695,893.00), $2,195,893.00 less.",
        ]);
        await measure(page, "Revenue").getByText("-22.6% (-$2,195,893.00)", { exact: true }).waitFor();
        await measure(page, "Revenue")
          .getByText(
            'From the bands you gave at sign-up: revenue band "5-10 Million", taken as its midpoint, $7,500,000.00.',
            { exact: true },
          )
          .waitFor();
        await measure(page, "Revenue per employee")
          .getByText("From the bands you gave at sign-up: $7,500,000.00 divided by 38 employees.", { exact: true })
          .waitFor();
        await measure(page, "Revenue per employee").getByText("-51.6% (-$210,218.58)", { exact: true }).waitFor();
        expect(await page.locator(".bench-report").innerText()).not.toMatch(WHOLE_DOLLARS);
      };
      await expectStatedTexts();

      // The same report as the code before cents (ADR 052) stored it: whole-dollar readings,
      // notes and gaps, no payroll total. It reads exactly as built today (ADR 060).
      runSql([
        `UPDATE benchmark_reports SET data = json_remove(json_set(data, '$.readings', json(${sqlLiteral(
          JSON.stringify([
            "You have 38 employees, 54.2% more than the average peer firm (24.7).",
            "Your revenue per employee ($197,368, from the bands you gave at sign-up) is 51.6% lower than the average of peer firms ($407,587), $210,219 less per employee.",
            "Your revenue ($7,500,000, from the bands you gave at sign-up) is 22.6% lower than the average of peer firms ($9,695,893), $2,195,893 less.",
          ]),
        )}), '$.measures[0].businessNote', ${sqlLiteral(
          "From the bands you gave at sign-up: revenue $5 to $10 million, taken as its midpoint, $7,500,000.",
        )}, '$.measures[0].gapAmount', -2195893, '$.measures[2].businessNote', ${sqlLiteral(
          "From the bands you gave at sign-up: $7,500,000 divided by 38 employees.",
        )}, '$.measures[2].gapAmount', -210219), '$.payroll') WHERE business_id = (SELECT businesses.id FROM businesses JOIN users ON users.id = businesses.owner_user_id WHERE users.email = ${sqlLiteral(email)})`,
      ]);
      await page.reload();
      await region(page, "Your peer group").waitFor();
      await atEachWidth(page, [LAPTOP, PHONE], async () => {
        await expectStatedTexts();
        await keepScreen(page, "benchmarking-stored-before-cents");
      });
      await measure(page, "Revenue")
        .getByText("Larger than at least 62% of retail trade firms by revenue", { exact: true })
        .waitFor();
      await measure(page, "Payroll per employee")
        .getByText("Needs your books: connect your company data.", { exact: true })
        .waitFor();
      await region(page, "Your peer group").getByRole("link", { name: "Connect Company Data", exact: true }).waitFor();
    },
    { viewport: LAPTOP, timeout: 90_000 },
  );
});
