import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import {
  DELIVERY_AWAITING_REVIEW,
  DELIVERY_CONGRATULATIONS,
  DELIVERY_CONFIRMED,
  DELIVERY_REVISION_NOTES_HEADING,
  DOWNLOAD_SOW_LABEL,
  ENGAGEMENT_COMPLETE_TEXT,
  ITEM_DECISION_LABEL_LAST,
  ITEM_DECISION_LABELS,
  ITEM_IN_REVISION,
  ITEM_ACCEPTED,
  ITEM_REVIEW_SENT,
  ITEM_STATUS_LABELS,
  NO_ACTIVE_ENGAGEMENTS,
  NOTICE_ITEM_DELIVERED,
  NOTICE_ITEM_PAID,
  OUTLINE_REVIEW_SENT,
  PLAN_APPROVED,
  PLAN_APPROVED_BUSINESS_NOTICE,
  PLAN_SIGNED_TITLE,
  PLAN_SUBMITTED,
  PLAN_SUBMITTED_NOTICE,
  RATE_CONSULTANT_THANKS,
  ratingText,
  YOUR_RATING,
  SIGNED_STATEMENTS_HEADING,
  VIEW_PROJECT_PLAN,
} from "../../../app/lib/engagements/engagement-copy";
import { CONGRATULATIONS, CONGRATULATIONS_TITLE } from "../../../app/lib/payments/payment-copy";
import {
  CARD_CHARGED_MESSAGE,
  CARD_ON_FILE_LINE,
  CARD_WILL_BE_SAVED,
  CHANGE_CARD_LABEL,
} from "../../../app/lib/payments/card-on-file-copy";
import { formatDate } from "../../../app/lib/shared/dates";
import { browserTest, expectPath, keepScreen, NEW_CLIENT_PASSWORD, PHONE, signIn, signUpNewClient } from "../support";
import {
  fillItem,
  MANAGER,
  matchWithConsultant,
  noSideScroll,
  openEngagement,
  requestMatch,
  signOut,
  type PlanItem,
} from "./steps";

/**
 * Issue #14's whole engagement as the three people live it, through the screens only: a new
 * business is matched with Thomas Becker (consultant4, Management; no other browser test uses
 * him); he drafts a plan of two deliverables and sends it; the engagement manager approves it;
 * the business (on a phone) reads and signs it and downloads the signed statement's PDF, which
 * the consultant and the manager see too; the business prepays the first deliverable in the test
 * checkout; the consultant delivers; the business asks for a revision; the consultant delivers
 * again; the business accepts and prepays the second; the consultant delivers it; the business
 * accepts, the engagement is complete, and the business rates the consultant. The emails of the
 * steps that ask someone to act reach the right person (the local outbox). Issue #36 on the way:
 * the file delivered again is listed under each delivery; the finished match asks for nothing.
 */

const CONSULTANT = { name: "Thomas Becker", email: "consultant4@partwise.test" };
const AREA = "Management";
const WIDE = { width: 1280, height: 900 };

const TITLE = "Store managers' weekly rhythm";
const FIRST: PlanItem = {
  title: "Weekly review routine",
  description: "One weekly review with the store managers: figures, decisions, owners.",
  date: "2027-03-15",
  price: "2,000",
};
const SECOND: PlanItem = {
  title: "Manager handbook",
  description: "The routine written down so a new store manager can run it from week one.",
  date: "2027-04-15",
  price: "1,500",
};

/** Nothing in these boxes is wider than the box itself (content cut off at a card's edge). */
async function fitsItsBox(page: Page, selector: string) {
  const overflowing = await page
    .locator(selector)
    .evaluateAll((boxes) => boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.className));
  expect(overflowing).toEqual([]);
}

/** Full-page screenshots of the page as it is, at 375 and 1280 px, then back to the test's width. */
async function screenshots(page: Page, name: string) {
  const size = page.viewportSize() ?? WIDE;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await keepScreen(page, `engagement-${name}`);
    await noSideScroll(page);
    await fitsItsBox(page, ".plan-document, .engagement-panel, .engagement-tabs, .card");
  }
  await page.setViewportSize(size);
}

/** Waits until the local outbox holds an email to `to` with this subject whose text contains `text`. */
async function expectEmail(page: Page, to: string, subject: string, text: string) {
  for (let attempt = 0; attempt < 25; attempt++) {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
    const mail = page
      .getByRole("article", { name: subject, exact: true })
      .filter({ hasText: to })
      .filter({ hasText: text });
    if ((await mail.count()) > 0) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`No email "${subject}" to ${to} mentioning "${text}" in the outbox`);
}

