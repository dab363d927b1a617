import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  SELF,
} from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FINANCE_REPORT_FAILED_MESSAGE, NOT_CONNECTED_MESSAGE } from "~/lib/finance/finance";
import { createAppContext } from "~/server/load-context";
import { claimJob, completeJob, JOB_LEASE_MS, PermanentJobError } from "~/server/platform/jobs.server";
import { businesses, jobs, sessions } from "~db/schema";
import { handleQueueBatch, type JobBuilders } from "../../../functions/queues";
import worker from "../../../functions/worker";
import { call, connectAccounting, createJob, createUser, db, ORIGIN, PASSWORD, SESSION_COOKIE } from "../helpers";
import { createClient, signedInClient } from "../../factories";

const MONTHLY_CRON = "0 6 1 * *";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Silences the console.error a test expects (the Worker runs in this isolate) and returns the spy. */
const expectConsoleErrors = () => vi.spyOn(console, "error").mockImplementation(() => undefined);

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/'nonce-[A-Za-z0-9+/=_-]{16,}'/);
  expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{7,}/);
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBeTruthy();
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
}

function cspNonce(response: Response): string {
  const match = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "");
  if (!match) throw new Error("no nonce in the CSP");
  return match[1];
}

describe("platform", () => {
  it("applies the D1 migrations", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{
      name: string;
    }>();
    const tables = results.map((row) => row.name);
    for (const table of ["users", "sessions", "businesses", "jobs", "rate_limits", "files", "accounting_connections"]) {
      expect(tables).toContain(table);
    }
  });

  it("stores and reads back files in R2", async () => {
    await env.FILES.put("biz/test/hello.txt", "hello partwise", { httpMetadata: { contentType: "text/plain" } });
    const object = await env.FILES.get("biz/test/hello.txt");
    expect(object).not.toBeNull();
    expect(await object!.text()).toBe("hello partwise");
    expect(object!.httpMetadata?.contentType).toBe("text/plain");
  });

  it("answers the health check", async () => {
    const response = await SELF.fetch(`${ORIGIN}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
    expectSecurityHeaders(response);
  });
});

describe("security headers", () => {
  it("sets a fresh CSP nonce per page that matches the page's scripts", async () => {
    const first = await SELF.fetch(`${ORIGIN}/login`);
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toContain("text/html");
    expectSecurityHeaders(first);
    const nonce = cspNonce(first);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      // Every script, inline or module, carries this response's nonce.
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    const second = await SELF.fetch(`${ORIGIN}/login`);
    await second.text();
    expect(cspNonce(second)).not.toBe(nonce);
  });

  it("covers JSON API answers, 404s and static assets", async () => {
    const api = await SELF.fetch(`${ORIGIN}/api/client/auth`);
    expect(api.status).toBe(401);
    expect(api.headers.get("Content-Type")).toContain("application/json");
    expectSecurityHeaders(api);

    const apiMissing = await SELF.fetch(`${ORIGIN}/api/no-such-endpoint`);
    expect(apiMissing.status).toBe(404);
    expectSecurityHeaders(apiMissing);

    const consoleError = expectConsoleErrors(); // Remix logs the unmatched route
    const pageMissing = await SELF.fetch(`${ORIGIN}/no-such-page-${Date.now()}`);
    expect(pageMissing.status).toBe(404);
    consoleError.mockRestore();
    expectSecurityHeaders(pageMissing);

    const html = await (await SELF.fetch(`${ORIGIN}/login`)).text();
    const asset = /(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(asset, "the login page links a built asset").toBeTruthy();
    const response = await SELF.fetch(`${ORIGIN}${asset}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expectSecurityHeaders(response);
    expect(response.headers.get("Cache-Control")).toContain("immutable");
  });
});

