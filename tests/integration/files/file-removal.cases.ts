import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { files } from "~db/schema";
import { sweepUnlinkedFiles } from "~/server/files/sweep.server";
import worker from "../../../functions/worker";
import { call, db, appAt, create, payload, uploadPdf } from "../helpers";
import { signedInClient, signedInManager } from "../../factories";

const DELETE_FILE = "/api/file-handling/delete-file";
const REMOVED = "File removed.";
const LINKED = "This file is attached to a request and can't be removed.";
const NOT_FOUND = "File not found.";
const MONTHLY_CRON = "0 6 1 * *";
const DAY_MS = 24 * 60 * 60 * 1000;

const remove = (fileName: string, cookie?: string | null, method = "DELETE") =>
  call(`${DELETE_FILE}/${fileName}`, { method, cookie });

const keyOf = (businessId: string, fileName: string) => `biz/${businessId}/${fileName}`;

async function rowByKey(key: string) {
  return (await db().select().from(files).where(eq(files.r2Key, key)))[0] ?? null;
}

async function expectStored(key: string) {
  expect(await rowByKey(key)).not.toBeNull();
  expect(await env.FILES.head(key)).not.toBeNull();
}

async function expectGone(key: string) {
  expect(await rowByKey(key)).toBeNull();
  expect(await env.FILES.head(key)).toBeNull();
}

/** A client with a business, signed in, with one uploaded PDF. */
async function ownerWithFile() {
  const owner = await signedInClient();
  const fileName = await uploadPdf(owner.token);
  return { ...owner, businessId: owner.business.id, fileName, key: keyOf(owner.business.id, fileName) };
}

describe("DELETE /api/file-handling/delete-file/{fileName}", () => {
  it("removes an unlinked file of the caller's business: row and object; a repeat and get-file answer 404", async () => {
    const { token, fileName, key } = await ownerWithFile();
    await expectStored(key);

    const response = await remove(fileName, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ msg: REMOVED });
    await expectGone(key);

    const download = await call(`/api/file-handling/get-file/${fileName}`, { cookie: token });
    expect(download.status).toBe(404);
    expect(await download.json()).toEqual({ msg: NOT_FOUND });

    const repeat = await remove(fileName, token);
    expect(repeat.status).toBe(404);
    expect(await repeat.json()).toEqual({ msg: NOT_FOUND });
  });

  it("refuses a file attached to a request with 409 and keeps the row and the object", async () => {
    const { token, businessId, fileName, key } = await ownerWithFile();
    const created = await create(token, payload(businessId, { files: [fileName] }));
    expect(created.status).toBe(201);
    const linked = await rowByKey(key);
    expect(linked?.insightRequestId).toEqual(expect.any(String));

    const response = await remove(fileName, token);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ msg: LINKED });
    expect(await rowByKey(key)).toEqual(linked);
    expect(await env.FILES.head(key)).not.toBeNull();
    const download = await call(`/api/file-handling/get-file/${fileName}`, { cookie: token });
    expect(download.status).toBe(200);
  });

  it("answers 404 for another business's file and removes nothing", async () => {
    const { fileName, key } = await ownerWithFile();
    const other = await signedInClient();
    const response = await remove(fileName, other.token);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: NOT_FOUND });
    await expectStored(key);
  });

  it("answers 404 for a malformed or unknown name", async () => {
    const { token, key } = await ownerWithFile();
    for (const name of [
      "not-a-file.pdf",
      "..%2F..%2Fsecrets.pdf",
      `${crypto.randomUUID()}.exe`,
      `${crypto.randomUUID()}.pdf`,
    ]) {
      const response = await remove(name, token);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toEqual({ msg: NOT_FOUND });
    }
    await expectStored(key);
  });

  it("answers 401 without a session and 403 for staff, and removes nothing", async () => {
    const { fileName, key } = await ownerWithFile();
    let response = await remove(fileName, null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "You are not signed in." });

    const manager = await signedInManager();
    response = await remove(fileName, manager.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ msg: "Only business accounts can remove files." });
    await expectStored(key);
  });

  it("answers 405 to other methods and removes nothing", async () => {
    const { token, fileName, key } = await ownerWithFile();
    for (const method of ["GET", "POST", "PUT"]) {
      const response = await remove(fileName, token, method);
      expect(response.status, method).toBe(405);
      expect((await response.json()) as { msg: string }).toEqual({ msg: `Method ${method} is not allowed.` });
    }
    await expectStored(key);
  });
});

/** A fake producer so the monthly cron's finance refresh does not reach the real consumer. */
function fakeQueue() {
  return { send: vi.fn(async () => undefined), sendBatch: vi.fn(async () => undefined) };
}