async function openAsManager(page: Page, company: string) {
  await signIn(page, MANAGER);
  await expectPath(page, "/manage");
  await page.goto("/manage/engagements");
  await page.getByRole("link", { name: `Open engagement with ${company}: ${TITLE}` }).click();
  await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
}

/** Pays the open test checkout and comes back to the engagement through the DELIVERY card. */
async function payInTestCheckout(page: Page, amount: string) {
  await page.waitForURL((url) => url.pathname.startsWith("/test-checkout/"));
  await page.getByRole("heading", { name: "Test checkout — no real card is charged", level: 1 }).waitFor();
  await page.getByText(amount, { exact: false }).first().waitFor();
  expect(await page.getByLabel("Card number").inputValue()).toContain("4242");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expectPath(page, "/delivery-item-payment-success");
  await page.getByRole("heading", { name: CONGRATULATIONS_TITLE }).waitFor();
  await page.getByText(CONGRATULATIONS.DELIVERY.message, { exact: true }).waitFor();
  await page.getByRole("link", { name: CONGRATULATIONS.DELIVERY.button, exact: true }).click();
  await page.waitForURL((url) => url.searchParams.has("engagementId"));
  await page.getByRole("heading", { name: TITLE, level: 2 }).waitFor();
}

/** The consultant opens a deliverable from the plan page and confirms its delivery with a file. */
async function deliver(page: Page, item: typeof FIRST, summary: string, file: string, revisionNotes?: string) {
  await signIn(page, CONSULTANT.email);
  await expectPath(page, "/consultant");
  await page.goto("/consultant/engagements");
  await page.getByRole("link", { name: `Open the engagement: ${TITLE}` }).click();
  await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
  await page.getByRole("link", { name: `Confirm delivery: ${item.title}` }).click();
  await page.getByRole("heading", { name: item.title, level: 1 }).waitFor();
  if (revisionNotes) {
    await page.getByRole("heading", { name: DELIVERY_REVISION_NOTES_HEADING }).waitFor();
    await page.getByText(revisionNotes, { exact: true }).waitFor();
  }
  await page.getByLabel("Summary of work", { exact: true }).fill(summary);
  await page.getByLabel("Files (optional)", { exact: true }).setInputFiles({
    name: file,
    mimeType: "text/csv",
    buffer: Buffer.from("week,decision,owner\n1,Open Sundays,Ana\n"),
  });
  await page.getByRole("button", { name: "Confirm delivery" }).click();
  await page.waitForURL((url) => url.searchParams.get("delivered") === "1");
  await page.getByText(DELIVERY_CONFIRMED, { exact: true }).waitFor();
  await page.getByText(summary, { exact: true }).waitFor();
  await page.getByRole("link", { name: file }).first().waitFor();
  await page.getByText(DELIVERY_AWAITING_REVIEW, { exact: true }).waitFor();
}

/**
 * The files of `title` by delivery, newest first, as the groups name them ("Files of …,
 * Delivery 2 · Nov 28, 2026") with their links, checked at 1280 and 375 px (issue #36: a file
 * delivered again is listed once under each delivery, with its number and date).
 */
async function expectDeliveryRounds(page: Page, title: string, rounds: [number, string[]][]) {
  const today = formatDate(new Date());
  const size = page.viewportSize() ?? WIDE;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const groups = page.getByRole("group", { name: new RegExp(`^Files of ${title}, Delivery \\d`) });
    await groups.first().waitFor();
    const seen = [];
    for (const group of await groups.all()) {
      // The label as shown (the "Files of …" prefix is for screen readers only).
      const label = (await group.locator(".delivery-round-label").innerText())
        .replace(/\s+/g, " ")
        .replace(/^.*?(?=Delivery \d)/, "")
        .trim();
      seen.push([label, await group.getByRole("link").allInnerTexts()]);
    }
    expect(seen).toEqual(rounds.map(([round, files]) => [`Delivery ${round} · ${today}`, files]));
    await noSideScroll(page);
  }
  await page.setViewportSize(size);
}

/** The business opens the delivered item's review, picks `decision` and confirms. */
async function review(
  page: Page,
  summary: string,
  decision: string,
  notes?: string,
  /** Checks on the opened review before choosing. */
  inspect?: (dialog: Locator) => Promise<void>,
) {
  const current = page.locator(".deliverable-current");
  await current.getByText(summary, { exact: true }).waitFor();
  await current.locator("summary", { hasText: "Review" }).click();
  if (inspect) await inspect(current);
  await current.getByRole("radio", { name: decision, exact: true }).check();
  if (notes) await current.getByLabel(/^Notes for your consultant/).fill(notes);
  await current.getByRole("button", { name: "Confirm", exact: true }).click();
}

