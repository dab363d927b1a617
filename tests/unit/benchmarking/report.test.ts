import { describe, expect, it } from "vitest";
import { EMPLOYER_SIZE_CLASSES } from "~/lib/benchmarking/benchmarks";
import {
  benchmarkGapTitle,
  dollarsNote,
  formatMeasureValue,
  positionText,
  readingText,
} from "~/lib/benchmarking/benchmarking-copy";
import { gapAmount, gapPercent, largestGaps, positionIn } from "~/lib/benchmarking/report";
import type { BenchmarkMeasure } from "~/lib/benchmarking/report-types";
import { monthsEndingAt } from "~/lib/finance/finance";
import { REFERENCE_DATA, sectorDistribution } from "./committed-reference-data";
import { computeBenchmarkReport, type ComputeBenchmarkInput } from "~/server/benchmarking/report-compute.server";

const NOW = new Date("2026-11-20T08:00:00.000Z");
const MONTHS = monthsEndingAt("2026-10", 12);
const booksFor = (income = 100_000, net = 8_000, payroll = 30_000): ComputeBenchmarkInput["books"] => ({
  rows: monthsEndingAt("2026-11", 24).map((date) => ({ date, Income: income, NetIncome: net })),
  payrollByMonth: Object.fromEntries(MONTHS.map((m) => [m, payroll])),
  periodEnd: "2026-11",
  lastUpdate: "2026-11-03T10:00:00.000Z",
});
const compute = (naics: string, over: Partial<ComputeBenchmarkInput["business"]> = {}, books = booksFor()) =>
  computeBenchmarkReport(REFERENCE_DATA, {
    year: 2026,
    now: NOW,
    business: { naics, numberOfEmployees: 37, employeeBand: "25-50", revenueBand: "< 5 million", ...over },
    books,
  });
const measure = (r: ReturnType<typeof compute>, key: BenchmarkMeasure["key"]) => r.measures.find((m) => m.key === key)!;

describe("gaps", () => {
  it("percent: (business − peer) ÷ peer × 100 to one decimal; null without both sides or with a 0 peer", () => {
    expect(gapPercent(37, 26.04)).toBe(42.1);
    expect(gapPercent(32432.43, 69277)).toBe(-53.2);
    expect(gapPercent(100, 100)).toBe(0);
    expect(gapPercent(null, 5)).toBeNull();
    expect(gapPercent(5, null)).toBeNull();
    expect(gapPercent(5, 0)).toBeNull();
  });

  it("amount in the measure's unit: dollars to the cent, employees and percentage points to one decimal", () => {
    expect(gapAmount(32432.43, 69277, "usd")).toBe(-36844.57);
    expect(gapAmount(186_822.4, 182_400, "usd")).toBe(4422.4);
    expect(gapAmount(37, 26.04, "count")).toBe(11);
    expect(gapAmount(30, 34.2, "percent")).toBe(-4.2);
    expect(gapAmount(null, 1, "usd")).toBeNull();
  });
});

