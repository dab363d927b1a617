import { DurableObject } from "cloudflare:workers";
import {
  LIVE_PING,
  LIVE_PONG,
  MAX_EVENT_BYTES,
  MAX_SOCKETS_PER_READER,
  MAX_SOCKETS_PER_THREAD,
  THREAD_READER_HEADER,
} from "./thread-room-protocol";
import type { CloudflareBindings } from "../app/server/platform/env.server";

// One Durable Object per conversation thread (env.THREAD_ROOMS.idFromName(threadId)): it holds the
// thread's open WebSockets and pushes each change to all of them (docs/decisions/073). D1 is the
// record: an event says only that the thread changed, and each page reloads its own data, checked
// for that reader by its loader. Sockets are accepted through the Hibernation API, so an idle
// room is evicted from memory while its connections stay open at the edge.
//
// Nothing here imports the app's code: the Worker entry imports this file from source, and the app
// reaches the entry only through the server build (ADR 042).

/** What each socket carries through hibernation: who it belongs to and since when. */
type SocketAttachment = { userId: string; connectedAt: string };

/** The reader's id as the Worker sends it (a user's id); anything else is refused. */
const READER_ID = /^[A-Za-z0-9_-]{1,64}$/;

function answer(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export class ThreadRoom extends DurableObject<CloudflareBindings> {
  constructor(ctx: DurableObjectState, env: CloudflareBindings) {
    super(ctx, env);
    // The client's keep-alive is answered by the runtime itself, without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/connect" && request.method === "GET") return this.acceptReader(request);
    if (url.pathname === "/publish" && request.method === "POST") return this.publish(request);
    if (url.pathname === "/readers" && request.method === "GET") return Response.json({ readers: this.readers() });
    return answer(404, "Not found");
  }

  /** Accepts a socket for the reader the Worker names; the Worker has checked the upgrade and the reader. */
  private acceptReader(request: Request): Response {
    const userId = request.headers.get(THREAD_READER_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return answer(426, "Expected a WebSocket");
    if (!userId || !READER_ID.test(userId)) return answer(400, "No reader");
    if (this.ctx.getWebSockets(userId).length >= MAX_SOCKETS_PER_READER) return answer(429, "Too many connections");
    if (this.ctx.getWebSockets().length >= MAX_SOCKETS_PER_THREAD) return answer(429, "Too many connections");
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, connectedAt: new Date().toISOString() } satisfies SocketAttachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends the event to every open socket of the thread, as it came (the publisher checked it with
   * ThreadLiveEventSchema; here only its size and that it is a JSON object). Answers how many
   * sockets it reached. A socket that cannot take it is closing: the runtime reports its close.
   */
  private async publish(request: Request): Promise<Response> {
    const text = await request.text();
    if (text.length > MAX_EVENT_BYTES) return answer(413, "Event too large");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return answer(400, "Not JSON");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return answer(400, "Not an event");
    const message = JSON.stringify(parsed);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(message);
        delivered += 1;
      } catch {
        // Closed or closing between the list and the send; its close handler tidies up.
      }
    }
    return Response.json({ delivered });
  }

  /** The readers with at least one open socket, each once (from the sockets' attachments). */
  private readers(): string[] {
    const readers = new Set<string>();
    for (const socket of this.ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as SocketAttachment | null;
      if (attachment) readers.add(attachment.userId);
    }
    return [...readers];
  }

  /** Clients have nothing to say: a ping is answered by the auto-response, anything else is ignored. */
  override webSocketMessage(): void {}

  override webSocketClose(socket: WebSocket): void {
    closeQuietly(socket, 1000, "Closed");
  }

  override webSocketError(socket: WebSocket): void {
    closeQuietly(socket, 1011, "Socket error");
  }
}

/** Completes the closing handshake; the socket may already be closed (auto-reply), which is fine. */
function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // Already closed.
  }
}
