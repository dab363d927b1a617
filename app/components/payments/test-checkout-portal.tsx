import { Form } from "@remix-run/react";
import { intentOf, usePendingPost } from "~/components/ui/pending-post";
import { Field } from "~/components/ui/field";

export const TEST_PORTAL_TITLE = "Test billing portal";
export const NO_SUBSCRIPTION_MESSAGE = "You have no active subscription.";

export type TestPortalView = {
  returnUrl: string;
  current: { planName: string; status: string; lookupKey: string | null; periodEnd: string | null } | null;
  options: { lookupKey: string; label: string }[];
};

/** A readable status: "Free trial", "Active", "Past due — payment failed". */
function statusText(status: string): string {
  switch (status) {
    case "trialing":
      return "Free trial";
    case "active":
      return "Active";
    case "past_due":
      return "Past due — payment failed";
    default:
      return status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ");
  }
}

/**
 * The built-in billing portal (STRIPE_SECRET_KEY unset): the current plan, switch to another plan,
 * cancel the subscription, back to Partwise. Plain form posts: works without JavaScript.
 */
export function TestBillingPortal({ portal }: { portal: TestPortalView }) {
  const post = usePendingPost();
  const busy = post !== null;
  const intent = intentOf(post);
  return (
    <section className="card test-checkout" aria-labelledby="test-portal-title">
      <h1 id="test-portal-title" className="test-checkout-title">
        {TEST_PORTAL_TITLE}
      </h1>
      <p className="test-checkout-note">
        This is Partwise&apos;s built-in stand-in for Stripe&apos;s billing portal, used while no Stripe key is
        configured. No real card is charged.
      </p>
      {portal.current ? (
        <>
          <h2 className="card-title">Current plan</h2>
          <dl className="test-checkout-summary">
            <div>
              <dt>Plan</dt>
              <dd>{portal.current.planName}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{statusText(portal.current.status)}</dd>
            </div>
            {portal.current.periodEnd ? (
              <div>
                <dt>{portal.current.status === "trialing" ? "Trial ends" : "Renews"}</dt>
                <dd>{portal.current.periodEnd}</dd>
              </div>
            ) : null}
          </dl>
          <Form method="post" className="test-checkout-form">
            <Field id="new-plan" label="Switch plan">
              {(control) => (
                <select
                  {...control}
                  name="lookupKey"
                  className="input"
                  required
                  defaultValue={portal.options[0]?.lookupKey}
                >
                  {portal.options.map((option) => (
                    <option key={option.lookupKey} value={option.lookupKey}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="button-row">
              <button type="submit" name="intent" value="switch" className="button button-primary" disabled={busy}>
                {intent === "switch" ? "Switching…" : "Switch plan"}
              </button>
            </div>
          </Form>
          <Form method="post" className="test-checkout-form">
            <div className="button-row">
              <button type="submit" name="intent" value="cancel" className="button button-danger" disabled={busy}>
                {intent === "cancel" ? "Canceling…" : "Cancel subscription"}
              </button>
            </div>
          </Form>
        </>
      ) : (
        <p>{NO_SUBSCRIPTION_MESSAGE}</p>
      )}
      <p>
        <a href={portal.returnUrl}>Return to Partwise</a>
      </p>
    </section>
  );
}
