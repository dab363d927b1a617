import { and, asc, desc, eq, exists, ne, notExists, sql } from "drizzle-orm";
import { deliverableStatusLabel } from "~/lib/engagements/deliverable-status";
import { formatDate } from "~/lib/shared/dates";
import { alias } from "drizzle-orm/sqlite-core";
import {
  businesses,
  deliveryItemDecisions,
  deliveryItems,
  deliveryOutlines,
  deliveryOutlineVersions,
  engagementNotes,
  users,
} from "~db/schema";
import {
  ITEM_NOT_FOUND,
  OUTLINE_NOT_FOUND,
  PLAN_APPROVED_BUSINESS_NOTICE,
  PLAN_APPROVED_CONSULTANT_NOTICE,
  PLAN_REVIEW_NOT_PENDING,
  PLAN_SENT_BACK_NOTICE,
  planPastDatesRefusal,
  planPreviousUnknown,
} from "~/lib/engagements/engagement-copy";
import { planDiff, type PlanDiff, type PlanVersionContent } from "~/lib/engagements/plan-diff";
import { markOutlineProposed } from "~/server/matching/match-status.server";
import { businessEngagementPath, consultantEngagementPath } from "~/lib/engagements/engagement-paths";
import {
  canManagerReviewPlan,
  ENGAGEMENT_STATUS_LABELS,
  engagementStatus,
  isItemOverdue,
  pastDatedItems,
  todayAnywhereOnEarth,
  type DeliveryItemStatus,
} from "~/lib/engagements/engagement-state";
import {
  ENGAGEMENT_FILTERS,
  nextDeliveryDate,
  planStage,
  planStageLabel,
  type EngagementFilter,
} from "~/lib/engagements/plan-stage";
import { type SowDocument } from "~/lib/engagements/sow";
import { formatDateTime } from "~/lib/shared/dates";
import { fullName } from "~/lib/shared/format";
import { auditAfterChange, type AuditActor } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";
import { itemScheduleColumns, outlineStageColumns } from "./engagement-columns.server";
import { notify, noticesTo, type Notice } from "~/server/notifications/notify.server";
import {
  itemLabels,
  loadOutlineContext,
  planDocument,
  type Failure,
  type OutlineContext,
} from "./plan-drafting.server";
import { signedStatementsQuery, toSignedStatements, type SignedStatement } from "./plan-review.server";
import { threadOfMatchPath } from "~/lib/conversations/thread-copy";
import { acceptsAutomaticallyAt } from "~/lib/engagements/review-deadlines";
import type { DisputeView } from "~/lib/engagements/disputes";

/**
 * The engagement manager's console for engagements: every engagement with what needs attention
 * (a plan to review, overdue deliveries, items in revision, paused engagements), one engagement's
 * plan and record, the plan review (approve, send back with notes), notes and verbal approvals.
 * The review's UPDATE is conditional on the plan still waiting for it (and on the version read),
 * so a double click or a second manager changes nothing twice.
 */

export type ManagerEngagementRow = {
  id: string;
  title: string;
  business: string;
  consultant: string;
  status: string;
  stage: string;
  needsReview: boolean;
  overdue: number;
  inRevision: number;
  paused: boolean;
  nextDelivery: string | null;
};

/** The number of plans waiting for a manager's review (the console navigation's count). One query. */
export async function plansToReview(app: AppContext): Promise<number> {
  const rows = await app.db
    .select({ id: deliveryOutlines.id })
    .from(deliveryOutlines)
    .where(
      and(
        eq(deliveryOutlines.egmReviewStatus, "pending"),
        ne(deliveryOutlines.state, "draft"),
        eq(deliveryOutlines.complete, false),
      ),
    );
  return rows.length;
}

/**
 * Every engagement for the console, what needs a manager first: plans to review, then overdue
 * deliveries, items in revision, paused, then the rest (newest first). Two queries, read in parallel.
 */
