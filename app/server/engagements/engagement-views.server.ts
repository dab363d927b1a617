import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  coachingSessions,
  consultantProfiles,
  deliveryItemDecisions,
  deliveryItems,
  deliveryOutlines,
  files,
  financeReports,
  matchRequests,
  sowSignatures,
  users,
  timeEntries,
} from "~db/schema";
import {
  businessRejectedCurrentVersion,
  canBusinessReviewPlan,
  engagementStatus,
  nextItemToPrepay,
  planDetailsVisibleToBusiness,
  sortedItems,
  todayAnywhereOnEarth,
  visibleToBusiness,
  type OutlineStatusFields,
} from "~/lib/engagements/engagement-state";
import type { DeliveryItemView, DeliveryOutlineView } from "~/lib/engagements/engagement-view";
import {
  engagementNextStep,
  newestEngagementsFirst,
  type BusinessEngagement,
  type EngagementTileData,
} from "~/lib/engagements/engagement-display";
import { sowRetainerOf, buildSowDocument } from "~/lib/engagements/sow";
import { sessionRowsQuery } from "./coaching-sessions.server";
import { retainerView } from "./retainers.server";
import { extraHoursRequestsQuery } from "./extra-hours.server";
import { engagementResults } from "~/lib/engagements/engagement-results";
import { consultantPhotoPath } from "~/lib/consultants/profile";
import { fullName } from "~/lib/shared/format";
import type { ClientViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { preparedRead, runReads } from "~db/prepared";
import { cardOnFileQuery, declinedChargesQuery } from "~/server/payments/card-on-file.server";
import { signedStatementColumns, toSignedStatements } from "./plan-review.server";
import {
  decisionNoteColumns,
  itemFileColumns,
  itemView,
  outlineView,
  type DecisionNoteRow,
  type ItemFileRow,
} from "./delivery-view.server";
import {
  itemColumnsWithRefundAndDispute,
  itemRefundedColumn,
  type DeliveryItemWithRefundAndDispute,
} from "./item-refunds.server";
import { itemDisputeColumn } from "./dispute-columns.server";

/**
 * The business's engagements (spec §2 /features Engagements, the engagement panel,
 * /engagement-portal, the dashboard's card and the navigation; §3 Delivery outline and item; §4
 * "Matches with an active or proposed outline become engagements"; §7 GET /api/delivery-outline/…).
 *
 * An engagement is a match request with the outline the business may see (visibleToBusiness: a
 * manager approved a version). Every query is scoped by the session's business, so another
 * business's id, or a plan still between the consultant and the manager, reads as not found.
 * While a changed version waits for the manager (planDetailsVisibleToBusiness false) the business
 * sees the engagement and the items it has paid for, never the unapproved text or items.
 * Each loader is ONE db.batch (one D1 round trip) after the viewer.
 */

/** Longest list the tabs, the card and the navigation read (newest first). */
export const ENGAGEMENT_LIST_LIMIT = 100;

/** visibleToBusiness (app/lib/engagements/engagement-state.ts) as SQL, for the lists' WHERE. */
const visibleSql = sql`(${deliveryOutlines.state} <> 'draft' and (${deliveryOutlines.egmReviewStatus} = 'approved' or ${deliveryOutlines.signedVersion} is not null or ${deliveryOutlines.businessReviewStatus} = 'revision'))`;

const outlineStatusColumns = {
  state: deliveryOutlines.state,
  complete: deliveryOutlines.complete,
  egmReviewStatus: deliveryOutlines.egmReviewStatus,
  businessReviewStatus: deliveryOutlines.businessReviewStatus,
  version: deliveryOutlines.version,
  signedVersion: deliveryOutlines.signedVersion,
  businessRejectedVersion: deliveryOutlines.businessRejectedVersion,
  submittedAt: deliveryOutlines.submittedAt,
  pausedAt: deliveryOutlines.pausedAt,
};

const itemStatusColumns = {
  id: deliveryItems.id,
  outlineId: deliveryItems.outlineId,
  position: deliveryItems.position,
  status: deliveryItems.status,
  paidPurchaseId: deliveryItems.paidPurchaseId,
  consultantConfirmedDelivery: deliveryItems.consultantConfirmedDelivery,
  businessDeliveryReview: deliveryItems.businessDeliveryReview,
  // A refunded item is settled and never waits for the business's review (issue #18).
  refunded: itemRefundedColumn(),
};

// ---------------------------------------------------------------------------------------------
// Lists: the Engagements tab, the dashboard's card, the navigation
// ---------------------------------------------------------------------------------------------

/** The business's visible engagements with their match and consultant, newest first. */
const engagementTileRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({
      id: deliveryOutlines.id,
      matchRequestId: deliveryOutlines.matchRequestId,
      title: deliveryOutlines.title,
      createdAt: deliveryOutlines.createdAt,
      ...outlineStatusColumns,
      category: matchRequests.category,
      consultingType: matchRequests.consultingType,
      consultantFirstName: users.firstName,
      consultantLastName: users.lastName,
    })
    .from(deliveryOutlines)
    .innerJoin(
      matchRequests,
      and(eq(matchRequests.id, deliveryOutlines.matchRequestId), eq(matchRequests.businessId, p.businessId)),
    )
    .leftJoin(users, eq(users.id, deliveryOutlines.consultantId))
    .where(and(eq(deliveryOutlines.businessId, p.businessId), visibleSql))
    .orderBy(desc(deliveryOutlines.createdAt), desc(deliveryOutlines.id))
    .limit(ENGAGEMENT_LIST_LIMIT)
    .prepare(),
);

