import { describe, expect, it } from "vitest";
import {
  businessStatementCsv,
  businessTotals,
  csvField,
  decimalDollars,
  earningsStatementCsv,
  monthBounds,
  monthLabel,
  parseStatementMonth,
  previousMonth,
  transferInMonth,
  type BusinessStatement,
  type StatementLine,
} from "~/lib/payouts/statements";
import { businessStatementPdfBlocks, renderBusinessStatementPdf } from "~/lib/payouts/statement-pdf";
import { STATEMENT_COPY } from "~/lib/payouts/statement-copy";

/** The monthly statements' pure parts (docs/decisions/081). */

describe("statement months", () => {
  it("parses only real months", () => {
    expect(parseStatementMonth("2026-10")).toBe("2026-10");
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-10", "1999-12", "2026-10-01", "", null, 202610]) {
      expect(parseStatementMonth(bad)).toBeNull();
    }
  });

  it("bounds a month in UTC and names it", () => {
    expect(monthBounds("2026-12")).toEqual({
      start: new Date("2026-12-01T00:00:00.000Z"),
      end: new Date("2027-01-01T00:00:00.000Z"),
    });
    expect(monthLabel("2026-02")).toBe("February 2026");
  });

  it("takes the month before the cron's run, across a year", () => {
    expect(previousMonth(new Date("2027-01-01T06:00:00.000Z"))).toBe("2026-12");
    expect(previousMonth(new Date("2026-03-01T00:00:00.000Z"))).toBe("2026-02");
  });
});

describe("the CSV's fields", () => {
  it("writes amounts as decimal dollars with a dot", () => {
    expect(decimalDollars(0)).toBe("0.00");
    expect(decimalDollars(5)).toBe("0.05");
    expect(decimalDollars(123_456)).toBe("1234.56");
    expect(decimalDollars(-80_000)).toBe("-800.00");
    expect(decimalDollars(-7)).toBe("-0.07");
  });

  it("quotes per RFC 4180 and disarms formulas in texts, never in amounts", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('Say "hi", then')).toBe('"Say ""hi"", then"');
    expect(csvField("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField(-2_500)).toBe("-25.00");
  });
});

const line = (overrides: Partial<StatementLine>): StatementLine => ({
  key: "charge-p1",
  kind: "charge",
  date: "2026-10-03T10:00:00.000Z",
  description: "Deliverable: Audit, prep (Books)",
  engagement: "Books",
  item: "Audit, prep",
  receiptNumber: "PW-20261003-P1",
  purchaseId: "p1",
  duplicate: false,
  amountCents: 150_000,
  ...overrides,
});

describe("the business's statement", () => {
  const lines = [
    line({}),
    line({ key: "refund-r1", kind: "refund", date: "2026-10-20T12:00:00.000Z", amountCents: -50_000 }),
  ];
  const statement: BusinessStatement = {
    month: "2026-10",
    business: { name: "Acme", address: "Portland, ME" },
    seller: { name: "Partwise, Inc.", address: "Portland" },
    lines,
    ...businessTotals(lines),
  };

  it("totals charges, refunds and the net", () => {
    expect(businessTotals(lines)).toEqual({ chargedCents: 150_000, refundedCents: 50_000, netCents: 100_000 });
  });

  it("is one CSV row per line, ISO dates, quoted texts", () => {
    expect(businessStatementCsv(statement)).toBe(
      "Date,Type,Description,Engagement,Deliverable or insight,Receipt number,Amount (USD)\r\n" +
        '2026-10-03,Charge,"Deliverable: Audit, prep (Books)",Books,"Audit, prep",PW-20261003-P1,1500.00\r\n' +
        '2026-10-20,Refund,"Deliverable: Audit, prep (Books)",Books,"Audit, prep",PW-20261003-P1,-500.00\r\n',
    );
  });

  it("has the totals and the no-credit line in its PDF", () => {
    const texts = businessStatementPdfBlocks(statement).flatMap((block) => ("text" in block ? [block.text] : []));
    expect(texts).toContain("Net: $1,000.00");
    expect(texts).toContain(STATEMENT_COPY.noCredits);
    const bytes = renderBusinessStatementPdf(statement);
    expect(new TextDecoder("latin1").decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(renderBusinessStatementPdf(statement)).toEqual(bytes);
  });
});

describe("a transfer's part in a month", () => {
  const october = monthBounds("2026-10");
  const base = { chargedCents: 10_000, feeCents: 2_000, amountCents: 8_000 };

  it("counts gross and fee the month it was made, sent and reversed the month they happened", () => {
    expect(
      transferInMonth(
        {
          ...base,
          createdAt: new Date("2026-10-02T00:00:00Z"),
          paidAt: new Date("2026-10-02T00:00:00Z"),
          reversedAt: new Date("2026-11-02T00:00:00Z"),
        },
        october.start,
        october.end,
      ),
    ).toEqual({ grossCents: 10_000, feeCents: 2_000, transferredCents: 8_000, reversedCents: 0, heldCents: 0 });
  });

  it("holds what was made and not sent by the month's end, and ignores what is settled before", () => {
    const held = { ...base, createdAt: new Date("2026-09-30T23:59:59Z"), paidAt: null, reversedAt: null };
    expect(transferInMonth(held, october.start, october.end)).toEqual({
      grossCents: 0,
      feeCents: 0,
      transferredCents: 0,
      reversedCents: 0,
      heldCents: 8_000,
    });
    const sentNovember = { ...held, paidAt: new Date("2026-11-01T00:00:00Z") };
    expect(transferInMonth(sentNovember, october.start, october.end)?.heldCents).toBe(8_000);
    const sentSeptember = { ...held, paidAt: new Date("2026-09-30T23:59:59Z") };
    expect(transferInMonth(sentSeptember, october.start, october.end)).toBeNull();
  });

  it("writes the earnings CSV with the month on each row", () => {
    expect(
      earningsStatementCsv({
        month: "2026-10",
        consultant: { name: "Sam" },
        lines: [
          {
            itemId: "i1",
            business: "Acme, Inc.",
            engagement: "Books",
            item: "Audit",
            grossCents: 10_000,
            feeCents: 2_000,
            transferredCents: 8_000,
            reversedCents: 0,
            heldCents: 0,
          },
        ],
        totals: { grossCents: 10_000, feeCents: 2_000, transferredCents: 8_000, reversedCents: 0, heldCents: 0 },
      }),
    ).toBe(
      "Month,Business,Engagement,Deliverable,Gross (USD),Platform fee (USD),Transferred (USD),Reversed (USD),Held at month end (USD)\r\n" +
        '2026-10,"Acme, Inc.",Books,Audit,100.00,20.00,80.00,0.00,0.00\r\n',
    );
  });
});
