import { describe, expect, it } from "vitest";
import { exportExpiry, exportProgress, exportRow, fileEntryName, rowsCsv } from "~/lib/privacy/export-format";
import { EXPORT_STATUS_TEXTS, exportProgressText } from "~/lib/privacy/privacy-copy";

describe("an exported row", () => {
  it("leaves out secrets and writes times as ISO 8601", () => {
    expect(
      exportRow({
        id: "u1",
        password_hash: "x",
        refresh_token_ciphertext: "y",
        token_hash: "z",
        created_at: Date.UTC(2026, 10, 30, 1, 2, 3),
        finished_at: null,
        name: "Harbor & Pine",
      }),
    ).toEqual({ id: "u1", created_at: "2026-11-30T01:02:03.000Z", finished_at: null, name: "Harbor & Pine" });
  });
});

describe("the CSV of a table", () => {
  it("is RFC 4180 with a byte-order mark, the union of the columns, formulas made inert", () => {
    const csv = rowsCsv([
      { id: "1", note: 'said "hi", left' },
      { id: "2", extra: "=SUM(A1)", note: null },
    ]);
    expect(csv).toBe('\uFEFFid,note,extra\r\n1,"said ""hi"", left",\r\n2,,\'=SUM(A1)\r\n');
  });
  it("of no rows is an empty file with its mark", () => {
    expect(rowsCsv([])).toBe("\uFEFF\r\n");
  });
});

describe("a file's name in the ZIP", () => {
  it("is its key under files/, without the owner's prefix", () => {
    expect(fileEntryName("biz/b1/abc.pdf", "biz/b1/")).toBe("files/abc.pdf");
    expect(fileEntryName("sow/o1/v1-aa.pdf", "")).toBe("files/sow/o1/v1-aa.pdf");
  });
  it("cannot climb out of the folder or carry characters a file system refuses", () => {
    expect(fileEntryName("biz/b1/../../etc/passwd", "biz/b1/")).toBe("files/etc/passwd");
    expect(fileEntryName("biz/b1/a:b\u0001?.pdf", "biz/b1/")).toBe("files/a_b__.pdf");
    expect(fileEntryName("biz/b1/", "biz/b1/")).toBe("files/file");
  });
});

describe("the export's progress and expiry", () => {
  it("counts tables, then files, then the ZIP", () => {
    expect(exportProgress("tables")).toBe(20);
    expect(exportProgress("files", 0, 10)).toBe(20);
    expect(exportProgress("files", 5, 10)).toBe(55);
    expect(exportProgress("files", 10, 10)).toBe(90);
    expect(exportProgress("files", 0, 0)).toBe(90);
    expect(exportProgress("zip")).toBe(95);
  });
  it("says each status, with the percentage while it builds", () => {
    expect(exportProgressText("building", 42)).toBe("Building your export: 42%");
    expect(exportProgressText("queued", 0)).toBe(EXPORT_STATUS_TEXTS.queued);
    expect(exportProgressText("ready", 100)).toBe("Your export is ready.");
  });
  it("ends 7 days after it was ready", () => {
    expect(exportExpiry(new Date("2026-11-30T00:00:00Z"), 7).toISOString()).toBe("2026-12-07T00:00:00.000Z");
  });
});
