import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { BusinessDetailsSchema, EMPLOYEE_OPTIONS, REVENUE_OPTIONS, US_STATES } from "../../lib/business-schemas";
import { NAICS_DIRECTORY_PATH, NAICS_UNKNOWN_MESSAGE, type NaicsIndustry } from "../../lib/naics";
import { FieldErrors } from "../ui/field-errors";
import { FormAlert } from "../ui/form-alert";
import { NewTabNote } from "./field-parts";

type NaicsLookup = Partial<NaicsIndustry> & { msg?: string };

const SIX_DIGITS = /^[0-9]{6}$/;

/**
 * Business details (spec §2, §5, §9). Validated by BusinessDetailsSchema in the browser and by
 * the route action. As soon as six digits are typed in the NAICS field, GET /api/naics/{code}
 * names the industry under the field, or says the code is not a 2022 industry.
 */
export function BusinessDetailsForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const naicsLookup = useFetcher<NaicsLookup>();
  const [naicsValue, setNaicsValue] = useState("");
  const [lookedUp, setLookedUp] = useState<string | null>(null);
  const [form, fields] = useForm({
    id: "business-details",
    lastResult,
    constraint: getZodConstraint(BusinessDetailsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: BusinessDetailsSchema });
    },
  });
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const lookNaicsUp = (raw: string) => {
    const code = raw.trim();
    setNaicsValue(code);
    if (!SIX_DIGITS.test(code) || code === lookedUp) return;
    setLookedUp(code);
    naicsLookup.load(`/api/naics/${code}`);
  };

  // The lookup's answer counts only once it has arrived and only for the code still in the field.
  const answer = naicsLookup.state === "idle" && lookedUp === naicsValue ? naicsLookup.data : undefined;
  const industry = answer?.code === naicsValue && answer.title ? answer : null;
  const naicsUnknown = answer !== undefined && !industry && answer?.msg === NAICS_UNKNOWN_MESSAGE;
  const naicsErrors = fields.naics.errors ?? (naicsUnknown ? [NAICS_UNKNOWN_MESSAGE] : undefined);
  const naicsDescribedBy = [naicsErrors ? fields.naics.errorId : null, fields.naics.descriptionId]
    .filter(Boolean)
    .join(" ");

  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: roleKey, ...roleProps } = getInputProps(fields.clientRole, { type: "text" });
  const { key: cityKey, ...cityProps } = getInputProps(fields.city, { type: "text" });
  const { key: stateKey, ...stateProps } = getSelectProps(fields.state);
  const { key: naicsKey, ...naicsProps } = getInputProps(fields.naics, { type: "text" });
  const { key: revenueKey, ...revenueProps } = getSelectProps(fields.revenue);
  const { key: employeesKey, ...employeesProps } = getSelectProps(fields.employeeCount);

  return (
    <Form method="post" {...getFormProps(form)} className="stack signup-form">
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
      <div className="field">
        <label htmlFor={fields.naics.id}>NAICS number</label>
        <input
          key={naicsKey}
          {...naicsProps}
          aria-invalid={naicsErrors ? true : undefined}
          aria-describedby={naicsDescribedBy}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder="6-digit code, e.g. 541611"
          className="input"
          onChange={(event) => lookNaicsUp(event.currentTarget.value)}
        />
        <FieldErrors id={fields.naics.errorId} errors={naicsErrors} />
        <div id={fields.naics.descriptionId} className="naics-help">
          <p className="naics-industry" aria-live="polite">
            {industry ? (
              <>
                <span className="naics-industry-title">{industry.title}</span>
                {industry.sector?.title ? (
                  <span className="naics-industry-sector"> · {industry.sector.title}</span>
                ) : null}
              </>
            ) : null}
          </p>
          <Link to={NAICS_DIRECTORY_PATH} target="_blank" rel="noopener" className="naics-lookup-link">
            Look up your NAICS code
            <NewTabNote />
          </Link>
        </div>
      </div>
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
