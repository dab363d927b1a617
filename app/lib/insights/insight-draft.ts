/**
 * The first draft of an insight report, which the engagement manager edits before publishing.
 * Written from the request's answers and the business's finance data by stated, deterministic
 * rules (also in docs/decisions/011); the same input always gives the same text. Pure.
 *
 * - Title: "<Category>: <first sentence of issueDetails>", whitespace collapsed, the first letter
 *   capitalised, at most TITLE_LIMIT characters (cut at a word boundary), no trailing punctuation.
 *   Without issue details: "<Category> review for <business name>".
 * - Summary: paragraphs separated by a blank line — the business (name, industry, sales, people,
 *   its own description), the issue (details, cause, management structure), the outcome sought,
 *   and the finance paragraph: with finance rows, the 12-month figures, the revenue trend and
 *   revenue per employee that app/lib/finance/value-insights.ts can compute; without, a sentence saying
 *   the draft uses no financial figures. Empty answers are left out, never filled with stand-ins.
 * - Recommendations, one per line: first the finance signals (net margin below 0 %, below 5 %;
 *   revenue trend below −5 %, above +10 %), then the three playbook lines of the category, then
 *   one engagement-type suggestion from keywords of resolutionHelp (coaching, fractional or
 *   project; most keyword hits wins, ties in that order; no hit: project).
 *
 * Partwise's own sentences never contain "TODO", "lorem", "{" or "placeholder"; the client's
 * answers are quoted as given.
 */
import type { BusinessArea } from "~db/enums";
import { monthSpan, monthYearLabel, type FinanceRow } from "~/lib/finance/finance";
import { formatDollars, formatPercent } from "~/lib/shared/numbers";
import { categoryLabel, revenueBandLabel } from "~/lib/shared/format";
import { netIncomeTrend, revenuePerEmployeeTrend, revenueTrend } from "~/lib/finance/value-insights";

export type DraftAnswers = {
  businessNature: string;
  managementStructure: string;
  issueDetails: string;
  issueCause: string;
  resolutionOutcome: string;
  resolutionHelp: string;
  annualSales: string;
  numEmployees: string;
};

export type DraftInput = {
  category: BusinessArea;
  answers: DraftAnswers;
  business: {
    name: string;
    naics: string;
    naicsTitle: string | null;
    revenueBand: string;
    employeeBand: string;
    numberOfEmployees: number;
  };
  finance: readonly FinanceRow[] | null;
  now: Date;
};

export type InsightDraft = {
  title: string;
  highLevelSummary: string;
  /** One recommendation per line. */
  recommendations: string;
};

/** Longest title (the report editor's limit). */
export const TITLE_LIMIT = 120;
/** Net margin (percent) under which the thin-margin recommendation is made. */
export const THIN_MARGIN_PERCENT = 5;
/** Revenue trend (percent) under which the falling-revenue recommendation is made. */
export const REVENUE_DROP_PERCENT = -5;
/** Revenue trend (percent) over which the fast-growth recommendation is made. */
export const REVENUE_GROWTH_PERCENT = 10;

/** Three concrete first moves per business area. */
export const CATEGORY_PLAYBOOK: Record<BusinessArea, readonly [string, string, string]> = {
  strategy: [
    "Write a one-page plan for the next 12 months: three goals, the measure for each, and who owns it.",
    "List your five largest customers or product lines and the gross margin of each, then decide where to grow and what to stop.",
    "Hold a half-day planning session each quarter to check progress against the plan and reset priorities.",
  ],
  leadership: [
    "Agree on the three decisions only the owner makes and delegate the rest in writing.",
    "Meet the leadership team weekly for 45 minutes on a fixed agenda: numbers, priorities, blockers.",
    "Give each direct report a 30-minute one-on-one every two weeks with written follow-ups.",
  ],
  management: [
    "Write a role description for each manager with the two or three numbers they are accountable for.",
    "Put the recurring work of each team on a shared checklist so it does not depend on one person.",
    "Review workload and open issues with each manager every week and close out anything older than a month.",
  ],
  finance: [
    "Close the books by the 10th of each month and review the profit and loss against budget.",
    "Build a 13-week cash forecast and update it every Monday.",
    "Review pricing and gross margin by product or service line each quarter and act on the lowest third.",
  ],
  operations: [
    "Map the order-to-delivery process step by step and time each step for two weeks.",
    "Set reorder points for the top 20% of items by sales and review them every week.",
    "Track three operating measures on one weekly sheet: on-time delivery, stockouts and rework.",
  ],
  hr: [
    "Write a job description and a 30-60-90 day onboarding plan for every role you hire for.",
    "Run a short check-in with every employee each quarter and record what would make them stay.",
    "Compare pay for your key roles with local market rates and fix the largest gaps first.",
  ],
  sales: [
    "Put every open opportunity in one pipeline with a stage, a value and a next step with a date.",
    "Review the pipeline weekly and drop deals with no next step within 30 days.",
    "Set a target per salesperson for new conversations each week and track the conversion rate.",
  ],
  marketing: [
    "Find out where your last 50 customers came from and move spend toward the two best channels.",
    "Set one measurable goal per campaign and review cost per customer monthly.",
    "Build an email list from past customers and send a useful message at least monthly.",
  ],
  technology: [
    "List every system you pay for, who uses it and what it costs, and cut what is not used.",
    "Connect your sales, inventory and accounting systems so figures are entered only once.",
    "Turn on multi-factor authentication and automatic backups for every business account this month.",
  ],
};

