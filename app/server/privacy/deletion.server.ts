import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { accountDeletions, dataExports, type AccountDeletion } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { DELETE_TEXTS } from "~/lib/privacy/privacy-copy";
import { actorOf, auditAfterChange, SYSTEM_ACTOR } from "~/server/audit/audit.server";
import { anonymiseAuditTrail } from "~/server/audit/erasure.server";
import { eraseBenchmarkingRows } from "~/server/benchmarking/erasure.server";
import { eraseBusinessRows } from "~/server/business/erasure.server";
import { eraseConversationRows } from "~/server/conversations/erasure.server";
import { eraseConsultantRows } from "~/server/consultants/erasure.server";
import { eraseEngagementRows } from "~/server/engagements/erasure.server";
import { eraseEventRows } from "~/server/events/erasure.server";
import { eraseFileRows, eraseMessageFileRows, removeMessageFileObjects } from "~/server/files/erasure.server";
import { eraseFinanceRows } from "~/server/finance/erasure.server";
import { revokeQuickBooksForDeletion } from "~/server/finance/quickbooks.server";
import {
  closeAccountsForDeletion,
  eraseAccounts,
  erasedMembersOf,
  membersOf,
  passwordMatches,
} from "~/server/identity/erasure.server";
import { eraseInsightRows } from "~/server/insights/erasure.server";
import { eraseLearningRows } from "~/server/learning/erasure.server";
import { eraseMatchingRows } from "~/server/matching/erasure.server";
import { eraseNotificationRows } from "~/server/notifications/erasure.server";
import { cancelSubscriptionForDeletion } from "~/server/payments/subscriptions.server";
import { erasePayoutRows } from "~/server/payouts/erasure.server";
import { erasePlatformRows } from "~/server/platform/erasure.server";
import { heldUntilLeaseEnds, JOB_LEASE_MS, type LeaseClaim } from "~/server/platform/jobs.server";
import { eraseSupportRows } from "~/server/support/erasure.server";
import { businessFilePrefix, consultantFilePrefix } from "./export-scope.server";
import { listKeys } from "./data-exports.server";
import { d1Batch } from "./d1-batch.server";

/**
 * Deleting a business (its owner) or a consultant's own account (docs/decisions/069). Asked with
 * the password; refused while an engagement is under way or money is held. The ask records a
 * `deleting` row (one per business or account: two racing asks make one), ends the sessions and
 * closes the accounts to be erased, in one batch; the privacy queue's job then does the rest,
 * every step safe to run again, so a worker that dies half-way leaves a deletion the next run
 * finishes: the Stripe subscription cancelled and the QuickBooks grant revoked (each recorded once
 * done), the files removed from R2, then ONE batch erasing the rows and marking it deleted.
 */

type Requester = Parameters<typeof actorOf>[0];

export type DeletionRefusalReason = "wrong_password" | "engagement_underway" | "money_held";
export type DeletionAsk = { ok: true } | { ok: false; reason: DeletionRefusalReason; message: string };

/** What stops a business's deletion, in SQL: an engagement under way, or money held. */
function businessBlockers(businessId: string): { engagement: SQL; money: SQL } {
  return {
    engagement: sql`EXISTS (SELECT 1 FROM delivery_outlines WHERE business_id = ${businessId}
      AND signed_version IS NOT NULL AND complete = 0)`,
    money: sql`(EXISTS (SELECT 1 FROM delivery_items i WHERE i.business_id = ${businessId} AND i.paid_purchase_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM consultant_transfers t WHERE t.item_id = i.id AND t.status IN ('pending', 'paid'))
        AND NOT EXISTS (SELECT 1 FROM item_refunds r WHERE r.item_id = i.id AND r.status = 'succeeded'))
      OR EXISTS (SELECT 1 FROM consultant_transfers WHERE business_id = ${businessId} AND status IN ('held', 'failed'))
      OR EXISTS (SELECT 1 FROM item_refunds WHERE business_id = ${businessId} AND status = 'pending'))`,
  };
}

function consultantBlockers(userId: string): { engagement: SQL; money: SQL } {
  return {
    engagement: sql`EXISTS (SELECT 1 FROM delivery_outlines WHERE consultant_id = ${userId}
      AND signed_version IS NOT NULL AND complete = 0)`,
    money: sql`EXISTS (SELECT 1 FROM consultant_transfers WHERE consultant_user_id = ${userId}
      AND status IN ('held', 'pending', 'failed'))`,
  };
}

