import { eq, sql } from "drizzle-orm";
import { businesses, deliveryItems, deliveryOutlines, matchRequests } from "~db/schema";
import { formatDate, formatDateTime } from "~/lib/shared/dates";
import { AUTO_ACCEPT_DAYS } from "~/lib/engagements/review-deadlines";
import {
  NOTICE_ENGAGEMENT_COMPLETED,
  NOTICE_ITEM_ACCEPTED_AUTOMATICALLY,
  NOTICE_ITEM_APPROVED,
  NOTICE_ITEM_DELIVERED,
  NOTICE_ITEM_PAID,
  NOTICE_ITEM_PAUSED,
  NOTICE_ITEM_REVISION,
  NOTICE_ITEM_REVIEW_REMINDER,
} from "~/lib/engagements/engagement-copy";
import {
  NOTICE_EXTRA_DELIVERED,
  NOTICE_EXTRA_PAID,
  NOTICE_MONTH_DELIVERED,
  NOTICE_MONTH_PAID,
  NOTICE_SESSIONS_SETTLED,
} from "~/lib/engagements/retainer-copy";
import {
  NOTICE_DISPUTE_SETTLED,
  NOTICE_ITEM_DISPUTED,
  settlementText,
  type DisputeSettlement,
} from "~/lib/engagements/disputes";
import {
  businessEngagementPath,
  consultantDeliveryPath,
  consultantEngagementPath,
  managerEngagementPath,
} from "~/lib/engagements/engagement-paths";
import {
  NOTICE_ITEM_REFUNDED,
  NOTICE_ITEM_REFUNDED_BUSINESS,
  NOTICE_ITEM_REFUNDED_CONSULTANT,
} from "~/lib/payouts/receipt-copy";
import { NOTICE_ITEM_PAYMENT_DECLINED, NOTICE_ITEM_PAYMENT_DECLINED_BODY } from "~/lib/payments/card-on-file-copy";
import type { AppContext } from "~/server/load-context";
import { managerIds, notify, noticesTo, type Notice } from "~/server/notifications/notify.server";
import { membersWhoMayColumn } from "~/server/business/members.server";

/**
 * The notifications of the deliverables' steps (issue #14: item_paid → consultant, item_delivered
 * → business, item_approved / item_revision / item_paused → consultant and managers,
 * engagement_completed → all three; issue #40: item_review_reminder → the business,
 * item_accepted_automatically → all three). "The business" is its members whose role acts on it
 * (docs/decisions/068): who reviews deliverables for a delivery and a completion, who pays for a
 * refund. Each is sent once, by the one call that made the change;
 * a notice that cannot be written is logged and never undoes the step.
 */
export type DeliverableNoticeKind =
  | "item_paid"
  | "item_delivered"
  | "item_approved"
  | "item_revision"
  | "item_paused"
  | "engagement_completed"
  | "item_refunded"
  | "item_review_reminder"
  | "item_accepted_automatically"
  | "item_disputed"
  | "dispute_settled"
  | "item_payment_declined"
  | "sessions_settled";

/** What the review deadlines' notices say besides the item (docs/decisions/078). */
export type DeadlineDetail = {
  /** When the item was delivered (a reminder says it). */
  deliveredAt?: Date;
  /** When the delivery is accepted if nobody reviews it (the delivery notice and the reminders). */
  acceptsAt?: Date;
  /** The daily run accepted it, not a member (the completion says so). */
  automatic?: boolean;
  /** The automatic acceptance approved the last item: the engagement is complete. */
  completed?: boolean;
  /** A dispute's settlement and the manager's decision (dispute_settled, docs/decisions/079). */
  settlement?: DisputeSettlement;
  decision?: string;
  /** A declined charge of the card on file (item_payment_declined, docs/decisions/082). */
  decline?: { amountCents: number; card: { brand: string; last4: string } | null; retryAt: Date | null };
};

type People = {
  outlineId: string;
  outlineTitle: string;
  businessId: string;
  businessName: string;
  /** The members who review deliverables (delivered, completed: docs/decisions/068). */
  reviewerIds: string[];
  /** The members who pay (a refund). */
  payerIds: string[];
  consultantId: string | null;
  assignedManagerId: string | null;
  itemId: string;
  itemTitle: string;
  /** A retainer's month (docs/decisions/082). */
  month: boolean;
  /** Extra hours bought for a month (docs/decisions/084). */
  extra: boolean;
  /** A coaching month (docs/decisions/085). */
  coaching: boolean;
};

