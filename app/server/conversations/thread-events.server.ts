import type { AppContext } from "~/server/load-context";
import { enqueueMessageDigest } from "./digests.server";
import { publishThreadEvent } from "./live.server";

/**
 * Tells the people who have a thread open that it changed (docs/decisions/073): their pages
 * reload the thread's data. Best effort: D1 is the record, and a page without a socket shows the
 * change on its next load.
 */
export async function announceThreadChange(
  app: AppContext,
  threadId: string,
  type: "message" | "edited" | "hidden" | "read",
): Promise<void> {
  await publishThreadEvent(app, threadId, { type, threadId, at: app.now().toISOString() });
}

/**
 * What follows a sent message, wherever it was sent (a thread page's form, the JSON API), after the
 * answer: the open pages are told, and the digest of what is still unread in a few minutes is
 * queued (docs/decisions/075).
 */
export function afterMessageSent(app: AppContext, threadId: string, messageId: string): void {
  app.afterResponse(() => announceThreadChange(app, threadId, "message"));
  app.afterResponse(() => enqueueMessageDigest(app, threadId, messageId));
}
