import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  businesses,
  deliveryItems,
  deliveryOutlines,
  files,
  matchCandidates,
  matchRequests,
  sowSignatures,
  threadMessages,
  users,
} from "~db/schema";
import { consultantEngagementPath } from "~/lib/engagements/engagement-paths";
import { matchAreaLabel } from "~/lib/matching/match-console-schemas";
import {
  deliverableDocument,
  messageDocument,
  requestDocument,
  sortSharedDocuments,
  statementDocument,
  type SharedDocument,
} from "~/lib/files/shared-documents";
import type { AppContext } from "~/server/load-context";

/**
 * The documents shared with a match request or its engagement (issue #16 "The consultant and
 * manager see only the documents shared with their match or engagement"): the files linked to the
 * request (its attachments and the company documents the business shared with it), the files
 * delivered for the engagement's items and the signed statements of work. The lists link to the
 * existing downloads, which authorise every file again (getAssignedFile, getCandidateFile,
 * getSowPdf): a document is listed here only to someone those would serve it to.
 */

const uploader = alias(users, "uploader");

type Scope = {
  /** Which match requests' linked files are listed (a condition on match_requests). */
  requests: SQL | undefined;
  /** Which outlines' deliverables and signed statements are listed (a condition on delivery_outlines). */
  outlines: SQL | undefined;
  /** Which threads' message files are listed (a condition on match_candidates, the threads). */
  threads: SQL | undefined;
};

/**
 * Four statements of one batch: the files of the requests, the deliverables' files, the
 * statements, and the files attached to the threads' messages (not of a hidden message).
 */
function documentQueries(app: AppContext, scope: Scope) {
  const requestFiles = app.db
    .select({
      matchRequestId: matchRequests.id,
      r2Key: files.r2Key,
      originalName: files.originalName,
      sizeBytes: files.sizeBytes,
      purpose: files.purpose,
      createdAt: files.createdAt,
      firstName: uploader.firstName,
      lastName: uploader.lastName,
    })
    .from(matchRequests)
    // Only the request's own business's files, whatever a row links (as the downloads check).
    .innerJoin(files, and(eq(files.matchRequestId, matchRequests.id), eq(files.businessId, matchRequests.businessId)))
    .leftJoin(uploader, eq(uploader.id, files.uploadedByUserId))
    .where(scope.requests ?? sql`0`);
  const deliverableFiles = app.db
    .select({
      matchRequestId: deliveryOutlines.matchRequestId,
      r2Key: files.r2Key,
      originalName: files.originalName,
      sizeBytes: files.sizeBytes,
      createdAt: files.createdAt,
      itemTitle: deliveryItems.title,
      firstName: uploader.firstName,
      lastName: uploader.lastName,
    })
    .from(deliveryOutlines)
    .innerJoin(matchRequests, eq(matchRequests.id, deliveryOutlines.matchRequestId))
    .innerJoin(deliveryItems, eq(deliveryItems.outlineId, deliveryOutlines.id))
    .innerJoin(files, and(eq(files.deliveryItemId, deliveryItems.id), eq(files.businessId, matchRequests.businessId)))
    .leftJoin(uploader, eq(uploader.id, files.uploadedByUserId))
    .where(scope.outlines ?? sql`0`);
  const statements = app.db
    .select({
      matchRequestId: deliveryOutlines.matchRequestId,
      outlineId: sowSignatures.outlineId,
      version: sowSignatures.outlineVersion,
      signerName: sowSignatures.signerName,
      signedAt: sowSignatures.signedAt,
      size: sowSignatures.pdfSize,
    })
    .from(deliveryOutlines)
    .innerJoin(sowSignatures, eq(sowSignatures.outlineId, deliveryOutlines.id))
    .where(scope.outlines ?? sql`0`);
  const messageFiles = app.db
    .select({
      matchRequestId: matchCandidates.matchRequestId,
      threadId: threadMessages.threadId,
      r2Key: files.r2Key,
      originalName: files.originalName,
      sizeBytes: files.sizeBytes,
      createdAt: files.createdAt,
      firstName: uploader.firstName,
      lastName: uploader.lastName,
    })
    .from(matchCandidates)
    .innerJoin(threadMessages, eq(threadMessages.threadId, matchCandidates.id))
    .innerJoin(
      files,
      and(eq(files.threadMessageId, threadMessages.id), eq(files.businessId, matchCandidates.businessId)),
    )
    .leftJoin(uploader, eq(uploader.id, files.uploadedByUserId))
    .where(and(scope.threads ?? sql`0`, isNull(threadMessages.hiddenAt)));
  return [requestFiles, deliverableFiles, statements, messageFiles] as const;
}

