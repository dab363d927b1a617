import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  accountDeletions,
  auditEvents,
  businessInvitations,
  businessMembers,
  businesses,
  consultantTransfers,
  dataExports,
  deliveryItems,
  deliveryOutlines,
  emailOutbox,
  files,
  insightRequests,
  notifications,
  purchases,
  sessions,
  sowSignatures,
  users,
  threadMessages,
  threadReads,
} from "~db/schema";
import { DELETE_TEXTS, EXPORT_TEXTS } from "~/lib/privacy/privacy-copy";
import { createAppContext } from "~/server/load-context";
import type { PrivacyMessage } from "~/server/platform/queues.server";
import { encryptSecret } from "~/server/platform/token-crypto.server";
import { buildExport, claimExport } from "~/server/privacy/data-exports.server";
import { businessExportQueries, consultantExportQueries, NOT_EXPORTED } from "~/server/privacy/export-scope.server";
import { consumePrivacyMessages, resendStalledPrivacyWork } from "~/server/privacy/privacy-queue.server";
import worker from "../../../functions/worker";
import { createClient, signedInClient, signedInConsultant, signedInMember, type TestClient } from "../../factories";
import {
  createInsightRequestRow,
  createMatchRequestRow,
  createPurchaseRow,
  db,
  html,
  intuitEnv,
  ORIGIN,
  PASSWORD,
  SESSION_COOKIE,
  setStubSubscription,
  signIn,
  stripeEnv,
  stripeRequests,
  stubRequests,
  uniqueId,
} from "../helpers";
import { createSignedOutline } from "../helpers/deliverables";
import { createCandidateRow, createConsultant } from "../helpers/matching";
import { fakeQueue, type FakeQueue } from "../helpers/queues";
import { openThread } from "../conversations/thread-setup";

/**
 * Issue #38 item 5 (docs/decisions/069): a business's (and a consultant's) export, built on the
 * privacy queue into one ZIP, and the deletion. The Worker runs with a recording queue in place of
 * the privacy queue, so the real consumer never races a test; the tests deliver its messages.
 */

const minutes = (n: number) => n * 60_000;

type Env = typeof env;
const withPrivacyQueue = (queue: FakeQueue, base: object = env) =>
  ({ ...base, PRIVACY_QUEUE: queue as unknown as Queue<unknown> }) as Env;

/** The app at a time (default now) on `base` with a recording privacy queue. */
const appWith = (queue: FakeQueue = fakeQueue(), base: object = env, at?: number) =>
  createAppContext(withPrivacyQueue(queue, base), () => undefined, at === undefined ? undefined : () => new Date(at));

/** What a queue was sent, as privacy messages. */
const sentMessages = (queue: FakeQueue): PrivacyMessage[] =>
  queue.sendBatch.mock.calls.flatMap(([messages]) => messages.map((m) => m.body as PrivacyMessage));

/** Messages as the consumer receives them, each recording ack and retry. */
function delivery(bodies: PrivacyMessage[]) {
  return bodies.map((body) => ({
    id: crypto.randomUUID(),
    timestamp: new Date(),
    attempts: 1,
    body,
    ack: vi.fn(),
    retry: vi.fn(),
  }));
}
async function deliver(app: ReturnType<typeof appWith>, bodies: PrivacyMessage[]) {
  const messages = delivery(bodies);
  await consumePrivacyMessages(messages as unknown as Message<unknown>[], app);
  return messages;
}

