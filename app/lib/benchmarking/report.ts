// The benchmarking report (ADR 032): the business's figures against its peer group's, measure by
// measure, with the gaps in percent and in the measure's unit, the business's position in its
// sector's firm-size distributions, and plain-English readings of the three largest gaps. Pure.
//
// - Census publishes totals, not medians: a peer figure is the group's aggregate ratio (receipts ÷
//   firms, employees ÷ firms, receipts ÷ employees, payroll ÷ employees, payroll ÷ receipts),
//   "the average of peer firms" on screen.
// - Which peers: revenue and employees are compared with the industry (how big the business is in
//   its industry). The per-employee and payroll-share measures use the industry too when it is
//   more specific than the sector (an industry's economics differ more between industries than
//   between firm sizes); when the industry IS the sector, the sector's size class is the more
//   specific group and is used.
// - Dollars: peer dollars are restated in CPI_CURRENT_YEAR dollars with the CPI-U annual averages
//   (`peerAsPublished` keeps the figure of the data year).
// - Net margin: Census has no profit data, so the peer is null and the screen says so.
// - Position: the share of the sector's employer firms (ABS 2017 size tables) the business is
//   larger than, by employees and by revenue (revenue restated in 2017 dollars first), counting
//   the classes below it and its share of its own class by linear interpolation; in the open top
//   class nothing of the class is counted, so the figure is a floor ("at least").
import {
  CPI_CURRENT_YEAR,
  CPI_U_ANNUAL_AVERAGE,
  EMPLOYER_SIZE_CLASSES,
  inDollarsOf,
  RECEIPTS_SIZE_CLASSES,
  type Measures,
  type SizeClassFigures,
  type SourceKey,
} from "./benchmarks";
import { payrollByMonth } from "~/lib/finance/expense-lines";
import { monthSpan, monthsEndingAt } from "~/lib/finance/finance";
import {
  MEASURE_LABELS,
  NET_MARGIN_NO_PEER_TEXT,
  payrollPerEmployeeNote,
  positionText,
  readingText,
  STATED_BASIS_TEXT,
  statedRevenueNote,
  statedRevenuePerEmployeeNote,
} from "./benchmarking-copy";
import {
  bandOfFigure,
  payrollOverMonths,
  payrollPerEmployee,
  TRAILING_MONTHS,
  type BusinessFigures,
} from "./business-figures";
import { industryName, sizeClassPhrase, type PeerChoice, type ReferenceLookups } from "./peer-group";
import type { BenchmarkMeasure, BenchmarkReportData, MeasureKey, MeasureUnit, ReportBooks } from "./report-types";

export const MEASURE_ORDER: readonly MeasureKey[] = [
  "revenue",
  "employees",
  "revenuePerEmployee",
  "payrollPerEmployee",
  "payrollShare",
  "netMargin",
];

export const MEASURE_UNITS: Record<MeasureKey, MeasureUnit> = {
  revenue: "usd",
  employees: "count",
  revenuePerEmployee: "usd",
  payrollPerEmployee: "usd",
  payrollShare: "percent",
  netMargin: "percent",
};

/** Readings in the report: the largest gaps. */
export const READINGS_COUNT = 3;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** (business − peer) ÷ peer × 100, one decimal; null when either is missing or the peer is 0. */
export function gapPercent(business: number | null, peer: number | null): number | null {
  if (business === null || peer === null || peer === 0) return null;
  const g = round1(((business - peer) / Math.abs(peer)) * 100);
  return Object.is(g, -0) ? 0 : g;
}

/** business − peer in the measure's unit: dollars to the cent, employees and points to one decimal. */
export function gapAmount(business: number | null, peer: number | null, unit: MeasureUnit): number | null {
  if (business === null || peer === null) return null;
  const g = unit === "usd" ? Math.round((business - peer) * 100) / 100 : round1(business - peer);
  return Object.is(g, -0) ? 0 : g;
}

/** A Census figure of a measure: in today's dollars (value), as published (published), of its data year. */
export type PeerFigure = { value: number | null; published: number | null; year: number };

export function peerFigure(m: Measures, key: MeasureKey, year: number): PeerFigure {
  const dollars = (v: number | undefined): PeerFigure =>
    v === undefined
      ? { value: null, published: null, year }
      : { value: inDollarsOf(v, year, CPI_CURRENT_YEAR), published: v, year };
  switch (key) {
    case "revenue":
      return dollars(m.receiptsPerFirm);
    case "revenuePerEmployee":
      return dollars(m.revenuePerEmployee);
    case "payrollPerEmployee":
      return dollars(m.payrollPerEmployee);
    case "employees": {
      const v = m.employeesPerFirm ?? null;
      return { value: v, published: v, year };
    }
    case "payrollShare": {
      const v = m.payroll !== undefined && m.receipts ? round1((m.payroll / m.receipts) * 100) : null;
      return { value: v, published: v, year };
    }
    case "netMargin":
      return { value: null, published: null, year };
  }
}