/** The rows of documentQueries, as documents per match request id (each list sorted). */
function documentsByMatch([requestRows, deliverableRows, statementRows, messageRows]: [
  Awaited<ReturnType<typeof documentQueries>[0]>,
  Awaited<ReturnType<typeof documentQueries>[1]>,
  Awaited<ReturnType<typeof documentQueries>[2]>,
  Awaited<ReturnType<typeof documentQueries>[3]>,
]): Map<string, SharedDocument[]> {
  const byMatch = new Map<string, SharedDocument[]>();
  const add = (matchId: string, document: SharedDocument) => {
    const list = byMatch.get(matchId) ?? [];
    list.push(document);
    byMatch.set(matchId, list);
  };
  for (const row of requestRows) add(row.matchRequestId, requestDocument(row));
  for (const row of deliverableRows) add(row.matchRequestId, deliverableDocument(row));
  for (const row of statementRows) add(row.matchRequestId, statementDocument(row));
  for (const row of messageRows) add(row.matchRequestId, messageDocument(row));
  for (const [matchId, list] of byMatch) byMatch.set(matchId, sortSharedDocuments(list));
  return byMatch;
}

/** The match request of an engagement (its outline), as SQL for a WHERE. */
const matchOfOutline = (outlineId: string) =>
  sql`(SELECT ${deliveryOutlines.matchRequestId} FROM ${deliveryOutlines} WHERE ${deliveryOutlines.id} = ${outlineId})`;

export type SharedDocumentsOfMatch = {
  matchRequestId: string;
  assignedManagerId: string | null;
  documents: SharedDocument[];
};

/**
 * Every document shared with one match request and its engagement, named by the request's id or
 * by its engagement's (outline's) id; null when there is no such request. One batch (one round
 * trip). The caller decides who may see them (managerSharedDocuments for the console).
 */
export async function listSharedDocuments(
  app: AppContext,
  key: { matchRequestId: string } | { outlineId: string },
): Promise<SharedDocumentsOfMatch | null> {
  const matchId = "matchRequestId" in key ? sql`${key.matchRequestId}` : matchOfOutline(key.outlineId);
  const [requestRows, deliverableRows, statementRows, messageRows, heads] = await app.db.batch([
    ...documentQueries(app, {
      requests: sql`${matchRequests.id} = ${matchId}`,
      outlines: sql`${deliveryOutlines.matchRequestId} = ${matchId}`,
      threads: sql`${matchCandidates.matchRequestId} = ${matchId}`,
    }),
    app.db
      .select({ id: matchRequests.id, assignedManagerId: matchRequests.assignedManagerId })
      .from(matchRequests)
      .where(sql`${matchRequests.id} = ${matchId}`),
  ]);
  const head = heads[0];
  if (!head) return null;
  const documents = documentsByMatch([requestRows, deliverableRows, statementRows, messageRows]).get(head.id) ?? [];
  return { matchRequestId: head.id, assignedManagerId: head.assignedManagerId, documents };
}

/** What the console shows: the documents to the request's assigned manager; to another manager only how many. */
export type ManagerSharedDocuments = { assignedToMe: boolean; count: number; documents: SharedDocument[] };

/**
 * The console's "Documents" section of a match or engagement for manager `managerId`: the list
 * when the request is assigned to them (the downloads serve its files to them alone), else only
 * the count. Null for an unknown request or engagement.
 */
export async function managerSharedDocuments(
  app: AppContext,
  managerId: string,
  key: { matchRequestId: string } | { outlineId: string },
): Promise<ManagerSharedDocuments | null> {
  const shared = await listSharedDocuments(app, key);
  if (!shared) return null;
  const assignedToMe = shared.assignedManagerId === managerId;
  return { assignedToMe, count: shared.documents.length, documents: assignedToMe ? shared.documents : [] };
}

/** One match on the consultant's Documents page. */
export type ConsultantDocumentGroup = {
  matchRequestId: string;
  business: string;
  area: string;
  /** The candidacy or the engagement, where the consultant works on it. */
  link: { href: string; label: "candidacy" | "engagement" } | null;
  documents: SharedDocument[];
};

/**
 * A candidacy still in play, exactly as getCandidateFile reads it: proposed or accepted, the
 * business not decided yet, the request still looking for its consultant.
 */
function candidacyInPlay(row: { status: string; decision: string; requestStatus: string }): boolean {
  return (
    ["proposed", "accepted"].includes(row.status) &&
    row.decision === "pending" &&
    ["matching", "candidates_proposed", "awaiting_decision"].includes(row.requestStatus)
  );
}

