// NAICS helpers shared by the browser and the server (pure: no data, no I/O).

/** Shown when a NAICS field is not exactly six digits (spec §5). */
export const NAICS_FORMAT_MESSAGE = "NAICS must be a 6-digit number";

/** Shown when the format is right but the code is not a 2022 six-digit national industry. */
export const NAICS_UNKNOWN_MESSAGE = "That isn't a 2022 NAICS industry code. Use the NAICS lookup to find yours.";

/** Where the business form's lookup link points: Partwise's own NAICS directory. */
export const NAICS_DIRECTORY_PATH = "/naics";

/**
 * `?naics=` on the sign-up's addresses: the industry a visitor came from (an industry benchmark
 * page, ADR 089), carried from the personal details to the business details, whose industry it
 * fills in. Only a six-digit code is carried; the server checks it is a 2022 industry.
 */
export const INDUSTRY_PREFILL_PARAM = "naics";

const withIndustry = (path: string, naics: string | null) =>
  `${path}${naics ? `?${INDUSTRY_PREFILL_PARAM}=${naics}` : ""}`;

/** The sign-up's first step for a business, with the industry to fill in when there is one. */
export function businessSignUpPath(naics: string | null = null): string {
  return withIndustry("/Signup/client-personal-details", naics);
}

/** The sign-up's business details, with the industry to fill in when there is one. */
export function businessDetailsPath(naics: string | null = null): string {
  return withIndustry("/signup-business", naics);
}

/** True for a string (or number) that is exactly six ASCII digits, e.g. "459110". */
export function isSixDigitNumber(value: unknown): boolean {
  if (typeof value === "number") return Number.isInteger(value) && value >= 100000 && value <= 999999;
  return typeof value === "string" && /^[0-9]{6}$/.test(value);
}

/** A six-digit industry as the product shows it: its code, title and sector. */
export type NaicsIndustry = {
  code: string;
  title: string;
  sector: { code: string; title: string };
};

/** A 2022 NAICS code at any level: a sector ("44-45", level 2) down to a national industry (6). */
export type NaicsNode = { code: string; title: string; level: number };

/** An industry found by the NAICS search, with the Census index description that matched, if any. */
export type NaicsSearchResult = NaicsIndustry & { match: string | null };

/** Shortest search worth answering (one letter matches hundreds of industries). */
export const NAICS_SEARCH_MIN_LENGTH = 2;
/** Longest search accepted (the longest 2022 title or index description is well under it). */
export const NAICS_SEARCH_MAX_LENGTH = 100;
/** Most suggestions a search returns through the API. */
export const NAICS_SEARCH_API_MAX_LIMIT = 20;

export const NAICS_SEARCH_REQUIRED_MESSAGE = "Type at least 2 characters to search.";
export const NAICS_SEARCH_TOO_LONG_MESSAGE = "Search for at most 100 characters.";
export const NAICS_SEARCH_LIMIT_MESSAGE = "limit must be a whole number from 1 to 20.";
