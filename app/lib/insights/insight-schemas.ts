import * as z from "zod";
import type { BusinessArea } from "~db/enums";
import { INSIGHT_AREAS } from "~/lib/business/settings-schemas";

/**
 * Insights (spec §2 /create-insight, §3 payloads, §4, §5 "Matching and insight", §8): the request
 * wizard's pages, the create payload, report feedback and the texts they show. One set of
 * schemas for the browser (Conform) and the server (page actions and the JSON API of spec §7).
 * Only a type comes from db/schema: this module is bundled for the browser.
 */

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

export const CREATE_INSIGHT_TITLE = "Create New Insight";
/** The progress labels of the step bar (spec §2). */
export const INSIGHT_STEP_LABELS = ["Department", "Insight Overview", "Insight Confirmation"] as const;
/** spec §5: Continue with nothing chosen (sentinel 86). */
export const SELECT_BUSINESS_AREA_MESSAGE = "Select a business area";
/** spec §8 "Insight submit": the server failed. */
export const INSIGHT_SUBMIT_FAILED_MESSAGE = "Unable to process your request at this time";
export const BUSINESS_NATURE_REQUIRED_MESSAGE = "Describe the nature of your business.";
export const ISSUE_DETAILS_REQUIRED_MESSAGE = "Describe the issue you want solved.";
export const RESOLUTION_OUTCOME_REQUIRED_MESSAGE = "Describe the outcome you want.";
export const INSIGHT_TEXT_MAX_LENGTH = 4000;
export const INSIGHT_TEXT_TOO_LONG_MESSAGE = "Keep this to 4,000 characters or fewer.";
export const INSIGHT_SHORT_TEXT_MAX_LENGTH = 100;
export const INSIGHT_SHORT_TEXT_TOO_LONG_MESSAGE = "Keep this to 100 characters or fewer.";
export const INSIGHT_FILES_INVALID_MESSAGE = "One of the attached files could not be found. Attach it again.";
export const INSIGHT_MAX_FILES = 10;
export const INSIGHT_TOO_MANY_FILES_MESSAGE = `Attach at most ${INSIGHT_MAX_FILES} files.`;
export const INSIGHT_REQUEST_NOT_FOUND_MESSAGE = "Insight not found.";
export const INSIGHT_REPORT_NOT_FOUND_MESSAGE = "Insight report not found.";
export const VALUE_INSIGHT_NOT_FOUND_MESSAGE = "Value insight not found.";

/** spec §9: "Business area sentinel 86 means none chosen". */
export const BUSINESS_AREA_SENTINEL = "86";

/** The nine areas, in the order page 1 lists them (the Preferences tab's order). */
export const INSIGHT_CATEGORY_OPTIONS = INSIGHT_AREAS;
const AREA_KEYS = INSIGHT_AREAS.map((area) => area.key) as [BusinessArea, ...BusinessArea[]];

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

/** Page 1: the business area. Nothing chosen, the sentinel, or anything unknown → the spec text. */
export const InsightCategorySchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z.enum(AREA_KEYS, { error: SELECT_BUSINESS_AREA_MESSAGE }),
);

function requiredText(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(INSIGHT_TEXT_MAX_LENGTH, INSIGHT_TEXT_TOO_LONG_MESSAGE);
}

/** Optional free text (spec §5: "no bounds shown"; the server still bounds what it stores). */
const optionalText = z
  .string()
  .trim()
  .max(INSIGHT_TEXT_MAX_LENGTH, INSIGHT_TEXT_TOO_LONG_MESSAGE)
  .optional()
  .transform((value) => value ?? "");

const optionalShortText = z
  .string()
  .trim()
  .max(INSIGHT_SHORT_TEXT_MAX_LENGTH, INSIGHT_SHORT_TEXT_TOO_LONG_MESSAGE)
  .optional()
  .transform((value) => value ?? "");

/** Stored file names as the upload answered them: `<uuid>.<ext>`. Checked against D1 by the server. */
const FileNamesSchema = z
  .preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().trim().min(1).max(80)).max(INSIGHT_MAX_FILES, INSIGHT_TOO_MANY_FILES_MESSAGE),
  )
  .transform((names) => [...new Set(names)]);

