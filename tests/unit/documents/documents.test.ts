import { describe, expect, it } from "vitest";
import { formatFileSize } from "~/lib/shared/numbers";
import { DOCUMENT_COPY } from "~/lib/documents/document-copy";
import { DocumentIntentSchema, DocumentUploadSchema } from "~/lib/documents/document-schemas";
import {
  documentsHref,
  fileSource,
  filterDocuments,
  fitsQuota,
  folderNames,
  groupDocuments,
  isDocumentIntent,
  newestDocuments,
  normalizeFolder,
  parseDocumentQuery,
  renamedFileName,
  storageUsage,
  type DocumentRow,
} from "~/lib/documents/document-rules";
import { PLANS } from "~/lib/payments/plans";

function row(overrides: Partial<DocumentRow> & Pick<DocumentRow, "key" | "name" | "createdAt">): DocumentRow {
  return {
    source: "company",
    sourceLabel: "Company upload",
    sourceHref: "/features?focus=Documents",
    uploadedBy: "Dana Reyes",
    sizeBytes: 1000,
    downloadHref: `/api/file-handling/get-file/${overrides.key}.pdf`,
    fileId: overrides.key,
    folder: null,
    sharedWith: null,
    ...overrides,
  };
}

const rows: DocumentRow[] = [
  row({ key: "a", name: "Invoices 2026.pdf", createdAt: "2026-03-01T00:00:00.000Z", folder: "Finance" }),
  row({ key: "b", name: "lease contract.pdf", createdAt: "2026-05-01T00:00:00.000Z", folder: "Legal" }),
  row({ key: "c", name: "Invoice template.xlsx", createdAt: "2026-04-01T00:00:00.000Z", folder: "Finance" }),
  row({ key: "d", name: "Org chart.pdf", createdAt: "2026-06-01T00:00:00.000Z", source: "match", fileId: null }),
  row({ key: "e", name: "Report", createdAt: "2026-01-01T00:00:00.000Z", source: "report", downloadHref: null }),
];
const keys = (list: DocumentRow[]) => list.map((r) => r.key);

describe("document sources", () => {
  const file = {
    purpose: "other" as const,
    insightRequestId: null,
    matchRequestId: null,
    deliveryItemId: null,
    threadMessageId: null,
  };
  it("puts a company document in its group even when shared, and a request file by its link", () => {
    expect(fileSource({ ...file, purpose: "company_document", matchRequestId: "m" })).toBe("company");
    expect(fileSource({ ...file, purpose: "delivery_item", deliveryItemId: "i", matchRequestId: "m" })).toBe(
      "deliverable",
    );
    expect(fileSource({ ...file, purpose: "match_request", matchRequestId: "m" })).toBe("match");
    expect(fileSource({ ...file, purpose: "insight_request", insightRequestId: "i" })).toBe("insight");
    // A message's file sits under the match its conversation is about.
    expect(fileSource({ ...file, purpose: "thread_message", threadMessageId: "t" })).toBe("match");
    expect(fileSource({ ...file, purpose: "thread_message" })).toBeNull();
    expect(fileSource(file)).toBeNull();
  });

  it("groups in the hub's order, every group present", () => {
    const groups = groupDocuments(rows);
    expect(groups.map((g) => g.source)).toEqual([
      "company",
      "insight",
      "match",
      "deliverable",
      "sow",
      "report",
      // The monthly statements, made on demand (docs/decisions/081).
      "statement",
    ]);
    expect(keys(groups[0]!.rows)).toEqual(["a", "b", "c"]);
    expect(groups[1]!.rows).toEqual([]);
  });
});

