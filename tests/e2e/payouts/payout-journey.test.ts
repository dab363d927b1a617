import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import {
  DELIVERY_CONFIRMED,
  ITEM_DECISION_LABEL_LAST,
  ITEM_REVIEW_SENT,
  OUTLINE_REVIEW_SENT,
  PLAN_APPROVED,
  PLAN_SUBMITTED,
} from "../../../app/lib/engagements/engagement-copy";
import { TRANSFER_STATUS_LABELS } from "../../../app/lib/payouts/transfer-copy";
import { browserTest, expectPath, NEW_CLIENT_PASSWORD, signIn, signUpNewClient } from "../support";
import { fillItem, MANAGER, matchWithConsultant, requestMatch, signOut, type PlanItem } from "../engagements/steps";

/**
 * Issue #18 end to end in the local mode, as the three people live it: a new business is matched
 * with Elena Vasquez (consultant2, HR; the demo leaves her payouts unset and no other browser test
 * sets them up), who drafts a one-deliverable plan; the manager approves it; the business signs,
 * prepays $1,250.00 in the test checkout and, once she delivers, accepts it. Her share ($1,000.00,
 * the price less the 20 % platform fee) is held, because she has no payout account yet; she sets
 * up payouts through the local test onboarding, and the held transfer is sent: the manager's
 * money view shows it transferred, once.
 */

const CONSULTANT = { name: "Elena Vasquez", email: "consultant2@partwise.test" };
const AREA = "HR";
const TITLE = "Hiring playbook for seasonal staff";
const ITEM: PlanItem = {
  title: "Seasonal hiring playbook",
  description: "Job posts, an interview guide and a two-day onboarding for the summer crew.",
  date: "2027-04-01",
  price: "1,250",
};

/** The manager's money view of the engagement: the deliverable's status badge and its figures. */
async function managerMoney(page: Page, company: string) {
  await signIn(page, MANAGER);
  await expectPath(page, "/manage");
  await page.goto("/manage/engagements");
  await page.getByRole("link", { name: `Open engagement with ${company}: ${TITLE}` }).click();
  await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
  await page.getByRole("heading", { name: "Money", level: 2 }).waitFor();
  return page.getByRole("list", { name: "Money by deliverable" }).getByRole("listitem").filter({ hasText: ITEM.title });
}

