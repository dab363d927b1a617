import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { revenueBandLabel } from "~/lib/shared/format";
import { BusinessInfoFormSchema, EMPLOYEE_OPTIONS, joinLocation } from "~/lib/business/settings-schemas";
import { Field } from "~/components/ui/field";
import { ConformField } from "~/components/ui/conform-field";
import { usePosting } from "~/components/ui/pending-post";
import { FormOutcome, resultFor, type SettingsActionData } from "./settings-parts";

type BusinessValues = {
  name: string;
  clientRole: string;
  city: string;
  state: string;
  revenueBand: string;
  naics: string;
  naicsTitle: string | null;
  employeeBand: string;
};

/**
 * Business tab (spec §2, §5): company name, role, one 'City, State' field, revenue and NAICS shown
 * read-only (they are not form fields, so they are never posted), and the employee band. A role
 * that may not change the settings reads the same details as a list, with the line naming its
 * role, and no form (docs/decisions/071).
 */
export function BusinessForm(props: {
  current: BusinessValues;
  actionData: SettingsActionData | undefined;
  action: string;
}) {
  const may = useMemberCan();
  return may("changeSettings") ? <EditableBusinessForm {...props} /> : <BusinessDetails current={props.current} />;
}

/** The business's details as a member who may not change them reads them. */
function BusinessDetails({ current }: { current: BusinessValues }) {
  const industry = current.naicsTitle ? `${current.naics} — ${current.naicsTitle}` : current.naics;
  const facts: [string, string][] = [
    ["Company Name", current.name],
    ["Role", current.clientRole],
    ["City, State", joinLocation(current.city, current.state)],
    [
      "Number of Employees",
      EMPLOYEE_OPTIONS.find((option) => option.value === current.employeeBand)?.label ?? current.employeeBand,
    ],
    ["Revenue", revenueBandLabel(current.revenueBand)],
    ["Industry NAICS", industry],
  ];
  return (
    <section className="stack settings-form" aria-labelledby="settings-business-title">
      <h2 id="settings-business-title" className="settings-heading">
        Business information
      </h2>
      <dl className="settings-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))}
      </dl>
      <RoleNotice action="changeSettings" />
    </section>
  );
}

function EditableBusinessForm({
  current,
  actionData,
  action,
}: {
  current: BusinessValues;
  actionData: SettingsActionData | undefined;
  action: string;
}) {
  const lastResult = resultFor(actionData, "business");
  const submitting = usePosting("business");
  const location = joinLocation(current.city, current.state);
  const [form, fields] = useForm({
    id: "settings-business",
    lastResult,
    defaultValue: { name: current.name, role: current.clientRole, location, employeeCount: current.employeeBand },
    constraint: getZodConstraint(BusinessInfoFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: BusinessInfoFormSchema });
    },
  });
  const success = lastResult?.status === "success" ? (actionData?.message ?? null) : null;
  const revenueLabel = revenueBandLabel(current.revenueBand);
  const industry = current.naicsTitle ? `${current.naics} — ${current.naicsTitle}` : current.naics;

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="stack settings-form">
      <h2 className="settings-heading">Business information</h2>
      <div className="settings-grid">
        <ConformField field={fields.name} kind="text" label="Company Name">
          {(props) => <input {...props} autoComplete="organization" placeholder={current.name} className="input" />}
        </ConformField>
        <ConformField field={fields.role} kind="text" label="Role">
          {(props) => (
            <input {...props} autoComplete="organization-title" placeholder={current.clientRole} className="input" />
          )}
        </ConformField>
        <ConformField field={fields.location} kind="text" label="City, State" hint="For example: Portland, ME">
          {(props) => <input {...props} placeholder={location || "City, State"} className="input" />}
        </ConformField>
        <ConformField field={fields.employeeCount} kind="select" label="Number of Employees">
          {(props) => (
            <select {...props} className="input">
              {EMPLOYEE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </ConformField>
        <Field id="settings-business-revenue" label="Revenue">
          {(control) => <input {...control} value={revenueLabel} readOnly className="input settings-readonly" />}
        </Field>
        <Field id="settings-business-naics" label="Industry NAICS">
          {(control) => <input {...control} value={industry} readOnly className="input settings-readonly" />}
        </Field>
      </div>
      <p className="muted settings-note">
        Revenue and NAICS cannot be changed here. Contact support if they are wrong.
      </p>
      <FormOutcome success={success} errors={form.errors} errorId={form.errorId} />
      <div className="settings-actions">
        <button type="submit" name="intent" value="business" className="button button-primary" disabled={submitting}>
          {submitting ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}
