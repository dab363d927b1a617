import { describe, expect, it } from "vitest";
import { BUSINESS_AREAS } from "~db/schema";
import { monthsEndingAt, type FinanceRow } from "~/lib/finance/finance";
import {
  CATEGORY_PLAYBOOK,
  clampTitle,
  draftInsightReport,
  draftTitle,
  ENGAGEMENT_SUGGESTIONS,
  firstSentence,
  suggestEngagement,
  TITLE_LIMIT,
  type DraftInput,
} from "~/lib/insights/insight-draft";

const NOW = new Date(Date.UTC(2026, 10, 15, 12)); // last complete month 2026-10

/** 24 months up to November 2026; 2025 earns 1000/`net25`, 2026 earns `income26`/`net26`. */
const finance = (income26: number, net26: number, net25 = 100): FinanceRow[] =>
  monthsEndingAt("2026-11", 24).map((date) =>
    date >= "2026-01" ? { date, Income: income26, NetIncome: net26 } : { date, Income: 1000, NetIncome: net25 },
  );

const input = (overrides: Partial<DraftInput> = {}, answers: Partial<DraftInput["answers"]> = {}): DraftInput => ({
  category: "operations",
  answers: {
    businessNature: "Outdoor gear retailer with two stores and an online shop",
    managementStructure: "Owner, two store managers and a part-time bookkeeper",
    issueDetails: "We run out of our best sellers every summer. Reorders are placed by feel.",
    issueCause: "No reorder points and stock counts only once a quarter",
    resolutionOutcome: "Fewer stockouts in peak season without more cash tied up in stock.",
    resolutionHelp: "Someone to set up a reorder process and train the store managers to run it",
    annualSales: "5-10 million",
    numEmployees: "25-50",
    ...answers,
  },
  business: {
    name: "Harbor & Pine Outfitters",
    naics: "459110",
    naicsTitle: "Sporting Goods Retailers",
    revenueBand: "5-10 million",
    employeeBand: "25-50",
    numberOfEmployees: 37,
  },
  finance: finance(1100, 88),
  now: NOW,
  ...overrides,
});

const BANNED = ["todo", "lorem", "{", "placeholder"];
const BROKEN = /\b(undefined|null|nan|infinity)\b/;

describe("draft title", () => {
  it("is the category and the first sentence of the issue details, without its end punctuation", () => {
    expect(draftTitle(input())).toBe("Operations: We run out of our best sellers every summer");
    expect(draftTitle(input({}, { issueDetails: "  stock   is late!! and more" }))).toBe("Operations: Stock is late");
    expect(draftTitle(input({ category: "hr" }, { issueDetails: "turnover is high?" }))).toBe("HR: Turnover is high");
  });

  it("names the business when there are no issue details", () => {
    expect(draftTitle(input({}, { issueDetails: "   " }))).toBe("Operations review for Harbor & Pine Outfitters");
  });

  it("stays within 120 characters, cut at a word, with no trailing punctuation", () => {
    const long = `${"Inventory, ".repeat(20)}end.`;
    const title = draftTitle(input({}, { issueDetails: long }));
    expect(title.length).toBeLessThanOrEqual(TITLE_LIMIT);
    expect(title).toMatch(/^Operations: Inventory, .*Inventory$/);
    expect(clampTitle("x".repeat(200))).toBe("x".repeat(TITLE_LIMIT));
    expect(firstSentence("One. Two.")).toBe("One");
    expect(firstSentence("No end")).toBe("No end");
  });
});

describe("draft summary", () => {
  it("writes paragraphs from the answers and the 12-month finance figures", () => {
    const draft = draftInsightReport(input());
    const paragraphs = draft.highLevelSummary.split("\n\n");
    expect(paragraphs).toEqual([
      "Harbor & Pine Outfitters is in the Sporting Goods Retailers industry (NAICS 459110) and reports annual sales of 5-10 Million and 25-50 employees. The business describes itself as follows: Outdoor gear retailer with two stores and an online shop.",
      "The request concerns Operations. We run out of our best sellers every summer. Reorders are placed by feel. The business sees the cause as: No reorder points and stock counts only once a quarter. Management structure: Owner, two store managers and a part-time bookkeeper.",
      "The outcome sought: Fewer stockouts in peak season without more cash tied up in stock. The help asked for: Someone to set up a reorder process and train the store managers to run it.",
      // Nov–Dec 2025 at 1000/100, Jan–Oct 2026 at 1100/88.
      "Over the 12 months to Oct 2026 the business booked $13,000.00 of income and $1,080.00 of net income, a net margin of 8.3%. Income for Aug to Oct 2026 was $3,300.00, up 10.0% on the same months a year earlier. Income per employee for Jan to Oct 2026 is $297.30.",
    ]);
  });

  it("says when no company data is connected, or when it does not cover enough months", () => {
    expect(
      draftInsightReport(input({ finance: null }))
        .highLevelSummary.split("\n\n")
        .at(-1),
    ).toBe("No company data is connected, so this draft does not use financial figures.");
    expect(
      draftInsightReport(input({ finance: finance(1100, 88).slice(-3) }))
        .highLevelSummary.split("\n\n")
        .at(-1),
    ).toBe("The company data does not cover enough complete months, so this draft does not use financial figures.");
  });

  it("leaves empty answers out and falls back to the business's bands", () => {
    const empty = {
      businessNature: "",
      managementStructure: "",
      issueDetails: "",
      issueCause: "",
      resolutionOutcome: "",
      resolutionHelp: "",
      annualSales: "",
      numEmployees: "",
    };
    const draft = draftInsightReport(input({ finance: null }, empty));
    expect(draft.highLevelSummary).toBe(
      [
        "Harbor & Pine Outfitters is in the Sporting Goods Retailers industry (NAICS 459110) and reports annual sales of 5-10 Million and 25-50 employees.",
        "The request concerns Operations.",
        "No company data is connected, so this draft does not use financial figures.",
      ].join("\n\n"),
    );
    const noTitle = draftInsightReport(input({ business: { ...input().business, naicsTitle: null } }));
    expect(noTitle.highLevelSummary).toContain("is in NAICS industry 459110 and reports");
  });
});

