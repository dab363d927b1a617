import * as z from "zod";
import type { InsightRequestStatus } from "~db/enums";

/**
 * The engagement manager console's insight pages (`/manage/insights`): the queue filters, the
 * request page's actions and the report editor's schema, shared by the browser (Conform) and the
 * route action. Pure; only a type comes from db/schema (this module is bundled for the browser).
 */

/** The queue's filters, in the order the console shows them; the first is the default. */
export const INSIGHT_QUEUE_FILTERS = [
  { status: "submitted", label: "To do" },
  { status: "in_review", label: "In review" },
  { status: "ready", label: "Published" },
  { status: "awaiting_payment", label: "Awaiting payment" },
] as const satisfies readonly { status: InsightRequestStatus; label: string }[];

export function insightQueueLabel(status: InsightRequestStatus): string {
  return INSIGHT_QUEUE_FILTERS.find((filter) => filter.status === status)?.label ?? status;
}

/** A request's page in the console. */
export const insightRequestPath = (id: string) => `/manage/insights/${encodeURIComponent(id)}`;

/** The publish preview of a request: its own page, so confirming works without JavaScript. */
export const publishPreviewPath = (id: string) => `${insightRequestPath(id)}/preview`;

/** `?status=`; anything else (or nothing) is the "To do" queue. */
export function insightQueueStatusFrom(value: string | null | undefined): InsightRequestStatus {
  return INSIGHT_QUEUE_FILTERS.find((filter) => filter.status === value)?.status ?? "submitted";
}

export const INSIGHT_QUEUE_EMPTY: Record<InsightRequestStatus, string> = {
  submitted: "No insight requests are waiting for review.",
  in_review: "No insight requests are in review.",
  ready: "No insight reports have been published yet.",
  awaiting_payment: "No insight requests are waiting for payment.",
};

// Payment column.
export const PAYMENT_PAID = "Paid";
export const PAYMENT_INCLUDED = "Included in plan";
export const PAYMENT_AWAITING = "Awaiting payment";

// Notices and errors of the request page's actions.
export const REVIEW_STARTED_MESSAGE = "Review started. The draft report is ready to edit.";
export const DRAFT_SAVED_MESSAGE = "Draft saved.";
export const REPORT_PUBLISHED_MESSAGE = "Report published. The client has been notified.";
export const ALREADY_PUBLISHED_MESSAGE = "This report has already been published.";
export const WAITING_FOR_PAYMENT_MESSAGE = "This request is waiting for payment.";
export const NOT_ASSIGNED_MESSAGE = "Only the engagement manager assigned to this request can change its report.";
export const START_REVIEW_FIRST_MESSAGE = "Start the review before editing the report.";
export const ALREADY_IN_REVIEW_MESSAGE = "You are already reviewing this request.";
export const UNKNOWN_ACTION_MESSAGE = "Choose Start review, Save draft or Preview and publish.";
export const PREVIEW_OUTDATED_MESSAGE =
  "The draft has changed since this preview. Check the preview again before publishing.";
export const NOTHING_TO_PREVIEW_MESSAGE =
  "Start the review first: Partwise writes a draft, which you edit and then preview here before publishing.";
export const ONLY_REVIEWER_PUBLISHES_MESSAGE = "Only the engagement manager reviewing this request can publish it.";
export const CONFIRM_PUBLISH_INVALID_MESSAGE = "Open the preview again, then confirm publishing from it.";
export const NO_COMPANY_DATA_MESSAGE = "No company data connected";

// What the client receives on publish.
export const INSIGHT_READY_NOTIFICATION_TITLE = "Your insight is available!";
export const INSIGHT_READY_EMAIL_SUBJECT = "Your Partwise insight is ready";
/** The insight-ready email's texts (its notification is the title and the report's title). */
export const INSIGHT_READY_EMAIL = {
  body: "Your Partwise engagement manager has published your insight report.",
  report: "Report",
  action: "View your insight",
  footer: "You received this email because your business requested an insight on Partwise.",
} as const;

// The report editor.
export const REPORT_TITLE_MAX_LENGTH = 120;
export const REPORT_TEXT_MAX_LENGTH = 6000;
export const REPORT_TITLE_REQUIRED_MESSAGE = "Give the report a title.";
export const REPORT_TITLE_TOO_LONG_MESSAGE = "Keep the title to 120 characters or fewer.";
export const REPORT_SUMMARY_TOO_LONG_MESSAGE = "Keep the summary to 6,000 characters or fewer.";
export const REPORT_RECOMMENDATIONS_TOO_LONG_MESSAGE = "Keep the recommendations to 6,000 characters or fewer.";

/** Line endings as browsers post them (CRLF) are stored as LF. */
const text = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, message));

/**
 * The editor's fields; `intent` is the pressed button: Save draft, or Preview and publish (which
 * saves the draft and opens the publish preview).
 */
export const InsightReportEditorSchema = z.object({
  intent: z.enum(["save", "preview"], { error: UNKNOWN_ACTION_MESSAGE }),
  title: z
    .string({ error: REPORT_TITLE_REQUIRED_MESSAGE })
    .trim()
    .min(1, REPORT_TITLE_REQUIRED_MESSAGE)
    .max(REPORT_TITLE_MAX_LENGTH, REPORT_TITLE_TOO_LONG_MESSAGE),
  highLevelSummary: text(REPORT_TEXT_MAX_LENGTH, REPORT_SUMMARY_TOO_LONG_MESSAGE),
  recommendations: text(REPORT_TEXT_MAX_LENGTH, REPORT_RECOMMENDATIONS_TOO_LONG_MESSAGE),
});
export type InsightReportEditorInput = z.infer<typeof InsightReportEditorSchema>;
export type ReportContent = Omit<InsightReportEditorInput, "intent">;

/**
 * 'Confirm publish' on the preview page. `version` is the draft's last-change time (ms) the
 * preview showed: publishing checks it, so what goes out is exactly what the manager saw.
 */
export const ConfirmPublishSchema = z.object({
  intent: z.literal("publish", { error: CONFIRM_PUBLISH_INVALID_MESSAGE }),
  version: z
    .string({ error: CONFIRM_PUBLISH_INVALID_MESSAGE })
    .regex(/^\d{1,15}$/, CONFIRM_PUBLISH_INVALID_MESSAGE)
    .transform(Number),
});
