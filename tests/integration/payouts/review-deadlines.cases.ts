import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  deliveryItemDecisions,
  deliveryItems,
  deliveryOutlines,
  deliveryReviewReminders,
  itemRefunds,
} from "~db/schema";
import { autoAcceptanceAt } from "~/lib/engagements/review-deadlines";
import { createAppContext } from "~/server/load-context";
import { decideDeliveredItem } from "~/server/engagements/item-decision.server";
import { recordMissedTransfers } from "~/server/payouts/transfers.server";
import {
  acceptSilentDelivery,
  settleSilentReviews,
  waitingDeliveries,
} from "~/server/engagements/review-deadlines.server";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { CRONS, handleScheduled } from "../../../functions/scheduled";
import { consultantDeliveryPath, managerEngagementPath } from "~/lib/engagements/engagement-paths";
import { auditOf, db, emailsTo, noticesOf, ORIGIN, sessionTokenFrom, signIn, stripeEnv } from "../helpers";
import { signedInManager, signedInMember } from "../../factories";
import { sendWithStripe } from "../helpers/deliverables";
import { paidEngagement, payoutAccount, stubRequests, transfersOf } from "./helpers";

/**
 * Money that never waits on silence (issue #40 item 1, docs/decisions/078): a delivery nobody
 * reviews is reminded on days 3, 7 and 13 and accepted on day 14 by the daily run, with a fake
 * clock: reminders once each, the acceptance once (a double fire, a race with a late review),
 * the transfer released once, a revision stopping the clock.
 */

const DAY = 24 * 60 * 60 * 1000;
/** A delivery at 10:00 UTC: its day-14 run is Dec 15 at 13:00 UTC. */
const DELIVERED = new Date("2026-12-01T10:00:00.000Z");
const at = (days: number, hours = 3) => new Date(DELIVERED.getTime() + days * DAY + hours * 60 * 60 * 1000);

/**
 * The cron's AppContext against the Stripe stub, its clock reading `now`; APP_URL set as deployed
 * (a cron has no request: its emails' links need it, ADR 047).
 */
const appAt = (now: Date) =>
  createAppContext(
    { ...stripeEnv(env), APP_URL: ORIGIN } as unknown as CloudflareBindings,
    () => {},
    () => now,
  );

/** A paid engagement whose first item was delivered at `deliveredAt` and waits for review; payouts enabled. */
async function silentDelivery(options: { count?: number; deliveredAt?: Date } = {}) {
  const engagement = await paidEngagement({ count: options.count ?? 2, priceCents: 150_000 });
  await payoutAccount(engagement.consultant.user.id, true);
  await db()
    .update(deliveryItems)
    .set({ consultantConfirmedAt: options.deliveredAt ?? DELIVERED })
    .where(eq(deliveryItems.id, engagement.item.id));
  return engagement;
}

const remindersOf = (itemId: string) =>
  db().select().from(deliveryReviewReminders).where(eq(deliveryReviewReminders.itemId, itemId));
const decisionsOf = (itemId: string) =>
  db().select().from(deliveryItemDecisions).where(eq(deliveryItemDecisions.itemId, itemId));
const itemRow = async (itemId: string) =>
  (await db().select().from(deliveryItems).where(eq(deliveryItems.id, itemId)))[0]!;
/** A member's review through the JSON API (PUT /api/delivery-outline/business/item-review). */
const review = (token: string, outlineId: string, itemId: string, decision = "pause", businessNotes = "") =>
  sendWithStripe("/api/delivery-outline/business/item-review", {
    token,
    method: "PUT",
    json: { deliveryItemId: itemId, deliveryOutlineId: outlineId, decision, businessNotes },
  });

/** A page's text as read: tags and React's text separators dropped, entities decoded. */
const readText = (page: string) =>
  page
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const transferCalls = async (itemId: string) =>
  (await stubRequests()).filter((r) => r.path === "/v1/transfers" && r.idempotencyKey === `transfer-item-${itemId}`);

