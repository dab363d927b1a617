import type { AppContext } from "~/server/load-context";

/**
 * Tells the people who have a thread open that it changed (docs/decisions/073). TEMPORARY until
 * the live delivery lands: nothing is pushed; the pages show changes on reload.
 */
export async function announceThreadChange(
  _app: AppContext,
  _threadId: string,
  _type: "message" | "edited" | "hidden" | "read",
): Promise<void> {}