describe("the whole engagement", () => {
  browserTest(
    "drafted, approved, signed, prepaid, delivered, revised, completed and rated by the business, the consultant and the manager",
    async ({ page }) => {
      const started = Date.now();
      await page.setViewportSize(WIDE);
      const company = `Juniper Row Markets ${Date.now().toString(36)}`;
      const { email } = await signUpNewClient(page, {
        emailPrefix: "journey",
        business: { name: company },
        verifyEmail: true,
      });
      await requestMatch(page, {
        area: AREA,
        type: "Project",
        need: "Our three store managers each run their week differently; we need one rhythm they all keep.",
      });
      await signOut(page);
      await matchWithConsultant(page, { company, email, area: AREA, consultant: CONSULTANT });

      // 1. The consultant drafts the plan and sends it.
      await signIn(page, CONSULTANT.email);
      await expectPath(page, "/consultant");
      await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Engagements" }).click();
      await expectPath(page, "/consultant/engagements");
      await page.getByRole("link", { name: `Draft the plan for ${company}` }).click();
      await page.getByRole("heading", { name: "Draft the plan", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Start the plan", exact: true }).click();
      await page.getByRole("heading", { name: "Edit the plan", level: 2 }).waitFor();
      await page.getByLabel("Plan title", { exact: true }).fill(TITLE);
      await page
        .getByLabel("Overview", { exact: true })
        .fill("We set one weekly rhythm for the three stores and write it down for the next manager.");
      await page.getByRole("button", { name: "Add a deliverable", exact: true }).click();
      await fillItem(page, 1, FIRST);
      await page.getByRole("button", { name: "Add a deliverable", exact: true }).click();
      await fillItem(page, 2, SECOND);
      await screenshots(page, "consultant-plan-editor");
      await page.getByRole("button", { name: "Send for review", exact: true }).click();
      await page.getByRole("status").getByText(PLAN_SUBMITTED, { exact: true }).waitFor();
      await page.getByRole("cell", { name: "$2,000.00" }).waitFor();
      await page.getByRole("cell", { name: "$1,500.00" }).waitFor();
      await signOut(page);

      // Before the manager's approval the business sees no engagement.
      await signIn(page, email, NEW_CLIENT_PASSWORD);
      await expectPath(page, "/dashboard");
      await page.goto("/features?focus=Engagements");
      await page.getByText(NO_ACTIVE_ENGAGEMENTS, { exact: true }).waitFor();
      expect(await page.getByRole("link", { name: TITLE, exact: true }).count()).toBe(0);
      await expectEmail(page, MANAGER, PLAN_SUBMITTED_NOTICE.title, company);
      await signOut(page);

      // 2. The manager approves it.
      await openAsManager(page, company);
      await page.getByRole("heading", { name: "Review version 1", level: 2 }).waitFor();
      await page.getByRole("button", { name: "Approve plan", exact: true }).click();
      await page.getByRole("status").getByText(PLAN_APPROVED, { exact: true }).waitFor();
      await signOut(page);

      // The business, on a phone: the plan awaits its decision; it reads it, accepts and signs.
      await page.setViewportSize(PHONE);
      await expectEmail(page, email, PLAN_APPROVED_BUSINESS_NOTICE.title, TITLE);
      const outlineId = await openEngagement(page, email, TITLE);
      await page
        .locator(".engagement-panel-head")
        .getByText("Approved (awaiting customer decision)", { exact: true })
        .waitFor();
      await page.getByRole("button", { name: VIEW_PROJECT_PLAN, exact: true }).click();
      const plan = page.getByRole("article", { name: `Engagement plan: ${TITLE}` });
      for (const heading of ["Engagement Plan", "Form of Statement of Work", "Work Schedule and Deliverables"]) {
        await plan.getByRole("heading", { name: heading, exact: true }).waitFor();
      }
      await plan.getByText("$2,000.00", { exact: true }).first().waitFor();
      await noSideScroll(page);
      await page.getByRole("button", { name: "Accept", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Review the engagement plan: Accept" });
      await dialog.getByRole("checkbox").check();
      await dialog.getByLabel("First name").fill("Avery");
      await dialog.getByLabel("Last name").fill("Lindqvist");
      await dialog.getByLabel("Signature date").fill(new Date().toISOString().slice(0, 10));
      await dialog.getByRole("button", { name: "Sign and accept" }).click();
      await page.getByText(OUTLINE_REVIEW_SENT, { exact: true }).waitFor();
      await page.locator(".engagement-panel-head").getByText("Active", { exact: true }).waitFor();
      await page.getByRole("heading", { name: SIGNED_STATEMENTS_HEADING }).waitFor();
      const sowLink = page.getByRole("link", { name: `${DOWNLOAD_SOW_LABEL}: statement of work version 1` });
      const sowHref = await sowLink.getAttribute("href");
      const [download] = await Promise.all([page.waitForEvent("download"), sowLink.click()]);
      const sowPath = await download.path();
      expect(readFileSync(sowPath).subarray(0, 5).toString("latin1")).toBe("%PDF-");
      await noSideScroll(page);
      await screenshots(page, "business-engagement-signed");

      // 3. The business prepays the first deliverable in the test checkout, which saves the card.
      await page.getByText(CARD_WILL_BE_SAVED, { exact: true }).waitFor();
      await page.getByRole("button", { name: `Prepay ${FIRST.title} ($2,000.00)` }).click();
      await payInTestCheckout(page, "$2,000.00");
      const current = page.locator(".deliverable-current");
      await current.getByRole("heading", { name: FIRST.title }).waitFor();
      await current.getByText(DELIVERY_CONGRATULATIONS, { exact: true }).waitFor();
      await signOut(page);

      // The consultant was told of the signature and the payment, sees the statement, and delivers.
      await page.setViewportSize(WIDE);
      await expectEmail(page, CONSULTANT.email, PLAN_SIGNED_TITLE, TITLE);
      await expectEmail(page, CONSULTANT.email, NOTICE_ITEM_PAID, FIRST.title);
      await signIn(page, CONSULTANT.email);
      await expectPath(page, "/consultant");
      await page.goto(`/consultant/engagements/${outlineId}`);
      await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
      await page.getByRole("heading", { name: SIGNED_STATEMENTS_HEADING, level: 2 }).waitFor();
      const consultantSow = await page.request.get(sowHref!);
      expect(consultantSow.status()).toBe(200);
      expect((await consultantSow.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
      await page
        .getByRole("listitem")
        .filter({ hasText: FIRST.title })
        .getByText(ITEM_STATUS_LABELS.active, { exact: true })
        .waitFor();
      await screenshots(page, "consultant-plan-active");
      await signOut(page);
      const firstSummary = "We ran the first two weekly reviews with all three managers; the decision log is attached.";
      await deliver(page, FIRST, firstSummary, "decision-log.csv");
      await screenshots(page, "consultant-delivery");
      await signOut(page);

      // The manager sees the signed statement too.
      await openAsManager(page, company);
      await page.getByRole("heading", { name: SIGNED_STATEMENTS_HEADING, level: 2 }).waitFor();
      const managerSow = await page.request.get(sowHref!);
      expect(managerSow.status()).toBe(200);
      expect((await managerSow.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
      await screenshots(page, "manager-engagement");
      await signOut(page);

      // The business (on a phone) asks for a revision.
      await page.setViewportSize(PHONE);
      await expectEmail(page, email, NOTICE_ITEM_DELIVERED, FIRST.title);
      await openEngagement(page, email, TITLE);
      const revisionNotes = "Please add who owns each decision and the date it is due.";
      await review(page, firstSummary, ITEM_DECISION_LABELS.revise, revisionNotes);
      await page.getByText(ITEM_REVIEW_SENT.revise, { exact: true }).waitFor();
      await page.getByText(ITEM_IN_REVISION, { exact: true }).waitFor();
      await noSideScroll(page);
      await signOut(page);

      // The consultant reads the notes and delivers again.
      await page.setViewportSize(WIDE);
      // The same file name again: listed once under each delivery, numbered and dated.
      const revisedSummary = "The decision log now names an owner and a due date for every decision.";
      await deliver(page, FIRST, revisedSummary, "decision-log.csv", revisionNotes);
      await expectDeliveryRounds(page, FIRST.title, [
        [2, ["decision-log.csv"]],
        [1, ["decision-log.csv"]],
      ]);
      await signOut(page);

      // The business sees both deliveries, accepts and prepays the second deliverable.
      await openEngagement(page, email, TITLE);
      await expectDeliveryRounds(page, FIRST.title, [
        [2, ["decision-log.csv"]],
        [1, ["decision-log.csv"]],
      ]);
      // Change card opens Stripe's customer portal (the local one), which shows the saved card.
      await page.getByRole("button", { name: CHANGE_CARD_LABEL, exact: true }).click();
      await page.waitForURL(/\/test-billing-portal\//);
      await page.getByText("Visa ending in 4242", { exact: true }).waitFor();
      await page.goBack();
      // The card saved at the first payment is charged: no second checkout (docs/decisions/082).
      await review(page, revisedSummary, ITEM_DECISION_LABELS.prepay, undefined, async (dialog) => {
        const prepay = dialog.getByRole("radio", { name: ITEM_DECISION_LABELS.prepay, exact: true });
        expect(await prepay.getAttribute("aria-describedby")).not.toBeNull();
        await dialog.getByText(CARD_ON_FILE_LINE({ brand: "visa", last4: "4242" }), { exact: true }).waitFor();
      });
      await page
        .getByText(
          `${ITEM_ACCEPTED} ${CARD_CHARGED_MESSAGE(150_000, { brand: "visa", last4: "4242" }, SECOND.title)}`,
          {
            exact: true,
          },
        )
        .waitFor();
      expect(new URL(page.url()).pathname).toBe("/features");
      await page.locator(".deliverable-current").getByRole("heading", { name: SECOND.title }).waitFor();
      await signOut(page);

      const secondSummary = "The handbook: the weekly agenda, the decision log and how to run the review.";
      await deliver(page, SECOND, secondSummary, "handbook-outline.csv");
      await signOut(page);

      // The business accepts the last deliverable: the engagement is complete; it rates the consultant.
      await openEngagement(page, email, TITLE);
      await screenshots(page, "business-engagement-delivered");
      await review(page, secondSummary, ITEM_DECISION_LABEL_LAST);
      await page.getByText(ITEM_REVIEW_SENT.complete, { exact: true }).waitFor();
      await page.getByText(ENGAGEMENT_COMPLETE_TEXT, { exact: true }).waitFor();
      await page.locator(".engagement-panel-head").getByText("Complete", { exact: true }).waitFor();
      await page.getByRole("radio", { name: "4 stars", exact: true }).check();
      await page
        .getByLabel("Feedback (optional)", { exact: true })
        .fill("Thomas gave our managers a rhythm they actually keep.");
      await page.getByRole("button", { name: "Send rating", exact: true }).click();
      await page.getByText(RATE_CONSULTANT_THANKS, { exact: true }).waitFor();
      await screenshots(page, "business-engagement-complete");

      // Listed under Completed Engagements with the status Complete.
      await page.goto("/features?focus=Engagements");
      await page.getByText(NO_ACTIVE_ENGAGEMENTS, { exact: true }).waitFor();
      await page
        .getByRole("group", { name: "Engagements" })
        .getByRole("button", { name: "Completed Engagements" })
        .click();
      const tile = page.getByRole("link", { name: TITLE, exact: true });
      await tile.waitFor();
      await page.getByText("Complete", { exact: true }).first().waitFor();
      // The rating stays saved: the form is not offered again.
      await tile.click();
      await page.getByText(ENGAGEMENT_COMPLETE_TEXT, { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Send rating" }).count()).toBe(0);
      // …and the panel shows the rating the business gave.
      await page.getByRole("heading", { name: YOUR_RATING, exact: true }).waitFor();
      await page.getByText(ratingText(4), { exact: true }).waitFor();
      await page.getByText("Thomas gave our managers a rhythm they actually keep.", { exact: true }).waitFor();

      // The match is done, and asks nothing more of the business (issue #36: not "Done!, action
      // required"): its tile and its status bar, at 1280 and 375 px.
      const outline = (await (await page.request.get(`/api/delivery-outline/${outlineId}`)).json()) as {
        matchRequestId: string;
      };
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/features?focus=Matching");
        await page.getByRole("group", { name: "Match requests" }).getByRole("button", { name: "Completed" }).click();
        const matchTile = page.locator(".match-row").filter({ hasText: "Your engagement is complete." });
        await matchTile.getByText("Step 5 of 5: Done!", { exact: true }).waitFor();
        expect(await matchTile.getByText("Action required").count()).toBe(0);
        await page.goto(`/features?matchId=${outline.matchRequestId}`);
        const bar = page.getByRole("list", { name: "Match status" });
        const last = bar.locator("li[aria-current='step']");
        expect((await last.textContent())?.replace(/\s+/g, " ")).toBe("✓Done!, complete");
        expect(await bar.getByText("Action required").count()).toBe(0);
        await noSideScroll(page);
      }
      console.info(`engagement journey: ${Math.round((Date.now() - started) / 1000)} s`);
    },
    { timeout: 240_000 },
  );
});
