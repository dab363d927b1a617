import { env } from "cloudflare:test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businesses, files, matchCandidates, threadMessages } from "~db/schema";
import {
  ATTACHMENTS_OVER_QUOTA_MESSAGE,
  attachmentPath,
  THREAD_CLOSED_MESSAGE,
  THREAD_TEXTS as T,
  TOO_MANY_ATTACHMENTS_MESSAGE,
} from "~/lib/conversations/thread-copy";
import { ROLE_FORBIDDEN_MESSAGE } from "~/lib/business/role-refusal";
import { PLANS } from "~/lib/payments/plans";
import { formatFileSize } from "~/lib/shared/numbers";
import { createAppContext } from "~/server/load-context";
import { sendMessage } from "~/server/conversations/messages.server";
import { DOCUMENT_COPY } from "~/lib/documents/document-copy";
import { FILE_NOT_FOUND_MESSAGE, FILE_REJECTED_MESSAGE } from "~/lib/files/file-rules";
import { storedFileName } from "~/lib/files/listed-file";
import { SHARED_DOCUMENTS_COPY } from "~/lib/files/shared-documents";
import { call, db, html, postForm } from "../helpers";
import { PDF_BYTES } from "../helpers/insight-requests";
import { signedInClient, signedInConsultant } from "../../factories";
import { key, openThread, threadPeople, type Team, type ThreadPeople } from "./thread-setup";

/**
 * Attachments of messages (issue #39 item 2, docs/decisions/076): files sent with a message go
 * through the upload rules into R2 under the business, are linked to the message in the batch that
 * sends it, are listed under it and in each person's documents under the match, and download for
 * whoever reads the thread; a refused, replayed or closed send leaves no file behind.
 */

let team: Team;
let consultant: ThreadPeople["consultant"];
let manager: ThreadPeople["manager"];

beforeAll(async () => {
  ({ team, consultant, manager } = await threadPeople());
});

const CSV = "sku,count\nA-100,3\nB-200,12\n";

/** A message form as the browser sends it with files (multipart). */
function sendWithFiles(path: string, token: string, body: string, attached: File[], formKey = key()) {
  const form = new FormData();
  form.set("intent", "send");
  form.set("key", formKey);
  form.set("body", body);
  for (const file of attached) form.append("files", file);
  return call(path, { method: "POST", body: form, cookie: token });
}

const pdf = (name = "Q3 stock report.pdf") => new File([PDF_BYTES], name, { type: "application/pdf" });
const csv = (name = "counts.csv") => new File([CSV], name, { type: "text/csv" });

/** The business's files of messages, oldest first. */
const messageFilesOf = (businessId: string) =>
  db()
    .select()
    .from(files)
    .where(and(eq(files.businessId, businessId), eq(files.purpose, "thread_message")))
    .orderBy(files.createdAt, sql`rowid`);

const download = (path: string, token: string | null) => call(path, { cookie: token });

/** The consultant as the domain functions take a signed-in person. */
const consultantViewer = () => ({
  sessionId: "test",
  user: {
    id: consultant.user.id,
    email: consultant.user.email,
    firstName: "Marcus",
    lastName: "Okafor",
    phone: "",
    role: "consultant" as const,
    staffRole: null,
    emailVerified: true,
  },
  business: null,
  member: null,
});

