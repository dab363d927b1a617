import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { matchStatusText } from "~/lib/matching/match-status";
import { describe, expect, it } from "vitest";
import { deliveryItemDecisions, deliveryItems, deliveryOutlines, matchRequests, purchases } from "~db/schema";
import type { DeliverableIntent } from "~/lib/engagements/deliverable-forms";
import { DELIVERY_APPROVAL_NOTES, DELIVERY_APPROVED } from "~/lib/engagements/engagement-copy";
import { DELIVERABLE_ACTIONS } from "~/server/engagements/item-review.server";
import type { ClientViewer } from "~/http/guards.server";
import { getViewer } from "~/server/identity/session.server";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import {
  createConsultant,
  db,
  html,
  ORIGIN,
  PASSWORD,
  SESSION_COOKIE,
  sessionTokenFrom,
  signIn,
  stripeEnv,
  noticesOf,
  auditOf,
} from "../helpers";
import { createPaidPurchase, createSignedOutline, sendWithStripe } from "../helpers/deliverables";
import { signedInClient, type SignedInClient } from "../../factories";

const OUT_OF_TURN = { msg: "This deliverable is not waiting for your review." };
const NOTES_REQUIRED = "Please tell your consultant what should be revised.";

/**
 * A running engagement whose item `index` (0-based) was delivered and waits for the business's
 * review; the items before it are approved.
 */
async function deliveredEngagement(options: { items?: number; index?: number } = {}) {
  const client = await signedInClient();
  const consultant = await createConsultant();
  const count = options.items ?? 3;
  const index = options.index ?? 0;
  const engagement = await createSignedOutline(client.business.id, consultant.user.id, {
    items: Array.from({ length: count }, () => ({})),
  });
  for (const [position, item] of engagement.items.entries()) {
    if (position > index) break;
    const purchaseId = await createPaidPurchase(client.business.id, item.id);
    await db()
      .update(deliveryItems)
      .set(
        position < index
          ? { paidPurchaseId: purchaseId, status: "approved", businessDeliveryReview: "approved" }
          : {
              paidPurchaseId: purchaseId,
              status: "delivered",
              consultantConfirmedDelivery: true,
              summaryOfWork: "The freight analysis.",
              businessDeliveryReview: "pending",
            },
      )
      .where(eq(deliveryItems.id, item.id));
  }
  const item = engagement.items[index]!;
  await db()
    .update(deliveryOutlines)
    .set({ activeItemId: item.id })
    .where(eq(deliveryOutlines.id, engagement.outline.id));
  return { client, consultant, ...engagement, item };
}

/** The API's body for a decision on an item. */
const reviewBody = (outlineId: string, itemId: string, decision: string, businessNotes = "") => ({
  deliveryItemId: itemId,
  deliveryOutlineId: outlineId,
  decision,
  businessNotes,
});

/** The engagement panel's review form (no notes). */
const reviewFields = (outlineId: string, itemId: string, decision: string) => ({
  intent: "review-item",
  deliveryItemId: itemId,
  deliveryOutlineId: outlineId,
  decision,
});

const review = (token: string | null, body: Record<string, unknown>) =>
  sendWithStripe("/api/delivery-outline/business/item-review", { token, method: "PUT", json: body });

async function itemRow(id: string) {
  const [row] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, id));
  return row!;
}
async function outlineRow(id: string) {
  const [row] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, id));
  return row!;
}
const decisionsOf = (itemId: string) =>
  db().select().from(deliveryItemDecisions).where(eq(deliveryItemDecisions.itemId, itemId));

