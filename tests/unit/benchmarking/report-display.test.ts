import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BenchmarkReport } from "~/components/benchmarking/benchmark-report";
import { benchmarkingSummary } from "~/components/benchmarking/benchmarking-summary";
import {
  benchmarkingBasisNote,
  benchmarkingBuyButton,
  benchmarkingBuyText,
  benchmarkingDollarsNote,
  benchmarkingIncludedText,
} from "~/lib/benchmarking/benchmarking-copy";
import {
  chartableMeasures,
  chartSummary,
  formatGap,
  formatMeasureTick,
  formatMeasureValue,
  formatMonth,
  restatedYears,
} from "~/lib/benchmarking/report-display";
import type { BenchmarkingPageView, BenchmarkReportData } from "~/lib/benchmarking/report-types";
import { deriveBenchmarkGapInsights } from "~/lib/benchmarking/gap-insights";
import { reportAsRead } from "~/lib/benchmarking/report";
import type { ExpenseLine } from "~/lib/finance/expense-lines";
import { monthsEndingAt } from "~/lib/finance/finance";
import { benchmarkGapInsights, computeBenchmarkReport } from "~/server/benchmarking/report-compute.server";
import {
  BOOKS_INSIGHT_STORED_BEFORE_CENTS,
  BOOKS_REPORT_STORED_BEFORE_CENTS,
  SAMPLE_REPORT,
  STATED_REPORT_STORED_BEFORE_CENTS,
} from "../../fixtures/benchmarking/report";
import { REFERENCE_DATA } from "./committed-reference-data";

const measure = (key: string) => SAMPLE_REPORT.measures.find((m) => m.key === key)!;

describe("formatMeasureValue", () => {
  it("writes dollars with cents (the books' and Census's alike), counts with at most one decimal, percents with one", () => {
    expect(formatMeasureValue("usd", 186_822.4)).toBe("$186,822.40");
    expect(formatMeasureValue("usd", 182_400)).toBe("$182,400.00");
    expect(formatMeasureValue("usd", -1200)).toBe("-$1,200.00");
    expect(formatMeasureValue("count", 37)).toBe("37");
    expect(formatMeasureValue("count", 10.44)).toBe("10.4");
    expect(formatMeasureValue("percent", 6.4)).toBe("6.4%");
    expect(formatMeasureValue("percent", -2)).toBe("-2.0%");
  });

  it("writes a missing figure as a dash, never zero", () => {
    expect(formatMeasureValue("usd", null)).toBe("—");
  });
});

describe("formatGap", () => {
  it("gives the percent and the amount in the measure's unit, signed", () => {
    expect(formatGap(measure("revenue"))).toBe("-14.7% (-$1,192,871.20)");
    expect(formatGap(measure("revenuePerEmployee"))).toBe("+9.0% (+$15,422.40)");
    expect(formatGap({ unit: "count", gapPercent: 12.5, gapAmount: 3.5 })).toBe("+12.5% (+3.5 employees)");
    expect(formatGap({ unit: "count", gapPercent: -2.6, gapAmount: -1 })).toBe("-2.6% (-1 employee)");
    expect(formatGap({ unit: "percent", gapPercent: 40, gapAmount: 2.1 })).toBe("+2.1 percentage points");
    expect(formatGap({ unit: "percent", gapPercent: null, gapAmount: -1 })).toBe("-1.0 percentage point");
  });

  it("is null when a side is missing (net margin has no peer figure)", () => {
    expect(formatGap(measure("netMargin"))).toBeNull();
  });
});