describe("the report of a full-service restaurant with twelve months of books (722511, 37 employees)", () => {
  const r = compute("722511");

  it("is stored with its year, build time, basis, dollars year, sources and books version", () => {
    expect(r).toMatchObject({
      version: 1,
      year: 2026,
      builtAt: "2026-11-20T08:00:00.000Z",
      dollarsOf: 2024,
      basis: "books",
      booksThrough: "2026-10",
      booksVersion: "2026-11-03T10:00:00.000Z",
      sources: [
        { key: "abs2017", name: "U.S. Census Bureau, Annual Business Survey (ABS), Company Summary", year: 2017 },
      ],
    });
    expect(r.peerGroup.name).toBe(
      "Full-service restaurants (NAICS 722511), 2017; Accommodation and food services (NAICS 72) firms with 20 to 49 employees, 2017",
    );
    expect(r.measures.map((m) => m.key)).toEqual([
      "revenue",
      "employees",
      "revenuePerEmployee",
      "payrollPerEmployee",
      "payrollShare",
      "netMargin",
    ]);
  });

  it("revenue against the industry's receipts per firm, restated from 2017 in 2024 dollars", () => {
    expect(measure(r, "revenue")).toMatchObject({
      label: "Revenue",
      unit: "usd",
      business: 1_200_000,
      businessBasis: "books",
      businessNote: "Income for Nov 2025 to Oct 2026, from your books.",
      peer: 1_803_772,
      peerAsPublished: 1_409_487,
      peerGroup: "industry",
      peerLabel: "Full-service restaurants (NAICS 722511), all employer firms, 2017",
      source: "abs2017",
      gapPercent: -33.5,
      gapAmount: -603_772,
    });
  });

  it("employees against the industry's employees per firm (a count, not restated)", () => {
    expect(measure(r, "employees")).toMatchObject({
      business: 37,
      peer: 26.04,
      peerAsPublished: 26.04,
      gapPercent: 42.1,
      gapAmount: 11,
    });
  });

  it("revenue and payroll per employee, and payroll's share, against the industry (more specific than the sector)", () => {
    expect(measure(r, "revenuePerEmployee")).toMatchObject({
      business: 32432.43,
      businessNote: "Income for Nov 2025 to Oct 2026 divided by 37 employees.",
      peer: 69_277,
      peerAsPublished: 54_134,
      peerGroup: "industry",
      gapPercent: -53.2,
      gapAmount: -36_844.57,
    });
    expect(measure(r, "payrollPerEmployee")).toMatchObject({
      business: 9729.73,
      peer: 23_694,
      peerAsPublished: 18_515,
      gapPercent: -58.9,
      gapAmount: -13_964.27,
    });
    expect(measure(r, "payrollShare")).toMatchObject({
      unit: "percent",
      business: 30,
      peer: 34.2,
      gapPercent: -12.3,
      gapAmount: -4.2,
    });
  });

  it("net margin: the business's own figure, no peer, said plainly", () => {
    expect(measure(r, "netMargin")).toEqual({
      key: "netMargin",
      label: "Net margin",
      unit: "percent",
      business: 8,
      businessBasis: "books",
      businessNote: "Net income for Nov 2025 to Oct 2026 divided by income.",
      peer: null,
      peerAsPublished: null,
      peerGroup: "industry",
      peerLabel: "Census publishes no profit figures, so there is no peer figure for net margin.",
      source: "abs2017",
      gapPercent: null,
      gapAmount: null,
      position: null,
      positionPercent: null,
    });
  });

  it("positions in the sector's distributions: by employees and by revenue (in 2017 dollars)", () => {
    const dist = sectorDistribution("employees", "72");
    const share = (code: string) => dist.find((c) => c.sizeClass === code)!.firmShare!;
    const expected = Math.floor(
      (share("611") + share("612") + share("620") + share("630") + (share("641") * (37 - 20)) / 30) * 100,
    );
    expect(measure(r, "employees").positionPercent).toBe(expected);
    expect(measure(r, "employees").position).toBe(
      `larger than about ${expected}% of accommodation and food services firms by employees`,
    );
    // $1.2M of today is $937,684 of 2017: inside the $500K–$999,999 class.
    const rdist = sectorDistribution("receipts", "72");
    const rshare = (code: string) => rdist.find((c) => c.sizeClass === code)!.firmShare!;
    const in2017 = (1_200_000 * 245.12) / 313.689;
    const rexpected = Math.floor(
      (["510", "520", "522", "523", "525"].reduce((s, c) => s + rshare(c), 0) +
        (rshare("531") * (in2017 - 500_000)) / 500_000) *
        100,
    );
    expect(measure(r, "revenue").positionPercent).toBe(rexpected);
    expect(measure(r, "revenue").position).toBe(
      `larger than about ${rexpected}% of accommodation and food services firms by revenue`,
    );
    expect(measure(r, "revenuePerEmployee").position).toBeNull();
  });

  it("reads the three largest gaps, largest first", () => {
    expect(r.readings).toEqual([
      "Your payroll per employee for Nov 2025 to Oct 2026 ($9,729.73) is 58.9% lower than the average of peer firms ($23,694.00), $13,964.27 less per employee.",
      "Your revenue per employee for Nov 2025 to Oct 2026 ($32,432.43) is 53.2% lower than the average of peer firms ($69,277.00), $36,844.57 less per employee.",
      "You have 37 employees, 42.1% more than the average peer firm (26).",
    ]);
  });
});

describe("a retailer whose industry is the sector: the size class gives the per-employee peers", () => {
  const r = compute("459110", { numberOfEmployees: 64, employeeBand: "50-100" });

  it("uses retail trade firms with 50 to 99 employees for the ratios and the industry for size", () => {
    expect(r.peerGroup.name).toBe("Retail trade (NAICS 44-45), firms with 50 to 99 employees, 2017");
    expect(measure(r, "revenuePerEmployee")).toMatchObject({
      peerGroup: "sizeClass",
      peerLabel: "Retail trade (NAICS 44-45), firms with 50 to 99 employees, 2017",
      peer: 585_171,
      peerAsPublished: 457_259,
    });
    expect(measure(r, "payrollPerEmployee")).toMatchObject({
      peerGroup: "sizeClass",
      peer: 50_379,
      peerAsPublished: 39_367,
    });
    expect(measure(r, "payrollShare")).toMatchObject({ peerGroup: "sizeClass", peer: 8.6 });
    expect(measure(r, "revenue")).toMatchObject({ peerGroup: "industry", peerAsPublished: 7_576_476 });
    expect(measure(r, "employees")).toMatchObject({ peerGroup: "industry", peer: 24.65 });
    expect(measure(r, "employees").position).toBe("larger than about 96% of retail trade firms by employees");
  });
});

