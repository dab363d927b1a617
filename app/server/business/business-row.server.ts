// The writes other domains make to the business row (docs/architecture.md: each domain owns its
// tables). The business domain owns `businesses`; identity creates the row at sign-up, payments
// keeps its membership columns (the plan chosen, the Stripe customer, the subscription, the free
// trial). Each function answers the statement unrun, so the caller decides when it runs: awaited
// alone, or in its own db.batch with its other writes. Every WHERE clause here is the claim that
// makes the write happen once (a double click, two tabs, a replayed webhook): callers rely on it.
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";
import { businesses, businessMembers } from "~db/schema";
import type { MemberTier } from "~db/enums";
import { EMPLOYEE_BAND_MEDIANS, type BusinessDetailsInput } from "~/lib/business/business-schemas";
import { LIVE_SUBSCRIPTION_STATES } from "~/lib/payments/plans";
import { auditStatementWhen, SYSTEM_ACTOR } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";

/** 'YYYY-MM' in UTC (spec §3 memberSince). */
export function memberSinceOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * The owner's business, created from the sign-up's business details: on BASIC, member since this
 * month, numberOfEmployees the band's median (EMPLOYEE_BAND_MEDIANS). `ON CONFLICT DO NOTHING
 * RETURNING` on the unique owner index: of two concurrent inserts for one owner exactly one
 * returns the row, the other nothing. The second statement is the owner's membership
 * (docs/decisions/066), written only if this business was: run both in one batch.
 */
export function insertBusiness(db: Database, ownerUserId: string, input: BusinessDetailsInput, now: Date) {
  const id = crypto.randomUUID();
  return [insertBusinessRow(db, id, ownerUserId, input, now), insertOwnerMembership(db, id, now)] as const;
}

/**
 * The owner's membership of a business just inserted: INSERT … SELECT from the business row, so
 * it is written only when (and as soon as) that row exists, and once.
 */
export function insertOwnerMembership(db: Database, businessId: string, now: Date) {
  return db
    .insert(businessMembers)
    .select(
      db
        .select({
          businessId: businesses.id,
          userId: businesses.ownerUserId,
          role: sql<"owner">`'owner'`.as("role"),
          createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
        })
        .from(businesses)
        .where(eq(businesses.id, businessId)),
    )
    .onConflictDoNothing();
}

function insertBusinessRow(db: Database, id: string, ownerUserId: string, input: BusinessDetailsInput, now: Date) {
  return db
    .insert(businesses)
    .values({
      id,
      ownerUserId,
      name: input.name,
      clientRole: input.clientRole,
      city: input.city,
      state: input.state,
      naics: input.naics,
      revenueBand: input.revenue,
      employeeBand: input.employeeCount,
      numberOfEmployees: EMPLOYEE_BAND_MEDIANS[input.employeeCount],
      memberTier: "BASIC",
      memberSince: memberSinceOf(now),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: businesses.ownerUserId })
    .returning();
}

/**
 * Records the business's first plan choice (plan_chosen_at) at `now`, only while none is recorded:
 * repeated or concurrent calls keep the first instant. Changes one row or none.
 */
export function recordPlanChoice(db: Database, businessId: string, now: Date) {
  return db
    .update(businesses)
    .set({ planChosenAt: now, updatedAt: now })
    .where(and(eq(businesses.id, businessId), isNull(businesses.planChosenAt)));
}

/**
 * Starts the business's free trial (ADR 050) of `tier` from `now` to `endsAt`, and records it as
 * the first plan choice if none is. Only once per business, only on BASIC and only for a business
 * that never took a subscription: a business that fails any of these is left as it was and nothing
 * is returned. Returns the trial's tier and end as stored.
 */
export function startBusinessTrial(
  db: Database,
  businessId: string,
  trial: { tier: MemberTier; now: Date; endsAt: Date },
) {
  return db
    .update(businesses)
    .set({
      trialTier: trial.tier,
      trialStartedAt: trial.now,
      trialEndsAt: trial.endsAt,
      planChosenAt: sql`COALESCE(plan_chosen_at, ${trial.now.getTime()})`,
      updatedAt: trial.now,
    })
    .where(
      and(
        eq(businesses.id, businessId),
        isNull(businesses.trialStartedAt),
        eq(businesses.memberTier, "BASIC"),
        isNull(businesses.subscriptionId),
      ),
    )
    .returning({ trialTier: businesses.trialTier, trialEndsAt: businesses.trialEndsAt });
}

/**
 * Saves the business's Stripe customer, only while it has none: of two concurrent first checkouts
 * one saves its customer (a row is returned), the other changes nothing.
 */
export function saveStripeCustomer(db: Database, businessId: string, customerId: string, now: Date) {
  return db
    .update(businesses)
    .set({ stripeCustomerId: customerId, updatedAt: now })
    .where(and(eq(businesses.id, businessId), isNull(businesses.stripeCustomerId)))
    .returning({ id: businesses.stripeCustomerId });
}

/** What says which business a subscription is for (see subscriptionBusiness). */
export type SubscriptionOwner = {
  subscriptionId: string;
  /** The subscription's customer. */
  customerId: string;
  /** The business the caller knows it for (a purchase's), if any. */
  businessId?: string;
  /** The subscription's metadata.businessId: it names a business with that customer or none yet. */
  metadataBusinessId?: string;
};

/**
 * The business a subscription is for: the hint (a purchase's business), the subscription's
 * customer, its metadata.businessId (only with that customer or none yet) or the stored
 * subscription id.
 */
function subscriptionBusiness(owner: SubscriptionOwner) {
  const conditions: SQL[] = [
    eq(businesses.stripeCustomerId, owner.customerId),
    eq(businesses.subscriptionId, owner.subscriptionId),
  ];
  if (owner.businessId) conditions.push(eq(businesses.id, owner.businessId));
  if (owner.metadataBusinessId) {
    const named = and(
      eq(businesses.id, owner.metadataBusinessId),
      or(isNull(businesses.stripeCustomerId), eq(businesses.stripeCustomerId, owner.customerId)),
    );
    if (named) conditions.push(named);
  }
  return or(...conditions);
}

/** The business a subscription is for (subscriptionBusiness) and the subscription it holds: at most one row. */
export function subscriptionHolder(db: Database, owner: SubscriptionOwner) {
  return db
    .select({ id: businesses.id, subscriptionId: businesses.subscriptionId })
    .from(businesses)
    .where(subscriptionBusiness(owner))
    .limit(1);
}

/** The businesses writeBusinessSubscription may write (see there). */
function subscriptionWritable(owner: SubscriptionOwner, ended: boolean) {
  const ownsSubscription = or(isNull(businesses.subscriptionId), eq(businesses.subscriptionId, owner.subscriptionId));
  const mayHold = or(
    ownsSubscription,
    sql`COALESCE(${businesses.subscriptionStatus}, '') NOT IN ${sql.raw(`('${LIVE_SUBSCRIPTION_STATES.join("', '")}')`)}`,
  );
  return and(subscriptionBusiness(owner), ended ? ownsSubscription : mayHold);
}

/**
 * Writes a subscription's state on its business (subscriptionBusiness): the subscription and its
 * status, the tier when `tier` is given, and the first plan choice if none is recorded. One
 * business holds at most one live subscription (LIVE_SUBSCRIPTION_STATES):
 * - an `ended` subscription only touches a business still pointing at it (or at none), so a late
 *   event about an old subscription cannot undo a newer plan;
 * - any other only takes a business with no live subscription, or that holds this one.
 * Changes one row or none. Its record is auditBusinessSubscription, before it in its batch.
 */
export function writeBusinessSubscription(db: Database, owner: SubscriptionOwner, state: SubscriptionState, now: Date) {
  return db
    .update(businesses)
    .set({
      ...(state.tier ? { memberTier: state.tier } : {}),
      subscriptionId: owner.subscriptionId,
      subscriptionStatus: state.status,
      planChosenAt: sql`COALESCE(${businesses.planChosenAt}, ${now.getTime()})`,
      updatedAt: now,
    })
    .where(subscriptionWritable(owner, state.ended));
}

export type SubscriptionState = { status: string; tier: MemberTier | null; ended: boolean };

/**
 * The "membership.changed" record of writeBusinessSubscription (by Partwise, as Stripe reported
 * it): put it BEFORE that update in one batch. It reads the business the update will write, as it
 * still is, and records only where the tier or the status will change, with { memberTier,
 * subscriptionStatus: [before, after] } of the changed ones. A replayed event (the same state
 * again) records nothing.
 */
export function auditBusinessSubscription(app: AppContext, owner: SubscriptionOwner, state: SubscriptionState) {
  const tierChanges = state.tier ? sql`${businesses.memberTier} IS NOT ${state.tier}` : sql`0`;
  const statusChanges = sql`${businesses.subscriptionStatus} IS NOT ${state.status}`;
  const tier = sql`'memberTier', json_array(${businesses.memberTier}, ${state.tier})`;
  const status = sql`'subscriptionStatus', json_array(${businesses.subscriptionStatus}, ${state.status})`;
  return auditStatementWhen(
    app,
    {
      actor: SYSTEM_ACTOR,
      action: "membership.changed",
      businessId: sql`${businesses.id}`,
      subject: { type: "subscription", id: owner.subscriptionId },
      detail: sql`CASE WHEN NOT (${statusChanges}) THEN json_object(${tier}) WHEN ${tierChanges} THEN json_object(${tier}, ${status}) ELSE json_object(${status}) END`,
    },
    {
      from: businesses,
      where: and(subscriptionWritable(owner, state.ended), or(tierChanges, statusChanges)),
    },
  );
}

/**
 * Marks the business's stored subscription as no longer live (status 'canceled'), only while the
 * business still holds `subscriptionId`; the tier is kept. Changes one row or none. Its record is
 * auditForgottenSubscription, before it in its batch.
 */
export function forgetBusinessSubscription(db: Database, businessId: string, subscriptionId: string, now: Date) {
  return db
    .update(businesses)
    .set({ subscriptionStatus: "canceled", updatedAt: now })
    .where(forgettable(businessId, subscriptionId));
}

function forgettable(businessId: string, subscriptionId: string) {
  return and(eq(businesses.id, businessId), eq(businesses.subscriptionId, subscriptionId));
}

/**
 * The "membership.changed" record of forgetBusinessSubscription: put it BEFORE that update in one
 * batch; it records the status's change to 'canceled' only where there is one.
 */
export function auditForgottenSubscription(app: AppContext, businessId: string, subscriptionId: string) {
  return auditStatementWhen(
    app,
    {
      actor: SYSTEM_ACTOR,
      action: "membership.changed",
      businessId,
      subject: { type: "subscription", id: subscriptionId },
      detail: sql`json_object('subscriptionStatus', json_array(${businesses.subscriptionStatus}, 'canceled'))`,
    },
    {
      from: businesses,
      where: and(forgettable(businessId, subscriptionId), sql`${businesses.subscriptionStatus} IS NOT 'canceled'`),
    },
  );
}