describe("report helpers", () => {
  it("formats the books' last month", () => {
    expect(formatMonth("2026-10")).toBe("Oct 2026");
    expect(formatMonth("2026-06")).toBe("June 2026");
    expect(formatMonth("soon")).toBe("soon");
  });

  it("names the years peer dollars were restated from", () => {
    expect(restatedYears(SAMPLE_REPORT)).toEqual([2017]);
    const mixed = {
      measures: [
        { ...measure("revenue"), source: "abs2017" as const },
        { ...measure("revenuePerEmployee"), source: "ec2022construction" as const },
      ],
      sources: [
        { key: "ec2022construction" as const, name: "Economic Census", year: 2022 },
        { key: "abs2017" as const, name: "Annual Business Survey", year: 2017 },
      ],
    };
    expect(restatedYears(mixed)).toEqual([2017, 2022]);
    expect(benchmarkingDollarsNote(2024, [2017, 2022])).toBe(
      "Peer dollars are in 2024 dollars, restated from 2017 and 2022 with the CPI-U; the published figure is shown beside each.",
    );
  });

  it("draws only the measures with both sides", () => {
    expect(chartableMeasures(SAMPLE_REPORT.measures).map((m) => m.key)).toEqual(["revenue", "revenuePerEmployee"]);
    expect(chartSummary(measure("revenue"), "Your company", "Average of peer firms")).toBe(
      "Revenue: your company $6,912,428.80, average of peer firms $8,105,300.00.",
    );
    expect(chartSummary(measure("revenuePerEmployee"), "Your company", "Average of peer firms")).toBe(
      "Revenue per employee: your company $186,822.40, average of peer firms $171,400.00.",
    );
  });

  it("ticks the chart's dollar axis in whole dollars (a scale), other axes as their figures", () => {
    expect(formatMeasureTick("usd", 200_000)).toBe("$200,000");
    expect(formatMeasureTick("usd", 2_500_000)).toBe("$2,500,000");
    expect(formatMeasureTick("count", 12.5)).toBe("12.5");
    expect(formatMeasureTick("percent", 10)).toBe("10.0%");
  });

  it("says where the business's figures come from", () => {
    expect(benchmarkingBasisNote("books", "Oct 2026")).toBe(
      "Your figures come from your books, the twelve months through Oct 2026.",
    );
    expect(benchmarkingBasisNote("stated", null)).toBe("Your figures come from the bands you gave at sign-up.");
  });

  it("words the way in: buy or included", () => {
    expect(benchmarkingBuyText("$299.00", 2026)).toBe("One payment of $299.00 unlocks benchmarking for 2026.");
    expect(benchmarkingBuyButton("$299.00")).toBe("Unlock for $299.00");
    expect(benchmarkingIncludedText("SCALE", 2026)).toBe(
      "Your SCALE plan includes benchmarking for 2026, at no extra charge.",
    );
  });
});

describe("BenchmarkReport (server render, before charts load)", () => {
  const html = renderToStaticMarkup(createElement(BenchmarkReport, { report: SAMPLE_REPORT }));

  it("names the peer group, its note, the dollars and the sources with their year", () => {
    expect(html).toContain(SAMPLE_REPORT.peerGroup.name);
    expect(html).toContain(SAMPLE_REPORT.peerGroup.note!);
    expect(html).toContain(
      "Peer dollars are in 2024 dollars, restated from 2017 with the CPI-U; the published figure is shown beside each.",
    );
    expect(html).toContain("Your figures come from your books, the twelve months through Oct 2026.");
    expect(html).toContain("Built on Nov 23, 2026.");
    expect(html).toContain("US Census Bureau, Annual Business Survey (2017)");
  });

  it("shows every measure's figures as text, the published peer figure, the gap and the position", () => {
    // Every dollar amount with cents (ADR 052): the business's own figures and the Census averages.
    expect(html).toContain('<span class="bench-value">$6,912,428.80</span>');
    expect(html).toContain('<span class="bench-value">$8,105,300.00</span>');
    expect(html).toContain("(published: $6,333,500.00)");
    expect(html).toContain('<span class="bench-value">-14.7% (-$1,192,871.20)</span>');
    expect(html).toContain('<span class="bench-value">$186,822.40</span>');
    expect(html).toContain('<span class="bench-value">$171,400.00</span>');
    expect(html).toContain("(published: $133,930.00)");
    expect(html).toContain('<span class="bench-value">+9.0% (+$15,422.40)</span>');
    expect(html).not.toMatch(/\$[\d,]+(?![\d,.])/);
    expect(html).toContain("Larger than about 88% of retail firms by receipts");
    expect(html).toContain("Census publishes no profit figures, so there is no peer figure for net margin.");
    for (const reading of SAMPLE_REPORT.readings) expect(html).toContain(reading);
    // chart.js is loaded in the browser only, after hydration.
    expect(html).not.toContain("<canvas");
  });

  it("never calls the peer figure a median", () => {
    expect(html.toLowerCase()).not.toContain("median");
  });
});

