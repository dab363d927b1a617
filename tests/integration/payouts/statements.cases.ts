import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { consultantTransfers, itemRefunds, purchaseRefunds, statementEmails } from "~db/schema";
import { DOCUMENT_SOURCE_LABELS } from "~/lib/documents/document-copy";
import { EARNINGS_STATEMENT_COPY, STATEMENT_COPY, STATEMENT_EMAIL_COPY } from "~/lib/payouts/statement-copy";
import {
  BUSINESS_STATEMENT_CSV_HEADER,
  EARNINGS_STATEMENT_CSV_HEADER,
  businessStatementPath,
  earningsStatementPath,
} from "~/lib/payouts/statements";
import { receiptNumber } from "~/lib/payouts/receipts";
import { formatMoney } from "~/lib/shared/numbers";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { loadBusinessStatement } from "~/server/payments/statements.server";
import { loadEarningsStatements } from "~/server/payouts/earnings-statements.server";
import { sendMonthlyStatements } from "~/server/payouts/statement-emails.server";
import { CRONS, handleScheduled } from "../../../functions/scheduled";
import { call, createPurchaseRow, db, emailsTo, noticesOf, ORIGIN, stripeEnv } from "../helpers";
import { createSignedOutline } from "../helpers/deliverables";
import { signedInClient, signedInConsultant, signedInMember } from "../../factories";

/**
 * Issue #40 item 3 (docs/decisions/081): the business's monthly statement and the consultant's
 * earnings statement, as pages, PDFs and CSVs, in the hubs, and emailed once on the 1st.
 * Every row is dated in July 2021, a month no other test writes.
 */

const at = (iso: string) => new Date(iso);

/** A CSV download's text, its byte-order mark kept. */
const csvText = (bytes: ArrayBuffer) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

/** The cron's AppContext, its clock reading `now`; APP_URL set as deployed (a cron has no request). */
const appAt = (now: Date) =>
  createAppContext(
    { ...stripeEnv(env), APP_URL: ORIGIN } as unknown as CloudflareBindings,
    () => {},
    () => now,
  );

const FIRST_OF_AUGUST = at("2021-08-01T06:00:00.000Z");

/**
 * July 2021: three deliverables; A charged $1,500.00 then partly refunded $500.00 by a dispute's
 * split; B charged $800.00 twice (the second payment refunded automatically); C charged in June.
 * A plan's purchase in July is not a statement line. The consultant: A's transfer (of the $1,000.00
 * kept) sent in July; B's sent and reversed in July; C's held since June.
 */
