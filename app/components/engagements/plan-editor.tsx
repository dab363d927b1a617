import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { SignedStatements } from "./signed-statements";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { PortalPageHeader } from "~/components/consultant/portal-layout";
import { ENGAGEMENTS_TEXTS } from "~/lib/consultants/portal";
import {
  BUSINESS_NOTES_HEADING,
  CONFIRM_DELIVERY,
  DRAFT_THE_PLAN,
  ITEM_DATE_PAST,
  MANAGER_NOTES_HEADING,
  NO_NEXT_DELIVERY,
  OPEN_THE_ENGAGEMENT,
  OVERDUE_LABEL,
  paidItemsLocked,
  PLAN_EDIT_AFTER_SIGNATURE,
  PLANS_TO_DRAFT,
  PLANS_TO_DRAFT_HINT,
  START_THE_PLAN,
  UNTITLED_PLAN,
  YOUR_ENGAGEMENTS,
} from "~/lib/engagements/engagement-copy";
import {
  consultantDeliveryPath,
  consultantEngagementPath,
  consultantNewPlanPath,
} from "~/lib/engagements/engagement-paths";
import { PLAN_ITEMS_MAX, PlanFormFieldsSchema, planFormSchemaFor } from "~/lib/engagements/engagement-schemas";
import type * as z from "zod";
import { todayAnywhereOnEarth } from "~/lib/engagements/engagement-state";
import type {
  ConsultantEngagementRow,
  ConsultantPlan,
  DraftableMatch,
  EditorItem,
  PlanToDraft,
} from "~/server/engagements/plan-drafting.server";
import { ConformField } from "~/components/ui/conform-field";
import { FieldErrors } from "~/components/ui/field-errors";
import { FormAlert } from "~/components/ui/form-alert";
import { PlanDocument } from "./plan-document";
import { intentOf, usePendingPost } from "~/components/ui/pending-post";
import { NoticeForm } from "./retainer-card";
import {
  CANCEL_NOTICE_CHOICES,
  cancelRuleLabel,
  COACHING_TEXTS,
  SESSION_LENGTHS,
  billedMonthly,
} from "~/lib/engagements/coaching";
import type { RetainerNotice } from "~/lib/engagements/engagement-display";
import { THREAD_TEXTS } from "~/lib/conversations/thread-copy";
import { FieldsetField } from "~/components/ui/fieldset-field";
import {
  NOTICE_CHOICES,
  noticeLabel,
  PLAN_KIND_CHOICES,
  PLAN_KIND_LEGEND,
  RETAINER_START_LOCKED,
  RETAINER_TERMS_HINT,
  RETAINER_TERMS_LEGEND,
  COACHING_TERMS_HINT,
  NOTICE_TEXTS,
  paidMonthsLocked,
  TIME_LOG_TEXTS,
} from "~/lib/engagements/retainer-copy";

/**
 * The consultant's side of the engagement plan: the portal list (plans to draft, engagements),
 * the start of a plan, and the plan page (the editor while the plan is theirs to change, the
 * plan as the statement reads otherwise, the items with their statuses and deliveries).
 */

