/** Matching: match requests and their candidates. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, id, satisfaction, timestamp, updatedAt } from "./columns";
import {
  BUSINESS_DECISION_STATUSES,
  CANDIDACY_WITHDRAWAL_REASONS,
  CANDIDATE_STATUSES,
  ENGAGEMENT_TYPES,
  MATCH_CATEGORIES,
  MATCH_REQUEST_STATUSES,
  MATCH_SOURCES,
  SUGGESTION_STATUSES,
  type MatchFactorScore,
} from "../enums";
import { users } from "./identity";

export const matchRequests = sqliteTable(
  "match_requests",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    category: text("category", { enum: MATCH_CATEGORIES }).notNull(),
    /** Null when the client chose "I'm not sure". */
    consultingType: text("consulting_type", { enum: ENGAGEMENT_TYPES }),
    problemStatement: text("problem_statement").notNull().default(""),
    status: text("status", { enum: MATCH_REQUEST_STATUSES }).notNull().default("submitted"),
    source: text("source", { enum: MATCH_SOURCES }).notNull().default("direct"),
    /** The insight report or value insight this request was made from; null when direct. */
    sourceId: text("source_id"),
    /** The consultant's user id once the business accepted a candidate. */
    matchedConsultantId: text("matched_consultant_id").references(() => users.id, {
      onDelete: "set null",
    }),
    assignedManagerId: text("assigned_manager_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The consultant the business asked for from their public profile ("Request this consultant"):
     * always on the request's shortlist while in the pool, and named to the engagement manager.
     */
    requestedConsultantId: text("requested_consultant_id").references(() => users.id, { onDelete: "set null" }),
    /** When the smart-matching engine last ranked consultants for this request. */
    rankedAt: timestamp("ranked_at"),
    /**
     * After a rejection or a decline: the time by which the business is promised its next
     * candidate. The status sentence the client keys off (spec §4: 'value') is derived from this
     * and `status` when read (app/lib/matching/match-status.ts matchStatusText), never stored.
     */
    nextCandidateBy: timestamp("next_candidate_by"),
    /** When the business accepted its consultant. */
    matchedAt: timestamp("matched_at"),
    clientSatisfaction: satisfaction(),
    clientFeedback: text("client_feedback"),
    feedbackAt: timestamp("feedback_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("match_requests_business_created_idx").on(t.businessId, t.createdAt),
    index("match_requests_status_idx").on(t.status, t.createdAt),
    index("match_requests_matched_consultant_id_idx").on(t.matchedConsultantId),
    index("match_requests_assigned_manager_id_idx").on(t.assignedManagerId),
    // A report or value insight converts into at most one match request (NULLs never collide).
    uniqueIndex("match_requests_source_unique").on(t.source, t.sourceId),
    check("match_requests_satisfaction_range", sql`client_satisfaction IS NULL OR client_satisfaction BETWEEN 1 AND 5`),
  ],
);

export const matchCandidates = sqliteTable(
  "match_candidates",
  {
    id: id(),
    matchRequestId: text("match_request_id")
      .notNull()
      .references(() => matchRequests.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The consultant's user id (their profile is consultant_profiles.user_id). */
    consultantId: text("consultant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: CANDIDATE_STATUSES }).notNull().default("proposed"),
    businessDecisionStatus: text("business_decision_status", { enum: BUSINESS_DECISION_STATUSES })
      .notNull()
      .default("pending"),
    proposedById: text("proposed_by_id").references(() => users.id, { onDelete: "set null" }),
    consultantRespondedAt: timestamp("consultant_responded_at"),
    /** The consultant's reason when declining (seen by the engagement manager only). */
    declineReason: text("decline_reason"),
    decidedAt: timestamp("decided_at"),
    /** Why and when the candidacy was withdrawn; null while it was not. */
    withdrawalReason: text("withdrawal_reason", { enum: CANDIDACY_WITHDRAWAL_REASONS }),
    withdrawnAt: timestamp("withdrawn_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("match_candidates_match_consultant_unique").on(t.matchRequestId, t.consultantId),
    index("match_candidates_consultant_id_idx").on(t.consultantId, t.status),
    index("match_candidates_business_id_idx").on(t.businessId),
  ],
);

/**
 * The smart-matching engine's shortlist for a match request: one row per ranked consultant with
 * the score and the per-factor explanation, which the engagement manager proposes or skips.
 * A later ranking (after a rejection or a decline) adds consultants not yet on the list and
 * refreshes pending rows; proposed and skipped rows keep their decision.
 */
export const matchSuggestions = sqliteTable(
  "match_suggestions",
  {
    id: id(),
    matchRequestId: text("match_request_id")
      .notNull()
      .references(() => matchRequests.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    consultantId: text("consultant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 = the engine's best. */
    rank: integer("rank").notNull(),
    /** 0-100. */
    score: integer("score").notNull(),
    factors: text("factors", { mode: "json" }).$type<MatchFactorScore[]>().notNull(),
    /** The one-line reading of the factors ("8 years in specialty retail; has worked with 3 firms of 25-50 people"). */
    summary: text("summary").notNull(),
    status: text("status", { enum: SUGGESTION_STATUSES }).notNull().default("pending"),
    decidedById: text("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("match_suggestions_match_consultant_unique").on(t.matchRequestId, t.consultantId),
    index("match_suggestions_match_rank_idx").on(t.matchRequestId, t.rank),
    index("match_suggestions_business_id_idx").on(t.businessId),
    index("match_suggestions_consultant_id_idx").on(t.consultantId),
    check("match_suggestions_score_range", sql`score BETWEEN 0 AND 100`),
  ],
);

export type MatchSuggestion = typeof matchSuggestions.$inferSelect;

export type MatchRequest = typeof matchRequests.$inferSelect;

export type NewMatchRequest = typeof matchRequests.$inferInsert;

export type MatchCandidate = typeof matchCandidates.$inferSelect;

export type NewMatchCandidate = typeof matchCandidates.$inferInsert;