describe("from onboarding to a paid approval", () => {
  browserTest(
    "an approved deliverable's transfer is held until the consultant sets up payouts, then paid once",
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const company = `Birch Lane Bakery ${Date.now().toString(36)}`;
      const { email } = await signUpNewClient(page, {
        emailPrefix: "payouts",
        business: { name: company },
        verifyEmail: true,
      });
      await requestMatch(page, {
        area: AREA,
        type: "Fractional",
        need: "We hire twenty people every summer and lose a third of them in the first month.",
      });
      await signOut(page);
      await matchWithConsultant(page, { company, email, area: AREA, consultant: CONSULTANT });

      // The consultant drafts a one-deliverable plan and sends it; the manager approves it.
      await signIn(page, CONSULTANT.email);
      await expectPath(page, "/consultant");
      await page.goto("/consultant/engagements");
      await page.getByRole("link", { name: `Draft the plan for ${company}` }).click();
      await page.getByRole("button", { name: "Start the plan", exact: true }).click();
      await page.getByRole("heading", { name: "Edit the plan", level: 2 }).waitFor();
      // Billed by deliverables, not as the fractional match's default monthly retainer (docs/decisions/082).
      await page.getByRole("radio", { name: "Deliverables", exact: true }).check();
      await page.getByLabel("Plan title", { exact: true }).fill(TITLE);
      await page
        .getByLabel("Overview", { exact: true })
        .fill("One playbook the store managers follow for every seasonal hire.");
      await page.getByRole("button", { name: "Add a deliverable", exact: true }).click();
      await fillItem(page, 1, ITEM);
      await page.getByRole("button", { name: "Send for review", exact: true }).click();
      await page.getByRole("status").getByText(PLAN_SUBMITTED, { exact: true }).waitFor();
      await signOut(page);

      await signIn(page, MANAGER);
      await expectPath(page, "/manage");
      await page.goto("/manage/engagements");
      await page.getByRole("link", { name: `Open engagement with ${company}: ${TITLE}` }).click();
      await page.getByRole("button", { name: "Approve plan", exact: true }).click();
      await page.getByRole("status").getByText(PLAN_APPROVED, { exact: true }).waitFor();
      await signOut(page);

      // The business signs the plan and prepays the deliverable in the test checkout.
      await signIn(page, email, NEW_CLIENT_PASSWORD);
      await expectPath(page, "/dashboard");
      await page.goto("/features?focus=Engagements");
      await page.getByRole("link", { name: TITLE, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.has("engagementId"));
      const outlineId = new URL(page.url()).searchParams.get("engagementId")!;
      await page.getByRole("button", { name: "Accept", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Review the engagement plan: Accept" });
      await dialog.getByRole("checkbox").check();
      await dialog.getByLabel("First name").fill("Noor");
      await dialog.getByLabel("Last name").fill("Haddad");
      await dialog.getByLabel("Signature date").fill(new Date().toISOString().slice(0, 10));
      await dialog.getByRole("button", { name: "Sign and accept" }).click();
      await page.getByText(OUTLINE_REVIEW_SENT, { exact: true }).waitFor();
      await page.getByRole("button", { name: `Prepay ${ITEM.title} ($1,250.00)` }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expectPath(page, "/delivery-item-payment-success");
      await signOut(page);

      // The consultant delivers.
      await signIn(page, CONSULTANT.email);
      await expectPath(page, "/consultant");
      await page.goto(`/consultant/engagements/${outlineId}`);
      await page.getByRole("link", { name: `Confirm delivery: ${ITEM.title}` }).click();
      await page
        .getByLabel("Summary of work", { exact: true })
        .fill("The playbook, the interview guide and the onboarding plan.");
      await page.getByRole("button", { name: "Confirm delivery" }).click();
      await page.getByText(DELIVERY_CONFIRMED, { exact: true }).waitFor();
      await signOut(page);

      // The business accepts it: the engagement is complete.
      await signIn(page, email, NEW_CLIENT_PASSWORD);
      await expectPath(page, "/dashboard");
      await page.goto(`/engagement-portal?engagementId=${outlineId}`);
      const current = page.locator(".deliverable-current");
      await current.locator("summary", { hasText: "Review" }).click();
      await current.getByRole("radio", { name: ITEM_DECISION_LABEL_LAST, exact: true }).check();
      await current.getByRole("button", { name: "Confirm", exact: true }).click();
      await page.getByText(ITEM_REVIEW_SENT.complete, { exact: true }).waitFor();
      await signOut(page);

      // Her share is held: she has no payout account yet.
      let money = await managerMoney(page, company);
      expect(await money.locator(".payout-money-title .badge").textContent()).toBe(TRANSFER_STATUS_LABELS.held);
      await money.getByText("$1,250.00", { exact: true }).first().waitFor();
      await money.getByText("$250.00", { exact: true }).first().waitFor();
      await signOut(page);

      // She sets up payouts in the local test onboarding.
      await signIn(page, CONSULTANT.email);
      await expectPath(page, "/consultant");
      await page.goto("/consultant/payouts");
      await page.getByText("Not set up", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Set up payouts", exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/test-onboarding/acct_local_"));
      await page.getByRole("button", { name: "Submit details", exact: true }).click();
      await expectPath(page, "/consultant/payouts");
      await page.getByText("Payouts enabled", { exact: true }).waitFor();
      await signOut(page);

      // The held transfer was sent once: the manager sees it transferred.
      money = await managerMoney(page, company);
      expect(await money.locator(".payout-money-title .badge").textContent()).toBe(TRANSFER_STATUS_LABELS.paid);
      await money.getByText("$1,000.00", { exact: true }).first().waitFor();
      expect(await page.getByText(TRANSFER_STATUS_LABELS.held, { exact: true }).count()).toBe(0);
    },
    { timeout: 240_000 },
  );
});
