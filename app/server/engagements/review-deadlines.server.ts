import { columnValue } from "~db/column-value";
import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import { deliveryItems, deliveryReviewReminders } from "~db/schema";
import {
  autoAcceptanceAt,
  daysAfter,
  REVIEW_REMINDER_DAYS,
  reviewDeadlineDue,
  type ReminderDay,
} from "~/lib/engagements/review-deadlines";
import type { AppContext } from "~/server/load-context";
import { notifyDeliverable } from "./deliverable-notices.server";
import { decideDeliveredItem, releaseApprovedItem } from "./item-decision.server";
import { refundStarted } from "./item-refunds.server";

/**
 * Money that never waits on silence (issue #40 item 1, docs/decisions/078): the daily cron reminds
 * the business of a delivery nobody reviewed on days 3, 7 and 13 after it, and accepts it on day
 * 14 with the "pause" decision, which releases the consultant's transfer. Both are exactly once:
 * a reminder is claimed by its row (item, delivery, day) before it is sent; the acceptance is the
 * one decision of decideDeliveredItem, which a late review by a member or a second run loses.
 */

/** How many waiting deliveries one page reads (the run pages through them all). */
const PAGE = 100;

/**
 * A delivery still waiting for review: delivered, its review pending, no refund started. The state
 * is written as literals so SQLite reads it from the partial index delivery_items_waiting_review_idx
 * (a bound parameter cannot prove the index's condition).
 */
const stillWaiting = sql`${deliveryItems.status} = 'delivered' AND ${deliveryItems.businessDeliveryReview} = 'pending' AND NOT ${refundStarted(deliveryItems.id)}`;

type WaitingDelivery = { id: string; outlineId: string; businessId: string; deliveredAt: Date };

/** Deliveries waiting for review for at least the first reminder's days, oldest first, after `after`. */
export function waitingDeliveries(app: AppContext, now: Date, after: WaitingDelivery | null, pageSize = PAGE) {
  const since = daysAfter(now, -REVIEW_REMINDER_DAYS[0]);
  return app.db
    .select({
      id: deliveryItems.id,
      outlineId: deliveryItems.outlineId,
      businessId: deliveryItems.businessId,
      deliveredAt: deliveryItems.consultantConfirmedAt,
    })
    .from(deliveryItems)
    .where(
      and(
        stillWaiting,
        lte(deliveryItems.consultantConfirmedAt, since),
        after
          ? or(
              gt(deliveryItems.consultantConfirmedAt, after.deliveredAt),
              and(eq(deliveryItems.consultantConfirmedAt, after.deliveredAt), gt(deliveryItems.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(deliveryItems.consultantConfirmedAt), asc(deliveryItems.id))
    .limit(pageSize);
}

/**
 * Day 14: the delivery is accepted as if a member had approved it and paused (the next
 * deliverable is not prepaid), by nobody (the audit trail's system actor). False when a member
 * decided first, a refund started, or another run accepted it.
 */
export async function acceptSilentDelivery(app: AppContext, delivery: WaitingDelivery): Promise<boolean> {
  const decision = await decideDeliveredItem(
    app,
    delivery.businessId,
    { outlineId: delivery.outlineId, itemId: delivery.id, notes: "", action: "pause", decision: "approved" },
    null,
  );
  if (!decision.ok) return false;
  await releaseApprovedItem(app, delivery.id);
  await notifyDeliverable(
    app,
    null,
    delivery.id,
    decision.completed ? ["item_accepted_automatically", "engagement_completed"] : ["item_accepted_automatically"],
    { completed: decision.completed, automatic: true },
  );
  return true;
}

/**
 * Days 3, 7, 13: claims the reminder's row, only while this very delivery still waits (not
 * reviewed, not refunded, not delivered again since the page was read), then tells the business's
 * reviewers. False if claimed before or no longer waiting. A reminder that could not be sent gives
 * its claim back, so the next run sends it.
 */
export async function remindSilentDelivery(
  app: AppContext,
  delivery: WaitingDelivery,
  day: ReminderDay,
): Promise<boolean> {
  const claimed = await app.db
    .insert(deliveryReviewReminders)
    .select(
      app.db
        .select({
          itemId: deliveryItems.id,
          deliveredAt: deliveryItems.consultantConfirmedAt,
          day: columnValue(day, "day"),
          businessId: deliveryItems.businessId,
          createdAt: columnValue(app.now().getTime(), "created_at"),
        })
        .from(deliveryItems)
        .where(
          and(
            eq(deliveryItems.id, delivery.id),
            eq(deliveryItems.consultantConfirmedAt, delivery.deliveredAt),
            stillWaiting,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ day: deliveryReviewReminders.day });
  if (claimed.length === 0) return false;
  const sent = await notifyDeliverable(app, null, delivery.id, ["item_review_reminder"], {
    deliveredAt: delivery.deliveredAt,
    acceptsAt: autoAcceptanceAt(delivery.deliveredAt),
  });
  if (!sent) {
    await app.db
      .delete(deliveryReviewReminders)
      .where(
        and(
          eq(deliveryReviewReminders.itemId, delivery.id),
          eq(deliveryReviewReminders.deliveredAt, delivery.deliveredAt),
          eq(deliveryReviewReminders.day, day),
        ),
      );
    return false;
  }
  return true;
}

/**
 * The daily run: every delivery waiting for review, each reminded or accepted as its age says
 * (reviewDeadlineDue). A failure on one is logged and the others go on; the next run tries again.
 */
export async function settleSilentReviews(
  app: AppContext,
  pageSize = PAGE,
): Promise<{ reminded: number; accepted: number }> {
  const now = app.now();
  let reminded = 0;
  let accepted = 0;
  let after: WaitingDelivery | null = null;
  for (;;) {
    const rows = await waitingDeliveries(app, now, after, pageSize);
    // consultant_confirmed_at is set with every delivery (lte() leaves no null): the narrowing is for the types.
    const page = rows.filter((row): row is WaitingDelivery => row.deliveredAt !== null);
    for (const delivery of page) {
      const due = reviewDeadlineDue(delivery.deliveredAt, now);
      try {
        if (due?.kind === "accept" && (await acceptSilentDelivery(app, delivery))) accepted += 1;
        if (due?.kind === "remind" && (await remindSilentDelivery(app, delivery, due.day))) reminded += 1;
      } catch (error) {
        console.error(`The review deadline (${due?.kind}) of item ${delivery.id} failed:`, error);
      }
    }
    if (rows.length < pageSize) break;
    after = page[page.length - 1] ?? null;
    if (!after) break;
  }
  return { reminded, accepted };
}