async function julyMoney() {
  const client = await signedInClient();
  const consultant = await signedInConsultant();
  const businessId = client.business.id;
  const { outline, items } = await createSignedOutline(businessId, consultant.user.id, {
    outline: { title: "Close the books" },
    items: [
      { title: "Chart of accounts", priceCents: 150_000 },
      { title: "Payroll setup", priceCents: 80_000 },
      { title: "Cash forecast", priceCents: 50_000 },
    ],
  });
  const [a, b, c] = items as [(typeof items)[number], (typeof items)[number], (typeof items)[number]];
  const chargeA = await createPurchaseRow(businessId, {
    referenceId: a.id,
    amountCents: 150_000,
    paidAt: at("2021-07-03T10:00:00.000Z"),
  });
  const chargeB = await createPurchaseRow(businessId, {
    referenceId: b.id,
    amountCents: 80_000,
    paidAt: at("2021-07-05T10:00:00.000Z"),
  });
  const duplicateB = await createPurchaseRow(businessId, {
    referenceId: b.id,
    amountCents: 80_000,
    paidAt: at("2021-07-05T10:00:30.000Z"),
    duplicateOfPurchaseId: chargeB.id,
  });
  const chargeC = await createPurchaseRow(businessId, {
    referenceId: c.id,
    amountCents: 50_000,
    paidAt: at("2021-06-28T09:00:00.000Z"),
  });
  await createPurchaseRow(businessId, {
    kind: "subscription",
    referenceId: "STANDARD_PLAN_MONTHLY",
    amountCents: 9_900,
    paidAt: at("2021-07-08T09:00:00.000Z"),
  });
  await db()
    .insert(purchaseRefunds)
    .values({
      businessId,
      purchaseId: duplicateB.id,
      reason: "duplicate_payment",
      amountCents: 80_000,
      status: "succeeded",
      stripeRefundId: "re_dup_b",
      createdAt: at("2021-07-06T08:00:00.000Z"),
      updatedAt: at("2021-07-06T08:00:00.000Z"),
    });
  await db()
    .insert(itemRefunds)
    .values({
      itemId: a.id,
      outlineId: outline.id,
      businessId,
      purchaseId: chargeA.id,
      amountCents: 50_000,
      partial: true,
      status: "succeeded",
      stripeRefundId: "re_split_a",
      createdAt: at("2021-07-20T12:00:00.000Z"),
      updatedAt: at("2021-07-20T12:00:00.000Z"),
    });
  const transfer = (
    itemId: string,
    purchaseId: string,
    money: { charged: number; fee: number },
    dates: { created: string; paid?: string; reversed?: string },
    status: "paid" | "reversed" | "held",
  ) => ({
    itemId,
    outlineId: outline.id,
    businessId,
    consultantUserId: consultant.user.id,
    purchaseId,
    chargedCents: money.charged,
    feeCents: money.fee,
    amountCents: money.charged - money.fee,
    status,
    stripeTransferId: status === "held" ? null : `tr_${itemId.slice(0, 8)}`,
    createdAt: at(dates.created),
    updatedAt: at(dates.reversed ?? dates.paid ?? dates.created),
    paidAt: dates.paid ? at(dates.paid) : null,
    reversedAt: dates.reversed ? at(dates.reversed) : null,
  });
  await db()
    .insert(consultantTransfers)
    .values([
      transfer(
        a.id,
        chargeA.id,
        { charged: 100_000, fee: 20_000 },
        { created: "2021-07-21T09:00:00.000Z", paid: "2021-07-21T09:00:00.000Z" },
        "paid",
      ),
      transfer(
        b.id,
        chargeB.id,
        { charged: 80_000, fee: 16_000 },
        {
          created: "2021-07-10T09:00:00.000Z",
          paid: "2021-07-10T09:00:00.000Z",
          reversed: "2021-07-25T09:00:00.000Z",
        },
        "reversed",
      ),
      transfer(c.id, chargeC.id, { charged: 50_000, fee: 10_000 }, { created: "2021-06-28T09:00:00.000Z" }, "held"),
    ]);
  return { client, consultant, outline, items: { a, b, c }, purchases: { chargeA, chargeB, duplicateB, chargeC } };
}

