/**
 * The Documents Hub (issue #16 item 1): every document of a business in one place, grouped by
 * source, and the business's own company documents (upload into folders, rename, move, delete,
 * share with one of its match requests). Every query takes the business from the session; a
 * change is one conditional UPDATE or DELETE on the business's own company document, so a replay,
 * another business's id or a request's file changes nothing. The files domain owns those rows and
 * answers each statement (app/server/files/file-rows.server.ts, ADR 057).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import {
  benchmarkReports,
  deliveryItems,
  deliveryOutlines,
  files,
  insightReports,
  insightRequests,
  matchRequests,
  sowSignatures,
  threadMessages,
  users,
} from "~db/schema";
import { DOCUMENT_COPY } from "~/lib/documents/document-copy";
import { DocumentIntentSchema, DocumentUploadSchema } from "~/lib/documents/document-schemas";
import {
  fileSource,
  filterDocuments,
  folderNames,
  groupDocuments,
  newestDocuments,
  renamedFileName,
  storageUsage,
  type DocumentGroup,
  type DocumentQuery,
  type DocumentRow,
  type StorageUsage,
} from "~/lib/documents/document-rules";
import { businessEngagementPath, sowPdfPath } from "~/lib/engagements/engagement-paths";
import { storedFileName } from "~/lib/files/listed-file";
import { attachmentPath, threadPath } from "~/lib/conversations/thread-copy";
import { insightDiscoveryHref } from "~/lib/insights/insight-views";
import { PLANS } from "~/lib/payments/plans";
import { STATEMENT_COPY } from "~/lib/payouts/statement-copy";
import {
  businessStatementPath,
  businessStatementPdfPath,
  monthBounds,
  monthLabel,
  type StatementMonth,
} from "~/lib/payouts/statements";
import { listBusinessStatementMonths } from "~/server/payments/statements.server";
import { formatDate } from "~/lib/shared/dates";
import { categoryLabel, fullName } from "~/lib/shared/format";
import { uploadedFilesOf, uploadFiles, uploadRefusedMessage } from "~/server/files/files.server";
import {
  deleteCompanyDocument,
  moveCompanyDocument,
  renameCompanyDocument,
  shareCompanyDocument,
  unshareCompanyDocument,
} from "~/server/files/file-rows.server";
import type { ClientViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { threadsSeenBy } from "~/server/conversations/participation.server";
import { preparedRead, runReads } from "~db/prepared";

const FILE_DOWNLOAD = "/api/file-handling/get-file/";
const isCompanyDocument = eq(files.purpose, "company_document");

export type ShareOption = { id: string; label: string };

type HubData = { rows: DocumentRow[]; usedBytes: number; matches: ShareOption[] };

/** The business's files with who uploaded them and what they belong to. */
const documentFileRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({
      id: files.id,
      r2Key: files.r2Key,
      originalName: files.originalName,
      sizeBytes: files.sizeBytes,
      purpose: files.purpose,
      folder: files.folder,
      createdAt: files.createdAt,
      insightRequestId: files.insightRequestId,
      matchRequestId: files.matchRequestId,
      deliveryItemId: files.deliveryItemId,
      threadMessageId: files.threadMessageId,
      // A message's file: its thread, whether a manager hid the message, and the thread's match area.
      threadId: threadMessages.threadId,
      messageHidden: sql<boolean>`${threadMessages.hiddenAt} IS NOT NULL`.mapWith(Boolean).as("message_hidden"),
      threadCategory: sql<
        string | null
      >`(SELECT mr.category FROM match_candidates c JOIN match_requests mr ON mr.id = c.match_request_id WHERE c.id = ${threadMessages.threadId})`.as(
        "thread_category",
      ),
      firstName: users.firstName,
      lastName: users.lastName,
      // D1's batch answers rows keyed by column name: two `category` columns would collide.
      insightCategory: sql<string | null>`${insightRequests.category}`.as("insight_category"),
      matchCategory: sql<string | null>`${matchRequests.category}`.as("match_category"),
      itemTitle: deliveryItems.title,
      outlineId: deliveryItems.outlineId,
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedByUserId))
    .leftJoin(
      insightRequests,
      and(eq(insightRequests.id, files.insightRequestId), eq(insightRequests.businessId, p.businessId)),
    )
    .leftJoin(
      matchRequests,
      and(eq(matchRequests.id, files.matchRequestId), eq(matchRequests.businessId, p.businessId)),
    )
    .leftJoin(
      deliveryItems,
      and(eq(deliveryItems.id, files.deliveryItemId), eq(deliveryItems.businessId, p.businessId)),
    )
    .leftJoin(
      threadMessages,
      and(eq(threadMessages.id, files.threadMessageId), eq(threadMessages.businessId, p.businessId)),
    )
    // A message's file only from a thread the business takes part in (not before the consultant said yes).
    .where(
      and(
        eq(files.businessId, p.businessId),
        sql`(${files.threadMessageId} IS NULL OR ${threadMessages.threadId} IN ${threadsSeenBy(p.businessId)})`,
      ),
    )
    .prepare(),
);