async function blocked(app: AppContext, blockers: { engagement: SQL; money: SQL }) {
  const [row] = await app.db.all<{ engagement: number; money: number }>(
    sql`SELECT ${blockers.engagement} AS engagement, ${blockers.money} AS money`,
  );
  return { engagement: Boolean(row?.engagement), money: Boolean(row?.money) };
}

/** Why the business cannot be deleted now (the screen says it before the password is asked), or null. */
export async function businessDeletionBlocker(app: AppContext, businessId: string): Promise<string | null> {
  const found = await blocked(app, businessBlockers(businessId));
  return found.engagement ? DELETE_TEXTS.engagementUnderway : found.money ? DELETE_TEXTS.moneyHeld : null;
}

export async function consultantDeletionBlocker(app: AppContext, userId: string): Promise<string | null> {
  const found = await blocked(app, consultantBlockers(userId));
  return found.engagement
    ? DELETE_TEXTS.consultantEngagementUnderway
    : found.money
      ? DELETE_TEXTS.consultantPayoutHeld
      : null;
}

async function send(app: AppContext, deletionId: string) {
  try {
    await app.queues.sendPrivacy([{ v: 1, type: "account.delete", deletionId }]);
  } catch (error) {
    // The deletion stands (its sessions are gone): the lease sweep sends it again.
    console.error(`The deletion ${deletionId} could not be sent to the queue; the sweep will send it:`, error);
  }
}

/**
 * The owner asks for the business's deletion. Wrong password, or a blocker: refused, nothing
 * written. Otherwise one batch: the deletion recorded (ON CONFLICT DO NOTHING: a racing second
 * ask records nothing and sends nothing), its audit event when it was, every member's sessions
 * ended and the accounts to be erased closed. Then the job's message.
 */
export async function requestBusinessDeletion(
  app: AppContext,
  requester: Requester & { business: { id: string } },
  password: string,
): Promise<DeletionAsk> {
  const businessId = requester.business.id;
  if (!(await passwordMatches(app, requester.user.id, password))) {
    return { ok: false, reason: "wrong_password", message: DELETE_TEXTS.wrongPassword };
  }
  const found = await blocked(app, businessBlockers(businessId));
  if (found.engagement) return { ok: false, reason: "engagement_underway", message: DELETE_TEXTS.engagementUnderway };
  if (found.money) return { ok: false, reason: "money_held", message: DELETE_TEXTS.moneyHeld };
  const id = crypto.randomUUID();
  const now = app.now();
  const [inserted] = await d1Batch(app, [
    app.db
      .insert(accountDeletions)
      .values({ id, businessId, requestedByUserId: requester.user.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: accountDeletions.id }),
    auditAfterChange(app, {
      actor: actorOf(requester),
      action: "business.deletion_requested",
      businessId,
      subject: { type: "business", id: businessId },
    }),
    ...closeAccountsForDeletion(app.db, membersOf(businessId), erasedMembersOf(businessId), now),
  ]);
  if ((inserted ?? []).length > 0) await send(app, id);
  return { ok: true };
}

/** A consultant asks for their own account's deletion: the same steps, for one account. */
export async function requestConsultantDeletion(
  app: AppContext,
  requester: Requester,
  password: string,
): Promise<DeletionAsk> {
  const userId = requester.user.id;
  if (!(await passwordMatches(app, userId, password))) {
    return { ok: false, reason: "wrong_password", message: DELETE_TEXTS.wrongPassword };
  }
  const found = await blocked(app, consultantBlockers(userId));
  if (found.engagement) {
    return { ok: false, reason: "engagement_underway", message: DELETE_TEXTS.consultantEngagementUnderway };
  }
  if (found.money) return { ok: false, reason: "money_held", message: DELETE_TEXTS.consultantPayoutHeld };
  const id = crypto.randomUUID();
  const now = app.now();
  const self = sql`(SELECT ${userId})`;
  const [inserted] = await d1Batch(app, [
    app.db
      .insert(accountDeletions)
      .values({ id, userId, requestedByUserId: userId, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: accountDeletions.id }),
    auditAfterChange(app, {
      actor: actorOf(requester),
      action: "account.deletion_requested",
      businessId: null,
      subject: { type: "user", id: userId },
    }),
    ...closeAccountsForDeletion(app.db, self, self, now),
  ]);
  if ((inserted ?? []).length > 0) await send(app, id);
  return { ok: true };
}