describe("construction: a 2022 source restated from 2022", () => {
  it("238220 plumbing: the 2022 Economic Census in 2024 dollars, cited with its year, ABS for the size class", () => {
    const r = compute("238220");
    const rpe = measure(r, "revenuePerEmployee");
    expect(rpe.peerAsPublished).toBe(254_434);
    expect(rpe.peer).toBe(Math.round((254_434 * 313.689) / 292.655));
    expect(rpe.source).toBe("ec2022construction");
    expect(r.sources).toEqual([
      {
        key: "ec2022construction",
        name: "U.S. Census Bureau, 2022 Economic Census, Construction (EC2223BASIC)",
        year: 2022,
      },
      { key: "abs2017", name: "U.S. Census Bureau, Annual Business Survey (ABS), Company Summary", year: 2017 },
    ]);
  });
});

describe("without books: the stated bands", () => {
  it("compares revenue, employees and revenue per employee; payroll and margin need books", () => {
    const r = compute("722511", { revenueBand: "5-10 million", employeeBand: "50-100", numberOfEmployees: 75 }, null);
    expect(r.basis).toBe("stated");
    expect(r.booksThrough).toBeNull();
    expect(r.booksVersion).toBeNull();
    expect(measure(r, "revenue")).toMatchObject({ business: 7_500_000, businessBasis: "stated", gapPercent: 315.8 });
    expect(measure(r, "payrollShare")).toMatchObject({
      business: null,
      businessBasis: null,
      gapPercent: null,
      peer: 34.2,
    });
    expect(r.readings).toEqual([
      "Your revenue ($7,500,000.00, from the bands you gave at sign-up) is 4.2 times the average of peer firms ($1,803,772.00), $5,696,228.00 more.",
      "You have 75 employees, 2.9 times as many as the average peer firm (26).",
      "Your revenue per employee ($100,000.00, from the bands you gave at sign-up) is 44.3% higher than the average of peer firms ($69,277.00), $30,723.00 more per employee.",
    ]);
  });
});

describe("the server wrapper", () => {
  it("names the business's code in the note with its NAICS 2022 title by default", () => {
    expect(compute("541120", { numberOfEmployees: 3, employeeBand: "0-25" }).peerGroup.note).toBe(
      "NAICS 541120 (Offices of Notaries) has no published Census figures of its own; the nearest level that means the same industry and has published figures is Legal services (NAICS 5411) (the levels in between changed in 2022 or have no published figures).",
    );
  });

  it("refuses a code that is not NAICS", () => {
    expect(() => compute("72-511")).toThrow('Not a NAICS code: "72-511"');
  });

  it("keeps the finance report's version even when too few months send it to the bands", () => {
    const short = booksFor();
    const r = compute("722511", {}, short && { ...short, rows: short.rows.filter((row) => row.date !== "2026-01") });
    expect(r.basis).toBe("stated");
    expect(r.booksVersion).toBe("2026-11-03T10:00:00.000Z");
  });
});

describe("positions", () => {
  const bounds = [
    { code: "a", min: 0, max: 0 },
    { code: "b", min: 1, max: 4 },
    { code: "c", min: 5, max: 9 },
    { code: "d", min: 10, max: Infinity },
  ];
  const classes = (shares: Record<string, number | undefined>) =>
    Object.entries(shares).map(([sizeClass, firmShare]) => ({ sizeClass, firmShare }));

  it("counts the classes below and its part of its own class", () => {
    expect(positionIn(7, bounds, classes({ a: 0.1, b: 0.5, c: 0.2, d: 0.2 }))).toEqual({ percent: 68, atLeast: false });
    expect(positionIn(0, bounds, classes({ a: 0.1, b: 0.5, c: 0.2, d: 0.2 }))).toEqual({ percent: 0, atLeast: false });
  });

  it("in the open top class it is a floor", () => {
    expect(positionIn(5000, bounds, classes({ a: 0.1, b: 0.5, c: 0.2, d: 0.2 }))).toEqual({
      percent: 80,
      atLeast: true,
    });
  });

  it("infers one withheld class's share; two withheld give no position", () => {
    expect(positionIn(7, bounds, classes({ a: undefined, b: 0.5, c: 0.2, d: 0.2 }))).toEqual({
      percent: 68,
      atLeast: false,
    });
    expect(positionIn(7, bounds, classes({ a: undefined, b: undefined, c: 0.2, d: 0.2 }))).toBeNull();
  });

  it("mining: the withheld no-employee class is inferred from the others", () => {
    const r = compute("212114", { numberOfEmployees: 120, employeeBand: "100-150" });
    expect(measure(r, "employees").positionPercent).toBeGreaterThan(90);
  });

  it("words: about, at least, among the smallest", () => {
    expect(positionText("employees", { percent: 96, atLeast: false }, "retail trade")).toBe(
      "larger than about 96% of retail trade firms by employees",
    );
    expect(positionText("revenue", { percent: 86, atLeast: true }, "retail trade")).toBe(
      "larger than at least 86% of retail trade firms by revenue",
    );
    expect(positionText("employees", { percent: 0, atLeast: false }, "construction")).toBe(
      "among the smallest construction firms by employees",
    );
    expect(EMPLOYER_SIZE_CLASSES.at(-1)!.maxEmployees).toBe(Infinity);
  });
});