/**
 * The consultant's Documents page: per match request, the documents they may download, following
 * getCandidateFile and getSowPdf exactly — the request's files while a candidate still in play on
 * it or once matched to it; the deliverables and signed statements of the engagements they run;
 * and, following readAttachment, the files of their own threads' messages (not hidden ones).
 * Nothing of another business or another match. One round trip: one batch of the matches and
 * their documents. Matches with nothing shared are listed too (with the empty text), newest first.
 */
export async function listConsultantDocuments(
  app: AppContext,
  consultantId: string,
): Promise<ConsultantDocumentGroup[]> {
  // One batch (one round trip): the consultant's candidacies, matches and engagements, and the
  // documents and heads of every request they touch (a superset, narrowed below in code to the
  // candidacies still in play, as getCandidateFile reads them).
  const candidacyRequests = app.db
    .select({ id: matchCandidates.matchRequestId })
    .from(matchCandidates)
    .where(eq(matchCandidates.consultantId, consultantId));
  const matchedRequests = app.db
    .select({ id: matchRequests.id })
    .from(matchRequests)
    .where(eq(matchRequests.matchedConsultantId, consultantId));
  const outlineRequests = app.db
    .select({ id: deliveryOutlines.matchRequestId })
    .from(deliveryOutlines)
    .where(eq(deliveryOutlines.consultantId, consultantId));
  const [candidacies, matched, outlines, allRequestRows, deliverableRows, statementRows, messageRows, allHeads] =
    await app.db.batch([
      app.db
        // D1's batch answers rows keyed by column name: every selected name must be distinct.
        .select({
          matchRequestId: matchCandidates.matchRequestId,
          candidacyId: matchCandidates.id,
          status: matchCandidates.status,
          decision: matchCandidates.businessDecisionStatus,
          requestStatus: sql<string>`${matchRequests.status}`.as("request_status"),
        })
        .from(matchCandidates)
        .innerJoin(matchRequests, eq(matchRequests.id, matchCandidates.matchRequestId))
        .where(eq(matchCandidates.consultantId, consultantId)),
      matchedRequests,
      app.db
        .select({ matchRequestId: deliveryOutlines.matchRequestId, outlineId: deliveryOutlines.id })
        .from(deliveryOutlines)
        .where(eq(deliveryOutlines.consultantId, consultantId)),
      ...documentQueries(app, {
        requests: or(inArray(matchRequests.id, candidacyRequests), eq(matchRequests.matchedConsultantId, consultantId)),
        outlines: eq(deliveryOutlines.consultantId, consultantId),
        threads: eq(matchCandidates.consultantId, consultantId),
      }),
      app.db
        .select({
          id: matchRequests.id,
          business: businesses.name,
          category: matchRequests.category,
          createdAt: matchRequests.createdAt,
        })
        .from(matchRequests)
        .innerJoin(businesses, eq(businesses.id, matchRequests.businessId))
        .where(
          or(
            inArray(matchRequests.id, candidacyRequests),
            inArray(matchRequests.id, matchedRequests),
            inArray(matchRequests.id, outlineRequests),
          ),
        )
        .orderBy(desc(matchRequests.createdAt), desc(matchRequests.id)),
    ]);
  const inPlay = candidacies.filter(candidacyInPlay);
  const requestIds = new Set(
    [...inPlay, ...matched.map((row) => ({ matchRequestId: row.id }))].map((row) => row.matchRequestId),
  );
  const matchIds = new Set([
    ...requestIds,
    ...outlines.map((row) => row.matchRequestId),
    ...messageRows.map((row) => row.matchRequestId),
  ]);
  const requestRows = allRequestRows.filter((row) => requestIds.has(row.matchRequestId));
  const heads = allHeads.filter((head) => matchIds.has(head.id));
  const byMatch = documentsByMatch([requestRows, deliverableRows, statementRows, messageRows]);
  return heads.map((head) => {
    const outline = outlines.find((row) => row.matchRequestId === head.id);
    const candidacy = candidacies.find((row) => row.matchRequestId === head.id);
    const link = outline
      ? { href: consultantEngagementPath(outline.outlineId), label: "engagement" as const }
      : candidacy
        ? { href: `/consultant/candidacies/${encodeURIComponent(candidacy.candidacyId)}`, label: "candidacy" as const }
        : null;
    return {
      matchRequestId: head.id,
      business: head.business,
      area: matchAreaLabel(head.category),
      link,
      documents: byMatch.get(head.id) ?? [],
    };
  });
}
