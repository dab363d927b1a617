import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { intentOf, usePendingPost } from "~/components/ui/pending-post";
import { formatMoney } from "~/lib/shared/numbers";
import { Field } from "~/components/ui/field";

/** Shared texts of the built-in test checkout (STRIPE_SECRET_KEY unset). */
export const TEST_CHECKOUT_TITLE = "Test checkout — no real card is charged";
export const TEST_CARD_NUMBER = "4242 4242 4242 4242";
export const TEST_CARD_DECLINED = "4000 0000 0000 0002";
export const TEST_CARD_DECLINES_LATER = "4000 0000 0000 0341";
export const CARD_DECLINED_MESSAGE = "Your card was declined. Use the test card 4242 4242 4242 4242.";
export const CARD_INVALID_MESSAGE = "Enter a test card number such as 4242 4242 4242 4242.";
export const CHECKOUT_COMPLETE_MESSAGE = "This checkout is already complete.";
/** Like Stripe's page: an expired session (expired by Partwise, or 24 hours old) cannot be paid. */
export const CHECKOUT_EXPIRED_MESSAGE = "This checkout has expired and can no longer be paid. Nothing was charged.";

export type TestCheckoutView = {
  id: string;
  mode: "subscription" | "payment";
  status: "open" | "complete" | "expired";
  productName: string;
  unitAmount: number;
  amountDueToday: number;
  interval: "month" | "year" | null;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
};

/**
 * The hosted-checkout-like page of the built-in test checkout: what is bought, the amount, a test
 * card form (prefilled with Stripe's 4242 test card), Pay and Cancel. Plain form posts: works
 * without JavaScript.
 */
export function TestCheckout({ session, error }: { session: TestCheckoutView; error?: string | null }) {
  const post = usePendingPost();
  const busy = post !== null;
  const intent = intentOf(post);
  const recurring = session.interval ? ` per ${session.interval}` : "";
  return (
    <section className="card test-checkout" aria-labelledby="test-checkout-title">
      <h1 id="test-checkout-title" className="test-checkout-title">
        {TEST_CHECKOUT_TITLE}
      </h1>
      <p className="test-checkout-note">
        This is Partwise&apos;s built-in test checkout, used while no Stripe key is configured. Paying here completes
        the order through the same steps as Stripe.
      </p>
      <dl className="test-checkout-summary">
        <div>
          <dt>You are buying</dt>
          <dd>{session.productName}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{`${formatMoney(session.unitAmount)}${recurring}${session.trialDays > 0 ? ` after a ${session.trialDays}-day free trial` : ""}`}</dd>
        </div>
        <div>
          <dt>Due today</dt>
          <dd>{formatMoney(session.amountDueToday)}</dd>
        </div>
      </dl>
      {session.status === "expired" ? (
        <>
          <p role={error ? "alert" : "status"}>{CHECKOUT_EXPIRED_MESSAGE}</p>
          <a className="button button-primary" href={session.cancelUrl}>
            Back
          </a>
        </>
      ) : session.status !== "open" ? (
        <>
          <p role="status">{CHECKOUT_COMPLETE_MESSAGE}</p>
          <a className="button button-primary" href={session.successUrl}>
            Continue
          </a>
        </>
      ) : (
        <Form method="post" className="test-checkout-form" noValidate={false}>
          {error ? (
            <p className="form-error" role="alert" id="test-card-error">
              {error}
            </p>
          ) : null}
          <TestCardFields
            error={error}
            hint={
              <>
                Test card: {TEST_CARD_NUMBER}. {TEST_CARD_DECLINED} is declined; {TEST_CARD_DECLINES_LATER} pays now and
                is declined when charged again later.
              </>
            }
          />
          <div className="button-row">
            <button type="submit" name="intent" value="pay" className="button button-primary" disabled={busy}>
              {intent === "pay" ? "Paying…" : "Pay"}
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="button button-ghost"
              disabled={busy}
              formNoValidate
            >
              Cancel
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

/**
 * The test pages' card (number, expiry, CVC) as Stripe's pages ask for it: the checkout's, the
 * invoice page's, and (number only) the billing portal's "Payment method". `error` is shown by the
 * page above the fields, with the id `${idPrefix}test-card-error`.
 */
export function TestCardFields({
  error,
  hint,
  idPrefix = "",
  numberOnly = false,
}: {
  error: string | null | undefined;
  hint: ReactNode;
  idPrefix?: string;
  numberOnly?: boolean;
}) {
  return (
    <>
      <Field
        id={`${idPrefix}card-number`}
        label="Card number"
        hint={hint}
        invalid={Boolean(error)}
        describedBy={error ? `${idPrefix}test-card-error` : undefined}
      >
        {(control) => (
          <input
            {...control}
            name="cardNumber"
            className="input"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={TEST_CARD_NUMBER}
            required
          />
        )}
      </Field>
      {numberOnly ? null : (
        <div className="test-checkout-row">
          <Field id={`${idPrefix}card-expiry`} label="Expiry">
            {(control) => (
              <input {...control} name="expiry" className="input" autoComplete="off" defaultValue="12 / 34" required />
            )}
          </Field>
          <Field id={`${idPrefix}card-cvc`} label="CVC">
            {(control) => (
              <input
                {...control}
                name="cvc"
                className="input"
                inputMode="numeric"
                autoComplete="off"
                defaultValue="123"
                required
              />
            )}
          </Field>
        </div>
      )}
    </>
  );
}
