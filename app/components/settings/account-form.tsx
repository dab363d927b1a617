import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { PAST_DUE_MESSAGE } from "~/lib/payments/payment-copy";
import { PASSWORD_RULES_HINT } from "~/lib/identity/password-rules";
import { membershipLabel, PasswordChangeFormSchema, parsePasswordChangeForm } from "~/lib/business/settings-schemas";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { ConformField } from "~/components/ui/conform-field";
import { PasswordInput } from "~/components/ui/password-input";
import { usePosting } from "~/components/ui/pending-post";
import { FormOutcome, resultFor, type SettingsActionData } from "./settings-parts";

/** Where Manage Payment posts for paid tiers (spec §7): 303 to the billing portal. */
export const PORTAL_SESSION_PATH = "/api/payments/create-portal-session";

/**
 * Account tab (spec §2, §5): change the password with the settings rules, then the membership.
 * Manage Payment: Basic members go to plan selection; other tiers post to the customer portal.
 */
export function AccountForm({
  membership,
  actionData,
  action,
}: {
  membership: {
    memberTier: string;
    stripeCustomerId: string | null;
    subscriptionStatus?: string | null;
    /** Where the free trial stands (ADR 050), on BASIC only; null without one. */
    trialText?: string | null;
  };
  actionData: SettingsActionData | undefined;
  action: string;
}) {
  const lastResult = resultFor(actionData, "account");
  const submitting = usePosting("account");
  const [form, fields] = useForm({
    id: "settings-account",
    lastResult,
    constraint: getZodConstraint(PasswordChangeFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parsePasswordChangeForm(formData);
    },
  });
  // A successful change resets the form, so its reply carries no status: the message says it.
  const success = actionData?.intent === "account" ? actionData.message : null;

  const passwords = [
    { meta: fields.password, label: "Current Password", autoComplete: "current-password" },
    { meta: fields.newPassword, label: "New Password", autoComplete: "new-password" },
    { meta: fields.confirmNewPassword, label: "Confirm New Password", autoComplete: "new-password" },
  ] as const;
  const isBasic = membership.memberTier !== "STANDARD" && membership.memberTier !== "PREMIUM";
  const may = useMemberCan();

  return (
    <div className="stack settings-account">
      <Form method="post" action={action} {...getFormProps(form)} className="stack settings-form">
        <h2 className="settings-heading">Change password</h2>
        <p className="muted settings-note">{PASSWORD_RULES_HINT}</p>
        <div className="settings-grid settings-grid-single">
          {passwords.map(({ meta, label, autoComplete }) => (
            <ConformField key={meta.name} field={meta} kind="password" label={label}>
              {(props) => <PasswordInput {...props} autoComplete={autoComplete} label={label} />}
            </ConformField>
          ))}
        </div>
        <FormOutcome success={success} errors={form.errors} errorId={form.errorId}>
          {success ? <p>Any other devices signed in to your account have been signed out.</p> : null}
        </FormOutcome>
        <div className="settings-actions">
          <button type="submit" name="intent" value="account" className="button button-primary" disabled={submitting}>
            {submitting ? "Updating…" : "Update Password"}
          </button>
        </div>
      </Form>

      <section className="stack settings-membership" aria-labelledby="settings-membership-title">
        <h2 id="settings-membership-title" className="settings-heading">
          Membership
        </h2>
        <dl className="settings-facts">
          <div>
            <dt>Membership Type</dt>
            <dd>{membershipLabel(membership.memberTier)}</dd>
          </div>
          {membership.trialText ? (
            <div>
              <dt>Free trial</dt>
              <dd>{membership.trialText}</dd>
            </div>
          ) : null}
        </dl>
        {membership.subscriptionStatus === "past_due" ? (
          <p className="notice payment-past-due" role="alert">
            {PAST_DUE_MESSAGE}
          </p>
        ) : null}
        {/* Managing the plan and its payment is `changePlan` (docs/decisions/071). */}
        {!may("changePlan") ? (
          <RoleNotice action="changePlan" />
        ) : isBasic ? (
          <p>
            <Link to="/plan-select" className="button button-secondary">
              Manage Payment
            </Link>
          </p>
        ) : (
          <form method="post" action={PORTAL_SESSION_PATH}>
            <input type="hidden" name="session_id" value={membership.stripeCustomerId ?? ""} />
            <button type="submit" className="button button-secondary">
              Manage Payment
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
