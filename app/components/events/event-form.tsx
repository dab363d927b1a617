import { Form } from "@remix-run/react";
import { MEMBER_TIERS, EVENT_KINDS } from "~db/enums";
import { EVENT_COPY, EVENT_KIND_LABELS } from "~/lib/events/event-copy";
import { planLabel } from "~/lib/shared/format";

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

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

/** The manager's create / edit form (a plain POST; the server validates with EventFormSchema). */
export function EventForm({
  intent,
  values,
  errors,
  busy,
}: {
  intent: "create" | "update";
  values: EventFormValues;
  errors: Record<string, string>;
  busy: boolean;
}) {
  const field = (name: keyof EventFormValues) => ({
    id: `event-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `event-${name}-error` : undefined,
  });
  return (
    <Form method="post" className="stack event-form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <div className="field">
        <label htmlFor="event-title">Title</label>
        <input className="input" defaultValue={values.title} maxLength={120} {...field("title")} />
        <FieldError id="event-title-error" message={errors.title} />
      </div>
      <div className="field">
        <label htmlFor="event-kind">Kind</label>
        <select className="input" defaultValue={values.kind} {...field("kind")}>
          {EVENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {EVENT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        <FieldError id="event-kind-error" message={errors.kind} />
      </div>
      <div className="field">
        <label htmlFor="event-description">Description</label>
        <textarea className="input" rows={3} defaultValue={values.description} {...field("description")} />
        <FieldError id="event-description-error" message={errors.description} />
      </div>
      <div className="event-form-row">
        <div className="field">
          <label htmlFor="event-startsAt">Starts</label>
          <input className="input" type="datetime-local" defaultValue={values.startsAt} {...field("startsAt")} />
          <FieldError id="event-startsAt-error" message={errors.startsAt} />
        </div>
        <div className="field">
          <label htmlFor="event-endsAt">Ends</label>
          <input className="input" type="datetime-local" defaultValue={values.endsAt} {...field("endsAt")} />
          <FieldError id="event-endsAt-error" message={errors.endsAt} />
        </div>
        <div className="field">
          <label htmlFor="event-timeZone">Time zone (IANA)</label>
          <input className="input" defaultValue={values.timeZone} autoComplete="off" {...field("timeZone")} />
          <FieldError id="event-timeZone-error" message={errors.timeZone} />
        </div>
      </div>
      <div className="event-form-row">
        <div className="field">
          <label htmlFor="event-capacity">Capacity</label>
          <input
            className="input"
            type="number"
            min={1}
            max={10000}
            inputMode="numeric"
            defaultValue={values.capacity}
            {...field("capacity")}
          />
          <FieldError id="event-capacity-error" message={errors.capacity} />
        </div>
        <div className="field">
          <label htmlFor="event-joinUrl">Join link</label>
          <input className="input" type="url" defaultValue={values.joinUrl} {...field("joinUrl")} />
          <FieldError id="event-joinUrl-error" message={errors.joinUrl} />
        </div>
      </div>
      <fieldset
        className="field event-form-plans"
        aria-describedby={errors.allowedTiers ? "event-allowedTiers-error" : undefined}
      >
        <legend>Plans that may join</legend>
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
        <FieldError id="event-allowedTiers-error" message={errors.allowedTiers} />
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {intent === "create" ? EVENT_COPY.create : EVENT_COPY.save}
        </button>
      </div>
    </Form>
  );
}
