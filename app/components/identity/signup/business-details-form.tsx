import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { EMPLOYEE_OPTIONS, REVENUE_OPTIONS, US_STATES } from "~/lib/business/business-rules";
import { businessDetailsSchema } from "~/lib/shared/form-schemas";
import type { FormConstraint } from "~/components/ui/schema-check";
import { useSchemaCheck } from "~/components/ui/use-schema-check";
import { conformField, Field } from "~/components/ui/field";
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
      <Field {...conformField(fields.name)} label="Company name">
        {(control) => <input key={nameKey} {...nameProps} {...control} autoComplete="organization" className="input" />}
      </Field>
      <Field {...conformField(fields.clientRole)} label="Your role">
        {(control) => (
          <input
            key={roleKey}
            {...roleProps}
            {...control}
            autoComplete="organization-title"
            placeholder="e.g. Owner or CEO"
            className="input"
          />
        )}
      </Field>
      <div className="signup-row">
        <Field {...conformField(fields.city)} label="City">
          {(control) => (
            <input key={cityKey} {...cityProps} {...control} autoComplete="address-level2" className="input" />
          )}
        </Field>
        <Field {...conformField(fields.state)} label="State">
          {(control) => (
            <select key={stateKey} {...stateProps} {...control} autoComplete="address-level1" className="input select">
              <option value="">Select your state</option>
              {US_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <NaicsCombobox field={fields.naics} label="Industry (NAICS number)" />
      <div className="signup-row">
        <Field {...conformField(fields.revenue)} label="Revenue">
          {(control) => (
            <select key={revenueKey} {...revenueProps} {...control} className="input select">
              <option value="">Select revenue</option>
              {REVENUE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field {...conformField(fields.employeeCount)} label="Number of employees">
          {(control) => (
            <select key={employeesKey} {...employeesProps} {...control} className="input select">
              <option value="">Select number of employees</option>
              {EMPLOYEE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={submitting}>
        {submitting ? "Saving…" : "Next"}
      </button>
    </Form>
  );
}
