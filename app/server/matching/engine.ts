/**
 * The smart-matching engine: scores every consultant of the pool against a match request on the
 * factors of MATCH_FACTORS and returns the ranked shortlist, each entry with a sentence per
 * factor that a person can read. Pure and deterministic (no I/O, no clock, no randomness; ties
 * broken by consultant id), so the same pool always gives the same shortlist, and the unit tests
 * and the bench run it in Node. Rules and weights, not a learned model (docs/decisions/021).
 *
 * It scores in two passes: every consultant gets numbers only (no strings, no arrays), and only
 * the shortlisted few get their explanations written, so ranking 10,000 consultants costs a few
 * milliseconds.
 */
import {
  naicsSectorOf,
  type BusinessArea,
  type EmployeeBand,
  type EngagementType,
  type MatchCategory,
  type MatchFactor,
  type MatchFactorScore,
} from "~db/enums";
import { reportAsOf, type FinanceRow } from "~/lib/finance/finance";
import { formatPercent, formatPoints } from "~/lib/shared/numbers";
import { netIncomeTrend, revenueTrend, STEADY_PERCENT, STEADY_POINTS } from "~/lib/finance/value-insights";

/** The most each factor can add; they sum to 100. A factor that does not apply counts 0 of 0. */
export const FACTOR_WEIGHTS: Record<MatchFactor, number> = {
  business_area: 15,
  engagement_type: 10,
  industry: 25,
  company_size: 15,
  capacity: 10,
  ratings: 15,
  books: 10,
};

/** Hours a week each engagement type needs of a consultant (also what a current engagement takes). */
export const HOURS_NEEDED: Record<EngagementType, number> = { fractional: 15, project: 10, coaching: 4 };

/** When the type is not known: the median of the types. */
export const HOURS_NEEDED_UNKNOWN_TYPE = 10;

/** Shortlist length when the caller does not say. */
export const DEFAULT_SHORTLIST_LIMIT = 8;

/** The prior of the ratings: every consultant starts as if rated RATING_PRIOR_MEAN by RATING_PRIOR_WEIGHT clients. */
export const RATING_PRIOR_MEAN = 4;
export const RATING_PRIOR_WEIGHT = 3;

/** What a falling figure in the books asks for. */
export const MARGIN_AREAS: readonly BusinessArea[] = ["finance", "operations"];
export const REVENUE_AREAS: readonly BusinessArea[] = ["sales", "marketing", "strategy"];

/**
 * What the business's finance report says, as the value insights compute it
 * (app/lib/finance/value-insights.ts): null figures are unknown.
 */
export type BooksSignals = {
  /** Net margin of the last 12 complete months, in percent. */
  marginPercent: number | null;
  /** Its change in percentage points against the same months a year before. */
  marginChangePoints: number | null;
  /** Revenue of the last 3 complete months against the same months a year before, in percent. */
  revenueChangePercent: number | null;
};

/**
 * The books signals of a finance report, with the figures the value insights show the business
 * (the same definitions, as of the report's last month): the net margin of the last 12 complete
 * months and its like-for-like change on a year earlier, and the revenue of the last 3 complete
 * months against the same months a year before. A figure the report cannot give is null.
 */
export function booksSignals(rows: readonly FinanceRow[], periodEnd: string): BooksSignals {
  const asOf = reportAsOf(periodEnd);
  const net = netIncomeTrend(rows, asOf);
  const revenue = revenueTrend(rows, asOf);
  return {
    marginPercent: net ? net.marginPercent : null,
    marginChangePoints: net?.comparison ? net.comparison.changePoints : null,
    revenueChangePercent: revenue ? revenue.changePercent : null,
  };
}

export type MatchRequestInput = {
  category: MatchCategory;
  consultingType: EngagementType | null;
  /** The business's six-digit NAICS 2022 code. */
  naics: string;
  employeeBand: EmployeeBand;
  /** Null when the business has no finance report. */
  books: BooksSignals | null;
};

/** A company the consultant worked for: from their profile, or a Partwise match (years null). */
export type PastClient = {
  naicsCode: string;
  employeeBand: EmployeeBand;
  years: number | null;
  /** Carried for the reader of the pool; the sentences name the NAICS level, not the client. */
  description: string;
};

