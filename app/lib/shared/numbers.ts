/**
 * The one format of each kind of number a person reads (docs/decisions/052-one-format-per-value-kind.md):
 * money, counts, percentages, percentage points and file sizes, on every page, in the console, the
 * portal, emails, receipts and their PDF, and the JSON API's display texts.
 *
 * Pure and isomorphic, built from `toFixed` (whose digits the language fixes) and string work, never
 * from Intl or toLocale*, whose output depends on the runtime's ICU data: the server's HTML and the
 * browser's hydration always read the same. A negative number takes the hyphen-minus "-" that the
 * keyboard, the receipts' PDF font (WinAnsi) and plain-text emails all carry; a plus sign only where
 * a change is shown.
 */

/** "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * The sign and the grouped digits of `value` rounded to `decimals` places (half away from zero),
 * without a sign when it rounds to zero; `trim` drops trailing zeros of the decimals.
 */
function digits(value: number, decimals: number, trim: boolean): { sign: "-" | "+" | ""; text: string } {
  const safe = Number.isFinite(value) ? value : 0;
  // Rounded on the number's shortest decimal form ("24.65" → 24.7), which `toFixed` alone gets
  // wrong for halves that binary floating point cannot hold exactly (24.65 is 24.6499…).
  const rounded = Number(`${Math.round(Number(`${Math.abs(safe)}e${decimals}`))}e-${decimals}`);
  const fixed = (Number.isFinite(rounded) ? rounded : Math.abs(safe)).toFixed(decimals);
  const [whole = "0", fraction = ""] = fixed.split(".");
  const shown = trim ? fraction.replace(/0+$/, "") : fraction;
  const zero = /^[0.]*$/.test(fixed);
  return {
    sign: zero ? "" : safe < 0 ? "-" : "+",
    text: `${groupThousands(whole)}${shown ? `.${shown}` : ""}`,
  };
}

export type MoneyOptions = {
  /** "+$290.00" for a gain (a change); a loss is always "-$60.00". */
  signed?: boolean;
  /**
   * Whole dollars, "$182,400": only the plan page's prices (the spec shows "$247") and scales (chart
   * axis ticks). Every other amount has cents: charged, refunded, transferred, received, priced,
   * booked, computed from the books, and the benchmarking report's Census peer averages and gaps
   * ("$182,400.00"; ADR 052).
   */
  whole?: boolean;
};

/** Money from a dollar figure (the books' amounts): "$1,327.07", "-$1,200.00", "+$290.00", "$182,400". */
export function formatDollars(amount: number, options: MoneyOptions = {}): string {
  const { sign, text } = digits(amount, options.whole ? 0 : 2, false);
  const shownSign = sign === "-" ? "-" : sign === "+" && options.signed ? "+" : "";
  return `${shownSign}$${text}`;
}

/** Money from US cents (charges, refunds, transfers, fees, prices): "$1,250.00". */
export function formatMoney(cents: number, options: MoneyOptions = {}): string {
  return formatDollars(cents / 100, options);
}

/** A count or measure: "1,234", "24.7", "37" (at most `maxDecimals` decimals, trailing zeros dropped). */
export function formatNumber(value: number, maxDecimals = 0): string {
  const { sign, text } = digits(value, maxDecimals, true);
  return `${sign === "-" ? "-" : ""}${text}`;
}

export type PercentOptions = {
  /**
   * Decimals: 1 (the default) for a measured share or change ("12.0%", "12.3%"); 0 for a whole
   * percent the product sets or rounds to (the platform fee, the yearly saving, profile completion,
   * storage used, a size position).
   */
  decimals?: 0 | 1;
  /** "+33.3%" for a rise (a change); a fall is always "-3.0%". */
  signed?: boolean;
};

/** A percentage, written US style with no space: "12.3%", "20%", "-3.0%", "+33.3%". `percent` is 12.3 for 12.3%. */
export function formatPercent(percent: number, options: PercentOptions = {}): string {
  const { sign, text } = digits(percent, options.decimals ?? 1, false);
  const shownSign = sign === "-" ? "-" : sign === "+" && options.signed ? "+" : "";
  return `${shownSign}${text}%`;
}

/**
 * A difference of two percentages, in percentage points, one decimal: "2.1 percentage points",
 * "1.0 percentage point", "+7.5 percentage points" (signed).
 */
export function formatPoints(points: number, options: { signed?: boolean } = {}): string {
  const { sign, text } = digits(points, 1, false);
  const shownSign = sign === "-" ? "-" : sign === "+" && options.signed ? "+" : "";
  return `${shownSign}${text} ${text === "1.0" ? "percentage point" : "percentage points"}`;
}

const SIZE_UNITS = ["KB", "MB", "GB", "TB"] as const;

/**
 * A size in bytes, in decimal units (1 MB = 1,000,000 bytes, as the 16,000,000-byte upload limit is
 * "16 MB"): one decimal under 10 of a unit, whole from 10, ".0" dropped: "512 B", "1.2 KB",
 * "830 KB", "4.5 MB", "16 MB", "50 GB".
 */
export function formatFileSize(bytes: number): string {
  const size = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  if (size < 1000) return `${Math.round(size)} B`;
  let value = size / 1000;
  let unit = 0;
  const shown = (n: number) => Number(n.toFixed(n < 10 ? 1 : 0));
  while (unit < SIZE_UNITS.length - 1 && shown(value) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return `${formatNumber(value, value < 10 ? 1 : 0)} ${SIZE_UNITS[unit]}`;
}
