/**
 * The documents shared with a match or engagement, as the consultant's Documents page and the
 * manager's match and engagement pages list them: one row per file, in one order, with one set of
 * texts. Pure; app/server/files/shared-documents.server.ts loads the rows.
 */
import { formatFileSize } from "~/lib/shared/numbers";
import { attachmentPath } from "~/lib/conversations/thread-copy";
import { fileDownloadHref } from "~/lib/files/listed-file";
import { sowPdfPath } from "~/lib/engagements/engagement-paths";
import { storedFileName } from "~/lib/files/listed-file";
import { formatDate, isoDateTime } from "~/lib/shared/dates";
import { fullName } from "~/lib/shared/format";

/** Where a shared document comes from, in the order the list shows them. */
export const SHARED_DOCUMENT_SOURCES = ["request", "shared", "deliverable", "statement", "message"] as const;
export type SharedDocumentSource = (typeof SHARED_DOCUMENT_SOURCES)[number];

export const SHARED_DOCUMENTS_COPY = {
  heading: "Documents",
  pageTitle: "Documents",
  pageIntro:
    "The documents businesses shared with the requests you are a candidate on or matched to, what you delivered, the signed statements of work and the files attached to messages.",
  none: "No documents are shared with this match yet.",
  noneAtAll: "No documents are shared with you yet.",
  hiddenUntilAssigned: (count: number) =>
    `${count === 1 ? "1 document is" : `${count} documents are`} shared with this match. Assign the request to yourself to see them.`,
  columns: { name: "Name", source: "Source", addedBy: "Added by", date: "Date", size: "Size", download: "Download" },
  sources: {
    request: "Match request",
    shared: "Shared by the business",
    deliverable: (item: string) => `Deliverable: ${item}`,
    statement: (version: number) => `Signed statement of work, version ${version}`,
    message: "Attached to a message",
  },
  statementName: (version: number) => `statement-of-work-v${version}.pdf`,
  unknownPerson: "A former user",
  download: "Download",
  downloadLabel: (name: string) => `Download ${name}`,
  openMatch: "Open the candidacy",
  openEngagement: "Open the engagement",
  groupLabel: (business: string, area: string) => `${business} · ${area}`,
  navLabel: "Documents",
} as const;

/** One listed document: everything a row shows, ready to render. */
export type SharedDocument = {
  /** Unique within a list: the stored file name, or `sow-<outlineId>-<version>`. */
  key: string;
  name: string;
  source: SharedDocumentSource;
  sourceLabel: string;
  addedBy: string;
  date: string;
  dateIso: string;
  size: string;
  href: string;
  /** For sorting only. */
  at: number;
};

type Person = { firstName: string | null; lastName: string | null };

const personOrUnknown = (person: Person) =>
  fullName(person.firstName, person.lastName) || SHARED_DOCUMENTS_COPY.unknownPerson;

/** A file row linked to the match request: the request's own attachment, or a document the business shared later. */
export function requestDocument(
  row: { r2Key: string; originalName: string; sizeBytes: number; purpose: string; createdAt: Date } & Person,
): SharedDocument {
  const source: SharedDocumentSource = row.purpose === "match_request" ? "request" : "shared";
  return fileDocument(row, source, SHARED_DOCUMENTS_COPY.sources[source]);
}

/** A file the consultant delivered for one item of the engagement. */
export function deliverableDocument(
  row: { r2Key: string; originalName: string; sizeBytes: number; createdAt: Date; itemTitle: string } & Person,
): SharedDocument {
  return fileDocument(row, "deliverable", SHARED_DOCUMENTS_COPY.sources.deliverable(row.itemTitle));
}

/** A file attached to a message of the match's conversation, downloaded through its thread. */
export function messageDocument(
  row: { r2Key: string; originalName: string; sizeBytes: number; createdAt: Date; threadId: string } & Person,
): SharedDocument {
  const href = attachmentPath(row.threadId, storedFileName(row.r2Key));
  return fileDocument(row, "message", SHARED_DOCUMENTS_COPY.sources.message, href);
}

function fileDocument(
  row: { r2Key: string; originalName: string; sizeBytes: number; createdAt: Date } & Person,
  source: SharedDocumentSource,
  sourceLabel: string,
  href?: string,
): SharedDocument {
  const fileName = storedFileName(row.r2Key);
  return {
    key: fileName,
    name: row.originalName,
    source,
    sourceLabel,
    addedBy: personOrUnknown(row),
    date: formatDate(row.createdAt),
    dateIso: isoDateTime(row.createdAt),
    size: formatFileSize(row.sizeBytes),
    href: href ?? fileDownloadHref(fileName),
    at: row.createdAt.getTime(),
  };
}

/** A signed statement of work: the PDF made at signing, "added" by the person who signed it. */
export function statementDocument(row: {
  outlineId: string;
  version: number;
  signerName: string;
  signedAt: Date;
  size: number;
}): SharedDocument {
  return {
    key: `sow-${row.outlineId}-${row.version}`,
    name: SHARED_DOCUMENTS_COPY.statementName(row.version),
    source: "statement",
    sourceLabel: SHARED_DOCUMENTS_COPY.sources.statement(row.version),
    addedBy: row.signerName || SHARED_DOCUMENTS_COPY.unknownPerson,
    date: formatDate(row.signedAt),
    dateIso: isoDateTime(row.signedAt),
    size: formatFileSize(row.size),
    href: sowPdfPath(row.outlineId, row.version),
    at: row.signedAt.getTime(),
  };
}

/** Request files, shared documents, deliverables, then statements; newest first within each; ties by name. */
export function sortSharedDocuments(documents: readonly SharedDocument[]): SharedDocument[] {
  const rank = (source: SharedDocumentSource) => SHARED_DOCUMENT_SOURCES.indexOf(source);
  return [...documents].sort(
    (a, b) =>
      rank(a.source) - rank(b.source) || b.at - a.at || a.name.localeCompare(b.name) || a.key.localeCompare(b.key),
  );
}