describe("draft recommendations", () => {
  const lines = (draft: { recommendations: string }) => draft.recommendations.split("\n");

  it("has the category playbook and the engagement suggestion, one per line, with no finance signal when healthy", () => {
    const draft = draftInsightReport(input());
    expect(lines(draft)).toEqual([
      // Revenue +10.0% is not over 10: no growth line; margin 8.3% is healthy.
      ...CATEGORY_PLAYBOOK.operations,
      ENGAGEMENT_SUGGESTIONS.coaching,
    ]);
  });

  it("flags a thin margin and falling revenue first", () => {
    const draft = draftInsightReport(input({ finance: finance(900, 30) }));
    expect(lines(draft).slice(0, 2)).toEqual([
      "Net margin is 4.5%, under 5%: review gross margin by product line and the three largest overhead costs to find two points of margin.",
      "Revenue for the last three months is down 10.0% on a year earlier: find which customers, products or channels account for the drop before cutting costs.",
    ]);
    expect(lines(draft)).toHaveLength(6);
  });

  it("flags a loss and fast growth", () => {
    const draft = draftInsightReport(input({ finance: finance(1200, -200, -100) }));
    expect(lines(draft).slice(0, 2)).toEqual([
      "Net income was negative over the last 12 months (margin -15.7%): build a 13-week cash forecast and set a monthly break-even sales target before adding fixed costs.",
      "Revenue for the last three months is up 20.0% on a year earlier: check that cash, stock and staffing keep pace before taking on more.",
    ]);
  });

  it.each([
    ["A coach to advise me and mentor my managers", "coaching"],
    ["A part-time CFO, ongoing, each month", "fractional"],
    ["Implement a new inventory system", "project"],
    ["", "project"],
    ["Not sure", "project"],
  ] as const)("suggests an engagement from %j: %s", (help, type) => {
    expect(suggestEngagement(help)).toBe(type);
    expect(lines(draftInsightReport(input({}, { resolutionHelp: help }))).at(-1)).toBe(ENGAGEMENT_SUGGESTIONS[type]);
  });

  it.each(BUSINESS_AREAS)("writes three concrete %s lines", (area) => {
    const playbook = CATEGORY_PLAYBOOK[area];
    expect(new Set(playbook).size).toBe(3);
    const draft = draftInsightReport(input({ category: area }));
    for (const line of playbook) expect(lines(draft)).toContain(line);
  });
});

describe("draft text rules", () => {
  it("never contains placeholder words or braces, whatever data is present", () => {
    const variants: DraftInput[] = [
      input(),
      input({ finance: null }),
      input({ finance: [] }),
      input({ finance: finance(900, -40) }),
      ...BUSINESS_AREAS.map((category) => input({ category })),
    ];
    const partwiseText = [...Object.values(CATEGORY_PLAYBOOK).flat(), ...Object.values(ENGAGEMENT_SUGGESTIONS)];
    for (const variant of variants) {
      const draft = draftInsightReport(variant);
      const text = `${draft.title}\n${draft.highLevelSummary}\n${draft.recommendations}`.toLowerCase();
      for (const word of BANNED) expect(text).not.toContain(word);
      expect(text).not.toMatch(BROKEN);
      expect(draft.title.length).toBeLessThanOrEqual(TITLE_LIMIT);
      expect(draft.title).not.toMatch(/[.,;:!?]$/);
    }
    for (const line of partwiseText) for (const word of BANNED) expect(line.toLowerCase()).not.toContain(word);
  });

  it("is deterministic", () => {
    expect(draftInsightReport(input())).toEqual(draftInsightReport(input()));
  });
});
