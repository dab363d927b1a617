import { LIVE_THREAD_STATUS_TEXT, threadSocketPath } from "~/lib/conversations/live-client";
import { useLiveThread } from "./use-live-thread";

/**
 * Follows the thread live and says so in one line (docs/decisions/073): a thread page passes it as
 * ThreadPage's `live`. Not a live region: a reconnection should not be read out each time; the
 * line is there for whoever looks. Before hydration and without JavaScript it reads as "offline",
 * which is what holds then: the page shows new messages when it is reloaded.
 */
export function LiveThreadStatus({ threadId }: { threadId: string }) {
  const state = useLiveThread(threadSocketPath(threadId));
  return (
    <p className="console-muted thread-live" data-live={state}>
      {LIVE_THREAD_STATUS_TEXT[state]}
    </p>
  );
}