describe("readings and words", () => {
  const m = (over: Partial<BenchmarkMeasure>): BenchmarkMeasure => ({
    key: "revenuePerEmployee",
    label: "Revenue per employee",
    unit: "usd",
    business: 100,
    businessBasis: "books",
    businessNote: "",
    peer: 100,
    peerAsPublished: 80,
    peerGroup: "industry",
    peerLabel: "",
    source: "abs2017",
    gapPercent: 0,
    gapAmount: 0,
    position: null,
    positionPercent: null,
    ...over,
  });

  it("about the same under 1%", () => {
    expect(readingText(m({ business: 100_500, peer: 100_000, gapPercent: 0.5, gapAmount: 500 }))).toBe(
      "Your revenue per employee ($100,500.00) is about the same as the average of peer firms ($100,000.00).",
    );
    expect(readingText(m({ key: "employees", business: 10, peer: 10.05, gapPercent: -0.5, gapAmount: -0.1 }))).toBe(
      "You have 10 employees, about as many as the average peer firm (10.1).",
    );
  });

  it("payroll share in percentage points", () => {
    expect(readingText(m({ key: "payrollShare", business: 38, peer: 32.8, gapPercent: 15.9, gapAmount: 5.2 }))).toBe(
      "Wages and salaries take 38.0% of your revenue, 5.2 percentage points more than at peer firms (32.8%).",
    );
  });

  it("fewer employees", () => {
    expect(readingText(m({ key: "employees", business: 1, peer: 4.5, gapPercent: -77.8, gapAmount: -3.5 }))).toBe(
      "You have 1 employee, 77.8% fewer than the average peer firm (4.5).",
    );
  });

  it("largest gaps by size, ties in report order, measures without a peer left out", () => {
    const ms = [
      m({ key: "revenue", gapPercent: -20 }),
      m({ key: "employees", gapPercent: 20 }),
      m({ key: "revenuePerEmployee", gapPercent: 50 }),
      m({ key: "netMargin", peer: null, gapPercent: null }),
      m({ key: "payrollShare", gapPercent: 5 }),
    ];
    expect(largestGaps(ms).map((x) => x.key)).toEqual(["revenuePerEmployee", "revenue", "employees"]);
    expect(largestGaps([m({ peer: null, gapPercent: null })])).toEqual([]);
  });

  it("the insight title", () => {
    expect(benchmarkGapTitle(m({ gapPercent: -53.2 }))).toBe("Revenue per employee 53.2% below peer firms");
    expect(benchmarkGapTitle(m({ gapPercent: 0.4 }))).toBe("Revenue per employee in line with peer firms");
    expect(benchmarkGapTitle(m({ business: 420, peer: 100, gapPercent: 320 }))).toBe(
      "Revenue per employee 4.2 times the peer average",
    );
    expect(
      benchmarkGapTitle(
        m({ label: "Payroll as a share of revenue", unit: "percent", gapPercent: 94.2, gapAmount: 9.7 }),
      ),
    ).toBe("Payroll as a share of revenue 9.7 percentage points above peer firms");
  });

  it("figures as on screen", () => {
    expect(formatMeasureValue("usd", 182_400.4)).toBe("$182,400.40");
    expect(formatMeasureValue("usd", 182_400)).toBe("$182,400.00");
    expect(formatMeasureValue("count", 24.65)).toBe("24.7");
    expect(formatMeasureValue("count", 37)).toBe("37");
    expect(formatMeasureValue("percent", -5)).toBe("-5.0%");
    expect(formatMeasureValue("percent", 12.34)).toBe("12.3%");
    expect(formatMeasureValue("usd", null)).toBe("—");
  });

  it("the dollars note", () => {
    expect(dollarsNote(2024, 2017)).toBe("in 2024 dollars, restated from 2017 with the CPI-U");
    expect(dollarsNote(2024, 2024)).toBe("in 2024 dollars");
  });
});