describe("a message's attachments", () => {
  it("are stored in R2 under the business, linked to the message, shown under it and downloaded by everyone in the thread; nobody else", async () => {
    const thread = await openThread(team.business.id, consultant.user.id);
    const messageKey = key();
    const sent = await sendWithFiles(
      thread.business,
      team.member.token,
      "The stock counts before our call.",
      [pdf(), csv()],
      messageKey,
    );
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(T.sent);

    const rows = await messageFilesOf(team.business.id);
    expect(rows.map((row) => [row.originalName, row.threadMessageId, row.uploadedByUserId, row.contentType])).toEqual([
      ["Q3 stock report.pdf", messageKey, team.member.user.id, "application/pdf"],
      ["counts.csv", messageKey, team.member.user.id, "text/csv; charset=utf-8"],
    ]);
    for (const row of rows) {
      expect(row.r2Key.startsWith(`biz/${team.business.id}/`)).toBe(true);
      expect(await env.FILES.head(row.r2Key)).not.toBeNull();
    }
    const [pdfRow, csvRow] = rows;
    const pdfPath = attachmentPath(thread.id, storedFileName(pdfRow!.r2Key));
    const csvPath = attachmentPath(thread.id, storedFileName(csvRow!.r2Key));

    // Each side's page lists them under the message, as download links.
    for (const [page, token] of [
      [thread.consultant, consultant.token],
      [thread.manager, manager.token],
      [thread.business, team.viewer.token],
    ] as const) {
      const text = await (await call(page, { cookie: token })).text();
      expect(text).toContain(`href="${pdfPath}"`);
      expect(text).toContain(
        `download=""><span class="visually-hidden">${T.downloadPrefix}</span>Q3 stock report.pdf</a> <span class="thread-attachment-size">51 B</span>`,
      );
      expect(text).toContain(`href="${csvPath}"`);
    }

    // Everyone in the thread downloads them: the business's roles, the consultant, a manager.
    for (const token of [team.owner.token, team.viewer.token, consultant.token, manager.token]) {
      const response = await download(pdfPath, token);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toContain("Q3 stock report.pdf");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF_BYTES);
    }
    // A CSV downloads with its formula cells made inert, as every download does.
    expect(await (await download(csvPath, consultant.token)).text()).toBe(CSV);

    // Nobody else: another business, another consultant, no session, another thread's address.
    const otherThread = await openThread(team.business.id, (await signedInConsultant()).user.id);
    const refused = [
      { path: pdfPath, token: (await signedInClient()).token, status: 404 },
      { path: pdfPath, token: (await signedInConsultant()).token, status: 404 },
      { path: pdfPath, token: null, status: 401 },
      { path: attachmentPath(otherThread.id, storedFileName(pdfRow!.r2Key)), token: team.owner.token, status: 404 },
      { path: attachmentPath(thread.id, "not-a-file.pdf"), token: team.owner.token, status: 404 },
    ];
    for (const attempt of refused) {
      const response = await download(attempt.path, attempt.token);
      expect(response.status, attempt.path).toBe(attempt.status);
      if (attempt.status === 404) expect(await response.json()).toEqual({ msg: FILE_NOT_FOUND_MESSAGE });
    }

    // The API lists them with the message.
    const api = await call(`/api/threads/${thread.id}/messages`, { cookie: consultant.token });
    const page = (await api.json()) as { messages: { id: string; attachments: unknown[] }[] };
    expect(page.messages.find((message) => message.id === messageKey)?.attachments).toEqual([
      { name: "Q3 stock report.pdf", size: "51 B", sizeBytes: 51, contentType: "application/pdf", href: pdfPath },
      { name: "counts.csv", size: "27 B", sizeBytes: 27, contentType: "text/csv; charset=utf-8", href: csvPath },
    ]);
  });

  it("are listed in the Documents Hub under the match, and in the consultant's and the manager's documents", async () => {
    const thread = await openThread(team.business.id, consultant.user.id, { assignedManagerId: manager.user.id });
    expect(
      (await sendWithFiles(thread.consultant, consultant.token, "My draft plan.", [pdf("Draft plan.pdf")])).status,
    ).toBe(200);
    const [row] = (await messageFilesOf(team.business.id)).filter((file) => file.originalName === "Draft plan.pdf");
    const href = attachmentPath(thread.id, storedFileName(row!.r2Key));

    const hub = await (await call("/features?focus=Documents", { cookie: team.owner.token })).text();
    expect(hub).toContain("Draft plan.pdf");
    expect(hub).toContain(html(DOCUMENT_COPY.messageSource("Finance")));
    expect(hub).toContain(`href="${href}"`);
    expect(hub).toContain(`href="${thread.business}"`);

    const portal = await (await call("/consultant/documents", { cookie: consultant.token })).text();
    expect(portal).toContain("Draft plan.pdf");
    expect(portal).toContain(html(SHARED_DOCUMENTS_COPY.sources.message));
    expect(portal).toContain(`href="${href}"`);

    const console = await (await call(`/manage/matches/${thread.requestId}`, { cookie: manager.token })).text();
    expect(console).toContain("Draft plan.pdf");
    expect(console).toContain(`href="${href}"`);
  });

  it("a refused file sends nothing and stores nothing", async () => {
    const thread = await openThread(team.business.id, consultant.user.id);
    const before = (await messageFilesOf(team.business.id)).length;
    const response = await sendWithFiles(thread.business, team.owner.token, "Here is the tool.", [
      pdf(),
      new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], "tool.exe", { type: "application/octet-stream" }),
    ]);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(html(FILE_REJECTED_MESSAGE));
    expect(await db().select().from(threadMessages).where(eq(threadMessages.threadId, thread.id))).toEqual([]);
    expect((await messageFilesOf(team.business.id)).length).toBe(before);
  });

  it("a double submit sends one message with one set of files; racing submits too", async () => {
    const thread = await openThread(team.business.id, consultant.user.id);
    const formKey = key();
    const first = await sendWithFiles(
      thread.consultant,
      consultant.token,
      "Invoice attached.",
      [pdf("Invoice.pdf")],
      formKey,
    );
    const again = await sendWithFiles(
      thread.consultant,
      consultant.token,
      "Invoice attached.",
      [pdf("Invoice.pdf")],
      formKey,
    );
    expect([first.status, again.status]).toEqual([200, 200]);
    const raceKey = key();
    const raced = await Promise.all(
      [1, 2, 3].map(() =>
        sendWithFiles(thread.consultant, consultant.token, "Receipt.", [csv("receipt.csv")], raceKey),
      ),
    );
    expect(raced.map((response) => response.status)).toEqual([200, 200, 200]);

    const messages = await db().select().from(threadMessages).where(eq(threadMessages.threadId, thread.id));
    expect(messages.map((message) => message.id).sort()).toEqual([formKey, raceKey].sort());
    const named = (await messageFilesOf(team.business.id)).filter((file) =>
      ["Invoice.pdf", "receipt.csv"].includes(file.originalName),
    );
    // One file per message, linked; the other submits' uploads were removed again (rows and objects).
    expect(named.map((file) => [file.originalName, file.threadMessageId]).sort()).toEqual(
      [
        ["Invoice.pdf", formKey],
        ["receipt.csv", raceKey],
      ].sort(),
    );
    // Every object stored under the business has its row: no upload of a refused submit stayed behind.
    const objects = await env.FILES.list({ prefix: `biz/${team.business.id}/` });
    const rows = new Set(
      (await db().select({ r2Key: files.r2Key }).from(files).where(eq(files.businessId, team.business.id))).map(
        (file) => file.r2Key,
      ),
    );
    expect(objects.objects.filter((object) => !rows.has(object.key)).map((object) => object.key)).toEqual([]);
  });

  it("two submits of one form at the same instant: the second's files are not linked to the first's message", async () => {
    // workerd's clock can give racing requests one instant: the claim must not rest on it alone.
    const thread = await openThread(team.business.id, consultant.user.id);
    const instant = new Date("2026-11-30T12:00:00.000Z");
    const app = createAppContext(
      env,
      () => undefined,
      () => instant,
    );
    const viewer = consultantViewer();
    const formKey = key();
    for (const name of ["First try.pdf", "Second try.pdf"]) {
      const result = await sendMessage(app, viewer, thread.id, { key: formKey, body: "The file.", files: [pdf(name)] });
      expect(result.ok).toBe(true);
    }
    const linked = (await messageFilesOf(team.business.id)).filter((file) => file.threadMessageId === formKey);
    expect(linked.map((file) => file.originalName)).toEqual(["First try.pdf"]);
    expect((await messageFilesOf(team.business.id)).some((file) => file.originalName === "Second try.pdf")).toBe(false);
  });

  it("a thread closed while the files were stored takes no message and keeps no file", async () => {
    const thread = await openThread(team.business.id, consultant.user.id);
    // The business rejects the candidate while the consultant's upload is written to R2.
    const closing = {
      ...env,
      FILES: new Proxy(env.FILES, {
        get(target, property) {
          if (property !== "put") return Reflect.get(target, property).bind(target);
          return async (...args: Parameters<R2Bucket["put"]>) => {
            await db()
              .update(matchCandidates)
              .set({ businessDecisionStatus: "rejected" })
              .where(eq(matchCandidates.id, thread.id));
            return target.put(...args);
          };
        },
      }),
    };
    const app = createAppContext(closing, () => undefined);
    const result = await sendMessage(app, consultantViewer(), thread.id, {
      key: key(),
      body: "Too late.",
      files: [pdf("Late.pdf")],
    });
    expect(result).toEqual({ ok: false, status: 409, msg: THREAD_CLOSED_MESSAGE });
    expect(await db().select().from(threadMessages).where(eq(threadMessages.threadId, thread.id))).toEqual([]);
    expect((await messageFilesOf(team.business.id)).some((file) => file.originalName === "Late.pdf")).toBe(false);
    const objects = await env.FILES.list({ prefix: `biz/${team.business.id}/` });
    const rows = new Set((await db().select({ r2Key: files.r2Key }).from(files)).map((file) => file.r2Key));
    expect(objects.objects.filter((object) => !rows.has(object.key))).toEqual([]);
  });

  it("a business sees no file of a thread before the consultant said yes", async () => {
    const thread = await openThread(team.business.id, consultant.user.id, {
      state: { status: "proposed" },
      responded: false,
    });
    expect(
      (await sendWithFiles(thread.consultant, consultant.token, "A question first.", [pdf("Before yes.pdf")])).status,
    ).toBe(200);
    const [row] = (await messageFilesOf(team.business.id)).filter((file) => file.originalName === "Before yes.pdf");
    const name = storedFileName(row!.r2Key);
    expect((await download(attachmentPath(thread.id, name), team.owner.token)).status).toBe(404);
    expect((await download(`/api/file-handling/get-file/${name}`, team.owner.token)).status).toBe(404);
    expect(await (await call("/features?focus=Documents", { cookie: team.owner.token })).text()).not.toContain(
      "Before yes.pdf",
    );
    // The consultant and the manager do read it.
    expect((await download(attachmentPath(thread.id, name), consultant.token)).status).toBe(200);
    expect((await download(attachmentPath(thread.id, name), manager.token)).status).toBe(200);
  });

  it("refuses files a viewer sends, more than five, and files over the plan's storage, storing nothing", async () => {
    const thread = await openThread(team.business.id, consultant.user.id);
    const count = async () => (await messageFilesOf(team.business.id)).length;
    const before = await count();
    const viewer = await sendWithFiles(thread.business, team.viewer.token, "A viewer's file.", [pdf()]);
    expect(viewer.status).toBe(403);
    expect(await viewer.text()).toContain(html(ROLE_FORBIDDEN_MESSAGE));
    const six = await sendWithFiles(
      thread.business,
      team.owner.token,
      "Six files.",
      [1, 2, 3, 4, 5, 6].map((n) => pdf(`Part ${n}.pdf`)),
    );
    expect(six.status).toBe(400);
    expect(await six.text()).toContain(html(TOO_MANY_ATTACHMENTS_MESSAGE));
    // A full plan: the member reads the Hub's text, the consultant the thread's.
    const used = await db()
      .select({ bytes: sql<number>`coalesce(sum(size_bytes), 0)` })
      .from(files)
      .where(eq(files.businessId, team.business.id));
    await db().update(businesses).set({ memberTier: "BASIC" }).where(eq(businesses.id, team.business.id));
    // Filler rows (each within the table's 16 MB bound) up to 10 bytes short of the plan's quota.
    let left = PLANS.BASIC.storageQuotaBytes - Number(used[0]!.bytes) - 10;
    const fillers: string[] = [];
    while (left > 0) {
      const size = Math.min(left, 16_000_000);
      const r2Key = `biz/${team.business.id}/${crypto.randomUUID()}.pdf`;
      fillers.push(r2Key);
      await db()
        .insert(files)
        .values({
          businessId: team.business.id,
          r2Key,
          originalName: "filler.pdf",
          contentType: "application/pdf",
          sizeBytes: size,
          sha256: "0".repeat(64),
          purpose: "company_document",
        });
      left -= size;
    }
    try {
      const member = await sendWithFiles(thread.business, team.owner.token, "Over.", [pdf()]);
      expect(member.status).toBe(400);
      expect(await member.text()).toContain(
        html(DOCUMENT_COPY.quotaExceeded(formatFileSize(PLANS.BASIC.storageQuotaBytes))),
      );
      const theirs = await sendWithFiles(thread.consultant, consultant.token, "Over.", [pdf()]);
      expect(theirs.status).toBe(400);
      expect(await theirs.text()).toContain(html(ATTACHMENTS_OVER_QUOTA_MESSAGE));
    } finally {
      await db().delete(files).where(inArray(files.r2Key, fillers));
    }
    expect(await count()).toBe(before);
    expect(await db().select().from(threadMessages).where(eq(threadMessages.threadId, thread.id))).toEqual([]);
  });

  it("a closed thread takes no message and keeps no file", async () => {
    const thread = await openThread(team.business.id, consultant.user.id);
    await db()
      .update(matchCandidates)
      .set({ businessDecisionStatus: "rejected" })
      .where(eq(matchCandidates.id, thread.id));
    const before = (await messageFilesOf(team.business.id)).length;
    const response = await sendWithFiles(thread.manager, manager.token, "A late note.", [pdf()]);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(html(THREAD_CLOSED_MESSAGE));
    expect((await messageFilesOf(team.business.id)).length).toBe(before);
  });

  it("a hidden message's files download only for engagement managers and leave the lists", async () => {
    const thread = await openThread(team.business.id, consultant.user.id, { assignedManagerId: manager.user.id });
    const messageKey = key();
    await sendWithFiles(
      thread.consultant,
      consultant.token,
      "Call me on my cell.",
      [pdf("Contact card.pdf")],
      messageKey,
    );
    const [row] = (await messageFilesOf(team.business.id)).filter((file) => file.threadMessageId === messageKey);
    const name = storedFileName(row!.r2Key);
    const path = attachmentPath(thread.id, name);
    const hidden = await postForm(thread.manager, { intent: "hide", messageId: messageKey }, manager.token);
    expect(hidden.status).toBe(200);

    expect((await download(path, manager.token)).status).toBe(200);
    for (const token of [team.owner.token, consultant.token]) expect((await download(path, token)).status).toBe(404);
    // Nor through the business's own files' download.
    expect((await download(`/api/file-handling/get-file/${name}`, team.owner.token)).status).toBe(404);

    const businessPage = await (await call(thread.business, { cookie: team.owner.token })).text();
    expect(businessPage).not.toContain("Contact card.pdf");
    expect(businessPage).toContain(html(T.hiddenTrace));
    expect(await (await call(thread.manager, { cookie: manager.token })).text()).toContain("Contact card.pdf");
    expect(await (await call("/features?focus=Documents", { cookie: team.owner.token })).text()).not.toContain(
      "Contact card.pdf",
    );
    expect(await (await call("/consultant/documents", { cookie: consultant.token })).text()).not.toContain(
      "Contact card.pdf",
    );
  });
});
