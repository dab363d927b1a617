import * as z from "zod";
import { THREAD_ID_PATTERN, THREAD_LIVE_EVENT_TYPES, type ThreadLiveEvent } from "./live-client";

// The event a thread's room pushes to its open sockets (docs/decisions/073). The server checks
// what it publishes with this schema; the browser reads what arrives with live-client.ts's
// asThreadLiveEvent (no Zod in the thread pages' first load, ADR 062), and
// tests/unit/conversations/live-events.test.ts holds the two to the same answers.

// Types only: a page that imported a value from here would load Zod with it (take the values, e.g.
// threadSocketPath and LIVE_THREAD_STATUS_TEXT, from live-client.ts).
export type { LiveThreadState, ThreadLiveEvent, ThreadLiveEventType } from "./live-client";

export const ThreadLiveEventSchema = z.strictObject({
  type: z.enum(THREAD_LIVE_EVENT_TYPES),
  threadId: z.string().regex(THREAD_ID_PATTERN),
  at: z.iso.datetime(),
}) satisfies z.ZodType<ThreadLiveEvent>;
