import { Form } from "@remix-run/react";
import { FieldErrors } from "~/components/ui/field-errors";
import { useFormCheck } from "~/components/ui/use-form-check";
import { checkEventForm } from "~/lib/events/event-schemas";
import type { FieldIssues } from "~/lib/shared/field-issues";
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
  const field = (name: keyof EventFormValues) => ({
    id: `event-${name}`,
    name,
    "aria-invalid": issues[name] ? true : undefined,
    "aria-describedby": issues[name] ? `event-${name}-error` : undefined,
  });
  const problem = (name: keyof EventFormValues) => (
    <FieldErrors id={`event-${name}-error`} errors={issues[name] ? [issues[name]] : null} />
  );
  return (
    <Form method="post" className="stack event-form" noValidate onSubmit={onSubmit} onChange={onChange}>
      <input type="hidden" name="intent" value={intent} />
      <div className="field">
        <label htmlFor="event-title">Title</label>
        <input className="input" defaultValue={values.title} maxLength={120} {...field("title")} />
        {problem("title")}
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
        {problem("kind")}
      </div>
      <div className="field">
        <label htmlFor="event-description">Description</label>
        <textarea className="input" rows={3} defaultValue={values.description} {...field("description")} />
        {problem("description")}
      </div>
      <div className="event-form-row">
        <div className="field">
          <label htmlFor="event-startsAt">Starts</label>
          <input className="input" type="datetime-local" defaultValue={values.startsAt} {...field("startsAt")} />
          {problem("startsAt")}
        </div>
        <div className="field">
          <label htmlFor="event-endsAt">Ends</label>
          <input className="input" type="datetime-local" defaultValue={values.endsAt} {...field("endsAt")} />
          {problem("endsAt")}
        </div>
        <div className="field">
          <label htmlFor="event-timeZone">Time zone (IANA)</label>
          <input className="input" defaultValue={values.timeZone} autoComplete="off" {...field("timeZone")} />
          {problem("timeZone")}
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
          {problem("capacity")}
        </div>
        <div className="field">
          <label htmlFor="event-joinUrl">Join link</label>
          <input className="input" type="url" defaultValue={values.joinUrl} {...field("joinUrl")} />
          {problem("joinUrl")}
        </div>
      </div>
      <fieldset
        className="field event-form-plans"
        aria-describedby={issues.allowedTiers ? "event-allowedTiers-error" : undefined}
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
        {problem("allowedTiers")}
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {intent === "create" ? EVENT_COPY.create : EVENT_COPY.save}
        </button>
      </div>
    </Form>
  );
}
