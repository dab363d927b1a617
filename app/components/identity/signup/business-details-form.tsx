import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { EMPLOYEE_OPTIONS, REVENUE_OPTIONS, US_STATES } from "~/lib/business/business-rules";
import { businessDetailsSchema } from "~/lib/shared/form-schemas";
import type { FormConstraint } from "~/components/ui/schema-check";
import { useSchemaCheck } from "~/components/ui/use-schema-check";
import { FieldErrors } from "~/components/ui/field-errors";
import { FormAlert } from "~/components/ui/form-alert";
import { NaicsCombobox } from "~/components/ui/naics-combobox";
import { usePendingPost } from "~/components/ui/pending-post";

/**
 * Business details (spec §2, §5, §9). Validated with BusinessDetailsSchema in the browser (fetched on
 * first focus, ADR 062) and by the route action, whose loader gives the schema's `constraint`. The industry is chosen in a combobox that searches by words or takes the
 * six-digit code as typed (NaicsCombobox).
 */
export function BusinessDetailsForm({
  lastResult,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const check = useSchemaCheck(businessDetailsSchema);
  const [form, fields] = useForm({
    id: "business-details",
    lastResult,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check.onValidate,
  });
  check.setValidate(form.validate);
  const submitting = usePendingPost() !== null;

  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: roleKey, ...roleProps } = getInputProps(fields.clientRole, { type: "text" });
  const { key: cityKey, ...cityProps } = getInputProps(fields.city, { type: "text" });
  const { key: stateKey, ...stateProps } = getSelectProps(fields.state);
  const { key: revenueKey, ...revenueProps } = getSelectProps(fields.revenue);
  const { key: employeesKey, ...employeesProps } = getSelectProps(fields.employeeCount);

  return (
    <Form method="post" {...getFormProps(form)} onFocus={check.onFocus} className="stack signup-form">
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.name.id}>Company name</label>
        <input key={nameKey} {...nameProps} autoComplete="organization" className="input" />
        <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.clientRole.id}>Your role</label>
        <input
          key={roleKey}
          {...roleProps}
          autoComplete="organization-title"
          placeholder="e.g. Owner or CEO"
          className="input"
        />
        <FieldErrors id={fields.clientRole.errorId} errors={fields.clientRole.errors} />
      </div>
      <div className="signup-row">
        <div className="field">
          <label htmlFor={fields.city.id}>City</label>
          <input key={cityKey} {...cityProps} autoComplete="address-level2" className="input" />
          <FieldErrors id={fields.city.errorId} errors={fields.city.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.state.id}>State</label>
          <select key={stateKey} {...stateProps} autoComplete="address-level1" className="input select">
            <option value="">Select your state</option>
            {US_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.state.errorId} errors={fields.state.errors} />
        </div>
      </div>
      <NaicsCombobox field={fields.naics} label="Industry (NAICS number)" />
      <div className="signup-row">
        <div className="field">
          <label htmlFor={fields.revenue.id}>Revenue</label>
          <select key={revenueKey} {...revenueProps} className="input select">
            <option value="">Select revenue</option>
            {REVENUE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.revenue.errorId} errors={fields.revenue.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.employeeCount.id}>Number of employees</label>
          <select key={employeesKey} {...employeesProps} className="input select">
            <option value="">Select number of employees</option>
            {EMPLOYEE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.employeeCount.errorId} errors={fields.employeeCount.errors} />
        </div>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={submitting}>
        {submitting ? "Saving…" : "Next"}
      </button>
    </Form>
  );
}
