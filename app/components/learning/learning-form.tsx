import { Form } from "@remix-run/react";
import { BUSINESS_AREAS, LEARNING_KINDS } from "~db/enums";
import { LEARNING_COPY, LEARNING_KIND_LABELS } from "~/lib/learning/learning-copy";
import { categoryLabel } from "~/lib/shared/format";

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

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

/**
 * The manager's create / edit form (a multipart POST: a template carries its file). Every kind's
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
  errors: Record<string, string>;
  busy: boolean;
  currentFile: string | null;
}) {
  const field = (name: keyof LearningFormValues | "file") => ({
    id: `learning-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `learning-${name}-error` : undefined,
  });
  return (
    <Form method="post" encType="multipart/form-data" className="stack learning-form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <div className="learning-form-row">
        <div className="field">
          <label htmlFor="learning-kind">Kind</label>
          <select className="input" defaultValue={values.kind} {...field("kind")}>
            {LEARNING_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {LEARNING_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <FieldError id="learning-kind-error" message={errors.kind} />
        </div>
        <div className="field">
          <label htmlFor="learning-area">Business area</label>
          <select className="input" defaultValue={values.area} {...field("area")}>
            {BUSINESS_AREAS.map((area) => (
              <option key={area} value={area}>
                {categoryLabel(area)}
              </option>
            ))}
          </select>
          <FieldError id="learning-area-error" message={errors.area} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="learning-title">Title</label>
        <input className="input" defaultValue={values.title} maxLength={120} {...field("title")} />
        <FieldError id="learning-title-error" message={errors.title} />
      </div>
      <div className="field">
        <label htmlFor="learning-summary">Summary</label>
        <textarea className="input" rows={2} maxLength={300} defaultValue={values.summary} {...field("summary")} />
        <FieldError id="learning-summary-error" message={errors.summary} />
      </div>
      <div className="field">
        <label htmlFor="learning-bodyMarkdown">Article text (Markdown, for articles)</label>
        <textarea className="input" rows={10} defaultValue={values.bodyMarkdown} {...field("bodyMarkdown")} />
        <p className="field-hint">
          Headings (#), **bold**, *italic*, lists (- or 1.), [links](https://…), `code`, ``` code blocks and &gt;
          quotes. HTML is shown as text.
        </p>
        <FieldError id="learning-bodyMarkdown-error" message={errors.bodyMarkdown} />
      </div>
      <div className="field">
        <label htmlFor="learning-videoUrl">Video address (https, for videos)</label>
        <input className="input" type="url" defaultValue={values.videoUrl} {...field("videoUrl")} />
        <FieldError id="learning-videoUrl-error" message={errors.videoUrl} />
      </div>
      <div className="field">
        <label htmlFor="learning-file">Template file (for templates)</label>
        <input className="input" type="file" {...field("file")} />
        {currentFile ? <p className="field-hint">{currentFile}</p> : null}
        <FieldError id="learning-file-error" message={errors.file} />
      </div>
      <fieldset
        className="field learning-form-access"
        aria-describedby={errors.access ? "learning-access-error" : undefined}
      >
        <legend>Who may open it</legend>
        <label className="checkbox">
          <input type="radio" name="access" value="perk" defaultChecked={values.access !== "all"} />{" "}
          {LEARNING_COPY.accessPerk}
        </label>
        <label className="checkbox">
          <input type="radio" name="access" value="all" defaultChecked={values.access === "all"} />{" "}
          {LEARNING_COPY.accessAll}
        </label>
        <FieldError id="learning-access-error" message={errors.access} />
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {intent === "create" ? LEARNING_COPY.create : LEARNING_COPY.save}
        </button>
      </div>
    </Form>
  );
}
