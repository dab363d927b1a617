import type { AppContext } from "~/server/load-context";
import { retryDelayFor, retryDelaySeconds, JOB_LEASE_MS, type LeaseClaim } from "~/server/platform/jobs.server";
import { PrivacyMessageSchema, type PrivacyMessage } from "~/server/platform/queues.server";
import { buildExport, claimExport, failExports, releaseExport, stalledExports } from "./data-exports.server";
import { claimDeletion, releaseDeletion, runDeletion, stalledDeletions } from "./deletion.server";

/**
 * The privacy queue's consumer (docs/decisions/069): each message claims its row (an export or a
 * deletion: the row is the job, its lease as jobs' leases), runs it, and is acknowledged, or
 * retried with backoff on a failure (the row released for the retry). A message for a row
 * another attempt holds comes back after that lease, so a worker that died is taken over.
 */
export type PrivacyBuilders = {
  export: typeof buildExport;
  deletion: typeof runDeletion;
};

const BUILDERS: PrivacyBuilders = { export: buildExport, deletion: runDeletion };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function consumePrivacyMessages(
  messages: readonly Message<unknown>[],
  app: AppContext,
  builders: PrivacyBuilders = BUILDERS,
): Promise<void> {
  for (const message of messages) {
    const parsed = PrivacyMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`Dropping malformed privacy message ${message.id}`);
      message.ack();
      continue;
    }
    try {
      await consumeOne(message, parsed.data, app, builders);
    } catch (error) {
      // Our own bookkeeping failed (D1 unavailable): wait out the lease, as the job consumer does.
      console.error(`Could not process privacy message ${message.id}:`, errorText(error));
      message.retry({ delaySeconds: Math.max(JOB_LEASE_MS / 1000, retryDelaySeconds(message.attempts)) });
    }
  }
}

async function consumeOne(message: Message<unknown>, body: PrivacyMessage, app: AppContext, builders: PrivacyBuilders) {
  const settle = <T>(claim: LeaseClaim<T>): T | null => {
    if ("gone" in claim) message.ack();
    else if ("held" in claim) message.retry({ delaySeconds: claim.retryInSeconds });
    else return claim.claimed;
    return null;
  };
  if (body.type === "data-export.build") {
    const row = settle(await claimExport(app, body.exportId));
    if (!row) return;
    try {
      await builders.export(app, row);
    } catch (error) {
      console.error(`Export ${row.id} failed (attempt ${row.attempts}):`, errorText(error));
      await releaseExport(app, row, errorText(error));
      message.retry({ delaySeconds: retryDelayFor(error, row.attempts) });
      return;
    }
    message.ack();
    return;
  }
  const row = settle(await claimDeletion(app, body.deletionId));
  if (!row) return;
  try {
    await builders.deletion(app, row);
  } catch (error) {
    console.error(`Deletion ${row.id} failed (attempt ${row.attempts}):`, errorText(error));
    await releaseDeletion(app, row, errorText(error));
    message.retry({ delaySeconds: retryDelayFor(error, row.attempts) });
    return;
  }
  message.ack();
}

/**
 * After the last retry: an export fails for good (the screen offers a new one); a deletion is
 * never given up: it stays `deleting` and the lease sweep sends it again.
 */
export async function consumePrivacyDeadLetters(messages: readonly Message<unknown>[], app: AppContext): Promise<void> {
  const exportIds: string[] = [];
  for (const message of messages) {
    const parsed = PrivacyMessageSchema.safeParse(message.body);
    if (parsed.success && parsed.data.type === "data-export.build") exportIds.push(parsed.data.exportId);
    if (parsed.success && parsed.data.type === "account.delete") {
      console.error(`Deletion ${parsed.data.deletionId} kept failing; the lease sweep will send it again.`);
    }
  }
  await failExports(app, exportIds, "The export kept failing and was stopped after its last retry.");
}

/** The lease sweep's part (cron, every 10 minutes): stalled exports and deletions sent again. */
export async function resendStalledPrivacyWork(app: AppContext): Promise<number> {
  const exports = await stalledExports(app);
  const deletions = await stalledDeletions(app);
  const messages: PrivacyMessage[] = [
    ...exports.map((exportId) => ({ v: 1 as const, type: "data-export.build" as const, exportId })),
    ...deletions.map((deletionId) => ({ v: 1 as const, type: "account.delete" as const, deletionId })),
  ];
  if (messages.length === 0) return 0;
  console.warn(`Sending ${messages.length} stalled export(s) and deletion(s) again.`);
  await app.queues.sendPrivacy(messages);
  return messages.length;
}
