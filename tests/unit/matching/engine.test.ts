import { describe, expect, it } from "vitest";
import { MATCH_FACTORS } from "~db/enums";
import { monthsEndingAt } from "~/lib/finance/finance";
import {
  adjustedRating,
  booksSignals,
  DEFAULT_SHORTLIST_LIMIT,
  FACTOR_WEIGHTS,
  rankConsultants,
  type BooksSignals,
  type MatchInput,
  type MatchRequestInput,
  type PoolConsultant,
  type RankedConsultant,
} from "~/server/matching/engine";

const TITLES: Record<string, string> = {
  "44-45": "Retail Trade",
  "459": "Sporting Goods, Hobby, Musical Instrument, Book, and Miscellaneous Retailers",
  "4591": "Sporting Goods, Hobby, and Musical Instrument Retailers",
  "45911": "Sporting Goods Retailers",
  "459110": "Sporting Goods Retailers",
};
const naicsTitle = (code: string) => TITLES[code] ?? null;

const REQUEST: MatchRequestInput = {
  category: "finance",
  consultingType: "fractional",
  naics: "459110",
  employeeBand: "25-50",
  books: null,
};

function consultant(id: string, overrides: Partial<PoolConsultant> = {}): PoolConsultant {
  return {
    id,
    name: `Consultant ${id}`,
    businessAreas: ["finance"],
    engagementTypes: ["fractional"],
    industries: [],
    industryCodes: [],
    companySizes: [],
    yearsOfExperience: 10,
    hoursPerWeek: 20,
    committedHours: 0,
    pastClients: [],
    ratings: { count: 0, average: 0 },
    ...overrides,
  };
}

const client = (naicsCode: string, employeeBand: PoolConsultant["companySizes"][number], years: number | null = 2) => ({
  naicsCode,
  employeeBand,
  years,
  description: "A past client",
});

function rank(
  consultants: PoolConsultant[],
  request: Partial<MatchRequestInput> = {},
  extra: Partial<MatchInput> = {},
) {
  return rankConsultants({ request: { ...REQUEST, ...request }, consultants, naicsTitle, ...extra });
}

function only(consultants: PoolConsultant[], request: Partial<MatchRequestInput> = {}): RankedConsultant {
  const [first] = rank(consultants, request);
  if (!first) throw new Error("nobody shortlisted");
  return first;
}

const factor = (ranked: RankedConsultant, name: string) => ranked.factors.find((f) => f.factor === name)!;
const ids = (ranked: RankedConsultant[]) => ranked.map((r) => r.consultantId);