describe("the business's monthly statement", () => {
  it("lists every charge and refund of the month, with its engagement and deliverable, to the cent", async () => {
    const money = await julyMoney();
    const app = appAt(FIRST_OF_AUGUST);
    const statement = await loadBusinessStatement(app, money.client.business, "2021-07");
    const { chargeA, chargeB, duplicateB } = money.purchases;
    expect(
      statement.lines.map((line) => [
        line.date,
        line.kind,
        line.engagement,
        line.item,
        line.receiptNumber,
        line.amountCents,
      ]),
    ).toEqual([
      [
        "2021-07-03T10:00:00.000Z",
        "charge",
        "Close the books",
        "Chart of accounts",
        receiptNumber(chargeA.id, "2021-07-03"),
        150_000,
      ],
      [
        "2021-07-05T10:00:00.000Z",
        "charge",
        "Close the books",
        "Payroll setup",
        receiptNumber(chargeB.id, "2021-07-05"),
        80_000,
      ],
      [
        "2021-07-05T10:00:30.000Z",
        "charge",
        "Close the books",
        "Payroll setup",
        receiptNumber(duplicateB.id, "2021-07-05"),
        80_000,
      ],
      [
        "2021-07-06T08:00:00.000Z",
        "refund",
        "Close the books",
        "Payroll setup",
        receiptNumber(duplicateB.id, "2021-07-05"),
        -80_000,
      ],
      [
        "2021-07-20T12:00:00.000Z",
        "refund",
        "Close the books",
        "Chart of accounts",
        receiptNumber(chargeA.id, "2021-07-03"),
        -50_000,
      ],
    ]);
    expect(statement.lines.map((line) => line.duplicate)).toEqual([false, false, true, true, false]);
    expect([statement.chargedCents, statement.refundedCents, statement.netCents]).toEqual([310_000, 130_000, 180_000]);
    // June has C's charge only.
    const june = await loadBusinessStatement(app, money.client.business, "2021-06");
    expect(june.lines.map((line) => [line.item, line.amountCents])).toEqual([["Cash forecast", 50_000]]);
  });

  it("serves the page, the exact CSV and the PDF; another business's month is a 404", async () => {
    const money = await julyMoney();
    const page = await call(businessStatementPath("2021-07"), { cookie: money.client.token });
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("Statement for July 2021");
    expect(body).toContain(formatMoney(310_000));
    expect(body).toContain(formatMoney(-130_000));
    expect(body).toContain(formatMoney(180_000));
    expect(body).toContain(STATEMENT_COPY.noCredits);
    // The list: both months with activity, newest first.
    const list = await (await call("/company-profile/statements", { cookie: money.client.token })).text();
    expect(list.indexOf("July 2021")).toBeGreaterThan(-1);
    expect(list.indexOf("July 2021")).toBeLessThan(list.indexOf("June 2021"));

    const csv = await call(`${businessStatementPath("2021-07")}/statement.csv`, { cookie: money.client.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="partwise-statement-2021-07.csv"');
    const { chargeA, chargeB, duplicateB } = money.purchases;
    const a = receiptNumber(chargeA.id, "2021-07-03");
    const b = receiptNumber(chargeB.id, "2021-07-05");
    const dup = receiptNumber(duplicateB.id, "2021-07-05");
    expect(csvText(await csv.arrayBuffer())).toBe(
      "\uFEFF" +
        [
          BUSINESS_STATEMENT_CSV_HEADER.join(","),
          `2021-07-03,Charge,Deliverable: Chart of accounts (Close the books),Close the books,Chart of accounts,${a},1500.00`,
          `2021-07-05,Charge,Deliverable: Payroll setup (Close the books),Close the books,Payroll setup,${b},800.00`,
          `2021-07-05,Charge,Deliverable: Payroll setup (Close the books),Close the books,Payroll setup,${dup},800.00`,
          `2021-07-06,Refund,Deliverable: Payroll setup (Close the books),Close the books,Payroll setup,${dup},-800.00`,
          `2021-07-20,Refund,Deliverable: Chart of accounts (Close the books),Close the books,Chart of accounts,${a},-500.00`,
        ].join("\r\n") +
        "\r\n",
    );

    const pdf = await call(`${businessStatementPath("2021-07")}/statement.pdf`, { cookie: money.client.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const text = new TextDecoder("latin1").decode(await pdf.arrayBuffer());
    expect(text.startsWith("%PDF")).toBe(true);
    expect(text).toContain(`${STATEMENT_COPY.charged}: ${formatMoney(310_000)}`);
    expect(text).toContain(`${STATEMENT_COPY.refunded}: ${formatMoney(-130_000)}`);
    expect(text).toContain(`${STATEMENT_COPY.net}: ${formatMoney(180_000)}`);
    // Each receipt number whole on its line (its column is wide enough not to wrap it).
    for (const [id, day] of [
      [money.purchases.chargeA.id, "2021-07-03"],
      [money.purchases.chargeB.id, "2021-07-05"],
    ] as const) {
      expect(text).toContain(`(${receiptNumber(id, day)}) Tj`);
    }

    // A viewer reads it (the `read` permission).
    const viewer = await signedInMember(money.client.business.id, "viewer");
    expect((await call(businessStatementPath("2021-07"), { cookie: viewer.token })).status).toBe(200);

    // Another business: no activity in July 2021, so every door is a 404; a month that is not one too.
    const other = await signedInClient();
    for (const path of [
      businessStatementPath("2021-07"),
      `${businessStatementPath("2021-07")}/statement.csv`,
      `${businessStatementPath("2021-07")}/statement.pdf`,
    ]) {
      expect((await call(path, { cookie: other.token })).status).toBe(404);
    }
    expect((await call("/company-profile/statements/2021-13", { cookie: money.client.token })).status).toBe(404);
    expect(
      (await call(`${businessStatementPath("2021-05")}/statement.csv`, { cookie: money.client.token })).status,
    ).toBe(404);
  });

  it("lists the months in the Documents Hub", async () => {
    const money = await julyMoney();
    const hub = await (await call("/features?focus=Documents", { cookie: money.client.token })).text();
    expect(hub).toContain(DOCUMENT_SOURCE_LABELS.statement);
    expect(hub).toContain(STATEMENT_COPY.hubName("July 2021"));
    expect(hub).toContain(STATEMENT_COPY.hubName("June 2021"));
    expect(hub).toContain(`${businessStatementPath("2021-07")}/statement.pdf`);
  });
});

describe("the consultant's earnings statement", () => {
  it("gives per deliverable the gross, fee, transfers, reversals and money held, to the cent", async () => {
    const money = await julyMoney();
    const app = appAt(FIRST_OF_AUGUST);
    const consultant = { id: money.consultant.user.id, name: "Sam Rivera" };
    const { months, statement } = await loadEarningsStatements(app, consultant, "2021-07");
    expect(months).toEqual(["2021-07", "2021-06"]);
    expect(
      statement!.lines.map((line) => [
        line.item,
        line.grossCents,
        line.feeCents,
        line.transferredCents,
        line.reversedCents,
        line.heldCents,
      ]),
    ).toEqual([
      ["Chart of accounts", 100_000, 20_000, 80_000, 0, 0],
      ["Payroll setup", 80_000, 16_000, 64_000, 64_000, 0],
      ["Cash forecast", 0, 0, 0, 0, 40_000],
    ]);
    expect(statement!.totals).toEqual({
      grossCents: 180_000,
      feeCents: 36_000,
      transferredCents: 144_000,
      reversedCents: 64_000,
      heldCents: 40_000,
    });
    const june = await loadEarningsStatements(app, consultant, "2021-06");
    expect(june.statement!.lines.map((line) => [line.item, line.grossCents, line.heldCents])).toEqual([
      ["Cash forecast", 50_000, 40_000],
    ]);
  });

  it("serves the page with the tax-form line, the exact CSV and the PDF; their Documents page lists it", async () => {
    const money = await julyMoney();
    const token = money.consultant.token;
    const page = await call(earningsStatementPath("2021-07"), { cookie: token });
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain(EARNINGS_STATEMENT_COPY.title("July 2021"));
    expect(body).toContain(EARNINGS_STATEMENT_COPY.taxForms);
    expect(body).toContain(formatMoney(144_000));

    const csv = await call(`${earningsStatementPath("2021-07")}/statement.csv`, { cookie: token });
    expect(csv.status).toBe(200);
    const business = money.client.business.name;
    const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    expect(csvText(await csv.arrayBuffer())).toBe(
      "\uFEFF" +
        [
          EARNINGS_STATEMENT_CSV_HEADER.join(","),
          `2021-07,${field(business)},Close the books,Chart of accounts,1000.00,200.00,800.00,0.00,0.00`,
          `2021-07,${field(business)},Close the books,Payroll setup,800.00,160.00,640.00,640.00,0.00`,
          `2021-07,${field(business)},Close the books,Cash forecast,0.00,0.00,0.00,0.00,400.00`,
        ].join("\r\n") +
        "\r\n",
    );

    const pdf = await call(`${earningsStatementPath("2021-07")}/statement.pdf`, { cookie: token });
    expect(pdf.status).toBe(200);
    const text = new TextDecoder("latin1").decode(await pdf.arrayBuffer());
    expect(text.startsWith("%PDF")).toBe(true);
    expect(text).toContain(`${EARNINGS_STATEMENT_COPY.columns.transferred}: ${formatMoney(144_000)}`);
    expect(text).toContain(`${EARNINGS_STATEMENT_COPY.columns.held}: ${formatMoney(40_000)}`);

    const documents = await (await call("/consultant/documents", { cookie: token })).text();
    expect(documents).toContain(EARNINGS_STATEMENT_COPY.hubName("July 2021"));

    // Another consultant has no July 2021: 404 on every door; a business person is not a consultant.
    const other = await signedInConsultant();
    for (const path of [earningsStatementPath("2021-07"), `${earningsStatementPath("2021-07")}/statement.csv`]) {
      expect((await call(path, { cookie: other.token })).status).toBe(404);
    }
    expect((await call(earningsStatementPath("2021-07"), { cookie: money.client.token })).status).toBe(404);
  });
});

describe("the statements' emails on the 1st", () => {
  it("sends each business's payers and each consultant the month's statement once, under a double fire and a race", async () => {
    const money = await julyMoney();
    const admin = await signedInMember(money.client.business.id, "admin");
    const viewer = await signedInMember(money.client.business.id, "viewer");
    const app = appAt(FIRST_OF_AUGUST);
    // The 10-minute sweep on the 1st sends them (not the monthly cron, whose invocation the finance
    // fan-out fills); a double fire, then two runs at once, send nothing more.
    await handleScheduled({ cron: CRONS.monthlyFinanceRefresh, scheduledTime: FIRST_OF_AUGUST.getTime() }, app).catch(
      () => {},
    );
    expect(await emailsTo(money.client.user.email, "statement_ready")).toEqual([]);
    await handleScheduled({ cron: CRONS.jobLeaseSweep, scheduledTime: FIRST_OF_AUGUST.getTime() }, app).catch(() => {});
    await handleScheduled({ cron: CRONS.jobLeaseSweep, scheduledTime: FIRST_OF_AUGUST.getTime() }, app).catch(() => {});
    const raced = await Promise.all([sendMonthlyStatements(app), sendMonthlyStatements(app)]);
    expect(raced.flatMap((run) => run.businesses)).toEqual([]);

    const subject = STATEMENT_EMAIL_COPY.businessTitle("July 2021");
    for (const payer of [money.client.user.email, admin.user.email]) {
      const sent = await emailsTo(payer, "statement_ready");
      expect(sent.map((email) => email.subject)).toEqual([subject]);
      expect(sent[0]!.textBody).toContain(`${ORIGIN}${businessStatementPath("2021-07")}`);
    }
    expect(await emailsTo(viewer.user.email, "statement_ready")).toEqual([]);
    const consultantMail = await emailsTo(money.consultant.user.email, "earnings_statement_ready");
    expect(consultantMail.map((email) => email.subject)).toEqual([STATEMENT_EMAIL_COPY.consultantTitle("July 2021")]);
    expect(consultantMail[0]!.textBody).toContain(`${ORIGIN}${earningsStatementPath("2021-07")}`);
    expect(await noticesOf(money.consultant.user.id, "earnings_statement_ready")).toHaveLength(1);
    const claims = await db().select().from(statementEmails);
    expect(claims.filter((row) => row.businessId === money.client.business.id).map((row) => row.month)).toEqual([
      "2021-07",
    ]);
  });

  it("claims each business once when two runs race", async () => {
    const money = await julyMoney();
    const app = appAt(at("2021-08-01T06:00:00.000Z"));
    const runs = await Promise.all([sendMonthlyStatements(app), sendMonthlyStatements(app)]);
    const claimed = runs.flatMap((run) => run.businesses).filter((id) => id === money.client.business.id);
    expect(claimed).toEqual([money.client.business.id]);
    expect(await emailsTo(money.client.user.email, "statement_ready")).toHaveLength(1);
  });
});