describe("reminders of a delivery nobody reviewed", () => {
  it("reminds the reviewers on days 3, 7 and 13, each once, with the date of the automatic acceptance", async () => {
    const { client, consultant, item } = await silentDelivery();
    const owner = client.user.id;
    // By role: a member reviews deliverables and is reminded; a viewer reads and is not.
    const member = await signedInMember(client.business.id, "member");
    const viewer = await signedInMember(client.business.id, "viewer");

    await settleSilentReviews(appAt(at(2)));
    expect(await remindersOf(item.id)).toHaveLength(0);

    await settleSilentReviews(appAt(at(3)));
    await settleSilentReviews(appAt(at(3, 5)));
    await settleSilentReviews(appAt(at(5)));
    expect((await remindersOf(item.id)).map((row) => row.day)).toEqual([3]);
    const [first] = await noticesOf(owner, "item_review_reminder");
    expect(first).toMatchObject({ title: "A deliverable is waiting for your review" });
    expect(first!.body).toBe(
      `Your consultant delivered "${item.title}" of Margin recovery plan on Dec 1, 2026. Please review it by Dec 15, 2026, 1:00 PM UTC: accept it, or ask for a revision. If nobody reviews it by then, it is accepted automatically and the consultant is paid.`,
    );

    await settleSilentReviews(appAt(at(7)));
    await settleSilentReviews(appAt(at(13)));
    await settleSilentReviews(appAt(at(13, 6)));
    expect((await remindersOf(item.id)).map((row) => row.day).sort((a, b) => a - b)).toEqual([3, 7, 13]);
    expect(await noticesOf(owner, "item_review_reminder")).toHaveLength(3);
    expect(await noticesOf(member.user.id, "item_review_reminder")).toHaveLength(3);
    expect(await noticesOf(viewer.user.id, "item_review_reminder")).toHaveLength(0);
    // Reminders are the business's: never the consultant's. Emailed (always: money is at stake).
    expect(await noticesOf(consultant.user.id, "item_review_reminder")).toHaveLength(0);
    expect(await emailsTo(client.user.email, "item_review_reminder")).toHaveLength(3);
    // Nothing decided, nothing paid before day 14.
    expect(await decisionsOf(item.id)).toHaveLength(0);
    expect(await transfersOf(item.id)).toHaveLength(0);
  });

  it("a run that was missed sends the latest reminder due, never the earlier ones at once", async () => {
    const { item } = await silentDelivery();
    await settleSilentReviews(appAt(at(10)));
    expect((await remindersOf(item.id)).map((row) => row.day)).toEqual([7]);
  });
});

