import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { EMPLOYEE_OPTIONS, REVENUE_OPTIONS, US_STATES } from "~/lib/business/business-rules";
import { businessDetailsSchema } from "~/lib/shared/form-schemas";
import type { FormConstraint } from "~/components/ui/schema-check";
import { useCheckedConformForm } from "~/components/ui/use-checked-conform-form";
import { ConformField } from "~/components/ui/conform-field";
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
  naics = null,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
  /** The industry to start with (a six-digit 2022 code the visitor came from), or null. */
  naics?: string | null;
}) {
  const [form, fields, checkOnFocus] = useCheckedConformForm(businessDetailsSchema, {
    id: "business-details",
    lastResult,
    constraint,
    ...(naics ? { defaultValue: { naics } } : {}),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = usePendingPost() !== null;

  return (
    <Form method="post" {...getFormProps(form)} onFocus={checkOnFocus} className="stack signup-form">
      <FormAlert id={form.errorId} errors={form.errors} />
      <ConformField field={fields.name} kind="text" label="Company name">
        {(props) => <input {...props} autoComplete="organization" className="input" />}
      </ConformField>
      <ConformField field={fields.clientRole} kind="text" label="Your role">
        {(props) => (
          <input {...props} autoComplete="organization-title" placeholder="e.g. Owner or CEO" className="input" />
        )}
      </ConformField>
      <div className="signup-row">
        <ConformField field={fields.city} kind="text" label="City">
          {(props) => <input {...props} autoComplete="address-level2" className="input" />}
        </ConformField>
        <ConformField field={fields.state} kind="select" label="State">
          {(props) => (
            <select {...props} autoComplete="address-level1" className="input select">
              <option value="">Select your state</option>
              {US_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name}
                </option>
              ))}
            </select>
          )}
        </ConformField>
      </div>
      <NaicsCombobox field={fields.naics} label="Industry (NAICS number)" />
      <div className="signup-row">
        <ConformField field={fields.revenue} kind="select" label="Revenue">
          {(props) => (
            <select {...props} className="input select">
              <option value="">Select revenue</option>
              {REVENUE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </ConformField>
        <ConformField field={fields.employeeCount} kind="select" label="Number of employees">
          {(props) => (
            <select {...props} className="input select">
              <option value="">Select number of employees</option>
              {EMPLOYEE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </ConformField>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={submitting}>
        {submitting ? "Saving…" : "Next"}
      </button>
    </Form>
  );
}
