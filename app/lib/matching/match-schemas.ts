import * as z from "zod";
import {
  ENGAGEMENT_TYPES,
  MATCH_CATEGORIES,
  type BusinessArea,
  type EngagementType,
  type MatchCategory,
} from "~db/enums";
import { INSIGHT_AREAS } from "~/lib/business/settings-schemas";
import {
  CHOOSE_ENGAGEMENT_TYPE_MESSAGE,
  CONFIRM_BUSINESS_AREA_MESSAGE,
  CONFIRM_ENGAGEMENT_TYPE_MESSAGE,
  I_AM_NOT_SURE_LABEL,
  ISSUE_CAUSE_REQUIRED_MESSAGE,
  MATCH_MAX_FILES,
  MATCH_PROBLEM_MAX_LENGTH,
  MATCH_PROBLEM_TOO_LONG_MESSAGE,
  MATCH_TOO_MANY_FILES_MESSAGE,
  SELECT_BUSINESS_AREA_MESSAGE,
} from "./match-copy";

/**
 * Match requests (spec §2 /create-match, §3 "Match request", §5 "Matching and insight"): the
 * wizard's pages, the create payload of `POST /api/matching/matchRequest/create`, and the rule
 * by which the client reads the server's answer. One set of schemas for the browser (Conform)
 * and the server (page action and JSON API). Pure and isomorphic.
 */

/** The nine business areas, in the order the wizard lists them. */
export const MATCH_AREA_OPTIONS = INSIGHT_AREAS;
const AREA_KEYS = INSIGHT_AREAS.map((area) => area.key) as [BusinessArea, ...BusinessArea[]];

export const ENGAGEMENT_TYPE_OPTIONS = [
  { key: "fractional", label: "Fractional" },
  { key: "coaching", label: "Coaching" },
  { key: "project", label: "Project" },
] as const satisfies readonly { key: EngagementType; label: string }[];

/**
 * The value of "I'm not sure" in the summary page's Engagement Type dropdown: a real choice (so
 * the dropdown can be confirmed with it), sent to the API as consultingType ''.
 */
export const NOT_SURE_VALUE = "not_sure";
export const ENGAGEMENT_CHOICES = [...ENGAGEMENT_TYPES, NOT_SURE_VALUE] as const;
export type EngagementChoice = (typeof ENGAGEMENT_CHOICES)[number];

export function areaLabel(key: string | null | undefined): string {
  if (key === "unknown") return "Unknown";
  return MATCH_AREA_OPTIONS.find((option) => option.key === key)?.label ?? "";
}

export function engagementChoiceLabel(choice: string | null | undefined): string {
  if (choice === NOT_SURE_VALUE || choice === "") return I_AM_NOT_SURE_LABEL;
  return ENGAGEMENT_TYPE_OPTIONS.find((option) => option.key === choice)?.label ?? "";
}

const lower = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() : value);

/** Page 1: nothing chosen, the sentinel 86 or anything unknown → 'Select a business area'. */
export const AreaPageSchema = z.object({
  area: z.preprocess(lower, z.enum(AREA_KEYS, { error: SELECT_BUSINESS_AREA_MESSAGE })),
});

/** Page 2 (Continue): one of the three types → else 'Please choose an engagement type'. */
export const EngagementPageSchema = z.object({
  engagementType: z.preprocess(lower, z.enum(ENGAGEMENT_TYPES, { error: CHOOSE_ENGAGEMENT_TYPE_MESSAGE })),
});

const ProblemStatementSchema = z
  .string({ error: ISSUE_CAUSE_REQUIRED_MESSAGE })
  .trim()
  .min(1, ISSUE_CAUSE_REQUIRED_MESSAGE)
  .max(MATCH_PROBLEM_MAX_LENGTH, MATCH_PROBLEM_TOO_LONG_MESSAGE);

/** Stored file names as the upload answered them (`<uuid>.<ext>`); the server checks them against D1. */
export const MatchFileNamesSchema = z
  .preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().trim().min(1).max(80)).max(MATCH_MAX_FILES, MATCH_TOO_MANY_FILES_MESSAGE),
  )
  .transform((names) => [...new Set(names)]);

