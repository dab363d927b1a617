import { benchmarkingPurchasable } from "~/server/benchmarking/benchmarking-purchase.server";
import { deliveryItemPurchasable } from "~/server/engagements/delivery-item-purchase.server";
import { insightPurchasable } from "~/server/insights/insight-purchase.server";
import { planPurchasable } from "./plans.server";
import type { PurchasableRegistry } from "./purchasable";

/**
 * Every kind a business can buy, each implemented by the domain that owns it
 * (docs/decisions/010-payments.md). Checkout describes a reference through it and fulfilment
 * delivers a paid purchase through it; a new kind is a PURCHASE_KINDS value and an entry here.
 */
export const PURCHASABLES: PurchasableRegistry = {
  subscription: planPurchasable,
  insight: insightPurchasable,
  delivery_item: deliveryItemPurchasable,
  benchmarking: benchmarkingPurchasable,
};
