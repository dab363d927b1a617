import type { AppContext } from "~/server/load-context";
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