describe("benchmarkingSummary (the dashboard card and the features tab)", () => {
  it("keeps the status and the peer group's name", () => {
    const view: BenchmarkingPageView = {
      businessId: "b1",
      year: 2026,
      access: "purchased",
      planName: "BASIC",
      trialEndsAt: null,
      priceLabel: "$299.00",
      connected: true,
      status: "ready",
      stalled: false,
      report: SAMPLE_REPORT,
      bands: null,
    };
    expect(benchmarkingSummary(view)).toEqual({
      year: 2026,
      access: "purchased",
      planName: "BASIC",
      trialEndsAt: null,
      priceLabel: "$299.00",
      status: "ready",
      peerGroup: SAMPLE_REPORT.peerGroup.name,
    });
    expect(benchmarkingSummary({ ...view, status: "none", report: null }).peerGroup).toBeNull();
  });
});

describe("a report stored before every amount had cents (ADR 052) reads exactly like a new one (ADR 060)", () => {
  // The inputs BOOKS_/STATED_REPORT_STORED_BEFORE_CENTS were built from by the code before cents.
  const MONTHS = monthsEndingAt("2026-10", 12);
  const NOW = new Date("2026-11-20T08:00:00.000Z");
  const LAST_UPDATE = "2026-11-03T10:00:00.000Z";
  const books = {
    rows: monthsEndingAt("2026-11", 24).map((date, i) => ({
      date,
      Income: 215_718.37 + (i % 3) * 1.11,
      NetIncome: 9_377.21,
    })),
    payrollByMonth: Object.fromEntries(MONTHS.map((m) => [m, 70_912.53])),
    periodEnd: "2026-11",
    lastUpdate: LAST_UPDATE,
  };
  const business = { numberOfEmployees: 37, employeeBand: "25-50", revenueBand: "< 5 million" } as const;
  const newBooksReport = computeBenchmarkReport(REFERENCE_DATA, {
    year: 2026,
    now: NOW,
    business: { ...business, naics: "722511" },
    books,
  });
  const newStatedReport = computeBenchmarkReport(REFERENCE_DATA, {
    year: 2026,
    now: NOW,
    business: { ...business, naics: "541211", revenueBand: "5-10 million" },
    books: null,
  });
  /** The finance report's expense lines the books report was built from: one wages account. */
  const wages: ExpenseLine[] = [
    {
      accountId: "60",
      account: "Wages",
      group: "Expenses",
      path: ["Expenses", "Payroll Expenses"],
      monthly: monthsEndingAt("2026-11", 24).map((date) => ({ date, amount: 70_912.53 })),
    },
  ];
  const of = (report: BenchmarkReportData, key: string) => report.measures.find((m) => m.key === key)!;
  const amounts = (text: string) => text.match(/\$[\d,]+(?:\.\d+)?/g) ?? [];

  it("from the books: readings, the payroll note and the gaps written from its numbers, to the cent", () => {
    // Its payroll total was kept only as whole dollars in the note ("$850,950"): it is read again
    // from the same books (the finance report of its booksVersion).
    const read = reportAsRead(BOOKS_REPORT_STORED_BEFORE_CENTS, {
      expenseLines: wages,
      lastUpdate: new Date(LAST_UPDATE),
    });
    expect(read.readings).toEqual([
      "Your revenue for Nov 2025 to Oct 2026 ($2,588,633.76) is 43.5% higher than the average of peer firms ($1,803,772.00), $784,861.76 more.",
      "You have 37 employees, 42.1% more than the average peer firm (26).",
      "Wages and salaries take 32.9% of your revenue, 1.3 percentage points less than at peer firms (34.2%).",
    ]);
    expect(of(read, "payrollPerEmployee").businessNote).toBe(
      "Wages and salaries for Nov 2025 to Oct 2026 ($850,950.36) divided by 37 employees.",
    );
    expect(formatGap(of(read, "revenue"))).toBe("+43.5% (+$784,861.76)");
    expect(formatGap(of(read, "revenuePerEmployee"))).toBe("+1.0% (+$686.07)");
    expect(formatGap(of(read, "payrollPerEmployee"))).toBe("-2.9% (-$695.34)");
    // Word for word the report the engine builds today from the same books.
    expect(read).toEqual(newBooksReport);
  });

  it("from the stated bands: the band's note, revenue per employee's note, readings and gaps, to the cent", () => {
    const read = reportAsRead(STATED_REPORT_STORED_BEFORE_CENTS);
    expect(of(read, "revenue").businessNote).toBe(
      'From the bands you gave at sign-up: revenue band "5-10 Million", taken as its midpoint, $7,500,000.00.',
    );
    expect(of(read, "revenuePerEmployee").businessNote).toBe(
      "From the bands you gave at sign-up: $7,500,000.00 divided by 37 employees.",
    );
    expect(read.readings[2]).toBe(
      "Your revenue per employee ($202,702.70, from the bands you gave at sign-up) is 17.0% lower than the average of peer firms ($244,163.00), $41,460.30 less per employee.",
    );
    expect(formatGap(of(read, "revenuePerEmployee"))).toBe("-17.0% (-$41,460.30)");
    expect(read).toEqual(newStatedReport);
    // Why the bands were used (books short of twelve months) stays before the rewritten figures.
    const short =
      "Your books do not cover all twelve complete months Nov 2025 to Oct 2026, so the figures come from the bands you gave at sign-up.";
    const withReason = {
      ...STATED_REPORT_STORED_BEFORE_CENTS,
      measures: STATED_REPORT_STORED_BEFORE_CENTS.measures.map((m) =>
        m.key === "revenue" ? { ...m, businessNote: `${short} ${m.businessNote}` } : m,
      ),
    };
    expect(of(reportAsRead(withReason), "revenue").businessNote).toBe(
      `${short} From the bands you gave at sign-up: revenue band "5-10 Million", taken as its midpoint, $7,500,000.00.`,
    );
  });

  it("its benchmark_gap insight's summary is written from the same numbers", () => {
    const [insight] = deriveBenchmarkGapInsights(reportAsRead(BOOKS_REPORT_STORED_BEFORE_CENTS));
    expect(BOOKS_INSIGHT_STORED_BEFORE_CENTS.summary).toContain("($2,588,634)");
    expect(insight.title).toBe(BOOKS_INSIGHT_STORED_BEFORE_CENTS.title);
    expect(insight.summary).toBe(benchmarkGapInsights(newBooksReport)[0].summary);
    expect(insight.summary).toContain("($2,588,633.76)");
    expect(amounts(insight.summary).every((amount) => /\.\d\d$/.test(amount))).toBe(true);
  });

  it("a new report reads as it was built: the stored texts and the derived ones are one", () => {
    expect(reportAsRead(newBooksReport)).toEqual(newBooksReport);
    expect(reportAsRead(newStatedReport)).toEqual(newStatedReport);
    expect(reportAsRead(SAMPLE_REPORT).measures).toEqual(SAMPLE_REPORT.measures);
  });

  it("the payroll total comes back only from the same books; otherwise the note names no amount", () => {
    const payrollNote = (report: BenchmarkReportData, books: Parameters<typeof reportAsRead>[1]) =>
      of(reportAsRead(report, books), "payrollPerEmployee").businessNote;
    const without = "Wages and salaries for Nov 2025 to Oct 2026 divided by 37 employees.";
    // Books refreshed since (another version; the refresh rebuilds the report), or none.
    const later = { expenseLines: wages, lastUpdate: new Date("2026-12-03T10:00:00.000Z") };
    expect(payrollNote(BOOKS_REPORT_STORED_BEFORE_CENTS, later)).toBe(without);
    expect(payrollNote(BOOKS_REPORT_STORED_BEFORE_CENTS, null)).toBe(without);
    expect(
      payrollNote(BOOKS_REPORT_STORED_BEFORE_CENTS, { expenseLines: null, lastUpdate: new Date(LAST_UPDATE) }),
    ).toBe(without);
    // Lines that no longer give the report's payroll per employee (reclassified since): no total.
    const changed = [{ ...wages[0], monthly: wages[0].monthly.map((m) => ({ ...m, amount: 70_000 })) }];
    expect(
      payrollNote(BOOKS_REPORT_STORED_BEFORE_CENTS, { expenseLines: changed, lastUpdate: new Date(LAST_UPDATE) }),
    ).toBe(without);
    // A report that keeps its total needs nothing from the books.
    expect(newBooksReport.payroll).toBe(850_950.36);
    expect(payrollNote(newBooksReport, null)).toBe(
      "Wages and salaries for Nov 2025 to Oct 2026 ($850,950.36) divided by 37 employees.",
    );
  });

  it("renders with no whole-dollar amount anywhere", () => {
    for (const stored of [BOOKS_REPORT_STORED_BEFORE_CENTS, STATED_REPORT_STORED_BEFORE_CENTS]) {
      const markup = renderToStaticMarkup(createElement(BenchmarkReport, { report: reportAsRead(stored) }));
      expect(amounts(markup).length).toBeGreaterThan(5);
      expect(amounts(markup).filter((amount) => !/\.\d\d$/.test(amount))).toEqual([]);
    }
  });
});