describe("the hub's query", () => {
  it("reads q, sort and folder, falling back to defaults", () => {
    expect(parseDocumentQuery(new URLSearchParams("q=%20inv%20&sort=name&folder=%20Fin%20%20ance "))).toEqual({
      q: "inv",
      sort: "name",
      folder: "Fin ance",
    });
    expect(parseDocumentQuery(new URLSearchParams("sort=sideways"))).toEqual({ q: "", sort: "newest", folder: "" });
    expect(parseDocumentQuery(new URLSearchParams(`q=${"x".repeat(300)}`)).q).toHaveLength(100);
    expect(documentsHref()).toBe("/features?focus=Documents");
    expect(documentsHref({ q: "a b", sort: "oldest", folder: "Legal" })).toBe(
      "/features?focus=Documents&q=a+b&sort=oldest&folder=Legal",
    );
  });

  it("searches names in any case, filters company documents by folder and sorts", () => {
    expect(keys(filterDocuments(rows, { q: "INVOICE", sort: "newest", folder: "" }))).toEqual(["c", "a"]);
    expect(keys(filterDocuments(rows, { q: "", sort: "oldest", folder: "" }))).toEqual(["e", "a", "c", "b", "d"]);
    expect(keys(filterDocuments(rows, { q: "", sort: "name", folder: "" }))).toEqual(["c", "a", "b", "d", "e"]);
    expect(keys(filterDocuments(rows, { q: "", sort: "newest", folder: "Finance" }))).toEqual(["c", "a"]);
    expect(folderNames(rows)).toEqual(["Finance", "Legal"]);
    expect(keys(newestDocuments(rows))).toEqual(["d", "b", "c"]);
  });
});

describe("storage quota", () => {
  it("gives each plan its quota, shown with the one size format", () => {
    expect(PLANS.BASIC.storageQuotaBytes).toBe(1_000_000_000);
    expect(PLANS.STANDARD.storageQuotaBytes).toBe(10_000_000_000);
    expect(PLANS.PREMIUM.storageQuotaBytes).toBe(50_000_000_000);
    expect(formatFileSize(1_000_000_000)).toBe("1 GB");
    expect(formatFileSize(999_999_999)).toBe("1 GB");
    expect(DOCUMENT_COPY.storageUsed(formatFileSize(2_400), formatFileSize(PLANS.BASIC.storageQuotaBytes))).toBe(
      "2.4 KB of 1 GB used",
    );
  });

  it("measures usage and whether an upload fits", () => {
    expect(storageUsage(250, 1000)).toEqual({ usedBytes: 250, quotaBytes: 1000, percent: 25, full: false });
    expect(storageUsage(1500, 1000)).toEqual({ usedBytes: 1500, quotaBytes: 1000, percent: 100, full: true });
    expect(fitsQuota(900, 100, 1000)).toBe(true);
    expect(fitsQuota(900, 101, 1000)).toBe(false);
  });
});

describe("names and folders", () => {
  it("keeps the extension on rename and makes the name safe", () => {
    expect(renamedFileName("Board pack", "Q3.pdf")).toBe("Board pack.pdf");
    expect(renamedFileName("Board pack.PDF", "Q3.pdf")).toBe("Board pack.pdf");
    expect(renamedFileName("Board pack.docx", "Q3.pdf")).toBe("Board pack.docx.pdf");
    expect(renamedFileName("../../etc/passwd", "Q3.pdf")).toBe("passwd.pdf");
    expect(renamedFileName("a\u202Egnp.exe", "Q3.pdf")).toBe("agnp.exe.pdf");
    expect(renamedFileName("x".repeat(400), "Q3.pdf")).toHaveLength(150);
  });

  it("normalizes folders", () => {
    expect(normalizeFolder("  Brand   assets ")).toBe("Brand assets");
    expect(normalizeFolder("   ")).toBeNull();
  });

  it("parses the forms and refuses anything else", () => {
    const fileId = "6f1c1a52-43a4-4a0c-9a52-0f5d3c0a9e11";
    expect(DocumentIntentSchema.parse({ intent: "document-move", fileId, folder: " Legal " })).toEqual({
      intent: "document-move",
      fileId,
      folder: "Legal",
    });
    expect(DocumentIntentSchema.parse({ intent: "document-move", fileId })).toMatchObject({ folder: null });
    expect(DocumentIntentSchema.safeParse({ intent: "document-rename", fileId, name: " " }).success).toBe(false);
    expect(DocumentIntentSchema.safeParse({ intent: "document-delete", fileId: "1; DROP" }).success).toBe(false);
    expect(DocumentIntentSchema.safeParse({ intent: "document-explode", fileId }).success).toBe(false);
    expect(DocumentUploadSchema.safeParse({ intent: "document-upload", folder: "f".repeat(121) }).success).toBe(false);
    expect(isDocumentIntent("document-share")).toBe(true);
    expect(isDocumentIntent("pay")).toBe(false);
  });
});
