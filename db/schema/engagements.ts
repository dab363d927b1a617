/** Engagements: delivery outlines, items and the client's decisions on them. */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { bool, createdAt, currency, id, timestamp, updatedAt } from "./columns";
import {
  BUSINESS_REVIEW_STATUSES,
  DELIVERY_DECISIONS,
  DELIVERY_DECISION_ACTIONS,
  DELIVERY_ITEM_STATUSES,
  DELIVERY_REVIEWS,
  DISPUTE_OUTCOMES,
  DISPUTE_STATUSES,
  EGM_REVIEW_STATUSES,
  EXTRA_HOURS_STATUSES,
  ENGAGEMENT_NOTE_KINDS,
  NOTICE_PARTIES,
  OUTLINE_KINDS,
  OUTLINE_STATES,
} from "../enums";
import { users } from "./identity";
import { matchRequests } from "./matching";
import { purchases } from "./payments";
import { threadMeetings } from "./conversations";

export const deliveryOutlines = sqliteTable(
  "delivery_outlines",
  {
    id: id(),
    matchRequestId: text("match_request_id")
      .notNull()
      .references(() => matchRequests.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    consultantId: text("consultant_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    /** The consultant's overview of the plan: the problem, the approach, what the business gets. */
    overview: text("overview").notNull().default(""),
    /**
     * The plan's version: 1 for the first plan sent for review, + 1 each time the consultant sends
     * a changed plan. A signature covers one version (`signed_version`); a later version needs a
     * new one.
     */
    version: integer("version").notNull().default(1),
    /** The version the business's current signature covers; null until signed. */
    signedVersion: integer("signed_version"),
    /** When the consultant last sent the plan for the manager's review. */
    submittedAt: timestamp("submitted_at"),
    state: text("state", { enum: OUTLINE_STATES }).notNull().default("draft"),
    egmReviewStatus: text("egm_review_status", { enum: EGM_REVIEW_STATUSES }).notNull().default("pending"),
    egmReviewNotes: text("egm_review_notes"),
    egmReviewerId: text("egm_reviewer_id").references(() => users.id, { onDelete: "set null" }),
    egmReviewedAt: timestamp("egm_reviewed_at"),
    businessReviewStatus: text("business_review_status", { enum: BUSINESS_REVIEW_STATUSES })
      .notNull()
      .default("pending"),
    businessNotes: text("business_notes"),
    /** The signer's typed "First Last". */
    businessSignature: text("business_signature"),
    /** 'YYYY-MM-DD' as entered; also the statement of work's effective date. */
    businessSignatureDate: text("business_signature_date"),
    businessReviewedAt: timestamp("business_reviewed_at"),
    /**
     * The version the business last rejected (asked for changes, with `business_notes`); null if
     * it never did. Accept and Reject are offered only on a later version (ADR 049).
     */
    businessRejectedVersion: integer("business_rejected_version"),
    activeItemId: text("active_item_id").references((): AnySQLiteColumn => deliveryItems.id, {
      onDelete: "set null",
    }),
    /** When the engagement started: the first signature. The before/after results split here. */
    startedAt: timestamp("started_at"),
    /** Set when the business accepted an item and paused the next ("pause"); cleared by a prepayment. */
    pausedAt: timestamp("paused_at"),
    complete: bool("complete").notNull().default(false),
    /**
     * A project (deliverables), a retainer or coaching (months billed from the card on file,
     * docs/decisions/082 and 085). Their terms follow; null for a project.
     */
    kind: text("kind", { enum: OUTLINE_KINDS }).notNull().default("project"),
    /** The retainer's or coaching's fee per month, in cents. */
    monthlyFeeCents: integer("monthly_fee_cents"),
    /** The hours the fee buys each month, in minutes (a multiple of 15); null for coaching. */
    monthlyBudgetMinutes: integer("monthly_budget_minutes"),
    /** Coaching: the sessions the fee buys each month (docs/decisions/085). */
    monthlySessions: integer("monthly_sessions"),
    /** Coaching: each session's length in minutes (30, 45 or 60, a call's lengths). */
    sessionMinutes: integer("session_minutes"),
    /**
     * Coaching's cancellation rule: a booked session the business cancels less than this many hours
     * before it starts counts as held.
     */
    cancelNoticeHours: integer("cancel_notice_hours"),
    /** 'YYYY-MM-DD': the first month's first day; each month runs to the day before the same date a month on. */
    retainerStartDate: text("retainer_start_date"),
    /** Whole months either side gives to end the retainer. */
    noticeMonths: integer("notice_months"),
    /** When notice was given, and by whom; the retainer's last day is then `ends_on`. */
    noticeGivenAt: timestamp("notice_given_at"),
    noticeGivenBy: text("notice_given_by", { enum: NOTICE_PARTIES }),
    /** 'YYYY-MM-DD': the last day of the last month billed (the month the notice period ends in). */
    endsOn: text("ends_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    // One engagement plan per match.
    uniqueIndex("delivery_outlines_match_request_id_unique").on(t.matchRequestId),
    index("delivery_outlines_business_id_idx").on(t.businessId, t.createdAt),
    index("delivery_outlines_consultant_id_idx").on(t.consultantId),
    // Engagement-manager review queue.
    index("delivery_outlines_egm_review_idx").on(t.egmReviewStatus, t.state),
    // The daily run's retainers to bill and close months of (docs/decisions/082).
    index("delivery_outlines_open_monthly_idx")
      .on(t.id)
      .where(sql`kind IN ('retainer', 'coaching') AND complete = 0`),
  ],
);

export const deliveryItems = sqliteTable(
  "delivery_items",
  {
    id: id(),
    outlineId: text("outline_id")
      .notNull()
      .references((): AnySQLiteColumn => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Order within the outline, from 0. Not unique, so items can be reordered in one batch. */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** 'YYYY-MM-DD'. */
    deliveryDate: text("delivery_date").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: currency(),
    status: text("status", { enum: DELIVERY_ITEM_STATUSES }).notNull().default("upcoming"),
    consultantConfirmedDelivery: bool("consultant_confirmed_delivery").notNull().default(false),
    consultantConfirmedAt: timestamp("consultant_confirmed_at"),
    summaryOfWork: text("summary_of_work"),
    /** Null until the consultant confirms delivery; then pending until the business decides. */
    businessDeliveryReview: text("business_delivery_review", { enum: DELIVERY_REVIEWS }),
    paidPurchaseId: text("paid_purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    /**
     * A retainer's month (docs/decisions/082): its first and last day, 'YYYY-MM-DD'; null for a
     * project's deliverable. A month is opened (inserted) on its first day by the daily run.
     */
    periodStart: text("period_start"),
    periodEnd: text("period_end"),
    /**
     * Hours bought beyond a retainer month's budget (docs/decisions/084): the month they are for.
     * Such an item has the month's last day as `period_end` (it is delivered with the month) and no
     * `period_start`; null for a month or a deliverable.
     */
    extraForItemId: text("extra_for_item_id").references((): AnySQLiteColumn => deliveryItems.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    index("delivery_items_outline_position_idx").on(t.outlineId, t.position),
    // One row per retainer month: the daily run's insert of a month that exists changes nothing.
    uniqueIndex("delivery_items_period_unique")
      .on(t.outlineId, t.periodStart)
      .where(sql`period_start IS NOT NULL`),
    index("delivery_items_business_id_idx").on(t.businessId),
    index("delivery_items_paid_purchase_id_idx").on(t.paidPurchaseId),
    index("delivery_items_extra_for_item_idx")
      .on(t.extraForItemId)
      .where(sql`extra_for_item_id IS NOT NULL`),
    // The lease sweep's approved deliverables, by approval (recordMissedTransfers, docs/decisions/078).
    index("delivery_items_approved_idx")
      .on(t.completedAt)
      .where(sql`status = 'approved'`),
    // The daily run's deliveries waiting for review, oldest first (docs/decisions/078).
    index("delivery_items_waiting_review_idx")
      .on(t.consultantConfirmedAt, t.id)
      .where(sql`status = 'delivered' AND business_delivery_review = 'pending'`),
    check("delivery_items_price_nonnegative", sql`price_cents >= 0`),
  ],
);

export const deliveryItemDecisions = sqliteTable(
  "delivery_item_decisions",
  {
    id: id(),
    itemId: text("item_id")
      .notNull()
      .references(() => deliveryItems.id, { onDelete: "cascade" }),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    decidedByUserId: text("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decision: text("decision", { enum: DELIVERY_DECISIONS }).notNull(),
    decisionAction: text("decision_action", { enum: DELIVERY_DECISION_ACTIONS }).notNull(),
    businessNotes: text("business_notes").notNull().default(""),
    /** Made by the daily run: nobody reviewed the delivery within 14 days (docs/decisions/078). */
    automatic: bool("automatic").notNull().default(false),
    /** Set once the follow-up (payment for the next item, pause, revision) has been carried out. */
    complete: bool("complete").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("delivery_item_decisions_item_id_idx").on(t.itemId, t.createdAt),
    index("delivery_item_decisions_outline_id_idx").on(t.outlineId),
    index("delivery_item_decisions_business_id_idx").on(t.businessId),
  ],
);

/**
 * A dispute over a delivered deliverable (issue #40, docs/decisions/079): opened by an owner or
 * admin of the business after at least one revision, instead of another; the item's review is then
 * `disputed` (its automatic acceptance stops, nothing is transferred) until the engagement manager
 * settles it: release in full, refund in full, or a split (refund_cents back to the business, the
 * rest kept: transfer_cents to the consultant and fee_cents to the platform). One per item.
 */
export const deliverableDisputes = sqliteTable(
  "deliverable_disputes",
  {
    id: id(),
    itemId: text("item_id")
      .notNull()
      .references(() => deliveryItems.id, { onDelete: "cascade" }),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    openedByUserId: text("opened_by_user_id").references(() => users.id, { onDelete: "set null" }),
    openedAt: timestamp("opened_at").notNull(),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull().default("open"),
    /** The settlement, fixed when the manager's call claims it (status settling), null while open. */
    outcome: text("outcome", { enum: DISPUTE_OUTCOMES }),
    chargedCents: integer("charged_cents"),
    refundCents: integer("refund_cents"),
    transferCents: integer("transfer_cents"),
    feeCents: integer("fee_cents"),
    /** The manager's written decision, which both parties read. */
    decision: text("decision"),
    settledByUserId: text("settled_by_user_id").references(() => users.id, { onDelete: "set null" }),
    settledAt: timestamp("settled_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("deliverable_disputes_item_unique").on(t.itemId),
    index("deliverable_disputes_outline_idx").on(t.outlineId),
    index("deliverable_disputes_business_idx").on(t.businessId),
    // The money desk's disputes to settle, oldest first.
    index("deliverable_disputes_status_idx").on(t.status, t.openedAt),
    check(
      "deliverable_disputes_balance",
      sql`outcome IS NULL OR (refund_cents >= 0 AND transfer_cents >= 0 AND fee_cents >= 0 AND charged_cents = refund_cents + transfer_cents + fee_cents)`,
    ),
  ],
);

/**
 * The consultant's time on a retainer month (docs/decisions/082): the day, the minutes (quarter
 * hours) and what was done. The business reads the month's log and the budget left; entries are
 * the consultant's to change until the month is delivered.
 */
export const timeEntries = sqliteTable(
  "time_entries",
  {
    id: id(),
    itemId: text("item_id")
      .notNull()
      .references(() => deliveryItems.id, { onDelete: "cascade" }),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    consultantId: text("consultant_id").references(() => users.id, { onDelete: "set null" }),
    /** 'YYYY-MM-DD', within the month. */
    workDate: text("work_date").notNull(),
    minutes: integer("minutes").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("time_entries_item_idx").on(t.itemId, t.workDate),
    index("time_entries_business_id_idx").on(t.businessId),
    check("time_entries_minutes_positive", sql`minutes > 0`),
  ],
);

/**
 * A coaching session (docs/decisions/085): a call of the engagement's conversation (ADR 074, same
 * id) proposed by the coach for a month of coaching, booked there by the business. The coach marks
 * it held once it started; the business confirms it or says it did not take place, or it is
 * confirmed by the daily run 7 days after it was marked held. Whether it counts against the month's
 * sessions follows from the call's state (coaching.ts `sessionState`).
 */
export const coachingSessions = sqliteTable(
  "coaching_sessions",
  {
    /** The call's id (thread_meetings.id). */
    id: text("id")
      .primaryKey()
      .references(() => threadMeetings.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => deliveryItems.id, { onDelete: "cascade" }),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    heldAt: timestamp("held_at"),
    confirmedAt: timestamp("confirmed_at"),
    /** Who confirmed it; null with `confirmed_at` when the daily run did. */
    confirmedByUserId: text("confirmed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The business said it did not take place: it does not count, and another may be booked. */
    missedAt: timestamp("missed_at"),
    missedByUserId: text("missed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("coaching_sessions_item_idx").on(t.itemId),
    index("coaching_sessions_business_id_idx").on(t.businessId),
    // The daily run's sessions held and not yet confirmed.
    index("coaching_sessions_unconfirmed_idx")
      .on(t.heldAt)
      .where(sql`held_at IS NOT NULL AND confirmed_at IS NULL AND missed_at IS NULL`),
    check("coaching_sessions_one_answer", sql`confirmed_at IS NULL OR missed_at IS NULL`),
  ],
);

/**
 * The consultant's request for hours beyond a retainer month's budget (docs/decisions/084), priced
 * when asked at the fee's hourly rate (fee × minutes ÷ budget minutes, to the cent). Approving it
 * makes the extra hours an item of the engagement (`extra_item_id`), charged at once to the card on
 * file, delivered with the month and confirmed like it. One request waits per month at a time.
 */
export const extraHoursRequests = sqliteTable(
  "extra_hours_requests",
  {
    id: id(),
    itemId: text("item_id")
      .notNull()
      .references(() => deliveryItems.id, { onDelete: "cascade" }),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    consultantId: text("consultant_id").references(() => users.id, { onDelete: "set null" }),
    minutes: integer("minutes").notNull(),
    reason: text("reason").notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: EXTRA_HOURS_STATUSES }).notNull().default("requested"),
    decidedByUserId: text("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at"),
    extraItemId: text("extra_item_id").references(() => deliveryItems.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("extra_hours_requests_item_idx").on(t.itemId, t.createdAt),
    index("extra_hours_requests_outline_idx").on(t.outlineId),
    index("extra_hours_requests_business_id_idx").on(t.businessId),
    // One request waits per month: a second ask (or a double click) while one waits is refused.
    uniqueIndex("extra_hours_requests_waiting_unique")
      .on(t.itemId)
      .where(sql`status = 'requested'`),
    check("extra_hours_requests_minutes_positive", sql`minutes > 0`),
    check("extra_hours_requests_price_nonnegative", sql`price_cents >= 0`),
  ],
);

/**
 * The reminders of a delivery waiting for the business's review (docs/decisions/078): one row per
 * delivery (the item and when it was delivered) and reminder day, claimed by the daily run before
 * it sends the reminder, so a second run sends nothing.
 */
export const deliveryReviewReminders = sqliteTable(
  "delivery_review_reminders",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => deliveryItems.id, { onDelete: "cascade" }),
    /** The delivery reminded of (delivery_items.consultant_confirmed_at when it was sent). */
    deliveredAt: timestamp("delivered_at").notNull(),
    /** 3, 7 or 13: the days after the delivery. */
    day: integer("day").notNull(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.deliveredAt, t.day] }),
    index("delivery_review_reminders_business_id_idx").on(t.businessId),
  ],
);

/** One deliverable of a plan version as the consultant sent it (delivery_outline_versions.items). */
export type PlanVersionItemRow = {
  id: string;
  title: string;
  description: string;
  /** 'YYYY-MM-DD'. */
  deliveryDate: string;
  priceCents: number;
};

/**
 * Each version of a plan as the consultant sent it for review: its title, overview and
 * deliverables in plan order, so the engagement manager sees what changed from one version to the
 * next (ADR 049). Written in the batch that sends the plan; one row per (outline, version); never
 * updated.
 */
export const deliveryOutlineVersions = sqliteTable(
  "delivery_outline_versions",
  {
    id: id(),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    overview: text("overview").notNull(),
    items: text("items", { mode: "json" }).$type<PlanVersionItemRow[]>().notNull(),
    submittedAt: timestamp("submitted_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("delivery_outline_versions_outline_version_unique").on(t.outlineId, t.version)],
);

/**
 * A signed statement of work: the audit record of one signature (who, the typed name, the date
 * they wrote, when, from where) and the PDF made from the plan version they signed, kept in R2
 * with the SHA-256 of its bytes. One per outline version; never updated.
 */
export const sowSignatures = sqliteTable(
  "sow_signatures",
  {
    id: id(),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    outlineVersion: integer("outline_version").notNull(),
    signerUserId: text("signer_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The name as typed: "First Last". */
    signerName: text("signer_name").notNull(),
    /** 'YYYY-MM-DD' as entered: the statement's effective date. */
    signatureDate: text("signature_date").notNull(),
    signedAt: timestamp("signed_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** The R2 key of the signed PDF. */
    pdfKey: text("pdf_key").notNull(),
    /** Lowercase hex SHA-256 of the PDF's bytes. */
    pdfSha256: text("pdf_sha256").notNull(),
    pdfSize: integer("pdf_size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sow_signatures_outline_version_unique").on(t.outlineId, t.outlineVersion),
    index("sow_signatures_business_id_idx").on(t.businessId),
  ],
);

/**
 * The engagement manager's record on an engagement: a note, or the business's verbal approval to
 * charge the card on file for a phase (the statement's terms), optionally tied to an item.
 */
export const engagementNotes = sqliteTable(
  "engagement_notes",
  {
    id: id(),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    itemId: text("item_id").references(() => deliveryItems.id, { onDelete: "set null" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ENGAGEMENT_NOTE_KINDS }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("engagement_notes_outline_id_idx").on(t.outlineId, t.createdAt)],
);

export type SowSignature = typeof sowSignatures.$inferSelect;

export type EngagementNote = typeof engagementNotes.$inferSelect;

export type DeliveryOutline = typeof deliveryOutlines.$inferSelect;

export type NewDeliveryOutline = typeof deliveryOutlines.$inferInsert;

export type DeliveryItem = typeof deliveryItems.$inferSelect;

export type NewDeliveryItem = typeof deliveryItems.$inferInsert;

export type DeliveryOutlineVersion = typeof deliveryOutlineVersions.$inferSelect;

export type DeliveryItemDecision = typeof deliveryItemDecisions.$inferSelect;

export type NewDeliveryItemDecision = typeof deliveryItemDecisions.$inferInsert;
export type DeliverableDispute = typeof deliverableDisputes.$inferSelect;
export type TimeEntry = typeof timeEntries.$inferSelect;
export type ExtraHoursRequest = typeof extraHoursRequests.$inferSelect;
