import { describe, expect } from "vitest";
import { DEMO_INSIGHTS } from "../../../db/seed/demo";
import { browserTest, expectPath, PHONE, signIn, signInAsDemoClient } from "../support";

const MANAGER_EMAIL = "manager@partwise.test";
const COMPANY = "Harbor & Pine Outfitters";
const REQUEST_ID = DEMO_INSIGHTS.submitted.requestId;

describe("engagement manager console: insight requests", () => {
  browserTest(
    "the manager reviews the demo client's request, edits the draft and publishes it",
    async ({ page, context }) => {
      await signIn(page, MANAGER_EMAIL);
      await expectPath(page, "/manage");
      await page.getByRole("heading", { name: "Insight requests to do", level: 2 }).waitFor();
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Insight requests" }).click();
      await expectPath(page, "/manage/insights");
      await page.getByRole("heading", { name: "Insight requests", level: 1 }).waitFor();
      expect(await page.getByRole("link", { name: "To do", exact: true }).getAttribute("aria-current")).toBe("page");

      const row = page.getByRole("listitem").filter({
        has: page.getByRole("link", {
          name: `Open request from ${COMPANY}: Marketing`,
        }),
      });
      await row.getByText("Unassigned", { exact: true }).waitFor();
      await row.getByText("Paid", { exact: true }).waitFor();
      await row.getByRole("link", { name: `Open request from ${COMPANY}: Marketing` }).click();
      await expectPath(page, `/manage/insights/${REQUEST_ID}`);
      await page.getByRole("heading", { name: COMPANY, level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Business profile" }).waitFor();
      await page.getByRole("heading", { name: "Finance profile" }).waitFor();
      await page.getByRole("heading", { name: "The client's answers" }).waitFor();

      await page.getByRole("button", { name: "Start review" }).click();
      await page
        .getByRole("status")
        .getByText("Review started. The draft report is ready to edit.", {
          exact: true,
        })
        .waitFor();

      const title = page.getByRole("textbox", { name: "Title" });
      const summary = page.getByRole("textbox", { name: "High-level summary" });
      const recommendations = page.getByRole("textbox", {
        name: "Recommendations",
      });
      for (const field of [title, summary, recommendations]) {
        const value = await field.inputValue();
        expect(value.trim().length).toBeGreaterThan(0);
        expect(value).not.toMatch(/TODO|lorem|placeholder|\{/i);
      }

      const newTitle = `Win back summer shoppers with a weekly email rhythm ${Date.now().toString(36)}`;
      await title.fill(newTitle);
      await page.getByRole("button", { name: "Save draft" }).click();
      await page.getByRole("status").getByText("Draft saved.", { exact: true }).waitFor();
      expect(await title.inputValue()).toBe(newTitle);

      // An empty title is refused in the browser with the schema's text.
      await title.fill("");
      await title.blur();
      await page.getByText("Give the report a title.", { exact: true }).waitFor();
      await title.fill(newTitle);

      // Publishing first shows the report as the client will see it; Cancel leaves it unpublished.
      await page.getByRole("button", { name: "Preview and publish" }).click();
      await expectPath(page, `/manage/insights/${REQUEST_ID}/preview`);
      await page.getByRole("heading", { name: newTitle, level: 1 }).waitFor();
      await page
        .getByText(
          `Preview: this is the report exactly as ${COMPANY} will see it. Nothing is published until it is confirmed.`,
          { exact: true },
        )
        .waitFor();
      await page.getByRole("heading", { name: "Publish this report?", level: 2 }).waitFor();
      await page.getByRole("link", { name: "Cancel", exact: true }).click();
      await expectPath(page, `/manage/insights/${REQUEST_ID}`);
      await page.getByRole("heading", { name: COMPANY, level: 1 }).waitFor();
      expect(await title.inputValue()).toBe(newTitle);
      await page.getByText("In review", { exact: true }).first().waitFor();
      expect(await page.getByText("Published", { exact: true }).count()).toBe(0);

      // Preview again, then confirm.
      await page.getByRole("button", { name: "Preview and publish" }).click();
      await expectPath(page, `/manage/insights/${REQUEST_ID}/preview`);
      const previewed = await page.locator(".discovery-report").innerText();
      expect(previewed).toContain("Summary");
      await page.getByRole("button", { name: "Confirm publish" }).click();
      await page
        .getByRole("status")
        .getByText("Report published. The client has been notified.", {
          exact: true,
        })
        .waitFor();
      await page.getByRole("heading", { name: "Published", level: 2 }).waitFor();
      expect(await page.getByRole("button", { name: "Confirm publish" }).count()).toBe(0);
      await page.getByRole("link", { name: "Back to the request" }).click();
      await expectPath(page, `/manage/insights/${REQUEST_ID}`);
      await page.getByText("Published", { exact: true }).first().waitFor();
      await page.getByRole("heading", { name: newTitle, level: 3 }).waitFor();
      expect(await page.getByRole("button", { name: "Preview and publish" }).count()).toBe(0);

      // The client's request is now ready and carries the report.
      await context.clearCookies();
      await signInAsDemoClient(page);
      const answer = await page.evaluate(async (id) => {
        const response = await fetch(`/api/insight/insightRequest/get-insight-request/${id}`);
        return {
          status: response.status,
          body: (await response.json()) as {
            status: string;
            value: string;
            insightReport: string | null;
          },
        };
      }, REQUEST_ID);
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe("ready");
      expect(answer.body.value).toContain("is ready");
      expect(answer.body.insightReport).toBeTruthy();

      // The client reads exactly what the manager previewed.
      await page.goto(`/insight-discovery?type=REPORT&id=${REQUEST_ID}`);
      await page.getByRole("heading", { name: newTitle, level: 1 }).waitFor();
      expect(await page.locator(".discovery-report").innerText()).toBe(previewed);
    },
  );

  browserTest(
    "the insight queue and a published request fit a phone",
    async ({ page }) => {
      await signIn(page, MANAGER_EMAIL);
      await expectPath(page, "/manage");
      await page.goto("/manage/insights?status=ready");
      await page.getByRole("heading", { name: "Insight requests", level: 1 }).waitFor();
      await page.getByRole("link", { name: `Open request from ${COMPANY}: Operations` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      await page.goto(`/manage/insights/${DEMO_INSIGHTS.delivered.requestId}`);
      await page.getByRole("heading", { name: DEMO_INSIGHTS.delivered.title, level: 3 }).waitFor();
      await page.getByText("Published", { exact: true }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    },
    { viewport: PHONE },
  );
});