describe("automatic acceptance on day 14", () => {
  it("accepts with the pause decision by nobody, releases the transfer once, tells all three, and a second run does nothing", async () => {
    const { client, consultant, outline, item } = await silentDelivery();
    expect(autoAcceptanceAt(DELIVERED).toISOString()).toBe("2026-12-15T13:00:00.000Z");

    // 13 days and 23 hours: not yet.
    await settleSilentReviews(appAt(new Date(DELIVERED.getTime() + 14 * DAY - 60 * 60 * 1000)));
    expect(await decisionsOf(item.id)).toHaveLength(0);

    const run = appAt(autoAcceptanceAt(DELIVERED));
    await handleScheduled({ cron: CRONS.dailyEventReminders, scheduledTime: run.now().getTime() }, run);
    await settleSilentReviews(run);
    await settleSilentReviews(appAt(at(20)));

    const decisions = await decisionsOf(item.id);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({
      decidedByUserId: null,
      decision: "approved",
      decisionAction: "pause",
      complete: true,
    });
    expect(await itemRow(item.id)).toMatchObject({ status: "approved", businessDeliveryReview: "approved" });
    const [after] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outline.id));
    expect(after!.pausedAt).not.toBeNull();
    expect(after!.activeItemId).toBeNull();

    // 20 % of 1,500.00 kept; 1,200.00 transferred, once.
    const transfers = await transfersOf(item.id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      status: "paid",
      chargedCents: 150_000,
      feeCents: 30_000,
      amountCents: 120_000,
    });
    expect(await transferCalls(item.id)).toHaveLength(1);

    const audit = (await auditOf(client.business.id, item.id)).filter(
      (row) => row.action === "item.accepted_automatically",
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: null, actorKind: "system" });

    const [toBusiness] = await noticesOf(client.user.id, "item_accepted_automatically");
    expect(toBusiness!.body).toBe(
      `Nobody reviewed "${item.title}" of Margin recovery plan within 14 days of its delivery, so it was accepted automatically and the consultant is paid for it. The engagement is paused until the next deliverable is prepaid.`,
    );
    const [toConsultant] = await noticesOf(consultant.user.id, "item_accepted_automatically");
    expect(toConsultant!.body).toBe(
      `${client.business.name} did not review "${item.title}" of Margin recovery plan within 14 days of its delivery, so it was accepted automatically and you are paid for it as for an approved deliverable.`,
    );
    expect(await noticesOf(client.user.id, "item_accepted_automatically")).toHaveLength(1);

    // The item says how it was approved: on the business's API and to the consultant.
    const api = await sendWithStripe(`/api/delivery-outline/${outline.id}`, { token: client.token });
    const view = (await api.json()) as {
      completedItems: {
        deliveryItemId: string;
        acceptedAutomatically: boolean;
        acceptsAutomaticallyAt: string | null;
      }[];
    };
    expect(view.completedItems.find((row) => row.deliveryItemId === item.id)).toMatchObject({
      acceptedAutomatically: true,
      acceptsAutomaticallyAt: null,
    });
  });

  it("the last item's acceptance completes the engagement and says so", async () => {
    const { client, consultant, outline, item } = await silentDelivery({ count: 1 });
    await settleSilentReviews(appAt(at(15)));
    expect(await itemRow(item.id)).toMatchObject({ status: "approved" });
    const [after] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outline.id));
    expect(after).toMatchObject({ complete: true, state: "complete" });
    const [notice] = await noticesOf(client.user.id, "item_accepted_automatically");
    expect(notice!.body).not.toContain("paused");
    expect(await noticesOf(client.user.id, "engagement_completed")).toHaveLength(1);
    const [completion] = await noticesOf(consultant.user.id, "engagement_completed");
    expect(completion!.body).toBe(
      "The last deliverable of Margin recovery plan was accepted automatically: Margin recovery plan is complete.",
    );
  });

  it("two runs at once and a late review racing the run: one decision, one transfer", async () => {
    const twice = await silentDelivery();
    const now = autoAcceptanceAt(DELIVERED);
    await Promise.all([settleSilentReviews(appAt(now)), settleSilentReviews(appAt(now))]);
    expect(await decisionsOf(twice.item.id)).toHaveLength(1);
    expect(await transfersOf(twice.item.id)).toHaveLength(1);
    expect(await transferCalls(twice.item.id)).toHaveLength(1);
    expect(await noticesOf(twice.client.user.id, "item_accepted_automatically")).toHaveLength(1);

    const late = await silentDelivery();
    const [answer] = await Promise.all([
      review(late.client.token, late.outline.id, late.item.id),
      settleSilentReviews(appAt(now)),
    ]);
    expect([200, 409]).toContain(answer.status);
    const decisions = await decisionsOf(late.item.id);
    expect(decisions).toHaveLength(1);
    // Whoever won, the audit trail says it once and the consultant is paid once.
    const audit = (await auditOf(late.client.business.id, late.item.id)).filter((row) =>
      ["item.approved", "item.accepted_automatically"].includes(row.action),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe(decisions[0]!.decidedByUserId ? "item.approved" : "item.accepted_automatically");
    expect(await transfersOf(late.item.id)).toHaveLength(1);
    expect(await transferCalls(late.item.id)).toHaveLength(1);
  });

  it("whichever decides first, the other writes nothing: the run after a member's review, a review after the run", async () => {
    const now = autoAcceptanceAt(DELIVERED);
    const reviewed = await silentDelivery();
    expect((await review(reviewed.client.token, reviewed.outline.id, reviewed.item.id)).status).toBe(200);
    // The run had read the delivery before the review: its acceptance finds nothing to decide.
    const accepted = await acceptSilentDelivery(appAt(now), {
      id: reviewed.item.id,
      outlineId: reviewed.outline.id,
      businessId: reviewed.client.business.id,
      deliveredAt: DELIVERED,
    });
    expect(accepted).toBe(false);
    expect((await decisionsOf(reviewed.item.id)).map((row) => row.automatic)).toEqual([false]);
    expect(await noticesOf(reviewed.consultant.user.id, "item_accepted_automatically")).toHaveLength(0);
    expect(await noticesOf(reviewed.consultant.user.id, "item_paused")).toHaveLength(1);

    const late = await silentDelivery();
    await settleSilentReviews(appAt(now));
    const refused = await review(late.client.token, late.outline.id, late.item.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ msg: "This deliverable is not waiting for your review." });
    expect((await decisionsOf(late.item.id)).map((row) => row.automatic)).toEqual([true]);
    expect(await noticesOf(late.consultant.user.id, "item_paused")).toHaveLength(0);
    expect(await noticesOf(late.consultant.user.id, "item_accepted_automatically")).toHaveLength(1);
    expect(await transfersOf(late.item.id)).toHaveLength(1);
  });

  it("pages through every waiting delivery, deliveries at the same instant included", async () => {
    const same = new Date("2026-12-02T09:00:00.000Z");
    const three = [
      await silentDelivery({ deliveredAt: same }),
      await silentDelivery({ deliveredAt: same }),
      await silentDelivery({ deliveredAt: same }),
    ];
    await settleSilentReviews(appAt(autoAcceptanceAt(same)), 2);
    for (const { item } of three) expect(await itemRow(item.id)).toMatchObject({ status: "approved" });
  });

  it("a revision request stops the clock; the next delivery starts it again", async () => {
    const { client, outline, item } = await silentDelivery();
    const revise = await review(client.token, outline.id, item.id, "revise", "Add the freight costs by region.");
    expect(revise.status).toBe(200);
    await settleSilentReviews(appAt(at(20)));
    expect(await itemRow(item.id)).toMatchObject({ status: "revision" });
    expect(await remindersOf(item.id)).toHaveLength(0);

    // Delivered again on day 21: its own reminders and day 14 count from then.
    const again = at(21);
    await db()
      .update(deliveryItems)
      .set({
        status: "delivered",
        businessDeliveryReview: "pending",
        consultantConfirmedDelivery: true,
        consultantConfirmedAt: again,
      })
      .where(eq(deliveryItems.id, item.id));
    await settleSilentReviews(appAt(new Date(again.getTime() + 3 * DAY)));
    const reminders = await remindersOf(item.id);
    expect(reminders.map((row) => [row.day, row.deliveredAt.getTime()])).toEqual([[3, again.getTime()]]);
    await settleSilentReviews(appAt(new Date(again.getTime() + 13 * DAY)));
    expect((await decisionsOf(item.id)).filter((row) => row.decision === "approved")).toHaveLength(0);
    await settleSilentReviews(appAt(autoAcceptanceAt(again)));
    expect(await itemRow(item.id)).toMatchObject({ status: "approved" });
    expect(await transfersOf(item.id)).toHaveLength(1);
  });

  it("a refunded delivery is never reminded or accepted", async () => {
    const engagement = await silentDelivery();
    const { client, outline, item } = engagement;
    await db()
      .insert(itemRefunds)
      .values({
        itemId: item.id,
        outlineId: outline.id,
        businessId: client.business.id,
        purchaseId: (await itemRow(item.id)).paidPurchaseId!,
        amountCents: 150_000,
        status: "succeeded",
      });
    await settleSilentReviews(appAt(at(15)));
    expect(await remindersOf(item.id)).toHaveLength(0);
    expect(await decisionsOf(item.id)).toHaveLength(0);
    expect(await transfersOf(item.id)).toHaveLength(0);
  });
});

