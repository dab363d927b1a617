import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { usePendingPost } from "~/components/ui/pending-post";
import {
  EMAIL_VERIFICATION_BANNER,
  EMAIL_VERIFICATION_RESEND,
  isResendOutcome,
  RESEND_PARAM,
} from "~/lib/identity/email-verification";

/** Where the banner's form posts (app/routes/verify-email_.send.ts). */
export const RESEND_ACTION = "/verify-email/send";

/**
 * The banner of every signed-in shell while the person's email is not verified
 * (docs/decisions/070): what waits for it, and "Send the link again" (a form post that works
 * without JavaScript and comes back to this page with the outcome, `?verify-email=`).
 */
export function EmailVerificationBanner({ email }: { email: string }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const outcome = params.get(RESEND_PARAM);
  const sending = usePendingPost(RESEND_ACTION) !== null;
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <section className="notice email-verification-banner" aria-labelledby="email-verification-title">
      <h2 id="email-verification-title">{EMAIL_VERIFICATION_BANNER.title}</h2>
      <p>{EMAIL_VERIFICATION_BANNER.text(email)}</p>
      {isResendOutcome(outcome) ? (
        <p role={outcome === "sent" ? "status" : "alert"} className={outcome === "sent" ? undefined : "form-error"}>
          {outcome === "sent" ? EMAIL_VERIFICATION_RESEND.sent(email) : EMAIL_VERIFICATION_RESEND[outcome]}
        </p>
      ) : null}
      <Form method="post" action={RESEND_ACTION} preventScrollReset>
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button button-secondary button-small" disabled={sending}>
          {sending ? "Sending…" : EMAIL_VERIFICATION_BANNER.button}
        </button>
      </Form>
    </section>
  );
}
