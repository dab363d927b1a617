// The revenue band a business chose at sign-up against what its books show (issue #36, ADR 050).
// Pure and isomorphic: the dashboard, benchmarking and the settings' Business tab say the same
// thing from the same rule. The band is read-only in settings (spec §5); the only change offered is
// to the band the books show, confirmed by the owner (app/server/business/revenue-band.server.ts).
import type { RevenueBand } from "~db/enums";
import { monthSpan } from "~/lib/finance/finance";
import { revenueBandLabel } from "~/lib/shared/format";
import { formatDollars } from "~/lib/shared/numbers";

/** Each band's range of yearly revenue in dollars: [min, max). */
const BAND_RANGES: Record<RevenueBand, { min: number; max: number }> = {
  "< 5 million": { min: -Infinity, max: 5_000_000 },
  "5-10 million": { min: 5_000_000, max: 10_000_000 },
  "10-15 million": { min: 10_000_000, max: 15_000_000 },
  "15-20 million": { min: 15_000_000, max: 20_000_000 },
  "> 20 million": { min: 20_000_000, max: Infinity },
};

/** The band a year's revenue falls in (a band's lower bound belongs to it: $5,000,000 is "5-10 million"). */
export function revenueBandOf(revenue: number): RevenueBand {
  const band = (Object.keys(BAND_RANGES) as RevenueBand[]).find(
    (key) => revenue >= BAND_RANGES[key].min && revenue < BAND_RANGES[key].max,
  );
  return band ?? "< 5 million";
}

export type BandDisagreement = {
  chosen: RevenueBand;
  books: RevenueBand;
  /** The income of the twelve months, dollars. */
  revenue: number;
  /** "Dec 2025 to Nov 2026". */
  period: string;
};

/**
 * Whether the books' last twelve complete months put the business in another revenue band than
 * the one it chose; null when they agree or there is no full year of books.
 */
export function bandDisagreement(
  chosen: RevenueBand,
  year: { months: readonly string[]; income: number } | null,
): BandDisagreement | null {
  if (!year || year.months.length === 0) return null;
  const books = revenueBandOf(year.income);
  if (books === chosen) return null;
  return {
    chosen,
    books,
    revenue: year.income,
    period: monthSpan(year.months[0], year.months[year.months.length - 1]),
  };
}

/** Where the owner confirms the update (the settings' Business tab, works without JavaScript). */
export const REVENUE_BAND_CONFIRM_PATH = "/company-profile?tab=business&confirm=revenue-band";

export const REVENUE_BAND_INTENT = "revenue-band-from-books";

/** Every text of the disagreement and its update. */
export const REVENUE_BAND_COPY = {
  title: "Your books and your revenue band disagree",
  /** The one sentence the dashboard, benchmarking and settings all say. */
  statement: (d: BandDisagreement) =>
    `Your books show ${formatDollars(d.revenue)} of income for ${d.period}, in the "${revenueBandLabel(d.books)}" band, but the revenue band you chose is "${revenueBandLabel(d.chosen)}".`,
  /** Benchmarking: what the figures below rest on. */
  benchmarkingCaveat: (employees: number) =>
    `Your figures below come from your books; your number of employees (${employees}) comes from Settings → Business. A very large gap may come from either: check them before reading it.`,
  offer: "Update my revenue band",
  confirmQuestion: (d: BandDisagreement) =>
    `Change your revenue band from "${revenueBandLabel(d.chosen)}" to "${revenueBandLabel(d.books)}", the band your books show?`,
  confirmButton: "Yes, update my revenue band",
  cancel: "Cancel",
  updated: (band: RevenueBand) => `Your revenue band is now "${revenueBandLabel(band)}", from your books.`,
  /** The books changed (or the band did) between the question and the answer. */
  changed: "Your books or your revenue band changed since this was shown. Look at them again.",
} as const;