export type EngagementSuggestion = "coaching" | "fractional" | "project";

const ENGAGEMENT_KEYWORDS: Record<EngagementSuggestion, RegExp> = {
  coaching: /\b(coach\w*|mentor\w*|advice|advis\w*|sounding board|guidance|train\w*)\b/g,
  fractional:
    /\b(fractional|part[- ]time|ongoing|interim|hands[- ]on|run|running|oversee|someone to lead|each month|monthly)\b/g,
  project:
    /\b(project|implement\w*|set up|setup|build|install\w*|one[- ]time|one[- ]off|audit|review|plan|roll ?out|migrat\w*)\b/g,
};

export const ENGAGEMENT_SUGGESTIONS: Record<EngagementSuggestion, string> = {
  coaching:
    "Suggested engagement: coaching, with regular sessions with an experienced adviser while your own team does the work.",
  fractional:
    "Suggested engagement: a fractional expert who works with you a set number of hours each week and owns the results.",
  project:
    "Suggested engagement: a project with a fixed scope, timeline and deliverables, handed over to your team at the end.",
};

/** coaching, fractional or project from keywords of the resolution help answer (most hits; ties in that order; none: project). */
export function suggestEngagement(resolutionHelp: string): EngagementSuggestion {
  const text = resolutionHelp.toLowerCase();
  let best: EngagementSuggestion = "project";
  let bestHits = 0;
  for (const type of ["coaching", "fractional", "project"] as const) {
    const hits = text.match(ENGAGEMENT_KEYWORDS[type])?.length ?? 0;
    if (hits > bestHits) {
      best = type;
      bestHits = hits;
    }
  }
  return best;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const stripTrailingPunctuation = (text: string) => text.replace(/[\s.,;:!?\-–—…]+$/u, "");
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A sentence ending in . ! or ? (a period is added when there is none). */
const sentence = (text: string) => {
  const value = collapse(text);
  return /[.!?]["')\]]?$/.test(value) ? value : `${stripTrailingPunctuation(value)}.`;
};

/** The first sentence of `text`, whitespace collapsed, without its end punctuation. */
export function firstSentence(text: string): string {
  const value = collapse(text);
  const match = /^(.+?[.!?])(\s|$)/.exec(value);
  return stripTrailingPunctuation(match ? match[1] : value);
}

/** At most `limit` characters, cut at the last word boundary, without trailing punctuation. */
export function clampTitle(text: string, limit: number = TITLE_LIMIT): string {
  let value = stripTrailingPunctuation(collapse(text));
  if (Array.from(value).length <= limit) return value;
  value = Array.from(value)
    .slice(0, limit + 1)
    .join("");
  const space = value.lastIndexOf(" ");
  value = space > 0 ? value.slice(0, space) : Array.from(value).slice(0, limit).join("");
  return stripTrailingPunctuation(value);
}

export function draftTitle(input: Pick<DraftInput, "category" | "answers" | "business">): string {
  const label = categoryLabel(input.category);
  const issue = firstSentence(input.answers.issueDetails);
  if (!issue) return clampTitle(`${label} review for ${collapse(input.business.name)}`);
  return clampTitle(`${label}: ${capitalise(issue)}`);
}

function businessParagraph(input: DraftInput): string {
  const { business, answers } = input;
  const industry = business.naicsTitle
    ? `the ${collapse(business.naicsTitle)} industry (NAICS ${business.naics})`
    : `NAICS industry ${business.naics}`;
  const sales = revenueBandLabel(collapse(answers.annualSales) || business.revenueBand);
  const people = collapse(answers.numEmployees) || business.employeeBand;
  const parts = [
    `${collapse(business.name)} is in ${industry} and reports annual sales of ${sales} and ${people} employees.`,
  ];
  if (collapse(answers.businessNature))
    parts.push(`The business describes itself as follows: ${sentence(answers.businessNature)}`);
  return parts.join(" ");
}

function issueParagraph(input: DraftInput): string {
  const { answers } = input;
  const label = categoryLabel(input.category);
  const parts: string[] = [];
  if (collapse(answers.issueDetails)) parts.push(`The request concerns ${label}. ${sentence(answers.issueDetails)}`);
  else parts.push(`The request concerns ${label}.`);
  if (collapse(answers.issueCause)) parts.push(`The business sees the cause as: ${sentence(answers.issueCause)}`);
  if (collapse(answers.managementStructure))
    parts.push(`Management structure: ${sentence(answers.managementStructure)}`);
  return parts.join(" ");
}

function outcomeParagraph(input: DraftInput): string | null {
  const { answers } = input;
  const parts: string[] = [];
  if (collapse(answers.resolutionOutcome)) parts.push(`The outcome sought: ${sentence(answers.resolutionOutcome)}`);
  if (collapse(answers.resolutionHelp)) parts.push(`The help asked for: ${sentence(answers.resolutionHelp)}`);
  return parts.length > 0 ? parts.join(" ") : null;
}

type Signals = { marginPercent: number | null; revenueChangePercent: number | null };

function financeParagraph(input: DraftInput): { text: string; signals: Signals } {
  const rows = input.finance ?? [];
  const net = rows.length > 0 ? netIncomeTrend(rows, input.now) : null;
  const revenue = rows.length > 0 ? revenueTrend(rows, input.now) : null;
  const perEmployee =
    rows.length > 0 ? revenuePerEmployeeTrend(rows, input.business.numberOfEmployees, input.now) : null;
  const signals: Signals = {
    marginPercent: net?.marginPercent ?? null,
    revenueChangePercent: revenue?.changePercent ?? null,
  };
  if (!net && !revenue && !perEmployee) {
    return {
      text:
        input.finance === null
          ? "No company data is connected, so this draft does not use financial figures."
          : "The company data does not cover enough complete months, so this draft does not use financial figures.",
      signals,
    };
  }
  const parts: string[] = [];
  if (net) {
    parts.push(
      `Over the 12 months to ${monthYearLabel(net.months[net.months.length - 1])} the business booked ${formatDollars(net.income)} of income and ${formatDollars(net.netIncome)} of net income, a net margin of ${formatPercent(net.marginPercent)}.`,
    );
  }
  if (revenue) {
    const span = monthSpan(revenue.months[0], revenue.months[revenue.months.length - 1]);
    const change = revenue.changePercent;
    const move =
      Math.abs(change) < 1
        ? "level with the same months a year earlier"
        : `${change > 0 ? "up" : "down"} ${formatPercent(Math.abs(change))} on the same months a year earlier`;
    parts.push(`Income for ${span} was ${formatDollars(revenue.recent)}, ${move}.`);
  }
  if (perEmployee) {
    parts.push(
      `Income per employee for ${monthSpan(perEmployee.months[0], perEmployee.months[perEmployee.months.length - 1])} is ${formatDollars(perEmployee.perEmployee)}.`,
    );
  }
  return { text: parts.join(" "), signals };
}

function financeRecommendations(signals: Signals): string[] {
  const lines: string[] = [];
  const margin = signals.marginPercent;
  if (margin !== null && margin < 0) {
    lines.push(
      `Net income was negative over the last 12 months (margin ${formatPercent(margin)}): build a 13-week cash forecast and set a monthly break-even sales target before adding fixed costs.`,
    );
  } else if (margin !== null && margin < THIN_MARGIN_PERCENT) {
    lines.push(
      `Net margin is ${formatPercent(margin)}, under ${formatPercent(THIN_MARGIN_PERCENT, { decimals: 0 })}: review gross margin by product line and the three largest overhead costs to find two points of margin.`,
    );
  }
  const change = signals.revenueChangePercent;
  if (change !== null && change < REVENUE_DROP_PERCENT) {
    lines.push(
      `Revenue for the last three months is down ${formatPercent(Math.abs(change))} on a year earlier: find which customers, products or channels account for the drop before cutting costs.`,
    );
  } else if (change !== null && change > REVENUE_GROWTH_PERCENT) {
    lines.push(
      `Revenue for the last three months is up ${formatPercent(change)} on a year earlier: check that cash, stock and staffing keep pace before taking on more.`,
    );
  }
  return lines;
}

/** The draft report for a request (see the rules at the top of this file). */
export function draftInsightReport(input: DraftInput): InsightDraft {
  const finance = financeParagraph(input);
  const paragraphs = [businessParagraph(input), issueParagraph(input), outcomeParagraph(input), finance.text].filter(
    (p): p is string => Boolean(p),
  );
  const recommendations = [
    ...financeRecommendations(finance.signals),
    ...CATEGORY_PLAYBOOK[input.category],
    ENGAGEMENT_SUGGESTIONS[suggestEngagement(input.answers.resolutionHelp)],
  ];
  return {
    title: draftTitle(input),
    highLevelSummary: paragraphs.join("\n\n"),
    recommendations: recommendations.join("\n"),
  };
}
