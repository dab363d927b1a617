import { and, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { consultantProfiles, deliveryOutlines, files, matchCandidates, matchRequests, users } from "~db/schema";
import { visibleToBusiness } from "~/lib/engagements/engagement-state";
import { OPEN_MATCH_STATUSES } from "~/lib/matching/candidacy-state";
import type { ConsultantInfo, MatchRequestView, CandidateView } from "~/lib/matching/match-view";
import type { AppContext } from "~/server/load-context";
import type { ClientViewer } from "~/server/identity/session.server";
import { storedFileName } from "~/lib/files/listed-file";
import { requestFiles } from "~/server/files/files.server";
import {
  consultantInfo,
  hiringFactReads,
  loadConsultantInfoWhere,
  profileColumns,
  publishedSource,
} from "~/server/consultants/profile-view.server";
import { matchStatusText } from "~/lib/matching/match-status";

/**
 * The business's reading of its match requests (spec §3 Match request, Candidate, Consultant
 * info): the match view with the candidates it may decide on and its consultant once matched,
 * and one consultant's info. Every query is scoped by the session's business, so another
 * business's id reads as not found.
 */

/**
 * The spec §3 match request of the viewer's business, or null (unknown or another business's).
 * Candidates are the consultants who accepted the candidacy and whom the business has not
 * rejected; proposed, declined and withdrawn candidacies are the manager's and the consultant's
 * business, not the client's. ONE db.batch.
 */
export async function loadMatchRequest(
  app: AppContext,
  viewer: ClientViewer,
  id: string,
): Promise<MatchRequestView | null> {
  const businessId = viewer.business.id;
  // The consultants the business may read on this request: its candidates and its consultant.
  const shown = sql`(SELECT consultant_id FROM match_candidates WHERE match_request_id = ${id}
      AND business_id = ${businessId} AND status = 'accepted' AND business_decision_status != 'rejected'
    UNION SELECT matched_consultant_id FROM match_requests WHERE id = ${id} AND business_id = ${businessId}
      AND matched_consultant_id IS NOT NULL)`;
  const [experienceReads, engagementReads] = hiringFactReads(app, shown);
  const [matchRows, candidateRows, matchedRows, fileRows, outlineRows, withdrawnRows, experiences, engagements] =
    await app.db.batch([
      app.db
        .select()
        .from(matchRequests)
        .where(and(eq(matchRequests.id, id), eq(matchRequests.businessId, businessId)))
        .limit(1),
      app.db
        .select({
          ...profileColumns,
          status: matchCandidates.status,
          businessDecisionStatus: matchCandidates.businessDecisionStatus,
        })
        .from(matchCandidates)
        .innerJoin(users, eq(users.id, matchCandidates.consultantId))
        .innerJoin(consultantProfiles, eq(consultantProfiles.userId, matchCandidates.consultantId))
        .where(
          and(
            eq(matchCandidates.matchRequestId, id),
            eq(matchCandidates.businessId, businessId),
            eq(matchCandidates.status, "accepted"),
            ne(matchCandidates.businessDecisionStatus, "rejected"),
          ),
        )
        .orderBy(matchCandidates.createdAt, matchCandidates.id),
      app.db
        .select(profileColumns)
        .from(matchRequests)
        .innerJoin(users, eq(users.id, matchRequests.matchedConsultantId))
        .innerJoin(consultantProfiles, eq(consultantProfiles.userId, matchRequests.matchedConsultantId))
        .where(and(eq(matchRequests.id, id), eq(matchRequests.businessId, businessId)))
        .limit(1),
      requestFiles(app, and(eq(files.matchRequestId, id), eq(files.businessId, businessId))),
      app.db
        .select({
          id: deliveryOutlines.id,
          state: deliveryOutlines.state,
          egmReviewStatus: deliveryOutlines.egmReviewStatus,
          businessReviewStatus: deliveryOutlines.businessReviewStatus,
          signedVersion: deliveryOutlines.signedVersion,
        })
        .from(deliveryOutlines)
        .where(and(eq(deliveryOutlines.matchRequestId, id), eq(deliveryOutlines.businessId, businessId)))
        .orderBy(desc(deliveryOutlines.createdAt), desc(deliveryOutlines.id)),
      // Candidates the business had seen whom a manager withdrew (unvetted or paused).
      app.db
        .select({ firstName: users.firstName, lastName: users.lastName, withdrawnAt: matchCandidates.withdrawnAt })
        .from(matchCandidates)
        .innerJoin(users, eq(users.id, matchCandidates.consultantId))
        .where(
          and(
            eq(matchCandidates.matchRequestId, id),
            eq(matchCandidates.businessId, businessId),
            eq(matchCandidates.status, "withdrawn"),
            inArray(matchCandidates.withdrawalReason, ["unvetted", "paused"]),
            or(
              isNotNull(matchCandidates.consultantRespondedAt),
              eq(matchCandidates.businessDecisionStatus, "accepted"),
            ),
          ),
        )
        .orderBy(desc(matchCandidates.withdrawnAt), matchCandidates.id),
      experienceReads,
      engagementReads,
    ]);
  const facts = { experiences, engagements };
  const now = app.now();
  const info = (row: Parameters<typeof publishedSource>[0]) => consultantInfo(publishedSource(row), facts, now);
  const match = matchRows[0];
  if (!match) return null;
  const stillLooking =
    (OPEN_MATCH_STATUSES as readonly string[]).includes(match.status) || match.status === "submitted";
  // The plan of each state, once a manager has let the business see it (a draft never is); a
  // completed plan is still the engagement's active one.
  const outline = (...states: string[]) =>
    outlineRows.find((row) => states.includes(row.state) && visibleToBusiness(row))?.id ?? null;
  return {
    _id: match.id,
    matchRequestId: match.id,
    createdAt: match.createdAt.toISOString(),
    value: matchStatusText(match),
    requestInfo: {
      category: match.category,
      consultingType: match.consultingType,
      problemStatement: match.problemStatement,
    },
    candidates: candidateRows.map(({ status: _status, businessDecisionStatus, ...row }): CandidateView => ({
      ...info(row),
      status: "accepted",
      businessDecisionStatus: businessDecisionStatus === "accepted" ? "accepted" : "pending",
    })),
    withdrawnCandidates: stillLooking
      ? withdrawnRows.map((row) => ({
          firstName: row.firstName,
          lastName: row.lastName,
          withdrawnAt: (row.withdrawnAt ?? match.updatedAt).toISOString(),
        }))
      : [],
    matchedConsultant: matchedRows[0] ? info(matchedRows[0]) : null,
    draftDeliveryOutline: outline("draft"),
    proposedDeliveryOutline: outline("proposed"),
    activeDeliveryOutline: outline("active", "complete"),
    nextCandidateBy: match.nextCandidateBy?.toISOString() ?? null,
    files: fileRows.map((file) => ({
      fileName: storedFileName(file.r2Key),
      originalName: file.originalName,
      size: file.sizeBytes,
    })),
    feedback:
      match.clientSatisfaction !== null
        ? { clientSatisfaction: match.clientSatisfaction, clientFeedback: match.clientFeedback ?? "" }
        : null,
  };
}

/**
 * GET consultant-info: a consultant's profile (with what a hiring owner needs, the same profile the
 * manager vets), only when they accepted a candidacy on one of the viewer's match requests (and
 * were not rejected or withdrawn), or are the consultant one of them was matched with; null
 * otherwise, so the business cannot browse the consultant pool. One round trip (one batch).
 */
export async function loadConsultantInfo(
  app: AppContext,
  viewer: ClientViewer,
  consultantId: string,
): Promise<ConsultantInfo | null> {
  const businessId = viewer.business.id;
  const candidateOnOwnMatch = app.db
    .select({ one: sql`1` })
    .from(matchCandidates)
    .where(
      and(
        eq(matchCandidates.consultantId, consultantId),
        eq(matchCandidates.businessId, businessId),
        eq(matchCandidates.status, "accepted"),
        ne(matchCandidates.businessDecisionStatus, "rejected"),
      ),
    );
  const matchedOnOwnMatch = app.db
    .select({ one: sql`1` })
    .from(matchRequests)
    .where(and(eq(matchRequests.matchedConsultantId, consultantId), eq(matchRequests.businessId, businessId)));
  return loadConsultantInfoWhere(
    app,
    consultantId,
    or(sql`EXISTS ${candidateOnOwnMatch}`, sql`EXISTS ${matchedOnOwnMatch}`) as SQL,
  );
}
