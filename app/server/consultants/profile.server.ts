/**
 * The consultant's own profile on the server. The NAICS picker offers the 2022 sectors with their
 * 3-digit subsectors, and a posted specialty must be one of those real subsectors: the form's
 * shape check (three digits) cannot know which codes exist.
 */
import data from "~/data/naics-2022.json";
import { PROFILE_TEXTS } from "~/lib/consultants/profile";

/** One entry of app/data/naics-2022.json: [code, title, level (2–6), parent code or null]. */
type NaicsEntry = [code: string, title: string, level: number, parentCode: string | null];

export type IndustrySector = { code: string; title: string; subsectors: { code: string; title: string }[] };

let sectors: readonly IndustrySector[] | null = null;

/** The sectors in code order, each with its subsectors in code order. */
export function industrySectors(): readonly IndustrySector[] {
  if (sectors) return sectors;
  const entries = data as unknown as NaicsEntry[];
  const byCode = new Map<string, IndustrySector>();
  for (const [code, title, level] of entries) if (level === 2) byCode.set(code, { code, title, subsectors: [] });
  for (const [code, title, level, parent] of entries) {
    if (level === 3 && parent) byCode.get(parent)?.subsectors.push({ code, title });
  }
  sectors = [...byCode.values()];
  return sectors;
}

/** Null when every code is a real subsector, else the text the form shows. */
export function industryCodesProblem(codes: readonly string[]): string | null {
  const known = new Set(industrySectors().flatMap((sector) => sector.subsectors.map((subsector) => subsector.code)));
  return codes.every((code) => known.has(code)) ? null : PROFILE_TEXTS.industryCodeUnknown;
}
