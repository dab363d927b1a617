import { describe, expect, it } from "vitest";
import {
  acceptedExtension,
  contentDisposition,
  FILE_ADDED_MESSAGE,
  FILE_REJECTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  fileExtension,
  fileProblem,
  isStoredFileName,
  MAX_FILE_BYTES,
  MAX_UPLOAD_REQUEST_BYTES,
  sanitizeFileName,
} from "~/lib/files/file-rules";

describe("texts and limits", () => {
  it("uses the spec §5 texts with the misspellings fixed", () => {
    expect(FILE_TOO_LARGE_MESSAGE).toBe("This file is too large. Maximum file size is 16 MB.");
    expect(FILE_REJECTED_MESSAGE).toBe(
      "File was not added. Accepted file types: .doc, .docx, .pdf, .xlsx, .csv, .odt, .ods, .odg, .png, & .jpg",
    );
    expect(FILE_ADDED_MESSAGE).toBe("Your file has been added!");
    expect(MAX_FILE_BYTES).toBe(16_000_000);
    expect(MAX_UPLOAD_REQUEST_BYTES).toBe(10 * 16_000_000 + 65_536);
  });
});

describe("extensions", () => {
  it("reads the lowercase extension of the last path segment", () => {
    expect(fileExtension("report.PDF")).toBe("pdf");
    expect(fileExtension("archive.tar.gz")).toBe("gz");
    expect(fileExtension("C:\\Users\\me\\plan.v2.docx")).toBe("docx");
    expect(fileExtension("dir.pdf/readme")).toBeNull();
    expect(fileExtension("README")).toBeNull();
    expect(fileExtension(".pdf")).toBeNull();
    expect(fileExtension("trailing.")).toBeNull();
  });

  it("accepts only the listed types", () => {
    for (const ext of ["pdf", "png", "jpg", "jpeg", "csv", "doc", "docx", "xls", "xlsx", "odt", "ods", "odg"]) {
      expect(acceptedExtension(`file.${ext.toUpperCase()}`)).toBe(ext);
    }
    for (const name of ["logo.svg", "page.html", "setup.exe", "notes.txt", "file.pdf.exe", "pdf", "x.constructor"]) {
      expect(acceptedExtension(name)).toBeNull();
    }
  });

  it("recognises stored names <uuid>.<ext> only", () => {
    expect(isStoredFileName("0b6f3c1e-4a8d-4a3f-9d55-1c2b3a4d5e6f.pdf")).toBe(true);
    expect(isStoredFileName("0b6f3c1e-4a8d-4a3f-9d55-1c2b3a4d5e6f.exe")).toBe(false);
    expect(isStoredFileName("0B6F3C1E-4A8D-4A3F-9D55-1C2B3A4D5E6F.pdf")).toBe(false);
    expect(isStoredFileName("../0b6f3c1e-4a8d-4a3f-9d55-1c2b3a4d5e6f.pdf")).toBe(false);
    expect(isStoredFileName("report.pdf")).toBe(false);
    expect(isStoredFileName("")).toBe(false);
  });
});

describe("file name sanitising", () => {
  it("keeps only the last path segment and drops control characters", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\dana\\Q3 report.pdf")).toBe("Q3 report.pdf");
    expect(sanitizeFileName("inv\u0000oice\r\n.pdf")).toBe("invoice.pdf");
    expect(sanitizeFileName("evil\u202Efdp.exe")).toBe("evilfdp.exe");
    expect(sanitizeFileName("  spaced.pdf  ")).toBe("spaced.pdf");
    expect(sanitizeFileName("Résumé – 2026.pdf")).toBe("Résumé – 2026.pdf");
  });

  it("never answers an empty name", () => {
    expect(sanitizeFileName("")).toBe("file");
    expect(sanitizeFileName("dir/")).toBe("file");
    expect(sanitizeFileName("\u0001\u0002")).toBe("file");
    expect(sanitizeFileName("..")).toBe("file");
  });

  it("shortens to 200 characters keeping the extension", () => {
    const long = `${"a".repeat(300)}.xlsx`;
    const result = sanitizeFileName(long);
    expect(result).toHaveLength(200);
    expect(result.endsWith(".xlsx")).toBe(true);
    expect(sanitizeFileName(`${"b".repeat(200)}`)).toHaveLength(200);
  });
});

describe("download disposition", () => {
  it("gives an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("report.pdf")).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition('Résumé "final" (1).pdf')).toBe(
      `attachment; filename="R_sum_ _final_ (1).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%281%29.pdf`,
    );
    expect(contentDisposition("a\\b\r\nc.pdf")).toBe(`attachment; filename="bc.pdf"; filename*=UTF-8''bc.pdf`);
  });
});

describe("fileProblem", () => {
  it("names a type that is not accepted before a size over the limit, in the upload's words", () => {
    expect(fileProblem({ name: "setup.exe", size: MAX_FILE_BYTES + 1 })).toBe(FILE_REJECTED_MESSAGE);
    expect(fileProblem({ name: "noextension", size: 1 })).toBe(FILE_REJECTED_MESSAGE);
    expect(fileProblem({ name: "Budget.XLSX", size: MAX_FILE_BYTES + 1 })).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(fileProblem({ name: "Budget.XLSX", size: MAX_FILE_BYTES })).toBeNull();
  });
});