/** The business's signed statements of work. */
const signedStatementRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({
      id: sowSignatures.id,
      outlineId: sowSignatures.outlineId,
      version: sowSignatures.outlineVersion,
      signerName: sowSignatures.signerName,
      signedAt: sowSignatures.signedAt,
      size: sowSignatures.pdfSize,
      title: deliveryOutlines.title,
    })
    .from(sowSignatures)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, sowSignatures.outlineId))
    .where(eq(sowSignatures.businessId, p.businessId))
    .prepare(),
);

/** The business's published insight reports. */
const publishedReportRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({
      id: insightReports.id,
      requestId: insightReports.insightRequestId,
      title: insightReports.title,
      publishedAt: insightReports.publishedAt,
      createdAt: insightReports.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(insightReports)
    .leftJoin(users, eq(users.id, insightReports.authorId))
    .where(and(eq(insightReports.businessId, p.businessId), eq(insightReports.status, "published")))
    .prepare(),
);

/** The business's newest benchmarking report. */
const newestBenchmarkRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({ id: benchmarkReports.id, period: benchmarkReports.period, createdAt: benchmarkReports.createdAt })
    .from(benchmarkReports)
    .where(eq(benchmarkReports.businessId, p.businessId))
    .orderBy(desc(benchmarkReports.createdAt))
    .limit(1)
    .prepare(),
);

/** The business's match requests, newest first (what a document can be shared with). */
const matchOptionRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({ id: matchRequests.id, category: matchRequests.category, createdAt: matchRequests.createdAt })
    .from(matchRequests)
    .where(eq(matchRequests.businessId, p.businessId))
    .orderBy(desc(matchRequests.createdAt))
    .prepare(),
);

/**
 * Every document row of the business, its storage used (every file row, also uploads not yet
 * sent with a request) and its match requests (the share targets): one db.batch.
 */
