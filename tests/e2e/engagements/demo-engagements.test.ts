import { describe, expect } from "vitest";
import { browserTest, expectPath, PHONE, signIn, signInAsDemoClient } from "../support";

/**
 * The demo's engagements (scripts/lib/demo-engagements.mjs plays them over HTTP before the tests
 * start, as `npm start` does): demo@partwise.test has a plan to sign, an engagement with a
 * delivered item to review and a completed one with its results; consultant2 has a plan to
 * draft; the manager sees the three in the console. Nothing here decides, signs or pays, so the
 * states stay for the other tests.
 */

const COMPANY = "Harbor & Pine Outfitters";

describe("demo engagements", () => {
  browserTest(
    "the demo business has a plan to sign, a delivery to review after one accepted, and a completed engagement",
    async ({ page }) => {
      await signInAsDemoClient(page);
      await page.goto("/features?focus=Engagements");
      const toggle = page.getByRole("group", { name: "Engagements" });

      // The plan waiting for her signature.
      await page.getByRole("link", { name: "One way to run a store", exact: true }).click();
      await page.getByRole("heading", { name: "One way to run a store", level: 2 }).waitFor();
      await page.getByText("Approved (awaiting customer decision)", { exact: true }).first().waitFor();
      await page.getByRole("button", { name: "Accept", exact: true }).first().waitFor();

      // The active engagement: the first item settled after a dispute (its file kept), the second
      // delivered with a summary and a file, waiting for her review.
      await page.goto("/features?focus=Engagements");
      await page.getByRole("link", { name: "Wholesale growth plan", exact: true }).click();
      await page.getByRole("heading", { name: "Wholesale growth plan", level: 2 }).waitFor();
      const todo = page.getByRole("list", { name: "Deliverables to do" });
      await todo.getByText("Delivered: awaiting your review", { exact: true }).waitFor();
      await page.getByText("wholesale-price-list.csv", { exact: false }).first().waitFor();
      await page.getByRole("heading", { name: "Completed Items" }).waitFor();
      await page.getByText("wholesale-accounts.csv", { exact: false }).first().waitFor();
      // The first one was disputed after a revision and settled with a split (docs/decisions/079).
      const done = page.getByRole("list", { name: "Completed Items" });
      await done.getByText("Dispute settled", { exact: true }).waitFor();
      await done
        .getByText(
          /^Dispute settled on .+: you are refunded \$450\.00 of the \$1,500\.00 you paid; the rest pays the consultant and the platform fee\.$/,
        )
        .waitFor();

      // The completed one: every item approved, the signed statement and the before/after results.
      await page.goto("/features?focus=Engagements");
      await toggle.getByRole("button", { name: "Completed Engagements" }).click();
      await page.getByRole("link", { name: "Store leadership rhythm", exact: true }).click();
      await page.getByRole("heading", { name: "Store leadership rhythm", level: 2 }).waitFor();
      await page.getByText("This engagement is complete.", { exact: true }).waitFor();
      await page.getByRole("heading", { name: "Signed statements of work" }).waitFor();
      await page.getByRole("rowheader", { name: "Average monthly revenue", exact: true }).waitFor();
      await page.getByRole("rowheader", { name: "Net margin", exact: true }).waitFor();
      expect(await page.getByText(/since the start/).count()).toBeGreaterThan(0);
    },
  );

  browserTest(
    "consultant2 has the demo business's plan to draft",
    async ({ page }) => {
      await signIn(page, "consultant2@partwise.test");
      await expectPath(page, "/consultant");
      // The home lists it; its link opens the drafting page.
      const toDraft = page.getByRole("list", { name: "Plans to draft" });
      await toDraft.getByRole("link", { name: `${COMPANY}, HR`, exact: true }).click();
      await page.waitForURL(/\/consultant\/engagements\/new\?matchId=/);
      await page.goto("/consultant/engagements");
      await page.getByRole("heading", { name: "Plans to draft" }).waitFor();
      await page.getByText(COMPANY, { exact: true }).first().waitFor();
      await page
        .getByRole("link", { name: /^Draft the plan/ })
        .first()
        .waitFor();
    },
    { viewport: PHONE },
  );

  browserTest("the manager sees the demo engagements in the console", async ({ page }) => {
    await signIn(page, "manager@partwise.test");
    await expectPath(page, "/manage");
    await page.goto("/manage/engagements");
    for (const plan of ["One way to run a store", "Wholesale growth plan", "Store leadership rhythm"]) {
      await page.getByText(plan, { exact: true }).first().waitFor();
    }
    for (const consultant of ["Thomas Becker", "Daniel Brennan", "Grace Liu"]) {
      await page.getByText(consultant, { exact: true }).first().waitFor();
    }
  });
});