// ------------------------------------------------------------------------------------------------
// The job.

/** Takes a deletion for this attempt: one still deleting, not held by another attempt's lease. */
export async function claimDeletion(app: AppContext, deletionId: string): Promise<LeaseClaim<AccountDeletion>> {
  const now = app.now();
  const cutoff = new Date(now.getTime() - JOB_LEASE_MS);
  const [claimed, current] = await app.db.batch([
    app.db
      .update(accountDeletions)
      .set({ attempts: sql`${accountDeletions.attempts} + 1`, startedAt: now, updatedAt: now })
      .where(
        and(
          eq(accountDeletions.id, deletionId),
          eq(accountDeletions.status, "deleting"),
          or(isNull(accountDeletions.startedAt), lt(accountDeletions.startedAt, cutoff)),
        ),
      )
      .returning(),
    app.db.select().from(accountDeletions).where(eq(accountDeletions.id, deletionId)).limit(1),
  ]);
  if (claimed[0]) return { claimed: claimed[0] };
  const row = current[0];
  if (!row || row.status === "deleted") return { gone: true };
  return heldUntilLeaseEnds(row.startedAt, now);
}

const heldBy = (row: AccountDeletion) =>
  and(
    eq(accountDeletions.id, row.id),
    eq(accountDeletions.status, "deleting"),
    eq(accountDeletions.attempts, row.attempts),
  );

/** A failure: the lease is given back (the message is retried), by the attempt that holds it. */
export async function releaseDeletion(app: AppContext, row: AccountDeletion, error: string): Promise<void> {
  await app.db
    .update(accountDeletions)
    .set({ startedAt: null, lastError: error.slice(0, 1000), updatedAt: app.now() })
    .where(heldBy(row));
}

/** Every object under each prefix removed from R2, listed first, then 1,000 keys a call (R2's most). */
async function removeObjects(app: AppContext, prefixes: string[]): Promise<void> {
  for (const prefix of prefixes) {
    const keys = await listKeys(app, prefix);
    for (let start = 0; start < keys.length; start += 1000) await app.files.delete(keys.slice(start, start + 1000));
  }
}

/**
 * Carries out the deletion held by this attempt. Each outside step is recorded once done, so a
 * run after a death does only what is left: the subscription (cancelled, or none), the QuickBooks
 * grant (revoked, or none), the files. Then the one batch: every domain's erasure, the audit
 * trail's personal data, the exports, and the row marked deleted with its audit event.
 */
export async function runDeletion(app: AppContext, row: AccountDeletion): Promise<void> {
  if (row.businessId) return runBusinessDeletion(app, row, row.businessId);
  if (row.userId) return runConsultantDeletion(app, row, row.userId);
}

async function markStep(
  app: AppContext,
  row: AccountDeletion,
  step: "subscriptionCancelledAt" | "quickbooksRevokedAt",
) {
  const column =
    step === "subscriptionCancelledAt"
      ? accountDeletions.subscriptionCancelledAt
      : accountDeletions.quickbooksRevokedAt;
  const now = app.now();
  await app.db
    .update(accountDeletions)
    .set({ [step]: now, updatedAt: now })
    .where(and(heldBy(row), isNull(column)));
}

type Statement = Parameters<typeof d1Batch>[1][number];

async function finish(app: AppContext, row: AccountDeletion, erase: Statement[], done: Statement) {
  const now = app.now();
  const statements: Statement[] = [
    ...erase,
    app.db
      .update(accountDeletions)
      .set({ status: "deleted", finishedAt: now, updatedAt: now, lastError: null })
      .where(heldBy(row)),
    done,
  ];
  await d1Batch(app, statements);
}

