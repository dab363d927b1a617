import { afterEach, describe, expect, it, vi } from "vitest";
import {
  asThreadLiveEvent,
  createReloadGate,
  LIVE_THREAD_STATUS_TEXT,
  readThreadLiveEvent,
  RECONNECT_CAP_MS,
  reconnectDelayMs,
  RELOAD_COALESCE_MS,
  THREAD_LIVE_EVENT_TYPES,
  threadSocketPath,
} from "~/lib/conversations/live-client";
import { ThreadLiveEventSchema } from "~/lib/conversations/live-events";

// The browser's side of live delivery (docs/decisions/073): reading what the socket brings, the
// reconnection schedule, and how events become page reloads.

const AT = "2026-11-30T09:15:00.000Z";
const valid = { type: "message", threadId: "3f1c2a9e-7b7d-4c1e-9a53-0f6f4f2d8c11", at: AT };

/** Shapes a socket could bring, each with whether it is an event. */
const samples: [string, unknown, boolean][] = [
  ["a message event", valid, true],
  ...THREAD_LIVE_EVENT_TYPES.map((type): [string, unknown, boolean] => [`type ${type}`, { ...valid, type }, true]),
  ["an instant without milliseconds", { ...valid, at: "2026-11-30T09:15:00Z" }, true],
  ["a test-made thread id", { ...valid, threadId: "candidate-mo3x1-2" }, true],
  ["an unknown type", { ...valid, type: "deleted" }, false],
  ["a type in capitals", { ...valid, type: "MESSAGE" }, false],
  ["no type", { threadId: valid.threadId, at: AT }, false],
  ["an extra field (content never travels)", { ...valid, body: "hello" }, false],
  ["a thread id with a slash", { ...valid, threadId: "../publish" }, false],
  ["an empty thread id", { ...valid, threadId: "" }, false],
  ["a thread id too long", { ...valid, threadId: "a".repeat(65) }, false],
  ["a numeric thread id", { ...valid, threadId: 42 }, false],
  ["a date without time", { ...valid, at: "2026-11-30" }, false],
  ["an instant with an offset", { ...valid, at: "2026-11-30T09:15:00+01:00" }, false],
  ["not an instant", { ...valid, at: "yesterday" }, false],
  ["an array", [valid], false],
  ["null", null, false],
  ["a string", "message", false],
];

describe("reading a thread's live event", () => {
  it.each(samples)("%s: the hand check and the Zod schema agree", (_name, value, isEvent) => {
    expect(asThreadLiveEvent(value) !== null).toBe(isEvent);
    expect(ThreadLiveEventSchema.safeParse(value).success).toBe(isEvent);
  });

  it("returns the event itself, nothing else", () => {
    expect(asThreadLiveEvent(valid)).toEqual(valid);
  });

  it("reads a socket message: JSON text of an event, else null", () => {
    expect(readThreadLiveEvent(JSON.stringify(valid))).toEqual(valid);
    expect(readThreadLiveEvent("pong")).toBeNull();
    expect(readThreadLiveEvent("{")).toBeNull();
    expect(readThreadLiveEvent(new ArrayBuffer(8))).toBeNull();
    expect(readThreadLiveEvent(JSON.stringify({ ...valid, padding: "x".repeat(2_000) }))).toBeNull();
  });

  it("builds the socket's path from the thread id", () => {
    expect(threadSocketPath("candidate-1")).toBe("/live/threads/candidate-1");
    expect(threadSocketPath("a/b")).toBe("/live/threads/a%2Fb");
  });
});

describe("the reconnection schedule", () => {
  it("doubles from one second and stops at thirty", () => {
    const ceilings = Array.from({ length: 8 }, (_, attempt) => reconnectDelayMs(attempt, () => 1));
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelayMs(1_000, () => 1)).toBe(RECONNECT_CAP_MS);
  });

  it("waits between half and all of each step, so readers dropped together come back apart", () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(3, () => 0)).toBe(4_000);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(6_000);
    expect(reconnectDelayMs(10, () => 0)).toBe(15_000);
  });
});

describe("turning events into reloads", () => {
  afterEach(() => vi.useRealTimers());

  it("reloads once for a burst of events", () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const gate = createReloadGate(reload);
    gate.request();
    gate.request();
    vi.advanceTimersByTime(RELOAD_COALESCE_MS - 1);
    gate.request();
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RELOAD_COALESCE_MS * 10);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("starts none while a reload is under way, and one more after it if events came meanwhile", () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const gate = createReloadGate(reload);
    gate.setBusy(true);
    gate.request();
    gate.request();
    vi.advanceTimersByTime(RELOAD_COALESCE_MS * 5);
    expect(reload).not.toHaveBeenCalled();
    gate.setBusy(false);
    expect(reload).toHaveBeenCalledTimes(1);
    gate.setBusy(true);
    gate.setBusy(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("forgets what it was asked once disposed", () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const gate = createReloadGate(reload);
    gate.request();
    gate.dispose();
    vi.advanceTimersByTime(RELOAD_COALESCE_MS * 5);
    gate.setBusy(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("the status line's texts", () => {
  it("say what each state means to the reader", () => {
    expect(LIVE_THREAD_STATUS_TEXT).toEqual({
      live: "New messages appear here as they arrive.",
      connecting: "Connecting for new messages…",
      offline: "Reload the page to see new messages.",
    });
  });
});