describe("the factors", () => {
  it("lists every factor in MATCH_FACTORS order, with weights that sum to 100", () => {
    const ranked = only([consultant("a")]);
    expect(ranked.factors.map((f) => f.factor)).toEqual([...MATCH_FACTORS]);
    expect(Object.values(FACTOR_WEIGHTS).reduce((sum, w) => sum + w, 0)).toBe(100);
  });

  it("gives a bare profile the area, type, capacity and the ratings prior, and scores out of the factors that apply", () => {
    const ranked = only([consultant("a")]);
    expect(ranked.factors).toEqual([
      { factor: "business_area", points: 15, max: 15, explanation: "Works in finance" },
      { factor: "engagement_type", points: 10, max: 10, explanation: "Offers fractional engagements" },
      { factor: "industry", points: 0, max: 25, explanation: "No experience in Retail Trade (NAICS 44-45) yet" },
      { factor: "company_size", points: 0, max: 15, explanation: "No experience with firms of 25-50 people yet" },
      {
        factor: "capacity",
        points: 10,
        max: 10,
        explanation: "20 free hours a week; a fractional engagement needs about 15",
      },
      { factor: "ratings", points: 8, max: 15, explanation: "Not rated yet" },
      { factor: "books", points: 0, max: 0, explanation: "No finance report is connected" },
    ]);
    // 43 of the 90 points that apply without a finance report.
    expect(ranked.score).toBe(48);
    expect(ranked.summary).toBe("Works in finance");
  });

  it("industry: years with past clients at the deepest NAICS level that agrees", () => {
    const ranked = only([consultant("a", { pastClients: [client("459110", "150+", 8)] })]);
    expect(factor(ranked, "industry")).toEqual({
      factor: "industry",
      points: 25,
      max: 25,
      explanation: "8 years in Sporting Goods Retailers (NAICS 459110)",
    });
  });

  it("industry: a deeper prefix match earns more points than a shallower one", () => {
    const pool = [
      consultant("d6", { pastClients: [client("459110", "150+", 3)] }),
      consultant("d4", { pastClients: [client("459120", "150+", 3)] }),
      consultant("d3", { pastClients: [client("459210", "150+", 3)] }),
      consultant("d2", { pastClients: [client("445110", "150+", 3)] }),
      consultant("d0", { pastClients: [client("541611", "150+", 3)] }),
    ];
    const ranked = rank(pool);
    expect(ids(ranked)).toEqual(["d6", "d4", "d3", "d2", "d0"]);
    expect(ranked.map((r) => factor(r, "industry").points)).toEqual([19, 15, 12, 7, 0]);
    expect(ranked.map((r) => factor(r, "industry").explanation)).toEqual([
      "3 years in Sporting Goods Retailers (NAICS 459110)",
      "3 years in Sporting Goods, Hobby, and Musical Instrument Retailers (NAICS 4591)",
      "3 years in Sporting Goods, Hobby, Musical Instrument, Book, and Miscellaneous Retailers (NAICS 459)",
      "3 years in Retail Trade (NAICS 44-45)",
      "No experience in Retail Trade (NAICS 44-45) yet",
    ]);
  });

  it("industry: more years at the same level earn more, up to eight years", () => {
    const points = (years: number) =>
      factor(only([consultant("a", { pastClients: [client("459110", "150+", years)] })]), "industry").points;
    expect(points(1)).toBeLessThan(points(4));
    expect(points(4)).toBeLessThan(points(8));
    expect(points(20)).toBe(points(8));
  });

  it("industry: a stated code or sector counts for less than a past client at the same level", () => {
    const stated = only([consultant("a", { industryCodes: ["4591"] })]);
    expect(factor(stated, "industry")).toEqual({
      factor: "industry",
      points: 12,
      max: 25,
      explanation: "Lists Sporting Goods, Hobby, and Musical Instrument Retailers (NAICS 4591) among their industries",
    });
    const sector = only([consultant("a", { industries: ["44-45"] })]);
    expect(factor(sector, "industry").explanation).toBe("Lists Retail Trade (NAICS 44-45) among their industries");
    expect(factor(sector, "industry").points).toBe(5);
    const past = only([consultant("a", { pastClients: [client("459120", "150+", 1)] })]);
    expect(factor(past, "industry").points).toBeGreaterThan(12);
  });

  it("industry: Partwise matches without stated years count their clients", () => {
    const ranked = only([
      consultant("a", { pastClients: [client("459110", "0-25", null), client("459110", "0-25", null)] }),
    ]);
    expect(factor(ranked, "industry").explanation).toBe(
      "Has worked with 2 clients in Sporting Goods Retailers (NAICS 459110)",
    );
  });

  it("industry: names the code alone when no title is known", () => {
    const [ranked] = rankConsultants({
      request: REQUEST,
      consultants: [consultant("a", { pastClients: [client("459110", "0-25", 2)] })],
    });
    expect(factor(ranked, "industry").explanation).toBe("2 years in NAICS 459110");
  });

  it("company size: past clients of the same band, then a stated band, then a neighbouring band", () => {
    const three = only([
      consultant("a", {
        pastClients: [client("541611", "25-50"), client("541611", "25-50"), client("541611", "25-50")],
      }),
    ]);
    expect(factor(three, "company_size")).toEqual({
      factor: "company_size",
      points: 15,
      max: 15,
      explanation: "Has worked with 3 firms of 25-50 people",
    });
    const one = only([consultant("a", { pastClients: [client("541611", "25-50")] })]);
    expect(factor(one, "company_size")).toMatchObject({
      points: 9,
      explanation: "Has worked with 1 firm of 25-50 people",
    });
    const stated = only([consultant("a", { companySizes: ["25-50"] })]);
    expect(factor(stated, "company_size")).toMatchObject({
      points: 8,
      explanation: "Lists firms of 25-50 people among the sizes they work with",
    });
    const near = only([consultant("a", { pastClients: [client("541611", "50-100")] })]);
    expect(factor(near, "company_size")).toMatchObject({
      points: 5,
      explanation: "Has worked with 1 firm of 50-100 people, next to this one's 25-50 people",
    });
    const far = only([consultant("a", { pastClients: [client("541611", "150+")] })]);
    expect(factor(far, "company_size").points).toBe(0);
  });

  it("company size: reads the smallest and largest bands as words", () => {
    const small = only([consultant("a", { pastClients: [client("541611", "0-25")] })], { employeeBand: "0-25" });
    expect(factor(small, "company_size").explanation).toBe("Has worked with 1 firm of up to 25 people");
    const large = only([consultant("a", { companySizes: ["150+"] })], { employeeBand: "150+" });
    expect(factor(large, "company_size").explanation).toBe(
      "Lists firms of 150 or more people among the sizes they work with",
    );
  });

  it("capacity: free hours against what the engagement type needs", () => {
    const short = only([consultant("a", { hoursPerWeek: 20, committedHours: 15 })]);
    expect(factor(short, "capacity")).toEqual({
      factor: "capacity",
      points: 3,
      max: 10,
      explanation: "5 free hours a week; a fractional engagement needs about 15",
    });
    const coaching = only([consultant("a", { engagementTypes: ["coaching"], hoursPerWeek: 5 })], {
      consultingType: "coaching",
    });
    expect(factor(coaching, "capacity")).toMatchObject({
      points: 10,
      explanation: "5 free hours a week; a coaching engagement needs about 4",
    });
    const project = only([consultant("a", { engagementTypes: ["project"], hoursPerWeek: 21, committedHours: 20 })], {
      consultingType: "project",
    });
    expect(factor(project, "capacity")).toMatchObject({
      points: 1,
      explanation: "1 free hour a week; a project engagement needs about 10",
    });
    const unknown = only([consultant("a", { hoursPerWeek: 8 })], { consultingType: null });
    expect(factor(unknown, "capacity")).toMatchObject({
      points: 8,
      explanation: "8 free hours a week; an engagement needs about 10",
    });
  });

  it("ratings: shrunk towards a prior, so one 5 does not beat twenty 4.8s", () => {
    expect(adjustedRating({ count: 0, average: 0 })).toBe(4);
    const one = consultant("one", { ratings: { count: 1, average: 5 } });
    const many = consultant("many", { ratings: { count: 20, average: 4.8 } });
    const ranked = rank([one, many]);
    expect(ids(ranked)).toEqual(["many", "one"]);
    expect(factor(ranked[0], "ratings")).toEqual({
      factor: "ratings",
      points: 13,
      max: 15,
      explanation: "Rated 4.8 by 20 clients",
    });
    expect(factor(ranked[1], "ratings")).toMatchObject({ points: 9, explanation: "Rated 5.0 by 1 client" });
    const poor = only([consultant("a", { ratings: { count: 10, average: 3 } })]);
    expect(factor(poor, "ratings").points).toBe(2);
  });

  it("books: a falling net margin weighs finance and operations experience", () => {
    const books: BooksSignals = { marginPercent: 6.1, marginChangePoints: -2.34, revenueChangePercent: 3 };
    const ranked = only([consultant("a", { businessAreas: ["finance", "strategy"] })], { books });
    expect(factor(ranked, "books")).toEqual({
      factor: "books",
      points: 10,
      max: 10,
      explanation: "Net margin down 2.3 percentage points on a year earlier: works in finance",
    });
    const sales = only([consultant("a", { businessAreas: ["sales"] })], { books, category: "sales" });
    expect(factor(sales, "books")).toEqual({
      factor: "books",
      points: 0,
      max: 10,
      explanation: "Net margin down 2.3 percentage points on a year earlier: no finance or operations experience",
    });
  });

  it("books: a loss counts as a margin signal even without a year to compare", () => {
    const books: BooksSignals = { marginPercent: -4, marginChangePoints: null, revenueChangePercent: null };
    const ranked = only([consultant("a", { businessAreas: ["finance", "operations"] })], { books });
    expect(factor(ranked, "books").explanation).toBe(
      "Net margin of -4.0% over 12 months: works in finance and operations",
    );
  });

  it("books: falling revenue weighs sales, marketing and strategy; two signals share the points", () => {
    const books: BooksSignals = { marginPercent: 5, marginChangePoints: -1, revenueChangePercent: -8.46 };
    const ranked = only([consultant("a", { businessAreas: ["finance", "marketing"] })], { books });
    expect(factor(ranked, "books")).toEqual({
      factor: "books",
      points: 10,
      max: 10,
      explanation:
        "Net margin down 1.0 percentage point on a year earlier: works in finance; Revenue down 8.5% on a year earlier: works in marketing",
    });
    const half = only([consultant("a", { businessAreas: ["finance"] })], { books });
    expect(factor(half, "books").points).toBe(5);
  });

  it("books: steady figures do not count", () => {
    const books: BooksSignals = { marginPercent: 8, marginChangePoints: -0.4, revenueChangePercent: -0.9 };
    const ranked = only([consultant("a")], { books });
    expect(factor(ranked, "books")).toEqual({
      factor: "books",
      points: 0,
      max: 0,
      explanation: "The books show no falling margin or revenue",
    });
  });

  it("books: the signal changes the ranking", () => {
    const pool = [consultant("a", { businessAreas: ["sales"] }), consultant("b", { businessAreas: ["operations"] })];
    const open = { category: "unknown" as const, consultingType: null };
    expect(ids(rank(pool, open))).toEqual(["a", "b"]);
    const margin: BooksSignals = { marginPercent: 3, marginChangePoints: -3, revenueChangePercent: 0 };
    expect(ids(rank(pool, { ...open, books: margin }))).toEqual(["b", "a"]);
    const revenue: BooksSignals = { marginPercent: 3, marginChangePoints: 0, revenueChangePercent: -12 };
    expect(ids(rank(pool, { ...open, books: revenue }))).toEqual(["a", "b"]);
  });

  it("an open request scores area and type as not applying", () => {
    const ranked = only([consultant("a", { businessAreas: ["hr"], engagementTypes: ["coaching"] })], {
      category: "unknown",
      consultingType: null,
    });
    expect(factor(ranked, "business_area")).toEqual({
      factor: "business_area",
      points: 0,
      max: 0,
      explanation: "No business area was named, so every area qualifies",
    });
    expect(factor(ranked, "engagement_type")).toEqual({
      factor: "engagement_type",
      points: 0,
      max: 0,
      explanation: "No engagement type was chosen, so every type qualifies",
    });
  });
});

