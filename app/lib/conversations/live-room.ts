// The app's side of how the Worker, the app and the browser talk to a thread's room (the
// ThreadRoom Durable Object, docs/decisions/073): a copy of functions/thread-room-protocol.ts,
// which the Worker entry uses (it holds no app code, ADR 042); tests/unit/conversations/live-room.test.ts
// holds the two equal.

/** The room's internal addresses (the host is never resolved: a stub's fetch goes to the object). */
export const THREAD_ROOM_URLS = {
  connect: "https://thread-room/connect",
  publish: "https://thread-room/publish",
  readers: "https://thread-room/readers",
} as const;

/** Open sockets one reader may hold in one thread (tabs, devices); one more is refused with 429. */
export const MAX_SOCKETS_PER_READER = 8;
/** Open sockets a thread holds in all; one more is refused with 429. */
export const MAX_SOCKETS_PER_THREAD = 100;

/** What a client sends to keep its connection open; the room's runtime answers LIVE_PONG without waking it. */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