export async function listManagerEngagements(
  app: AppContext,
  filter: EngagementFilter = "all",
): Promise<{ rows: ManagerEngagementRow[]; counts: Record<EngagementFilter, number> }> {
  const consultant = alias(users, "consultant");
  const [outlines, items] = await Promise.all([
    app.db
      .select({
        id: deliveryOutlines.id,
        title: deliveryOutlines.title,
        business: businesses.name,
        consultantFirstName: consultant.firstName,
        consultantLastName: consultant.lastName,
        ...outlineStageColumns,
        createdAt: deliveryOutlines.createdAt,
      })
      .from(deliveryOutlines)
      .innerJoin(businesses, eq(businesses.id, deliveryOutlines.businessId))
      .leftJoin(consultant, eq(consultant.id, deliveryOutlines.consultantId))
      .orderBy(desc(deliveryOutlines.createdAt), deliveryOutlines.id),
    app.db.select(itemScheduleColumns).from(deliveryItems),
  ]);
  const today = todayAnywhereOnEarth(app.now());
  // Grouped once: every engagement's items, without a pass over all items per engagement.
  const itemsOf = new Map<string, typeof items>();
  for (const item of items) {
    const list = itemsOf.get(item.outlineId);
    if (list) list.push(item);
    else itemsOf.set(item.outlineId, [item]);
  }
  const all = outlines.map((outline): ManagerEngagementRow => {
    const own = itemsOf.get(outline.id) ?? [];
    const next = nextDeliveryDate(own);
    return {
      id: outline.id,
      title: outline.title,
      business: outline.business,
      consultant: fullName(outline.consultantFirstName, outline.consultantLastName),
      status: ENGAGEMENT_STATUS_LABELS[engagementStatus(outline, own)],
      stage: planStageLabel(outline),
      needsReview: canManagerReviewPlan(outline),
      overdue: own.filter((item) => isItemOverdue(item, outline, today)).length,
      inRevision: own.filter((item) => item.status === "revision").length,
      paused: outline.pausedAt !== null && !outline.complete,
      nextDelivery: next ? formatDate(next) : null,
    };
  });
  const rank = (row: ManagerEngagementRow) =>
    row.needsReview ? 0 : row.overdue > 0 ? 1 : row.inRevision > 0 ? 2 : row.paused ? 3 : 4;
  const ordered = all
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .map(({ row }) => row);
  const matches: Record<EngagementFilter, (row: ManagerEngagementRow) => boolean> = {
    all: () => true,
    review: (row) => row.needsReview,
    overdue: (row) => row.overdue > 0,
    revision: (row) => row.inRevision > 0,
    paused: (row) => row.paused,
  };
  const counts = Object.fromEntries(
    ENGAGEMENT_FILTERS.map((key) => [key, ordered.filter(matches[key]).length]),
  ) as Record<EngagementFilter, number>;
  return { rows: ordered.filter(matches[filter]), counts };
}

export type ManagerNote = {
  id: string;
  kind: "note" | "verbal_approval";
  body: string;
  author: string;
  at: string;
  /** The item a verbal approval is for: "2. Phase 2". */
  item: string | null;
};

export type ManagerEngagement = {
  id: string;
  /** The engagement's conversation (the consultant's thread on its match); null without a consultant. */
  conversationPath: string | null;
  title: string;
  business: string;
  consultant: string;
  status: string;
  stage: string;
  stageKey: ReturnType<typeof planStage>;
  version: number;
  signedVersion: number | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  managerNotes: string | null;
  businessNotes: string | null;
  canReview: boolean;
  paused: boolean;
  items: {
    id: string;
    number: number;
    title: string;
    deliveryDateLabel: string;
    priceLabel: string;
    status: DeliveryItemStatus;
    statusLabel: string;
    overdue: boolean;
    /** ISO instant: a delivery waiting for review is accepted automatically then (docs/decisions/078). */
    acceptsAutomaticallyAt: string | null;
    /** Its dispute (docs/decisions/079), or null. */
    dispute: DisputeView | null;
  }[];
  /** The platform's fee percent (a dispute's split keeps it on what is not refunded). */
  feePercent: number;
  notes: ManagerNote[];
  /**
   * What changed from the previous version sent to this one (ADR 049); null for version 1. When
   * the previous version was sent before versions were kept, `changesUnknown` says so instead.
   */
  changes: PlanDiff | null;
  changesUnknown: string | null;
  document: SowDocument;
  /** The signed statements of work, newest version first (the PDFs the manager can download). */
  signedStatements: SignedStatement[];
};