describe("PUT /api/delivery-outline/business/item-review", () => {
  it("revise: needs notes, sends the item back with them once; a double submission is refused and changes nothing", async () => {
    const { client, consultant, outline, item } = await deliveredEngagement();
    const body = reviewBody(outline.id, item.id, "revise");
    const missing = await review(client.token, body);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ msg: NOTES_REQUIRED });

    const response = await review(client.token, { ...body, businessNotes: "Split freight by carrier." });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      _id: string;
      checkoutUrl: string | null;
      incompleteItems: { deliveryItemId: string; status: string; businessNotes: string | null }[];
    };
    expect(answer._id).toBe(outline.id);
    expect(answer.checkoutUrl).toBeNull();
    expect(answer.incompleteItems[0]).toMatchObject({
      deliveryItemId: item.id,
      status: "revision",
      businessNotes: "Split freight by carrier.",
    });
    expect(await itemRow(item.id)).toMatchObject({
      status: "revision",
      businessDeliveryReview: "revision",
      consultantConfirmedDelivery: false,
    });
    expect(await decisionsOf(item.id)).toMatchObject([
      { decision: "revision", decisionAction: "revise", businessNotes: "Split freight by carrier.", complete: true },
    ]);
    expect(await noticesOf(consultant.user.id, "item_revision")).toHaveLength(1);

    const again = await review(client.token, { ...body, businessNotes: "Again" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(OUT_OF_TURN);
    expect(await decisionsOf(item.id)).toHaveLength(1);
    expect(await noticesOf(consultant.user.id, "item_revision")).toHaveLength(1);
    expect((await auditOf(client.business.id, item.id)).map(({ action, detail }) => ({ action, detail }))).toEqual([
      { action: "item.revision_requested", detail: { title: item.title, notes: "Split freight by carrier." } },
    ]);
  });

  it("concurrent submissions decide once", async () => {
    const { client, outline, item } = await deliveredEngagement();
    const body = reviewBody(outline.id, item.id, "pause");
    const answers = await Promise.all([
      review(client.token, body),
      review(client.token, body),
      review(client.token, body),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(await decisionsOf(item.id)).toHaveLength(1);
    // One approval in the audit trail, though three calls were made in the same instant.
    expect(await auditOf(client.business.id, item.id)).toEqual([
      {
        action: "item.approved",
        actorUserId: client.user.id,
        actorKind: "client",
        subjectType: "deliverable",
        subjectId: item.id,
        detail: { title: item.title, amountCents: item.priceCents, next: "Pause the engagement" },
      },
    ]);
  });

  it("pause: approves the item and pauses the engagement", async () => {
    const { client, consultant, outline, item } = await deliveredEngagement();
    const response = await review(client.token, reviewBody(outline.id, item.id, "pause", "Great work."));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      pausedAt: string | null;
      activeItem: unknown;
      completedItems: unknown[];
    };
    expect(answer.pausedAt).not.toBeNull();
    expect(answer.activeItem).toBeNull();
    expect(answer.completedItems).toHaveLength(1);
    expect(await itemRow(item.id)).toMatchObject({ status: "approved", businessDeliveryReview: "approved" });
    const row = await outlineRow(outline.id);
    expect(row.pausedAt).not.toBeNull();
    expect(row.activeItemId).toBeNull();
    expect(row.complete).toBe(false);
    expect(await noticesOf(consultant.user.id, "item_paused")).toHaveLength(1);

    // The consultant's page of the item says it was approved, with her words.
    const token = sessionTokenFrom(await signIn(consultant.user.email, PASSWORD))!;
    const page = await (
      await sendWithStripe(`/consultant/engagements/${outline.id}/items/${item.id}`, { token })
    ).text();
    expect(page).toContain(html(DELIVERY_APPROVED));
    expect(page).toContain(html(DELIVERY_APPROVAL_NOTES));
    expect(page).toContain("Great work.");
  });

  it("an approval without a note shows none on the consultant's page", async () => {
    const { client, consultant, outline, item } = await deliveredEngagement();
    expect((await review(client.token, reviewBody(outline.id, item.id, "pause"))).status).toBe(200);
    const token = sessionTokenFrom(await signIn(consultant.user.email, PASSWORD))!;
    const page = await (
      await sendWithStripe(`/consultant/engagements/${outline.id}/items/${item.id}`, { token })
    ).text();
    expect(page).toContain(html(DELIVERY_APPROVED));
    expect(page).not.toContain(html(DELIVERY_APPROVAL_NOTES));
  });

  it("prepay: approves the item and answers the next item's checkout", async () => {
    const { client, consultant, outline, items, item } = await deliveredEngagement();
    const response = await review(client.token, reviewBody(outline.id, item.id, "prepay"));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { checkoutUrl: string | null };
    expect(answer.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const [pending] = await db()
      .select()
      .from(purchases)
      .where(and(eq(purchases.businessId, client.business.id), eq(purchases.status, "pending")));
    expect(pending).toMatchObject({ kind: "delivery_item", referenceId: items[1]!.id, amountCents: 150_000 });
    expect(await decisionsOf(item.id)).toMatchObject([{ decisionAction: "prepay", complete: false }]);
    expect(await noticesOf(consultant.user.id, "item_approved")).toHaveLength(1);
  });

  it("approving the last item completes the outline and the match, and tells all three", async () => {
    const { client, consultant, outline, match, item } = await deliveredEngagement({ items: 2, index: 1 });
    const response = await review(client.token, reviewBody(outline.id, item.id, "prepay"));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { complete: boolean; status: string; checkoutUrl: string | null };
    expect(answer).toMatchObject({ complete: true, status: "complete", checkoutUrl: null });
    const row = await outlineRow(outline.id);
    expect(row).toMatchObject({ complete: true, state: "complete", activeItemId: null });
    expect(row.completedAt).not.toBeNull();
    const [matchRow] = await db().select().from(matchRequests).where(eq(matchRequests.id, match.id));
    expect(matchRow!.status).toBe("completed");
    expect(matchStatusText(matchRow!)).toBe("Your engagement is complete. View their findings in your documents.");
    expect(await noticesOf(client.user.id, "engagement_completed")).toHaveLength(1);
    expect(await noticesOf(consultant.user.id, "engagement_completed")).toHaveLength(1);

    const again = await review(client.token, reviewBody(outline.id, item.id, "pause"));
    expect(again.status).toBe(409);
    expect((await outlineRow(outline.id)).completedAt?.getTime()).toBe(row.completedAt!.getTime());
    expect(await noticesOf(client.user.id, "engagement_completed")).toHaveLength(1);
  });

  it("refuses out of turn (409), another business (404), no session (401), staff (403) and junk (400) without writing", async () => {
    const { client, outline, items, item } = await deliveredEngagement();
    const notDelivered = await review(client.token, reviewBody(outline.id, items[1]!.id, "pause"));
    expect(notDelivered.status).toBe(409);
    expect(await notDelivered.json()).toEqual(OUT_OF_TURN);

    const body = reviewBody(outline.id, item.id, "pause");
    const other = await signedInClient();
    const foreign = await review(other.token, body);
    expect(foreign.status).toBe(404);
    expect((await review(null, body)).status).toBe(401);
    const consultant = await (await import("../../factories")).signedInConsultant();
    expect((await review(consultant.token, body)).status).toBe(403);
    expect((await review(client.token, { ...body, decision: "maybe" })).status).toBe(400);
    expect(await decisionsOf(item.id)).toHaveLength(0);
    expect((await itemRow(item.id)).status).toBe("delivered");
  });
});

/** A deliverable intent's handler as the /features action calls it, and what the action answers. */
async function runAction(client: SignedInClient, fields: Record<string, string>) {
  const app = createAppContext(stripeEnv(env) as unknown as CloudflareBindings, () => {});
  const request = new Request(`${ORIGIN}/features?focus=Engagements`, {
    method: "POST",
    headers: { Cookie: `${SESSION_COOKIE}=${client.token}` },
  });
  const viewer = (await getViewer(app, request)) as ClientViewer;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const result = await DELIVERABLE_ACTIONS[fields.intent as DeliverableIntent](app, viewer, form, request);
  if (result.kind === "checkout") return { checkout: result.url, status: null };
  return { checkout: null, status: result.status, data: result.data };
}

describe("DELIVERABLE_ACTIONS (the engagement panel's page action)", () => {
  it("review-item: 400 with the form's errors, a pause confirmed, prepay redirected to the next checkout", async () => {
    const { client, outline, item } = await deliveredEngagement();
    const invalid = await runAction(client, reviewFields(outline.id, item.id, "revise"));
    expect(invalid.status).toBe(400);
    expect(invalid.data?.result.error?.businessNotes).toEqual([NOTES_REQUIRED]);

    const prepaid = await runAction(client, reviewFields(outline.id, item.id, "prepay"));
    expect(prepaid.checkout).toMatch(/^https:\/\/checkout\.stripe\.test\//);

    const twice = await runAction(client, reviewFields(outline.id, item.id, "pause"));
    expect(twice.status).toBe(409);
    expect(twice.data?.result.error?.[""]).toEqual([OUT_OF_TURN.msg]);
  });

  it("prepay: redirects to the next item's checkout, or 409 when nothing is due; another business's outline is 404", async () => {
    const client = await signedInClient();
    const consultant = await createConsultant();
    const { outline } = await createSignedOutline(client.business.id, consultant.user.id);
    const started = await runAction(client, { intent: "prepay", deliveryOutlineId: outline.id });
    expect(started.checkout).toMatch(/^https:\/\/checkout\.stripe\.test\//);

    const unsigned = await createSignedOutline(client.business.id, consultant.user.id, {
      outline: { businessReviewStatus: "pending", signedVersion: null },
    });
    const nothing = await runAction(client, { intent: "prepay", deliveryOutlineId: unsigned.outline.id });
    expect(nothing.status).toBe(409);
    expect(nothing.data?.result.error?.[""]).toEqual(["There is no deliverable to prepay right now."]);

    const other = await signedInClient();
    const foreign = await runAction(other, { intent: "prepay", deliveryOutlineId: outline.id });
    expect(foreign.status).toBe(404);
    expect(await db().select().from(purchases).where(eq(purchases.businessId, other.business.id))).toHaveLength(0);

    // An intent the page does not know never reaches the deliverables: the /features action refuses it.
    const junk = await sendWithStripe("/features?focus=Engagements", {
      token: client.token,
      form: { intent: "dance" },
    });
    expect(junk.status).toBe(400);
  });

  it("rate: only once the engagement is complete; the rating is the match's feedback", async () => {
    const { client, outline, match, item } = await deliveredEngagement({ items: 1 });
    const early = await runAction(client, { intent: "rate", matchId: match.id, clientSatisfaction: "5" });
    expect(early.status).toBe(409);
    expect(early.data?.result.error?.[""]).toEqual(["You can rate your consultant once the engagement is complete."]);

    const done = await runAction(client, reviewFields(outline.id, item.id, "pause"));
    expect(done.status).toBe(200);
    expect(done.data?.message).toBe("Deliverable accepted. Your engagement is complete!");

    const invalid = await runAction(client, { intent: "rate", matchId: match.id, clientSatisfaction: "9" });
    expect(invalid.status).toBe(400);
    const rated = await runAction(client, {
      intent: "rate",
      matchId: match.id,
      clientSatisfaction: "5",
      clientFeedback: "Clear and calm.",
    });
    expect(rated.status).toBe(200);
    expect(rated.data?.message).toBe("Thank you for rating your consultant.");
    const [row] = await db().select().from(matchRequests).where(eq(matchRequests.id, match.id));
    expect(row).toMatchObject({ clientSatisfaction: 5, clientFeedback: "Clear and calm.", status: "completed" });

    const other = await signedInClient();
    const foreign = await runAction(other, { intent: "rate", matchId: match.id, clientSatisfaction: "1" });
    expect(foreign.status).toBe(404);
  });
});