export type PoolConsultant = {
  /** The consultant's user id. */
  id: string;
  name: string;
  businessAreas: readonly BusinessArea[];
  engagementTypes: readonly EngagementType[];
  /** NAICS sectors as in NAICS_SECTORS ("44-45"). */
  industries: readonly string[];
  /** More specific NAICS codes, 3 to 6 digits. */
  industryCodes: readonly string[];
  companySizes: readonly EmployeeBand[];
  /** Career length: not scored, since the industry factor counts the years that bear on this business. */
  yearsOfExperience: number;
  hoursPerWeek: number;
  /** Hours a week taken by their current engagements. */
  committedHours: number;
  pastClients: readonly PastClient[];
  /** Client satisfaction (1-5) of their past matches: how many and the average. */
  ratings: { count: number; average: number };
};

export type MatchInput = {
  request: MatchRequestInput;
  consultants: readonly PoolConsultant[];
  /** Consultants never shortlisted for this request (already candidates, or skipped). */
  exclude?: Iterable<string>;
  limit?: number;
  /**
   * The consultant the business asked for by name (their public profile): on the shortlist
   * whenever in the pool and not excluded, even outside the request's area or below the limit
   * (then after the ranked ones, with their own score).
   */
  requested?: string | null;
  /** The title of a NAICS code at any level ("459" → "Sporting Goods, … Retailers"), or null. */
  naicsTitle?: (code: string) => string | null | undefined;
};

export type RankedConsultant = {
  consultantId: string;
  name: string;
  /** 1 = best. */
  rank: number;
  /** 0-100. */
  score: number;
  factors: MatchFactorScore[];
  summary: string;
};

const DEPTH_WEIGHT = [0, 0, 0.35, 0.65, 0.8, 0.9, 1];
/** Share of the industry points for a stated industry without a past client in it. */
const STATED_SHARE = 0.6;
/** Years of experience in the industry at which the industry factor is full. */
const FULL_YEARS = 8;

const BAND_ORDER: Record<EmployeeBand, number> = { "0-25": 0, "25-50": 1, "50-100": 2, "100-150": 3, "150+": 4 };

/** What is known about the request once, before any consultant is looked at. */
type Context = {
  request: MatchRequestInput;
  naics: string;
  /** The business's sector code ("44-45") and its two-digit prefixes ("44", "45"). */
  sector: string;
  sectorTwoDigits: string[];
  band: EmployeeBand;
  bandOrder: number;
  hoursNeeded: number;
  marginFalling: boolean;
  revenueFalling: boolean;
};

function context(request: MatchRequestInput): Context {
  const sector = naicsSectorOf(request.naics) ?? request.naics.slice(0, 2);
  const sectorTwoDigits = sector.includes("-")
    ? Array.from({ length: Number(sector.slice(3)) - Number(sector.slice(0, 2)) + 1 }, (_, i) =>
        String(Number(sector.slice(0, 2)) + i),
      )
    : [sector];
  const books = request.books;
  const marginFalling =
    books !== null &&
    ((books.marginChangePoints !== null && books.marginChangePoints <= -STEADY_POINTS) ||
      (books.marginPercent !== null && books.marginPercent < 0));
  const revenueFalling =
    books !== null && books.revenueChangePercent !== null && books.revenueChangePercent <= -STEADY_PERCENT;
  return {
    request,
    naics: request.naics,
    sector,
    sectorTwoDigits,
    band: request.employeeBand,
    bandOrder: BAND_ORDER[request.employeeBand],
    hoursNeeded: request.consultingType ? HOURS_NEEDED[request.consultingType] : HOURS_NEEDED_UNKNOWN_TYPE,
    marginFalling,
    revenueFalling,
  };
}

/**
 * How deep a NAICS code (a sector like "44-45", or 2 to 6 digits) agrees with the business's code:
 * the common prefix length from 3 digits (subsector) to 6, 2 for the same sector only, else 0.
 */
function depthOf(code: string, ctx: Context): number {
  if (code.includes("-")) return code === ctx.sector ? 2 : 0;
  const naics = ctx.naics;
  const n = Math.min(code.length, 6);
  let depth = 0;
  while (depth < n && code.charCodeAt(depth) === naics.charCodeAt(depth)) depth++;
  if (depth >= 3) return depth;
  if (code.length < 2) return 0;
  for (const two of ctx.sectorTwoDigits) {
    if (code.charCodeAt(0) === two.charCodeAt(0) && code.charCodeAt(1) === two.charCodeAt(1)) return 2;
  }
  return 0;
}

