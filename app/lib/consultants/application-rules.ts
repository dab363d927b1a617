// The consultant application's rules without Zod, for the browser (issue #17: the sign-up pages'
// JavaScript budget, docs/decisions/041-javascript-weight.md). The server validates with
// ApplicationSchema (invitation-schemas.ts), built from the same messages and limits;
// tests/unit/consultants/application-rules.test.ts checks that both give the same answers.
import { BUSINESS_AREAS } from "~db/enums";
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  EMAIL_REQUIRED_MESSAGE,
} from "~/lib/identity/sign-in-rules";

export const APPLICATION_NAME_REQUIRED_MESSAGE = "Enter your name.";
export const APPLICATION_NAME_TOO_LONG_MESSAGE = "Name must be 120 characters or fewer.";
export const LINKEDIN_INVALID_MESSAGE = "Enter a LinkedIn profile link starting with https://www.linkedin.com/.";
export const AREAS_REQUIRED_MESSAGE = "Choose at least one business area.";
export const MESSAGE_REQUIRED_MESSAGE = "Tell us a few lines about your experience.";
export const MESSAGE_TOO_LONG_MESSAGE = "Your message must be 2,000 characters or fewer.";
export const APPLICATION_NAME_MAX_LENGTH = 120;
export const LINKEDIN_MAX_LENGTH = 300;
export const APPLICATION_MESSAGE_MAX_LENGTH = 2000;

/** Only LinkedIn profile links over HTTPS, so the console never shows a link elsewhere. */
export function isLinkedInUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && (url.hostname === "www.linkedin.com" || url.hostname === "linkedin.com");
  } catch {
    return false;
  }
}

const present = (value: unknown): value is string => typeof value === "string" && value !== "";

function textErrors(value: unknown, required: string, max: number, tooLong: string): string[] {
  if (!present(value)) return [required];
  const text = value.trim();
  return [...(text.length < 1 ? [required] : []), ...(text.length > max ? [tooLong] : [])];
}

function emailErrors(value: unknown): string[] {
  if (!present(value)) return [EMAIL_REQUIRED_MESSAGE];
  const email = value.trim();
  const first = [
    ...(email.length < 1 ? [EMAIL_REQUIRED_MESSAGE] : []),
    ...(email.length > EMAIL_MAX_LENGTH ? [EMAIL_INVALID_MESSAGE] : []),
  ];
  if (first.length > 0) return first;
  return EMAIL_PATTERN.test(email) ? [] : [EMAIL_INVALID_MESSAGE];
}

/** ApplicationSchema's answer for a Conform payload: field (or `businessAreas[i]`) → messages. */
export function applicationErrors(payload: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (name: string, messages: string[]) => {
    if (messages.length > 0) errors[name] = [...(errors[name] ?? []), ...messages];
  };
  add(
    "name",
    textErrors(
      payload.name,
      APPLICATION_NAME_REQUIRED_MESSAGE,
      APPLICATION_NAME_MAX_LENGTH,
      APPLICATION_NAME_TOO_LONG_MESSAGE,
    ),
  );
  add("email", emailErrors(payload.email));
  if (present(payload.linkedinUrl)) {
    const link = payload.linkedinUrl.trim();
    if (link.length > LINKEDIN_MAX_LENGTH) add("linkedinUrl", [LINKEDIN_INVALID_MESSAGE]);
    else if (link !== "" && !isLinkedInUrl(link)) add("linkedinUrl", [LINKEDIN_INVALID_MESSAGE]);
  }
  const areas = payload.businessAreas;
  const list = typeof areas === "string" ? [areas] : Array.isArray(areas) ? areas : undefined;
  if (!list) add("businessAreas", [AREAS_REQUIRED_MESSAGE]);
  else {
    list.forEach((area, index) => {
      if (!(BUSINESS_AREAS as readonly unknown[]).includes(area))
        add(`businessAreas[${index}]`, [AREAS_REQUIRED_MESSAGE]);
    });
    if (list.length < 1) add("businessAreas", [AREAS_REQUIRED_MESSAGE]);
  }
  add(
    "message",
    textErrors(payload.message, MESSAGE_REQUIRED_MESSAGE, APPLICATION_MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG_MESSAGE),
  );
  return errors;
}

/** getZodConstraint(ApplicationSchema), written out (the unit test compares them). */
export const APPLICATION_CONSTRAINT = {
  name: { required: true },
  email: { required: true },
  linkedinUrl: { required: false },
  businessAreas: { required: true, multiple: true },
  "businessAreas[]": { required: true, pattern: BUSINESS_AREAS.join("|") },
  message: { required: true },
};
