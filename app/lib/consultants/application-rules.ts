// The consultant application's messages, limits and LinkedIn rule, in a module without Zod so the
// application page can import them without loading Zod (docs/decisions/041-javascript-weight.md).
// The form is checked with ApplicationSchema (invitation-schemas.ts), built from these, in the
// browser (fetched on first focus, ADR 062) and in the action.

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
