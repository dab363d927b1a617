import { eq } from "drizzle-orm";
import { deliveryItems, deliveryOutlines, users, type NewDeliveryItem, type NewDeliveryOutline } from "~db/schema";
import { createConsultant, createMatchRequestRow } from "./matching";
import { createPurchaseRow } from "./purchases";
import { db, uniqueId } from "./session";

/**
 * Engagement rows for tests that start mid-flow (a plan already approved, an item already paid).
 * Tests of a transition drive the earlier steps through the product where they can; these rows
 * are for the rest.
 */

/** A match request of the business where the business accepted `consultantId` (consultant_matched). */
export async function createMatchedMatch(businessId: string, consultantId: string) {
  return createMatchRequestRow(businessId, { status: "consultant_matched", matchedConsultantId: consultantId });
}

type ItemOverrides = Partial<Omit<NewDeliveryItem, "outlineId" | "businessId">>;

/**
 * An outline of the match with its items (three by default, $1,500 each, a month apart from
 * 2026-12-01). `outline` overrides the outline's columns (state, review statuses, version…).
 */
export async function createOutlineRows(
  match: { id: string; businessId: string; matchedConsultantId?: string | null },
  options: { outline?: Partial<NewDeliveryOutline>; items?: ItemOverrides[] } = {},
) {
  const outline = {
    id: uniqueId("outline"),
    matchRequestId: match.id,
    businessId: match.businessId,
    consultantId: match.matchedConsultantId ?? null,
    title: "Margin recovery plan",
    overview: "We find where the margin went and put it back, one phase at a time.",
    ...options.outline,
  } satisfies NewDeliveryOutline;
  await db().insert(deliveryOutlines).values(outline);
  const specs = options.items ?? [{}, {}, {}];
  const items = specs.map((spec, position) => ({
    id: uniqueId("item"),
    outlineId: outline.id,
    businessId: match.businessId,
    position,
    title: `Phase ${position + 1}`,
    description: `What phase ${position + 1} delivers.`,
    deliveryDate: `2027-0${position + 1}-01`,
    priceCents: 150_000,
    ...spec,
  }));
  if (items.length > 0) await db().insert(deliveryItems).values(items);
  return { outline, items };
}

// ===== H1 helpers =====
export type PlanFormItem = { id?: string; title: string; description?: string; deliveryDate: string; price: string };

/** The plan editor's fields as the page posts them (Conform's `items[0].title` names). */
export function planFields(plan: {
  intent: "save" | "submit";
  title?: string;
  overview?: string;
  items?: PlanFormItem[];
  revision?: string;
}): Record<string, string> {
  const fields: Record<string, string> = {
    intent: plan.intent,
    title: plan.title ?? "Margin recovery plan",
    overview: plan.overview ?? "We find where the margin went and put it back.",
  };
  if (plan.revision !== undefined) fields.revision = plan.revision;
  (plan.items ?? []).forEach((item, index) => {
    if (item.id) fields[`items[${index}].id`] = item.id;
    fields[`items[${index}].title`] = item.title;
    fields[`items[${index}].description`] = item.description ?? "";
    fields[`items[${index}].deliveryDate`] = item.deliveryDate;
    fields[`items[${index}].price`] = item.price;
  });
  return fields;
}

// ===== end H1 =====

// ===== H2 helpers =====

/**
 * A plan waiting for the business's signature: the match of `businessId` with `consultantId`,
 * assigned to `managerId`, its outline sent and approved by that manager (version 1 unless
 * `outline` says otherwise), with the default three items.
 */
export async function createPlanAwaitingBusiness(
  businessId: string,
  consultantId: string,
  managerId: string,
  outline: Partial<NewDeliveryOutline> = {},
) {
  // The manager approved the plan: the match says a plan waits for the business.
  const match = await createMatchRequestRow(businessId, {
    status: "outline_proposed",
    matchedConsultantId: consultantId,
    assignedManagerId: managerId,
  });
  const now = new Date();
  return createOutlineRows(match, {
    outline: {
      state: "proposed",
      egmReviewStatus: "approved",
      egmReviewerId: managerId,
      egmReviewedAt: now,
      businessReviewStatus: "pending",
      submittedAt: now,
      ...outline,
    },
  });
}
// ===== end H2 =====

// ===== H3 helpers =====
/**
 * An engagement of the business as the business sees it mid-flow: a consultant (Dana Reyes,
 * "Fractional CFO for growing retailers"), a matched match, and its outline in one of the states
 * the views tell apart. `createdAt` orders the lists.
 */
export async function createBusinessEngagement(
  businessId: string,
  kind: "active" | "awaiting" | "unapproved" | "complete" | "changed",
  options: { createdAt?: Date; title?: string; consultantId?: string } = {},
) {
  let consultantId = options.consultantId;
  if (!consultantId) {
    const { user } = await createConsultant();
    await db().update(users).set({ firstName: "Dana", lastName: "Reyes" }).where(eq(users.id, user.id));
    consultantId = user.id;
  }
  const match = await createMatchedMatch(businessId, consultantId);
  const createdAt = options.createdAt ?? new Date();
  const signed = {
    businessReviewStatus: "approved" as const,
    signedVersion: 1,
    businessSignature: "Pat Owner",
    businessSignatureDate: "2026-11-20",
    startedAt: new Date("2026-11-20T12:00:00Z"),
  };
  const outline: Partial<NewDeliveryOutline> = {
    createdAt,
    submittedAt: createdAt,
    ...(options.title ? { title: options.title } : {}),
    ...(kind === "active" ? { state: "active", egmReviewStatus: "approved", ...signed } : {}),
    ...(kind === "awaiting" ? { state: "proposed", egmReviewStatus: "approved" } : {}),
    ...(kind === "unapproved" ? { state: "proposed", egmReviewStatus: "pending" } : {}),
    ...(kind === "complete"
      ? { state: "complete", egmReviewStatus: "approved", complete: true, completedAt: createdAt, ...signed }
      : {}),
    ...(kind === "changed"
      ? { state: "active", egmReviewStatus: "pending", ...signed, businessReviewStatus: "pending", version: 2 }
      : {}),
  };
  const purchaseIds = await createPaidPurchases(
    businessId,
    kind === "complete" ? 3 : kind === "unapproved" || kind === "awaiting" ? 0 : 2,
  );
  const items: ItemOverrides[] =
    kind === "active"
      ? [
          { status: "approved", paidPurchaseId: purchaseIds[0], completedAt: createdAt },
          {
            status: "delivered",
            paidPurchaseId: purchaseIds[1],
            consultantConfirmedDelivery: true,
            summaryOfWork: "Found the three products that lost margin.",
            businessDeliveryReview: "pending",
          },
          {},
        ]
      : kind === "complete"
        ? purchaseIds.map((id) => ({ status: "approved" as const, paidPurchaseId: id, completedAt: createdAt }))
        : kind === "changed"
          ? [
              { status: "approved", paidPurchaseId: purchaseIds[0], completedAt: createdAt },
              { status: "active", paidPurchaseId: purchaseIds[1] },
              { title: "Unapproved new phase", description: "Added after the signature." },
            ]
          : [{}, {}, {}];
  const rows = await createOutlineRows({ ...match, matchedConsultantId: consultantId }, { outline, items });
  return { match, consultantId, ...rows };
}

/** Paid purchases of the business (the rows a paid item points at). */
async function createPaidPurchases(businessId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const row = await createPurchaseRow(businessId, { referenceId: uniqueId("ref"), paidAt: new Date() });
    ids.push(row.id);
  }
  return ids;
}
// ===== end H3 =====

// ===== H4 helpers =====
// ===== end H4 =====