describe("cross-site request check", () => {
  it("refuses a cross-site POST before it reaches the app", async () => {
    const { user } = await createUser();
    const response = await call("/api/client/auth/signin", {
      json: { email: user.email, password: PASSWORD },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-site requests are not allowed.");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expectSecurityHeaders(response);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses a cross-site POST marked only by Sec-Fetch-Site", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/client/auth/logout`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });

  it("lets a same-origin POST through", async () => {
    const { user } = await createUser();
    const response = await call("/api/client/auth/signin", { json: { email: user.email, password: PASSWORD } });
    expect(response.status).toBe(200);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  describe("a write that carries cookies but neither Origin nor Sec-Fetch-Site", () => {
    const rename = (token: string, headers: Record<string, string>) =>
      SELF.fetch(`${ORIGIN}/api/client/business/updateInfo`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: `${SESSION_COOKIE}=${token}`, ...headers },
        body: JSON.stringify({
          name: "Renamed By Someone Else",
          role: "Owner",
          city: "Portland",
          state: "ME",
          employeeCount: "25-50",
        }),
      });
    const nameOf = async (id: string) =>
      (await db().select({ name: businesses.name }).from(businesses).where(eq(businesses.id, id)))[0]!.name;

    it("is refused with 403 and changes nothing", async () => {
      const { token, business } = await signedInClient();
      const response = await rename(token, {});
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("Cross-site requests are not allowed.");
      expect(await nameOf(business.id)).toBe("Harbor Supply Co.");
    });

    it("passes when the browser names its origin or its fetch site", async () => {
      const { token, business } = await signedInClient();
      expect((await rename(token, { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
      expect(await nameOf(business.id)).toBe("Renamed By Someone Else");
      const withOrigin = await call("/api/client/business/updateInfo", {
        method: "PUT",
        cookie: token,
        json: { name: "Harbor Supply Co.", role: "Owner", city: "Portland", state: "ME", employeeCount: "25-50" },
      });
      expect(withOrigin.status).toBe(200);
      expect(await nameOf(business.id)).toBe("Harbor Supply Co.");
    });

    it("leaves the Stripe webhook to its signature", async () => {
      const response = await SELF.fetch(`${ORIGIN}/api/payments/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: `${SESSION_COOKIE}=${"A".repeat(43)}` },
        body: "{}",
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ msg: "The webhook signature is not valid." });
    });
  });

  it("exempts the payment webhook, which Stripe signs instead", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/payments/webhook`, {
      method: "POST",
      headers: { Origin: "https://stripe.example", "Content-Type": "application/json" },
      body: "{}",
    });
    const body = await response.text();
    expect(body).not.toBe("Cross-site requests are not allowed.");
    expect(response.status).not.toBe(403);
  });
});

/** A body sent in chunks with no Content-Length, as a streaming client sends it. */
function chunkedBody(chunks: number, chunkBytes: number, pull?: () => void) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === chunks) return controller.close();
      pull?.();
      sent += 1;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x61));
    },
  });
}

describe("the 1 MB body cap", () => {
  it("counts a chunked body with no Content-Length and refuses it with 413 once past 1 MB", async () => {
    let pulled = 0;
    const response = await SELF.fetch(`${ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
      // 8 MiB on offer, in 64 KiB chunks.
      body: chunkedBody(128, 64 * 1024, () => (pulled += 1)),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("The request is too large.");
    // Reading stopped at the limit, not at the end of the body (the stream may run a chunk or two ahead).
    expect(pulled).toBeLessThan(24);
  });

  it("holds the pages that take files to 1 MB too, for any body but a multipart form", async () => {
    const paths = [
      "/consultant/engagements/o1/items/i1",
      "/consultant/engagements/o1/items/i1.data",
      "/manage/learning",
      "/manage/learning/item1",
      "/features",
      "/create-match",
      "/consultant/profile",
      "/api/file-handling/upload-files",
    ];
    for (const path of paths) {
      let pulled = 0;
      const response = await SELF.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
        body: chunkedBody(128, 64 * 1024, () => (pulled += 1)),
        duplex: "half",
      } as RequestInit);
      expect(response.status, path).toBe(413);
      expect(await response.text()).toBe("The request is too large.");
      expect(pulled).toBeLessThan(24);
      const declared = await SELF.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json", "Content-Length": String(2 * 1024 * 1024) },
        body: "x".repeat(2 * 1024 * 1024),
      });
      expect(declared.status, path).toBe(413);
    }
  });

  it("passes a chunked body under 1 MB through to the app unchanged", async () => {
    const { user } = await createUser();
    const json = new TextEncoder().encode(JSON.stringify({ email: user.email, password: PASSWORD }));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(json.slice(0, 10));
        controller.enqueue(json.slice(10));
        controller.close();
      },
    });
    const response = await SELF.fetch(`${ORIGIN}/api/client/auth/signin`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.headers.get("Content-Length")).toBeNull();
    expect(response.status).toBe(200);
  });
});

