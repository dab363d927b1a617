import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import {
  InsightReportEditorSchema,
  REPORT_TEXT_MAX_LENGTH,
  REPORT_TITLE_MAX_LENGTH,
  type ReportContent,
} from "~/lib/insights/manager-insights-schemas";
import { ConformField } from "~/components/ui/conform-field";
import { FormAlert } from "~/components/ui/form-alert";
import { intentOf, usePendingPost } from "~/components/ui/pending-post";

/**
 * The report editor: title, high-level summary and recommendations (one per line), with
 * 'Save draft' and 'Preview and publish'. The latter saves what is in the editor and opens the
 * report as the client will see it, where publishing is confirmed. Posts to the route's action,
 * so it works without JavaScript.
 */
export function InsightReportEditor({
  report,
  lastResult,
}: {
  report: ReportContent;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "insight-report-editor",
    lastResult,
    defaultValue: report,
    constraint: getZodConstraint(InsightReportEditorSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: InsightReportEditorSchema });
    },
  });
  const post = usePendingPost();
  const submitting = post !== null;
  const pendingIntent = intentOf(post);

  return (
    <Form method="post" {...getFormProps(form)} className="stack insight-editor">
      <FormAlert id={form.errorId} errors={form.errors} />
      <ConformField field={fields.title} kind="text" label="Title">
        {(props) => <input {...props} maxLength={REPORT_TITLE_MAX_LENGTH} className="input" />}
      </ConformField>
      <ConformField field={fields.highLevelSummary} kind="textarea" label="High-level summary">
        {(props) => <textarea {...props} rows={10} maxLength={REPORT_TEXT_MAX_LENGTH} className="input" />}
      </ConformField>
      <ConformField
        field={fields.recommendations}
        kind="textarea"
        hintId="insight-recommendations-hint"
        label="Recommendations"
        hint="One recommendation per line."
        hintPlacement="above"
        hintWithErrors="described"
      >
        {(props) => <textarea {...props} rows={10} maxLength={REPORT_TEXT_MAX_LENGTH} className="input" />}
      </ConformField>
      <div className="button-row">
        <button type="submit" name="intent" value="save" className="button button-secondary" disabled={submitting}>
          {pendingIntent === "save" ? "Saving…" : "Save draft"}
        </button>
        <button type="submit" name="intent" value="preview" className="button button-primary" disabled={submitting}>
          {pendingIntent === "preview" ? "Opening preview…" : "Preview and publish"}
        </button>
      </div>
    </Form>
  );
}