export function ConsultantEngagementList({
  toDraft,
  engagements,
}: {
  toDraft: PlanToDraft[];
  engagements: ConsultantEngagementRow[];
}) {
  return (
    <div className="console-page">
      <PortalPageHeader title={ENGAGEMENTS_TEXTS.title} />
      {toDraft.length === 0 && engagements.length === 0 ? (
        <p className="card console-empty">{ENGAGEMENTS_TEXTS.empty}</p>
      ) : null}
      {toDraft.length > 0 ? (
        <section className="plan-list-section" aria-labelledby="plans-to-draft">
          <h2 id="plans-to-draft">{PLANS_TO_DRAFT}</h2>
          <p className="field-hint">{PLANS_TO_DRAFT_HINT}</p>
          <ul className="candidacy-list" aria-label={PLANS_TO_DRAFT}>
            {toDraft.map((item) => (
              <li key={item.matchId} className="card candidacy-row">
                <div className="candidacy-row-main">
                  <span className="candidacy-row-company">{item.business}</span>
                  <span className="badge badge-soft">{item.area}</span>
                </div>
                <dl className="candidacy-meta">
                  <div>
                    <dt>Engagement type</dt>
                    <dd>{item.type}</dd>
                  </div>
                  <div>
                    <dt>Status</dt>
                    <dd>{item.status}</dd>
                  </div>
                  <div>
                    <dt>Since</dt>
                    <dd>{item.since}</dd>
                  </div>
                </dl>
                <Link
                  to={consultantNewPlanPath(item.matchId)}
                  className="button button-primary"
                  aria-label={`${DRAFT_THE_PLAN} for ${item.business}`}
                >
                  {DRAFT_THE_PLAN}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {engagements.length > 0 ? (
        <section className="plan-list-section" aria-labelledby="your-engagements">
          <h2 id="your-engagements">{YOUR_ENGAGEMENTS}</h2>
          <ul className="candidacy-list" aria-label={YOUR_ENGAGEMENTS}>
            {engagements.map((item) => (
              <li key={item.id} className="card candidacy-row">
                <div className="candidacy-row-main">
                  <span className="candidacy-row-company">{item.title || UNTITLED_PLAN}</span>
                  <span className="badge badge-soft">{item.status}</span>
                </div>
                <dl className="candidacy-meta">
                  <div>
                    <dt>Business</dt>
                    <dd>{item.business}</dd>
                  </div>
                  <div>
                    <dt>Plan</dt>
                    <dd>{item.stage}</dd>
                  </div>
                  <div>
                    <dt>Next delivery</dt>
                    <dd>{item.nextDelivery ?? NO_NEXT_DELIVERY}</dd>
                  </div>
                </dl>
                <Link
                  to={consultantEngagementPath(item.id)}
                  className="button button-secondary"
                  aria-label={`${OPEN_THE_ENGAGEMENT}: ${item.title || UNTITLED_PLAN}`}
                >
                  {OPEN_THE_ENGAGEMENT}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function NewPlanView({ match, error }: { match: DraftableMatch; error: string | null }) {
  const busy = usePendingPost() !== null;
  return (
    <div className="console-page">
      <PortalPageHeader title={DRAFT_THE_PLAN} />
      <ConsoleNotices error={error} />
      <section className="card stack" aria-labelledby="new-plan-business">
        <h2 id="new-plan-business" className="card-title">
          {match.business}
        </h2>
        <dl className="candidacy-meta">
          <div>
            <dt>Business area</dt>
            <dd>{match.area}</dd>
          </div>
          <div>
            <dt>Engagement type</dt>
            <dd>{match.type}</dd>
          </div>
        </dl>
        <p>{PLANS_TO_DRAFT_HINT}</p>
        <Form method="post" className="button-row">
          <input type="hidden" name="matchId" value={match.matchId} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {START_THE_PLAN}
          </button>
        </Form>
      </section>
    </div>
  );
}

/** The items of the plan with their statuses, and "Confirm delivery" where the consultant can deliver. */
function ItemStatusList({
  planId,
  items,
  label,
  coaching = false,
}: {
  planId: string;
  items: EditorItem[];
  label: string;
  /** Coaching's months open their sessions rather than a time log (docs/decisions/085). */
  coaching?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ol className="plan-item-statuses" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="plan-item-status">
          <div className="plan-item-status-main">
            {/* Its page: the delivery (or the form for it), the business's review and what it earns. */}
            <strong>
              <Link to={consultantDeliveryPath(planId, item.id)}>{item.title}</Link>
            </strong>
            <span className="badge badge-soft">{item.statusLabel}</span>
            {item.overdue ? <span className="badge match-badge-overdue">{OVERDUE_LABEL}</span> : null}
          </div>
          <p className="console-muted">
            {item.deliveryDateLabel} · {item.priceLabel}
          </p>
          {item.canDeliver ? (
            <Link
              to={consultantDeliveryPath(planId, item.id)}
              className="button button-primary"
              aria-label={`${CONFIRM_DELIVERY}: ${item.title}`}
            >
              {CONFIRM_DELIVERY}
            </Link>
          ) : item.canLogTime ? (
            <Link
              to={consultantDeliveryPath(planId, item.id)}
              className="button button-primary"
              aria-label={`${coaching ? COACHING_TEXTS.openSessions : TIME_LOG_TEXTS.log}: ${item.title}`}
            >
              {coaching ? COACHING_TEXTS.openSessions : TIME_LOG_TEXTS.log}
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function ConsultantPlanView({
  plan,
  notice,
  lastResult,
  noticeResult,
}: {
  plan: ConsultantPlan;
  notice: string | null;
  /** The editor's last answer. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** Give notice's last answer (its own form). */
  noticeResult?: SubmissionResult<string[]>;
}) {
  const locked = plan.items.filter((item) => !item.editable);
  // Without the editor (the plan is not the consultant's to change now), a refused post's
  // form-level message is shown above the plan.
  const refusal = plan.editable ? null : (lastResult?.error?.[""] ?? []).join(" ") || null;
  return (
    <div className="console-page plan-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Consultant portal · {plan.business}</p>
          <h1>{plan.title || UNTITLED_PLAN}</h1>
          {plan.conversationPath ? (
            <p>
              <Link to={plan.conversationPath}>{THREAD_TEXTS.openThread}</Link>
            </p>
          ) : null}
        </div>
        <span className="badge badge-soft">{plan.statusLabel}</span>
      </header>
      <ConsoleNotices notice={notice} error={refusal} />
      <dl className="candidacy-meta plan-facts">
        <div>
          <dt>Plan</dt>
          <dd>{plan.stageLabel}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{plan.version}</dd>
        </div>
        <div>
          <dt>Signed version</dt>
          <dd>{plan.signedVersion ?? "Not signed yet"}</dd>
        </div>
      </dl>
      {plan.notice ? <ConsultantNotice planId={plan.id} notice={plan.notice} lastResult={noticeResult} /> : null}
      {plan.managerNotes ? (
        <section className="card plan-notes" aria-labelledby="plan-manager-notes">
          <h2 id="plan-manager-notes" className="card-title">
            {MANAGER_NOTES_HEADING}
          </h2>
          <p className="plan-notes-text">{plan.managerNotes}</p>
        </section>
      ) : null}
      {plan.businessNotes ? (
        <section className="card plan-notes" aria-labelledby="plan-business-notes">
          <h2 id="plan-business-notes" className="card-title">
            {BUSINESS_NOTES_HEADING}
          </h2>
          <p className="plan-notes-text">{plan.businessNotes}</p>
        </section>
      ) : null}
      {plan.editable ? (
        <>
          {plan.signed ? <p className="notice">{PLAN_EDIT_AFTER_SIGNATURE}</p> : null}
          {locked.length > 0 ? (
            <section className="card" aria-labelledby="plan-paid-items">
              <h2 id="plan-paid-items" className="card-title">
                {billedMonthly(plan.kind) ? "Paid months" : "Paid deliverables"}
              </h2>
              <p className="field-hint">
                {billedMonthly(plan.kind) ? paidMonthsLocked(locked.length) : paidItemsLocked(locked.length)}
              </p>
              <ItemStatusList
                planId={plan.id}
                coaching={plan.kind === "coaching"}
                items={locked}
                label={billedMonthly(plan.kind) ? "Paid months" : "Paid deliverables"}
              />
            </section>
          ) : null}
          {/* A saved plan is a new revision: the editor starts again from it (the new rows get their ids). */}
          <PlanEditor key={plan.revision} plan={plan} lastResult={lastResult} />
        </>
      ) : (
        <>
          <section className="card" aria-labelledby="plan-deliverables">
            <h2 id="plan-deliverables" className="card-title">
              {billedMonthly(plan.kind) ? "Months" : "Deliverables"}
            </h2>
            <ItemStatusList
              planId={plan.id}
              coaching={plan.kind === "coaching"}
              items={plan.items}
              label={billedMonthly(plan.kind) ? "Months" : "Deliverables"}
            />
          </section>
          <section className="card" aria-labelledby="plan-document">
            <h2 id="plan-document" className="card-title">
              The plan
            </h2>
            <PlanDocument document={plan.document} headingLevel={3} />
          </section>
        </>
      )}
      {plan.signedStatements.length > 0 ? (
        <SignedStatements statements={plan.signedStatements} headingLevel={2} />
      ) : null}
    </div>
  );
}

/** A running retainer's notice on the consultant's side: given, or Give notice (docs/decisions/082). */
function ConsultantNotice({
  planId,
  notice,
  lastResult,
}: {
  planId: string;
  notice: RetainerNotice;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <section className="card retainer-card" aria-labelledby="plan-retainer-notice">
      <h2 id="plan-retainer-notice" className="card-title">
        {NOTICE_TEXTS.notice}
      </h2>
      <p>{notice.notice}</p>
      {notice.ending ? (
        <p className="notice">
          {NOTICE_TEXTS.endingForConsultant(notice.ending.by, notice.ending.endsOn, notice.kind)}
        </p>
      ) : null}
      {notice.canGiveNotice && notice.noticeWouldEnd ? (
        <NoticeForm id={planId} endsOn={notice.noticeWouldEnd} of={notice.kind} lastResult={lastResult} />
      ) : null}
    </section>
  );
}

type ItemFields = FieldMetadata<{
  id?: string;
  title: string;
  description: string;
  deliveryDate: string;
  price: string;
}>;

/**
 * The editor: title, overview and the deliverables (add, remove, move up and down), "Save draft"
 * and "Send for review". Posts to the route's action with Conform, so it works without JavaScript
 * (the list buttons are Conform intents the server answers too).
 */
export function PlanEditor({
  plan,
  lastResult,
}: {
  plan: ConsultantPlan;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const editable = plan.items.filter((item) => item.editable);
  const locked = plan.items.filter((item) => !item.editable);
  const [form, fields] = useForm<z.input<typeof PlanFormFieldsSchema>, z.output<typeof PlanFormFieldsSchema>>({
    id: `plan-editor-${plan.id}`,
    lastResult,
    defaultValue: {
      title: plan.title,
      overview: plan.overview,
      kind: plan.kind,
      ...plan.retainer,
      items: editable.map((item) => ({
        id: item.id,
        title: item.title,
        description: item.description,
        deliveryDate: item.deliveryDate,
        price: item.price,
      })),
    },
    constraint: getZodConstraint(PlanFormFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, {
        schema: planFormSchemaFor(todayAnywhereOnEarth(new Date())),
        disableAutoCoercion: true,
      });
    },
  });
  // Saved deliverables whose date has passed: the date must change before the plan is sent again.
  const overdueIds = new Set(editable.filter((item) => item.overdue).map((item) => item.id));
  const post = usePendingPost();
  const submitting = post !== null;
  const pendingIntent = intentOf(post);
  const items = fields.items.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="card stack plan-editor">
      <h2 className="card-title">Edit the plan</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="revision" value={plan.revision} />
      <ConformField field={fields.title} kind="text" label="Plan title">
        {(props) => <input {...props} maxLength={120} className="input" />}
      </ConformField>
      <ConformField
        field={fields.overview}
        kind="textarea"
        hintId="plan-overview-hint"
        label="Overview"
        hint="The problem, your approach and what the business gets. Separate paragraphs with a blank line."
        hintPlacement="above"
        hintWithErrors="described"
      >
        {(props) => <textarea {...props} rows={8} maxLength={5000} className="input" />}
      </ConformField>
      {locked.length > 0 ? (
        <input type="hidden" name={fields.kind.name} value={plan.kind} />
      ) : (
        <FieldsetField
          className="plan-kind-choices"
          legend={PLAN_KIND_LEGEND}
          errors={fields.kind.errors}
          errorId={fields.kind.errorId}
        >
          {PLAN_KIND_CHOICES.map((option) => {
            const id = `${form.id}-kind-${option.value}`;
            return (
              <div key={option.value} className="radio-row">
                <input
                  type="radio"
                  id={id}
                  name={fields.kind.name}
                  value={option.value}
                  defaultChecked={plan.kind === option.value}
                  aria-describedby={`${id}-hint`}
                />
                <label htmlFor={id}>{option.label}</label>
                <p id={`${id}-hint`} className="field-hint">
                  {option.hint}
                </p>
              </div>
            );
          })}
        </FieldsetField>
      )}
      {/* Shown for the billing chosen (CSS :has, so it works without JavaScript too). */}
      <fieldset className="plan-items plan-retainer-terms">
        <legend>{RETAINER_TERMS_LEGEND}</legend>
        <p className="field-hint plan-retainer-only">{RETAINER_TERMS_HINT}</p>
        <p className="field-hint plan-coaching-only">{COACHING_TERMS_HINT}</p>
        <div className="plan-item-row-pair">
          <ConformField field={fields.monthlyFee} kind="text" label="Monthly fee (USD)">
            {(props) => <input {...props} inputMode="decimal" placeholder="4,000.00" className="input" />}
          </ConformField>
          <div className="plan-retainer-only">
            <ConformField field={fields.monthlyHours} kind="text" label="Hours a month">
              {(props) => <input {...props} inputMode="decimal" placeholder="20" className="input" />}
            </ConformField>
          </div>
          <div className="plan-coaching-only">
            <ConformField field={fields.monthlySessions} kind="text" label="Sessions a month">
              {(props) => <input {...props} inputMode="numeric" placeholder="4" className="input" />}
            </ConformField>
          </div>
        </div>
        <div className="plan-item-row-pair plan-coaching-only">
          <ConformField field={fields.sessionMinutes} kind="select" label="Session length">
            {(props) => (
              <select {...props} className="input">
                {SESSION_LENGTHS.map((minutes) => (
                  <option key={minutes} value={String(minutes)}>
                    {`${minutes} minutes`}
                  </option>
                ))}
              </select>
            )}
          </ConformField>
          <ConformField field={fields.cancelNoticeHours} kind="select" label="Cancellation rule">
            {(props) => (
              <select {...props} className="input">
                {CANCEL_NOTICE_CHOICES.map((hours) => (
                  <option key={hours} value={String(hours)}>
                    {cancelRuleLabel(hours)}
                  </option>
                ))}
              </select>
            )}
          </ConformField>
        </div>
        <div className="plan-item-row-pair">
          <ConformField
            field={fields.startDate}
            kind="date"
            label="First month starts"
            hint={locked.length > 0 ? RETAINER_START_LOCKED : undefined}
          >
            {(props) => <input {...props} readOnly={locked.length > 0} className="input" />}
          </ConformField>
          <ConformField field={fields.noticeMonths} kind="select" label="Notice to end it">
            {(props) => (
              <select {...props} className="input">
                {NOTICE_CHOICES.map((months) => (
                  <option key={months} value={String(months)}>
                    {noticeLabel(months)}
                  </option>
                ))}
              </select>
            )}
          </ConformField>
        </div>
      </fieldset>
      <fieldset className="plan-items plan-deliverables">
        <legend>Deliverables</legend>
        <FieldErrors id={fields.items.errorId} errors={fields.items.errors} />
        {items.length === 0 ? <p className="field-hint">No deliverables yet. Add the first one.</p> : null}
        <ol className="plan-item-rows">
          {items.map((item, index) => (
            <PlanItemRow
              key={item.key}
              item={item as unknown as ItemFields}
              index={index}
              count={items.length}
              overdueIds={overdueIds}
              formRemove={form.remove.getButtonProps({ name: fields.items.name, index })}
              formUp={
                index > 0 ? form.reorder.getButtonProps({ name: fields.items.name, from: index, to: index - 1 }) : null
              }
              formDown={
                index < items.length - 1
                  ? form.reorder.getButtonProps({ name: fields.items.name, from: index, to: index + 1 })
                  : null
              }
            />
          ))}
        </ol>
        {items.length < PLAN_ITEMS_MAX ? (
          <button
            type="submit"
            className="button button-secondary"
            {...form.insert.getButtonProps({
              name: fields.items.name,
              defaultValue: { title: "", description: "", deliveryDate: "", price: "" },
            })}
          >
            Add a deliverable
          </button>
        ) : null}
      </fieldset>
      <div className="button-row">
        <button type="submit" name="intent" value="save" className="button button-secondary" disabled={submitting}>
          {pendingIntent === "save" ? "Saving…" : "Save draft"}
        </button>
        <button type="submit" name="intent" value="submit" className="button button-primary" disabled={submitting}>
          {pendingIntent === "submit" ? "Sending…" : "Send for review"}
        </button>
      </div>
    </Form>
  );
}

type ButtonProps = { name: string; value: string; form: string; formNoValidate: boolean };

function PlanItemRow({
  item,
  index,
  count,
  overdueIds,
  formRemove,
  formUp,
  formDown,
}: {
  item: ItemFields;
  index: number;
  count: number;
  overdueIds: ReadonlySet<string>;
  formRemove: ButtonProps;
  formUp: ButtonProps | null;
  formDown: ButtonProps | null;
}) {
  const row = item.getFieldset();
  const number = index + 1;
  const { key: idKey, ...idProps } = getInputProps(row.id, { type: "hidden" });
  return (
    <li className="plan-item-row" aria-label={`Deliverable ${number} of ${count}`}>
      <input key={idKey} {...idProps} />
      <ConformField field={row.title} kind="text" label={<>Deliverable {number} title</>}>
        {(props) => <input {...props} maxLength={120} className="input" />}
      </ConformField>
      <ConformField field={row.description} kind="textarea" label={<>Deliverable {number} description</>}>
        {(props) => <textarea {...props} rows={3} maxLength={2000} className="input" />}
      </ConformField>
      <div className="plan-item-row-pair">
        <ConformField
          field={row.deliveryDate}
          kind="date"
          label={<>Deliverable {number} delivery date</>}
          after={
            !row.deliveryDate.errors?.length &&
            row.id.initialValue &&
            overdueIds.has(row.id.initialValue) &&
            row.deliveryDate.value === row.deliveryDate.initialValue ? (
              <p className="field-hint">
                <span className="badge match-badge-overdue">{OVERDUE_LABEL}</span> <span>{ITEM_DATE_PAST}</span>
              </p>
            ) : null
          }
        >
          {(props) => <input {...props} className="input" />}
        </ConformField>
        <ConformField field={row.price} kind="text" label={<>Deliverable {number} price (USD)</>}>
          {(props) => <input {...props} inputMode="decimal" placeholder="1,500.00" className="input" />}
        </ConformField>
      </div>
      <div className="button-row plan-item-row-actions">
        {formUp ? (
          <button
            type="submit"
            className="button button-ghost"
            {...formUp}
            aria-label={`Move up: deliverable ${number}`}
          >
            Move up
          </button>
        ) : null}
        {formDown ? (
          <button
            type="submit"
            className="button button-ghost"
            {...formDown}
            aria-label={`Move down: deliverable ${number}`}
          >
            Move down
          </button>
        ) : null}
        <button
          type="submit"
          className="button button-ghost"
          {...formRemove}
          aria-label={`Remove deliverable ${number}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