const uniqueIds = (ids: readonly string[]) => [...new Set(ids)];

/** The item, its outline, business and match in one query. */
async function peopleOfItem(app: AppContext, itemId: string): Promise<People | null> {
  const [row] = await app.db
    .select({
      outlineId: deliveryOutlines.id,
      outlineTitle: deliveryOutlines.title,
      businessId: deliveryOutlines.businessId,
      businessName: businesses.name,
      reviewerIds: membersWhoMayColumn(businesses.id, "reviewDeliverables", "reviewer_ids"),
      payerIds: membersWhoMayColumn(businesses.id, "pay", "payer_ids"),
      consultantId: deliveryOutlines.consultantId,
      assignedManagerId: matchRequests.assignedManagerId,
      itemId: deliveryItems.id,
      itemTitle: deliveryItems.title,
      month: sql<number>`${deliveryItems.periodStart} IS NOT NULL`.mapWith(Boolean),
      extra: sql<number>`${deliveryItems.extraForItemId} IS NOT NULL`.mapWith(Boolean),
      coaching: sql<number>`${deliveryOutlines.kind} = 'coaching'`.mapWith(Boolean),
    })
    .from(deliveryItems)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .innerJoin(businesses, eq(businesses.id, deliveryOutlines.businessId))
    .innerJoin(matchRequests, eq(matchRequests.id, deliveryOutlines.matchRequestId))
    .where(eq(deliveryItems.id, itemId))
    .limit(1);
  return row ?? null;
}

const FOOTERS = {
  business: "You get this email because your business has an engagement on Partwise.",
  consultant: "You get this email because you are the consultant of this engagement on Partwise.",
  manager: "You get this email because you are an engagement manager on Partwise.",
} as const;