/**
 * One engagement for the console (any; null for an unknown id) with its signed statements of work:
 * four queries read in parallel (one round trip).
 */
export async function loadManagerEngagement(app: AppContext, outlineId: string): Promise<ManagerEngagement | null> {
  const [context, notes, signatures, versions, automatic] = await Promise.all([
    loadOutlineContext(app, outlineId, null),
    app.db
      .select({
        id: engagementNotes.id,
        kind: engagementNotes.kind,
        body: engagementNotes.body,
        itemId: engagementNotes.itemId,
        createdAt: engagementNotes.createdAt,
        authorFirstName: users.firstName,
        authorLastName: users.lastName,
      })
      .from(engagementNotes)
      .leftJoin(users, eq(users.id, engagementNotes.authorId))
      .where(eq(engagementNotes.outlineId, outlineId))
      .orderBy(desc(engagementNotes.createdAt), desc(engagementNotes.id)),
    signedStatementsQuery(app, outlineId),
    // The versions sent, newest first: the current one and the one before it.
    app.db
      .select({
        version: deliveryOutlineVersions.version,
        title: deliveryOutlineVersions.title,
        overview: deliveryOutlineVersions.overview,
        items: deliveryOutlineVersions.items,
      })
      .from(deliveryOutlineVersions)
      .where(
        and(
          eq(deliveryOutlineVersions.outlineId, outlineId),
          sql`${deliveryOutlineVersions.version} >= (SELECT ${deliveryOutlines.version} - 1 FROM ${deliveryOutlines} WHERE ${deliveryOutlines.id} = ${outlineId})`,
        ),
      )
      .orderBy(desc(deliveryOutlineVersions.version)),
    // The items the daily run accepted (docs/decisions/078): their badge says so.
    app.db
      .select({ itemId: deliveryItemDecisions.itemId })
      .from(deliveryItemDecisions)
      .where(and(eq(deliveryItemDecisions.outlineId, outlineId), eq(deliveryItemDecisions.automatic, true))),
  ]);
  if (!context) return null;
  const acceptedAutomatically = new Set(automatic.map((row) => row.itemId));
  const { outline } = context;
  const today = todayAnywhereOnEarth(app.now());
  const items = context.items.map((item, index) => ({
    id: item.id,
    number: index + 1,
    title: item.title,
    status: item.status,
    statusLabel: deliverableStatusLabel({
      ...item,
      acceptedAutomatically: acceptedAutomatically.has(item.id),
      settledBySessions: acceptedAutomatically.has(item.id) && outline.kind === "coaching",
    }),
    dispute: item.dispute,
    overdue: isItemOverdue(item, outline, today),
    acceptsAutomaticallyAt: acceptsAutomaticallyAt(item)?.toISOString() ?? null,
    ...itemLabels(item),
  }));
  const { changes, changesUnknown } = versionChanges(context, versions);
  return {
    id: outline.id,
    feePercent: app.env.PLATFORM_FEE_PERCENT,
    conversationPath: outline.consultantId
      ? threadOfMatchPath("manager", outline.matchRequestId, outline.consultantId)
      : null,
    title: outline.title,
    business: context.business.name,
    consultant: context.consultant ? fullName(context.consultant.firstName, context.consultant.lastName) : "",
    status: ENGAGEMENT_STATUS_LABELS[engagementStatus(outline, context.items)],
    stage: planStageLabel(outline),
    stageKey: planStage(outline),
    version: outline.version,
    signedVersion: outline.signedVersion,
    submittedAt: outline.submittedAt ? formatDateTime(outline.submittedAt) : null,
    reviewedAt: outline.egmReviewedAt ? formatDateTime(outline.egmReviewedAt) : null,
    managerNotes: outline.egmReviewNotes,
    businessNotes: outline.businessReviewStatus === "revision" ? outline.businessNotes : null,
    canReview: canManagerReviewPlan(outline),
    paused: outline.pausedAt !== null && !outline.complete,
    items,
    notes: notes.map((note) => {
      const item = note.itemId ? items.find((candidate) => candidate.id === note.itemId) : undefined;
      return {
        id: note.id,
        kind: note.kind,
        body: note.body,
        author: fullName(note.authorFirstName, note.authorLastName) || "A former manager",
        at: formatDateTime(note.createdAt),
        item: item ? `${item.number}. ${item.title}` : null,
      };
    }),
    changes,
    changesUnknown,
    document: planDocument(context, app.now(), app.env.PLATFORM_FEE_PERCENT),
    signedStatements: toSignedStatements(signatures),
  };
}

