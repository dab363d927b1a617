/** Display helpers shared by server and browser. Pure. */
import { MEMBER_TIERS, REVENUE_BANDS } from "~db/enums";

/** Company names are shown up to 40 characters, then an ellipsis (spec §5, §9). */
export const COMPANY_NAME_LIMIT = 40;

export function shortenCompanyName(name: string, limit: number = COMPANY_NAME_LIMIT): string {
  const chars = Array.from(name.trim());
  if (chars.length <= limit) return chars.join("");
  return `${chars.slice(0, limit).join("").trimEnd()}…`;
}

/** Two-letter categories (e.g. "hr") are shown upper-case; others with a capital first letter. */
export function categoryLabel(category: string): string {
  const value = category.trim();
  if (value.length === 2) return value.toUpperCase();
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

/** Empty text of the dashboard's insight activity tab. */
export function noInsightsMessage(category?: string | null): string {
  const label = category?.trim() ? categoryLabel(category) : "";
  return label ? `There are no ${label} insights at this time.` : "There are no insights at this time.";
}

/** Member tiers as the plans are sold: STANDARD is STARTER, PREMIUM is SCALE (spec §1). */
export function planLabel(memberTier: string | null | undefined): string {
  switch ((memberTier ?? "").toUpperCase()) {
    case "STANDARD":
      return "STARTER";
    case "PREMIUM":
      return "SCALE";
    case "BASIC":
      return "BASIC";
    default:
      return memberTier ? memberTier.toUpperCase() : "BASIC";
  }
}

/** Initials for the account badge: first letters of first and last name. */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = Array.from((firstName ?? "").trim())[0] ?? "";
  const last = Array.from((lastName ?? "").trim())[0] ?? "";
  return `${first}${last}`.toUpperCase() || "?";
}

/** "First Last", without stray spaces when a part is missing. */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(" ");
}

/** "BASIC, STARTER and SCALE": the plans of a list of member tiers, in the plan page's order. */
export function plansText(tiers: readonly string[]): string {
  const labels = MEMBER_TIERS.filter((tier) => tiers.includes(tier)).map((tier) => planLabel(tier));
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** "the SCALE plan", "the STARTER and SCALE plans": the plans of `tiers` as a sentence names them. */
export function thePlans(tiers: readonly string[]): string {
  const count = MEMBER_TIERS.filter((tier) => tiers.includes(tier)).length;
  return `the ${plansText(tiers)} ${count === 1 ? "plan" : "plans"}`;
}

/**
 * A revenue band as people read it: the spec's stored value with "Million" capitalised, the form the
 * spec shows ("5-10 Million", "< 5 Million"), on every page, the console and emails. The stored
 * values ('5-10 million', db/enums.ts REVENUE_BANDS) and the JSON API's `revenue` stay as they are;
 * anything that is not a band is shown as given.
 */
export function revenueBandLabel(band: string): string {
  return (REVENUE_BANDS as readonly string[]).includes(band) ? band.replace(/million$/, "Million") : band;
}
