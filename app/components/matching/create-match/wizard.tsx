import { getCollectionProps, getFormProps, useForm, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FileDrop } from "~/components/files/file-drop";
import { FILE_ACCEPT } from "~/components/files/file-check";
import { formatFileSize } from "~/lib/shared/numbers";
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
import { FILE_REMOVE_FAILED_MESSAGE, REQUEST_FILES_HINT } from "~/lib/files/file-rules";
import { DRAFT_RESTORED_MESSAGE } from "~/lib/insights/insight-wizard-draft";
import {
  BUSINESS_AREA_LABEL,
  CONFIRM_MATCH_PAGE_TITLE,
  ENGAGEMENT_TYPE_DESCRIPTIONS,
  ENGAGEMENT_TYPE_LABEL,
  ENGAGEMENT_TYPE_PAGE_TITLE,
  I_AM_NOT_SURE_LABEL,
  ISSUE_CAUSE_LABEL,
  ISSUE_CAUSE_PLACEHOLDER,
  MATCH_MAX_FILES,
  MATCH_REQUEST_FAILED_MESSAGES,
  MATCH_REQUEST_SENT_MESSAGE,
  MATCH_SUBMIT_UNAVAILABLE_MESSAGE,
  MATCH_SUMMARY_PAGE_TITLE,
  MATCH_TOO_MANY_FILES_MESSAGE,
} from "~/lib/matching/match-copy";
import {
  areaLabel,
  engagementChoiceLabel,
  ENGAGEMENT_TYPE_OPTIONS,
  matchCreationSucceeded,
  MATCH_AREA_OPTIONS,
  NOT_SURE_VALUE,
} from "~/lib/matching/match-schemas";
import {
  makeMatchDraft,
  matchDraftHasAnswers,
  matchDraftKey,
  parseMatchDraft,
} from "~/lib/matching/match-wizard-draft";
import { CONGRATULATIONS } from "~/lib/payments/payment-copy";
import { MatchStepBar } from "./step-bar";
import {
  previousPage,
  schemaFor,
  type AttachedMatchFile,
  type CreateMatchActionData,
  type MatchFormPage,
  type MatchWizardPage,
} from "./wizard-data";
import { FieldsetField } from "~/components/ui/fieldset-field";

/** Every field of the wizard's one form, across its pages, as the browser holds them. */
type WizardFields = {
  area: string;
  engagementType: string;
  issueCause: string;
  category: string;
  consultingType: string;
  files: string[];
  requestId: string;
};

const PAGE_HEADINGS: Record<MatchFormPage, string> = {
  1: "Which area of your business needs help?",
  2: ENGAGEMENT_TYPE_PAGE_TITLE,
  3: MATCH_SUMMARY_PAGE_TITLE,
  4: CONFIRM_MATCH_PAGE_TITLE,
};

const MATCH_AREA_KEYS = MATCH_AREA_OPTIONS.map((option) => option.key);

/** Where Next on the MATCHING congratulations card goes: the Matching feature, opened on the new match. */
export function matchingNextLink(matchId: string): string {
  return `${CONGRATULATIONS.MATCHING.to}&matchId=${encodeURIComponent(matchId)}`;
}

/**
 * Sets a control of the form the way a person would (its value, then a change event), so the
 * form state follows: pages 1 and 2 prefill the summary's dropdowns this way.
 */
