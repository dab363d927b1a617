// One way to take a Stripe webhook delivery, shared by the payments endpoint
// (/api/payments/webhook) and the Connect endpoint (/api/payments/connect-webhook): verify the
// signature, acknowledge an event already recorded, act, then record the event id once.
//
// Ordering (D1 has no transactions): an event already in stripe_events is acknowledged at once;
// otherwise we ACT FIRST, idempotently, and only then record event.id with INSERT ... ON CONFLICT
// DO NOTHING. A crash between the two only means Stripe's retry runs the idempotent action again
// (harmless), whereas record-then-act would lose the event if acting failed after the record.
import { eq } from "drizzle-orm";
import { stripeEvents } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { WebhookSignatureError, type StripeEvent } from "./provider/types";

export type WebhookResult = { status: 200 | 400 | 500; msg: string };
export type EventOutcome = { outcome: "processed" | "ignored"; note: string };

export const WEBHOOK_SIGNATURE_MESSAGE = "The webhook signature is not valid.";
export const WEBHOOK_INVALID_EVENT_MESSAGE = "The webhook event is not valid.";
export const WEBHOOK_RETRY_MESSAGE = "The event could not be processed; please retry.";

export const ignored = (note: string): EventOutcome => ({ outcome: "ignored", note });
export const processed = (note: string): EventOutcome => ({ outcome: "processed", note });

/**
 * Handles one delivery: 400 with no side effect for a missing, wrong or stale signature or a
 * tampered body (`verify` throws WebhookSignatureError); 200 for handled, duplicate and ignored
 * events (an event about nothing Partwise made is recorded as 'ignored', so it is acknowledged and
 * never retried); 500 when acting failed (e.g. Stripe unreachable), so Stripe retries. Concurrent
 * deliveries of one event may both act; every `process` is idempotent.
 */
export async function handleSignedEvent(
  app: AppContext,
  label: string,
  verify: () => Promise<StripeEvent>,
  process: (event: StripeEvent) => Promise<EventOutcome>,
): Promise<WebhookResult> {
  let event: StripeEvent;
  try {
    event = await verify();
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) console.error(`${label} verification failed:`, error);
    return { status: 400, msg: WEBHOOK_SIGNATURE_MESSAGE };
  }
  if (typeof event?.id !== "string" || typeof event.type !== "string" || !event.data?.object) {
    return { status: 400, msg: WEBHOOK_INVALID_EVENT_MESSAGE };
  }
  const [seen] = await app.db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id))
    .limit(1);
  if (seen) return { status: 200, msg: "Already processed." };

  let result: EventOutcome;
  try {
    result = await process(event);
  } catch (error) {
    console.error(`${label} event ${event.id} (${event.type}) failed:`, error);
    return { status: 500, msg: WEBHOOK_RETRY_MESSAGE };
  }
  await app.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, outcome: result.outcome, processedAt: app.now() })
    .onConflictDoNothing();
  return { status: 200, msg: result.note };
}
