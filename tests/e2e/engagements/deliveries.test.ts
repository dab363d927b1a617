import { describe, expect } from "vitest";
import { consultantDeliveryPath } from "~/lib/engagements/engagement-paths";
import { atEachWidth, browserTest, DESKTOP, expectPath, PHONE, signIn } from "../support";
import { insertRow, runSql } from "./d1";

/**
 * The consultant confirms a delivery (issue #14 §5). The engagement starts mid-flow — a business,
 * its match with Sofia (consultant11), a signed plan whose first deliverable is paid — written
 * straight into the server's D1; confirming the delivery is done in the browser.
 */
const CONSULTANT_ID = "demo-user-consultant-11";
const CONSULTANT_EMAIL = "consultant11@partwise.test";

function seedPaidEngagement() {
  const key = `e2e-deliv-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const now = Date.now();
  const ids = {
    user: `${key}-user`,
    business: `${key}-biz`,
    match: `${key}-match`,
    outline: `${key}-outline`,
    first: `${key}-item-1`,
    second: `${key}-item-2`,
    purchase: `${key}-purchase`,
  };
  runSql([
    insertRow("users", {
      id: ids.user,
      email: `${key}@example.test`,
      first_name: "Nora",
      last_name: "Quint",
      password_hash: "not-a-usable-hash",
      role: "client",
      created_at: now,
      updated_at: now,
    }),
    insertRow("businesses", {
      id: ids.business,
      owner_user_id: ids.user,
      name: "Quint Hardware",
      client_role: "Owner",
      city: "Bangor",
      state: "ME",
      naics: "444140",
      revenue_band: "5-10 million",
      employee_band: "25-50",
      number_of_employees: 30,
      member_since: "2026-01",
      created_at: now,
      updated_at: now,
    }),
    // Its owner's membership (docs/decisions/066), as sign-up writes it.
    insertRow("business_members", { business_id: ids.business, user_id: ids.user, role: "owner", created_at: now }),
    insertRow("match_requests", {
      id: ids.match,
      business_id: ids.business,
      category: "finance",
      consulting_type: "project",
      problem_statement: "Our margins fell this year and we do not know why.",
      status: "engagement_active",
      source: "direct",
      matched_consultant_id: CONSULTANT_ID,
      created_at: now,
      updated_at: now,
    }),
    insertRow("delivery_outlines", {
      id: ids.outline,
      match_request_id: ids.match,
      business_id: ids.business,
      consultant_id: CONSULTANT_ID,
      title: "Margin recovery plan",
      overview: "We find where the margin went and put it back.",
      version: 1,
      signed_version: 1,
      submitted_at: now,
      state: "active",
      egm_review_status: "approved",
      business_review_status: "approved",
      business_signature: "Nora Quint",
      business_signature_date: "2026-11-02",
      started_at: now,
      created_at: now,
      updated_at: now,
    }),
    insertRow("delivery_items", {
      id: ids.first,
      outline_id: ids.outline,
      business_id: ids.business,
      position: 0,
      title: "Freight cost review",
      description: "Where freight costs went, by carrier and lane.",
      delivery_date: "2027-01-15",
      price_cents: 240_000,
      status: "upcoming",
      created_at: now,
      updated_at: now,
    }),
    insertRow("delivery_items", {
      id: ids.second,
      outline_id: ids.outline,
      business_id: ids.business,
      position: 1,
      title: "Pricing plan",
      description: "New prices for the spring catalogue.",
      delivery_date: "2027-02-15",
      price_cents: 180_000,
      status: "upcoming",
      created_at: now,
      updated_at: now,
    }),
    insertRow("purchases", {
      id: ids.purchase,
      business_id: ids.business,
      kind: "delivery_item",
      reference_id: ids.first,
      amount_cents: 240_000,
      status: "paid",
      idempotency_key: `${key}-purchase`,
      created_at: now,
      updated_at: now,
      paid_at: now,
    }),
    `UPDATE delivery_items SET status = 'active', paid_purchase_id = '${ids.purchase}' WHERE id = '${ids.first}'`,
    `UPDATE delivery_outlines SET active_item_id = '${ids.first}' WHERE id = '${ids.outline}'`,
  ]);
  return ids;
}

const CSV = "carrier,lane,cost\nNorthway,PWM-BOS,1200\n";

describe("the consultant's delivery", () => {
  browserTest(
    "confirms a paid deliverable with a summary of the work and a file (375 px, its screens also at 1440 px)",
    async ({ page }) => {
      const ids = seedPaidEngagement();
      await signIn(page, CONSULTANT_EMAIL);
      await expectPath(page, "/consultant");
      const path = consultantDeliveryPath(ids.outline, ids.first);
      await page.goto(path);
      await page.getByRole("heading", { name: "Freight cost review", level: 1 }).waitFor();
      await page.getByText("Jan 15, 2027", { exact: true }).waitFor();
      await page.getByText("$2,400.00", { exact: true }).waitFor();

      // Nothing written: the form says what is missing.
      await page.getByRole("button", { name: "Confirm delivery" }).click();
      await atEachWidth(page, [PHONE, DESKTOP], () =>
        page.getByText("Please summarise the work you delivered.", { exact: true }).waitFor(),
      );

      await page
        .getByLabel("Summary of work", { exact: true })
        .fill("Freight rose 18% on two lanes; the attached table has the figures by carrier.");
      await page
        .getByLabel("Files (optional)", { exact: true })
        .setInputFiles({ name: "freight-by-carrier.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
      await page.getByRole("button", { name: "Confirm delivery" }).click();

      await expectPath(page, `${path}?delivered=1`);
      await page.getByText("Delivery confirmed. The business has been asked to review it.", { exact: true }).waitFor();
      await page
        .getByText("Freight rose 18% on two lanes; the attached table has the figures by carrier.", { exact: true })
        .waitFor();
      await page.getByRole("link", { name: "freight-by-carrier.csv" }).waitFor();
      await page.getByText("Delivered. The business is reviewing this deliverable.", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Confirm delivery" }).count()).toBe(0);
      await atEachWidth(page, [PHONE, DESKTOP], () =>
        page.getByText("Delivered. The business is reviewing this deliverable.", { exact: true }).waitFor(),
      );

      // The delivered file downloads for the consultant.
      const href = await page.getByRole("link", { name: "freight-by-carrier.csv" }).getAttribute("href");
      const download = await page.request.get(href!);
      expect(download.status()).toBe(200);
      expect(await download.text()).toBe(CSV);

      // The next deliverable is not paid: nothing to deliver there.
      await page.goto(consultantDeliveryPath(ids.outline, ids.second));
      await page
        .getByText("This deliverable is not paid yet: you can deliver it once the business prepays it.", {
          exact: true,
        })
        .waitFor();
    },
    { viewport: PHONE },
  );

  browserTest("another consultant gets a 404", async ({ page }) => {
    const ids = seedPaidEngagement();
    await signIn(page, "consultant12@partwise.test");
    await expectPath(page, "/consultant");
    const response = await page.request.get(consultantDeliveryPath(ids.outline, ids.first), { maxRedirects: 0 });
    expect(response.status()).toBe(404);
  });
});
