import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  INSIGHT_CATEGORY_OPTIONS,
  INSIGHT_MAX_FILES,
  INSIGHT_SUBMIT_FAILED_MESSAGE,
  INSIGHT_TOO_MANY_FILES_MESSAGE,
} from "~/lib/insights/insight-schemas";
import {
  CLIENT_INSIGHT_STATUS,
  INSIGHT_AWAITING_PAYER_TEXT,
  PAY_NOW_LABEL,
  paidStateLabel,
} from "~/lib/insights/insight-status";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { CONGRATULATIONS } from "~/lib/payments/payment-copy";
import { FILE_REMOVE_FAILED_MESSAGE, REQUEST_FILES_HINT } from "~/lib/files/file-rules";
import {
  draftHasAnswers,
  filesToAddAgainMessage,
  makeWizardDraft,
  parseWizardDraft,
  wizardDraftKey,
  DRAFT_RESTORED_MESSAGE,
} from "~/lib/insights/insight-wizard-draft";
import { FileDrop, type AttachedFile } from "~/components/files/file-drop";
import { ConformField } from "~/components/ui/conform-field";
import { FieldErrors } from "~/components/ui/field-errors";
import { FormAlert } from "~/components/ui/form-alert";
import {
  CongratulationsCard,
  usePageTurnFocus,
  WizardBackButton,
  WizardCancelLink,
  WizardSendButton,
} from "~/components/ui/request-wizard";
import { usePendingIntent } from "~/components/ui/pending-post";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useSessionDraft } from "~/components/ui/use-session-draft";
import { AreaRadioGrid, SummaryFileList } from "~/components/ui/wizard-parts";
import { StepBar, type WizardPage } from "./step-bar";
import {
  INCLUDED_IN_PLAN_LABEL,
  schemaForPage,
  type CreatedInsight,
  type CreateInsightActionData,
  type InsightPricing,
} from "./wizard-data";

/** The overview questions of page 2 (spec §2), in order; `optional` ones may stay empty. */
const OVERVIEW_QUESTIONS = [
  { name: "businessNature", label: "What does your business do?", optional: false },
  { name: "managementStructure", label: "How is your management team structured?", optional: true },
  { name: "issueDetails", label: "What issue would you like solved?", optional: false },
  { name: "issueCause", label: "What do you think is causing it?", optional: true },
  { name: "resolutionOutcome", label: "What outcome would you like?", optional: false },
  { name: "resolutionHelp", label: "What kind of help would make the difference?", optional: true },
] as const;

const SHORT_QUESTIONS = [
  { name: "annualSales", label: "Annual sales" },
  { name: "numEmployees", label: "Number of employees" },
] as const;

const PAGE_HEADINGS: Record<WizardPage, string> = {
  1: "Which area of your business needs an insight?",
  2: "Tell us about the issue",
  3: "Check your request",
  4: "Your insight request",
};

const CATEGORY_KEYS = INSIGHT_CATEGORY_OPTIONS.map((option) => option.key);

function categoryName(key: string | undefined): string {
  return INSIGHT_CATEGORY_OPTIONS.find((option) => option.key === key)?.label ?? "";
}

/**
 * The /create-insight wizard (spec §2): page 1 the business area, page 2 the overview and files,
 * page 3 the confirmation, page 4 payment or the Congratulations card. With JavaScript the pages
 * turn in the browser (answers kept in state and in the form, so Back keeps them and the final
 * POST carries everything); without it, Continue and Back post to the action, which answers the
 * next page. All pages' fields stay in the one form; the ones not on screen are hidden.
 * With JavaScript the answers are also kept as a draft in the tab (lib/insights/insight-wizard-draft.ts),
 * restored after a reload or Back, and dropped on a successful submit or Cancel.
 */
