import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { threadSocketPath, type ThreadLiveEvent } from "~/lib/conversations/live-client";
import { MAX_SOCKETS_PER_READER } from "~/lib/conversations/live-room";
import { publishThreadEvent, threadReadersOnline } from "~/server/conversations/live.server";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import {
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  ORIGIN,
  SESSION_COOKIE,
  signIn,
  sessionTokenFrom,
} from "../helpers";

// Live delivery of a thread (issue #39 item 4, docs/decisions/073): the Worker's socket route and
// the ThreadRoom Durable Object behind it, in workerd with the bindings of wrangler.toml.

const app = () => createAppContext(env, () => undefined);

/**
 * A thread (a match candidacy) with its business's owner and its consultant, both signed in. The
 * consultant has accepted (default): from then on the business takes part (docs/decisions/072).
 */
async function thread(status: "accepted" | "proposed" = "accepted") {
  const business = await signedInClient();
  const consultant = await createConsultant();
  const match = await createMatchRequestRow(business.business.id, { status: "candidates_proposed" });
  const candidate = await createCandidateRow(match.id, business.business.id, consultant.user.id, { status });
  const consultantToken = sessionTokenFrom(await signIn(consultant.user.email));
  if (!consultantToken) throw new Error("the consultant could not sign in");
  return { threadId: candidate.id, business, consultant: { ...consultant, token: consultantToken } };
}

function handshake(path: string, options: { token?: string | null; origin?: string | null; upgrade?: boolean } = {}) {
  const headers = new Headers();
  if (options.upgrade !== false) headers.set("Upgrade", "websocket");
  if (options.token) headers.set("Cookie", `${SESSION_COOKIE}=${options.token}`);
  const origin = options.origin === undefined ? ORIGIN : options.origin;
  if (origin) headers.set("Origin", origin);
  return SELF.fetch(`${ORIGIN}${path}`, { headers });
}

/** An accepted socket and the messages it has received so far. */
type Listener = { socket: WebSocket; received: string[]; closed: Promise<void> };
const opened: WebSocket[] = [];

async function listen(threadId: string, token: string): Promise<Listener> {
  const response = await handshake(threadSocketPath(threadId), { token });
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error("no socket in the 101");
  socket.accept();
  opened.push(socket);
  const received: string[] = [];
  socket.addEventListener("message", (event) => {
    received.push(String(event.data));
  });
  const closed = new Promise<void>((resolve) => socket.addEventListener("close", () => resolve()));
  return { socket, received, closed };
}

/** A round trip through the room: once the pong is back, everything sent before it has arrived. */
async function settled(listener: Listener) {
  const before = listener.received.length;
  listener.socket.send("ping");
  await vi.waitFor(() => expect(listener.received.slice(before)).toContain("pong"));
  listener.received.splice(listener.received.lastIndexOf("pong"), 1);
}

const eventOf = (threadId: string, type: ThreadLiveEvent["type"] = "message"): ThreadLiveEvent => ({
  type,
  threadId,
  at: new Date().toISOString(),
});

afterEach(() => {
  for (const socket of opened.splice(0)) {
    try {
      socket.close(1000, "test over");
    } catch {
      // Already closed by the test.
    }
  }
  vi.restoreAllMocks();
});