/** Page 2: the overview (spec §2). */
export const InsightOverviewSchema = z.object({
  businessNature: requiredText(BUSINESS_NATURE_REQUIRED_MESSAGE),
  managementStructure: optionalText,
  issueDetails: requiredText(ISSUE_DETAILS_REQUIRED_MESSAGE),
  issueCause: optionalText,
  resolutionOutcome: requiredText(RESOLUTION_OUTCOME_REQUIRED_MESSAGE),
  resolutionHelp: optionalText,
  annualSales: optionalShortText,
  numEmployees: optionalShortText,
  files: FileNamesSchema,
});

/** The whole request as the wizard submits it (pages 1 and 2) plus an idempotency key. */
export const InsightRequestFormSchema = InsightOverviewSchema.extend({
  category: InsightCategorySchema,
  /**
   * A UUID made by the browser once per wizard; it becomes the request's id, so a double submit
   * or a retried request creates one insight request, not two. Optional for API callers.
   */
  requestId: z.uuid().optional(),
});
export type InsightRequestInput = z.infer<typeof InsightRequestFormSchema>;

/** `POST /api/insight/insightRequest/create` (spec §3 "Insight request payload"). */
export const InsightRequestPayloadSchema = InsightRequestFormSchema.extend({
  businessId: z.string({ error: "businessId is required." }).min(1, "businessId is required."),
});

// ---------------------------------------------------------------------------------------------
// Rating and feedback (spec §3 "Feedback", §4, §9)
// ---------------------------------------------------------------------------------------------

export const DEFAULT_RATING = 3;
/** The prompt shown for each star level. */
export const RATING_PROMPTS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: "Not helpful. Tell us what was missing.",
  2: "Somewhat helpful. What would have made it better?",
  3: "Helpful. Anything we could add?",
  4: "Very helpful. What stood out?",
  5: "Extremely helpful. We're glad it hit the mark!",
};
export const RATING_RANGE_MESSAGE = "Choose a rating from 1 to 5 stars.";
export const FEEDBACK_MAX_LENGTH = 2000;
export const FEEDBACK_TOO_LONG_MESSAGE = "Keep your feedback to 2,000 characters or fewer.";
export const FEEDBACK_SAVED_MESSAGE = "Thank you for your feedback!";
/** spec §8 "Feedback failure" (misspelling fixed). */
export const FEEDBACK_FAILED_TITLE = "An error occurred while sending your feedback.";
export const FEEDBACK_FAILED_DETAIL = "Please try again later.";

const RatingSchema = z.coerce
  .number({ error: RATING_RANGE_MESSAGE })
  .int(RATING_RANGE_MESSAGE)
  .min(1, RATING_RANGE_MESSAGE)
  .max(5, RATING_RANGE_MESSAGE);

const FeedbackTextSchema = z
  .string()
  .trim()
  .max(FEEDBACK_MAX_LENGTH, FEEDBACK_TOO_LONG_MESSAGE)
  .optional()
  .transform((value) => value ?? "");

/** The rating form on /insight-discovery (report or value insight). */
export const FeedbackFormSchema = z.object({
  clientSatisfaction: RatingSchema,
  clientFeedback: FeedbackTextSchema,
});

/** `PUT /api/insight/insight-report/feedback/`. */
export const ReportFeedbackPayloadSchema = FeedbackFormSchema.extend({
  insightReportId: z.string({ error: "insightReportId is required." }).min(1, "insightReportId is required."),
});

/** `PUT /api/insight/value-insight/feedback/`. */
export const ValueInsightFeedbackPayloadSchema = FeedbackFormSchema.extend({
  valueInsightId: z.string({ error: "valueInsightId is required." }).min(1, "valueInsightId is required."),
});

// ---------------------------------------------------------------------------------------------
// Turning an insight into a match request
// ---------------------------------------------------------------------------------------------

export const MATCH_WITH_CONSULTANT_LABEL = "Match with Consultant";
/** In place of the button once the insight was turned into a match (its `convertedToMatch`). */
export const MATCH_REQUESTED_TEXT = "Match requested: you already asked for a consultant on this insight.";
export const VIEW_MATCH_REQUEST_LABEL = "View the match request";
export const MATCH_FROM_INSIGHT_FAILED_MESSAGE = "Unable to process your matching request at this time";