type IndustryDetail = {
  points: number;
  /** From past clients ("past") or only from what the profile states ("stated"). */
  kind: "past" | "stated" | "none";
  depth: number;
  years: number;
  clients: number;
};

const newIndustryDetail = (): IndustryDetail => ({ points: 0, kind: "none", depth: 0, years: 0, clients: 0 });

/** Fills `out` (reused across consultants, so scoring the pool allocates nothing per consultant). */
function industry(c: PoolConsultant, ctx: Context, out: IndustryDetail): IndustryDetail {
  const max = FACTOR_WEIGHTS.industry;
  let bestDepth = 0;
  let years = 0;
  let unknownYears = 0;
  let clients = 0;
  const past = c.pastClients;
  for (let i = 0; i < past.length; i++) {
    const client = past[i];
    const depth = depthOf(client.naicsCode, ctx);
    if (depth === 0 || depth < bestDepth) continue;
    if (depth > bestDepth) {
      bestDepth = depth;
      years = 0;
      unknownYears = 0;
      clients = 0;
    }
    clients++;
    if (client.years === null) unknownYears++;
    else years += client.years;
  }
  let statedDepth = 0;
  for (let i = 0; i < c.industryCodes.length; i++)
    statedDepth = Math.max(statedDepth, depthOf(c.industryCodes[i], ctx));
  for (let i = 0; i < c.industries.length; i++) statedDepth = Math.max(statedDepth, depthOf(c.industries[i], ctx));

  // A Partwise engagement without stated years counts as one year.
  const effectiveYears = Math.min(years + unknownYears, FULL_YEARS);
  const pastPoints = bestDepth ? max * DEPTH_WEIGHT[bestDepth] * (0.6 + (0.4 * effectiveYears) / FULL_YEARS) : 0;
  const statedPoints = statedDepth ? max * DEPTH_WEIGHT[statedDepth] * STATED_SHARE : 0;
  if (pastPoints === 0 && statedPoints === 0) {
    out.points = 0;
    out.kind = "none";
    out.depth = 0;
    out.years = 0;
    out.clients = 0;
  } else if (pastPoints >= statedPoints) {
    out.points = pastPoints;
    out.kind = "past";
    out.depth = bestDepth;
    out.years = years;
    out.clients = clients;
  } else {
    out.points = statedPoints;
    out.kind = "stated";
    out.depth = statedDepth;
    out.years = 0;
    out.clients = 0;
  }
  return out;
}

type SizeDetail = {
  points: number;
  kind: "past" | "stated" | "near" | "none";
  firms: number;
  nearBand: EmployeeBand | null;
};

const newSizeDetail = (): SizeDetail => ({ points: 0, kind: "none", firms: 0, nearBand: null });

/** Fills `out`, like industry(). */
function companySize(c: PoolConsultant, ctx: Context, out: SizeDetail): SizeDetail {
  const max = FACTOR_WEIGHTS.company_size;
  let same = 0;
  let near = 0;
  let nearBand: EmployeeBand | null = null;
  const past = c.pastClients;
  for (let i = 0; i < past.length; i++) {
    const band = past[i].employeeBand;
    if (band === ctx.band) same++;
    else if (Math.abs(BAND_ORDER[band] - ctx.bandOrder) === 1) {
      near++;
      nearBand ??= band;
    }
  }
  out.nearBand = null;
  out.firms = 0;
  if (same > 0) {
    out.points = max * Math.min(1, 0.4 + 0.2 * same);
    out.kind = "past";
    out.firms = same;
  } else if (c.companySizes.includes(ctx.band)) {
    out.points = max * 0.5;
    out.kind = "stated";
  } else if (near > 0) {
    out.points = max * 0.3;
    out.kind = "near";
    out.firms = near;
    out.nearBand = nearBand;
  } else {
    out.points = 0;
    out.kind = "none";
  }
  return out;
}

function freeHours(c: PoolConsultant): number {
  return Math.max(0, c.hoursPerWeek - c.committedHours);
}

function capacityPoints(free: number, ctx: Context): number {
  return FACTOR_WEIGHTS.capacity * Math.min(1, free / ctx.hoursNeeded);
}

/** The average shrunk towards the prior, so a single 5 does not beat twenty 4.8s. */
export function adjustedRating(ratings: { count: number; average: number }): number {
  const count = Math.max(0, ratings.count);
  return (RATING_PRIOR_MEAN * RATING_PRIOR_WEIGHT + ratings.average * count) / (RATING_PRIOR_WEIGHT + count);
}