async function loadHubData(app: AppContext, businessId: string): Promise<HubData> {
  const [fileRows, sows, reports, benchmarks, matches] = await runReads(app.db, [
    documentFileRows(app.db, { businessId }),
    signedStatementRows(app.db, { businessId }),
    publishedReportRows(app.db, { businessId }),
    newestBenchmarkRows(app.db, { businessId }),
    matchOptionRows(app.db, { businessId }),
  ]);

  const shareOptions = matches.map((match) => ({
    id: match.id,
    label: DOCUMENT_COPY.matchOption(categoryLabel(match.category), formatDate(match.createdAt)),
  }));
  const matchLabels = new Map(shareOptions.map((option) => [option.id, option.label]));
  const rows: DocumentRow[] = [];
  let usedBytes = 0;
  for (const file of fileRows) {
    usedBytes += file.sizeBytes;
    const source = fileSource(file);
    if (!source) continue;
    const base = {
      key: file.id,
      source,
      name: file.originalName,
      uploadedBy: file.firstName ? fullName(file.firstName, file.lastName) : "",
      createdAt: file.createdAt.toISOString(),
      sizeBytes: file.sizeBytes,
      downloadHref: `${FILE_DOWNLOAD}${storedFileName(file.r2Key)}`,
      fileId: null,
      folder: null,
      sharedWith: null,
    } satisfies Omit<DocumentRow, "sourceLabel" | "sourceHref">;
    if (source === "company") {
      rows.push({
        ...base,
        sourceLabel: DOCUMENT_COPY.uploadedSource,
        sourceHref: "/features?focus=Documents",
        fileId: file.id,
        folder: file.folder,
        sharedWith:
          file.matchRequestId && matchLabels.has(file.matchRequestId)
            ? { matchId: file.matchRequestId, label: matchLabels.get(file.matchRequestId)! }
            : null,
      });
    } else if (source === "deliverable") {
      rows.push({
        ...base,
        sourceLabel: DOCUMENT_COPY.deliverableSource(file.itemTitle ?? DOCUMENT_COPY.untitledEngagement),
        sourceHref: file.outlineId
          ? `${businessEngagementPath(file.outlineId)}&tab=deliverables`
          : "/features?focus=Engagements",
      });
    } else if (source === "match" && file.threadId) {
      // A message's file is listed under its match, linked to its conversation (docs/decisions/076).
      if (file.messageHidden) continue;
      rows.push({
        ...base,
        sourceLabel: DOCUMENT_COPY.messageSource(categoryLabel(file.threadCategory ?? "unknown")),
        sourceHref: threadPath("business", file.threadId),
        downloadHref: attachmentPath(file.threadId, storedFileName(file.r2Key)),
      });
    } else if (source === "match") {
      rows.push({
        ...base,
        sourceLabel: DOCUMENT_COPY.matchSource(categoryLabel(file.matchCategory ?? "unknown")),
        sourceHref: `/features?focus=Matching&matchId=${encodeURIComponent(file.matchRequestId ?? "")}`,
      });
    } else {
      rows.push({
        ...base,
        sourceLabel: DOCUMENT_COPY.insightSource(categoryLabel(file.insightCategory ?? "")),
        sourceHref: "/features?focus=Insights",
      });
    }
  }
  for (const sow of sows) {
    rows.push({
      key: `sow-${sow.id}`,
      source: "sow",
      name: DOCUMENT_COPY.sowName(sow.title || DOCUMENT_COPY.untitledEngagement, sow.version),
      sourceLabel: DOCUMENT_COPY.sowSource,
      sourceHref: businessEngagementPath(sow.outlineId),
      uploadedBy: sow.signerName,
      createdAt: sow.signedAt.toISOString(),
      sizeBytes: sow.size,
      downloadHref: sowPdfPath(sow.outlineId, sow.version),
      fileId: null,
      folder: null,
      sharedWith: null,
    });
  }
  for (const report of reports) {
    rows.push({
      key: `report-${report.id}`,
      source: "report",
      name: report.title,
      sourceLabel: DOCUMENT_COPY.insightReportSource,
      sourceHref: insightDiscoveryHref("REPORT", report.requestId),
      uploadedBy: report.firstName ? fullName(report.firstName, report.lastName) : "",
      createdAt: (report.publishedAt ?? report.createdAt).toISOString(),
      sizeBytes: null,
      downloadHref: null,
      fileId: null,
      folder: null,
      sharedWith: null,
    });
  }
  for (const benchmark of benchmarks) {
    rows.push({
      key: `benchmarking-${benchmark.id}`,
      source: "report",
      name: DOCUMENT_COPY.benchmarkingName(benchmark.period),
      sourceLabel: DOCUMENT_COPY.benchmarkingSource,
      sourceHref: "/benchmarking",
      uploadedBy: "",
      createdAt: benchmark.createdAt.toISOString(),
      sizeBytes: null,
      downloadHref: null,
      fileId: null,
      folder: null,
      sharedWith: null,
    });
  }
  return {
    rows,
    usedBytes,
    matches: shareOptions,
  };
}

export type DocumentsHub = {
  query: DocumentQuery;
  groups: DocumentGroup[];
  folders: string[];
  total: number;
  shown: number;
  storage: StorageUsage;
  matches: ShareOption[];
};

/** A month's statement as a document of the hub: its page, and its PDF to download. */
function statementRow(month: StatementMonth): DocumentRow {
  return {
    key: `statement-${month}`,
    source: "statement",
    name: STATEMENT_COPY.hubName(monthLabel(month)),
    sourceLabel: STATEMENT_COPY.hubSource,
    sourceHref: businessStatementPath(month),
    uploadedBy: "",
    // Dated at the month's end: the statement is complete from then on.
    createdAt: new Date(monthBounds(month).end.getTime() - 1).toISOString(),
    sizeBytes: null,
    downloadHref: businessStatementPdfPath(month),
    fileId: null,
    folder: null,
    sharedWith: null,
  };
}