/** A page post through the Worker entry, with the recording queue (and any env overrides). */
async function post(path: string, fields: Record<string, string>, token: string, queue: FakeQueue, base: object = env) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Cookie: `${SESSION_COOKIE}=${token}`,
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    withPrivacyQueue(queue, base),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function get(path: string, token: string) {
  const request = new Request(`${ORIGIN}${path}`, {
    headers: { Cookie: `${SESSION_COOKIE}=${token}` },
    redirect: "manual",
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * A business with something in most tables: a stored file (row and bytes), an insight request, a
 * match request, a payment, a notification, an audit event with an IP, a completed signed
 * engagement (paid out) with its statement of work in R2; its people with names of their own.
 */
async function populatedBusiness(client: TestClient) {
  const businessId = client.business.id;
  const tag = uniqueId("n").replace(/[^a-z0-9]/gi, "");
  const name = { first: `Ottilie${tag}`, last: `Quist${tag}`, business: `Harbor ${tag} Outfitters` };
  await db()
    .update(users)
    .set({ firstName: name.first, lastName: name.last, phone: "(555) 010-7788" })
    .where(eq(users.id, client.user.id));
  await db().update(businesses).set({ name: name.business }).where(eq(businesses.id, businessId));
  const fileKey = `biz/${businessId}/${crypto.randomUUID()}.pdf`;
  await env.FILES.put(fileKey, `%PDF-1.7 stock report of ${businessId}`);
  await db()
    .insert(files)
    .values({
      businessId,
      uploadedByUserId: client.user.id,
      r2Key: fileKey,
      originalName: "Q3 stock report.pdf",
      contentType: "application/pdf",
      sizeBytes: 10,
      sha256: "0".repeat(64),
      purpose: "company_document",
    });
  const insight = await createInsightRequestRow(businessId);
  const match = await createMatchRequestRow(businessId, { problemStatement: `Margins of ${name.business}` });
  const purchase = await createPurchaseRow(businessId, { paidAt: new Date() });
  await db()
    .insert(notifications)
    .values({ userId: client.user.id, businessId, kind: "insight_ready", title: "Ready", link: "/" });
  await db()
    .insert(auditEvents)
    .values({
      businessId,
      actorUserId: client.user.id,
      actorKind: "client",
      action: "user.personal_updated",
      subjectType: "user",
      subjectId: client.user.id,
      detail: { firstName: ["Test", name.first] },
      ip: "203.0.113.9",
      userAgent: "Firefox",
    });
  const consultant = await createConsultant();
  const engagement = await createSignedOutline(businessId, consultant.user.id, {
    outline: { complete: true, completedAt: new Date(), businessSignature: `${name.first} ${name.last}` },
    items: [{ status: "approved", paidPurchaseId: purchase.id }],
  });
  const item = engagement.items[0]!;
  await db().insert(consultantTransfers).values({
    itemId: item.id,
    outlineId: engagement.outline.id,
    businessId,
    consultantUserId: consultant.user.id,
    purchaseId: purchase.id,
    chargedCents: 150_000,
    feeCents: 15_000,
    amountCents: 135_000,
    status: "paid",
  });
  const sowKey = `sow/${engagement.outline.id}/v1-${"a".repeat(16)}.pdf`;
  await env.FILES.put(sowKey, `%PDF-1.7 statement of work of ${businessId}`);
  await db()
    .insert(sowSignatures)
    .values({
      outlineId: engagement.outline.id,
      businessId,
      outlineVersion: 1,
      signerUserId: client.user.id,
      signerName: `${name.first} ${name.last}`,
      signatureDate: "2026-10-20",
      signedAt: new Date(),
      ipAddress: "203.0.113.9",
      userAgent: "Firefox",
      pdfKey: sowKey,
      pdfSha256: "a".repeat(64),
      pdfSize: 40,
    });
  // The engagement's conversation (docs/decisions/072): a message naming the owner, read marks.
  const thread = await createCandidateRow(engagement.outline.matchRequestId, businessId, consultant.user.id, {
    status: "accepted",
    businessDecisionStatus: "accepted",
  });
  await db()
    .insert(threadMessages)
    .values({
      threadId: thread.id,
      businessId,
      authorId: client.user.id,
      authorParty: "business",
      body: `Hello, ${name.first} ${name.last} here; call (555) 010-7788.`,
    });
  await db().insert(threadReads).values({ threadId: thread.id, userId: client.user.id, readAt: new Date() });
  // A colleague invited and not joined yet: their address is the business's too.
  const invitedEmail = `invited-${tag}@example.test`.toLowerCase();
  await db()
    .insert(businessInvitations)
    .values({
      id: crypto.randomUUID(),
      businessId,
      email: invitedEmail,
      role: "member",
      tokenHash: uniqueId("hash"),
      invitedById: client.user.id,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  return { businessId, name, fileKey, sowKey, insight, match, purchase, consultant, engagement, invitedEmail };
}

/** Every row of every table, as text, table by table. */
async function wholeDatabase(): Promise<Map<string, string[]>> {
  const tables = (
    await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{
      name: string;
    }>()
  ).results.map((row) => row.name);
  const results = await env.DB.batch(tables.map((table) => env.DB.prepare(`SELECT * FROM "${table}"`)));
  return new Map(tables.map((table, index) => [table, results[index]!.results.map((row) => JSON.stringify(row))]));
}

/** The rows an export of the business would hold, straight from D1: what "untouched" is checked against. */
async function businessRows(businessId: string) {
  const queries = businessExportQueries(businessId);
  return Promise.all(queries.map((entry) => db().all(entry.query)));
}

async function r2Keys(prefix: string) {
  return (await env.FILES.list({ prefix })).objects.map((object) => object.key);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("what an export holds", () => {
  it("names every table of the database: exported for a business or a consultant, or listed with its reason", async () => {
    const tables = (
      await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()
    ).results.map((row) => row.name);
    const exported = new Set([
      ...businessExportQueries("x").map((entry) => entry.name),
      ...consultantExportQueries("x").map((entry) => entry.name),
    ]);
    const unclassified = tables.filter((table) => !exported.has(table) && !(table in NOT_EXPORTED));
    expect(unclassified).toEqual([]);
    for (const table of exported) expect(tables).toContain(table);
  });
});

describe("a business's export", () => {
  it("builds one ZIP with every row and file of the business and nothing of another; emails the link; the link works for the owner only, for 7 days", async () => {
    const ownerA = await signedInClient();
    const ownerB = await createClient();
    const a = await populatedBusiness(ownerA);
    const b = await populatedBusiness(ownerB);
    // A consultant's message with a file in a thread the business does not see yet (before their
    // yes): neither is the business's to export (docs/decisions/076).
    const early = await createConsultant();
    const unseen = await openThread(a.businessId, early.user.id, { state: { status: "proposed" }, responded: false });
    const earlyMessage = crypto.randomUUID();
    await db().insert(threadMessages).values({
      id: earlyMessage,
      threadId: unseen.id,
      businessId: a.businessId,
      authorId: early.user.id,
      authorParty: "consultant",
      body: "Before yes: a question for the manager.",
    });
    const earlyKey = `biz/${a.businessId}/${crypto.randomUUID()}.pdf`;
    await env.FILES.put(earlyKey, "%PDF-1.7 not the business's yet");
    await db()
      .insert(files)
      .values({
        businessId: a.businessId,
        uploadedByUserId: early.user.id,
        r2Key: earlyKey,
        originalName: "before-yes.pdf",
        contentType: "application/pdf",
        sizeBytes: 31,
        sha256: "0".repeat(64),
        purpose: "thread_message",
        threadMessageId: earlyMessage,
      });
    const queue = fakeQueue();

    const response = await post("/company-profile/export", {}, ownerA.token, queue);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/company-profile?tab=account#your-data");
    const sent = sentMessages(queue);
    expect(sent).toHaveLength(1);
    const exportId = (sent[0] as { exportId: string }).exportId;

    // The screen shows it waiting, with a Refresh link for a browser without JavaScript.
    const page = await (await get("/company-profile?tab=account", ownerA.token)).text();
    expect(page).toContain(html("Waiting to start…"));
    expect(page).toContain(EXPORT_TEXTS.refresh);

    // What the export must hold: the business's rows when it was asked for.
    const expectedRows = await businessRows(a.businessId);
    const [message] = await deliver(appWith(), sent);
    expect(message!.ack).toHaveBeenCalled();
    const row = await db().select().from(dataExports).where(eq(dataExports.id, exportId)).get();
    expect(row).toMatchObject({ status: "ready", progress: 100, businessId: a.businessId });
    expect(row!.expiresAt!.getTime() - row!.finishedAt!.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const zip = unzipSync(new Uint8Array(await (await env.FILES.get(row!.r2Key!))!.arrayBuffer()));
    const names = Object.keys(zip);
    // Every row of the business, table by table, exactly.
    for (const [index, entry] of businessExportQueries(a.businessId).entries()) {
      const expected = expectedRows[index] as { id?: string; user_id?: string }[];
      const got = JSON.parse(strFromU8(zip[`data/${entry.name}.json`]!)) as { id?: string; user_id?: string }[];
      expect(got.map((r) => r.id ?? r.user_id).sort(), entry.name).toEqual(
        expected.map((r) => r.id ?? r.user_id).sort(),
      );
      expect(names).toContain(`data/${entry.name}.csv`);
    }
    expect(JSON.parse(strFromU8(zip["data/files.json"]!))).toHaveLength(1);
    expect(JSON.parse(strFromU8(zip["data/sow_signatures.json"]!))).toHaveLength(1);
    // The open invitation, without its link's secret.
    const invitations = JSON.parse(strFromU8(zip["data/business_invitations.json"]!)) as Record<string, unknown>[];
    expect(invitations).toMatchObject([{ email: a.invitedEmail, role: "member" }]);
    expect(Object.keys(invitations[0]!)).not.toContain("token_hash");
    // Every file: the upload and the signed statement of work.
    const fileNames = names.filter((name) => name.startsWith("files/"));
    expect(fileNames.sort()).toEqual(
      [`files/${a.fileKey.slice(`biz/${a.businessId}/`.length)}`, `files/${a.sowKey}`].sort(),
    );
    expect(strFromU8(zip[fileNames.find((n) => n.includes("sow/"))!]!)).toContain(a.businessId);
    // Nothing of the other business, anywhere, and no secret.
    const everything = names.map((name) => strFromU8(zip[name]!)).join("\n");
    for (const foreign of [
      "Before yes: a question for the manager.",
      "before-yes.pdf",
      "not the business's yet",
      b.businessId,
      ownerB.user.id,
      ownerB.user.email,
      b.name.first,
      b.name.business,
      b.match.id,
    ]) {
      expect(everything).not.toContain(foreign);
    }
    expect(everything).not.toContain("password_hash");
    expect(everything).toContain(a.name.business);

    // The email with the link.
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, ownerA.user.email));
    const ready = mail.find((m) => m.kind === "data_export_ready");
    expect(ready?.subject).toBe(EXPORT_TEXTS.emailSubject);
    expect(ready?.textBody).toContain(`/exports/${exportId}`);

    // The download: the owner gets the ZIP; another business's owner a 404; an admin of A a 403.
    const download = await get(`/exports/${exportId}`, ownerA.token);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/zip");
    expect(download.headers.get("Content-Disposition")).toContain("attachment");
    await download.arrayBuffer();
    const other = await signedInClient();
    expect((await get(`/exports/${exportId}`, other.token)).status).toBe(404);
    const admin = await signedInMember(a.businessId, "admin");
    expect((await get(`/exports/${exportId}`, admin.token)).status).toBe(403);
    expect((await get(`/exports/${exportId}`, "no-session")).status).toBe(302);

    // The page now links it.
    expect(await (await get("/company-profile?tab=account", ownerA.token)).text()).toContain(`/exports/${exportId}`);

    // After 7 days: expired, said plainly.
    await db()
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, exportId));
    const expired = await get(`/exports/${exportId}`, ownerA.token);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(html(EXPORT_TEXTS.expired));
  });

  it("makes one export and one build of a double click", async () => {
    const owner = await signedInClient();
    const queue = fakeQueue();
    const answers = await Promise.all([
      post("/company-profile/export", {}, owner.token, queue),
      post("/company-profile/export", {}, owner.token, queue),
    ]);
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    const rows = await db().select().from(dataExports).where(eq(dataExports.businessId, owner.business.id));
    expect(rows).toHaveLength(1);
    expect(sentMessages(queue)).toHaveLength(1);
    const requested = await db()
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.businessId} = ${owner.business.id} AND ${auditEvents.action} = 'data.export_requested'`);
    expect(requested).toHaveLength(1);
    // A member, an admin or a viewer cannot ask (owner only).
    const admin = await signedInMember(owner.business.id, "admin");
    expect((await post("/company-profile/export", {}, admin.token, queue)).status).toBe(403);
  });

  it("runs again when its worker died: the lease sweep sends it again and the next delivery builds it", async () => {
    const owner = await signedInClient();
    await populatedBusiness(owner);
    const start = Date.now();
    const queue = fakeQueue();
    await post("/company-profile/export", {}, owner.token, queue);
    const [sent] = sentMessages(queue);
    const exportId = (sent as { exportId: string }).exportId;
    // A worker claims it and dies.
    expect(await claimExport(appWith(fakeQueue(), env, start), exportId)).toHaveProperty("claimed");
    // A redelivery inside the lease is told to come back after it.
    const [early] = await deliver(appWith(fakeQueue(), env, start + minutes(5)), [sent!]);
    expect(early!.retry).toHaveBeenCalledWith({ delaySeconds: expect.any(Number) });
    expect((await db().select().from(dataExports).where(eq(dataExports.id, exportId)).get())?.status).toBe("building");
    // The sweep after the lease sends it again, once.
    const sweepQueue = fakeQueue();
    const later = appWith(sweepQueue, env, start + minutes(11));
    expect(await resendStalledPrivacyWork(later)).toBeGreaterThanOrEqual(1);
    expect(sentMessages(sweepQueue)).toContainEqual({ v: 1, type: "data-export.build", exportId });
    const again = fakeQueue();
    await resendStalledPrivacyWork(appWith(again, env, start + minutes(12)));
    expect(sentMessages(again)).not.toContainEqual({ v: 1, type: "data-export.build", exportId });
    const [taken] = await deliver(later, [sent!]);
    expect(taken!.ack).toHaveBeenCalled();
    expect(await db().select().from(dataExports).where(eq(dataExports.id, exportId)).get()).toMatchObject({
      status: "ready",
      attempts: 2,
    });
  });
});

describe("a large export, streamed", () => {
  const MiB = 1024 * 1024;

  /** Incompressible bytes (crypto.getRandomValues gives at most 64 KiB a call). */
  function randomBytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let at = 0; at < length; at += 65_536) crypto.getRandomValues(out.subarray(at, Math.min(at + 65_536, length)));
    return out;
  }
  // Every array here is over a plain ArrayBuffer (made here or by fflate), never a shared one.
  const sha256 = async (bytes: Uint8Array) =>
    [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>))]
      .map((byte) => byte.toString(16).padStart(2, "0"))
      .join("");

  /** About 12 MiB of files in the business's R2 prefix: the ZIP needs three parts of 5 MiB. */
  async function largeFiles(businessId: string) {
    const sizes = { "large-1.bin": 6 * MiB + 123, "docs/large-2.pdf": 4 * MiB + 7, "large-3.jpg": 2 * MiB };
    const stored = new Map<string, string>();
    for (const [name, size] of Object.entries(sizes)) {
      const bytes = randomBytes(size);
      await env.FILES.put(`biz/${businessId}/${name}`, bytes);
      stored.set(`files/${name}`, await sha256(bytes));
    }
    return stored;
  }

  /** The files of a ZIP in R2 as name → SHA-256, and its other entries' names. */
  async function zipFiles(key: string) {
    const object = await env.FILES.get(key);
    expect(object, key).not.toBeNull();
    const zip = unzipSync(new Uint8Array(await object!.arrayBuffer()));
    const hashes = new Map<string, string>();
    for (const [name, bytes] of Object.entries(zip)) {
      if (name.startsWith("files/")) hashes.set(name, await sha256(bytes));
    }
    return { hashes, names: Object.keys(zip), zip };
  }

  /**
   * The R2 bucket as the Worker has it, with what crosses it recorded: multipart uploads (parts
   * and aborts); `breakAfterFirstChunk` makes reading that object fail after its first chunk, as a
   * lost connection to R2 does.
   */
  function recordingBucket(breakAfterFirstChunk?: string) {
    const real = env.FILES;
    const uploads: { key: string; uploadId: string; parts: number; aborted: boolean; completed: boolean }[] = [];
    const bucket = {
      head: (key: string) => real.head(key),
      put: (
        key: string,
        value: string | ArrayBuffer | ArrayBufferView | ReadableStream | null,
        options?: R2PutOptions,
      ) => real.put(key, value, options),
      delete: (keys: string | string[]) => real.delete(keys),
      list: (options?: R2ListOptions) => real.list(options),
      resumeMultipartUpload: (key: string, uploadId: string) => real.resumeMultipartUpload(key, uploadId),
      async get(key: string, options?: R2GetOptions) {
        const object = await real.get(key, options);
        if (!object || key !== breakAfterFirstChunk) return object;
        const reader = object.body.getReader();
        let first = true;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (first) {
              first = false;
              const { value } = await reader.read();
              controller.enqueue(value as Uint8Array);
              return;
            }
            await reader.cancel();
            controller.error(new Error("Network connection lost."));
          },
        });
        return { key: object.key, size: object.size, body } as unknown as R2ObjectBody;
      },
      async createMultipartUpload(key: string, options?: R2MultipartOptions) {
        const upload = await real.createMultipartUpload(key, options);
        const record = { key, uploadId: upload.uploadId, parts: 0, aborted: false, completed: false };
        uploads.push(record);
        return {
          key: upload.key,
          uploadId: upload.uploadId,
          async uploadPart(partNumber: number, value: Uint8Array) {
            const part = await upload.uploadPart(partNumber, value);
            record.parts++;
            return part;
          },
          async abort() {
            await upload.abort();
            record.aborted = true;
          },
          async complete(parts: R2UploadedPart[]) {
            const object = await upload.complete(parts);
            record.completed = true;
            return object;
          },
        };
      },
    };
    return { bucket: bucket as unknown as R2Bucket, uploads };
  }

  const readyMails = async (email: string) =>
    (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter(
      (mail) => mail.kind === "data_export_ready",
    );

  it("writes ~12 MiB of files through a multipart upload of several parts; the ZIP holds exactly the same files and bytes", async () => {
    const owner = await signedInClient();
    const expected = await largeFiles(owner.business.id);
    const queue = fakeQueue();
    expect((await post("/company-profile/export", {}, owner.token, queue)).status).toBe(302);
    const recorded = recordingBucket();
    const [message] = await deliver(appWith(fakeQueue(), { ...env, FILES: recorded.bucket }), sentMessages(queue));
    expect(message!.ack).toHaveBeenCalled();

    const row = await db().select().from(dataExports).where(eq(dataExports.businessId, owner.business.id)).get();
    expect(row).toMatchObject({ status: "ready", progress: 100, attempts: 1 });
    expect(row!.r2Key).toBe(`exports/biz/${owner.business.id}/${row!.id}-1.zip`);
    // Three parts of 5 MiB (the last smaller), completed once; R2's ETag of a multipart object says so.
    expect(recorded.uploads).toEqual([
      { key: row!.r2Key, uploadId: expect.any(String), parts: 3, aborted: false, completed: true },
    ]);
    const head = await env.FILES.head(row!.r2Key!);
    expect(head!.etag).toMatch(/-3$/);
    expect(head!.size).toBe(row!.sizeBytes);
    expect(head!.httpMetadata?.contentType).toBe("application/zip");

    const { hashes, names } = await zipFiles(row!.r2Key!);
    expect(hashes).toEqual(expected);
    // The records and the README as ever.
    for (const entry of businessExportQueries(owner.business.id)) {
      expect(names).toContain(`data/${entry.name}.json`);
      expect(names).toContain(`data/${entry.name}.csv`);
    }
    expect(names.at(-1)).toBe("README.txt");
    expect(await readyMails(owner.user.email)).toHaveLength(1);
  }, 60_000);

  it("aborts the multipart upload when reading a file fails half-way; the retry builds it once, under its own key", async () => {
    const owner = await signedInClient();
    const expected = await largeFiles(owner.business.id);
    const queue = fakeQueue();
    await post("/company-profile/export", {}, owner.token, queue);
    const sent = sentMessages(queue);
    vi.spyOn(console, "error").mockImplementation(() => undefined);

    // The second file's read fails after the first file filled a part: the upload is aborted.
    const broken = recordingBucket(`biz/${owner.business.id}/large-3.jpg`);
    const [first] = await deliver(appWith(fakeQueue(), { ...env, FILES: broken.bucket }), sent);
    expect(first!.retry).toHaveBeenCalled();
    expect(first!.ack).not.toHaveBeenCalled();
    const failed = await db().select().from(dataExports).where(eq(dataExports.businessId, owner.business.id)).get();
    expect(failed).toMatchObject({ status: "queued", attempts: 1, r2Key: null, lastError: "Network connection lost." });
    expect(broken.uploads).toHaveLength(1);
    const [aborted] = broken.uploads;
    expect(aborted).toMatchObject({ aborted: true, completed: false });
    expect(aborted!.parts).toBeGreaterThanOrEqual(1);
    // Aborted in R2 itself: the upload takes no more parts, and no object was written.
    await expect(
      env.FILES.resumeMultipartUpload(aborted!.key, aborted!.uploadId).uploadPart(9, "late"),
    ).rejects.toThrow();
    expect(await r2Keys(`exports/biz/${owner.business.id}/`)).toEqual([]);
    expect(await readyMails(owner.user.email)).toEqual([]);

    // The retry builds it.
    const [again] = await deliver(appWith(), sent);
    expect(again!.ack).toHaveBeenCalled();
    const row = await db().select().from(dataExports).where(eq(dataExports.businessId, owner.business.id)).get();
    expect(row).toMatchObject({ status: "ready", attempts: 2, lastError: null });
    expect(await r2Keys(`exports/biz/${owner.business.id}/`)).toEqual([row!.r2Key]);
    expect((await zipFiles(row!.r2Key!)).hashes).toEqual(expected);
    expect(await readyMails(owner.user.email)).toHaveLength(1);
  }, 60_000);

  it("an attempt that outlived its lease finishes after the one that took over: its ZIP goes, the export stays the other's, one email", async () => {
    const owner = await signedInClient();
    await env.FILES.put(`biz/${owner.business.id}/report.pdf`, "%PDF-1.7 the report");
    const start = Date.now();
    const queue = fakeQueue();
    await post("/company-profile/export", {}, owner.token, queue);
    const exportId = (sentMessages(queue)[0] as { exportId: string }).exportId;
    const slow = await claimExport(appWith(fakeQueue(), env, start), exportId);
    const taken = await claimExport(appWith(fakeQueue(), env, start + minutes(11)), exportId);
    if (!("claimed" in slow) || !("claimed" in taken)) throw new Error("both attempts should have claimed it");
    await buildExport(appWith(fakeQueue(), env, start + minutes(11)), taken.claimed);
    await buildExport(appWith(fakeQueue(), env, start + minutes(12)), slow.claimed);

    const row = await db().select().from(dataExports).where(eq(dataExports.id, exportId)).get();
    expect(row).toMatchObject({
      status: "ready",
      attempts: 2,
      r2Key: `exports/biz/${owner.business.id}/${exportId}-2.zip`,
    });
    expect(await r2Keys(`exports/biz/${owner.business.id}/`)).toEqual([row!.r2Key]);
    expect((await zipFiles(row!.r2Key!)).names).toContain("files/report.pdf");
    expect(await readyMails(owner.user.email)).toHaveLength(1);
  });
});

describe("a business's deletion", () => {
  it("is refused with the reason while an engagement is under way, or money is held; and with a wrong password; nothing changes", async () => {
    const owner = await signedInClient();
    const consultant = await createConsultant();
    const queue = fakeQueue();
    // A wrong password.
    const wrong = await post("/company-profile/delete", { password: "not-it" }, owner.token, queue);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(html(DELETE_TEXTS.wrongPassword));
    // An engagement signed and not completed.
    const running = await createSignedOutline(owner.business.id, consultant.user.id);
    const underway = await post("/company-profile/delete", { password: PASSWORD }, owner.token, queue);
    expect(underway.status).toBe(409);
    expect(await underway.text()).toContain(html(DELETE_TEXTS.engagementUnderway));
    expect(await (await get("/company-profile/delete", owner.token)).text()).toContain(
      html(DELETE_TEXTS.engagementUnderway),
    );
    // Completed, but a prepaid deliverable not yet paid out.
    await db().update(deliveryOutlines).set({ complete: true }).where(eq(deliveryOutlines.id, running.outline.id));
    const purchase = await createPurchaseRow(owner.business.id, { paidAt: new Date() });
    await db()
      .update(deliveryItems)
      .set({ paidPurchaseId: purchase.id })
      .where(eq(deliveryItems.id, running.items[0]!.id));
    const held = await post("/company-profile/delete", { password: PASSWORD }, owner.token, queue);
    expect(held.status).toBe(409);
    expect(await held.text()).toContain(html(DELETE_TEXTS.moneyHeld));
    // Nothing changed: no deletion, no message, the session alive, the business as it was.
    expect(
      await db().select().from(accountDeletions).where(eq(accountDeletions.businessId, owner.business.id)),
    ).toEqual([]);
    expect(sentMessages(queue)).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, owner.user.id))).toHaveLength(1);
    expect((await get("/company-profile?tab=account", owner.token)).status).toBe(200);
  });

  it("erases the business's people and data, keeps what the law requires without personal data, once under a race; the other business is untouched", async () => {
    const owner = await signedInClient();
    const a = await populatedBusiness(owner);
    const admin = await signedInMember(a.businessId, "admin");
    // An outside accountant who belongs to another business as well: kept, only the membership goes.
    const other = await createClient();
    const b = await populatedBusiness(other);
    const accountant = await signedInMember(a.businessId, "viewer");
    await db().insert(businessMembers).values({ businessId: b.businessId, userId: accountant.user.id, role: "viewer" });
    const bBefore = await businessRows(b.businessId);
    const bKeysBefore = await r2Keys(`biz/${b.businessId}/`);

    // A subscription at Stripe and a real QuickBooks connection.
    const subscriptionId = uniqueId("sub_delete");
    await setStubSubscription(subscriptionId, {
      status: "active",
      customer: uniqueId("cus"),
      lookup_key: "premium_monthly",
    });
    await db()
      .update(businesses)
      .set({ subscriptionId, subscriptionStatus: "active", memberTier: "PREMIUM" })
      .where(eq(businesses.id, a.businessId));
    const base = intuitEnv(stripeEnv());
    const app = appWith(fakeQueue(), base);
    const refreshToken = `rt-${uniqueId("delete")}`;
    await env.DB.prepare(
      "INSERT INTO accounting_connections (id, business_id, provider, realm_id, access_token_ciphertext, access_token_expires_at, refresh_token_ciphertext, refresh_token_expires_at, status, connected_at, created_at, updated_at) VALUES (?, ?, 'quickbooks', ?, ?, ?, ?, ?, 'connected', ?, ?, ?)",
    )
      .bind(
        crypto.randomUUID(),
        a.businessId,
        "ok-realm-delete",
        await encryptSecret(app, "at-x"),
        Date.now() + 3_600_000,
        await encryptSecret(app, refreshToken),
        Date.now() + 86_400_000,
        Date.now(),
        Date.now(),
        Date.now(),
      )
      .run();

    // Two deletions at once: one recorded, one message.
    const queue = fakeQueue();
    const answers = await Promise.all([
      post("/company-profile/delete", { password: PASSWORD }, owner.token, queue, base),
      post("/company-profile/delete", { password: PASSWORD }, owner.token, queue, base),
    ]);
    for (const answer of answers) {
      expect([302, 400]).toContain(answer.status);
    }
    expect(answers.some((answer) => answer.headers.get("Location") === "/login?deleted=business")).toBe(true);
    const sent = sentMessages(queue);
    expect(sent).toHaveLength(1);
    expect(
      await db().select().from(accountDeletions).where(eq(accountDeletions.businessId, a.businessId)),
    ).toHaveLength(1);
    // At once: every member's sessions are gone and the accounts to erase are closed.
    expect((await get("/company-profile", admin.token)).status).toBe(302);
    expect((await signIn(owner.user.email)).status).not.toBe(200);

    // The job, delivered twice (queues are at-least-once): it runs once.
    await deliver(appWith(fakeQueue(), base), sent);
    await deliver(appWith(fakeQueue(), base), sent);
    expect(
      await db().select().from(accountDeletions).where(eq(accountDeletions.businessId, a.businessId)).get(),
    ).toMatchObject({
      status: "deleted",
    });
    const cancels = (await stripeRequests()).filter(
      (request) => request.method === "DELETE" && request.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancels).toHaveLength(1);
    const revokes = (await stubRequests()).filter(
      (request) => request.path.endsWith("/v2/oauth2/tokens/revoke") && request.body.includes(refreshToken),
    );
    expect(revokes).toHaveLength(1);

    // No personal data of the business's people left anywhere in D1, beyond what is listed as kept:
    // the signer's name on the signed statement of work (and the plan's typed signature).
    const kept = new Set(["sow_signatures", "delivery_outlines"]);
    const personal = [
      owner.user.email,
      admin.user.email,
      a.invitedEmail,
      a.name.last,
      a.name.business,
      "(555) 010-7788",
      "203.0.113.9",
    ];
    for (const [table, rows] of await wholeDatabase()) {
      const aRows = rows.filter(
        (row) => row.includes(a.businessId) || row.includes(owner.user.id) || row.includes(admin.user.id),
      );
      for (const value of personal) {
        const found = aRows.filter((row) => row.includes(value));
        if (kept.has(table) && value === a.name.last) continue;
        expect(found, `${table} still holds ${value}`).toEqual([]);
      }
      // Nor the addresses anywhere (an email in the outbox names no business).
      expect(
        rows.filter((row) => row.includes(owner.user.email) || row.includes(admin.user.email)),
        table,
      ).toEqual([]);
    }
    // Kept: the payment, the signed statement of work (row and PDF), the transfer, the tombstone.
    expect(await db().select().from(sowSignatures).where(eq(sowSignatures.businessId, a.businessId))).toMatchObject([
      { signerName: `${a.name.first} ${a.name.last}`, ipAddress: null, userAgent: null },
    ]);
    expect(await r2Keys(`sow/${a.engagement.outline.id}/`)).toEqual([a.sowKey]);
    expect(
      await db().select().from(consultantTransfers).where(eq(consultantTransfers.businessId, a.businessId)),
    ).toHaveLength(1);
    expect(await db().select().from(purchases).where(eq(purchases.businessId, a.businessId))).toHaveLength(1);
    expect(await db().select().from(businesses).where(eq(businesses.id, a.businessId)).get()).toMatchObject({
      name: "Deleted business",
      city: "",
      subscriptionStatus: "canceled",
    });
    // Gone: files (rows and bytes), requests, notifications, memberships.
    expect(await r2Keys(`biz/${a.businessId}/`)).toEqual([]);
    expect(await db().select().from(files).where(eq(files.businessId, a.businessId))).toEqual([]);
    expect(await db().select().from(insightRequests).where(eq(insightRequests.businessId, a.businessId))).toEqual([]);
    expect(await db().select().from(businessMembers).where(eq(businessMembers.businessId, a.businessId))).toEqual([]);
    // The people: anonymous closed rows.
    expect(await db().select().from(users).where(eq(users.id, owner.user.id)).get()).toMatchObject({
      email: `deleted-${owner.user.id}@deleted.invalid`,
      firstName: "Deleted",
      lastName: "user",
      phone: "",
    });
    // The accountant keeps their account and their other business.
    expect(await db().select().from(users).where(eq(users.id, accountant.user.id)).get()).toMatchObject({
      email: accountant.user.email,
      deactivatedAt: null,
    });
    expect(
      await db().select().from(businessMembers).where(eq(businessMembers.userId, accountant.user.id)),
    ).toMatchObject([{ businessId: b.businessId }]);
    // The audit trail: kept, without IPs or user agents, and it says the business was deleted.
    const trail = await db().select().from(auditEvents).where(eq(auditEvents.businessId, a.businessId));
    expect(trail.filter((event) => event.ip !== null || event.userAgent !== null)).toEqual([]);
    expect(trail.filter((event) => event.action === "business.deleted")).toHaveLength(1);
    expect(trail.filter((event) => event.action === "business.deletion_requested")).toHaveLength(1);
    // Still append-only for every other business.
    await expect(
      env.DB.prepare("UPDATE audit_events SET ip = NULL WHERE business_id = ?").bind(b.businessId).run(),
    ).rejects.toThrow(/append-only/);
    // The other business: untouched.
    expect(await businessRows(b.businessId)).toEqual(bBefore);
    expect(await r2Keys(`biz/${b.businessId}/`)).toEqual(bKeysBefore);
  });

  it("finishes a deletion that failed half-way, without cancelling twice", async () => {
    const owner = await signedInClient();
    await populatedBusiness(owner);
    const subscriptionId = uniqueId("sub_resume");
    await setStubSubscription(subscriptionId, {
      status: "active",
      customer: uniqueId("cus"),
      lookup_key: "premium_monthly",
    });
    await db()
      .update(businesses)
      .set({ subscriptionId, subscriptionStatus: "active" })
      .where(eq(businesses.id, owner.business.id));
    const base = intuitEnv(stripeEnv());
    const app = appWith(fakeQueue(), base);
    await env.DB.prepare(
      "INSERT INTO accounting_connections (id, business_id, provider, realm_id, access_token_ciphertext, access_token_expires_at, refresh_token_ciphertext, refresh_token_expires_at, status, connected_at, created_at, updated_at) VALUES (?, ?, 'quickbooks', 'ok-realm-resume', ?, ?, ?, ?, 'connected', ?, ?, ?)",
    )
      .bind(
        crypto.randomUUID(),
        owner.business.id,
        await encryptSecret(app, "at-y"),
        Date.now() + 3_600_000,
        await encryptSecret(app, "rt-resume"),
        Date.now() + 86_400_000,
        Date.now(),
        Date.now(),
        Date.now(),
      )
      .run();
    const queue = fakeQueue();
    expect((await post("/company-profile/delete", { password: PASSWORD }, owner.token, queue, base)).status).toBe(302);
    const sent = sentMessages(queue);
    // Intuit's revoke endpoint is down: the job stops after the cancel, and is retried.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = appWith(fakeQueue(), { ...base, INTUIT_REVOKE_URL: `${base.INTUIT_REVOKE_URL}-missing` });
    const [first] = await deliver(broken, sent);
    expect(first!.retry).toHaveBeenCalled();
    const half = await db()
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.businessId, owner.business.id))
      .get();
    expect(half).toMatchObject({ status: "deleting", quickbooksRevokedAt: null });
    expect(half!.subscriptionCancelledAt).not.toBeNull();
    // The retry finishes it: no second cancel.
    await deliver(appWith(fakeQueue(), base), sent);
    expect(
      await db().select().from(accountDeletions).where(eq(accountDeletions.businessId, owner.business.id)).get(),
    ).toMatchObject({
      status: "deleted",
    });
    const cancels = (await stripeRequests()).filter(
      (request) => request.method === "DELETE" && request.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancels).toHaveLength(1);
  });
});

describe("a consultant's own account", () => {
  it("exports it, is refused while a payout is held, and deletes it", async () => {
    const consultant = await signedInConsultant();
    const photoKey = `consultants/${consultant.user.id}/photo-1.jpg`;
    await env.FILES.put(photoKey, "jpeg bytes");
    const queue = fakeQueue();
    expect((await post("/consultant/settings/export", {}, consultant.token, queue)).status).toBe(302);
    const sent = sentMessages(queue);
    expect(sent).toHaveLength(1);
    await deliver(appWith(), sent);
    const row = await db().select().from(dataExports).where(eq(dataExports.userId, consultant.user.id)).get();
    expect(row?.status).toBe("ready");
    const zip = unzipSync(new Uint8Array(await (await env.FILES.get(row!.r2Key!))!.arrayBuffer()));
    expect(Object.keys(zip)).toContain("files/photo-1.jpg");
    expect(JSON.parse(strFromU8(zip["data/users.json"]!))).toMatchObject([{ email: consultant.user.email }]);

    // A payout on hold stops the deletion.
    const client = await createClient();
    const engagement = await createSignedOutline(client.business.id, consultant.user.id, {
      outline: { complete: true },
    });
    const purchase = await createPurchaseRow(client.business.id, { paidAt: new Date() });
    const transfer = {
      id: crypto.randomUUID(),
      itemId: engagement.items[0]!.id,
      outlineId: engagement.outline.id,
      businessId: client.business.id,
      consultantUserId: consultant.user.id,
      purchaseId: purchase.id,
      chargedCents: 100,
      feeCents: 10,
      amountCents: 90,
      status: "held" as const,
    };
    await db().insert(consultantTransfers).values(transfer);
    const held = await post("/consultant/settings/delete", { password: PASSWORD }, consultant.token, queue);
    expect(held.status).toBe(409);
    expect(await held.text()).toContain(html(DELETE_TEXTS.consultantPayoutHeld));
    await db().update(consultantTransfers).set({ status: "paid" }).where(eq(consultantTransfers.id, transfer.id));

    // A file they attached to a message goes with their message; the business's own attachment stays.
    const thread = await openThread(client.business.id, consultant.user.id);
    const attached = [
      {
        authorId: consultant.user.id,
        party: "consultant" as const,
        key: `biz/${client.business.id}/${crypto.randomUUID()}.pdf`,
      },
      {
        authorId: client.user.id,
        party: "business" as const,
        key: `biz/${client.business.id}/${crypto.randomUUID()}.pdf`,
      },
    ];
    for (const file of attached) {
      const messageId = crypto.randomUUID();
      await db().insert(threadMessages).values({
        id: messageId,
        threadId: thread.id,
        businessId: client.business.id,
        authorId: file.authorId,
        authorParty: file.party,
        body: "The file.",
      });
      await env.FILES.put(file.key, "pdf bytes");
      await db()
        .insert(files)
        .values({
          businessId: client.business.id,
          uploadedByUserId: file.authorId,
          r2Key: file.key,
          originalName: "file.pdf",
          contentType: "application/pdf",
          sizeBytes: 9,
          sha256: "0".repeat(64),
          purpose: "thread_message",
          threadMessageId: messageId,
        });
    }

    const deleting = fakeQueue();
    const done = await post("/consultant/settings/delete", { password: PASSWORD }, consultant.token, deleting);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?deleted=account");
    // The login page says it, and only the known kinds say anything.
    expect(await (await get("/login?deleted=account", "no-session")).text()).toContain(
      html(DELETE_TEXTS.accountDeleted),
    );
    const crafted = await (await get("/login?deleted=%3Cb%3Eyour%20bank", "no-session")).text();
    expect(crafted).not.toContain(html(DELETE_TEXTS.accountDeleted));
    expect(crafted).not.toContain("your bank");
    await deliver(appWith(), sentMessages(deleting));
    expect(await db().select().from(users).where(eq(users.id, consultant.user.id)).get()).toMatchObject({
      email: `deleted-${consultant.user.id}@deleted.invalid`,
      firstName: "Deleted",
    });
    expect(await r2Keys(`consultants/${consultant.user.id}/`)).toEqual([]);
    const kept = await db().select({ r2Key: files.r2Key }).from(files).where(eq(files.businessId, client.business.id));
    expect(kept.map((file) => file.r2Key)).toEqual([attached[1]!.key]);
    expect(await env.FILES.head(attached[0]!.key)).toBeNull();
    expect(await env.FILES.head(attached[1]!.key)).not.toBeNull();
    // The payout stays (a payment the law requires to keep).
    expect(await db().select().from(consultantTransfers).where(eq(consultantTransfers.id, transfer.id))).toHaveLength(
      1,
    );
  });
});