/**
 * The share (0–100) of the sector's firms in `classes` (smallest first, with firmShare) that a firm
 * of size `size` is larger than, and whether it is a floor (open top class). A class whose share
 * is withheld is inferred as what the others leave when it is the only one; otherwise null.
 */
export function positionIn(
  size: number,
  bounds: readonly { code: string; min: number; max: number }[],
  classes: readonly Pick<SizeClassFigures, "sizeClass" | "firmShare">[],
): { percent: number; atLeast: boolean } | null {
  const shares = new Map(classes.map((c) => [c.sizeClass, c.firmShare]));
  const missing = bounds.filter((b) => shares.get(b.code) === undefined);
  if (missing.length > 1) return null;
  if (missing.length === 1) {
    const rest = bounds.reduce((s, b) => s + (shares.get(b.code) ?? 0), 0);
    shares.set(missing[0].code, Math.max(0, 1 - rest));
  }
  let below = 0;
  let atLeast = false;
  for (const b of bounds) {
    const share = shares.get(b.code)!;
    if (size > b.max) below += share;
    else if (size >= b.min) {
      if (Number.isFinite(b.max)) below += (share * (size - b.min)) / (b.max - b.min + 1);
      else atLeast = true;
    }
  }
  return { percent: Math.min(99, Math.max(0, Math.floor(below * 100))), atLeast };
}

const EMPLOYEE_BOUNDS = EMPLOYER_SIZE_CLASSES.map((c) => ({ code: c.code, min: c.minEmployees, max: c.maxEmployees }));
const RECEIPTS_BOUNDS = RECEIPTS_SIZE_CLASSES.map((c) => ({ code: c.code, min: c.minReceipts, max: c.maxReceipts }));