describe("the score and the summary", () => {
  const strong = consultant("strong", {
    pastClients: [
      client("459110", "25-50", 5),
      client("459110", "25-50", 3),
      { naicsCode: "541611", employeeBand: "25-50", years: 2, description: "Consultancy" },
    ],
    ratings: { count: 6, average: 4.8 },
  });

  it("adds the rounded points over the points that apply, as a whole number 0-100", () => {
    const ranked = only([strong]);
    expect(ranked.factors.map((f) => f.points)).toEqual([15, 10, 25, 15, 10, 12, 0]);
    expect(ranked.score).toBe(Math.round((87 / 90) * 100));
  });

  it("joins the two strongest explanations, without the NAICS codes", () => {
    expect(only([strong]).summary).toBe("8 years in Sporting Goods Retailers; has worked with 3 firms of 25-50 people");
  });

  it("speaks of ratings only when there are some", () => {
    const rated = only([consultant("a", { ratings: { count: 6, average: 4.8 } })]);
    expect(rated.summary).toBe("Rated 4.8 by 6 clients");
  });
});

describe("the hard filters", () => {
  it("leaves out consultants outside the requested area, unless it is unknown", () => {
    const pool = [consultant("fin"), consultant("hr", { businessAreas: ["hr"] })];
    expect(ids(rank(pool))).toEqual(["fin"]);
    expect(ids(rank(pool, { category: "unknown" }))).toEqual(["fin", "hr"]);
  });

  it("leaves out consultants who do not offer the requested type, unless none was chosen", () => {
    const pool = [consultant("frac"), consultant("coach", { engagementTypes: ["coaching"] })];
    expect(ids(rank(pool))).toEqual(["frac"]);
    expect(ids(rank(pool, { consultingType: null })).sort()).toEqual(["coach", "frac"]);
  });

  it("leaves out consultants without a free hour", () => {
    const pool = [
      consultant("busy", { hoursPerWeek: 15, committedHours: 15 }),
      consultant("over", { hoursPerWeek: 10, committedHours: 15 }),
      consultant("none", { hoursPerWeek: 0 }),
      consultant("free", { hoursPerWeek: 16, committedHours: 15 }),
    ];
    expect(ids(rank(pool))).toEqual(["free"]);
  });

  it("never shortlists an excluded consultant", () => {
    const pool = [consultant("a"), consultant("b"), consultant("c")];
    expect(ids(rank(pool, {}, { exclude: ["b"] }))).toEqual(["a", "c"]);
    expect(rank(pool, {}, { exclude: new Set(["a", "b", "c"]) })).toEqual([]);
  });

  it("keeps the consultant the business asked for by name on the shortlist, after the ranked ones", () => {
    const pool = [
      consultant("a", { yearsOfExperience: 20 }),
      consultant("b", { yearsOfExperience: 15 }),
      consultant("marketer", { businessAreas: ["marketing"] }),
    ];
    // Outside the request's area: ranked last, with their own score, not dropped.
    const ranked = rank(pool, {}, { requested: "marketer" });
    expect(ids(ranked)).toEqual(["a", "b", "marketer"]);
    expect(ranked.map((entry) => entry.rank)).toEqual([1, 2, 3]);
    expect(factor(ranked[2]!, "business_area")).toEqual({
      factor: "business_area",
      points: 0,
      max: 15,
      explanation: "Does not list finance among their areas",
    });
    // Below the limit: still there, beside the limit's best.
    expect(ids(rank(pool, { category: "unknown" }, { requested: "b", limit: 1 }))).toEqual(["a", "b"]);
    // Already among the best: once.
    expect(ids(rank(pool, {}, { requested: "a" }))).toEqual(["a", "b"]);
    // Excluded (a candidate already, or skipped by the manager), or not in the pool: not added.
    expect(ids(rank(pool, {}, { requested: "marketer", exclude: ["marketer"] }))).toEqual(["a", "b"]);
    expect(ids(rank(pool, {}, { requested: "somebody-else" }))).toEqual(["a", "b"]);
  });

  it("answers an empty shortlist for an empty pool", () => {
    expect(rank([])).toEqual([]);
  });
});