/** The states of those engagements' items. */
const engagementTileItemRows = preparedRead(["businessId"], (db, p) =>
  db
    .select(itemStatusColumns)
    .from(deliveryItems)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .where(
      and(eq(deliveryItems.businessId, p.businessId), and(eq(deliveryOutlines.businessId, p.businessId), visibleSql)),
    )
    .prepare(),
);

/**
 * The business's engagements as tiles, newest first, each with its status and the business's
 * next step: ONE db.batch (the outlines with their match and consultant, and their items' states).
 */
export async function loadEngagementTiles(app: AppContext, viewer: ClientViewer): Promise<EngagementTileData[]> {
  const values = { businessId: viewer.business.id };
  const [outlineRows, itemRows] = await runReads(app.db, [
    engagementTileRows(app.db, values),
    engagementTileItemRows(app.db, values),
  ]);
  const tiles = outlineRows
    .filter((row) => visibleToBusiness(row))
    .map((row): EngagementTileData => {
      const items = itemRows.filter((item) => item.outlineId === row.id);
      return {
        id: row.id,
        matchRequestId: row.matchRequestId,
        title: row.title,
        category: row.category,
        consultingType: row.consultingType,
        consultantName: fullName(row.consultantFirstName, row.consultantLastName),
        createdAt: row.createdAt.toISOString(),
        complete: row.complete,
        status: engagementStatus(row, items),
        nextStep: engagementNextStep(row, items),
      };
    });
  return newestEngagementsFirst(tiles);
}

const anyVisibleEngagement = preparedRead(["businessId"], (db, p) =>
  db
    .select({ id: deliveryOutlines.id })
    .from(deliveryOutlines)
    .where(and(eq(deliveryOutlines.businessId, p.businessId), visibleSql))
    .limit(1)
    .prepare(),
);

