import { purchases, type NewPurchase } from "~db/schema";
import { db, uniqueId } from "./session";

/**
 * A purchase row of the business, as the payments domain would have stored it: a paid deliverable
 * of $1,500.00 unless `overrides` say otherwise (kind, reference, amount, status, Stripe ids,
 * dates). Its idempotency key is `test-<id>`. Returns the row inserted.
 */
export async function createPurchaseRow(businessId: string, overrides: Partial<Omit<NewPurchase, "businessId">> = {}) {
  const id = overrides.id ?? uniqueId("purchase");
  const row = {
    kind: "delivery_item" as const,
    amountCents: 150_000,
    status: "paid" as const,
    idempotencyKey: `test-${id}`,
    ...overrides,
    id,
    businessId,
  };
  await db().insert(purchases).values(row);
  return row;
}