/** The hub for /features?focus=Documents: one db.batch after the session. */
export async function loadDocumentsHub(
  app: AppContext,
  viewer: ClientViewer,
  query: DocumentQuery,
): Promise<DocumentsHub> {
  // The monthly statements (docs/decisions/081), made on demand from the money rows: in parallel.
  const [data, statementMonths] = await Promise.all([
    loadHubData(app, viewer.business.id),
    listBusinessStatementMonths(app, viewer.business.id),
  ]);
  data.rows.push(...statementMonths.map(statementRow));
  const shown = filterDocuments(data.rows, query);
  return {
    query,
    groups: groupDocuments(shown),
    folders: folderNames(data.rows),
    total: data.rows.length,
    shown: shown.length,
    storage: storageUsage(data.usedBytes, PLANS[viewer.business.memberTier].storageQuotaBytes),
    matches: data.matches,
  };
}

/** What the dashboard card shows of a document: its name, its date and where it opens. */
export type DocumentTeaser = Pick<DocumentRow, "key" | "name" | "createdAt" | "downloadHref" | "sourceHref">;

export type DocumentsSummary = { count: number; storage: StorageUsage; newest: DocumentTeaser[] };

/** The dashboard card: how many documents, the storage used and the three newest (one db.batch). */
export async function loadDocumentsSummary(app: AppContext, viewer: ClientViewer): Promise<DocumentsSummary> {
  const data = await loadHubData(app, viewer.business.id);
  return {
    count: data.rows.length,
    storage: storageUsage(data.usedBytes, PLANS[viewer.business.memberTier].storageQuotaBytes),
    newest: newestDocuments(data.rows, 3).map(({ key, name, createdAt, downloadHref, sourceHref }) => ({
      key,
      name,
      createdAt,
      downloadHref,
      sourceHref,
    })),
  };
}

// ------------------------------------------------------------------ changes

export type DocumentResult = { ok: true; msg: string } | { ok: false; status: number; msg: string };

const ownCompanyDocument = (businessId: string, fileId: string) =>
  and(eq(files.id, fileId), eq(files.businessId, businessId), isCompanyDocument);

/** Why a change found no company document: 409 for the business's request file, 404 for anything else. */
async function missing(app: AppContext, businessId: string, fileId: string): Promise<DocumentResult> {
  const row = await app.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.businessId, businessId)))
    .get();
  return row
    ? { ok: false, status: 409, msg: DOCUMENT_COPY.notCompanyDocument }
    : { ok: false, status: 404, msg: DOCUMENT_COPY.notFound };
}

/** Changes the shown name (the stored object and its extension stay). */
export async function renameDocument(
  app: AppContext,
  businessId: string,
  fileId: string,
  typed: string,
): Promise<DocumentResult> {
  const current = await app.db
    .select({ name: files.originalName })
    .from(files)
    .where(ownCompanyDocument(businessId, fileId))
    .get();
  if (!current) return missing(app, businessId, fileId);
  const name = renamedFileName(typed, current.name);
  await renameCompanyDocument(app.db, businessId, fileId, name);
  return { ok: true, msg: DOCUMENT_COPY.renamed };
}

export async function moveDocument(
  app: AppContext,
  businessId: string,
  fileId: string,
  folder: string | null,
): Promise<DocumentResult> {
  const rows = await moveCompanyDocument(app.db, businessId, fileId, folder);
  return rows.length > 0 ? { ok: true, msg: DOCUMENT_COPY.moved } : missing(app, businessId, fileId);
}

/** Deletes a company document (shared or not) and its R2 object; request and deliverable files stay. */
export async function deleteDocument(app: AppContext, businessId: string, fileId: string): Promise<DocumentResult> {
  const [removed] = await deleteCompanyDocument(app.db, businessId, fileId);
  if (!removed) return missing(app, businessId, fileId);
  await app.files
    .delete(removed.r2Key)
    .catch((error: unknown) => console.error(`R2 delete of ${removed.r2Key} failed`, error));
  return { ok: true, msg: DOCUMENT_COPY.removed };
}

/**
 * Shares a company document with one of the business's own match requests (sets its
 * match_request_id, which getAssignedFile and getCandidateFile authorise by); sharing again is a no-op.
 */
export async function shareDocument(
  app: AppContext,
  businessId: string,
  fileId: string,
  matchId: string,
): Promise<DocumentResult> {
  const ownMatch = sql`EXISTS (SELECT 1 FROM match_requests m WHERE m.id = ${matchId} AND m.business_id = ${businessId})`;
  const rows = await shareCompanyDocument(app.db, businessId, fileId, matchId, ownMatch);
  if (rows.length > 0) return { ok: true, msg: DOCUMENT_COPY.shared };
  const result = await missing(app, businessId, fileId);
  // The document is the business's own company document: then the match was not.
  const isOwnDocument = await app.db
    .select({ id: files.id })
    .from(files)
    .where(ownCompanyDocument(businessId, fileId))
    .get();
  return isOwnDocument ? { ok: false, status: 404, msg: DOCUMENT_COPY.matchNotFound } : result;
}

