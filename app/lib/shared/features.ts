/** The feature pages of /features (spec §2) and how the `focus` query selects one. Pure. */
export const FEATURES = ["Insights", "Matching", "Engagements", "Benchmarking", "Documents"] as const;
export type Feature = (typeof FEATURES)[number];

/** Any case is accepted; a missing or unknown value falls back to Insights. */
export function parseFeatureFocus(value: string | null | undefined): Feature {
  const wanted = (value ?? "").trim().toLowerCase();
  return FEATURES.find((feature) => feature.toLowerCase() === wanted) ?? "Insights";
}

export function featureHref(feature: Feature): string {
  return `/features?focus=${feature}`;
}

/** The feature a /features URL opens: engagementId opens Engagements, matchId Matching, else `focus`. */
export function featureFromSearch(params: URLSearchParams): Feature {
  if (params.get("engagementId")) return "Engagements";
  if (params.get("matchId")) return "Matching";
  return parseFeatureFocus(params.get("focus"));
}
