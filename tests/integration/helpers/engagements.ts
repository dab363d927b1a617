import { deliveryItems, deliveryOutlines, purchases, type NewDeliveryItem, type NewDeliveryOutline } from "~db/schema";
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

/** A paid delivery-item purchase of the business (for an item that is paid for). */
export async function createPaidPurchase(businessId: string, amountCents = 150_000) {
  const row = {
    id: unique("purchase"),
    businessId,
    kind: "delivery_item" as const,
    amountCents,
    status: "paid" as const,
    idempotencyKey: unique("idem"),
  };
  await db().insert(purchases).values(row);
  return row;
}
// ===== end H1 =====

// ===== H2 helpers =====
// ===== end H2 =====

// ===== H3 helpers =====
// ===== end H3 =====

// ===== H4 helpers =====
// ===== end H4 =====