describe("GET /live/threads/:threadId", () => {
  it("fans an event out to every open socket of the thread, and to no other thread's", async () => {
    const one = await thread();
    const other = await thread();
    const business = await listen(one.threadId, one.business.token);
    const consultant = await listen(one.threadId, one.consultant.token);
    const elsewhere = await listen(other.threadId, other.business.token);

    const event = eventOf(one.threadId);
    await publishThreadEvent(app(), one.threadId, event);

    await vi.waitFor(() => {
      expect(business.received).toEqual([JSON.stringify(event)]);
      expect(consultant.received).toEqual([JSON.stringify(event)]);
    });
    await settled(elsewhere);
    expect(elsewhere.received).toEqual([]);
  });

  it("keeps delivering to the sockets still open after one closes", async () => {
    const { threadId, business, consultant } = await thread();
    const first = await listen(threadId, business.token);
    const second = await listen(threadId, consultant.token);
    first.socket.close(1000, "tab closed");
    await first.closed;

    const event = eventOf(threadId, "read");
    await publishThreadEvent(app(), threadId, event);
    await vi.waitFor(() => expect(second.received).toEqual([JSON.stringify(event)]));
    expect(first.received).toEqual([]);
  });

  it("lets the engagement manager follow any thread, and lists who has it open", async () => {
    const { threadId, consultant } = await thread();
    const manager = await signedInManager();
    const watching = await listen(threadId, manager.token);
    await listen(threadId, consultant.token);
    await listen(threadId, consultant.token);
    expect((await threadReadersOnline(app(), threadId)).sort()).toEqual([manager.user.id, consultant.user.id].sort());

    await publishThreadEvent(app(), threadId, eventOf(threadId, "meeting"));
    await vi.waitFor(() => expect(watching.received).toHaveLength(1));
  });

  it("answers 426 to a request that is not a WebSocket handshake", async () => {
    const { threadId, business } = await thread();
    const response = await handshake(threadSocketPath(threadId), { token: business.token, upgrade: false });
    expect(response.status).toBe(426);
    expect(response.headers.get("Upgrade")).toBe("websocket");
    expect(response.webSocket).toBeNull();
  });

  it("refuses a handshake from another site's page, or one without an Origin, with 403", async () => {
    const { threadId, business } = await thread();
    for (const origin of ["https://evil.example", "null", null]) {
      const response = await handshake(threadSocketPath(threadId), { token: business.token, origin });
      expect(response.status, String(origin)).toBe(403);
      expect(response.webSocket).toBeNull();
    }
  });

  it("answers 404 to anyone threadReaderFromRequest refuses, and to a thread that does not exist", async () => {
    const { threadId } = await thread();
    const proposed = await thread("proposed");
    const outsider = await signedInClient();
    const otherConsultant = await signedInConsultant();
    // The consultant of a candidacy they have not answered takes part; its business not yet.
    await listen(proposed.threadId, proposed.consultant.token);
    for (const [who, token, path] of [
      ["the business before the consultant said yes", proposed.business.token, threadSocketPath(proposed.threadId)],
      ["no session", null, threadSocketPath(threadId)],
      ["another business", outsider.token, threadSocketPath(threadId)],
      ["another consultant", otherConsultant.token, threadSocketPath(threadId)],
      ["no such thread", outsider.token, threadSocketPath("no-such-thread")],
      ["not a thread id", outsider.token, "/live/threads/%2E%2E%2Fpublish"],
    ] as const) {
      const response = await handshake(path, { token });
      expect(response.status, who).toBe(404);
      expect(response.webSocket, who).toBeNull();
    }
  });

  it("refuses a reader's socket beyond the limit per reader with 429", async () => {
    const { threadId, business } = await thread();
    for (let index = 0; index < MAX_SOCKETS_PER_READER; index += 1) await listen(threadId, business.token);
    const response = await handshake(threadSocketPath(threadId), { token: business.token });
    expect(response.status).toBe(429);
  });
});

describe("publishThreadEvent", () => {
  it("never throws: an event that is not one, or for another thread, is logged and sent nowhere", async () => {
    const { threadId, business } = await thread();
    const listener = await listen(threadId, business.token);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);

    await publishThreadEvent(app(), threadId, { ...eventOf(threadId), type: "deleted" } as unknown as ThreadLiveEvent);
    await publishThreadEvent(app(), threadId, eventOf("another-thread"));

    expect(logged).toHaveBeenCalledTimes(2);
    expect(String(logged.mock.calls[0]![0])).toContain(`thread ${threadId} was not delivered`);
    await settled(listener);
    expect(listener.received).toEqual([]);
  });

  it("never throws when the room cannot be reached", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = createAppContext(
      {
        ...env,
        THREAD_ROOMS: {
          idFromName: () => {
            throw new Error("no Durable Objects here");
          },
        },
      } as unknown as CloudflareBindings,
      () => undefined,
    );
    await expect(publishThreadEvent(broken, "thread-1", eventOf("thread-1"))).resolves.toBeUndefined();
    await expect(threadReadersOnline(broken, "thread-1")).resolves.toEqual([]);
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