function noticesFor(
  kind: DeliverableNoticeKind,
  people: People,
  managers: readonly string[],
  detail: DeadlineDetail,
): Notice[] {
  const plan = people.outlineTitle || "the engagement plan";
  const item = `"${people.itemTitle}"`;
  const notices: Notice[] = [];
  const toConsultant = (title: string, body: string, link: string, action: string) => {
    if (people.consultantId)
      notices.push({
        userId: people.consultantId,
        businessId: people.businessId,
        kind,
        title,
        body,
        link,
        action,
        footer: FOOTERS.consultant,
      });
  };
  const toBusiness = (recipients: readonly string[], title: string, body: string) => {
    notices.push(
      ...noticesTo(recipients, {
        businessId: people.businessId,
        kind,
        title,
        body,
        link: businessEngagementPath(people.outlineId),
        action: "Open the engagement",
        footer: FOOTERS.business,
      }),
    );
  };
  const toManagers = (title: string, body: string) => {
    for (const userId of managers)
      notices.push({
        userId,
        businessId: people.businessId,
        kind,
        title,
        body,
        link: managerEngagementPath(people.outlineId),
        action: "Open the engagement",
        footer: FOOTERS.manager,
      });
  };
  const delivery = consultantDeliveryPath(people.outlineId, people.itemId);
  const engagement = consultantEngagementPath(people.outlineId);
  switch (kind) {
    case "item_paid":
      if (people.extra) {
        toConsultant(
          NOTICE_EXTRA_PAID,
          `${people.businessName} paid ${item} of ${plan}. Log those hours in the month's time log.`,
          delivery,
          "Open the extra hours",
        );
        break;
      }
      if (people.month) {
        toConsultant(
          NOTICE_MONTH_PAID,
          people.coaching
            ? `${people.businessName} paid ${item} of ${plan}. Propose its sessions on its page.`
            : `${people.businessName} paid ${item} of ${plan}. Log your time against it on its page.`,
          delivery,
          "Open the month",
        );
        break;
      }
      toConsultant(
        NOTICE_ITEM_PAID,
        `${people.businessName} prepaid ${item} of ${plan}. You can start working on it.`,
        delivery,
        "Open the deliverable",
      );
      break;
    case "item_delivered":
      if (people.extra) {
        toBusiness(
          people.reviewerIds,
          NOTICE_EXTRA_DELIVERED,
          `${item} of ${plan} was delivered with its month. Please review it: confirm it, or ask for a correction.${detail.acceptsAt ? ` If nobody reviews it by ${formatDateTime(detail.acceptsAt)}, it is confirmed automatically and the consultant is paid.` : ""}`,
        );
        break;
      }
      if (people.month) {
        toBusiness(
          people.reviewerIds,
          NOTICE_MONTH_DELIVERED,
          `${item} of ${plan} ended and was delivered with its time log. Please review it: confirm it, or ask for a correction.${detail.acceptsAt ? ` If nobody reviews it by ${formatDateTime(detail.acceptsAt)}, it is confirmed automatically and the consultant is paid.` : ""}`,
        );
        break;
      }
      toBusiness(
        people.reviewerIds,
        NOTICE_ITEM_DELIVERED,
        `Your consultant delivered ${item} of ${plan}. Please review it: accept it, or ask for a revision.${detail.acceptsAt ? ` If nobody reviews it by ${formatDateTime(detail.acceptsAt)}, it is accepted automatically and the consultant is paid.` : ""}`,
      );
      break;
    case "sessions_settled":
      toConsultant(
        NOTICE_SESSIONS_SETTLED,
        `The sessions of ${item} of ${plan} are settled: you are paid your share of the month.`,
        engagement,
        "Open the engagement",
      );
      toBusiness(
        people.reviewerIds,
        NOTICE_SESSIONS_SETTLED,
        `The sessions of ${item} of ${plan} are settled (held and confirmed, or expired unused), and your coach is paid for the month.`,
      );
      toManagers(
        NOTICE_SESSIONS_SETTLED,
        `The sessions of ${item} of ${plan} (${people.businessName}) are settled and paid out.`,
      );
      break;
    case "item_approved":
      toConsultant(
        NOTICE_ITEM_APPROVED,
        `${people.businessName} approved ${item} of ${plan}.`,
        engagement,
        "Open the engagement",
      );
      toManagers(NOTICE_ITEM_APPROVED, `${people.businessName} approved ${item} of ${plan}.`);
      break;
    case "item_revision":
      toConsultant(
        NOTICE_ITEM_REVISION,
        `${people.businessName} asked for a revision of ${item} of ${plan}. Read their notes and deliver it again.`,
        delivery,
        "Open the deliverable",
      );
      toManagers(NOTICE_ITEM_REVISION, `${people.businessName} asked for a revision of ${item} of ${plan}.`);
      break;
    case "item_paused":
      toConsultant(
        NOTICE_ITEM_PAUSED,
        `${people.businessName} approved ${item} and paused ${plan} before the next deliverable.`,
        engagement,
        "Open the engagement",
      );
      toManagers(
        NOTICE_ITEM_PAUSED,
        `${people.businessName} approved ${item} and paused ${plan} before the next deliverable.`,
      );
      break;
    case "engagement_completed":
      toBusiness(
        people.reviewerIds,
        NOTICE_ENGAGEMENT_COMPLETED,
        `${plan} is complete. Please rate your consultant and see your results.`,
      );
      toConsultant(
        NOTICE_ENGAGEMENT_COMPLETED,
        detail.automatic
          ? `The last deliverable of ${plan} was accepted automatically: ${plan} is complete.`
          : `${people.businessName} approved the last deliverable: ${plan} is complete.`,
        engagement,
        "Open the engagement",
      );
      toManagers(NOTICE_ENGAGEMENT_COMPLETED, `${people.businessName}'s ${plan} is complete.`);
      break;
    // Issue #40: a delivery nobody reviewed is reminded on days 3, 7 and 13, accepted on day 14.
    case "item_review_reminder":
      toBusiness(
        people.reviewerIds,
        NOTICE_ITEM_REVIEW_REMINDER,
        `Your consultant delivered ${item} of ${plan}${detail.deliveredAt ? ` on ${formatDate(detail.deliveredAt)}` : ""}. Please review it by ${detail.acceptsAt ? formatDateTime(detail.acceptsAt) : `${AUTO_ACCEPT_DAYS} days after its delivery`}: accept it, or ask for a revision. If nobody reviews it by then, it is accepted automatically and the consultant is paid.`,
      );
      break;
    case "item_accepted_automatically":
      toBusiness(
        people.reviewerIds,
        NOTICE_ITEM_ACCEPTED_AUTOMATICALLY,
        `Nobody reviewed ${item} of ${plan} within ${AUTO_ACCEPT_DAYS} days of its delivery, so it was accepted automatically and the consultant is paid for it.${detail.completed ? "" : " The engagement is paused until the next deliverable is prepaid."}`,
      );
      toConsultant(
        NOTICE_ITEM_ACCEPTED_AUTOMATICALLY,
        `${people.businessName} did not review ${item} of ${plan} within ${AUTO_ACCEPT_DAYS} days of its delivery, so it was accepted automatically and you are paid for it as for an approved deliverable.`,
        engagement,
        "Open the engagement",
      );
      toManagers(
        NOTICE_ITEM_ACCEPTED_AUTOMATICALLY,
        `${item} of ${plan} (${people.businessName}) was accepted automatically: nobody reviewed it within ${AUTO_ACCEPT_DAYS} days of its delivery.`,
      );
      break;
    // Issue #40: a dispute (after a revision) and its settlement by the manager (docs/decisions/079).
    case "item_disputed":
      toConsultant(
        NOTICE_ITEM_DISPUTED,
        `${people.businessName} opened a dispute over ${item} of ${plan} instead of asking for another revision. Read their reason and answer in the engagement's conversation; the engagement manager will settle it.`,
        delivery,
        "Open the deliverable",
      );
      toManagers(
        NOTICE_ITEM_DISPUTED,
        `${people.businessName} opened a dispute over ${item} of ${plan}. Read both sides and settle it.`,
      );
      break;
    case "dispute_settled": {
      const decision = detail.decision ? ` The decision: “${detail.decision}”` : "";
      if (detail.settlement) {
        toBusiness(
          uniqueIds([...people.reviewerIds, ...people.payerIds]),
          NOTICE_DISPUTE_SETTLED,
          `The engagement manager settled the dispute over ${item} of ${plan}: ${settlementText(detail.settlement, "business")}${decision}`,
        );
        toConsultant(
          NOTICE_DISPUTE_SETTLED,
          `The engagement manager settled the dispute over ${item} of ${plan}: ${settlementText(detail.settlement, "consultant")}${decision}`,
          delivery,
          "Open the deliverable",
        );
      }
      break;
    }
    // Issue #18: the manager refunded a prepaid deliverable that will not be delivered.
    case "item_payment_declined":
      if (detail.decline)
        toBusiness(
          people.payerIds,
          NOTICE_ITEM_PAYMENT_DECLINED,
          NOTICE_ITEM_PAYMENT_DECLINED_BODY({ ...detail.decline, itemTitle: people.itemTitle, plan }),
        );
      break;
    case "item_refunded":
      toBusiness(people.payerIds, NOTICE_ITEM_REFUNDED, NOTICE_ITEM_REFUNDED_BUSINESS(people.itemTitle, plan));
      toConsultant(
        NOTICE_ITEM_REFUNDED,
        NOTICE_ITEM_REFUNDED_CONSULTANT(people.businessName, people.itemTitle, plan),
        engagement,
        "Open the engagement",
      );
      break;
  }
  return notices;
}

/** Sends the notices of `kinds` about one item; logs and swallows any failure (then answers false). */
export async function notifyDeliverable(
  app: AppContext,
  origin: string | null,
  itemId: string,
  kinds: readonly DeliverableNoticeKind[],
  detail: DeadlineDetail = {},
): Promise<boolean> {
  try {
    const people = await peopleOfItem(app, itemId);
    if (!people) return false;
    const needsManagers = kinds.some(
      (kind) =>
        kind !== "item_paid" &&
        kind !== "item_delivered" &&
        kind !== "item_refunded" &&
        kind !== "item_review_reminder" &&
        kind !== "item_payment_declined" &&
        kind !== "dispute_settled",
    );
    const managers = !needsManagers
      ? []
      : people.assignedManagerId
        ? [people.assignedManagerId]
        : await managerIds(app);
    await notify(
      app,
      origin,
      kinds.flatMap((kind) => noticesFor(kind, people, managers, detail)),
    );
    return true;
  } catch (error) {
    console.error(`Deliverable notices ${kinds.join(", ")} for item ${itemId} failed:`, error);
    return false;
  }
}
