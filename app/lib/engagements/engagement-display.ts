import {
  ENGAGEMENT_STATUS_LABELS,
  canBusinessReviewPlan,
  canBusinessReviewItem,
  nextItemToPrepay,
  type BusinessReviewStatus,
  type DeliveryItemStatus,
  type DeliveryReview,
  type EgmReviewStatus,
  type EngagementStatus,
  type ItemStatusFields,
} from "./engagement-state";
import { businessEngagementPath } from "./engagement-paths";
import type { DeliveryOutlineView } from "./engagement-view";
import type { SowDocument } from "./sow";
import type { EngagementResults } from "./engagement-results";
import {
  ITEM_AWAITING_REVIEW_BY_OTHERS,
  ITEM_AWAITING_REVIEW_TEXT,
  ITEM_ACCEPTED_AUTOMATICALLY_LABEL,
  ITEM_SETTLED_BY_SESSIONS_LABEL,
  NO_OPEN_DELIVERABLES,
  NEXT_STEP_PREPAY,
  NEXT_STEP_REVIEW_ITEM,
  NEXT_STEP_REVIEW_PLAN,
  NEXT_STEP_WAITING_PREPAY,
  NEXT_STEP_WAITING_REVIEW_ITEM,
  NEXT_STEP_WAITING_REVIEW_PLAN,
} from "./engagement-copy";
import type { BusinessMemberRole } from "~db/enums";
import { can, type BusinessAction } from "~/lib/business/permissions";
import { ITEM_REFUNDED_LABEL } from "~/lib/payouts/transfer-copy";
import { ITEM_DISPUTE_SETTLED_LABEL, ITEM_DISPUTED_LABEL } from "./disputes";

/**
 * How the business reads its engagements (spec §2 /features Engagements, the engagement panel,
 * /engagement-portal, the dashboard's Engagements card; §9 formats): the lists' sides and order,
 * each item's status in words, the next thing the business has to do. Pure and isomorphic: the
 * server (app/server/engagements/engagement-views.server.ts) loads the rows, the components
 * (app/components/engagements/engagement-*.tsx) render them.
 */

/** Each deliverable's status as the business reads it. */
export const ITEM_STATUS_TEXTS: Record<DeliveryItemStatus, string> = {
  upcoming: "Not started",
  awaiting_payment: "Awaiting prepayment",
  active: "In progress",
  delivered: "Delivered",
  approved: "Approved",
  revision: "In revision",
  paused: "Paused",
};

/**
 * The item's status in words; a delivery waiting for the business's review says so (to a `role`
 * that may not review, that it waits for who may); a refunded item is "Refunded"; one the daily run
 * accepted says so (docs/decisions/078); a disputed one, until and after its settlement (079).
 */
export function itemStatusText(
  item: {
    status: DeliveryItemStatus;
    businessDeliveryReview: DeliveryReview | null;
    refunded?: boolean;
    acceptedAutomatically?: boolean;
    settledBySessions?: boolean;
    dispute?: { status: "open" | "settling" | "settled" } | null;
  },
  role: BusinessMemberRole | null = null,
) {
  if (item.refunded) return ITEM_REFUNDED_LABEL;
  if (item.acceptedAutomatically) return ITEM_ACCEPTED_AUTOMATICALLY_LABEL;
  if (item.settledBySessions) return ITEM_SETTLED_BY_SESSIONS_LABEL;
  // A dispute (docs/decisions/079): disputed until the manager settles it, then settled.
  if (item.dispute) return item.dispute.status === "settled" ? ITEM_DISPUTE_SETTLED_LABEL : ITEM_DISPUTED_LABEL;
  if (item.status === "delivered" && item.businessDeliveryReview === "pending")
    return role === null || can(role, "reviewDeliverables")
      ? ITEM_AWAITING_REVIEW_TEXT
      : ITEM_AWAITING_REVIEW_BY_OTHERS;
  return ITEM_STATUS_TEXTS[item.status];
}

export function engagementStatusLabel(status: EngagementStatus): string {
  return ENGAGEMENT_STATUS_LABELS[status];
}

/** What the business has to do next on one engagement, in the order it matters. */
export const NEXT_STEP_TEXTS = {
  reviewPlan: NEXT_STEP_REVIEW_PLAN,
  reviewItem: NEXT_STEP_REVIEW_ITEM,
  prepay: NEXT_STEP_PREPAY,
} as const;
export type NextStepKind = keyof typeof NEXT_STEP_TEXTS;

/** Each next step as a member whose role cannot take it reads it: who it waits for (docs/decisions/071). */
export const NEXT_STEP_WAITING_TEXTS = {
  reviewPlan: NEXT_STEP_WAITING_REVIEW_PLAN,
  reviewItem: NEXT_STEP_WAITING_REVIEW_ITEM,
  prepay: NEXT_STEP_WAITING_PREPAY,
} as const satisfies Record<NextStepKind, string>;

