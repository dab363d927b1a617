import { deliveryItems, deliveryOutlines, type NewDeliveryItem, type NewDeliveryOutline } from "~db/schema";
import { createMatchRequestRow } from "./matching";
import { db } from "./session";

/**
 * Engagement rows for tests that start mid-flow (a plan already approved, an item already paid).
 * Tests of a transition drive the earlier steps through the product where they can; these rows
 * are for the rest.
 */

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

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
    id: unique("outline"),
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
    id: unique("item"),
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
  const match = await createMatchRequestRow(businessId, {
    status: "consultant_matched",
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
// ===== end H3 =====

// ===== H4 helpers =====
// ===== end H4 =====
