import { and, asc, desc, eq, exists, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import { deliverableStatusLabel } from "~/lib/engagements/deliverable-status";
import { membersWhoMayColumn } from "~/server/business/members.server";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import {
  businesses,
  deliveryItems,
  deliveryOutlines,
  deliveryOutlineVersions,
  matchRequests,
  users,
  type DeliveryItem,
  type DeliveryOutline,
  type PlanVersionItemRow,
} from "~db/schema";
import type { MatchRequestStatus, OutlineKind } from "~db/enums";
import { ENGAGEMENT_STATUS_LABELS as MATCH_STATUS_LABELS } from "~/lib/consultants/portal";
import {
  ITEM_DATE_PAST,
  OUTLINE_NOT_FOUND,
  PLAN_CHANGED_MEANWHILE,
  PLAN_HAS_PAST_DATES,
  PLAN_NEEDS_ITEMS,
  PLAN_NEEDS_OVERVIEW,
  PLAN_NOT_EDITABLE,
  PLAN_SUBMITTED_NOTICE,
} from "~/lib/engagements/engagement-copy";
import {
  PLAN_KIND_LOCKED,
  RETAINER_START_LOCKED,
  RETAINER_START_PAST,
  RETAINER_TERMS_NEED_REVIEW,
} from "~/lib/engagements/retainer-copy";
import { monthTakesTime, retainerMonth, retainerMonthTitle } from "~/lib/engagements/retainer-months";
import { markOutlineDrafted } from "~/server/matching/match-status.server";
import { managerEngagementPath } from "~/lib/engagements/engagement-paths";
import type { PlanFormInput } from "~/lib/engagements/engagement-schemas";
import {
  afterSubmission,
  canConsultantDeliver,
  canConsultantEditPlan,
  ENGAGEMENT_STATUS_LABELS,
  engagementStatus,
  isItemEditable,
  isItemOverdue,
  isPastDate,
  sortedItems,
  todayAnywhereOnEarth,
  type DeliveryItemStatus,
} from "~/lib/engagements/engagement-state";
import { nextDeliveryDate, planStage, planStageLabel, utcToday, type PlanStage } from "~/lib/engagements/plan-stage";
import { billedMonthly } from "~/lib/engagements/coaching";
import { sowRetainerOf, buildSowDocument, type SowDocument } from "~/lib/engagements/sow";
import { formatMoney } from "~/lib/shared/numbers";
import { candidacyAreaLabel, candidacyTypeLabel } from "~/lib/matching/candidacy-state";
import { formatDate } from "~/lib/shared/dates";
import { categoryLabel, fullName } from "~/lib/shared/format";
import type { AppContext } from "~/server/load-context";
import { closeCardChargesOf } from "~/server/payments/card-charge-close.server";
import { retainerNotice } from "./retainers.server";
import type { RetainerNotice } from "~/lib/engagements/engagement-display";
import { itemScheduleColumns, outlineStageColumns } from "./engagement-columns.server";
import { managerIds, notify } from "~/server/notifications/notify.server";
import { signedStatementsQuery, toSignedStatements, type SignedStatement } from "./plan-review.server";
import { itemColumnsWithRefundAndDispute, type DeliveryItemWithRefundAndDispute } from "./item-refunds.server";
import { threadOfMatchPath } from "~/lib/conversations/thread-copy";

/**
 * The consultant's side of the engagement plan: the list of plans to draft and engagements, the
 * creation of the plan of a match (one per match), the editor's data and its save / submit. Every
 * write is conditional on the state that was read (the outline's `updated_at` and statuses), so a
 * replayed or racing request changes nothing twice.
 */

export type Failure = {
  ok: false;
  status: 400 | 404 | 409;
  msg: string;
  field?: "items" | "overview";
  /** Messages of the form's own fields, by their names ("items[1].deliveryDate"). */
  fieldErrors?: Record<string, string[]>;
};

/** The match statuses in which the matched consultant may start (or has) the plan. */
export const DRAFTABLE_MATCH_STATUSES: readonly MatchRequestStatus[] = [
  "consultant_matched",
  "outline_draft",
  "outline_proposed",
  "engagement_active",
];

// ---------------------------------------------------------------------------------------------
// The portal list
// ---------------------------------------------------------------------------------------------

export type PlanToDraft = {
  matchId: string;
  business: string;
  area: string;
  type: string;
  status: string;
  since: string;
};

export type ConsultantEngagementRow = {
  id: string;
  title: string;
  business: string;
  status: string;
  stage: string;
  /** "Nov 3, 2026", or null when every item is approved (or there are none). */
  nextDelivery: string | null;
};

/**
 * The consultant's plans (only theirs; `where` narrows them), each with its business's name and
 * what its stage is read from: the engagements list and the portal home read the same rows.
 */
export function consultantOutlines(app: AppContext, consultantId: string, where?: SQL) {
  return app.db
    .select({
      id: deliveryOutlines.id,
      title: deliveryOutlines.title,
      business: businesses.name,
      ...outlineStageColumns,
    })
    .from(deliveryOutlines)
    .innerJoin(businesses, eq(businesses.id, deliveryOutlines.businessId))
    .where(and(eq(deliveryOutlines.consultantId, consultantId), where));
}

/**
 * /consultant/engagements: the matches of this consultant that have no plan yet (consultant_matched
 * or later) and their engagements (plans), newest first. Three independent reads in parallel.
 */
export async function listConsultantEngagements(
  app: AppContext,
  consultantId: string,
): Promise<{ toDraft: PlanToDraft[]; engagements: ConsultantEngagementRow[] }> {
  const [toDraft, outlines, items] = await Promise.all([
    loadPlansToDraft(app, consultantId),
    consultantOutlines(app, consultantId).orderBy(desc(deliveryOutlines.createdAt), deliveryOutlines.id),
    app.db
      .select(itemScheduleColumns)
      .from(deliveryItems)
      .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
      .where(eq(deliveryOutlines.consultantId, consultantId)),
  ]);
  const engagements = outlines.map((outline) => {
    const own = items.filter((item) => item.outlineId === outline.id);
    const next = nextDeliveryDate(own);
    return {
      id: outline.id,
      title: outline.title,
      business: outline.business,
      status: ENGAGEMENT_STATUS_LABELS[engagementStatus(outline, own)],
      stage: planStageLabel(outline),
      nextDelivery: next ? formatDate(next) : null,
    };
  });
  return { toDraft, engagements };
}

/** The matches among `matches` that have no plan yet, as the lists show them. */
function plansToDraftOf(matches: Awaited<ReturnType<ReturnType<typeof draftableMatches>["all"]>>): PlanToDraft[] {
  return matches
    .filter((row) => row.outlineId === null)
    .map((row) => ({
      matchId: row.id,
      business: row.business,
      area: candidacyAreaLabel(row.category),
      type: candidacyTypeLabel(row.consultingType),
      status: (MATCH_STATUS_LABELS as Record<string, string>)[row.status] ?? "",
      since: formatDate(row.matchedAt ?? row.updatedAt),
    }));
}

/** The consultant's matches with no plan yet, newest match first (the portal home's list). One query. */
export async function loadPlansToDraft(app: AppContext, consultantId: string): Promise<PlanToDraft[]> {
  const matches = await draftableMatches(app, consultantId).orderBy(
    desc(matchRequests.matchedAt),
    desc(matchRequests.updatedAt),
    matchRequests.id,
  );
  return plansToDraftOf(matches);
}

// ---------------------------------------------------------------------------------------------
// Creating the plan of a match
// ---------------------------------------------------------------------------------------------

export type DraftableMatch = {
  matchId: string;
  business: string;
  area: string;
  type: string;
  outlineId: string | null;
};

/**
 * The consultant's matches a plan may be drafted for (theirs, matched or later; only `matchId`
 * when given), each with its business's name and its plan's id when it has one.
 */
function draftableMatches(app: AppContext, consultantId: string, matchId?: string) {
  return app.db
    .select({
      id: matchRequests.id,
      businessId: matchRequests.businessId,
      business: businesses.name,
      category: matchRequests.category,
      consultingType: matchRequests.consultingType,
      status: matchRequests.status,
      matchedAt: matchRequests.matchedAt,
      updatedAt: matchRequests.updatedAt,
      outlineId: deliveryOutlines.id,
    })
    .from(matchRequests)
    .innerJoin(businesses, eq(businesses.id, matchRequests.businessId))
    .leftJoin(deliveryOutlines, eq(deliveryOutlines.matchRequestId, matchRequests.id))
    .where(
      and(
        matchId === undefined ? undefined : eq(matchRequests.id, matchId),
        eq(matchRequests.matchedConsultantId, consultantId),
        inArray(matchRequests.status, [...DRAFTABLE_MATCH_STATUSES]),
      ),
    );
}

/** One draftable match of the consultant (see draftableMatches), or undefined. One query. */
async function findDraftableMatch(app: AppContext, consultantId: string, matchId: string) {
  const [row] = await draftableMatches(app, consultantId, matchId).limit(1);
  return row;
}

/** The match the consultant may start a plan for (theirs, matched or later), or null. One query. */
export async function loadDraftableMatch(
  app: AppContext,
  consultantId: string,
  matchId: string,
): Promise<DraftableMatch | null> {
  const row = await findDraftableMatch(app, consultantId, matchId);
  if (!row) return null;
  return {
    matchId: row.id,
    business: row.business,
    area: candidacyAreaLabel(row.category),
    type: candidacyTypeLabel(row.consultingType),
    outlineId: row.outlineId,
  };
}

/**
 * Creates the plan of a match for its matched consultant (unique per match: a second call answers
 * the plan that exists) and moves the match from consultant_matched to outline_draft. 404 when the
 * match is not this consultant's or not matched.
 */
export async function createPlan(
  app: AppContext,
  consultantId: string,
  matchId: string,
): Promise<{ ok: true; outlineId: string; created: boolean } | Failure> {
  const match = await findDraftableMatch(app, consultantId, matchId);
  if (!match) return { ok: false, status: 404, msg: "Match not found." };
  if (match.outlineId) return { ok: true, outlineId: match.outlineId, created: false };
  const now = app.now();
  const id = crypto.randomUUID();
  const [inserted] = await app.db.batch([
    app.db
      .insert(deliveryOutlines)
      .values({
        id,
        matchRequestId: match.id,
        businessId: match.businessId,
        consultantId,
        title: `${categoryLabel(match.category)} engagement plan for ${match.business}`.slice(0, 120),
        // A fractional engagement is sold as a monthly retainer (docs/decisions/082), coaching as
        // monthly sessions (085); the consultant may still bill it by deliverables in the editor.
        kind:
          match.consultingType === "fractional"
            ? "retainer"
            : match.consultingType === "coaching"
              ? "coaching"
              : "project",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: deliveryOutlines.matchRequestId })
      .returning({ id: deliveryOutlines.id }),
    markOutlineDrafted(app.db, match.id, now),
  ]);
  if (inserted.length > 0) return { ok: true, outlineId: id, created: true };
  const [existing] = await app.db
    .select({ id: deliveryOutlines.id })
    .from(deliveryOutlines)
    .where(eq(deliveryOutlines.matchRequestId, match.id))
    .limit(1);
  return existing
    ? { ok: true, outlineId: existing.id, created: false }
    : { ok: false, status: 404, msg: "Match not found." };
}

// ---------------------------------------------------------------------------------------------
// The editor
// ---------------------------------------------------------------------------------------------

export type EditorItem = {
  id: string;
  position: number;
  title: string;
  description: string;
  /** YYYY-MM-DD (the form's value). */
  deliveryDate: string;
  /** "Nov 3, 2026" (formatDate). */
  deliveryDateLabel: string;
  /** "1,500.00" (the form's value). */
  price: string;
  /** "$1,500.00". */
  priceLabel: string;
  status: DeliveryItemStatus;
  statusLabel: string;
  /** Its delivery date has passed and it is not delivered (isItemOverdue). */
  overdue: boolean;
  editable: boolean;
  canDeliver: boolean;
  /** A retainer's month whose time can be logged now (its page has the log; docs/decisions/082). */
  canLogTime: boolean;
};

export type ConsultantPlan = {
  id: string;
  matchId: string;
  /** The engagement's conversation (this consultant's thread on the match). */
  conversationPath: string | null;
  business: string;
  title: string;
  overview: string;
  version: number;
  signedVersion: number | null;
  stage: PlanStage;
  stageLabel: string;
  statusLabel: string;
  editable: boolean;
  /** The plan was signed: a change needs the manager and a new signature. */
  signed: boolean;
  /** The outline's updated_at (ms): the form sends it back so a replay is refused. */
  revision: string;
  managerNotes: string | null;
  businessNotes: string | null;
  /** How the plan is billed, and a retainer's terms as the editor's fields show them ("" when unset). */
  kind: OutlineKind;
  retainer: {
    monthlyFee: string;
    monthlyHours: string;
    startDate: string;
    noticeMonths: string;
    monthlySessions: string;
    sessionMinutes: string;
    cancelNoticeHours: string;
  };
  /** A running retainer's notice (docs/decisions/082): given (by whom, the last day) or not, and whether it can be now. */
  notice: RetainerNotice | null;
  items: EditorItem[];
  document: SowDocument;
  /** The signed statements of work, newest version first (the PDFs the consultant can download). */
  signedStatements: SignedStatement[];
};

export type OutlineContext = {
  outline: typeof deliveryOutlines.$inferSelect;
  match: { id: string; category: string; consultingType: string | null; problemStatement: string };
  /** `signerIds`: the members who sign (told a plan awaits their signature, docs/decisions/068). */
  business: { id: string; name: string; signerIds: string[] };
  consultant: { id: string; firstName: string; lastName: string } | null;
  items: DeliveryItemWithRefundAndDispute[];
};

/**
 * One outline with its match, business, consultant and items: two queries read in parallel (not a
 * D1 batch: the join's columns share names, which a batch's rows do not keep apart). With a
 * `consultantId`, the consultant's own outline only; null for a manager (any outline).
 */
export async function loadOutlineContext(
  app: AppContext,
  outlineId: string,
  consultantId: string | null,
): Promise<OutlineContext | null> {
  const consultant = alias(users, "consultant");
  const [rows, items] = await Promise.all([
    app.db
      .select({
        outline: deliveryOutlines,
        matchId: matchRequests.id,
        category: matchRequests.category,
        consultingType: matchRequests.consultingType,
        problemStatement: matchRequests.problemStatement,
        businessId: businesses.id,
        businessName: businesses.name,
        signerIds: membersWhoMayColumn(businesses.id, "sign", "signer_ids"),
        consultantId: consultant.id,
        consultantFirstName: consultant.firstName,
        consultantLastName: consultant.lastName,
      })
      .from(deliveryOutlines)
      .innerJoin(matchRequests, eq(matchRequests.id, deliveryOutlines.matchRequestId))
      .innerJoin(businesses, eq(businesses.id, deliveryOutlines.businessId))
      .leftJoin(consultant, eq(consultant.id, deliveryOutlines.consultantId))
      .where(
        consultantId === null
          ? eq(deliveryOutlines.id, outlineId)
          : and(eq(deliveryOutlines.id, outlineId), eq(deliveryOutlines.consultantId, consultantId)),
      )
      .limit(1),
    app.db
      .select(itemColumnsWithRefundAndDispute())
      .from(deliveryItems)
      .where(
        and(
          eq(deliveryItems.outlineId, outlineId),
          consultantId === null
            ? sql`1 = 1`
            : exists(
                app.db
                  .select({ one: sql`1` })
                  .from(deliveryOutlines)
                  .where(and(eq(deliveryOutlines.id, outlineId), eq(deliveryOutlines.consultantId, consultantId))),
              ),
        ),
      )
      .orderBy(asc(deliveryItems.position), asc(deliveryItems.id)),
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    outline: row.outline,
    match: {
      id: row.matchId,
      category: row.category,
      consultingType: row.consultingType,
      problemStatement: row.problemStatement,
    },
    business: { id: row.businessId, name: row.businessName, signerIds: row.signerIds },
    consultant: row.consultantId
      ? { id: row.consultantId, firstName: row.consultantFirstName ?? "", lastName: row.consultantLastName ?? "" }
      : null,
    items: sortedItems(items),
  };
}

/** The plan as the signed statement reads it (the current version, signature when it covers it). */
export function planDocument(context: OutlineContext, now: Date, platformFeePercent: number): SowDocument {
  const { outline } = context;
  const signed =
    outline.businessReviewStatus === "approved" &&
    outline.signedVersion === outline.version &&
    outline.businessSignature &&
    outline.businessSignatureDate
      ? { name: outline.businessSignature, date: outline.businessSignatureDate }
      : null;
  return buildSowDocument({
    businessName: context.business.name,
    consultantName: context.consultant
      ? fullName(context.consultant.firstName, context.consultant.lastName)
      : "The consultant",
    category: context.match.category,
    consultingType: context.match.consultingType,
    problemStatement: context.match.problemStatement,
    title: outline.title,
    overview: outline.overview,
    version: outline.version,
    // The agreed phases: extra hours bought later are not part of the plan (docs/decisions/084).
    items: context.items.filter((item) => item.extraForItemId === null),
    signature: signed,
    today: utcToday(now),
    platformFeePercent,
    retainer: sowRetainerOf(outline),
  });
}

export function itemLabels(item: DeliveryItem) {
  return {
    deliveryDateLabel: formatDate(item.deliveryDate),
    priceLabel: formatMoney(item.priceCents),
  };
}

/** A price as the editor's field shows it: "2,400.00" (the one money format without the sign, as the form accepts it). */
const priceField = (cents: number) => formatMoney(cents).replace("$", "");

/**
 * The consultant's plan page: their own outline only (null otherwise), with its signed statements
 * of work. Three queries read in parallel (one round trip).
 */
export async function loadConsultantPlan(
  app: AppContext,
  consultantId: string,
  outlineId: string,
): Promise<ConsultantPlan | null> {
  const [context, signatures] = await Promise.all([
    loadOutlineContext(app, outlineId, consultantId),
    signedStatementsQuery(app, outlineId),
  ]);
  if (!context) return null;
  const { outline } = context;
  const stage = planStage(outline);
  const today = todayAnywhereOnEarth(app.now());
  return {
    id: outline.id,
    matchId: context.match.id,
    conversationPath: outline.consultantId
      ? threadOfMatchPath("consultant", context.match.id, outline.consultantId)
      : null,
    business: context.business.name,
    title: outline.title,
    overview: outline.overview,
    version: outline.version,
    signedVersion: outline.signedVersion,
    stage,
    stageLabel: planStageLabel(outline),
    statusLabel: ENGAGEMENT_STATUS_LABELS[engagementStatus(outline, context.items)],
    editable: canConsultantEditPlan(outline),
    signed: outline.signedVersion !== null,
    revision: String(outline.updatedAt.getTime()),
    managerNotes: outline.egmReviewStatus === "revision" ? outline.egmReviewNotes : null,
    businessNotes: outline.businessReviewStatus === "revision" ? outline.businessNotes : null,
    kind: outline.kind,
    retainer: {
      monthlyFee: outline.monthlyFeeCents === null ? "" : priceField(outline.monthlyFeeCents),
      monthlyHours: outline.monthlyBudgetMinutes === null ? "" : String(outline.monthlyBudgetMinutes / 60),
      startDate: outline.retainerStartDate ?? "",
      noticeMonths: outline.noticeMonths === null ? "1" : String(outline.noticeMonths),
      monthlySessions: outline.monthlySessions === null ? "" : String(outline.monthlySessions),
      sessionMinutes: String(outline.sessionMinutes ?? 60),
      cancelNoticeHours: String(outline.cancelNoticeHours ?? 24),
    },
    notice: retainerNotice(outline, app.now()),
    items: context.items.map((item) => ({
      id: item.id,
      position: item.position,
      title: item.title,
      description: item.description,
      deliveryDate: item.deliveryDate,
      price: priceField(item.priceCents),
      status: item.status,
      // A coaching month is approved only by its sessions settling (docs/decisions/085).
      statusLabel: deliverableStatusLabel({ ...item, settledBySessions: outline.kind === "coaching" }),
      overdue: isItemOverdue(item, outline, today),
      // Extra hours bought for a month are not the plan's to change (docs/decisions/084).
      editable: isItemEditable(item) && item.extraForItemId === null,
      canDeliver: canConsultantDeliver(item),
      canLogTime: item.periodStart !== null && !outline.complete && monthTakesTime(item),
      ...itemLabels(item),
    })),
    document: planDocument(context, app.now(), app.env.PLATFORM_FEE_PERCENT),
    signedStatements: toSignedStatements(signatures),
  };
}

/**
 * Saves the plan (intent save) or saves and sends it for the manager's review (intent submit).
 * Paid items stay as they are, first, in their order; the form's items follow. Refused: another
 * consultant's or an unknown plan (404), a plan not editable now (409 PLAN_NOT_EDITABLE), a stale
 * form (409 PLAN_CHANGED_MEANWHILE: the revision it was loaded at is not the current one), a
 * submission without items or overview (400). All writes go in one batch, each conditional on the
 * outline still being at the revision read, so a replay writes nothing.
 */
export async function savePlan(
  app: AppContext,
  consultantId: string,
  outlineId: string,
  input: PlanFormInput,
  revision: string | null,
  origin: string,
): Promise<{ ok: true; submitted: boolean } | Failure> {
  const context = await loadOutlineContext(app, outlineId, consultantId);
  if (!context) return { ok: false, status: 404, msg: OUTLINE_NOT_FOUND };
  const { outline } = context;
  if (!canConsultantEditPlan(outline)) return { ok: false, status: 409, msg: PLAN_NOT_EDITABLE };
  const readAt = outline.updatedAt.getTime();
  if (revision !== null && revision !== String(readAt)) return { ok: false, status: 409, msg: PLAN_CHANGED_MEANWHILE };

  // Extra hours bought for a retainer's month are not the plan's to change (docs/decisions/084).
  const planItems = context.items.filter((item) => item.extraForItemId === null);
  const locked = planItems.filter((item) => !isItemEditable(item));
  const editable = new Map(planItems.filter(isItemEditable).map((item) => [item.id, item]));
  const lockedIds = new Set(locked.map((item) => item.id));
  if (locked.length > 0 && input.kind !== outline.kind) return { ok: false, status: 409, msg: PLAN_KIND_LOCKED };
  const terms = billedMonthly(input.kind) ? monthlyTermsOf(input) : null;
  // Signed terms change only with a new version: the manager's review and the business's signature
  // (until then the daily run opens and charges nothing at them). A draft cannot change them.
  if (terms && outline.signedVersion !== null && input.intent === "save" && termsChanged(outline, input.kind, terms)) {
    return { ok: false, status: 409, msg: RETAINER_TERMS_NEED_REVIEW };
  }
  if (terms && locked.length > 0 && terms.retainerStartDate !== outline.retainerStartDate) {
    return { ok: false, status: 400, msg: RETAINER_START_LOCKED, fieldErrors: { startDate: [RETAINER_START_LOCKED] } };
  }
  // A retainer's rows are its months, made from its terms: the first month until it is paid, then
  // the months the daily run opened and not yet paid, at the fee (docs/decisions/082).
  const submitted: PlanRow[] = terms
    ? retainerRows(terms, [...editable.values()], locked.length)
    : input.items.filter((item) => !(item.id && lockedIds.has(item.id)));
  const submit = input.intent === "submit";
  if (submit && input.overview.trim() === "")
    return { ok: false, status: 400, msg: PLAN_NEEDS_OVERVIEW, field: "overview" };
  if (submit && terms && locked.length === 0 && isPastDate(terms.retainerStartDate, todayAnywhereOnEarth(app.now()))) {
    return { ok: false, status: 400, msg: PLAN_HAS_PAST_DATES, fieldErrors: { startDate: [RETAINER_START_PAST] } };
  }
  if (submit && locked.length + submitted.length === 0)
    return { ok: false, status: 400, msg: PLAN_NEEDS_ITEMS, field: "items" };
  const now = app.now();
  // A plan is sent with no deliverable still to agree on dated in the past (ADR 049); a draft may
  // keep one while the consultant works on it. Paid deliverables keep their agreed dates.
  if (submit) {
    const today = todayAnywhereOnEarth(now);
    const past = terms
      ? []
      : input.items.flatMap((item, index) =>
          !(item.id && lockedIds.has(item.id)) && isPastDate(item.deliveryDate, today) ? [index] : [],
        );
    if (past.length > 0)
      return {
        ok: false,
        status: 400,
        msg: PLAN_HAS_PAST_DATES,
        fieldErrors: Object.fromEntries(past.map((index) => [`items[${index}].deliveryDate`, [ITEM_DATE_PAST]])),
      };
  }

  const unchanged = exists(
    app.db
      .select({ one: sql`1` })
      .from(deliveryOutlines)
      .where(and(eq(deliveryOutlines.id, outline.id), eq(deliveryOutlines.updatedAt, outline.updatedAt))),
  );
  const keptIds = submitted.flatMap((item) => (item.id && editable.has(item.id) ? [item.id] : []));
  const writes: BatchItem<"sqlite">[] = [];
  // Removed rows: the editable items the form no longer lists.
  writes.push(
    app.db.delete(deliveryItems).where(
      and(
        eq(deliveryItems.outlineId, outline.id),
        isNull(deliveryItems.paidPurchaseId),
        inArray(deliveryItems.status, ["upcoming", "awaiting_payment"]),
        keptIds.length > 0 ? notInArray(deliveryItems.id, keptIds) : sql`1 = 1`,
        // A retainer's save never removes a month (the daily run may open one meanwhile), nor extra hours.
        terms ? isNull(deliveryItems.periodStart) : undefined,
        isNull(deliveryItems.extraForItemId),
        unchanged,
      ),
    ),
  );
  // A retainer's months keep their positions: a month's position is its index (docs/decisions/082).
  (terms ? [] : locked).forEach((item, position) => {
    writes.push(
      app.db
        .update(deliveryItems)
        .set({ position, updatedAt: now })
        .where(and(eq(deliveryItems.id, item.id), eq(deliveryItems.outlineId, outline.id), unchanged)),
    );
  });
  // The rows the plan has after this save, in plan order (what a sent version records).
  const idsAfter = submitted.map((item) => (item.id && editable.has(item.id) ? item.id : crypto.randomUUID()));
  submitted.forEach((item, index) => {
    // A retainer's month keeps its index as its position; a deliverable follows the paid ones.
    const position = item.position ?? locked.length + index;
    const values = {
      position,
      title: item.title,
      description: item.description,
      deliveryDate: item.deliveryDate,
      priceCents: item.price,
      periodStart: item.periodStart ?? null,
      periodEnd: item.periodEnd ?? null,
    };
    if (item.id && editable.has(item.id)) {
      writes.push(
        app.db
          .update(deliveryItems)
          .set({ ...values, updatedAt: now })
          .where(
            and(
              eq(deliveryItems.id, item.id),
              eq(deliveryItems.outlineId, outline.id),
              isNull(deliveryItems.paidPurchaseId),
              unchanged,
            ),
          ),
      );
    } else {
      writes.push(
        app.db.insert(deliveryItems).select(
          app.db
            .select({
              id: sql<string>`${idsAfter[index]}`.as("id"),
              outlineId: deliveryOutlines.id,
              businessId: deliveryOutlines.businessId,
              position: sql<number>`${position}`.as("position"),
              title: sql<string>`${values.title}`.as("title"),
              description: sql<string>`${values.description}`.as("description"),
              deliveryDate: sql<string>`${values.deliveryDate}`.as("delivery_date"),
              priceCents: sql<number>`${values.priceCents}`.as("price_cents"),
              currency: sql<string>`'usd'`.as("currency"),
              status: sql<string>`'upcoming'`.as("status"),
              consultantConfirmedDelivery: sql<number>`0`.as("consultant_confirmed_delivery"),
              consultantConfirmedAt: sql<null>`NULL`.as("consultant_confirmed_at"),
              summaryOfWork: sql<null>`NULL`.as("summary_of_work"),
              businessDeliveryReview: sql<null>`NULL`.as("business_delivery_review"),
              paidPurchaseId: sql<null>`NULL`.as("paid_purchase_id"),
              periodStart: sql<string | null>`${values.periodStart}`.as("period_start"),
              periodEnd: sql<string | null>`${values.periodEnd}`.as("period_end"),
              extraForItemId: sql<null>`NULL`.as("extra_for_item_id"),
              createdAt: sql<number>`${now.getTime()}`.as("created_at"),
              updatedAt: sql<number>`${now.getTime()}`.as("updated_at"),
              completedAt: sql<null>`NULL`.as("completed_at"),
            })
            .from(deliveryOutlines)
            .where(and(eq(deliveryOutlines.id, outline.id), eq(deliveryOutlines.updatedAt, outline.updatedAt))),
        ),
      );
    }
  });
  const next = submit ? { ...afterSubmission(outline), submittedAt: now } : {};
  const outlineWrite = app.db
    .update(deliveryOutlines)
    .set({
      title: input.title,
      overview: input.overview,
      kind: input.kind,
      ...(terms ?? NO_MONTHLY_TERMS),
      updatedAt: now,
      ...next,
    })
    .where(
      and(
        eq(deliveryOutlines.id, outline.id),
        eq(deliveryOutlines.updatedAt, outline.updatedAt),
        eq(deliveryOutlines.state, outline.state),
        eq(deliveryOutlines.egmReviewStatus, outline.egmReviewStatus),
        eq(deliveryOutlines.businessReviewStatus, outline.businessReviewStatus),
        eq(deliveryOutlines.version, outline.version),
      ),
    )
    .returning({ id: deliveryOutlines.id });
  // A sent version is recorded as sent (ADR 049), only when this batch's outline write landed.
  const snapshot = submit
    ? [
        app.db
          .insert(deliveryOutlineVersions)
          .select(
            app.db
              .select({
                id: sql<string>`${crypto.randomUUID()}`.as("id"),
                outlineId: deliveryOutlines.id,
                businessId: deliveryOutlines.businessId,
                version: deliveryOutlines.version,
                title: deliveryOutlines.title,
                overview: deliveryOutlines.overview,
                items: sql<string>`${JSON.stringify(versionItems(locked, submitted, idsAfter))}`.as("items"),
                submittedAt: deliveryOutlines.submittedAt,
                createdAt: sql<number>`${now.getTime()}`.as("created_at"),
              })
              .from(deliveryOutlines)
              .where(
                and(
                  eq(deliveryOutlines.id, outline.id),
                  eq(deliveryOutlines.updatedAt, now),
                  eq(deliveryOutlines.submittedAt, now),
                ),
              ),
          )
          .onConflictDoNothing(),
      ]
    : [];
  const results = await app.db.batch([...writes, outlineWrite, ...snapshot] as unknown as [
    BatchItem<"sqlite">,
    ...BatchItem<"sqlite">[],
  ]);
  const written = results[writes.length] as { id: string }[];
  if (written.length === 0) return { ok: false, status: 409, msg: PLAN_CHANGED_MEANWHILE };

  // A charge of the card on file still open for a deliverable this save removed or repriced is
  // closed, so Stripe never collects it (docs/decisions/082).
  const priceAfter = new Map(submitted.flatMap((item) => (item.id ? [[item.id, item.price] as const] : [])));
  const changed = [...editable.values()].filter((item) => priceAfter.get(item.id) !== item.priceCents);
  await closeCardChargesOf(
    app,
    outline.businessId,
    changed.map((item) => item.id),
  );

  if (submit) {
    // The plan is sent: a notice that cannot be written now (the console lists the plan anyway)
    // must not turn the send into a failure the consultant would retry.
    try {
      await tellManagers(app, context, outline.id, input.title, origin);
    } catch (error) {
      console.error(`The managers could not be told of plan ${outline.id}:`, error);
    }
  }
  return { ok: true, submitted: submit };
}

/** A row of the plan as saved: a deliverable of the form, or a retainer's month with its period. */
type PlanRow = PlanFormInput["items"][number] & { periodStart?: string; periodEnd?: string; position?: number };

/** A retainer's or coaching's terms: the budget is hours for one and sessions for the other. */
type MonthlyTerms = {
  monthlyFeeCents: number;
  monthlyBudgetMinutes: number | null;
  monthlySessions: number | null;
  sessionMinutes: number | null;
  cancelNoticeHours: number | null;
  retainerStartDate: string;
  noticeMonths: number;
};

const NO_MONTHLY_TERMS = {
  monthlyFeeCents: null,
  monthlyBudgetMinutes: null,
  monthlySessions: null,
  sessionMinutes: null,
  cancelNoticeHours: null,
  retainerStartDate: null,
  noticeMonths: null,
} as const;

function termsChanged(outline: DeliveryOutline, kind: string, terms: MonthlyTerms): boolean {
  return (
    outline.kind !== kind || (Object.keys(terms) as (keyof MonthlyTerms)[]).some((key) => outline[key] !== terms[key])
  );
}

/** A retainer's or coaching form's terms (PlanFormSchema requires each of its kind's). */
function monthlyTermsOf(input: PlanFormInput): MonthlyTerms {
  const coaching = input.kind === "coaching";
  return {
    monthlyFeeCents: input.monthlyFee ?? 0,
    monthlyBudgetMinutes: coaching ? null : (input.monthlyHours ?? 0),
    monthlySessions: coaching ? (input.monthlySessions ?? 1) : null,
    sessionMinutes: coaching ? (input.sessionMinutes ?? 60) : null,
    cancelNoticeHours: coaching ? (input.cancelNoticeHours ?? 0) : null,
    retainerStartDate: input.startDate ?? "",
    noticeMonths: input.noticeMonths ?? 0,
  };
}

/**
 * A retainer's unpaid months after a save: those that exist, repriced to the fee (and the first
 * month dated from the start date while nothing is paid); the first month when none exists yet.
 */
function retainerRows(terms: MonthlyTerms, unpaid: readonly DeliveryItem[], paidCount: number): PlanRow[] {
  const months = unpaid.filter((item) => item.periodStart !== null);
  if (months.length === 0 && paidCount > 0) return [];
  const rows = months.length > 0 ? months : [null];
  return rows.map((item, index) => {
    const period =
      paidCount === 0
        ? retainerMonth(terms.retainerStartDate, index)
        : { start: item!.periodStart!, end: item!.periodEnd! };
    const month = { index: item && paidCount > 0 ? item.position : index, ...period };
    return {
      id: item?.id,
      title: retainerMonthTitle(month),
      description: "",
      deliveryDate: month.end,
      price: terms.monthlyFeeCents,
      periodStart: month.start,
      periodEnd: month.end,
      position: month.index,
    };
  });
}

/** One sent version's deliverables (the paid ones first, as they stay, then the form's). */
function versionItems(
  locked: readonly DeliveryItem[],
  submitted: readonly PlanRow[],
  ids: readonly string[],
): PlanVersionItemRow[] {
  return [
    ...locked.map((item) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      deliveryDate: item.deliveryDate,
      priceCents: item.priceCents,
    })),
    ...submitted.map((item, index) => ({
      id: ids[index]!,
      title: item.title,
      description: item.description,
      deliveryDate: item.deliveryDate,
      priceCents: item.price,
    })),
  ];
}

/** Tells every engagement manager that a plan waits for their review. */
async function tellManagers(
  app: AppContext,
  context: OutlineContext,
  outlineId: string,
  title: string,
  origin: string,
) {
  const managers = await managerIds(app);
  const consultantName = context.consultant
    ? fullName(context.consultant.firstName, context.consultant.lastName)
    : "The consultant";
  await notify(
    app,
    origin,
    managers.map((userId) => ({
      userId,
      businessId: context.business.id,
      kind: "plan_submitted",
      title: PLAN_SUBMITTED_NOTICE.title,
      body: `${consultantName} sent the engagement plan "${title}" for ${context.business.name}. Approve it or send it back with notes.`,
      link: managerEngagementPath(outlineId),
      action: PLAN_SUBMITTED_NOTICE.action,
      footer: PLAN_SUBMITTED_NOTICE.footer,
    })),
  );
}