function ratingPoints(c: PoolConsultant): number {
  const share = (adjustedRating(c.ratings) - 3) / 2;
  return FACTOR_WEIGHTS.ratings * Math.min(1, Math.max(0, share));
}

function covers(c: PoolConsultant, areas: readonly BusinessArea[]): boolean {
  for (let i = 0; i < areas.length; i++) if (c.businessAreas.includes(areas[i])) return true;
  return false;
}

function booksMax(ctx: Context): number {
  return ctx.marginFalling || ctx.revenueFalling ? FACTOR_WEIGHTS.books : 0;
}

function booksPoints(c: PoolConsultant, ctx: Context): number {
  const signals = (ctx.marginFalling ? 1 : 0) + (ctx.revenueFalling ? 1 : 0);
  if (signals === 0) return 0;
  const share = FACTOR_WEIGHTS.books / signals;
  return (
    (ctx.marginFalling && covers(c, MARGIN_AREAS) ? share : 0) +
    (ctx.revenueFalling && covers(c, REVENUE_AREAS) ? share : 0)
  );
}

/** Whether the consultant can be shortlisted at all. */
function qualifies(c: PoolConsultant, ctx: Context): boolean {
  const { category, consultingType } = ctx.request;
  if (category !== "unknown" && !c.businessAreas.includes(category)) return false;
  if (consultingType !== null && !c.engagementTypes.includes(consultingType)) return false;
  return freeHours(c) > 0;
}

/** Each factor's rounded points, in MATCH_FACTORS order, and the maxima (fixed per request). */
function factorMaxima(ctx: Context): number[] {
  return [
    ctx.request.category === "unknown" ? 0 : FACTOR_WEIGHTS.business_area,
    ctx.request.consultingType === null ? 0 : FACTOR_WEIGHTS.engagement_type,
    FACTOR_WEIGHTS.industry,
    FACTOR_WEIGHTS.company_size,
    FACTOR_WEIGHTS.capacity,
    FACTOR_WEIGHTS.ratings,
    booksMax(ctx),
  ];
}

type Scratch = { industry: IndustryDetail; size: SizeDetail; rounded: number; raw: number };

/**
 * Whether the consultant works in the request's area and offers its type: always so for those the
 * hard filters let through; a consultant asked for by name (`requested`) may miss either.
 */
const worksInArea = (c: PoolConsultant, ctx: Context) =>
  ctx.request.category === "unknown" || c.businessAreas.includes(ctx.request.category);
const offersType = (c: PoolConsultant, ctx: Context) =>
  ctx.request.consultingType === null || c.engagementTypes.includes(ctx.request.consultingType);

/**
 * Sum of the rounded points (what the explanation shows) and the unrounded sum (finer order), into
 * `scratch`. `fit`: the area's and type's points, whole for everyone the hard filters let through.
 */
function score(c: PoolConsultant, ctx: Context, maxima: number[], scratch: Scratch, fit = maxima[0] + maxima[1]): void {
  const industryPoints = industry(c, ctx, scratch.industry).points;
  const sizePoints = companySize(c, ctx, scratch.size).points;
  const capacity = capacityPoints(freeHours(c), ctx);
  const ratings = ratingPoints(c);
  const books = booksPoints(c, ctx);
  scratch.rounded =
    fit +
    Math.round(industryPoints) +
    Math.round(sizePoints) +
    Math.round(capacity) +
    Math.round(ratings) +
    Math.round(books);
  scratch.raw = fit + industryPoints + sizePoints + capacity + ratings + books;
}

// --- the sentences ----------------------------------------------------------------------------

