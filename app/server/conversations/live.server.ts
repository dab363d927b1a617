import { THREAD_ID_PATTERN } from "~/lib/conversations/live-client";
import { ThreadLiveEventSchema, type ThreadLiveEvent } from "~/lib/conversations/live-events";
import { THREAD_ROOM_URLS } from "~/lib/conversations/live-room";
import type { AppContext } from "~/server/load-context";
import { threadReaderFromRequest, type ThreadReader } from "./participation.server";

// Live delivery of a thread's changes (issue #39 item 4, docs/decisions/073): one ThreadRoom
// Durable Object per thread holds the open sockets; the conversations domain publishes an event
// after D1 is written, and every page that has the thread open reloads its data. Best effort
// throughout: D1 is the record, and a page that misses an event is right again on its next load.

/** The thread's room (one Durable Object per thread id). */
function roomOf(app: AppContext, threadId: string) {
  const rooms = app.bindings.THREAD_ROOMS;
  return rooms.get(rooms.idFromName(threadId));
}

/**
 * Tells every open socket of the thread that it changed. Call it once the change is in D1 (after
 * the batch), e.g. `app.afterResponse(() => publishThreadEvent(app, threadId, event))` so the room
 * is not on the action's path. Never throws: a failure is logged, and readers see the change when
 * their page next loads.
 */
export async function publishThreadEvent(app: AppContext, threadId: string, event: ThreadLiveEvent): Promise<void> {
  try {
    const checked = ThreadLiveEventSchema.parse(event);
    if (checked.threadId !== threadId) throw new Error(`the event names thread ${checked.threadId}`);
    const response = await roomOf(app, threadId).fetch(THREAD_ROOM_URLS.publish, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(checked),
    });
    if (!response.ok) throw new Error(`the thread's room answered ${response.status}`);
    await response.body?.cancel();
  } catch (error) {
    console.error(`Live event ${event?.type} for thread ${threadId} was not delivered:`, error);
  }
}

/**
 * The ids of the people who have the thread open right now (at least one socket), e.g. to leave
 * them out of an emailed digest. Empty when the room cannot be reached (logged): callers then act
 * as though nobody were watching.
 */
export async function threadReadersOnline(app: AppContext, threadId: string): Promise<string[]> {
  try {
    const response = await roomOf(app, threadId).fetch(THREAD_ROOM_URLS.readers);
    if (!response.ok) throw new Error(`the thread's room answered ${response.status}`);
    const { readers } = (await response.json()) as { readers: unknown };
    return Array.isArray(readers) ? readers.filter((reader): reader is string => typeof reader === "string") : [];
  } catch (error) {
    console.error(`The readers of thread ${threadId} could not be listed:`, error);
    return [];
  }
}

/**
 * Who may open the thread's socket: the signed-in reader of the thread (threadReaderFromRequest),
 * or null (no session, not a participant, no such thread, an id that cannot be one). The Worker's
 * route GET /live/threads/:threadId answers 404 to null.
 */
export async function liveThreadReader(
  app: AppContext,
  request: Request,
  threadId: string,
): Promise<ThreadReader | null> {
  if (!THREAD_ID_PATTERN.test(threadId)) return null;
  return threadReaderFromRequest(app, request, threadId);
}