export async function unshareDocument(app: AppContext, businessId: string, fileId: string): Promise<DocumentResult> {
  const rows = await unshareCompanyDocument(app.db, businessId, fileId);
  return rows.length > 0 ? { ok: true, msg: DOCUMENT_COPY.unshared } : missing(app, businessId, fileId);
}

// ------------------------------------------------------------------ the page action

export type DocumentsActionData = {
  intent: "documents";
  ok: boolean;
  msg: string;
  /**
   * Which form the answer belongs to, so its message shows there and nowhere else: the upload
   * form, one company document's forms (`fileId`), or the page (a post no form makes).
   */
  form: "upload" | "document" | "page";
  /** The document a row's form changed (its message shows beside it); null for the upload and bad posts. */
  fileId: string | null;
  errors: Record<string, string>;
};

/**
 * The hub's upload whose body could not be read (over the upload cap, or broken): the upload
 * form's own message, shown at that form, with the reader's status (413, 400).
 */
export function documentsUploadRefused(status: number): { data: DocumentsActionData; status: number } {
  const msg = uploadRefusedMessage(status);
  return {
    data: { intent: "documents", ok: false, msg, form: "upload", fileId: null, errors: { files: msg } },
    status,
  };
}

/**
 * The hub's forms on /features (intent=document-upload | document-rename | document-move |
 * document-delete | document-share | document-unshare). A wrong shape is a 400 with the form's
 * message; refusals keep their status (404, 409, 400 for the quota and the upload rules).
 */
export async function documentsAction(
  app: AppContext,
  viewer: ClientViewer,
  form: FormData,
): Promise<{ data: DocumentsActionData; status: number }> {
  const businessId = viewer.business.id;
  const reply = (
    result: DocumentResult,
    fileId: string | null,
    errors: Record<string, string> = {},
    form: DocumentsActionData["form"] = fileId === null ? "page" : "document",
  ) => ({
    data: { intent: "documents" as const, ok: result.ok, msg: result.msg, form, fileId, errors },
    status: result.ok ? 200 : result.status,
  });
  const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  if (fields.intent === "document-upload") {
    const parsed = DocumentUploadSchema.safeParse(fields);
    if (!parsed.success) {
      return reply(
        { ok: false, status: 400, msg: DOCUMENT_COPY.folderInvalid },
        null,
        { folder: DOCUMENT_COPY.folderInvalid },
        "upload",
      );
    }
    const result = await uploadFiles(app, viewer, {
      files: uploadedFilesOf(form),
      purpose: "company_document",
      folder: parsed.data.folder,
    });
    return result.ok
      ? reply({ ok: true, msg: DOCUMENT_COPY.uploaded(result.files.length) }, null, {}, "upload")
      : reply(result, null, { files: result.msg }, "upload");
  }
  const parsed = DocumentIntentSchema.safeParse(fields);
  if (!parsed.success) {
    const fileId = typeof fields.fileId === "string" && fields.fileId.length <= 80 ? fields.fileId : null;
    const field = parsed.error.issues[0]?.path[0];
    const msg =
      field === "name"
        ? DOCUMENT_COPY.nameInvalid
        : field === "folder"
          ? DOCUMENT_COPY.folderInvalid
          : DOCUMENT_COPY.chooseAction;
    return reply({ ok: false, status: 400, msg }, fileId, typeof field === "string" ? { [field]: msg } : {});
  }
  const input = parsed.data;
  switch (input.intent) {
    case "document-rename":
      return reply(await renameDocument(app, businessId, input.fileId, input.name), input.fileId);
    case "document-move":
      return reply(await moveDocument(app, businessId, input.fileId, input.folder), input.fileId);
    case "document-delete":
      return reply(await deleteDocument(app, businessId, input.fileId), input.fileId);
    case "document-share":
      return reply(await shareDocument(app, businessId, input.fileId, input.matchId), input.fileId);
    case "document-unshare":
      return reply(await unshareDocument(app, businessId, input.fileId), input.fileId);
  }
}