async function fireMonthlyCron(at: number) {
  const testEnv = { ...env, FINANCE_REPORT_QUEUE: fakeQueue() as unknown as Queue<unknown> };
  await worker.scheduled(
    createScheduledController({ cron: MONTHLY_CRON, scheduledTime: at }),
    testEnv,
    createExecutionContext(),
  );
}

async function backdate(key: string, createdAt: Date) {
  await db().update(files).set({ createdAt }).where(eq(files.r2Key, key));
}

describe("monthly cron: sweep of abandoned uploads", () => {
  it("removes unlinked files older than 7 days (row and object) and keeps recent or linked ones", async () => {
    const now = Date.now();
    const owner = await signedInClient();
    const businessId = owner.business.id;
    const upload = async () => keyOf(businessId, await uploadPdf(owner.token));

    const oldUnlinked = await upload();
    await backdate(oldUnlinked, new Date(now - 8 * DAY_MS));
    const recentUnlinked = await upload();
    await backdate(recentUnlinked, new Date(now - 6 * DAY_MS));
    const linkedName = await uploadPdf(owner.token);
    const oldLinked = keyOf(businessId, linkedName);
    expect((await create(owner.token, payload(businessId, { files: [linkedName] }))).status).toBe(201);
    await backdate(oldLinked, new Date(now - 30 * DAY_MS));

    await fireMonthlyCron(now);

    await expectGone(oldUnlinked);
    await expectStored(recentUnlinked);
    await expectStored(oldLinked);
  });

  it("keeps a file that is linked between the sweep's SELECT and its DELETE", async () => {
    const now = Date.now();
    const owner = await signedInClient();
    const businessId = owner.business.id;
    const requestFile = await uploadPdf(owner.token);
    const created = await create(owner.token, payload(businessId, { files: [requestFile] }));
    expect(created.status).toBe(201);
    const requestId = (await rowByKey(keyOf(businessId, requestFile)))!.insightRequestId!;

    const racing = keyOf(businessId, await uploadPdf(owner.token));
    const abandoned = keyOf(businessId, await uploadPdf(owner.token));
    await backdate(racing, new Date(now - 10 * DAY_MS));
    await backdate(abandoned, new Date(now - 10 * DAY_MS));

    // The sweep has selected both candidates; the request links one of them before the DELETE runs.
    const app = appAt(new Date(now));
    const batch = app.db.batch.bind(app.db);
    vi.spyOn(app.db, "batch").mockImplementationOnce(async (queries) => {
      await db().update(files).set({ insightRequestId: requestId }).where(eq(files.r2Key, racing));
      return batch(queries);
    });
    expect(await sweepUnlinkedFiles(app)).toEqual({ removed: 1 });

    expect((await rowByKey(racing))?.insightRequestId).toBe(requestId);
    await expectStored(racing);
    await expectGone(abandoned);
  });

  it("removes at most 500 per run, the oldest first", async () => {
    const { user, business } = await signedInClient();
    const now = Date.now();
    const total = 505;
    const rows = Array.from({ length: total }, (_, i) => {
      const key = `biz/${business.id}/${crypto.randomUUID()}.pdf`;
      return {
        id: crypto.randomUUID(),
        businessId: business.id,
        uploadedByUserId: user.id,
        r2Key: key,
        originalName: `old-${i}.pdf`,
        contentType: "application/pdf",
        sizeBytes: 4,
        sha256: "0".repeat(64),
        purpose: "insight_request" as const,
        // i = 0 is the oldest.
        createdAt: new Date(now - 60 * DAY_MS + i * 60_000),
      };
    });
    // 13 columns a row: 7 rows stay under D1's 100 bound parameters.
    const inserts = [];
    for (let i = 0; i < rows.length; i += 7)
      inserts.push(
        db()
          .insert(files)
          .values(rows.slice(i, i + 7)),
      );
    const [first, ...rest] = inserts;
    await db().batch([first, ...rest]);
    for (const row of rows) await env.FILES.put(row.r2Key, "%PDF");

    await fireMonthlyCron(now);
    const ids = rows.map((row) => row.id);
    const left = async () =>
      (await db().select({ id: files.id }).from(files).where(eq(files.businessId, business.id))).map((row) => row.id);
    const kept = await left();
    expect(kept.sort()).toEqual(ids.slice(500).sort());
    expect(await env.FILES.head(rows[0].r2Key)).toBeNull();
    expect(await env.FILES.head(rows[499].r2Key)).toBeNull();
    expect(await env.FILES.head(rows[500].r2Key)).not.toBeNull();
    expect((await env.FILES.list({ prefix: `biz/${business.id}/` })).objects).toHaveLength(total - 500);

    await fireMonthlyCron(now);
    expect(await left()).toEqual([]);
    expect((await env.FILES.list({ prefix: `biz/${business.id}/` })).objects).toHaveLength(0);
  });
});
