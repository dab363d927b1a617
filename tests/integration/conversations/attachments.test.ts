import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { files, matchCandidates, threadMessages } from "~db/schema";
import { attachmentPath, THREAD_CLOSED_MESSAGE, THREAD_TEXTS as T } from "~/lib/conversations/thread-copy";
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
      expect(text).toContain(`aria-label="${html(T.attachmentLabel("Q3 stock report.pdf", "51 B"))}"`);
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
      { name: "Q3 stock report.pdf", size: "51 B", href: pdfPath },
      { name: "counts.csv", size: "27 B", href: csvPath },
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