export function CreateInsightWizard({
  requestId,
  draftScope,
  defaults,
  pricing,
  actionData,
}: {
  requestId: string;
  /** Whose draft this is: one per user and business. */
  draftScope: string;
  defaults: { annualSales: string; numEmployees: string };
  pricing: InsightPricing;
  actionData: CreateInsightActionData | undefined;
}) {
  const hydrated = useHydrated();
  const pending = usePendingIntent();
  const stepData = actionData?.kind === "step" ? actionData : undefined;
  const created: CreatedInsight | null = actionData?.kind === "created" ? actionData.request : null;
  const [page, setPage] = useState<WizardPage>(created ? 4 : (stepData?.page ?? 1));
  const pageRef = useRef<WizardPage>(page);
  pageRef.current = page;
  // One idempotency key per wizard: a no-JS round trip brings back the one it posted.
  const postedId = stepData?.result.initialValue?.requestId;
  const [wizardId, setWizardId] = useState(typeof postedId === "string" && postedId ? postedId : requestId);
  const [files, setFiles] = useState<AttachedFile[]>([]);
  const { headingRef, restoringPage } = usePageTurnFocus(page);
  const [filesToAddAgain, setFilesToAddAgain] = useState<string[]>([]);

  useEffect(() => {
    if (actionData) setPage(actionData.kind === "created" ? 4 : actionData.page);
  }, [actionData]);

  const [form, fields] = useForm({
    id: "create-insight",
    lastResult: stepData?.result,
    defaultValue: { annualSales: defaults.annualSales, numEmployees: defaults.numEmployees },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: schemaForPage(pageRef.current) });
    },
    onSubmit(event, { formData }) {
      // Page turns happen here with JavaScript; only Submit goes to the server.
      if (formData.get("intent") === "continue") {
        event.preventDefault();
        setPage((current) => (current === 1 ? 2 : 3));
      }
    },
  });

  // The draft: restored once after hydration, then saved on every change until submit or Cancel.
  const { restored: draftRestored, discard: discardDraft } = useSessionDraft({
    storageKey: wizardDraftKey(draftScope),
    parse: parseWizardDraft,
    hasAnswers: draftHasAnswers,
    // A no-JavaScript round trip or a finished request has nothing to restore.
    skipRestore: Boolean(actionData),
    onRestore: (draft) => {
      setWizardId(draft.requestId);
      form.update({ value: { ...draft.values } });
      restoringPage.current = draft.page !== page;
      setPage(draft.page);
      setFiles(draft.files);
      void missingFiles(draft.files).then((missing) => {
        if (missing.length === 0) return;
        setFiles((current) => current.filter((file) => !missing.some((gone) => gone.fileName === file.fileName)));
        setFilesToAddAgain(missing.map((file) => file.originalName));
      });
    },
    current: makeWizardDraft({ requestId: wizardId, page, values: form.value, files }),
    finished: created !== null,
  });

  const category = fields.category;
  const categoryValue = typeof category.value === "string" ? category.value : undefined;

  if (page === 4 && created) {
    return (
      <section className="card create-insight-card" aria-labelledby="create-insight-heading">
        <StepBar page={4} />
        <h2 id="create-insight-heading" ref={headingRef} tabIndex={-1} className="create-insight-heading">
          {PAGE_HEADINGS[4]}
        </h2>
        {created.coveredByPlan || created.paymentComplete ? (
          <CoveredOutcome coveredByPlan={created.coveredByPlan} />
        ) : (
          <PayOutcome
            insightId={created.id}
            pricing={pricing}
            pending={pending === "pay"}
            error={actionData?.kind === "created" ? actionData.payError : null}
          />
        )}
      </section>
    );
  }

  const backButton = (
    <WizardBackButton hydrated={hydrated} onBack={() => setPage((current) => (current === 3 ? 2 : 1))} />
  );
  // spec §2: the create-new mode has a Cancel that returns to the Insights list.
  const cancelLink = <WizardCancelLink to="/features?focus=Insights" onCancel={discardDraft} />;

  return (
    <section className="card create-insight-card" aria-labelledby="create-insight-heading">
      <StepBar page={page} />
      <h2 id="create-insight-heading" ref={headingRef} tabIndex={-1} className="create-insight-heading">
        {PAGE_HEADINGS[page]}
      </h2>
      {draftRestored ? (
        <p className="muted create-insight-draft-note" role="status">
          {DRAFT_RESTORED_MESSAGE}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="stack create-insight-form">
        <input type="hidden" name="page" value={page} />
        <input type="hidden" name="requestId" value={wizardId} />

        <div hidden={page !== 1} className="create-insight-page-body">
          <AreaRadioGrid meta={category} options={CATEGORY_KEYS} labelFor={categoryName} />
          <div className="create-insight-actions">
            {cancelLink}
            <button type="submit" name="intent" value="continue" className="button button-primary">
              Continue
            </button>
          </div>
        </div>

        <div hidden={page !== 2} className="create-insight-page-body stack">
          {OVERVIEW_QUESTIONS.map((question) => (
            <TextareaField
              key={question.name}
              meta={fields[question.name]}
              label={question.label}
              optional={question.optional}
            />
          ))}
          <div className="create-insight-row">
            {SHORT_QUESTIONS.map((question) => (
              <ConformField key={question.name} field={fields[question.name]} kind="text" label={question.label}>
                {(props) => <input {...props} className="input" />}
              </ConformField>
            ))}
          </div>
          <div className="field">
            <span className="field-label">Files</span>
            {filesToAddAgain.length > 0 ? (
              <p className="notice" role="status">
                {filesToAddAgainMessage(filesToAddAgain)}
              </p>
            ) : null}
            <FileDrop
              label="Attach files"
              hint={REQUEST_FILES_HINT}
              files={files}
              onAdd={(file) => setFiles((current) => [...current, file])}
              onRemove={(fileName) => setFiles((current) => current.filter((file) => file.fileName !== fileName))}
              purpose="insight_request"
              maxFiles={INSIGHT_MAX_FILES}
              tooManyMessage={INSIGHT_TOO_MANY_FILES_MESSAGE}
              failedMessage={INSIGHT_SUBMIT_FAILED_MESSAGE}
              removeFailedMessage={FILE_REMOVE_FAILED_MESSAGE}
              name="files"
            />
            <FieldErrors id={fields.files.errorId} errors={fields.files.errors} />
          </div>
          <div className="create-insight-actions">
            {cancelLink}
            {backButton}
            <button type="submit" name="intent" value="continue" className="button button-primary">
              Continue
            </button>
          </div>
        </div>

        <div hidden={page !== 3} className="create-insight-page-body stack">
          <dl className="insight-summary">
            <div>
              <dt>Business area</dt>
              <dd>{categoryName(categoryValue)}</dd>
            </div>
            {[...OVERVIEW_QUESTIONS, ...SHORT_QUESTIONS].map((question) => {
              const value = fields[question.name].value;
              return (
                <div key={question.name}>
                  <dt>{question.label}</dt>
                  <dd>
                    {typeof value === "string" && value.trim() ? value : <span className="muted">Not answered</span>}
                  </dd>
                </div>
              );
            })}
            <div>
              <dt>Files</dt>
              <dd>
                <SummaryFileList files={files} />
              </dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd className="insight-price">
                {pricing.covered ? (
                  <>
                    <span>{INCLUDED_IN_PLAN_LABEL}</span>{" "}
                    <span className="muted">
                      ({pricing.remaining} of {pricing.included} left this month)
                    </span>
                  </>
                ) : (
                  pricing.priceLabel
                )}
              </dd>
            </div>
          </dl>
          <FormAlert id={form.errorId} errors={form.errors} />
          <div className="create-insight-actions">
            {cancelLink}
            {backButton}
            <WizardSendButton intent="create" busy={pending === "create"} label="Submit" busyLabel="Submitting…" />
          </div>
        </div>
      </Form>
    </section>
  );
}

/**
 * The draft's files that are no longer on the server (removed, or swept after a week), so they
 * must be attached again. A file that cannot be checked (offline) is kept: the submit decides.
 */
async function missingFiles(files: readonly AttachedFile[]): Promise<AttachedFile[]> {
  const checks = await Promise.all(
    files.map(async (file) => {
      try {
        const response = await fetch(`/api/file-handling/get-file/${encodeURIComponent(file.fileName)}`, {
          method: "HEAD",
        });
        return response.status === 404 ? file : null;
      } catch {
        return null;
      }
    }),
  );
  return checks.filter((file): file is AttachedFile => file !== null);
}

function TextareaField({
  meta,
  label,
  optional,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  optional: boolean;
}) {
  return (
    <ConformField
      field={meta}
      kind="textarea"
      label={
        <>
          {label}
          {optional ? <span className="muted"> (optional)</span> : null}
        </>
      }
    >
      {(props) => <textarea {...props} rows={3} className="input create-insight-textarea" />}
    </ConformField>
  );
}

/** Covered by the plan ('Included in your plan') or already paid ('Payment Complete'), and the Congratulations card. */
function CoveredOutcome({ coveredByPlan }: { coveredByPlan: boolean }) {
  const card = CONGRATULATIONS.INSIGHT;
  return (
    <div className="stack">
      <p className="badge insight-payment-complete">{paidStateLabel({ coveredByPlan })}</p>
      <CongratulationsCard id="create-insight-congrats" card={card} to={card.to} />
    </div>
  );
}

/** Not covered: the request waits for payment; Pay Now opens the checkout. */
function PayOutcome({
  insightId,
  pricing,
  pending,
  error,
}: {
  insightId: string;
  pricing: InsightPricing;
  pending: boolean;
  error: string | null;
}) {
  // A member may ask for an insight but not pay for it: the request waits for who may (docs/decisions/071).
  const may = useMemberCan();
  if (!may("pay")) {
    return (
      <div className="stack">
        <p>{INSIGHT_AWAITING_PAYER_TEXT}</p>
        <p className="insight-price">Price: {pricing.priceLabel}</p>
        <RoleNotice action="pay" />
        <div className="create-insight-actions">
          <Link to="/features?focus=Insights" className="button button-secondary">
            Back to your insights
          </Link>
        </div>
      </div>
    );
  }
  return (
    <Form method="post" className="stack">
      <p>{CLIENT_INSIGHT_STATUS.payment}</p>
      <p className="insight-price">Price: {pricing.priceLabel}</p>
      <input type="hidden" name="insightId" value={insightId} />
      {error ? (
        <div role="alert" className="form-error">
          {error}
        </div>
      ) : null}
      <div className="create-insight-actions">
        <WizardSendButton intent="pay" busy={pending} label={PAY_NOW_LABEL} busyLabel="Opening payment…" />
        {/* The request is kept: its tile in /features offers Pay Now later. */}
        <Link to="/features?focus=Insights" className="button button-ghost">
          Pay later
        </Link>
      </div>
    </Form>
  );
}