/** The business action each next step is (app/lib/business/permissions.ts). */
export const NEXT_STEP_ACTIONS = {
  reviewPlan: "sign",
  reviewItem: "reviewDeliverables",
  prepay: "pay",
} as const satisfies Record<NextStepKind, BusinessAction>;

/**
 * The next step in words for the reader: the call to act for a role that may take it (or when no
 * role is known), else who it waits for.
 */
export function nextStepText(step: NextStepKind, role: BusinessMemberRole | null): string {
  return role === null || can(role, NEXT_STEP_ACTIONS[step]) ? NEXT_STEP_TEXTS[step] : NEXT_STEP_WAITING_TEXTS[step];
}

export type OutlineForNextStep = {
  complete: boolean;
  egmReviewStatus: EgmReviewStatus;
  businessReviewStatus: BusinessReviewStatus;
  signedVersion: number | null;
  businessRejectedVersion: number | null;
  version: number;
};

/**
 * The business's next step on an engagement, or null when it waits for someone else: sign the
 * plan the manager approved; review a delivered item; prepay the next item (after a pause too:
 * the business may continue its plan at any time).
 */
export function engagementNextStep(
  outline: OutlineForNextStep,
  items: readonly ItemStatusFields[],
): NextStepKind | null {
  if (outline.complete) return null;
  if (canBusinessReviewPlan(outline)) return "reviewPlan";
  if (outline.egmReviewStatus !== "approved") return null;
  if (items.some((item) => canBusinessReviewItem(item))) return "reviewItem";
  if (nextItemToPrepay(outline, items)) return "prepay";
  return null;
}

/** One engagement as its tile (and the dashboard card, the navigation) needs it. Serialisable. */
export type EngagementTileData = {
  /** The delivery outline's id: the engagement's id in every link. */
  id: string;
  matchRequestId: string;
  title: string;
  category: string;
  consultingType: string | null;
  consultantName: string;
  /** ISO instant: the outline's creation. */
  createdAt: string;
  complete: boolean;
  status: EngagementStatus;
  nextStep: NextStepKind | null;
};

/** Newest first; equal times keep a stable order by id. */
export function newestEngagementsFirst<T extends { createdAt: string; id: string }>(tiles: readonly T[]): T[] {
  return [...tiles].sort((a, b) =>
    a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
  );
}

/** Active or Completed (spec §4: by the outline's complete flag), newest first. */
export function engagementsOfSide<T extends { complete: boolean; createdAt: string; id: string }>(
  tiles: readonly T[],
  side: "active" | "completed",
): T[] {
  return newestEngagementsFirst(tiles.filter((tile) => tile.complete === (side === "completed")));
}

export type EngagementSummary = {
  active: number;
  complete: number;
  /** The most recent engagement that waits for the business, with what to do and where. */
  next: { text: string; href: string; title: string } | null;
};

/**
 * The dashboard's Engagements card: the counts and the first thing to do (newest engagement first),
 * said for the reader's `role` (nextStepText).
 */
export function engagementSummary(
  tiles: readonly EngagementTileData[],
  role: BusinessMemberRole | null = null,
): EngagementSummary {
  const waiting = newestEngagementsFirst(tiles).find((tile) => tile.nextStep !== null);
  return {
    active: tiles.filter((tile) => !tile.complete).length,
    complete: tiles.filter((tile) => tile.complete).length,
    next:
      waiting && waiting.nextStep
        ? { text: nextStepText(waiting.nextStep, role), href: businessEngagementPath(waiting.id), title: waiting.title }
        : null,
  };
}

/** The panel's and the portal's sections. */
export const ENGAGEMENT_PANEL_TABS = ["match", "consultant", "deliverables"] as const;
export type EngagementPanelTab = (typeof ENGAGEMENT_PANEL_TABS)[number];
export const ENGAGEMENT_PANEL_TAB_LABELS: Record<EngagementPanelTab, string> = {
  match: "Match Info",
  consultant: "Consultant",
  deliverables: "Deliverables",
};

/** `?tab=` of the panel: Deliverables unless another known tab is named. */
export function parsePanelTab(value: string | null | undefined): EngagementPanelTab {
  const wanted = (value ?? "").trim().toLowerCase();
  return ENGAGEMENT_PANEL_TABS.find((tab) => tab === wanted) ?? "deliverables";
}

/** The consultant as the engagement shows them (the matching panel's identity and areas). */
export type EngagementConsultant = {
  consultantId: string;
  name: string;
  headline: string;
  location: string;
  photoUrl: string | null;
  businessAreas: string[];
  engagementTypes: string[];
};

