import { and, eq, notInArray, sql } from "drizzle-orm";
import { matchRequests, matchSuggestions, type MatchRequestStatus } from "~db/schema";
import {
  MATCHING_MANAGER_EMAIL_FOOTER,
  NO_CONSULTANT_FITS_ACTION,
  NO_CONSULTANT_FITS_TITLE,
  noConsultantFitsBody,
  SHORTLIST_READY_ACTION,
  SHORTLIST_READY_TITLE,
  shortlistReadyBody,
} from "~/lib/matching/match-copy";
import { categoryLabel } from "~/lib/shared/format";
import { rankConsultants } from "~/server/matching/engine";
import { loadMatchingPool, type MatchingPool } from "~/server/matching/matching-pool.server";
import { managerIds, notify, type Notice } from "~/server/notifications/notify.server";
import type { AppContext } from "~/server/load-context";

/** Requests still looking for their consultant; later ones keep their shortlist as it is. */
const RANKABLE_STATUSES: readonly MatchRequestStatus[] = [
  "submitted",
  "matching",
  "candidates_proposed",
  "awaiting_decision",
];

/**
 * Runs the smart-matching engine for a match request: ranks every consultant in the pool (the
 * consultants domain's one eligibility rule, `eligibleConsultant`), writes the shortlist
 * (match_suggestions) and moves a `submitted` request to `matching`, then
 * tells the engagement managers a shortlist waits for them. Called when a request is created and
 * again after a rejection or a declined candidacy; a request at another status keeps its status.
 *
 * One read batch (the pool) and one write batch: new consultants are inserted, pending rows get
 * their new rank and explanation, proposed and skipped rows keep their decision, and pending rows
 * of consultants who no longer qualify leave the list. Running it again writes no duplicates and
 * tells the managers again only when a consultant was added. A caller that tells the managers
 * itself (after a rejection or a decline, or a manager's own re-run) passes `tellManagers: false`,
 * so nobody gets two messages about one event.
 */
export async function runMatching(
  app: AppContext,
  matchRequestId: string,
  origin: string,
  { tellManagers = true }: { tellManagers?: boolean } = {},
): Promise<{ shortlisted: number }> {
  const pool = await loadMatchingPool(app, matchRequestId);
  if (!pool || !RANKABLE_STATUSES.includes(pool.request.status)) return { shortlisted: 0 };
  const { request } = pool;
  const shortlist = rankConsultants(pool.input);
  const now = app.now();

  const newIds = shortlist.map(() => crypto.randomUUID());
  const upserts = shortlist.map((entry, i) =>
    app.db
      .insert(matchSuggestions)
      .values({
        id: newIds[i],
        matchRequestId,
        businessId: request.businessId,
        consultantId: entry.consultantId,
        rank: entry.rank,
        score: entry.score,
        factors: entry.factors,
        summary: entry.summary,
        status: "pending",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [matchSuggestions.matchRequestId, matchSuggestions.consultantId],
        set: {
          rank: sql`excluded.rank`,
          score: sql`excluded.score`,
          factors: sql`excluded.factors`,
          summary: sql`excluded.summary`,
          updatedAt: now,
        },
        setWhere: eq(matchSuggestions.status, "pending"),
      })
      .returning({ id: matchSuggestions.id }),
  );
  const dropStale = app.db.delete(matchSuggestions).where(
    and(
      eq(matchSuggestions.matchRequestId, matchRequestId),
      eq(matchSuggestions.status, "pending"),
      notInArray(
        matchSuggestions.consultantId,
        shortlist.map((entry) => entry.consultantId),
      ),
    ),
  );
  const ranked = app.db
    .update(matchRequests)
    .set({ rankedAt: now, updatedAt: now })
    .where(eq(matchRequests.id, matchRequestId));
  const started = app.db
    .update(matchRequests)
    .set({ status: "matching", updatedAt: now })
    .where(and(eq(matchRequests.id, matchRequestId), eq(matchRequests.status, "submitted")));
  const results = await app.db.batch([dropStale, ranked, started, ...upserts]);

  // An inserted row comes back with the id made here; a refreshed one with its own.
  const written = results.slice(3) as { id: string }[][];
  const added = written.filter((rows, i) => rows[0]?.id === newIds[i]).length;

  const hadPending = [...pool.suggestions.values()].some((status) => status === "pending");
  if (!tellManagers) return { shortlisted: shortlist.length };
  if (added > 0) {
    await notify(app, origin, await managerNotices(app, pool, "ready", shortlist.length));
  } else if (shortlist.length === 0 && (request.rankedAt === null || hadPending)) {
    // Nobody qualifies, for the first time or no longer: a person has to find someone.
    await notify(app, origin, await managerNotices(app, pool, "nobody", 0));
  }
  return { shortlisted: shortlist.length };
}

/** The notice to the request's engagement manager, or to every manager while nobody has it. */
async function managerNotices(
  app: AppContext,
  pool: MatchingPool,
  kind: "ready" | "nobody",
  shortlisted: number,
): Promise<Notice[]> {
  const { request } = pool;
  const recipients = request.assignedManagerId ? [request.assignedManagerId] : await managerIds(app);
  const fields = [
    { label: "Business", value: request.businessName },
    {
      label: "Business area",
      value: request.category === "unknown" ? "Not named" : categoryLabel(request.category),
    },
    {
      label: "Engagement type",
      value: request.consultingType ? categoryLabel(request.consultingType) : "Not chosen",
    },
  ];
  return recipients.map((userId) => ({
    userId,
    businessId: request.businessId,
    kind: kind === "ready" ? "shortlist_ready" : "shortlist_empty",
    title: kind === "ready" ? SHORTLIST_READY_TITLE : NO_CONSULTANT_FITS_TITLE,
    body:
      kind === "ready"
        ? shortlistReadyBody(request.businessName, request.category, shortlisted)
        : noConsultantFitsBody(request.businessName, request.category),
    link: `/manage/matches/${request.id}`,
    action: kind === "ready" ? SHORTLIST_READY_ACTION : NO_CONSULTANT_FITS_ACTION,
    fields,
    footer: MATCHING_MANAGER_EMAIL_FOOTER,
  }));
}
