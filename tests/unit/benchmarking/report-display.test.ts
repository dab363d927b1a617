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
import type { BenchmarkingPageView } from "~/lib/benchmarking/report-types";
import { SAMPLE_REPORT } from "../../fixtures/benchmarking/report";

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
