// Plan choice for a business. Prices, perks and lookup keys live in app/lib/payments/plans.ts; paid plans
// are started by the Stripe checkout (app/server/payments/checkout.server.ts).
import { and, eq, isNull } from "drizzle-orm";
import { businesses } from "~db/schema";
import type { AppContext } from "~/server/load-context";

/**
 * Records that the business chose the Basic plan: sets businesses.plan_chosen_at the first time
 * only (one conditional UPDATE, so repeated or concurrent posts keep the first instant). The
 * business id comes from the session. Returns whether this call recorded the choice.
 */
export async function chooseBasicPlan(app: AppContext, businessId: string): Promise<{ recorded: boolean }> {
  const now = app.now();
  const result = await app.db
    .update(businesses)
    .set({ planChosenAt: now, updatedAt: now })
    .where(and(eq(businesses.id, businessId), isNull(businesses.planChosenAt)))
    .run();
  return { recorded: (result.meta?.changes ?? 0) > 0 };
}
