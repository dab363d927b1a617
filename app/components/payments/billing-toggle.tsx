import { Form } from "@remix-run/react";
import type { Billing } from "~/lib/payments/plans";
import { YEARLY_SAVINGS_TEXT } from "~/lib/payments/plans";
import { useHydrated } from "~/components/ui/use-hydrated";

type BillingToggleProps = {
  billing: Billing;
  onChange: (billing: Billing) => void;
};

const OPTIONS: readonly { value: Billing; label: string; query: string }[] = [
  { value: "MONTHLY", label: "Monthly", query: "monthly" },
  { value: "YEARLY", label: "Yearly", query: "yearly" },
];

/**
 * Monthly/Yearly radio group. With JavaScript the prices switch at once; without it the group is a
 * GET form (`?billing=yearly`) with a "Show prices" button.
 */
export function BillingToggle({ billing, onChange }: BillingToggleProps) {
  const hydrated = useHydrated();
  return (
    <Form method="get" className="billing-toggle" preventScrollReset>
      <fieldset className="billing-fieldset">
        <legend className="visually-hidden">Billing period</legend>
        <div className="segmented billing-options">
          {OPTIONS.map((option) => (
            <label key={option.value} className="segment billing-option" data-checked={billing === option.value}>
              <input
                type="radio"
                name="billing"
                value={option.query}
                checked={billing === option.value}
                onChange={() => onChange(option.value)}
                className="billing-radio"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className="button button-secondary billing-submit">
          Show prices
        </button>
      )}
      <p className="billing-savings">{YEARLY_SAVINGS_TEXT}</p>
    </Form>
  );
}
