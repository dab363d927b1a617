import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PURCHASE_KINDS } from "~db/enums";
import type { AppContext } from "~/server/load-context";
import { planPurchasable } from "~/server/payments/plans.server";
import { PURCHASABLES } from "~/server/payments/purchasables.server";

describe("the registry of purchasable kinds", () => {
  it("has one entry per purchase kind, each naming its own kind", () => {
    expect(Object.keys(PURCHASABLES).sort()).toEqual([...PURCHASE_KINDS].sort());
    for (const kind of PURCHASE_KINDS) expect(PURCHASABLES[kind].kind).toBe(kind);
  });

  it("describes a yearly plan at twelve months of its yearly monthly price, returning to /paymentStatus", async () => {
    const described = await planPurchasable.describe({} as AppContext, "business-1", "PREMIUM_PLAN_YEARLY");
    expect(described).toEqual({
      ok: true,
      referenceId: "PREMIUM_PLAN_YEARLY",
      amountCents: 12 * 44_700,
      productName: "SCALE",
      successPath: "/paymentStatus?success=true&session_id={CHECKOUT_SESSION_ID}",
      cancelPath: "/paymentStatus?canceled=true&purchaseType=plan",
    });
  });

  it("leaves nothing for the batch after a subscription: its sync is the effect", () => {
    expect(PURCHASABLES.subscription.fulfil({} as never, {} as never, new Date())).toEqual([]);
  });
});

describe("the payment provider's types", () => {
  it("import nothing, so both providers and the factory can share them without a cycle", () => {
    const source = readFileSync(new URL("../../../app/server/payments/provider/types.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^\s*(import|export\s+(\*|\{[^}]*\})\s+from)\b/m);
  });
});
