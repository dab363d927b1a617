// The free trial without a card (ADR 050): started from "Try a 7-Day Free Trial!" on /plan-select.
// The payments domain's own module for the trial (trial_tier, trial_started_at, trial_ends_at on
// businesses, written through the business domain's startBusinessTrial); checkout, fulfilment and
// the webhooks do not read or write them. What the trial unlocks is decided by accessTier
// (app/lib/payments/trial.ts).
import { eq } from "drizzle-orm";
import { businesses } from "~db/schema";
import type { MemberTier } from "~db/enums";
import { NO_CARD_TRIAL_TIER, TRIAL_COPY, TRIAL_MS } from "~/lib/payments/trial";
import { startBusinessTrial } from "~/server/business/business-row.server";
import type { AppContext } from "~/server/load-context";

export type StartTrialResult = { ok: true; tier: MemberTier; endsAt: Date } | { ok: false; status: 409; msg: string };

/**
 * Starts the business's free trial of SCALE's perks for 7 days, without a card. One trial per
 * business, and only on BASIC without a subscription ever taken (a paid plan's checkout has its own
 * trial): one conditional UPDATE, so a double click or two tabs start it once and keep the first
 * end date. It also counts as the business's first plan choice (plan_chosen_at, if unset). The
 * trial ends by itself at trial_ends_at: nothing runs then, accessTier stops granting its tier.
 */
export async function startTrial(app: AppContext, businessId: string): Promise<StartTrialResult> {
  const now = app.now();
  const endsAt = new Date(now.getTime() + TRIAL_MS);
  const [started] = await startBusinessTrial(app.db, businessId, { tier: NO_CARD_TRIAL_TIER, now, endsAt });
  if (started?.trialTier && started.trialEndsAt)
    return { ok: true, tier: started.trialTier, endsAt: started.trialEndsAt };
  // Refused: say why (a read only on this path).
  const [business] = await app.db
    .select({ memberTier: businesses.memberTier })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return {
    ok: false,
    status: 409,
    msg: business && business.memberTier !== "BASIC" ? TRIAL_COPY.paidPlan : TRIAL_COPY.alreadyUsed,
  };
}
