// The business areas as Settings and the consultant application list them: apart from
// settings-schemas.ts so pages can show them without loading Zod (docs/decisions/041-javascript-weight.md).
import type { BusinessArea } from "~db/enums";

/** The nine areas in the order the Preferences tab lists them, with their labels. */
export const INSIGHT_AREAS = [
  { key: "finance", label: "Finance" },
  { key: "hr", label: "HR" },
  { key: "leadership", label: "Leadership" },
  { key: "management", label: "Management" },
  { key: "marketing", label: "Marketing" },
  { key: "operations", label: "Operations" },
  { key: "sales", label: "Sales" },
  { key: "strategy", label: "Strategy" },
  { key: "technology", label: "Technology" },
] as const satisfies readonly { key: BusinessArea; label: string }[];
export const INSIGHT_AREA_KEYS = INSIGHT_AREAS.map((area) => area.key);
