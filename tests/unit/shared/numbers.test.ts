import { describe, expect, it } from "vitest";
import {
  formatDollars,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPoints,
} from "~/lib/shared/numbers";

const ORIGINAL_TZ = process.env.TZ;

describe("formatMoney and formatDollars, the one money format (ADR 052)", () => {
  it('writes "$1,234.56": dollar sign, thousands commas, always cents', () => {
    expect(formatMoney(123_456)).toBe("$1,234.56");
    expect(formatMoney(50_000)).toBe("$500.00");
    expect(formatMoney(24_700)).toBe("$247.00");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(123_456_789_00)).toBe("$123,456,789.00");
    expect(formatDollars(1327.07)).toBe("$1,327.07");
    expect(formatDollars(7_100_000)).toBe("$7,100,000.00");
  });

  it('puts the hyphen-minus before the dollar sign, and "+" only on a change', () => {
    expect(formatMoney(-6000)).toBe("-$60.00");
    expect(formatDollars(-1200)).toBe("-$1,200.00");
    expect(formatDollars(290, { signed: true })).toBe("+$290.00");
    expect(formatDollars(-60, { signed: true })).toBe("-$60.00");
    expect(formatDollars(0, { signed: true })).toBe("$0.00");
    expect(formatDollars(-0.001)).toBe("$0.00");
    expect(formatDollars(290)).toBe("$290.00");
  });

  it("rounds a dollar figure to the cent as its decimal value reads, half away from zero", () => {
    expect(formatDollars(1327.066)).toBe("$1,327.07");
    expect(formatDollars(0.125)).toBe("$0.13");
    expect(formatDollars(-0.125)).toBe("-$0.13");
    expect(formatDollars(2.675)).toBe("$2.68"); // as it reads, though the double is 2.67499…
    expect(formatNumber(24.65, 1)).toBe("24.7");
    expect(formatMoney(-1)).toBe("-$0.01");
  });

  it('rounds to whole dollars only when asked (plan prices, chart ticks): "$182,400"', () => {
    expect(formatDollars(182_400.4, { whole: true })).toBe("$182,400");
    expect(formatDollars(182_400.5, { whole: true })).toBe("$182,401");
    expect(formatDollars(-48_200, { whole: true })).toBe("-$48,200");
    expect(formatDollars(48_200, { whole: true, signed: true })).toBe("+$48,200");
    expect(formatMoney(12_345, { whole: true })).toBe("$123");
    expect(formatDollars(0.4, { whole: true })).toBe("$0");
  });

  it("does not depend on the machine's time zone or locale data", () => {
    process.env.TZ = "Asia/Kolkata";
    try {
      expect(formatMoney(123_456_78)).toBe("$123,456.78");
    } finally {
      process.env.TZ = ORIGINAL_TZ;
    }
  });
});

describe("formatNumber", () => {
  it("groups thousands and drops trailing zeros", () => {
    expect(formatNumber(1234)).toBe("1,234");
    expect(formatNumber(5000)).toBe("5,000");
    expect(formatNumber(24.68, 1)).toBe("24.7");
    expect(formatNumber(37, 1)).toBe("37");
    expect(formatNumber(37.04, 1)).toBe("37");
    expect(formatNumber(-3.5, 1)).toBe("-3.5");
    expect(formatNumber(-0.01, 1)).toBe("0");
    expect(formatNumber(1_234_567.891, 2)).toBe("1,234,567.89");
  });
});

describe("formatPercent, the one percentage format", () => {
  it('writes "12.3%" with no space, one decimal kept for a measured share', () => {
    expect(formatPercent(12.34)).toBe("12.3%");
    expect(formatPercent(12)).toBe("12.0%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(-3)).toBe("-3.0%");
    expect(formatPercent(-0.04)).toBe("0.0%");
    expect(formatPercent(1234.5)).toBe("1,234.5%");
  });

  it('writes a whole percent the product sets or rounds to: "20%", "65%"', () => {
    expect(formatPercent(20, { decimals: 0 })).toBe("20%");
    expect(formatPercent(65, { decimals: 0 })).toBe("65%");
    expect(formatPercent(99.6, { decimals: 0 })).toBe("100%");
  });

  it('signs a change: "+33.3%", "-3.0%", "0.0%"', () => {
    expect(formatPercent(33.333, { signed: true })).toBe("+33.3%");
    expect(formatPercent(-3, { signed: true })).toBe("-3.0%");
    expect(formatPercent(0.04, { signed: true })).toBe("0.0%");
  });
});

describe("formatPoints", () => {
  it("spells out percentage points, one decimal, singular for 1.0", () => {
    expect(formatPoints(2.14)).toBe("2.1 percentage points");
    expect(formatPoints(1)).toBe("1.0 percentage point");
    expect(formatPoints(7.5, { signed: true })).toBe("+7.5 percentage points");
    expect(formatPoints(-3.25, { signed: true })).toBe("-3.3 percentage points");
    expect(formatPoints(0, { signed: true })).toBe("0.0 percentage points");
  });
});

describe("formatFileSize, the one file size format", () => {
  it("uses decimal units: the 16,000,000-byte upload limit is 16 MB", () => {
    expect(formatFileSize(16_000_000)).toBe("16 MB");
    expect(formatFileSize(2_000_000)).toBe("2 MB");
    expect(formatFileSize(10 * 1000 ** 3)).toBe("10 GB");
    expect(formatFileSize(50 * 1000 ** 3)).toBe("50 GB");
  });

  it('gives one decimal under 10 of a unit and whole numbers from 10, never ".0"', () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1000)).toBe("1 KB");
    expect(formatFileSize(1234)).toBe("1.2 KB");
    expect(formatFileSize(9960)).toBe("10 KB");
    expect(formatFileSize(830_400)).toBe("830 KB");
    expect(formatFileSize(1_234_567)).toBe("1.2 MB");
    expect(formatFileSize(4_500_000)).toBe("4.5 MB");
    expect(formatFileSize(15_999_999)).toBe("16 MB");
  });

  it("moves to the next unit when the rounded figure reaches 1,000", () => {
    expect(formatFileSize(999_499)).toBe("999 KB");
    expect(formatFileSize(999_600)).toBe("1 MB");
    expect(formatFileSize(999_999_999)).toBe("1 GB");
  });
});
