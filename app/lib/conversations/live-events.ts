import * as z from "zod";
import { THREAD_ID_PATTERN, THREAD_LIVE_EVENT_TYPES, type ThreadLiveEvent } from "./live-client";

// The event a thread's room pushes to its open sockets (docs/decisions/073). The browser reads it
// with live-client.ts's asThreadLiveEvent (no Zod in the thread pages' first load); the server
// checks what it publishes with this schema, and a unit test holds the two to the same answers.

export {
  THREAD_LIVE_EVENT_TYPES,
  threadSocketPath,
  type ThreadLiveEvent,
  type ThreadLiveEventType,
} from "./live-client";

export const ThreadLiveEventSchema = z.strictObject({
  type: z.enum(THREAD_LIVE_EVENT_TYPES),
  threadId: z.string().regex(THREAD_ID_PATTERN),
  at: z.iso.datetime(),
}) satisfies z.ZodType<ThreadLiveEvent>;