describe("ordering", () => {
  const pool = Array.from({ length: 12 }, (_, i) =>
    consultant(`c${String(i).padStart(2, "0")}`, {
      pastClients: i % 3 === 0 ? [client("459110", "25-50", i)] : [],
      ratings: { count: i, average: 4 + (i % 5) / 5 },
      hoursPerWeek: 5 + i * 2,
    }),
  );

  it("ranks by score, highest first, with ranks from 1, at most the limit (default 8)", () => {
    const ranked = rank(pool);
    expect(ranked).toHaveLength(DEFAULT_SHORTLIST_LIMIT);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].score).toBeGreaterThanOrEqual(ranked[i].score);
    expect(rank(pool, {}, { limit: 3 })).toEqual(ranked.slice(0, 3));
  });

  it("breaks ties by consultant id", () => {
    const twins = ["b", "c", "a"].map((id) => consultant(id));
    expect(ids(rank(twins))).toEqual(["a", "b", "c"]);
  });

  it("is deterministic: the same pool in any order gives the same shortlist", () => {
    const first = rank(pool);
    const reversed = rank([...pool].reverse());
    const shuffled = rank([...pool.slice(5), ...pool.slice(0, 5)]);
    expect(reversed).toEqual(first);
    expect(shuffled).toEqual(first);
    expect(rank(pool)).toEqual(first);
  });
});

describe("booksSignals", () => {
  // 24 months to Nov 2026 (the month pulled): the windows end with Oct 2026.
  const months = monthsEndingAt("2026-11", 24);

  it("reads the value insights' margin and revenue figures as of the report's last month", () => {
    // Until Oct 2025: income 100, net 10 (10 %); from Nov 2025: income 90, net 6 (6.7 %).
    const rows = months.map((date) =>
      date < "2025-11" ? { date, Income: 100, NetIncome: 10 } : { date, Income: 90, NetIncome: 6 },
    );
    expect(booksSignals(rows, "2026-11")).toEqual({
      marginPercent: 6.7,
      marginChangePoints: -3.3,
      revenueChangePercent: -10,
    });
  });

  it("answers null figures when the report is too short", () => {
    const rows = months.slice(-4).map((date) => ({ date, Income: 100, NetIncome: 5 }));
    expect(booksSignals(rows, "2026-11")).toEqual({
      marginPercent: null,
      marginChangePoints: null,
      revenueChangePercent: null,
    });
  });
});