function setControl(id: string, value: string) {
  const control = document.getElementById(id);
  if (!(control instanceof HTMLSelectElement)) return;
  control.value = value;
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * The /create-match wizard (spec §2, §4): page 1 the business area, page 2 the engagement type,
 * page 3 the summary (problem statement, the two dropdowns to confirm, files), page 4 the confirm
 * step, then the result: 'Your match request has been sent!' with the MATCHING congratulations
 * card when the server's msg says 'have been matched', the failure texts otherwise.
 * With JavaScript the pages turn in the browser and only Confirm posts; without it every button
 * posts to the action, which answers the next page, and page 3 offers a plain file input whose
 * files the action stores. All pages' fields stay in one form; those not on screen are hidden.
 */
export function CreateMatchWizard({
  requestId,
  draftScope,
  actionData,
}: {
  requestId: string;
  draftScope: string;
  actionData: CreateMatchActionData | undefined;
}) {
  const hydrated = useHydrated();
  const pending = usePendingIntent();
  const formResult = actionData && actionData.kind !== "created" ? actionData.result : undefined;
  const [page, setPage] = useState<MatchWizardPage>(actionData?.kind === "step" ? actionData.page : actionData ? 5 : 1);
  const pageRef = useRef<MatchWizardPage>(page);
  pageRef.current = page;
  // One idempotency key per wizard: a no-JS round trip brings back the one it posted.
  const postedId = formResult?.initialValue?.requestId;
  const [wizardId, setWizardId] = useState(typeof postedId === "string" && postedId ? postedId : requestId);
  const [files, setFiles] = useState<AttachedMatchFile[]>(
    actionData && actionData.kind !== "created" ? actionData.files : [],
  );
  const { headingRef, restoringPage } = usePageTurnFocus(page);
  const created = actionData?.kind === "created" ? actionData : null;
  const succeeded = created !== null && matchCreationSucceeded(created.msg);

  useEffect(() => {
    if (!actionData) return;
    setPage(actionData.kind === "step" ? actionData.page : 5);
    if (actionData.kind !== "created") setFiles(actionData.files);
  }, [actionData]);

  const [form, fields] = useForm<WizardFields>({
    id: "create-match",
    lastResult: formResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      // Each page checks only its own fields; the typed fields above are the union of all pages.
      return parseWithZod(formData, {
        schema: schemaFor(pageRef.current, formData.get("intent")),
      }) as unknown as Submission<WizardFields>;
    },
    onSubmit(event, { formData }) {
      // Page turns happen here with JavaScript; only Confirm goes to the server.
      const intent = formData.get("intent");
      const current = pageRef.current;
      if (intent === "continue" && current === 1) {
        event.preventDefault();
        setControl(fields.category.id, String(formData.get("area") ?? ""));
        setPage(2);
      } else if (intent === "continue" && current === 2) {
        event.preventDefault();
        setControl(fields.consultingType.id, String(formData.get("engagementType") ?? ""));
        setPage(3);
      } else if (intent === "notsure") {
        event.preventDefault();
        for (const radio of document.querySelectorAll<HTMLInputElement>(
          `input[name="${fields.engagementType.name}"]`,
        )) {
          if (radio.checked) {
            radio.checked = false;
            radio.dispatchEvent(new Event("change", { bubbles: true }));
          }
        }
        setControl(fields.consultingType.id, NOT_SURE_VALUE);
        setPage(3);
      } else if (intent === "review") {
        event.preventDefault();
        setPage(4);
      }
    },
  });

  const { restored: draftRestored, discard: discardDraft } = useSessionDraft({
    storageKey: matchDraftKey(draftScope),
    parse: parseMatchDraft,
    hasAnswers: matchDraftHasAnswers,
    // A no-JavaScript round trip or a finished request has nothing to restore.
    skipRestore: Boolean(actionData),
    onRestore: (draft) => {
      setWizardId(draft.requestId);
      form.update({ value: { ...draft.values } });
      restoringPage.current = draft.page !== page;
      setPage(draft.page);
      setFiles(draft.files);
    },
    current: makeMatchDraft({ requestId: wizardId, page, values: form.value, files }),
    finished: succeeded,
  });

  if (page === 5 && created && succeeded) {
    const card = CONGRATULATIONS.MATCHING;
    return (
      <section className="card create-insight-card create-match-card" aria-labelledby="create-match-heading">
        <MatchStepBar page={5} />
        <h2 id="create-match-heading" ref={headingRef} tabIndex={-1} className="create-insight-heading">
          {MATCH_REQUEST_SENT_MESSAGE}
        </h2>
        <CongratulationsCard id="create-match-congrats" card={card} to={matchingNextLink(created.matchId)} />
      </section>
    );
  }

  const area = fields.area;
  const engagementType = fields.engagementType;
  const issueCause = fields.issueCause;
  const category = fields.category;
  const consultingType = fields.consultingType;
  const chosenType = typeof engagementType.value === "string" ? engagementType.value : "";
  const creating = pending === "create";
  const finishing = pending === "review" || creating;

  const backButton = (
    <WizardBackButton
      hydrated={hydrated}
      onBack={() => setPage((current) => (current === 5 ? 4 : previousPage(current as MatchFormPage)))}
    />
  );
  // spec §2: the create-new mode has a Cancel that returns to the Matching list.
  const cancelLink = <WizardCancelLink to="/features?focus=Matching" onCancel={discardDraft} />;

  return (
    <section className="card create-insight-card create-match-card" aria-labelledby="create-match-heading">
      <MatchStepBar page={page} />
      {page === 5 ? (
        <div className="create-match-failed" role="alert">
          <h2 id="create-match-heading" ref={headingRef} tabIndex={-1} className="create-insight-heading">
            {MATCH_REQUEST_FAILED_MESSAGES[0]}
          </h2>
          <p>
            {MATCH_REQUEST_FAILED_MESSAGES[1]}
            {MATCH_REQUEST_FAILED_MESSAGES[2]}
          </p>
        </div>
      ) : (
        <h2 id="create-match-heading" ref={headingRef} tabIndex={-1} className="create-insight-heading">
          {PAGE_HEADINGS[page]}
        </h2>
      )}
      {draftRestored && page < 5 ? (
        <p className="muted create-insight-draft-note" role="status">
          {DRAFT_RESTORED_MESSAGE}
        </p>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        encType={hydrated ? undefined : "multipart/form-data"}
        className="stack create-insight-form"
      >
        <input type="hidden" name="page" value={page === 5 ? 4 : page} />
        <input type="hidden" name="requestId" value={wizardId} />

        <div hidden={page !== 1} className="create-insight-page-body">
          <AreaRadioGrid meta={area} options={MATCH_AREA_KEYS} labelFor={areaLabel} />
          <div className="create-insight-actions">
            {cancelLink}
            <button type="submit" name="intent" value="continue" className="button button-primary">
              Continue
            </button>
          </div>
        </div>

        <div hidden={page !== 2} className="create-insight-page-body">
          <FieldsetField
            className="engagement-types"
            legend="Engagement type"
            legendClassName="visually-hidden"
            errors={engagementType.errors}
            errorId={engagementType.errorId}
          >
            <div className="engagement-type-grid">
              {getCollectionProps(engagementType, {
                type: "radio",
                options: ENGAGEMENT_TYPE_OPTIONS.map((option) => option.key),
              }).map(({ key, ...props }) => {
                const type = ENGAGEMENT_TYPE_OPTIONS.find((option) => option.key === props.value)!;
                // Without JavaScript nothing can reveal a description on selection: all are shown.
                const describe = !hydrated || chosenType === type.key;
                return (
                  <div key={key} className="insight-area engagement-type">
                    <label htmlFor={props.id} className="engagement-type-name">
                      <input {...props} aria-describedby={describe ? `${props.id}-description` : undefined} />
                      <span>{type.label}</span>
                    </label>
                    {describe ? (
                      <p id={`${props.id}-description`} className="engagement-type-description">
                        {ENGAGEMENT_TYPE_DESCRIPTIONS[type.key]}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </FieldsetField>
          <div className="create-insight-actions">
            {cancelLink}
            {backButton}
            <button type="submit" name="intent" value="notsure" className="button button-secondary" formNoValidate>
              {I_AM_NOT_SURE_LABEL}
            </button>
            <button type="submit" name="intent" value="continue" className="button button-primary">
              Continue
            </button>
          </div>
        </div>

        <div hidden={page !== 3} className="create-insight-page-body stack">
          <ConformField field={issueCause} kind="textarea" label={ISSUE_CAUSE_LABEL}>
            {(props) => (
              <textarea
                {...props}
                rows={5}
                placeholder={ISSUE_CAUSE_PLACEHOLDER}
                className="input create-insight-textarea"
              />
            )}
          </ConformField>
          <div className="create-insight-row">
            <ConformField field={category} kind="select" label={BUSINESS_AREA_LABEL}>
              {(props) => (
                <select {...props} className="input">
                  <option value="">Choose a business area</option>
                  {MATCH_AREA_OPTIONS.map((option) => (
                    <option key={option.key} value={option.key}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </ConformField>
            <ConformField field={consultingType} kind="select" label={ENGAGEMENT_TYPE_LABEL}>
              {(props) => (
                <select {...props} className="input">
                  <option value="">Choose an engagement type</option>
                  {ENGAGEMENT_TYPE_OPTIONS.map((option) => (
                    <option key={option.key} value={option.key}>
                      {option.label}
                    </option>
                  ))}
                  <option value={NOT_SURE_VALUE}>{I_AM_NOT_SURE_LABEL}</option>
                </select>
              )}
            </ConformField>
          </div>
          <div className="field">
            <span className="field-label">Files</span>
            {hydrated ? (
              <FileDrop
                label="Attach files"
                hint={REQUEST_FILES_HINT}
                files={files}
                onAdd={(file) => setFiles((current) => [...current, file])}
                onRemove={(fileName) => setFiles((current) => current.filter((file) => file.fileName !== fileName))}
                purpose="match_request"
                maxFiles={MATCH_MAX_FILES}
                tooManyMessage={MATCH_TOO_MANY_FILES_MESSAGE}
                failedMessage={MATCH_SUBMIT_UNAVAILABLE_MESSAGE}
                removeFailedMessage={FILE_REMOVE_FAILED_MESSAGE}
                name="files"
              />
            ) : (
              <PlainFilePicker files={files} />
            )}
            <FieldErrors id={fields.files.errorId} errors={fields.files.errors} />
          </div>
          <div className="create-insight-actions">
            {cancelLink}
            {backButton}
            <WizardSendButton intent="review" busy={finishing} label="Finish" busyLabel="Sending…" />
          </div>
        </div>

        <div hidden={page !== 4} className="create-insight-page-body stack">
          <p>Check your match request before we send it to our consultants.</p>
          <dl className="insight-summary">
            <div>
              <dt>{BUSINESS_AREA_LABEL}</dt>
              <dd>{areaLabel(typeof category.value === "string" ? category.value : "")}</dd>
            </div>
            <div>
              <dt>{ENGAGEMENT_TYPE_LABEL}</dt>
              <dd>{engagementChoiceLabel(typeof consultingType.value === "string" ? consultingType.value : "")}</dd>
            </div>
            <div>
              <dt>{ISSUE_CAUSE_LABEL}</dt>
              <dd className="create-match-problem">{typeof issueCause.value === "string" ? issueCause.value : ""}</dd>
            </div>
            <div>
              <dt>Files</dt>
              <dd>
                <SummaryFileList files={files} />
              </dd>
            </div>
          </dl>
          <FormAlert id={form.errorId} errors={form.errors} />
          <div className="create-insight-actions">
            {cancelLink}
            {backButton}
            <WizardSendButton intent="create" busy={creating} label="Confirm" busyLabel="Sending…" />
          </div>
        </div>

        {page === 5 ? (
          <div className="create-insight-actions">
            {cancelLink}
            <WizardBackButton
              hydrated={hydrated}
              onBack={() => setPage(4)}
              intent="retry"
              className="button button-primary"
            />
          </div>
        ) : null}
      </Form>
    </section>
  );
}

/**
 * Page 3's files without JavaScript: the files already stored for this request (kept as hidden
 * `files` values) and a plain multiple file input whose files the action stores on Finish.
 */
function PlainFilePicker({ files }: { files: readonly AttachedMatchFile[] }) {
  return (
    <div className="file-drop-field">
      <label htmlFor="create-match-upload" className="file-plain-label">
        Attach files
      </label>
      <input
        id="create-match-upload"
        type="file"
        name="upload"
        multiple
        accept={FILE_ACCEPT}
        aria-describedby="create-match-upload-hint"
        className="input"
      />
      <p id="create-match-upload-hint" className="field-hint">
        {REQUEST_FILES_HINT}
      </p>
      {files.length > 0 ? (
        <ul className="file-list" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.fileName} className="file-item">
              <span className="file-name">{file.originalName}</span>
              <span className="file-size muted">{formatFileSize(file.size)}</span>
              <input type="hidden" name="files" value={file.fileName} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