function sectorWords(choice: PeerChoice): string {
  const label = choice.sector === "00" ? "U.S." : (choice.peerGroup.sizeClass?.sectorLabel ?? choice.industry.label);
  return choice.sector === "00" ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

export type ReportArgs = {
  year: number;
  builtAt: Date;
  choice: PeerChoice;
  business: BusinessFigures;
  ref: Pick<ReferenceLookups, "sectorDistribution">;
  booksVersion: string | null;
};

/** The report stored in benchmark_reports.data. */
export function buildReport(args: ReportArgs): BenchmarkReportData {
  const { choice, business, ref } = args;
  const industry = choice.industry;
  const size = choice.sizeClass;
  const ratioFromSize = industry.level <= 2 && size !== null && size.revenuePerEmployee !== undefined;
  const industryLabel = `${industryName(industry)}, all employer firms, ${industry.source.year}`;
  const sizeLabel = size
    ? `${choice.sector === "00" ? "All industries" : `${size.sectorLabel} (NAICS ${size.sector})`}, ${sizeClassPhrase(size.sizeClassLabel)}, ${size.source.year}`
    : industryLabel;
  const sector = sectorWords(choice);

  const measures: BenchmarkMeasure[] = MEASURE_ORDER.map((key) => {
    const unit = MEASURE_UNITS[key];
    const useSize =
      ratioFromSize && (key === "revenuePerEmployee" || key === "payrollPerEmployee" || key === "payrollShare");
    const group: Measures = useSize ? size! : industry;
    const source: SourceKey = useSize ? size!.source.key : industry.source.key;
    const year = useSize ? size!.source.year : industry.source.year;
    const peer = peerFigure(group, key, year);
    const own = business.figures[key];
    let position: { percent: number; atLeast: boolean } | null = null;
    if (own.value !== null && key === "employees") {
      position = positionIn(own.value, EMPLOYEE_BOUNDS, ref.sectorDistribution("employees", choice.sector));
    } else if (own.value !== null && key === "revenue") {
      const in2017 = (own.value * CPI_U_ANNUAL_AVERAGE[2017]) / CPI_U_ANNUAL_AVERAGE[CPI_CURRENT_YEAR];
      position = positionIn(in2017, RECEIPTS_BOUNDS, ref.sectorDistribution("receipts", choice.sector));
    }
    return {
      key,
      label: MEASURE_LABELS[key],
      unit,
      business: own.value,
      businessBasis: own.value === null ? null : business.basis,
      businessNote: own.note,
      peer: peer.value,
      peerAsPublished: peer.published,
      peerGroup: useSize ? "sizeClass" : "industry",
      peerLabel: key === "netMargin" ? NET_MARGIN_NO_PEER_TEXT : useSize ? sizeLabel : industryLabel,
      source,
      gapPercent: gapPercent(own.value, peer.value),
      gapAmount: gapAmount(own.value, peer.value, unit),
      position: position ? positionText(key === "employees" ? "employees" : "revenue", position, sector) : null,
      positionPercent: position ? position.percent : null,
    };
  });

  const sources = new Map<SourceKey, { key: SourceKey; name: string; year: number }>();
  sources.set(industry.source.key, {
    key: industry.source.key,
    name: industry.source.name,
    year: industry.source.year,
  });
  if (size) sources.set(size.source.key, { key: size.source.key, name: size.source.name, year: size.source.year });

  return {
    version: 1,
    year: args.year,
    builtAt: args.builtAt.toISOString(),
    peerGroup: choice.peerGroup,
    dollarsOf: CPI_CURRENT_YEAR,
    basis: business.basis,
    booksThrough: business.booksThrough,
    measures,
    readings: readings(measures, booksSpan(business.booksThrough)),
    sources: [...sources.values()],
    booksVersion: args.booksVersion,
    payroll: business.payroll,
  };
}

/** The twelve months of books ending at `booksThrough`, as the texts name them ("Nov 2025 to Oct 2026"); null without books. */
export function booksSpan(booksThrough: string | null): string | null {
  if (booksThrough === null) return null;
  const months = monthsEndingAt(booksThrough, TRAILING_MONTHS);
  return monthSpan(months[0], months[months.length - 1]);
}

/**
 * A stored report as it is shown (ADR 060): every text with an amount in it written again from the
 * report's numbers, by the same writers that built it, so a report stored before a format changed
 * (whole dollars before ADR 052) reads exactly like one built today, without a rebuild. The gaps
 * from business and peer figures; the readings from the measures and the books' months; the notes
 * with amounts (stated revenue and revenue per employee from the stated figures; payroll per
 * employee from the payroll total). The other notes carry no amount and are shown as stored.
 *
 * The payroll total is the one amount a report stored before ADR 060 does not keep as a number
 * (its note had it in whole dollars, and payroll per employee × employees gives it only to within
 * half a cent per employee): it is read again from `books`, the business's finance report, when that is the
 * same books (its lastUpdate is the report's booksVersion) and gives the report's own payroll per
 * employee; otherwise the note names no total (the monthly refresh rebuilds a books report).
 */
export function reportAsRead(report: BenchmarkReportData, books: ReportBooks | null = null): BenchmarkReportData {
  const figure = (key: MeasureKey) => report.measures.find((m) => m.key === key)?.business ?? null;
  const revenue = figure("revenue");
  const employees = figure("employees");
  const payroll = report.payroll !== undefined ? report.payroll : payrollFromBooks(report, books);
  const span = booksSpan(report.booksThrough);
  const noteOf = (m: BenchmarkMeasure): string => {
    if (m.business === null) return m.businessNote;
    if (m.key === "payrollPerEmployee" && m.businessBasis === "books" && span && employees)
      return payrollPerEmployeeNote(span, payroll, employees);
    if (m.key === "revenue" && m.businessBasis === "stated") {
      const band = bandOfFigure(m.business);
      const at = m.businessNote.indexOf(STATED_BASIS_TEXT);
      // Why the bands were used (books short of twelve months) comes first and has no amount.
      if (band) return statedRevenueNote(at > 0 ? m.businessNote.slice(0, at).trim() : null, band, m.business);
    }
    if (m.key === "revenuePerEmployee" && m.businessBasis === "stated" && revenue !== null && employees)
      return statedRevenuePerEmployeeNote(revenue, employees);
    return m.businessNote;
  };
  const measures = report.measures.map((m) => ({
    ...m,
    businessNote: noteOf(m),
    gapPercent: gapPercent(m.business, m.peer),
    gapAmount: gapAmount(m.business, m.peer, m.unit),
  }));
  return { ...report, measures, readings: readings(measures, span), payroll };
}

/** A report's payroll total read again from its books (reportAsRead); null unless they are the same books. */
function payrollFromBooks(report: BenchmarkReportData, books: ReportBooks | null): number | null {
  if (report.basis !== "books" || report.booksThrough === null || books === null) return null;
  if (books.lastUpdate.toISOString() !== report.booksVersion) return null;
  const byMonth = payrollByMonth(books.expenseLines);
  const perEmployee = report.measures.find((m) => m.key === "payrollPerEmployee")?.business ?? null;
  const employees = report.measures.find((m) => m.key === "employees")?.business ?? null;
  if (byMonth === null || perEmployee === null || !employees) return null;
  const payroll = payrollOverMonths(byMonth, monthsEndingAt(report.booksThrough, TRAILING_MONTHS));
  return payroll > 0 && payrollPerEmployee(payroll, employees) === perEmployee ? payroll : null;
}

/** The measures with a gap, largest |gapPercent| first (ties: report order), at most `count`. */
export function largestGaps(measures: readonly BenchmarkMeasure[], count: number = READINGS_COUNT): BenchmarkMeasure[] {
  return measures
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => m.gapPercent !== null && m.business !== null && m.peer !== null)
    .sort((a, b) => Math.abs(b.m.gapPercent!) - Math.abs(a.m.gapPercent!) || a.i - b.i)
    .slice(0, count)
    .map(({ m }) => m);
}

/** Plain-English readings of the (up to) three largest gaps, largest first; `period`: the books' months. */
export function readings(measures: readonly BenchmarkMeasure[], period: string | null = null): string[] {
  return largestGaps(measures).map((m) => readingText(m, period));
}