async function runBusinessDeletion(app: AppContext, row: AccountDeletion, businessId: string) {
  if (!row.subscriptionCancelledAt) {
    await cancelSubscriptionForDeletion(app, businessId);
    await markStep(app, row, "subscriptionCancelledAt");
  }
  if (!row.quickbooksRevokedAt) {
    await revokeQuickBooksForDeletion(app, businessId);
    await markStep(app, row, "quickbooksRevokedAt");
  }
  await removeObjects(app, [businessFilePrefix(businessId), `exports/biz/${businessId}/`]);
  const now = app.now();
  const people = erasedMembersOf(businessId);
  await finish(
    app,
    row,
    [
      // Reads of the members first: the memberships go last (eraseBusinessRows).
      ...erasePlatformRows(app.db, businessId, people),
      ...eraseNotificationRows(app.db, businessId, people),
      ...eraseLearningRows(app.db, people),
      ...eraseEventRows(app.db, businessId, people),
      ...eraseSupportRows(app.db, businessId, people),
      ...eraseConversationRows(app.db, businessId, people),
      ...eraseFileRows(app.db, businessId),
      ...eraseFinanceRows(app.db, businessId),
      ...eraseBenchmarkingRows(app.db, businessId),
      ...eraseInsightRows(app.db, businessId),
      ...eraseEngagementRows(app.db, businessId),
      ...eraseMatchingRows(app.db, businessId),
      // While the row is still `deleting`: the trail's trigger allows this only then.
      ...anonymiseAuditTrail(app.db, { businessId }),
      ...eraseAccounts(app.db, people, now),
      app.db.delete(dataExports).where(eq(dataExports.businessId, businessId)),
      ...eraseBusinessRows(app.db, businessId, now),
    ],
    // Right after the mark: recorded by the attempt that finished it, once.
    auditAfterChange(app, {
      actor: SYSTEM_ACTOR,
      action: "business.deleted",
      businessId,
      subject: { type: "business", id: businessId },
    }),
  );
}

async function runConsultantDeletion(app: AppContext, row: AccountDeletion, userId: string) {
  await removeObjects(app, [consultantFilePrefix(userId), `exports/user/${userId}/`]);
  const now = app.now();
  const self = sql`(SELECT ${userId})`;
  // The files they attached to their messages go with the messages (stored under the businesses' keys).
  await removeMessageFileObjects(app, self);
  await finish(
    app,
    row,
    [
      ...erasePlatformRows(app.db, null, self),
      ...eraseNotificationRows(app.db, null, self),
      ...eraseLearningRows(app.db, self),
      ...eraseEventRows(app.db, null, self),
      ...eraseSupportRows(app.db, null, self),
      ...eraseMessageFileRows(app.db, self),
      ...eraseConversationRows(app.db, null, self),
      ...eraseConsultantRows(app.db, userId),
      ...erasePayoutRows(app.db, userId),
      ...anonymiseAuditTrail(app.db, { actorUserId: userId }),
      ...eraseAccounts(app.db, self, now),
      app.db.delete(dataExports).where(and(eq(dataExports.userId, userId), isNull(dataExports.businessId))),
    ],
    auditAfterChange(app, {
      actor: SYSTEM_ACTOR,
      action: "account.deleted",
      businessId: null,
      subject: { type: "user", id: userId },
    }),
  );
}

/** The lease sweep's part: deletions untouched for a lease, and not held, are sent again. */
export async function stalledDeletions(app: AppContext): Promise<string[]> {
  const now = app.now();
  const cutoff = new Date(now.getTime() - JOB_LEASE_MS);
  const picked = await app.db
    .update(accountDeletions)
    .set({ updatedAt: now })
    .where(
      and(
        eq(accountDeletions.status, "deleting"),
        lt(accountDeletions.updatedAt, cutoff),
        or(isNull(accountDeletions.startedAt), lt(accountDeletions.startedAt, cutoff)),
      ),
    )
    .returning({ id: accountDeletions.id });
  return picked.map((row) => row.id);
}

/** Whether a deletion of the business (or account) was asked. */
export async function deletionOf(app: AppContext, owner: { businessId: string } | { userId: string }) {
  const row = await app.db
    .select({ status: accountDeletions.status })
    .from(accountDeletions)
    .where(
      "businessId" in owner
        ? eq(accountDeletions.businessId, owner.businessId)
        : eq(accountDeletions.userId, owner.userId),
    )
    .get();
  return row ?? null;
}