/**
 * What changed from the previous version sent to the current one: the current version as recorded
 * when sent (or, sent before versions were kept, as the rows read now: nothing changes a plan while
 * it waits for the manager), against the previous version's record.
 */
function versionChanges(
  context: OutlineContext,
  versions: readonly PlanVersionContent[],
): { changes: PlanDiff | null; changesUnknown: string | null } {
  const { outline } = context;
  if (outline.version <= 1 || outline.submittedAt === null) return { changes: null, changesUnknown: null };
  const previous = versions.find((row) => row.version === outline.version - 1);
  if (!previous) return { changes: null, changesUnknown: planPreviousUnknown(outline.version - 1) };
  const current = versions.find((row) => row.version === outline.version) ?? {
    version: outline.version,
    title: outline.title,
    overview: outline.overview,
    items: context.items,
  };
  return { changes: planDiff(previous, current), changesUnknown: null };
}

/**
 * Approve (intent approve-plan) or send back with notes (send-back-plan) the version waiting for
 * review. 404 for an unknown plan, 409 PLAN_REVIEW_NOT_PENDING when it is not waiting (already
 * decided, a draft, complete). Approval tells the business's owner and the consultant; a send-back
 * tells the consultant. The match moves from outline_draft to outline_proposed on approval.
 */
