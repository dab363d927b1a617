import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { revenueBandLabel } from "~/lib/shared/format";
import { BusinessInfoFormSchema, EMPLOYEE_OPTIONS, joinLocation } from "~/lib/business/settings-schemas";
import { FieldErrors } from "~/components/ui/field-errors";
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
 * read-only (they are not form fields, so they are never posted), and the employee band.
 */
export function BusinessForm({
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

  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: roleKey, ...roleProps } = getInputProps(fields.role, { type: "text" });
  const { key: locationKey, ...locationProps } = getInputProps(fields.location, {
    type: "text",
    ariaDescribedBy: fields.location.errors ? undefined : fields.location.descriptionId,
  });
  const { key: employeesKey, ...employeesProps } = getSelectProps(fields.employeeCount);
  const revenueLabel = revenueBandLabel(current.revenueBand);
  const industry = current.naicsTitle ? `${current.naics} — ${current.naicsTitle}` : current.naics;

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="stack settings-form">
      <h2 className="settings-heading">Business information</h2>
      <div className="settings-grid">
        <div className="field">
          <label htmlFor={fields.name.id}>Company Name</label>
          <input
            key={nameKey}
            {...nameProps}
            autoComplete="organization"
            placeholder={current.name}
            className="input"
          />
          <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.role.id}>Role</label>
          <input
            key={roleKey}
            {...roleProps}
            autoComplete="organization-title"
            placeholder={current.clientRole}
            className="input"
          />
          <FieldErrors id={fields.role.errorId} errors={fields.role.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.location.id}>City, State</label>
          <input key={locationKey} {...locationProps} placeholder={location || "City, State"} className="input" />
          {fields.location.errors ? null : (
            <p id={fields.location.descriptionId} className="field-hint">
              For example: Portland, ME
            </p>
          )}
          <FieldErrors id={fields.location.errorId} errors={fields.location.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.employeeCount.id}>Number of Employees</label>
          <select key={employeesKey} {...employeesProps} className="input">
            {EMPLOYEE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.employeeCount.errorId} errors={fields.employeeCount.errors} />
        </div>
        <div className="field">
          <label htmlFor="settings-business-revenue">Revenue</label>
          <input id="settings-business-revenue" value={revenueLabel} readOnly className="input settings-readonly" />
        </div>
        <div className="field">
          <label htmlFor="settings-business-naics">Industry NAICS</label>
          <input id="settings-business-naics" value={industry} readOnly className="input settings-readonly" />
        </div>
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
