import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { MEMBER_ROLE_LABELS } from "~/lib/business/permissions";
import { SIGNUP_BUSINESS_PATH, SWITCH_BUSINESS_PATH, SWITCHER_TEXTS } from "~/lib/business/switch-business";
import type { ShellData } from "./shell-data";

/**
 * The business the session works in, and (for a person who belongs to more than one) a form that
 * switches to another (docs/decisions/068): a labelled select of their businesses with their role
 * in each, and a button; it posts without JavaScript, and the page after it is the dashboard. A
 * person who owns none of them (an outside accountant) may set up their own business.
 */
export function BusinessSwitcher({
  business,
  memberships,
}: {
  business: Pick<ShellData["business"], "id" | "name">;
  memberships: ShellData["memberships"];
}) {
  const headingId = useId();
  const selectId = useId();
  return (
    <section className="business-switcher" aria-labelledby={headingId}>
      <p id={headingId} className="business-switcher-heading">
        {SWITCHER_TEXTS.current}
      </p>
      <p className="business-switcher-name" data-testid="current-business">
        {business.name}
      </p>
      {memberships.length > 1 ? (
        <Form method="post" action={SWITCH_BUSINESS_PATH} className="business-switcher-form">
          <label htmlFor={selectId} className="business-switcher-label">
            {SWITCHER_TEXTS.label}
          </label>
          <div className="business-switcher-row">
            <select id={selectId} name="businessId" defaultValue={business.id} key={business.id}>
              {memberships.map((membership) => (
                <option key={membership.businessId} value={membership.businessId}>
                  {SWITCHER_TEXTS.option(membership.name, MEMBER_ROLE_LABELS[membership.role])}
                </option>
              ))}
            </select>
            <button type="submit" className="button button-secondary business-switcher-button">
              {SWITCHER_TEXTS.button}
            </button>
          </div>
        </Form>
      ) : null}
      {memberships.some((membership) => membership.role === "owner") ? null : (
        <Link to={SIGNUP_BUSINESS_PATH} className="business-switcher-create">
          {SWITCHER_TEXTS.createOwn}
        </Link>
      )}
    </section>
  );
}