describe("a transfer never recorded (the Worker died after the approval)", () => {
  it("the lease sweep records and sends it once, after an approval still in flight has had its time", async () => {
    const { client, consultant, outline, item } = await silentDelivery();
    const acceptedAt = autoAcceptanceAt(DELIVERED);
    // The acceptance's batch, and then nothing: no payApprovedItem.
    const decided = await decideDeliveredItem(
      appAt(acceptedAt),
      client.business.id,
      { outlineId: outline.id, itemId: item.id, notes: "", action: "pause", decision: "approved" },
      null,
    );
    expect(decided.ok).toBe(true);
    expect(await transfersOf(item.id)).toHaveLength(0);

    // Five minutes on, the approval's own call may still be running: the sweep leaves it.
    expect(await recordMissedTransfers(appAt(new Date(acceptedAt.getTime() + 5 * 60 * 1000)))).toBe(0);
    expect(await transfersOf(item.id)).toHaveLength(0);

    // The lease sweep (every 10 minutes), fired twice at once: one transfer, one call to Stripe.
    const later = appAt(new Date(acceptedAt.getTime() + 11 * 60 * 1000));
    const sweep = () => handleScheduled({ cron: CRONS.jobLeaseSweep, scheduledTime: later.now().getTime() }, later);
    await Promise.all([sweep(), sweep()]);
    const transfers = await transfersOf(item.id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      status: "paid",
      consultantUserId: consultant.user.id,
      chargedCents: 150_000,
      feeCents: 30_000,
      amountCents: 120_000,
    });
    expect(await transferCalls(item.id)).toHaveLength(1);
    expect(await recordMissedTransfers(later)).toBe(0);
    expect(await transferCalls(item.id)).toHaveLength(1);
  });
});

