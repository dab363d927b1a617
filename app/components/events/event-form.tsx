import { Form } from "@remix-run/react";
import { Field } from "~/components/ui/field";
import { useFormCheck } from "~/components/ui/use-form-check";
import { checkEventForm } from "~/lib/events/event-schemas";
import type { FieldIssues } from "~/lib/shared/field-issues";
import { MEMBER_TIERS, EVENT_KINDS } from "~db/enums";
import { EVENT_COPY, EVENT_KIND_LABELS } from "~/lib/events/event-copy";
import { planLabel } from "~/lib/shared/format";
import { FieldsetField } from "~/components/ui/fieldset-field";

export type EventFormValues = {
  title: string;
  description: string;
  kind: string;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  capacity: string;
  joinUrl: string;
  allowedTiers: string[];
};

export const EMPTY_EVENT_FORM: EventFormValues = {
  title: "",
  description: "",
  kind: "webinar",
  timeZone: "America/New_York",
  startsAt: "",
  endsAt: "",
  capacity: "25",
  joinUrl: "",
  allowedTiers: [...MEMBER_TIERS],
};

/**
 * The manager's create / edit form: a plain POST the server validates with EventFormSchema, and
 * the browser first (`checkEventForm`, the same schema and messages).
 */
export function EventForm({
  intent,
  values,
  errors,
  busy,
}: {
  intent: "create" | "update";
  values: EventFormValues;
  /** The server's answer to the last post, if it refused it. */
  errors: FieldIssues | undefined;
  busy: boolean;
}) {
  const { issues, onSubmit, onChange } = useFormCheck(checkEventForm, errors);
  const fieldOf = (name: keyof EventFormValues) => ({
    id: `event-${name}`,
    errors: issues[name] ? [issues[name]] : null,
  });
  return (
    <Form method="post" className="stack event-form" noValidate onSubmit={onSubmit} onChange={onChange}>
      <input type="hidden" name="intent" value={intent} />
      <Field {...fieldOf("title")} label="Title">
        {(control) => <input className="input" defaultValue={values.title} maxLength={120} name="title" {...control} />}
      </Field>
      <Field {...fieldOf("kind")} label="Kind">
        {(control) => (
          <select className="input" defaultValue={values.kind} name="kind" {...control}>
            {EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {EVENT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field {...fieldOf("description")} label="Description">
        {(control) => (
          <textarea className="input" rows={3} defaultValue={values.description} name="description" {...control} />
        )}
      </Field>
      <div className="event-form-row">
        <Field {...fieldOf("startsAt")} label="Starts">
          {(control) => (
            <input
              className="input"
              type="datetime-local"
              defaultValue={values.startsAt}
              name="startsAt"
              {...control}
            />
          )}
        </Field>
        <Field {...fieldOf("endsAt")} label="Ends">
          {(control) => (
            <input className="input" type="datetime-local" defaultValue={values.endsAt} name="endsAt" {...control} />
          )}
        </Field>
        <Field {...fieldOf("timeZone")} label="Time zone (IANA)">
          {(control) => (
            <input className="input" defaultValue={values.timeZone} autoComplete="off" name="timeZone" {...control} />
          )}
        </Field>
      </div>
      <div className="event-form-row">
        <Field {...fieldOf("capacity")} label="Capacity">
          {(control) => (
            <input
              className="input"
              type="number"
              min={1}
              max={10000}
              inputMode="numeric"
              defaultValue={values.capacity}
              name="capacity"
              {...control}
            />
          )}
        </Field>
        <Field {...fieldOf("joinUrl")} label="Join link">
          {(control) => (
            <input className="input" type="url" defaultValue={values.joinUrl} name="joinUrl" {...control} />
          )}
        </Field>
      </div>
      <FieldsetField
        className="field event-form-plans"
        legend="Plans that may join"
        errors={fieldOf("allowedTiers").errors}
        errorId="event-allowedTiers-error"
      >
        {MEMBER_TIERS.map((tier) => (
          <label key={tier} className="checkbox">
            <input
              type="checkbox"
              name="allowedTiers"
              value={tier}
              defaultChecked={values.allowedTiers.includes(tier)}
            />{" "}
            {planLabel(tier)}
          </label>
        ))}
      </FieldsetField>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {intent === "create" ? EVENT_COPY.create : EVENT_COPY.save}
        </button>
      </div>
    </Form>
  );
}
