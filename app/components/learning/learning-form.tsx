import { Form } from "@remix-run/react";
import { Field } from "~/components/ui/field";
import { useFormCheck } from "~/components/ui/use-form-check";
import { checkLearningForm } from "~/lib/learning/learning-schemas";
import type { FieldIssues } from "~/lib/shared/field-issues";
import { BUSINESS_AREAS, LEARNING_KINDS } from "~db/enums";
import { LEARNING_COPY, LEARNING_KIND_LABELS } from "~/lib/learning/learning-copy";
import { categoryLabel } from "~/lib/shared/format";
import { FieldsetField } from "~/components/ui/fieldset-field";

export type LearningFormValues = {
  kind: string;
  title: string;
  summary: string;
  area: string;
  bodyMarkdown: string;
  videoUrl: string;
  access: string;
};

export const EMPTY_LEARNING_FORM: LearningFormValues = {
  kind: "article",
  title: "",
  summary: "",
  area: "strategy",
  bodyMarkdown: "",
  videoUrl: "",
  access: "perk",
};

/** What the edit form's values were made of: the fields a manager typed, never the file. */
export function learningFormValues(fields: Record<string, string>): LearningFormValues {
  const values = { ...EMPTY_LEARNING_FORM };
  for (const key of Object.keys(values) as (keyof LearningFormValues)[]) {
    if (typeof fields[key] === "string") values[key] = fields[key];
  }
  return values;
}

/**
 * The manager's create / edit form (a multipart POST: a template carries its file), checked in the
 * browser first with the server's schema and messages (`checkLearningForm`). Every kind's
 * fields are shown; the server keeps only the chosen kind's content (an article's text, a video's
 * address, a template's file).
 */
export function LearningForm({
  intent,
  values,
  errors,
  busy,
  currentFile,
}: {
  intent: "create" | "update";
  values: LearningFormValues;
  /** The server's answer to the last post, if it refused it. */
  errors: FieldIssues | undefined;
  busy: boolean;
  currentFile: string | null;
}) {
  const { issues, onSubmit, onChange } = useFormCheck(
    (form) => checkLearningForm(form, { hasFile: currentFile !== null }),
    errors,
  );
  const fieldOf = (name: keyof LearningFormValues | "file") => ({
    id: `learning-${name}`,
    errors: issues[name] ? [issues[name]] : null,
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="stack learning-form"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
    >
      <input type="hidden" name="intent" value={intent} />
      <div className="learning-form-row">
        <Field {...fieldOf("kind")} label="Kind">
          {(control) => (
            <select className="input" defaultValue={values.kind} name="kind" {...control}>
              {LEARNING_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {LEARNING_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field {...fieldOf("area")} label="Business area">
          {(control) => (
            <select className="input" defaultValue={values.area} name="area" {...control}>
              {BUSINESS_AREAS.map((area) => (
                <option key={area} value={area}>
                  {categoryLabel(area)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field {...fieldOf("title")} label="Title">
        {(control) => <input className="input" defaultValue={values.title} maxLength={120} name="title" {...control} />}
      </Field>
      <Field {...fieldOf("summary")} label="Summary">
        {(control) => (
          <textarea
            className="input"
            rows={2}
            maxLength={300}
            defaultValue={values.summary}
            name="summary"
            {...control}
          />
        )}
      </Field>
      <Field
        {...fieldOf("bodyMarkdown")}
        label="Article text (Markdown, for articles)"
        hint={
          <>
            Headings (#), **bold**, *italic*, lists (- or 1.), [links](https://…), `code`, ``` code blocks and &gt;
            quotes. HTML is shown as text.
          </>
        }
        hintWithErrors="described"
      >
        {(control) => (
          <textarea className="input" rows={10} defaultValue={values.bodyMarkdown} name="bodyMarkdown" {...control} />
        )}
      </Field>
      <Field {...fieldOf("videoUrl")} label="Video address (https, for videos)">
        {(control) => (
          <input className="input" type="url" defaultValue={values.videoUrl} name="videoUrl" {...control} />
        )}
      </Field>
      <Field {...fieldOf("file")} label="Template file (for templates)" hint={currentFile} hintWithErrors="described">
        {(control) => <input className="input" type="file" name="file" {...control} />}
      </Field>
      <FieldsetField
        className="field learning-form-access"
        legend="Who may open it"
        errors={fieldOf("access").errors}
        errorId="learning-access-error"
      >
        <label className="checkbox">
          <input type="radio" name="access" value="perk" defaultChecked={values.access !== "all"} />{" "}
          {LEARNING_COPY.accessPerk}
        </label>
        <label className="checkbox">
          <input type="radio" name="access" value="all" defaultChecked={values.access === "all"} />{" "}
          {LEARNING_COPY.accessAll}
        </label>
      </FieldsetField>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {intent === "create" ? LEARNING_COPY.create : LEARNING_COPY.save}
        </button>
      </div>
    </Form>
  );
}
