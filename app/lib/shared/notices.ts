import { EMAIL_UNVERIFIED_MESSAGE } from "~/lib/identity/email-verification";

/**
 * One-time confirmations passed to a page as `?notice=<key>` after a redirect. Only known keys
 * render, so a crafted link cannot put arbitrary text on the page.
 */
export const NOTICES = {
  "support-sent": "Thanks! Your message was sent. We'll get back to you within one business day.",
  /** Stripe could not open the payment page (app/lib/payments/payment-copy.ts PAYMENT_START_FAILED_MESSAGE). */
  "payment-failed": "We couldn't start the payment. Please try again in a few minutes.",
  /** A payment refused until the payer's email is verified (app/lib/identity/email-verification.ts, ADR 070). */
  "email-unverified": EMAIL_UNVERIFIED_MESSAGE,
  /** A consultant accepted a candidacy (/consultant/candidacies/{id}). */
  "candidacy-accepted":
    "You accepted this candidacy. The business is now reviewing your profile; we'll tell you when they decide.",
  /** A member left a business from Settings → Team (docs/decisions/067): on their next business, or setting up one. */
  "left-business": "You left the business. Its pages and notifications are no longer yours.",
  /** A consultant declined a candidacy. */
  "candidacy-declined": "You declined this candidacy. Thank you for letting us know.",
} as const;

export type NoticeKey = keyof typeof NOTICES;

export function noticeText(key: string | null): string | null {
  return key !== null && Object.hasOwn(NOTICES, key) ? NOTICES[key as NoticeKey] : null;
}
