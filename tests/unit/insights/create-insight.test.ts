import { describe, expect, it } from "vitest";
import { addedMessage, FILE_ACCEPT, fileProblem, partitionFiles } from "~/components/files/file-check";
import { formatFileSize } from "~/lib/shared/numbers";
import { stepImageFor } from "~/components/insights/create-insight/step-bar";
import { formatMoney } from "~/lib/shared/numbers";
import {
  CategoryPageSchema,
  OverviewPageSchema,
  pageForErrors,
  parsePage,
  schemaForPage,
} from "~/components/insights/create-insight/wizard-data";
import {
  ACCEPTED_EXTENSIONS,
  FILE_ADDED_MESSAGE,
  FILE_REJECTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILES_ADDED_MESSAGE,
  MAX_FILE_BYTES,
} from "~/lib/files/file-rules";
import { InsightRequestFormSchema, SELECT_BUSINESS_AREA_MESSAGE } from "~/lib/insights/insight-schemas";
import { INSIGHT_PRICE_CENTS } from "~/lib/payments/plans";

describe("file checks in the browser (same rules as the server)", () => {
  it("accepts every accepted type up to exactly 16,000,000 bytes, any letter case", () => {
    for (const ext of ACCEPTED_EXTENSIONS)
      expect(fileProblem({ name: `report.${ext}`, size: MAX_FILE_BYTES })).toBeNull();
    expect(fileProblem({ name: "Scan.PDF", size: 10 })).toBeNull();
  });

  it("refuses one byte over the limit with the spec's text", () => {
    expect(fileProblem({ name: "big.pdf", size: MAX_FILE_BYTES + 1 })).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it("refuses other types, SVG, HTML and names without an extension with the rejection text", () => {
    for (const name of ["notes.exe", "logo.svg", "page.html", "README", "archive.pdf.exe", ".pdf"]) {
      expect(fileProblem({ name, size: 10 })).toBe(FILE_REJECTED_MESSAGE);
    }
  });

  it("checks the type before the size, like the server", () => {
    expect(fileProblem({ name: "huge.exe", size: MAX_FILE_BYTES + 1 })).toBe(FILE_REJECTED_MESSAGE);
  });

  it("splits a selection into uploadable files and the first refusal", () => {
    const files = [
      { name: "a.pdf", size: 1 },
      { name: "b.exe", size: 1 },
      { name: "c.csv", size: MAX_FILE_BYTES + 1 },
      { name: "d.png", size: 2 },
    ];
    expect(partitionFiles(files)).toEqual({ accepted: [files[0], files[3]], problem: FILE_REJECTED_MESSAGE });
    expect(partitionFiles([files[0]])).toEqual({ accepted: [files[0]], problem: null });
  });

  it("lists every accepted extension in the picker's accept attribute", () => {
    expect(FILE_ACCEPT.split(",")).toEqual(ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`));
    expect(FILE_ACCEPT).not.toContain("svg");
  });

  it("words the success text by count and sizes in decimal units", () => {
    expect(addedMessage(1)).toBe(FILE_ADDED_MESSAGE);
    expect(addedMessage(1)).toBe("Your file has been added!");
    expect(addedMessage(3)).toBe(FILES_ADDED_MESSAGE);
    expect(formatFileSize(999)).toBe("999 B");
    expect(formatFileSize(12_345)).toBe("12 KB");
    expect(formatFileSize(16_000_000)).toBe("16 MB");
  });
});

describe("the wizard's pages", () => {
  it("shows step 1, step 2, step 3 and complete for pages 1 to 4 (spec §2)", () => {
    expect([1, 2, 3, 4].map((page) => stepImageFor(page as 1 | 2 | 3 | 4))).toEqual([
      "step1",
      "step2",
      "step3",
      "complete",
    ]);
  });

  it("page 1 refuses the sentinel 86 and nothing chosen with 'Select a business area'", () => {
    for (const category of ["86", undefined, "", "astrology"]) {
      const result = CategoryPageSchema.safeParse({ category });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SELECT_BUSINESS_AREA_MESSAGE);
    }
    expect(CategoryPageSchema.parse({ category: "Operations" })).toEqual({ category: "operations" });
  });

  it("validates only the page's own fields until Submit", () => {
    expect(schemaForPage(1)).toBe(CategoryPageSchema);
    expect(schemaForPage(2)).toBe(OverviewPageSchema);
    expect(schemaForPage(3)).toBe(InsightRequestFormSchema);
  });

  it("sends the person to the page of the first field with an error", () => {
    expect(pageForErrors(["category", "issueDetails"])).toBe(1);
    expect(pageForErrors(["issueDetails"])).toBe(2);
    expect(pageForErrors(["files"])).toBe(3);
    expect(pageForErrors([])).toBe(3);
  });

  it("reads the posted page, defaulting to 1", () => {
    expect(parsePage("2")).toBe(2);
    expect(parsePage("3")).toBe(3);
    expect(parsePage("4")).toBe(1);
    expect(parsePage(null)).toBe(1);
  });

  it("shows the insight price as $495.00", () => {
    expect(formatMoney(INSIGHT_PRICE_CENTS)).toBe("$495.00");
  });
});