/** Page 3, the summary: what the request says, with both dropdowns confirmed. */
export const SummaryPageSchema = z.object({
  issueCause: ProblemStatementSchema,
  category: z.preprocess(lower, z.enum(AREA_KEYS, { error: CONFIRM_BUSINESS_AREA_MESSAGE })),
  consultingType: z.preprocess(lower, z.enum(ENGAGEMENT_CHOICES, { error: CONFIRM_ENGAGEMENT_TYPE_MESSAGE })),
  files: MatchFileNamesSchema,
});

/**
 * The wizard's final post (the confirm step): the summary plus the idempotency key, a UUID made
 * once per wizard, which becomes the request's id so a double submit creates one request.
 */
export const MatchWizardFormSchema = SummaryPageSchema.extend({ requestId: z.uuid().optional() });
export type MatchWizardForm = z.infer<typeof MatchWizardFormSchema>;

/**
 * "Request this consultant" (a public profile's button): what the business needs, in the
 * summary's fields without files, and the idempotency key the page made (the request's id).
 */
export const ConsultantRequestSchema = SummaryPageSchema.omit({ files: true }).extend({ requestId: z.uuid() });
export type ConsultantRequestForm = z.infer<typeof ConsultantRequestSchema>;

/** What createMatchRequest takes: the creation payload of spec §3, parsed. */
export type MatchRequestInput = {
  category: MatchCategory;
  /** null when the business chose "I'm not sure". */
  consultingType: EngagementType | null;
  problemStatement: string;
  files: string[];
  requestId?: string;
};

export function wizardInput(form: MatchWizardForm): MatchRequestInput {
  return {
    category: form.category,
    consultingType: form.consultingType === NOT_SURE_VALUE ? null : form.consultingType,
    problemStatement: form.issueCause,
    files: form.files,
    requestId: form.requestId,
  };
}

export const CATEGORY_INVALID_MESSAGE = `category must be one of: ${MATCH_CATEGORIES.join(", ")}.`;
export const CONSULTING_TYPE_INVALID_MESSAGE = `consultingType must be one of: ${ENGAGEMENT_TYPES.join(
  ", ",
)}, or '' when unsure.`;
export const FILES_NOT_A_LIST_MESSAGE = "files must be a list of stored file names.";

/**
 * `POST /api/matching/matchRequest/create` (spec §3 "Creation payload"): the business area
 * lowercase or 'unknown', the engagement type lowercase or '' for unset, the problem statement,
 * the stored names of files uploaded for it, and an optional idempotency key.
 */
export const MatchRequestPayloadSchema = z
  .object({
    businessId: z.string({ error: "businessId is required." }).min(1, "businessId is required."),
    category: z.preprocess(lower, z.enum(MATCH_CATEGORIES, { error: CATEGORY_INVALID_MESSAGE })),
    consultingType: z.preprocess(
      (value) => (value === null || value === undefined ? "" : lower(value)),
      z.enum([...ENGAGEMENT_TYPES, ""], { error: CONSULTING_TYPE_INVALID_MESSAGE }),
    ),
    problemStatement: ProblemStatementSchema,
    files: z
      .array(z.string({ error: FILES_NOT_A_LIST_MESSAGE }).trim().min(1).max(80), { error: FILES_NOT_A_LIST_MESSAGE })
      .max(MATCH_MAX_FILES, MATCH_TOO_MANY_FILES_MESSAGE)
      .optional()
      .transform((names) => [...new Set(names ?? [])]),
    requestId: z.uuid({ error: "requestId must be a UUID." }).optional(),
  })
  .transform((payload): MatchRequestInput & { businessId: string } => ({
    businessId: payload.businessId,
    category: payload.category,
    consultingType: payload.consultingType === "" ? null : payload.consultingType,
    problemStatement: payload.problemStatement,
    files: payload.files,
    requestId: payload.requestId,
  }));

/**
 * spec §4: a match creation counts as done only when the server's message contains
 * 'have been matched'; anything else (no message, an error's message) is the failure card.
 */
export function matchCreationSucceeded(msg: unknown): boolean {
  return typeof msg === "string" && msg.includes("have been matched");
}
