import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { vi } from "vitest";
import worker from "../../../functions/worker";
import { ORIGIN, SESSION_COOKIE } from "./session";

/**
 * Queue producers that record what is sent (so the real consumer never races a test), the
 * Worker's env with them in place of the job queues and the message digests' queue, and the
 * Worker called with that env.
 */

/** A producer that records what is sent; `fail` makes it refuse like a queue outage. */
export function fakeQueue(options: { fail?: boolean } = {}) {
  return {
    send: vi.fn(async (_body: unknown, _options?: QueueSendOptions) => undefined),
    sendBatch: vi.fn(async (_messages: { body: unknown }[]) => {
      if (options.fail) throw new Error("queue unavailable");
    }),
  };
}
export type FakeQueue = ReturnType<typeof fakeQueue>;

export const sentJobIds = (queue: FakeQueue) =>
  queue.sendBatch.mock.calls.flatMap(([messages]) => messages.map((m) => (m.body as { jobId: string }).jobId));

export function withQueue(queue: FakeQueue, base: object = env) {
  return {
    ...base,
    BENCHMARKING_QUEUE: queue as unknown as Queue<unknown>,
    FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown>,
    MESSAGE_DIGEST_QUEUE: queue as unknown as Queue<unknown>,
  } as typeof env;
}

/** The Worker's fetch with a fake queue; answers status and JSON body. */
export async function apiCall(
  path: string,
  options: { method?: string; token?: string; json?: unknown; body?: string; queue?: FakeQueue } = {},
) {
  const headers = new Headers({ Origin: ORIGIN, Host: new URL(ORIGIN).host });
  if (options.token) headers.set("Cookie", `${SESSION_COOKIE}=${options.token}`);
  if (options.json !== undefined || options.body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`${ORIGIN}${path}`, {
    method: options.method ?? (options.json !== undefined || options.body !== undefined ? "POST" : "GET"),
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    withQueue(options.queue ?? fakeQueue()),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