describe("scheduled and queue entry points", () => {
  it("rejects an unknown cron", async () => {
    const controller = createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() });
    await expect(worker.scheduled(controller, env, createExecutionContext())).rejects.toThrow(/cron/i);
  });

  it("rejects a batch from an unknown queue", async () => {
    const batch = createMessageBatch("no-such-queue", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { v: 1, jobId: "x" } },
    ]);
    await expect(worker.queue(batch, env, createExecutionContext())).rejects.toThrow(/queue/i);
  });
});

/** A fake producer so the cron's sends are observable and the real consumer does not race us. */
function fakeQueue() {
  return { send: vi.fn(async () => undefined), sendBatch: vi.fn(async () => undefined) };
}

describe("monthly finance refresh cron", () => {
  const june1 = Date.UTC(2026, 5, 1, 6, 0, 0);

  it("records one job per connected business and enqueues it, once per month", async () => {
    const connected = await createClient();
    await connectAccounting(connected.business.id, "connected");
    const broken = await createClient();
    await connectAccounting(broken.business.id, "broken");
    await createClient(); // no connection at all

    const queue = fakeQueue();
    const testEnv = { ...env, FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown> };
    const fire = () =>
      worker.scheduled(
        createScheduledController({ cron: MONTHLY_CRON, scheduledTime: june1 }),
        testEnv,
        createExecutionContext(),
      );

    await fire();
    // Other tests in this file may have connected businesses too: look at this test's three.
    const june = await db().select().from(jobs).where(eq(jobs.period, "2026-06"));
    const mine = june.filter((job) => job.businessId === connected.business.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: "finance_report", status: "queued", attempts: 0 });
    expect(june.some((job) => job.businessId === broken.business.id)).toBe(false);
    expect(queue.sendBatch).toHaveBeenCalledTimes(1);
    const sent = (queue.sendBatch.mock.calls[0] as unknown as [{ body: unknown }[]])[0];
    expect(sent.map((message) => message.body)).toEqual(
      expect.arrayContaining([{ v: 1, type: "finance-report.build", jobId: mine[0].id }]),
    );
    expect(sent).toHaveLength(june.length);

    // A second fire in the same month (cron retried, or run by hand) records and sends nothing.
    await fire();
    expect(await db().select().from(jobs).where(eq(jobs.period, "2026-06"))).toHaveLength(june.length);
    expect(queue.sendBatch).toHaveBeenCalledTimes(1);
  });

  it("removes the jobs it recorded when the queue refuses them, so the next fire retries", async () => {
    const connected = await createClient();
    await connectAccounting(connected.business.id);
    const queue = fakeQueue();
    queue.sendBatch.mockRejectedValueOnce(new Error("queue unavailable"));
    const testEnv = { ...env, FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown> };
    const july1 = Date.UTC(2026, 6, 1, 6, 0, 0);
    const controller = createScheduledController({ cron: MONTHLY_CRON, scheduledTime: july1 });
    const julyJobs = () =>
      db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.period, "2026-07"), eq(jobs.businessId, connected.business.id)));
    await expect(worker.scheduled(controller, testEnv, createExecutionContext())).rejects.toThrow("queue unavailable");
    expect(await julyJobs()).toHaveLength(0);

    await worker.scheduled(controller, testEnv, createExecutionContext());
    expect(await julyJobs()).toHaveLength(1);
  });
});