import type { ExtraHoursRequestView, MonthLogView } from "./retainer-months";

export type BusinessEngagement = {
  tile: EngagementTileData;
  match: {
    id: string;
    createdAt: string;
    category: string;
    consultingType: string | null;
    problemStatement: string;
  };
  consultant: EngagementConsultant | null;
  outline: DeliveryOutlineView;
  /** False while a changed version waits for the manager: only the paid items, no plan text. */
  planVisible: boolean;
  /** The plan's text (Engagement Plan, Form of Statement of Work, Work Schedule and Deliverables). */
  plan: SowDocument | null;
  /** Reject / Accept are offered (canBusinessReviewPlan). */
  canReviewPlan: boolean;
  /**
   * The business rejected the version it sees (asked for changes) and waits for the consultant's
   * next one: its notes, shown as "You asked for changes" instead of Accept (ADR 049).
   */
  changesRequested: { notes: string } | null;
  /** The item offered for prepayment (nextItemToPrepay), or null. */
  nextItemToPrepayId: string | null;
  /** The signed statements of work, newest version first (SignedStatements' props). */
  signedStatements: {
    version: number;
    signerName: string;
    signatureDate: string;
    signedAt: string;
    sha256: string;
    size: number;
    url: string;
  }[];
  /** The match's saved rating of the consultant, or null before the business rated. */
  rating: { clientSatisfaction: number; clientFeedback: string | null } | null;
  /** Before/after from the books (null without books or before the start). */
  results: EngagementResults | null;
  /** How the next deliverables are paid (docs/decisions/082): the card on file, and a declined charge still open. */
  billing: EngagementBilling;
  /** A retainer's terms and its months' time logs (docs/decisions/082); null for a project. */
  retainer: RetainerView | null;
};

/** A retainer's notice as a page shows it (docs/decisions/082). */
import type { CoachingMonthView } from "./coaching";
import { NEXT_MONTH_OPENS } from "./retainer-copy";
import { dayAfter } from "./retainer-months";
import { formatDate } from "~/lib/shared/dates";

export type RetainerNotice = {
  /** What notice ends: a retainer or coaching (docs/decisions/085), as the texts name it. */
  kind: "retainer" | "coaching";
  /** "1 month" or "None: …". */
  notice: string;
  /** Notice was given: by whom and the last day ("Nov 30, 2026"); null while it runs on. */
  ending: { by: "business" | "consultant"; endsOn: string } | null;
  /** Notice can be given now (signed, running, none given yet). */
  canGiveNotice: boolean;
  /** The last day notice given today would end it on ("Feb 28, 2027"); null when it cannot be given. */
  noticeWouldEnd: string | null;
};

export type RetainerView = RetainerNotice & {
  /** "$4,000.00 a month for up to 20 h" */
  terms: string;
  /** Each month's log, by its item id. */
  logs: Record<string, MonthLogView>;
  /** The fee's hourly rate, at which extra hours are priced ("$150.00", docs/decisions/084). */
  rate: string;
  /** Requests for extra hours waiting for the business's decision, with their month's title. */
  waiting: (ExtraHoursRequestView & { monthTitle: string })[];
  /** Coaching's cancellation rule ("Cancel at least 24 hours before…"); null for a retainer. */
  cancelRule: string | null;
  /** Coaching: the latest paid months with their sessions (docs/decisions/085); empty for a retainer. */
  sessions: CoachingMonthView[];
  /** Coaching: the engagement's conversation, where sessions are booked; null for a retainer. */
  conversationPath: string | null;
};

export type EngagementBilling = {
  card: { brand: string; last4: string } | null;
  declined: {
    itemId: string;
    declineMessage: string;
    declinedAt: string;
    retryAt: string | null;
    /** Stripe's hosted page of the invoice, to pay it another way. */
    invoiceUrl: string | null;
  }[];
};

/**
 * Nothing to do on the plan: a project's deliverables are all complete; a running retainer or
 * coaching plan waits for its next month, opened by the daily run on its first day.
 */
export function openDeliverablesEmpty(
  outline: Pick<DeliveryOutlineView, "kind" | "complete" | "completedItems">,
): string {
  if (outline.kind === "project" || outline.complete) return NO_OPEN_DELIVERABLES;
  const lastDay = outline.completedItems
    .filter((item) => item.month && item.extraForItemId === null)
    .reduce<string | null>(
      (last, item) => (last === null || item.deliveryDate > last ? item.deliveryDate : last),
      null,
    );
  return lastDay === null ? NO_OPEN_DELIVERABLES : NEXT_MONTH_OPENS(formatDate(dayAfter(lastDay)));
}
