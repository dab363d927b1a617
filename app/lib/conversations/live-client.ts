// What a thread page's browser needs to follow a thread live (docs/decisions/073): the event's
// shape, read by hand, and the reconnection schedule. No Zod here: this module is part of the
// thread pages' first load (ADR 041, 062); live-events.ts holds the Zod schema the server uses,
// and tests/unit/conversations/live-events.test.ts holds the two to the same answers.

/** What changed in a thread; the page reloads its loader data, which is the record (D1). */
export const THREAD_LIVE_EVENT_TYPES = ["message", "edited", "hidden", "read", "meeting"] as const;
export type ThreadLiveEventType = (typeof THREAD_LIVE_EVENT_TYPES)[number];

/** One change in a thread, pushed to every open socket of it. It carries no content: readers reload. */
export type ThreadLiveEvent = { type: ThreadLiveEventType; threadId: string; at: string };

/**
 * "live": the thread's socket is open and changes appear by themselves; "connecting": opening it;
 * "offline": no socket (before hydration, without JavaScript, or while it is down): the page shows
 * changes when it is reloaded or a form is posted.
 */
export type LiveThreadState = "live" | "connecting" | "offline";

/** The status line a thread page may show for each state (polite live region). */
export const LIVE_THREAD_STATUS_TEXT: Record<LiveThreadState, string> = {
  live: "New messages appear here as they arrive.",
  connecting: "Connecting for new messages…",
  offline: "Reload the page to see new messages.",
};

/** A thread's id as the live route accepts it (a match candidacy's id). */
export const THREAD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The socket's path for a thread: the Worker's route GET /live/threads/:threadId. */
export function threadSocketPath(threadId: string): string {
  return `/live/threads/${encodeURIComponent(threadId)}`;
}

/** ISO 8601 in UTC with milliseconds, as Date#toISOString writes it. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/** A parsed event when `value` has exactly the shape of one, else null. */
export function asThreadLiveEvent(value: unknown): ThreadLiveEvent | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { type, threadId, at, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (typeof type !== "string" || !(THREAD_LIVE_EVENT_TYPES as readonly string[]).includes(type)) return null;
  if (typeof threadId !== "string" || !THREAD_ID_PATTERN.test(threadId)) return null;
  if (typeof at !== "string" || !ISO_INSTANT.test(at) || Number.isNaN(Date.parse(at))) return null;
  return { type: type as ThreadLiveEventType, threadId, at };
}

/** A socket message read as an event, or null (not JSON, another shape, the pong). */
export function readThreadLiveEvent(data: unknown): ThreadLiveEvent | null {
  if (typeof data !== "string" || data.length > 1_000) return null;
  try {
    return asThreadLiveEvent(JSON.parse(data));
  } catch {
    return null;
  }
}

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 30_000;

/**
 * How long to wait before reconnection attempt `attempt` (0 for the first after a drop): doubling
 * from a second up to 30 s, each wait drawn between its half and its whole so that the readers of a
 * thread dropped together (a deploy) do not all come back in the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** How long a burst of events is gathered into one reload. */
export const RELOAD_COALESCE_MS = 150;

export type ReloadGate = {
  /** An event came: reload soon, once for the whole burst. */
  request(): void;
  /** Whether a reload or navigation is under way: none starts meanwhile, one follows if events came. */
  setBusy(busy: boolean): void;
  dispose(): void;
};

/**
 * Turns a thread's events into page reloads: a burst becomes one reload; while one is under way
 * nothing more starts, and if events came meanwhile one more follows its end (the one under way may
 * have read D1 before the change).
 */
export function createReloadGate(reload: () => void, delayMs: number = RELOAD_COALESCE_MS): ReloadGate {
  let wanted = false;
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!wanted || busy) return;
    wanted = false;
    reload();
  };
  return {
    request() {
      wanted = true;
      if (timer === undefined && !busy) timer = setTimeout(flush, delayMs);
    },
    setBusy(next) {
      busy = next;
      if (!busy && wanted && timer === undefined) flush();
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      wanted = false;
    },
  };
}