describe("queue consumers", () => {
  let seq = 0;
  const message = (body: unknown, attempts = 1) => ({ id: `msg-${++seq}`, timestamp: new Date(), attempts, body });
  const financeMessage = (jobId: string) => message({ v: 1, type: "finance-report.build", jobId });
  const jobById = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0];

  async function businessWithJob(kind: "finance_report" | "benchmarking" = "finance_report") {
    const { business } = await createClient();
    return createJob(business.id, kind);
  }

  it("acknowledges and fails a job whose builder reports a permanent error (through the Worker entry)", async () => {
    // The real finance builder: a business without an accounting connection cannot be built.
    const job = await businessWithJob();
    const msg = financeMessage(job.id);
    const batch = createMessageBatch("finance-report", [msg]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(await jobById(job.id)).toMatchObject({ status: "failed", attempts: 1, lastError: NOT_CONNECTED_MESSAGE });
  });

  it("acknowledges malformed messages and messages for unknown jobs without retrying", async () => {
    const consoleError = expectConsoleErrors();
    const malformed = message({ hello: "world" });
    const unknownJob = financeMessage("no-such-job");
    const batch = createMessageBatch("finance-report", [malformed, unknownJob]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual([malformed.id, unknownJob.id].sort());
    expect(result.retryMessages).toEqual([]);
    expect(result.retryBatch.retry).toBe(false);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining(`malformed finance-report message ${malformed.id}`),
    );
  });

  it("continues the monthly refresh from a continuation's cursor, beside job messages; drops a malformed one", async () => {
    const consoleError = expectConsoleErrors();
    const first = await createClient();
    const second = await createClient();
    await connectAccounting(first.business.id);
    await connectAccounting(second.business.id);
    const [before, after] = [first.business.id, second.business.id].sort();
    const continuation = message({ v: 1, type: "finance-report.fanout", period: "2026-09", after: before });
    const malformed = message({ v: 1, type: "finance-report.fanout", period: "September" });
    const unknownJob = financeMessage("no-such-job");
    const queue = fakeQueue();
    const testEnv = { ...env, FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown> };
    const batch = createMessageBatch("finance-report", [continuation, malformed, unknownJob]);
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual([continuation.id, malformed.id, unknownJob.id].sort());
    expect(result.retryMessages).toEqual([]);
    const september = await db().select().from(jobs).where(eq(jobs.period, "2026-09"));
    expect(september.some((job) => job.businessId === after)).toBe(true);
    expect(september.some((job) => job.businessId === before)).toBe(false);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(`continuation ${malformed.id}`));
  });

  it("fails a job that arrives on the wrong queue", async () => {
    const job = await businessWithJob("benchmarking");
    const msg = financeMessage(job.id);
    const batch = createMessageBatch("finance-report", [msg]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([msg.id]);
    expect(await jobById(job.id)).toMatchObject({ status: "failed" });
  });

  it("completes a job once, and a duplicate delivery does not run it again", async () => {
    const job = await businessWithJob();
    const build = vi.fn(async () => undefined);
    const builders: JobBuilders = { finance_report: build, benchmarking: build };
    const app = createAppContext(env, () => undefined);
    for (let delivery = 0; delivery < 2; delivery++) {
      const msg = financeMessage(job.id);
      const batch = createMessageBatch("finance-report", [msg]);
      const ctx = createExecutionContext();
      await handleQueueBatch(batch, app, builders);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([msg.id]);
    }
    expect(build).toHaveBeenCalledTimes(1);
    expect(await jobById(job.id)).toMatchObject({ status: "succeeded", attempts: 1, lastError: null });
  });

  it("retries only the failing message, with backoff, and keeps the job queued", async () => {
    const failing = await businessWithJob();
    const fine = await businessWithJob();
    const builders: JobBuilders = {
      finance_report: async (_app, job) => {
        if (job.id === failing.id) throw new Error("accounting API timed out");
      },
      benchmarking: async () => {
        throw new PermanentJobError("unused");
      },
    };
    const failingMsg = financeMessage(failing.id);
    const fineMsg = financeMessage(fine.id);
    const batch = createMessageBatch("finance-report", [failingMsg, fineMsg]);
    const ctx = createExecutionContext();
    const retry = vi.spyOn(batch.messages[0], "retry");
    expectConsoleErrors();
    await handleQueueBatch(
      batch,
      createAppContext(env, () => undefined),
      builders,
    );
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([fineMsg.id]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([failingMsg.id]);
    // First failure: retried after 30 s (then 60, 120, ... capped at an hour).
    expect(retry).toHaveBeenCalledWith({ delaySeconds: 30 });
    expect(await jobById(failing.id)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "accounting API timed out",
    });
    expect(await jobById(fine.id)).toMatchObject({ status: "succeeded" });
  });

  describe("a job whose consumer died after claiming it", () => {
    const minutes = (n: number) => n * 60 * 1000;
    /** The Worker's context at a given time, with a producer that records what is sent. */
    const appAt = (at: number, queue = fakeQueue()) =>
      createAppContext(
        {
          ...env,
          FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown>,
          BENCHMARKING_QUEUE: queue as unknown as Queue<unknown>,
        },
        () => undefined,
        () => new Date(at),
      );
    /** One delivery of `msg` to the consumer at `app`'s time: what the message was told. */
    async function deliver(
      app: ReturnType<typeof appAt>,
      msg: ReturnType<typeof financeMessage>,
      builders: JobBuilders,
    ) {
      const batch = createMessageBatch("finance-report", [msg]);
      const retry = vi.spyOn(batch.messages[0]!, "retry");
      const ctx = createExecutionContext();
      await handleQueueBatch(batch, app, builders);
      const result = await getQueueResult(batch, ctx);
      return {
        acked: result.explicitAcks.includes(msg.id),
        retriedAfter: (retry.mock.calls[0]?.[0] as { delaySeconds?: number } | undefined)?.delaySeconds ?? null,
      };
    }
    const counting = () => {
      const build = vi.fn(async () => undefined);
      return { build, builders: { finance_report: build, benchmarking: build } satisfies JobBuilders };
    };

    it("keeps the redelivery that arrives inside the lease, and runs the job once the lease is over, exactly once", async () => {
      const job = await businessWithJob();
      const t0 = Date.now();
      // The first attempt claims the job, then its worker dies: no completion, no release.
      const first = await claimJob(appAt(t0), job.id);
      expect(first).toMatchObject({ claimed: { id: job.id, status: "running", attempts: 1 } });

      // The queue redelivers one minute later, inside the lease: not acknowledged (it is the only
      // message left), but retried once the lease is over (9 minutes left, plus 30 s).
      const { build, builders } = counting();
      const msg = financeMessage(job.id);
      expect(await deliver(appAt(t0 + minutes(1)), msg, builders)).toEqual({ acked: false, retriedAfter: 9 * 60 + 30 });
      expect(build).not.toHaveBeenCalled();
      expect(await jobById(job.id)).toMatchObject({ status: "running", attempts: 1 });

      // The retried message comes back after the lease: it takes the job over and completes it.
      const later = t0 + JOB_LEASE_MS + 30_000;
      expect(await deliver(appAt(later), msg, builders)).toEqual({ acked: true, retriedAfter: null });
      expect(build).toHaveBeenCalledTimes(1);
      expect(await jobById(job.id)).toMatchObject({ status: "succeeded", attempts: 2, lastError: null });

      // Any further copy finds the job done: acknowledged, not run again.
      expect(await deliver(appAt(later + minutes(1)), financeMessage(job.id), builders)).toEqual({
        acked: true,
        retriedAfter: null,
      });
      expect(build).toHaveBeenCalledTimes(1);
    });

    it("the attempt that outlived its lease cannot complete the job another attempt took over", async () => {
      const job = await businessWithJob();
      const t0 = Date.now();
      const slow = await claimJob(appAt(t0), job.id);
      const takeover = await claimJob(appAt(t0 + JOB_LEASE_MS + 1000), job.id);
      expect(takeover).toMatchObject({ claimed: { attempts: 2 } });
      if (!("claimed" in slow)) throw new Error("the first claim failed");
      await completeJob(appAt(t0 + JOB_LEASE_MS + 2000), slow.claimed);
      expect(await jobById(job.id)).toMatchObject({ status: "running", attempts: 2 });
    });

    it("the lease sweep (cron every 10 minutes) sends stalled jobs again, once each, and each runs once", async () => {
      const t0 = Date.now() + minutes(60); // later than every other job of this file
      const queue = fakeQueue();
      // A: claimed, then its worker died and its message is gone.
      const dead = await businessWithJob();
      await claimJob(appAt(t0), dead.id);
      // B: queued, but its message never arrived (lost).
      const lost = await businessWithJob();
      await db()
        .update(jobs)
        .set({ dueAt: new Date(t0), updatedAt: new Date(t0) })
        .where(eq(jobs.id, lost.id));
      // C: queued, its retry due in an hour (a backoff): its message is coming, not stalled.
      const waiting = await businessWithJob();
      await db()
        .update(jobs)
        .set({ dueAt: new Date(t0 + minutes(60)), updatedAt: new Date(t0) })
        .where(eq(jobs.id, waiting.id));
      // D: running, claimed five minutes later: its lease still runs.
      const running = await businessWithJob();
      await claimJob(appAt(t0 + minutes(5)), running.id);

      const sweepAt = t0 + JOB_LEASE_MS + minutes(1);
      const sweep = (at: number) =>
        worker.scheduled(
          createScheduledController({ cron: "*/10 * * * *", scheduledTime: at }),
          {
            ...env,
            FINANCE_REPORT_QUEUE: queue as unknown as Queue<unknown>,
            BENCHMARKING_QUEUE: queue as unknown as Queue<unknown>,
          },
          createExecutionContext(),
        );
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await sweep(sweepAt);
      const sentIds = () =>
        queue.sendBatch.mock.calls.flatMap((call) =>
          (call as unknown as [{ body: { jobId: string } }[]])[0].map((m) => m.body.jobId),
        );
      expect(sentIds()).toEqual(expect.arrayContaining([dead.id, lost.id]));
      expect(sentIds()).not.toContain(waiting.id);
      expect(sentIds()).not.toContain(running.id);
      // A second sweep within the lease sends none of them again.
      const sentBefore = sentIds().length;
      await sweep(sweepAt + minutes(1));
      expect(sentIds().slice(sentBefore)).not.toContain(dead.id);
      expect(sentIds().slice(sentBefore)).not.toContain(lost.id);

      // The messages the sweep sent run each job once; a duplicate finds it done.
      const { build, builders } = counting();
      for (const id of [dead.id, lost.id]) {
        expect(await deliver(appAt(sweepAt + minutes(2)), financeMessage(id), builders)).toMatchObject({ acked: true });
        expect(await deliver(appAt(sweepAt + minutes(3)), financeMessage(id), builders)).toMatchObject({ acked: true });
      }
      expect(build).toHaveBeenCalledTimes(2);
      expect(await jobById(dead.id)).toMatchObject({ status: "succeeded", attempts: 2 });
      expect(await jobById(lost.id)).toMatchObject({ status: "succeeded", attempts: 1 });
      expect(await jobById(waiting.id)).toMatchObject({ status: "queued" });
    });
  });

  it("marks dead-lettered jobs as failed and acknowledges the whole batch", async () => {
    const job = await businessWithJob();
    const batch = createMessageBatch("finance-report-dlq", [financeMessage(job.id), message("garbage")]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.ackAll).toBe(true);
    // What the user is told (the building screen and the dashboard show the job's lastError).
    expect(await jobById(job.id)).toMatchObject({ status: "failed", lastError: FINANCE_REPORT_FAILED_MESSAGE });
  });

  it("consumes the benchmarking queue and its dead-letter queue", async () => {
    const job = await businessWithJob("benchmarking");
    const msg = message({ v: 1, type: "benchmarking.build", jobId: job.id });
    const batch = createMessageBatch("benchmarking", [msg]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([msg.id]);
    expect(await jobById(job.id)).toMatchObject({ status: "failed" });

    const dlq = createMessageBatch("benchmarking-dlq", [msg]);
    const dlqCtx = createExecutionContext();
    await worker.queue(dlq, env, dlqCtx);
    expect((await getQueueResult(dlq, dlqCtx)).ackAll).toBe(true);
  });
});
