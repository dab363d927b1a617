import { describe, expect, it } from "vitest";
import {
  acceptedExtension,
  contentDisposition,
  contentMatchesExtension,
  FILE_ADDED_MESSAGE,
  FILE_REJECTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  fileExtension,
  isStoredFileName,
  MAX_FILE_BYTES,
  MAX_UPLOAD_REQUEST_BYTES,
  sanitizeFileName,
} from "~/lib/file-rules";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const PDF = text("%PDF-1.7\n%âãÏÓ\n");
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const OLE2 = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0);
const MZ = text("MZ\x90\x00\x03\x00\x00\x00");

/** A ZIP local file header for an uncompressed first entry `name` holding `data`. */
function zipWithFirstEntry(name: string, data: string, method = 0): Uint8Array {
  const nameBytes = text(name);
  const dataBytes = text(data);
  const header = new Uint8Array(30);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(8, method, true);
  view.setUint32(18, dataBytes.length, true);
  view.setUint32(22, dataBytes.length, true);
  view.setUint16(26, nameBytes.length, true);
  view.setUint16(28, 0, true);
  return concat(header, nameBytes, dataBytes);
}

describe("texts and limits", () => {
  it("uses the spec §5 texts with the misspellings fixed", () => {
    expect(FILE_TOO_LARGE_MESSAGE).toBe("This file is too large. Maximum file size is 16MB.");
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

describe("magic bytes", () => {
  it("pdf needs %PDF-", () => {
    expect(contentMatchesExtension("pdf", PDF)).toBe(true);
    expect(contentMatchesExtension("pdf", text("<html><body>%PDF-</body></html>"))).toBe(false);
    expect(contentMatchesExtension("pdf", MZ)).toBe(false);
    expect(contentMatchesExtension("pdf", text("%PDF"))).toBe(false);
  });

  it("png needs the 8-byte signature", () => {
    expect(contentMatchesExtension("png", PNG)).toBe(true);
    expect(contentMatchesExtension("png", PNG.subarray(0, 7))).toBe(false);
    expect(contentMatchesExtension("png", JPEG)).toBe(false);
  });

  it("jpg and jpeg need FF D8 FF", () => {
    expect(contentMatchesExtension("jpg", JPEG)).toBe(true);
    expect(contentMatchesExtension("jpeg", JPEG)).toBe(true);
    expect(contentMatchesExtension("jpg", PNG)).toBe(false);
    expect(contentMatchesExtension("jpg", bytes(0xff, 0xd8))).toBe(false);
  });

  it("doc and xls need the OLE2 header", () => {
    expect(contentMatchesExtension("doc", OLE2)).toBe(true);
    expect(contentMatchesExtension("xls", OLE2)).toBe(true);
    expect(contentMatchesExtension("doc", zipWithFirstEntry("[Content_Types].xml", "<Types/>"))).toBe(false);
    expect(contentMatchesExtension("xls", MZ)).toBe(false);
  });

  it("docx and xlsx need a ZIP header", () => {
    const ooxml = zipWithFirstEntry("[Content_Types].xml", "<Types/>");
    expect(contentMatchesExtension("docx", ooxml)).toBe(true);
    expect(contentMatchesExtension("xlsx", ooxml)).toBe(true);
    expect(contentMatchesExtension("docx", OLE2)).toBe(false);
    expect(contentMatchesExtension("xlsx", text("PK\x05\x06"))).toBe(false); // empty-archive record
  });

  it("odt, ods and odg need a ZIP whose mimetype entry, when present, names their type", () => {
    const odt = zipWithFirstEntry("mimetype", "application/vnd.oasis.opendocument.text");
    const ods = zipWithFirstEntry("mimetype", "application/vnd.oasis.opendocument.spreadsheet");
    const odg = zipWithFirstEntry("mimetype", "application/vnd.oasis.opendocument.graphics");
    expect(contentMatchesExtension("odt", odt)).toBe(true);
    expect(contentMatchesExtension("ods", ods)).toBe(true);
    expect(contentMatchesExtension("odg", odg)).toBe(true);
    expect(contentMatchesExtension("odt", ods)).toBe(false);
    expect(contentMatchesExtension("ods", odg)).toBe(false);
    expect(contentMatchesExtension("odt", zipWithFirstEntry("mimetype", "application/epub+zip"))).toBe(false);
    // A compressed mimetype entry cannot be read as the standard requires.
    expect(contentMatchesExtension("odt", zipWithFirstEntry("mimetype", "application/vnd.oasis.opendocument.text", 8))).toBe(false);
    // Without a mimetype entry first, any ZIP is accepted.
    expect(contentMatchesExtension("odg", zipWithFirstEntry("content.xml", "<x/>"))).toBe(true);
    // A truncated header is not a document.
    expect(contentMatchesExtension("odt", odt.subarray(0, 20))).toBe(false);
    expect(contentMatchesExtension("odt", odt.subarray(0, 50))).toBe(false);
    expect(contentMatchesExtension("ods", OLE2)).toBe(false);
  });

  it("csv needs UTF-8 text without NUL that is not markup", () => {
    expect(contentMatchesExtension("csv", text("month,revenue\n2026-01,1200\n"))).toBe(true);
    expect(contentMatchesExtension("csv", text("\uFEFFname,city\nDana,Portland\n"))).toBe(true);
    expect(contentMatchesExtension("csv", text("café,naïve\n"))).toBe(true);
    expect(contentMatchesExtension("csv", text("<html><script>alert(1)</script></html>"))).toBe(false);
    expect(contentMatchesExtension("csv", text("  \n<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe(false);
    expect(contentMatchesExtension("csv", text("\uFEFF<!doctype html>"))).toBe(false);
    expect(contentMatchesExtension("csv", text("a,b\u0000c"))).toBe(false);
    expect(contentMatchesExtension("csv", bytes(0x61, 0x2c, 0xff, 0xfe))).toBe(false); // not UTF-8
    expect(contentMatchesExtension("csv", MZ)).toBe(false);
  });

  it("empty files never match", () => {
    for (const ext of ["pdf", "png", "jpg", "doc", "docx", "odt", "csv"] as const) {
      expect(contentMatchesExtension(ext, new Uint8Array(0))).toBe(false);
    }
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
