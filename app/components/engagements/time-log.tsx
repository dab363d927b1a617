import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { ConformField } from "~/components/ui/conform-field";
import { FormAlert } from "~/components/ui/form-alert";
import { usePosting } from "~/components/ui/pending-post";
import { TIME_LOG_TEXTS } from "~/lib/engagements/retainer-copy";
import type { MonthLogView } from "~/lib/engagements/retainer-months";
import { TimeEntryFormSchema } from "~/lib/engagements/retainer-schemas";
import { ExtraHoursHistory } from "./extra-hours";

/**
 * A retainer month's time log (docs/decisions/082): the budget, the hours logged and left, and the
 * entries. The consultant adds and removes entries while the month takes time (`editable`); the
 * business reads the same log.
 */
export function TimeLog({
  month,
  itemId,
  editable,
  lastResult,
  headingLevel = 2,
  latestDay,
  showRequests = false,
}: {
  month: MonthLogView;
  itemId: string;
  editable: boolean;
  /** The last day the form offers (the month's last, or today): the consultant's page says it. */
  latestDay?: string;
  lastResult?: SubmissionResult<string[]>;
  headingLevel?: 2 | 3;
  /** Lists the month's requests for extra hours (the business's page). */
  showRequests?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `time-log-${itemId}`;
  return (
    <section className="card time-log" aria-labelledby={headingId}>
      <Heading id={headingId} className="card-title">
        {TIME_LOG_TEXTS.heading}
      </Heading>
      <dl className="insight-facts time-log-standing">
        <dt>{TIME_LOG_TEXTS.period}</dt>
        <dd>{month.period}</dd>
        <dt>{TIME_LOG_TEXTS.budget}</dt>
        <dd>{month.budget}</dd>
        {month.extra ? (
          <>
            <dt>{TIME_LOG_TEXTS.extra}</dt>
            <dd>{month.extra}</dd>
          </>
        ) : null}
        <dt>{TIME_LOG_TEXTS.logged}</dt>
        <dd>{month.logged}</dd>
        <dt>{TIME_LOG_TEXTS.left}</dt>
        <dd>{month.left}</dd>
      </dl>
      {month.over ? <p className="notice">{TIME_LOG_TEXTS.over(month.over, month.extra !== null)}</p> : null}
      {/* The business reads the month's requests for extra hours here; the consultant on their own card. */}
      {showRequests ? <ExtraHoursHistory requests={month.requests} reader="business" /> : null}
      {month.entries.length === 0 ? (
        <p className="console-muted">{TIME_LOG_TEXTS.empty}</p>
      ) : (
        <div className="table-scroll">
          <table className="chart-table time-log-table">
            <caption className="visually-hidden">{TIME_LOG_TEXTS.caption(month.period)}</caption>
            <thead>
              <tr>
                <th scope="col">{TIME_LOG_TEXTS.day}</th>
                <th scope="col">{TIME_LOG_TEXTS.hours}</th>
                <th scope="col">{TIME_LOG_TEXTS.what}</th>
                {editable ? (
                  <th scope="col">
                    <span className="visually-hidden">{TIME_LOG_TEXTS.actions}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {month.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.dateLabel}</td>
                  <td>{entry.hours}</td>
                  <td className="time-log-what">{entry.description}</td>
                  {editable ? (
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-time" />
                        <input type="hidden" name="entryId" value={entry.id} />
                        <button
                          type="submit"
                          className="button button-ghost"
                          aria-label={`${TIME_LOG_TEXTS.remove}: ${entry.dateLabel}, ${entry.hours}`}
                        >
                          {TIME_LOG_TEXTS.remove}
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* Keyed by the entries: after an entry is logged the form starts empty again. */}
      {editable ? (
        <TimeEntryForm
          key={month.entries.length}
          month={month}
          itemId={itemId}
          lastResult={lastResult}
          latestDay={latestDay ?? month.lastDay}
        />
      ) : null}
    </section>
  );
}

function TimeEntryForm({
  month,
  itemId,
  lastResult,
  latestDay,
}: {
  month: MonthLogView;
  itemId: string;
  lastResult?: SubmissionResult<string[]>;
  latestDay: string;
}) {
  const sending = usePosting("log-time");
  const [form, fields] = useForm({
    id: `time-entry-${itemId}`,
    lastResult,
    constraint: getZodConstraint(TimeEntryFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: TimeEntryFormSchema });
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="stack time-entry-form">
      <h3>{TIME_LOG_TEXTS.addHeading}</h3>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="log-time" />
      <input type="hidden" name="itemId" value={itemId} />
      <div className="plan-item-row-pair">
        <ConformField field={fields.workDate} kind="date" label={TIME_LOG_TEXTS.day}>
          {(props) => <input {...props} min={month.firstDay} max={latestDay} className="input" />}
        </ConformField>
        <ConformField
          field={fields.hours}
          kind="text"
          label={TIME_LOG_TEXTS.hoursField}
          hint={TIME_LOG_TEXTS.hoursHint}
        >
          {(props) => <input {...props} inputMode="decimal" placeholder="1.5" className="input" />}
        </ConformField>
      </div>
      <ConformField field={fields.description} kind="textarea" label={TIME_LOG_TEXTS.what}>
        {(props) => <textarea {...props} rows={3} maxLength={500} className="input" />}
      </ConformField>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? TIME_LOG_TEXTS.logging : TIME_LOG_TEXTS.log}
        </button>
      </div>
    </Form>
  );
}
