import * as z from "zod";
import { BUSINESS_AREAS, LEARNING_KINDS } from "~db/enums";
import { fileProblem } from "~/lib/files/file-rules";
import { LEARNING_FIELD_ERRORS } from "~/lib/learning/learning-copy";
import { fieldIssues, type FieldIssues } from "~/lib/shared/field-issues";

// ---------------------------------------------------------------- the manager's form

const trimmed = (max: number, message: string) => z.string().trim().max(max, message);

/** The console's create / edit form; what each kind needs is checked after the common fields. */
export const LearningFormSchema = z
  .object({
    kind: z.enum(LEARNING_KINDS, { message: LEARNING_FIELD_ERRORS.kind }),
    title: trimmed(120, LEARNING_FIELD_ERRORS.title).min(1, LEARNING_FIELD_ERRORS.title),
    summary: trimmed(300, LEARNING_FIELD_ERRORS.summary).default(""),
    area: z.enum(BUSINESS_AREAS, { message: LEARNING_FIELD_ERRORS.area }),
    bodyMarkdown: trimmed(20_000, LEARNING_FIELD_ERRORS.body).default(""),
    videoUrl: trimmed(500, LEARNING_FIELD_ERRORS.videoUrl).default(""),
    access: z.enum(["perk", "all"], { message: LEARNING_FIELD_ERRORS.access }),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "article" && value.bodyMarkdown === "") {
      ctx.addIssue({ code: "custom", path: ["bodyMarkdown"], message: LEARNING_FIELD_ERRORS.body });
    }
    if (value.kind === "video" && !(/^https:\/\/[^\s]+$/.test(value.videoUrl) && URL.canParse(value.videoUrl))) {
      ctx.addIssue({ code: "custom", path: ["videoUrl"], message: LEARNING_FIELD_ERRORS.videoUrl });
    }
  });

export type LearningInput = z.infer<typeof LearningFormSchema>;

/** The form's text fields (the file is read apart). */
export function learningFormFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** The chosen file of a form, or null when none was chosen (a browser sends an empty, nameless part). */
export function chosenFile(form: FormData, name = "file"): File | null {
  const value = form.get(name);
  return value && typeof value !== "string" && (value.name !== "" || value.size > 0) ? value : null;
}

export type LearningFormReading =
  { ok: true; input: LearningInput; upload: File | null } | { ok: false; issues: FieldIssues };

/**
 * The console form read as both sides read it, in the server's words: the fields, then a
 * template's file (needed unless the item has one, `hasFile`; its type and size). Every problem is
 * reported at once. The server then checks an accepted upload's content (`readLearningSubmission`).
 * A file given for another kind is ignored.
 */
export function readLearningForm(form: FormData, { hasFile }: { hasFile: boolean }): LearningFormReading {
  const fields = learningFormFields(form);
  const parsed = LearningFormSchema.safeParse(fields);
  const issues = parsed.success ? {} : fieldIssues(parsed.error);
  const upload = fields.kind === "template" ? chosenFile(form) : null;
  if (fields.kind === "template") {
    const fileIssue = upload ? fileProblem(upload) : hasFile ? null : LEARNING_FIELD_ERRORS.file;
    if (fileIssue) issues.file = fileIssue;
  }
  if (!parsed.success || Object.keys(issues).length > 0) return { ok: false, issues };
  return { ok: true, input: parsed.data, upload };
}

/** The console form's problems as the browser finds them before posting (see readLearningForm). */
export function checkLearningForm(form: FormData, options: { hasFile: boolean }): FieldIssues {
  const read = readLearningForm(form, options);
  return read.ok ? {} : read.issues;
}
