import * as z from "zod";
import type { SUPPORT_SUBJECTS } from "~db/enums";

/**
 * The support form of `/contact-us` ('Need Help? We're here for you', spec §2, §5): required
 * subject and message. One schema for the browser (Conform) and the server action. Only a type
 * comes from db/schema: this module is bundled for the browser, the table code is not.
 */

export const SUPPORT_PAGE_TITLE = "Need Help? We're here for you";
export const SUBJECT_REQUIRED_MESSAGE = "Choose a subject.";
export const MESSAGE_REQUIRED_MESSAGE = "Write your message.";
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_TOO_LONG_MESSAGE = "Keep your message to 5,000 characters or fewer.";
export const MESSAGE_PLACEHOLDER = "Write your message...";
/** The dashboard's `?notice=` key that confirms a sent message (app/lib/shared/notices.ts has its text). */
export const SUPPORT_SENT_NOTICE = "support-sent";

type SupportSubject = (typeof SUPPORT_SUBJECTS)[number];

/** The subjects of spec §2 (stored values) with their labels, in the order the form lists them. */
export const SUPPORT_SUBJECT_OPTIONS = [
  { value: "generalInquiry", label: "General inquiry" },
  { value: "insights", label: "Insights" },
  { value: "matching", label: "Matching" },
  { value: "techSupport", label: "Tech support" },
] as const satisfies readonly { value: SupportSubject; label: string }[];

export function supportSubjectLabel(subject: SupportSubject): string {
  return SUPPORT_SUBJECT_OPTIONS.find((option) => option.value === subject)?.label ?? subject;
}

const SUBJECT_VALUES = SUPPORT_SUBJECT_OPTIONS.map((option) => option.value) as [SupportSubject, ...SupportSubject[]];

export const SupportMessageSchema = z.object({
  subject: z.enum(SUBJECT_VALUES, { error: SUBJECT_REQUIRED_MESSAGE }),
  message: z
    .string({ error: MESSAGE_REQUIRED_MESSAGE })
    .trim()
    .min(1, MESSAGE_REQUIRED_MESSAGE)
    .max(SUPPORT_MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG_MESSAGE),
});
export type SupportMessageInput = z.infer<typeof SupportMessageSchema>;

export { PARTWISE_CONTACT } from "./contact";

/** Where the agreements are served (spec §2). */
export const PRIVACY_POLICY_PATH = "/api/agreements/privacy-policy/";
export const TERMS_PATH = "/api/agreements/terms-and-conditions/";
