import { describe, expect, it } from "vitest";
import {
  deliverableDocument,
  requestDocument,
  SHARED_DOCUMENTS_COPY as COPY,
  sortSharedDocuments,
  statementDocument,
} from "~/lib/files/shared-documents";

const file = (overrides: Partial<Parameters<typeof requestDocument>[0]> = {}) => ({
  r2Key: "biz/b1/0f8fad5b-d9cb-469f-a165-70867728950e.pdf",
  originalName: "margins.pdf",
  sizeBytes: 2048,
  purpose: "match_request",
  createdAt: new Date("2026-11-20T10:00:00Z"),
  firstName: "Dana",
  lastName: "Reyes",
  ...overrides,
});

describe("shared documents", () => {
  it("makes a request file's row: stored name link, source, uploader, date, size", () => {
    expect(requestDocument(file())).toEqual({
      key: "0f8fad5b-d9cb-469f-a165-70867728950e.pdf",
      name: "margins.pdf",
      source: "request",
      sourceLabel: "Match request",
      addedBy: "Dana Reyes",
      date: "Nov 20, 2026",
      dateIso: "2026-11-20T10:00:00.000Z",
      size: "2 KB",
      href: "/api/file-handling/get-file/0f8fad5b-d9cb-469f-a165-70867728950e.pdf",
      at: Date.parse("2026-11-20T10:00:00Z"),
    });
  });

  it("calls any other file linked to the request a document the business shared, and names a former user", () => {
    const shared = requestDocument(file({ purpose: "company_document", firstName: null, lastName: null }));
    expect(shared.source).toBe("shared");
    expect(shared.sourceLabel).toBe("Shared by the business");
    expect(shared.addedBy).toBe(COPY.unknownPerson);
  });

  it("labels a deliverable with its item and a statement with its version and signer", () => {
    const { purpose: _purpose, ...rest } = file({ originalName: "report.csv", sizeBytes: 1_500_000 });
    void _purpose;
    const delivered = deliverableDocument({ ...rest, itemTitle: "Phase 1" });
    expect(delivered.sourceLabel).toBe("Deliverable: Phase 1");
    expect(delivered.size).toBe("1.5 MB");
    const statement = statementDocument({
      outlineId: "outline 1",
      version: 2,
      signerName: "Dana Reyes",
      signedAt: new Date("2026-11-21T15:00:00Z"),
      size: 512,
    });
    expect(statement).toMatchObject({
      key: "sow-outline 1-2",
      name: "statement-of-work-v2.pdf",
      sourceLabel: "Signed statement of work, version 2",
      addedBy: "Dana Reyes",
      date: "Nov 21, 2026",
      size: "512 B",
      href: "/engagements/outline%201/sow/2.pdf",
    });
  });

  it("orders by source (request, shared, deliverables, statements), newest first within one", () => {
    const older = requestDocument(file({ r2Key: "biz/b1/a.pdf", createdAt: new Date("2026-01-01") }));
    const newer = requestDocument(file({ r2Key: "biz/b1/b.pdf", createdAt: new Date("2026-02-01") }));
    const shared = requestDocument(
      file({ r2Key: "biz/b1/c.pdf", purpose: "other", createdAt: new Date("2026-03-01") }),
    );
    const statement = statementDocument({
      outlineId: "o",
      version: 1,
      signerName: "",
      signedAt: new Date("2025-01-01"),
      size: 1,
    });
    const sorted = sortSharedDocuments([statement, shared, older, newer]);
    expect(sorted.map((document) => document.key)).toEqual(["b.pdf", "a.pdf", "c.pdf", "sow-o-1"]);
    expect(statement.addedBy).toBe(COPY.unknownPerson);
  });
});