const plural = (count: number, one: string, many: string = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function bandWords(band: EmployeeBand): string {
  if (band === "0-25") return "up to 25 people";
  if (band === "150+") return "150 or more people";
  return `${band} people`;
}

function industryName(depth: number, ctx: Context, naicsTitle: MatchInput["naicsTitle"]): string {
  const code = depth === 2 ? ctx.sector : ctx.naics.slice(0, depth);
  const title = naicsTitle?.(code);
  return title ? `${title} (NAICS ${code})` : `NAICS ${code}`;
}

function areaList(areas: readonly string[], joiner: "and" | "or"): string {
  if (areas.length <= 1) return areas.join("");
  return `${areas.slice(0, -1).join(", ")} ${joiner} ${areas[areas.length - 1]}`;
}

type Explained = MatchFactorScore & { highlight: boolean };

function explain(c: PoolConsultant, ctx: Context, maxima: number[], naicsTitle: MatchInput["naicsTitle"]): Explained[] {
  const { category, consultingType } = ctx.request;
  const factors: Explained[] = [];

  const inArea = worksInArea(c, ctx);
  const ofType = offersType(c, ctx);
  factors.push({
    factor: "business_area",
    points: inArea ? maxima[0] : 0,
    max: maxima[0],
    explanation:
      category === "unknown"
        ? "No business area was named, so every area qualifies"
        : inArea
          ? `Works in ${category}`
          : `Does not list ${category} among their areas`,
    highlight: false,
  });
  factors.push({
    factor: "engagement_type",
    points: ofType ? maxima[1] : 0,
    max: maxima[1],
    explanation:
      consultingType === null
        ? "No engagement type was chosen, so every type qualifies"
        : ofType
          ? `Offers ${consultingType} engagements`
          : `Does not offer ${consultingType} engagements`,
    highlight: false,
  });

  const ind = industry(c, ctx, newIndustryDetail());
  let industryText: string;
  if (ind.kind === "past") {
    const name = industryName(ind.depth, ctx, naicsTitle);
    industryText =
      ind.years > 0
        ? `${plural(ind.years, "year")} in ${name}`
        : `Has worked with ${plural(ind.clients, "client")} in ${name}`;
  } else if (ind.kind === "stated") {
    industryText = `Lists ${industryName(ind.depth, ctx, naicsTitle)} among their industries`;
  } else {
    industryText = `No experience in ${industryName(2, ctx, naicsTitle)} yet`;
  }
  factors.push({
    factor: "industry",
    points: Math.round(ind.points),
    max: FACTOR_WEIGHTS.industry,
    explanation: industryText,
    highlight: ind.kind !== "none",
  });

  const size = companySize(c, ctx, newSizeDetail());
  const sizeText =
    size.kind === "past"
      ? `Has worked with ${plural(size.firms, "firm")} of ${bandWords(ctx.band)}`
      : size.kind === "stated"
        ? `Lists firms of ${bandWords(ctx.band)} among the sizes they work with`
        : size.kind === "near"
          ? `Has worked with ${plural(size.firms, "firm")} of ${bandWords(size.nearBand!)}, next to this one's ${bandWords(
              ctx.band,
            )}`
          : `No experience with firms of ${bandWords(ctx.band)} yet`;
  factors.push({
    factor: "company_size",
    points: Math.round(size.points),
    max: FACTOR_WEIGHTS.company_size,
    explanation: sizeText,
    highlight: size.kind === "past" || size.kind === "stated",
  });

  const free = freeHours(c);
  const engagement = consultingType ? `a ${consultingType} engagement` : "an engagement";
  factors.push({
    factor: "capacity",
    points: Math.round(capacityPoints(free, ctx)),
    max: FACTOR_WEIGHTS.capacity,
    explanation: `${plural(free, "free hour")} a week; ${engagement} needs about ${ctx.hoursNeeded}`,
    // Enough hours is a condition, not a strength: the summary leaves it out.
    highlight: false,
  });

  const rated = c.ratings.count > 0;
  factors.push({
    factor: "ratings",
    points: Math.round(ratingPoints(c)),
    max: FACTOR_WEIGHTS.ratings,
    explanation: rated
      ? `Rated ${c.ratings.average.toFixed(1)} by ${plural(c.ratings.count, "client")}`
      : "Not rated yet",
    highlight: rated && adjustedRating(c.ratings) >= RATING_PRIOR_MEAN,
  });

  factors.push({
    factor: "books",
    points: Math.round(booksPoints(c, ctx)),
    max: maxima[6],
    explanation: booksText(c, ctx),
    highlight: maxima[6] > 0 && booksPoints(c, ctx) > 0,
  });
  return factors;
}

function booksText(c: PoolConsultant, ctx: Context): string {
  const books = ctx.request.books;
  if (!books) return "No finance report is connected";
  if (!ctx.marginFalling && !ctx.revenueFalling) return "The books show no falling margin or revenue";
  const parts: string[] = [];
  if (ctx.marginFalling) {
    const figure =
      books.marginChangePoints !== null && books.marginChangePoints <= -STEADY_POINTS
        ? `Net margin down ${formatPoints(-books.marginChangePoints)} on a year earlier`
        : `Net margin of ${formatPercent(books.marginPercent ?? 0)} over 12 months`;
    const areas = MARGIN_AREAS.filter((a) => c.businessAreas.includes(a));
    parts.push(
      areas.length
        ? `${figure}: works in ${areaList(areas, "and")}`
        : `${figure}: no ${areaList(MARGIN_AREAS, "or")} experience`,
    );
  }
  if (ctx.revenueFalling) {
    const figure = `Revenue down ${formatPercent(-(books.revenueChangePercent ?? 0))} on a year earlier`;
    const areas = REVENUE_AREAS.filter((a) => c.businessAreas.includes(a));
    parts.push(
      areas.length
        ? `${figure}: works in ${areaList(areas, "and")}`
        : `${figure}: no ${areaList(REVENUE_AREAS, "or")} experience`,
    );
  }
  return parts.join("; ");
}

/** The strongest two highlights, without NAICS codes, as one line ("8 years in …; has worked with 3 firms …"). */
function summaryOf(factors: readonly Explained[]): string {
  const strongest = factors
    .map((factor, order) => ({ factor, order }))
    .filter(({ factor }) => factor.highlight && factor.points > 0)
    .sort((a, b) => b.factor.points - a.factor.points || a.order - b.order)
    .slice(0, 2)
    .map(({ factor }) => factor.explanation.replace(/ \(NAICS [^)]+\)/g, ""));
  if (strongest.length === 0) return factors[0].max > 0 ? factors[0].explanation : factors[1].explanation;
  return strongest
    .map((text, i) => (i > 0 && /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text))
    .join("; ");
}

