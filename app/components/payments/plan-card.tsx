import { Form } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { formatFileSize } from "~/lib/shared/numbers";
import { DOCUMENT_COPY } from "~/lib/documents/document-copy";
import { insightsText, lookupKey, PERKS, type Billing, type Plan } from "~/lib/payments/plans";
import { usePosting } from "~/components/ui/pending-post";
import { formatMoney } from "~/lib/shared/numbers";

type PlanCardProps = {
  plan: Plan;
  billing: Billing;
  current: boolean;
  /** False for a role that may not change the plan: the card is read without its button (docs/decisions/071). */
  chooseable?: boolean;
};

const CHECKOUT_ACTION = "/api/payments/create-checkout-session";

/** One plan: name, price for the billing period, included insights, perks and its button. */
export function PlanCard({ plan, billing, current, chooseable = true }: PlanCardProps) {
  const headingId = `plan-${plan.tier.toLowerCase()}-title`;
  const price = plan.monthlyPriceCents[billing];
  return (
    <article
      className={`card plan-card${plan.popular ? " plan-card-popular" : ""}${current ? " plan-card-current" : ""}`}
      aria-labelledby={headingId}
    >
      <div className="plan-badges">
        {plan.popular ? <span className="badge badge-soft plan-badge-popular">Popular</span> : null}
        {current ? <span className="badge badge-plan">Current plan</span> : null}
      </div>
      <h2 id={headingId} className="plan-name">
        {plan.displayName}
      </h2>
      {plan.tier === "BASIC" ? (
        <div className="plan-price">
          <span className="plan-amount">Free</span>
          <span className="plan-price-note">No credit card required</span>
        </div>
      ) : (
        <div className="plan-price">
          <span className="plan-amount">
            {formatMoney(price, { whole: true })}
            <span className="plan-period">/month</span>
          </span>
          <span className="plan-price-note">
            {billing === "YEARLY"
              ? `Billed yearly: ${formatMoney(price * 12, { whole: true })} a year`
              : "Billed monthly"}
          </span>
        </div>
      )}
      {plan.insightsPerMonth > 0 ? <p className="plan-insights">{insightsText(plan.insightsPerMonth)}</p> : null}
      <ul className="plan-perks" aria-label={`${plan.displayName} perks`}>
        {PERKS.filter((perk) => plan.perks.includes(perk.key)).map((perk) => (
          <li key={perk.key}>
            <CheckIcon />
            <span>
              {perk.name}
              {perk.key === "toolsTemplates" ? <span className="plan-perk-detail"> ({perk.detail})</span> : null}
              {perk.key === "companyDocsHub" ? (
                <span className="plan-perk-detail">
                  {" "}
                  ({DOCUMENT_COPY.storageIncluded(formatFileSize(plan.storageQuotaBytes))})
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {chooseable ? (
        <div className="plan-action">
          {plan.tier === "BASIC" ? <BasicButton /> : <PaidButton plan={plan} billing={billing} />}
        </div>
      ) : null}
    </article>
  );
}

function BasicButton() {
  const pending = usePosting("basic");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="basic" />
      <SubmitButton pending={pending} pendingLabel="Continuing…" className="button button-secondary button-block">
        Continue with Basic
      </SubmitButton>
    </Form>
  );
}

/** A plain form post: the checkout endpoint answers with a redirect (to Stripe, once wired). */
function PaidButton({ plan, billing }: { plan: Plan; billing: Billing }) {
  const [pending, setPending] = useState(false);
  // Coming back with the browser's Back button restores the page from its cache: re-enable.
  useEffect(() => {
    const reset = () => setPending(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  if (plan.tier === "BASIC") return null;
  return (
    <form method="post" action={CHECKOUT_ACTION} onSubmit={() => setPending(true)}>
      <input type="hidden" name="lookup_key" value={lookupKey(plan.tier, billing)} />
      <SubmitButton pending={pending} pendingLabel="Starting…" className="button button-primary button-block">
        {plan.tier === "PREMIUM" ? "Try for Free" : "Start Free Trial"}
      </SubmitButton>
    </form>
  );
}

function SubmitButton({
  pending,
  pendingLabel,
  className,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={pending} aria-disabled={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}

function CheckIcon() {
  return (
    <svg className="plan-check" width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M4 10.5l4 4 8-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