export async function reviewPlan(
  app: AppContext,
  manager: AuditActor,
  outlineId: string,
  review: { intent: "approve-plan" | "send-back-plan"; notes: string },
  origin: string,
): Promise<{ ok: true; approved: boolean } | Failure> {
  const context = await loadOutlineContext(app, outlineId, null);
  if (!context) return { ok: false, status: 404, msg: OUTLINE_NOT_FOUND };
  const { outline } = context;
  if (!canManagerReviewPlan(outline)) return { ok: false, status: 409, msg: PLAN_REVIEW_NOT_PENDING };
  const approved = review.intent === "approve-plan";
  const now = app.now();
  // A plan is never approved with a deliverable still to agree on dated in the past (ADR 049).
  if (approved) {
    const past = pastDatedItems(context.items, todayAnywhereOnEarth(now));
    if (past.length > 0) {
      const named = past.map(
        (item) => `deliverable ${context.items.indexOf(item) + 1}, “${item.title}” (${formatDate(item.deliveryDate)})`,
      );
      return { ok: false, status: 409, msg: planPastDatesRefusal(named) };
    }
  }
  const reviewWrite = app.db
    .update(deliveryOutlines)
    .set({
      egmReviewStatus: approved ? "approved" : "revision",
      egmReviewNotes: review.notes === "" ? null : review.notes,
      egmReviewerId: manager.userId,
      egmReviewedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(deliveryOutlines.id, outline.id),
        eq(deliveryOutlines.egmReviewStatus, "pending"),
        ne(deliveryOutlines.state, "draft"),
        eq(deliveryOutlines.complete, false),
        eq(deliveryOutlines.version, outline.version),
        // Approval: still no deliverable to agree on dated in the past (checked above; held here).
        approved
          ? notExists(
              app.db
                .select({ one: sql`1` })
                .from(deliveryItems)
                .where(
                  and(
                    eq(deliveryItems.outlineId, outline.id),
                    sql`${deliveryItems.paidPurchaseId} IS NULL`,
                    sql`${deliveryItems.status} IN ('upcoming', 'awaiting_payment')`,
                    sql`${deliveryItems.deliveryDate} < ${todayAnywhereOnEarth(now)}`,
                  ),
                ),
            )
          : undefined,
      ),
    )
    .returning({ id: deliveryOutlines.id });
  // The match follows the first approval (its plan is now with the business); the review's own
  // UPDATE goes first, so a refused review leaves the match as it was.
  const matchWrite = markOutlineProposed(
    app.db,
    context.match.id,
    now,
    exists(
      app.db
        .select({ one: sql`1` })
        .from(deliveryOutlines)
        .where(and(eq(deliveryOutlines.id, outline.id), eq(deliveryOutlines.egmReviewStatus, "approved"))),
    ),
  );
  const audit = auditAfterChange(app, {
    actor: manager,
    action: approved ? "plan.approved" : "plan.sent_back",
    businessId: context.business.id,
    subject: { type: "plan", id: outline.id },
    detail: { title: outline.title, version: outline.version, ...(review.notes ? { notes: review.notes } : {}) },
  });
  const [written] = await app.db.batch([reviewWrite, audit, ...(approved ? [matchWrite] : [])]);
  if (written.length === 0) return { ok: false, status: 409, msg: PLAN_REVIEW_NOT_PENDING };
  const consultantName = context.consultant ? fullName(context.consultant.firstName, context.consultant.lastName) : "";
  const notices: Notice[] = [];
  if (approved) {
    notices.push(
      ...noticesTo(context.business.signerIds, {
        businessId: context.business.id,
        kind: "plan_approved",
        title: PLAN_APPROVED_BUSINESS_NOTICE.title,
        body: `${consultantName || "Your consultant"} wrote the engagement plan "${outline.title}" and an engagement manager approved it. Read it, then accept and sign it or reject it with notes.`,
        link: businessEngagementPath(outline.id),
        action: PLAN_APPROVED_BUSINESS_NOTICE.action,
        footer: PLAN_APPROVED_BUSINESS_NOTICE.footer,
      }),
    );
  }
  if (context.consultant) {
    notices.push(
      approved
        ? {
            userId: context.consultant.id,
            businessId: context.business.id,
            kind: "plan_approved",
            title: PLAN_APPROVED_CONSULTANT_NOTICE.title,
            body: `The engagement manager approved your plan "${outline.title}" for ${context.business.name}. The business has been asked to review and sign it.`,
            link: consultantEngagementPath(outline.id),
            action: PLAN_APPROVED_CONSULTANT_NOTICE.action,
            footer: PLAN_APPROVED_CONSULTANT_NOTICE.footer,
          }
        : {
            userId: context.consultant.id,
            businessId: context.business.id,
            kind: "plan_sent_back",
            title: PLAN_SENT_BACK_NOTICE.title,
            body: `The engagement manager sent your plan "${outline.title}" for ${context.business.name} back with notes: ${review.notes}`,
            link: consultantEngagementPath(outline.id),
            action: PLAN_SENT_BACK_NOTICE.action,
            footer: PLAN_SENT_BACK_NOTICE.footer,
          },
    );
  }
  await notify(app, origin, notices);
  return { ok: true, approved };
}

/**
 * A note (kind note) or the business's verbal approval for an item (kind verbal_approval) on an
 * engagement. 404 for an unknown plan or an item of another plan.
 */
export async function addEngagementNote(
  app: AppContext,
  managerId: string,
  outlineId: string,
  note: { kind: "note" | "verbal_approval"; body: string; itemId: string | null },
): Promise<{ ok: true } | Failure> {
  const [outline, item] = await Promise.all([
    app.db
      .select({ id: deliveryOutlines.id, businessId: deliveryOutlines.businessId })
      .from(deliveryOutlines)
      .where(eq(deliveryOutlines.id, outlineId))
      .limit(1),
    app.db
      .select({ id: deliveryItems.id })
      .from(deliveryItems)
      .where(and(eq(deliveryItems.id, note.itemId ?? ""), eq(deliveryItems.outlineId, outlineId)))
      .orderBy(asc(deliveryItems.position))
      .limit(1),
  ]);
  const found = outline[0];
  if (!found) return { ok: false, status: 404, msg: OUTLINE_NOT_FOUND };
  if (note.itemId !== null && item.length === 0) return { ok: false, status: 404, msg: ITEM_NOT_FOUND };
  await app.db.insert(engagementNotes).values({
    outlineId: found.id,
    businessId: found.businessId,
    itemId: note.itemId,
    authorId: managerId,
    kind: note.kind,
    body: note.body,
    createdAt: app.now(),
  });
  return { ok: true };
}