/**
 * Ranks the pool for a request: hard filters first (works in the requested area unless
 * 'unknown', offers the requested type unless none was chosen, has free hours, not excluded),
 * then the score, highest first; equal scores by the finer unrounded sum, then by consultant id.
 * The consultant the business asked for by name (`requested`) follows the ranked ones when the
 * filters or the limit left them out, with their own score and what they do not match said.
 */
export function rankConsultants(input: MatchInput): RankedConsultant[] {
  const ctx = context(input.request);
  const maxima = factorMaxima(ctx);
  const maxTotal = maxima.reduce((sum, max) => sum + max, 0);
  const exclude = new Set(input.exclude ?? []);
  const limit = Math.max(0, Math.floor(input.limit ?? DEFAULT_SHORTLIST_LIMIT));
  const pool = input.consultants;

  // The best `limit` so far, best first: a small sorted list instead of sorting the whole pool.
  const top: number[] = [];
  const rounded = new Float64Array(pool.length);
  const raw = new Float64Array(pool.length);
  const before = (a: number, b: number) => {
    if (rounded[a] !== rounded[b]) return rounded[a] > rounded[b];
    if (raw[a] !== raw[b]) return raw[a] > raw[b];
    return pool[a].id < pool[b].id;
  };
  const scratch: Scratch = { industry: newIndustryDetail(), size: newSizeDetail(), rounded: 0, raw: 0 };
  for (let i = 0; i < pool.length && limit > 0; i++) {
    const c = pool[i];
    if (exclude.has(c.id) || !qualifies(c, ctx)) continue;
    score(c, ctx, maxima, scratch);
    rounded[i] = scratch.rounded;
    raw[i] = scratch.raw;
    if (top.length === limit && !before(i, top[limit - 1])) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    top[at] = i;
    while (at > 0 && before(i, top[at - 1])) {
      top[at] = top[at - 1];
      top[at - 1] = i;
      at--;
    }
  }

  const asked = input.requested ? pool.findIndex((c) => c.id === input.requested) : -1;
  if (asked >= 0 && !exclude.has(pool[asked].id) && !top.includes(asked)) {
    const c = pool[asked];
    score(c, ctx, maxima, scratch, (worksInArea(c, ctx) ? maxima[0] : 0) + (offersType(c, ctx) ? maxima[1] : 0));
    rounded[asked] = scratch.rounded;
    top.push(asked);
  }

  return top.map((i, position) => {
    const c = pool[i];
    const explained = explain(c, ctx, maxima, input.naicsTitle);
    return {
      consultantId: c.id,
      name: c.name,
      rank: position + 1,
      score: maxTotal > 0 ? Math.round((100 * rounded[i]) / maxTotal) : 0,
      factors: explained.map(({ factor, points, max, explanation }) => ({ factor, points, max, explanation })),
      summary: summaryOf(explained),
    };
  });
}
