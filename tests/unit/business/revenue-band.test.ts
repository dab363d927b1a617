import { describe, expect, it } from "vitest";
import { bandDisagreement, REVENUE_BAND_COPY, revenueBandOf } from "~/lib/business/revenue-band";
import { booksYearIncome, monthsEndingAt } from "~/lib/finance/finance";

describe("the revenue band against the books (ADR 050)", () => {
  it("puts a year's revenue in its band, a bound in the band above", () => {
    expect(revenueBandOf(-20_000)).toBe("< 5 million");
    expect(revenueBandOf(4_999_999.99)).toBe("< 5 million");
    expect(revenueBandOf(5_000_000)).toBe("5-10 million");
    expect(revenueBandOf(7_100_000)).toBe("5-10 million");
    expect(revenueBandOf(15_000_000)).toBe("15-20 million");
    expect(revenueBandOf(95_000_000)).toBe("> 20 million");
  });

  it("reads the last twelve complete months of the report, none missing", () => {
    const months = monthsEndingAt("2026-11", 24);
    const rows = months.map((date) => ({ date, Income: 600_000, NetIncome: 60_000 }));
    expect(booksYearIncome(rows, "2026-11")).toEqual({ months: monthsEndingAt("2026-10", 12), income: 7_200_000 });
    expect(
      booksYearIncome(
        rows.filter((row) => row.date !== "2026-03"),
        "2026-11",
      ),
    ).toBeNull();
  });

  it("says when the books and the chosen band disagree, with the months", () => {
    const year = { months: monthsEndingAt("2026-10", 12), income: 7_105_234.5 };
    expect(bandDisagreement("5-10 million", year)).toBeNull();
    expect(bandDisagreement("< 5 million", null)).toBeNull();
    const d = bandDisagreement("< 5 million", year)!;
    expect(d).toEqual({
      chosen: "< 5 million",
      books: "5-10 million",
      revenue: 7_105_234.5,
      period: "Nov 2025 to Oct 2026",
    });
    expect(REVENUE_BAND_COPY.statement(d)).toBe(
      'Your books show $7,105,234.50 of income for Nov 2025 to Oct 2026, in the "5-10 Million" band, but the revenue band you chose is "< 5 Million".',
    );
  });
});
