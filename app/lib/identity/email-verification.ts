/**
 * Verified email (docs/decisions/070): a new account's sign-in email is proven by a link sent to
 * it. Until then the shells show a banner, and paying, inviting colleagues and receiving payouts
 * wait. Pure texts and rules, shared by the server and the pages.
 */

/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_DAYS = 7;

/**
 * The refusal of an action that waits for the address (a payment, an invitation, payouts): the
 * pages show it next to the button, and the JSON API answers it as a 403 `{ msg }`.
 */
export const EMAIL_UNVERIFIED_MESSAGE =
  "Confirm your email address first: open the link we sent you, or send it again from the banner at the top of the page.";

/** The banner in every signed-in shell while the address is not confirmed. */
export const EMAIL_VERIFICATION_BANNER = {
  title: "Confirm your email address",
  text: (email: string) =>
    `We sent a link to ${email}. Open it to confirm your address: paying, inviting colleagues and receiving payouts wait until you do.`,
  button: "Send the link again",
} as const;

/** What the banner says after "Send the link again" (`?verify-email=<key>` after the redirect). */
export const EMAIL_VERIFICATION_RESEND = {
  sent: (email: string) => `We sent a new link to ${email}. It works for ${EMAIL_VERIFICATION_TTL_DAYS} days.`,
  limited: "You asked for several links in a short time. Please wait an hour and try again.",
  failed: "We couldn't send the email just now. Please try again in a few minutes.",
} as const;

export type ResendOutcome = keyof typeof EMAIL_VERIFICATION_RESEND;
export const RESEND_OUTCOMES = Object.keys(EMAIL_VERIFICATION_RESEND) as ResendOutcome[];
export const isResendOutcome = (value: string | null): value is ResendOutcome =>
  value !== null && Object.hasOwn(EMAIL_VERIFICATION_RESEND, value);

/** The query parameter that carries the outcome back to the page the banner was on. */
export const RESEND_PARAM = "verify-email";

/** /verify-email's texts for a new account's link (the change of address has its own). */
export const CONFIRM_EMAIL_COPY = {
  title: "Confirm your email address",
  intro: (email: string) => `Confirm that ${email} is your email address?`,
  button: "Confirm my email",
  doneTitle: "Your email is confirmed",
  done: (email: string) => `Thank you: ${email} is confirmed. Paying, inviting colleagues and payouts are open to you.`,
} as const;

/**
 * Where "Send the link again" returns: a path of this site (starting with one slash), else the
 * home page; the outcome parameter of an earlier resend is dropped.
 */
export function resendReturnPath(value: unknown, outcome: ResendOutcome): string {
  const raw = typeof value === "string" && /^\/(?![/\\])/.test(value) ? value : "/";
  const url = new URL(raw, "http://x");
  url.searchParams.set(RESEND_PARAM, outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}