describe("the daily run's read", () => {
  it("finds the waiting deliveries through their partial index, not a scan of every deliverable", async () => {
    const now = new Date();
    for (const after of [null, { id: "item_x", outlineId: "o", businessId: "b", deliveredAt: now }]) {
      const query = waitingDeliveries(appAt(now), now, after).toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .bind(...query.params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail).join("\n");
      expect(details).toContain("delivery_items_waiting_review_idx");
      expect(details).not.toMatch(/SCAN delivery_items(?! USING)/);
    }
  });
});

describe("the acceptance date where people read it", () => {
  it("the business's engagement API, the consultant's deliverable page and the manager's console show it", async () => {
    const { client, consultant, outline, item } = await silentDelivery();
    const api = await sendWithStripe(`/api/delivery-outline/${outline.id}`, { token: client.token });
    expect(api.status).toBe(200);
    const body = (await api.json()) as {
      incompleteItems: { deliveryItemId: string; acceptsAutomaticallyAt: string | null }[];
    };
    const shown = body.incompleteItems.find((row) => row.deliveryItemId === item.id);
    expect(shown?.acceptsAutomaticallyAt).toBe("2026-12-15T13:00:00.000Z");
    const other = body.incompleteItems.filter((row) => row.deliveryItemId !== item.id);
    expect(other.every((row) => row.acceptsAutomaticallyAt === null)).toBe(true);

    const business = await sendWithStripe(`/features?focus=Engagements&engagementId=${outline.id}`, {
      token: client.token,
    });
    const businessPage = await business.text();
    expect(readText(businessPage)).toContain(
      "If nobody reviews it, it is accepted automatically on Dec 15, 2026, 1:00 PM UTC and the consultant is paid; the next deliverable is not prepaid.",
    );
    expect(businessPage).toMatch(/<time (datetime|dateTime)="2026-12-15T13:00:00.000Z">/);
    // The last deliverable's acceptance completes the engagement, and the note says that instead.
    const last = await silentDelivery({ count: 1 });
    const lastPage = await sendWithStripe(`/features?focus=Engagements&engagementId=${last.outline.id}`, {
      token: last.client.token,
    });
    expect(readText(await lastPage.text())).toContain(
      "If nobody reviews it, it is accepted automatically on Dec 15, 2026, 1:00 PM UTC and the consultant is paid; the engagement is then complete.",
    );

    const consultantToken = sessionTokenFrom(await signIn(consultant.user.email));
    const page = await sendWithStripe(consultantDeliveryPath(outline.id, item.id), { token: consultantToken });
    expect(page.status).toBe(200);
    expect(readText(await page.text())).toContain(
      "If the business does not review it, it is accepted automatically on Dec 15, 2026, 1:00 PM UTC and your payment for it is released.",
    );

    const manager = await signedInManager({ staffRole: "manager" });
    const consolePage = await sendWithStripe(managerEngagementPath(outline.id), { token: manager.token });
    expect(consolePage.status).toBe(200);
    expect(readText(await consolePage.text())).toContain(
      "Waiting for the business's review; accepted automatically on Dec 15, 2026, 1:00 PM UTC if nobody reviews it.",
    );
  });
});
