// How the Worker, the app and the browser talk to a thread's room, the ThreadRoom Durable Object
// (functions/thread-room.ts, docs/decisions/073). The Worker entry holds no app code (ADR 042,
// tests/bundle/worker-size.test.ts), so the app has its own copy of what it needs in
// app/lib/conversations/live-room.ts; tests/unit/conversations/live-room.test.ts holds the two equal.

/**
 * The header through which the Worker names the reader it checked (threadReaderFromRequest). The
 * Worker builds the request it forwards from scratch, so a client can never set it: the room is
 * reachable only through its binding.
 */
export const THREAD_READER_HEADER = "X-Partwise-Thread-Reader";

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
/** The largest event the room relays: an event is a type, an id and an instant. */
export const MAX_EVENT_BYTES = 1_000;

/** What a client sends to keep its connection open; the room's runtime answers LIVE_PONG without waking it. */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