/** Whether the business has an engagement (spec §2: the navigation's Engagements entry). One query. */
export async function hasEngagements(app: AppContext, businessId: string): Promise<boolean> {
  const rows = await anyVisibleEngagement(app.db, { businessId }).run();
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// One engagement: the panel, the portal, GET /api/delivery-outline/{id}
// ---------------------------------------------------------------------------------------------

/**
 * The visible outline of the business: `outlineId`, or with null its current engagement (the
 * newest not complete, else the newest). A SQL expression so the batch's other queries can key on it.
 */
export function outlineIdSql(businessId: string, outlineId: string | null): SQL {
  if (outlineId !== null) return sql`${outlineId}`;
  return sql`(select ${deliveryOutlines.id} from ${deliveryOutlines} where ${deliveryOutlines.businessId} = ${businessId} and ${visibleSql} order by ${deliveryOutlines.complete} asc, ${deliveryOutlines.createdAt} desc, ${deliveryOutlines.id} desc limit 1)`;
}

const todayOf = (app: AppContext) => app.now().toISOString().slice(0, 10);

/**
 * One engagement of the business (`outlineId`; null = its current one), or null when unknown,
 * another business's, or not yet approved by a manager. ONE db.batch: the outline, its match and
 * consultant, the items, the latest decisions' notes, the items' files, the signed statements of
 * work and the business's finance report (the before/after results).
 */
export async function loadBusinessEngagement(
  app: AppContext,
  viewer: ClientViewer,
  outlineId: string | null,
): Promise<BusinessEngagement | null> {
  const businessId = viewer.business.id;
  const target = outlineIdSql(businessId, outlineId);
  const visibleOutline = and(eq(deliveryOutlines.id, target), eq(deliveryOutlines.businessId, businessId), visibleSql);
  // A batch's rows come back keyed by column name: each query reads one table's columns (or
  // columns whose names no other table in it shares), the match and the consultant by sub-select.
  const [
    outlineRows,
    matchRows,
    consultantRows,
    itemRows,
    noteRows,
    fileRows,
    signatureRows,
    reportRows,
    cardRows,
    declinedRows,
    timeRows,
    requestRows,
    sessionRows,
  ] = await app.db.batch([
    app.db.select().from(deliveryOutlines).where(visibleOutline).limit(1),
    app.db
      .select({
        id: matchRequests.id,
        createdAt: matchRequests.createdAt,
        category: matchRequests.category,
        consultingType: matchRequests.consultingType,
        problemStatement: matchRequests.problemStatement,
        clientSatisfaction: matchRequests.clientSatisfaction,
        clientFeedback: matchRequests.clientFeedback,
      })
      .from(matchRequests)
      .where(
        and(
          eq(matchRequests.businessId, businessId),
          eq(
            matchRequests.id,
            sql`(select ${deliveryOutlines.matchRequestId} from ${deliveryOutlines} where ${visibleOutline})`,
          ),
        ),
      )
      .limit(1),
    app.db
      .select({
        consultantId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        headline: consultantProfiles.headline,
        location: consultantProfiles.location,
        photoKey: consultantProfiles.photoKey,
        businessAreas: consultantProfiles.businessAreas,
        engagementTypes: consultantProfiles.engagementTypes,
      })
      .from(users)
      .leftJoin(consultantProfiles, eq(consultantProfiles.userId, users.id))
      .where(
        eq(users.id, sql`(select ${deliveryOutlines.consultantId} from ${deliveryOutlines} where ${visibleOutline})`),
      )
      .limit(1),
    app.db
      .select(itemColumnsWithRefundAndDispute())
      .from(deliveryItems)
      .where(and(eq(deliveryItems.outlineId, target), eq(deliveryItems.businessId, businessId)))
      .orderBy(asc(deliveryItems.position), asc(deliveryItems.id)),
    app.db
      .select(decisionNoteColumns)
      .from(deliveryItemDecisions)
      .where(and(eq(deliveryItemDecisions.outlineId, target), eq(deliveryItemDecisions.businessId, businessId)))
      .orderBy(desc(deliveryItemDecisions.createdAt), desc(deliveryItemDecisions.id)),
    app.db
      .select(itemFileColumns)
      .from(files)
      .innerJoin(deliveryItems, eq(deliveryItems.id, files.deliveryItemId))
      .where(and(eq(deliveryItems.outlineId, target), eq(files.businessId, businessId)))
      .orderBy(asc(files.createdAt), asc(files.id)),
    app.db
      .select(signedStatementColumns)
      .from(sowSignatures)
      .where(and(eq(sowSignatures.outlineId, target), eq(sowSignatures.businessId, businessId)))
      .orderBy(desc(sowSignatures.outlineVersion)),
    app.db
      .select({ profitAndLoss: financeReports.profitAndLoss })
      .from(financeReports)
      .where(eq(financeReports.businessId, businessId))
      .limit(1),
    // The card on file and a declined charge of this engagement's next deliverable (ADR 082).
    cardOnFileQuery(app, businessId),
    declinedChargesQuery(
      app,
      businessId,
      "delivery_item",
      sql`(select ${deliveryItems.id} from ${deliveryItems} where ${deliveryItems.outlineId} = ${target} and ${deliveryItems.businessId} = ${businessId})`,
    ),
    // A retainer's time logs (docs/decisions/082); none for a project.
    app.db
      .select({
        id: timeEntries.id,
        itemId: timeEntries.itemId,
        workDate: timeEntries.workDate,
        minutes: timeEntries.minutes,
        description: timeEntries.description,
      })
      .from(timeEntries)
      .where(and(eq(timeEntries.outlineId, target), eq(timeEntries.businessId, businessId))),
    // Its months' requests for extra hours (docs/decisions/084).
    extraHoursRequestsQuery(app, { outlineId: target, businessId }),
    // Coaching's sessions (docs/decisions/085); none for the others.
    sessionRowsQuery(app, and(eq(coachingSessions.outlineId, target), eq(coachingSessions.businessId, businessId))),
  ]);
  const outline = outlineRows[0];
  const match = matchRows[0];
  if (!outline || !match || !visibleToBusiness(outline)) return null;
  const extras: EngagementExtras = {
    signedStatements: toSignedStatements(signatureRows),
    rating:
      match.clientSatisfaction !== null
        ? { clientSatisfaction: match.clientSatisfaction, clientFeedback: match.clientFeedback }
        : null,
    results: outline.startedAt
      ? engagementResults(reportRows[0]?.profitAndLoss ?? null, {
          startedAt: outline.startedAt,
          completedAt: outline.completedAt,
          employees: viewer.business.numberOfEmployees ?? 0,
          now: app.now(),
        })
      : null,
    billing: {
      card: cardRows[0] ?? null,
      declined: declinedRows.map((row) => ({
        itemId: row.referenceId,
        declineMessage: row.declineMessage,
        declinedAt: row.declinedAt?.toISOString() ?? app.now().toISOString(),
        retryAt: row.retryAt?.toISOString() ?? null,
        invoiceUrl: row.invoiceUrl,
      })),
    },
    retainer: retainerView(outline, itemRows, timeRows, requestRows, app.now(), sessionRows),
  };
  return toBusinessEngagement(
    app,
    viewer,
    { outline, match, consultant: consultantRows[0] ?? null },
    itemRows,
    noteRows,
    fileRows,
    extras,
  );
}

type EngagementExtras = Pick<BusinessEngagement, "signedStatements" | "rating" | "results" | "billing" | "retainer">;

type EngagementRow = {
  outline: typeof deliveryOutlines.$inferSelect;
  match: Omit<BusinessEngagement["match"], "createdAt"> & {
    createdAt: Date;
    clientSatisfaction: number | null;
    clientFeedback: string | null;
  };
  consultant: {
    consultantId: string;
    firstName: string;
    lastName: string;
    headline: string | null;
    location: string | null;
    photoKey: string | null;
    businessAreas: string[] | null;
    engagementTypes: string[] | null;
  } | null;
};

function toBusinessEngagement(
  app: AppContext,
  viewer: ClientViewer,
  row: EngagementRow,
  allItems: readonly DeliveryItemWithRefundAndDispute[],
  notes: readonly DecisionNoteRow[],
  fileRows: readonly ItemFileRow[],
  extras: EngagementExtras,
): BusinessEngagement {
  const outline = row.outline;
  const planVisible = planDetailsVisibleToBusiness(outline);
  const ordered = sortedItems(allItems);
  const consultantRow = row.consultant;
  const consultantName = consultantRow ? fullName(consultantRow.firstName, consultantRow.lastName) : "";
  // The unapproved text of a changed version stays hidden too.
  const view: DeliveryOutlineView = {
    ...outlineView(outline, allItems, fileRows, notes, todayAnywhereOnEarth(app.now())),
    overview: planVisible ? outline.overview : "",
  };
  const status = view.status;
  const signed =
    outline.signedVersion === outline.version && outline.businessSignature && outline.businessSignatureDate;
  const plan = planVisible
    ? buildSowDocument({
        businessName: viewer.business.name,
        consultantName,
        category: row.match.category,
        consultingType: row.match.consultingType,
        problemStatement: row.match.problemStatement,
        title: outline.title,
        overview: outline.overview,
        version: outline.version,
        items: ordered.filter((item) => item.extraForItemId === null),
        signature: signed ? { name: outline.businessSignature ?? "", date: outline.businessSignatureDate ?? "" } : null,
        today: todayOf(app),
        platformFeePercent: app.env.PLATFORM_FEE_PERCENT,
        retainer: sowRetainerOf(outline),
      })
    : null;
  const next = planVisible ? nextItemToPrepay(outline, ordered) : null;
  return {
    tile: {
      id: outline.id,
      matchRequestId: outline.matchRequestId,
      title: outline.title,
      category: row.match.category,
      consultingType: row.match.consultingType,
      consultantName,
      createdAt: outline.createdAt.toISOString(),
      complete: outline.complete,
      status,
      nextStep: engagementNextStep(outline, ordered),
    },
    match: {
      id: row.match.id,
      createdAt: row.match.createdAt.toISOString(),
      category: row.match.category,
      consultingType: row.match.consultingType,
      problemStatement: row.match.problemStatement,
    },
    consultant:
      consultantRow && consultantRow.headline !== null
        ? {
            consultantId: consultantRow.consultantId,
            name: consultantName,
            headline: consultantRow.headline,
            location: consultantRow.location ?? "",
            photoUrl: consultantRow.photoKey ? consultantPhotoPath(consultantRow.consultantId) : null,
            businessAreas: consultantRow.businessAreas ?? [],
            engagementTypes: consultantRow.engagementTypes ?? [],
          }
        : null,
    outline: view,
    planVisible,
    plan,
    canReviewPlan: canBusinessReviewPlan(outline),
    changesRequested: businessRejectedCurrentVersion(outline) ? { notes: outline.businessNotes ?? "" } : null,
    nextItemToPrepayId: next?.id ?? null,
    ...extras,
  };
}

/** GET /api/delivery-outline/{id}: the outline of the business's engagement, or null (→ 404). */
export async function loadDeliveryOutlineView(
  app: AppContext,
  viewer: ClientViewer,
  outlineId: string,
): Promise<DeliveryOutlineView | null> {
  const engagement = await loadBusinessEngagement(app, viewer, outlineId);
  return engagement?.outline ?? null;
}

/**
 * GET /api/delivery-outline/item/{id}: one item of the business's engagement (its summary of work,
 * the review, the delivery files), or null when unknown, another business's, on a plan the
 * business cannot see yet, or an unpaid item of a changed version waiting for the manager.
 * ONE db.batch.
 */
export async function loadDeliveryItemView(
  app: AppContext,
  viewer: ClientViewer,
  itemId: string,
): Promise<DeliveryItemView | null> {
  const businessId = viewer.business.id;
  const [rows, noteRows, fileRows] = await app.db.batch([
    app.db
      .select({
        item: deliveryItems,
        outline: outlineStatusColumns,
        kind: deliveryOutlines.kind,
        refunded: itemRefundedColumn(),
        dispute: itemDisputeColumn(),
      })
      .from(deliveryItems)
      .innerJoin(
        deliveryOutlines,
        and(eq(deliveryOutlines.id, deliveryItems.outlineId), eq(deliveryOutlines.businessId, businessId)),
      )
      .where(and(eq(deliveryItems.id, itemId), eq(deliveryItems.businessId, businessId), visibleSql))
      .limit(1),
    app.db
      .select(decisionNoteColumns)
      .from(deliveryItemDecisions)
      .where(and(eq(deliveryItemDecisions.itemId, itemId), eq(deliveryItemDecisions.businessId, businessId)))
      .orderBy(desc(deliveryItemDecisions.createdAt), desc(deliveryItemDecisions.id)),
    app.db
      .select(itemFileColumns)
      .from(files)
      .where(and(eq(files.deliveryItemId, itemId), eq(files.businessId, businessId)))
      .orderBy(asc(files.createdAt), asc(files.id)),
  ]);
  const row = rows[0];
  if (!row) return null;
  const outline: OutlineStatusFields = row.outline;
  if (!visibleToBusiness(outline)) return null;
  if (!planDetailsVisibleToBusiness(outline) && row.item.paidPurchaseId === null) return null;
  return itemView({ ...row.item, refunded: row.refunded, dispute: row.dispute }, fileRows, noteRows, {
    outline: { ...row.outline, kind: row.kind },
    today: todayAnywhereOnEarth(app.now()),
  });
}
