import { describe, expect, it } from "vitest";
import { FILE_REJECTED_MESSAGE, FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from "~/lib/files/file-rules";
import { LEARNING_FIELD_ERRORS } from "~/lib/learning/learning-copy";
import { checkLearningForm } from "~/lib/learning/learning-schemas";
import { form as fieldsForm } from "../../support/form";

const TEXT = { intent: "create", title: "Budget workbook", summary: "", area: "finance", access: "all" };

function form(fields: Record<string, string>, file?: File): FormData {
  const data = fieldsForm(fields);
  // A browser sends an empty, nameless part when no file is chosen.
  data.append("file", file ?? new File([], "", { type: "application/octet-stream" }));
  return data;
}

/** A file of `size` bytes without allocating them all. */
function fileOf(name: string, size: number): File {
  const file = new File(["x"], name);
  Object.defineProperty(file, "size", { value: size });
  return file;
}

describe("the console's learning form, as the browser checks it before posting", () => {
  it("asks an article for its text and a video for its https address, in the server's words", () => {
    expect(checkLearningForm(form({ ...TEXT, kind: "article", bodyMarkdown: "" }), { hasFile: false })).toEqual({
      bodyMarkdown: LEARNING_FIELD_ERRORS.body,
    });
    expect(
      checkLearningForm(form({ ...TEXT, kind: "video", videoUrl: "http://video.test/1" }), { hasFile: false }),
    ).toEqual({ videoUrl: LEARNING_FIELD_ERRORS.videoUrl });
    expect(checkLearningForm(form({ ...TEXT, kind: "article", bodyMarkdown: "# Hi" }), { hasFile: false })).toEqual({});
  });

  it("asks a new template for its file, but not one that already has a file", () => {
    expect(checkLearningForm(form({ ...TEXT, kind: "template" }), { hasFile: false })).toEqual({
      file: LEARNING_FIELD_ERRORS.file,
    });
    expect(checkLearningForm(form({ ...TEXT, kind: "template" }), { hasFile: true })).toEqual({});
  });

  it("refuses a template file of another type or over 16 MB before it is sent", () => {
    const kind = { ...TEXT, kind: "template" };
    expect(checkLearningForm(form(kind, fileOf("budget.exe", 10)), { hasFile: false })).toEqual({
      file: FILE_REJECTED_MESSAGE,
    });
    expect(checkLearningForm(form(kind, fileOf("budget.xlsx", MAX_FILE_BYTES + 1)), { hasFile: true })).toEqual({
      file: FILE_TOO_LARGE_MESSAGE,
    });
    expect(checkLearningForm(form(kind, fileOf("budget.xlsx", MAX_FILE_BYTES)), { hasFile: false })).toEqual({});
  });

  it("reports the fields' problems and the file's together, the title first", () => {
    const issues = checkLearningForm(form({ ...TEXT, title: "", kind: "template" }), { hasFile: false });
    expect(issues).toEqual({ title: LEARNING_FIELD_ERRORS.title, file: LEARNING_FIELD_ERRORS.file });
    expect(Object.keys(issues)[0]).toBe("title");
  });

  it("ignores a file given with another kind, as the server does", () => {
    expect(
      checkLearningForm(form({ ...TEXT, kind: "article", bodyMarkdown: "Text" }, fileOf("x.exe", 1)), {
        hasFile: false,
      }),
    ).toEqual({});
  });
});
