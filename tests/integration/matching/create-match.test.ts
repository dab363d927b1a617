import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { files, matchRequests } from "~db/schema";
import { FILE_REJECTED_MESSAGE } from "~/lib/files/file-rules";
import {
  ISSUE_CAUSE_REQUIRED_MESSAGE,
  MATCH_FILES_INVALID_MESSAGE,
  MATCH_MAX_FILES,
  MATCH_REQUEST_CONFLICT_MESSAGE,
  MATCH_REQUEST_CREATED_MESSAGE,
  MATCHING_CLIENTS_ONLY_MESSAGE,
  MATCH_REQUEST_FAILED_MESSAGES,
  MATCH_SUBMIT_UNAVAILABLE_MESSAGE,
  MATCH_TOO_MANY_FILES_MESSAGE,
} from "~/lib/matching/match-copy";
import { MATCH_STATUS_TEXTS } from "~/lib/matching/match-status";
import { createMatchRequest } from "~/server/matching/match-requests.server";
import { attachMatchUploads } from "~/server/matching/match-uploads.server";
import * as runMatchingModule from "~/server/matching/run-matching.server";
import worker from "../../../functions/worker";
import {
  appAt,
  call,
  createInsightRequestRow,
  db,
  filesOf,
  html,
  ORIGIN,
  postForm,
  SESSION_COOKIE,
  uploadPdf,
  viewerOf,
  auditOf,
} from "../helpers";
import { signedInClient, signedInManager } from "../../factories";

vi.mock("~/server/matching/run-matching.server", async (importOriginal) => {
  const original = await importOriginal<typeof runMatchingModule>();
  return { ...original, runMatching: vi.fn(original.runMatching) };
});

const CREATE = "/api/matching/matchRequest/create";
const PAGE = "/create-match";
const FORM_UNREADABLE = "We couldn't read that form. Please reload the page and try again.";
const PROBLEM = "Our best sellers run out every few weeks while slow items pile up.";

function payload(businessId: string, overrides: Record<string, unknown> = {}) {
  return {
    businessId,
    category: "operations",
    consultingType: "fractional",
    problemStatement: PROBLEM,
    files: [],
    ...overrides,
  };
}

const create = (token: string | null, body: unknown) => call(CREATE, { json: body, cookie: token });

async function matchesOf(businessId: string) {
  return db().select().from(matchRequests).where(eq(matchRequests.businessId, businessId));
}

async function fileRow(businessId: string, fileName: string) {
  const rows = await filesOf(businessId);
  return rows.find((row) => row.r2Key.endsWith(`/${fileName}`));
}

describe("POST /api/matching/matchRequest/create", () => {
  it("creates the business's request with its files, starts matching, and answers 201 with the spec's fields", async () => {
    const { user, business, token } = await signedInClient();
    const a = await uploadPdf(token, "Stock report.pdf");
    const b = await uploadPdf(token, "Sales by week.pdf");
    const response = await create(token, payload(business.id, { category: "Operations", files: [a, b] }));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { msg: string; matchRequest: Record<string, unknown> };
    expect(answer.msg).toBe(MATCH_REQUEST_CREATED_MESSAGE);
    expect(answer.msg).toContain("have been matched");
    const [row] = await matchesOf(business.id);
    expect(answer.matchRequest).toEqual({
      _id: row.id,
      matchRequestId: row.id,
      createdAt: row.createdAt.toISOString(),
      value: MATCH_STATUS_TEXTS.matching,
      requestInfo: { category: "operations", consultingType: "fractional", problemStatement: PROBLEM },
    });
    expect(row).toMatchObject({
      businessId: business.id,
      createdByUserId: user.id,
      category: "operations",
      consultingType: "fractional",
      problemStatement: PROBLEM,
      status: "matching",
      source: "direct",
      sourceId: null,
    });
    expect(row.rankedAt).toBeInstanceOf(Date);
    for (const name of [a, b]) {
      expect(await fileRow(business.id, name)).toMatchObject({
        matchRequestId: row.id,
        purpose: "match_request",
        insightRequestId: null,
      });
    }
  });

  it("sends an unset type as '' and an unknown area as 'unknown'", async () => {
    const { business, token } = await signedInClient();
    const response = await create(token, payload(business.id, { category: "unknown", consultingType: "" }));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { matchRequest: { requestInfo: Record<string, string> } };
    expect(answer.matchRequest.requestInfo).toMatchObject({ category: "unknown", consultingType: "" });
    const [row] = await matchesOf(business.id);
    expect(row).toMatchObject({ category: "unknown", consultingType: null });
  });

  it("refuses missing or invalid fields with 400 and the field's message, writing nothing", async () => {
    const { business, token } = await signedInClient();
    const cases: [Record<string, unknown>, string][] = [
      [{ problemStatement: "   " }, "Tell us what you need help with."],
      [{ problemStatement: undefined }, "Tell us what you need help with."],
      [{ problemStatement: "x".repeat(4001) }, "Keep this to 4,000 characters or fewer."],
      [
        { category: "86" },
        "category must be one of: strategy, leadership, management, finance, operations, hr, sales, marketing, technology, unknown.",
      ],
      [
        { consultingType: "sometimes" },
        "consultingType must be one of: fractional, coaching, project, or '' when unsure.",
      ],
      [{ files: "a.pdf" }, "files must be a list of stored file names."],
      [{ files: Array.from({ length: 11 }, (_, i) => `f${i}.pdf`) }, "Attach at most 10 files."],
      [{ businessId: undefined }, "businessId is required."],
      [{ requestId: "not-a-uuid" }, "requestId must be a UUID."],
    ];
    for (const [overrides, msg] of cases) {
      const response = await create(token, payload(business.id, overrides));
      expect(response.status, msg).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(msg);
    }
    const broken = await call(CREATE, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
      cookie: token,
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ msg: "The request body is not valid JSON." });
    expect(await matchesOf(business.id)).toHaveLength(0);
  });

  it("404s another business's id and writes nothing", async () => {
    const { business, token } = await signedInClient();
    const other = await signedInClient();
    const response = await create(token, payload(other.business.id));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: "Business not found." });
    expect(await matchesOf(business.id)).toHaveLength(0);
    expect(await matchesOf(other.business.id)).toHaveLength(0);
  });

  it("400s a foreign, already linked, malformed or unknown file and writes nothing", async () => {
    const { user, business, token } = await signedInClient();
    const other = await signedInClient();
    const foreign = await uploadPdf(other.token);
    const mine = await uploadPdf(token);
    const linked = await uploadPdf(token, "linked.pdf");
    const insight = await createInsightRequestRow(business.id, {
      createdByUserId: user.id,
      category: "finance",
      status: "submitted",
    });
    await db()
      .update(files)
      .set({ insightRequestId: insight.id })
      .where(eq(files.r2Key, `biz/${business.id}/${linked}`));
    for (const names of [
      [mine, foreign],
      [linked],
      ["../../etc/passwd"],
      ["0f8fad5b-d9cb-469f-a165-70867728950e.pdf"],
    ]) {
      const response = await create(token, payload(business.id, { files: names }));
      expect(response.status, names.join()).toBe(400);
      expect(await response.json()).toEqual({
        msg: MATCH_FILES_INVALID_MESSAGE,
        errors: { files: MATCH_FILES_INVALID_MESSAGE },
      });
    }
    expect(await matchesOf(business.id)).toHaveLength(0);
    expect(await fileRow(business.id, mine)).toMatchObject({ matchRequestId: null, purpose: "other" });
    expect(await fileRow(other.business.id, foreign)).toMatchObject({ matchRequestId: null });
  });

  it("answers 401 without a session and 403 for staff", async () => {
    const { business } = await signedInClient();
    expect((await create(null, payload(business.id))).status).toBe(401);
    const manager = await signedInManager();
    const refused = await create(manager.token, payload(business.id));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ msg: MATCHING_CLIENTS_ONLY_MESSAGE });
    expect(await matchesOf(business.id)).toHaveLength(0);
  });

  it("makes one request per requestId: a double submit answers the same request; another business's key is a 409", async () => {
    const { business, token } = await signedInClient();
    const requestId = crypto.randomUUID();
    const [first, second] = await Promise.all([
      create(token, payload(business.id, { requestId })),
      create(token, payload(business.id, { requestId })),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const bodies = (await Promise.all([first.json(), second.json()])) as {
      msg: string;
      matchRequest: { _id: string };
    }[];
    for (const body of bodies) {
      expect(body.msg).toBe(MATCH_REQUEST_CREATED_MESSAGE);
      expect(body.matchRequest._id).toBe(requestId);
    }
    expect(await matchesOf(business.id)).toHaveLength(1);
    const [recorded, ...more] = await auditOf(business.id);
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({
      action: "match.requested",
      actorKind: "client",
      subjectType: "match_request",
      subjectId: requestId,
      detail: { category: "Operations" },
    });

    const other = await signedInClient();
    const taken = await create(other.token, payload(other.business.id, { requestId }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ msg: MATCH_REQUEST_CONFLICT_MESSAGE });
    expect(await matchesOf(other.business.id)).toHaveLength(0);
  });

  it("keeps the request when matching fails to start: it stays submitted for the managers' queue", async () => {
    const { user, business } = await signedInClient();
    const runMatching = vi.mocked(runMatchingModule.runMatching);
    runMatching.mockRejectedValueOnce(new Error("engine down"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const result = await createMatchRequest(
      appAt(),
      await viewerOf(user.id, business.id),
      { category: "finance", consultingType: null, problemStatement: PROBLEM, files: [] },
      "https://partwise.test",
    );
    quiet.mockRestore();
    expect(result).toMatchObject({
      ok: true,
      created: true,
      msg: MATCH_REQUEST_CREATED_MESSAGE,
      matchRequest: { value: MATCH_STATUS_TEXTS.submitted },
    });
    const [row] = await matchesOf(business.id);
    expect(row).toMatchObject({ status: "submitted" });
    expect(runMatching).toHaveBeenCalledWith(expect.anything(), row!.id, "https://partwise.test");
  });
});

/** The wizard's fields as the no-JavaScript form posts them. */
function wizardForm(fields: Record<string, string | string[]>) {
  return {
    requestId: crypto.randomUUID(),
    area: "",
    engagementType: "",
    issueCause: "",
    category: "",
    consultingType: "",
    ...fields,
  };
}

describe("the /create-match page action", () => {
  it("turns the pages without JavaScript, with each page's errors, and creates the request on Confirm", async () => {
    const { business, token } = await signedInClient();
    const post = (fields: Record<string, string | string[]>) => postForm(PAGE, fields, token);

    const noArea = await post(wizardForm({ intent: "continue", page: "1" }));
    expect(noArea.status).toBe(400);
    expect(await noArea.text()).toContain("Select a business area");
    const sentinel = await post(wizardForm({ intent: "continue", page: "1", area: "86" }));
    expect(sentinel.status).toBe(400);
    expect(await sentinel.text()).toContain("Select a business area");

    const page2 = await post(wizardForm({ intent: "continue", page: "1", area: "finance" }));
    expect(page2.status).toBe(200);
    const page2Html = await page2.text();
    expect(page2Html).toContain("Select One Engagement Type");
    // Without JavaScript every description is shown.
    expect(page2Html).toContain("A senior leader who works with you part-time");
    expect(page2Html).toContain("Regular one-to-one sessions");
    // The summary's Business Area dropdown is prefilled from page 1.
    expect(page2Html).toMatch(/<option value="finance" selected="">Finance<\/option>/);

    const noType = await post(wizardForm({ intent: "continue", page: "2", area: "finance" }));
    expect(noType.status).toBe(400);
    expect(await noType.text()).toContain("Please choose an engagement type");

    const page3 = await post(
      wizardForm({ intent: "continue", page: "2", area: "finance", engagementType: "coaching" }),
    );
    expect(page3.status).toBe(200);
    const page3Html = await page3.text();
    expect(page3Html).toContain("Match Request Summary");
    expect(page3Html).toContain(html("Tell us a bit more..."));
    expect(page3Html).toMatch(/<option value="coaching" selected="">Coaching<\/option>/);
    expect(page3Html).toContain('type="file"');

    const unsure = await post(
      wizardForm({ intent: "notsure", page: "2", area: "finance", engagementType: "coaching" }),
    );
    expect(unsure.status).toBe(200);
    expect(await unsure.text()).toMatch(
      new RegExp(`<option value="not_sure" selected="">${html("I'm not sure")}</option>`),
    );

    const back = await post(wizardForm({ intent: "back", page: "3", area: "finance" }));
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("Select One Engagement Type");

    const empty = await post(wizardForm({ intent: "review", page: "3" }));
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    for (const message of [
      "Tell us what you need help with.",
      "Please confirm your business area.",
      "Please confirm your engagement type.",
    ]) {
      expect(emptyHtml).toContain(message);
    }

    const answers = { area: "finance", category: "finance", consultingType: "not_sure", issueCause: PROBLEM };
    const confirm = await post(wizardForm({ intent: "review", page: "3", ...answers }));
    expect(confirm.status).toBe(200);
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain("Confirm your match request");
    expect(confirmHtml).toContain(PROBLEM);
    expect(await matchesOf(business.id)).toHaveLength(0);

    const requestId = crypto.randomUUID();
    const done = await post(wizardForm({ intent: "create", page: "4", requestId, ...answers }));
    expect(done.status).toBe(201);
    const doneHtml = await done.text();
    expect(doneHtml).toContain("Your match request has been sent!");
    expect(doneHtml).toContain("Congratulations!");
    expect(doneHtml).toContain("Sending your Engagement request out to our top 1% of consultants.");
    expect(doneHtml).toContain(html(`/features?focus=Matching&matchId=${requestId}`));
    const again = await post(wizardForm({ intent: "create", page: "4", requestId, ...answers }));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Your match request has been sent!");
    const rows = await matchesOf(business.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: requestId,
      category: "finance",
      consultingType: null,
      problemStatement: PROBLEM,
      status: "matching",
    });
  });

  it("stores the files of the plain file input (no JavaScript) and links them on Confirm", async () => {
    const { business, token } = await signedInClient();
    const answers = { area: "hr", category: "hr", consultingType: "project", issueCause: PROBLEM };
    const form = new FormData();
    for (const [name, value] of Object.entries(wizardForm({ intent: "review", page: "3", ...answers }))) {
      form.append(name, String(value));
    }
    // Larger than the 1 MB every other form is held to: the page takes files like the upload API.
    const bigPdf = new TextEncoder().encode(`%PDF-1.7\n${"% padding line\n".repeat(100_000)}%%EOF\n`);
    expect(bigPdf.byteLength).toBeGreaterThan(1024 * 1024);
    form.append("upload", new File([bigPdf], "Org chart.pdf", { type: "application/pdf" }));
    const review = await call(PAGE, { method: "POST", body: form, cookie: token });
    expect(review.status).toBe(200);
    const reviewHtml = await review.text();
    expect(reviewHtml).toContain("Confirm your match request");
    expect(reviewHtml).toContain("Org chart.pdf");
    const [stored] = await filesOf(business.id);
    expect(stored).toMatchObject({
      originalName: "Org chart.pdf",
      purpose: "match_request",
      matchRequestId: null,
      sizeBytes: bigPdf.byteLength,
    });
    const storedName = stored!.r2Key.split("/").pop()!;
    expect(reviewHtml).toContain(`name="files" value="${storedName}"`);

    const done = await postForm(
      PAGE,
      wizardForm({ intent: "create", page: "4", ...answers, files: [storedName] }),
      token,
    );
    expect(done.status).toBe(201);
    const [row] = await matchesOf(business.id);
    expect(row).toMatchObject({ category: "hr", consultingType: "project" });
    expect(await fileRow(business.id, storedName)).toMatchObject({ matchRequestId: row!.id, purpose: "match_request" });
  });

  it("refuses a file of the wrong type on Finish and a foreign file on Confirm, on page 3, writing nothing", async () => {
    const { business, token } = await signedInClient();
    const other = await signedInClient();
    const answers = { area: "hr", category: "hr", consultingType: "project", issueCause: PROBLEM };
    const form = new FormData();
    for (const [name, value] of Object.entries(wizardForm({ intent: "review", page: "3", ...answers }))) {
      form.append(name, String(value));
    }
    form.append("upload", new File(["just text"], "notes.txt", { type: "text/plain" }));
    const refused = await call(PAGE, { method: "POST", body: form, cookie: token });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain(html(FILE_REJECTED_MESSAGE));
    expect(refusedHtml).toContain("Match Request Summary");
    expect(await filesOf(business.id)).toHaveLength(0);

    // A good file with a refused summary (no problem statement): the page's error, and the file
    // is not stored, neither in R2 nor in D1 (validate first, then store).
    const pdf = new TextEncoder().encode("%PDF-1.7\n% one page\n%%EOF\n");
    for (const fields of [
      { ...answers, issueCause: "" },
      { ...answers, files: Array.from({ length: MATCH_MAX_FILES }, (_, i) => `kept-${i}.pdf`) },
    ]) {
      const withFile = new FormData();
      for (const [name, value] of Object.entries(wizardForm({ intent: "review", page: "3", ...fields }))) {
        for (const item of Array.isArray(value) ? value : [value]) withFile.append(name, String(item));
      }
      withFile.append("upload", new File([pdf], "Org chart.pdf", { type: "application/pdf" }));
      const invalid = await call(PAGE, { method: "POST", body: withFile, cookie: token });
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain(
        html(fields.issueCause === "" ? ISSUE_CAUSE_REQUIRED_MESSAGE : MATCH_TOO_MANY_FILES_MESSAGE),
      );
      expect(await filesOf(business.id)).toHaveLength(0);
      expect((await env.FILES.list({ prefix: `biz/${business.id}/` })).objects).toEqual([]);
    }

    const foreign = await uploadPdf(other.token);
    const linked = await postForm(
      PAGE,
      wizardForm({ intent: "create", page: "4", ...answers, files: [foreign] }),
      token,
    );
    expect(linked.status).toBe(400);
    expect(await linked.text()).toContain(html(MATCH_FILES_INVALID_MESSAGE));
    expect(await matchesOf(business.id)).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(files)
        .where(inArray(files.r2Key, [`biz/${other.business.id}/${foreign}`])),
    ).toMatchObject([{ matchRequestId: null }]);
  });

  it("answers JSON, empty, junk bodies and unknown intents with the form's error, never a 500", async () => {
    const { business, token } = await signedInClient();
    const bodies: [Record<string, string>, string | undefined, number][] = [
      [{ "Content-Type": "application/json" }, JSON.stringify({ intent: "create" }), 415],
      [{}, undefined, 415],
      [{ "Content-Type": "text/plain" }, "\u0000junk{]", 415],
      [{ "Content-Type": "multipart/form-data; boundary=----x" }, "not multipart", 400],
    ];
    for (const [headers, body, status] of bodies) {
      for (const path of [PAGE, `${PAGE}.data`]) {
        const response = await call(path, { method: "POST", headers, body, cookie: token });
        const text = await response.text();
        expect(response.status, `${path} ${headers["Content-Type"]}`).toBe(status);
        if (path === PAGE) expect(text).toContain(html(FORM_UNREADABLE));
      }
    }
    const unknown = await postForm(PAGE, { intent: "explode", page: "2" }, token);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(html(FORM_UNREADABLE));
    expect(await matchesOf(business.id)).toHaveLength(0);
    // Only a multipart post may be as large as an upload: any other form keeps the 1 MB limit.
    const big = await call(PAGE, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=review&page=3&issueCause=${"a".repeat(1024 * 1024)}`,
      cookie: token,
    });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("The request is too large.");
    // Anonymous visitors are sent to sign in; nothing is read or written.
    const anonymous = await postForm(PAGE, wizardForm({ intent: "create", page: "4" }));
    expect(anonymous.status).toBe(302);
  });
});

/** The Worker over a D1 that refuses to store match requests (everything else works). */
async function withMatchStorageDown(path: string, init: RequestInit, token: string) {
  const failing = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          if (/insert into "match_requests"/i.test(query)) throw new Error("D1 is unavailable");
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const headers = new Headers(init.headers);
  headers.set("Cookie", `${SESSION_COOKIE}=${token}`);
  headers.set("Origin", ORIGIN);
  headers.set("Host", new URL(ORIGIN).host);
  const request = new Request(`${ORIGIN}${path}`, { ...init, method: "POST", headers, redirect: "manual" });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    { ...env, DB: failing as D1Database } as typeof env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe("when the request cannot be stored", () => {
  it("the page shows the three failure texts with a way back, and the API a 500 {msg}; nothing is written", async () => {
    const { business, token } = await signedInClient();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answers = { area: "hr", category: "hr", consultingType: "coaching", issueCause: PROBLEM };
    const page = await withMatchStorageDown(
      PAGE,
      { body: new URLSearchParams(wizardForm({ intent: "create", page: "4", ...answers })) },
      token,
    );
    expect(page.status).toBe(500);
    const text = await page.text();
    for (const part of MATCH_REQUEST_FAILED_MESSAGES) expect(text).toContain(html(part));
    expect(text).not.toContain("Your match request has been sent!");
    expect(text).toMatch(/<button type="submit" name="intent" value="retry"[^>]*>Back<\/button>/);

    const api = await withMatchStorageDown(
      CREATE,
      { headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload(business.id)) },
      token,
    );
    quiet.mockRestore();
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ msg: MATCH_SUBMIT_UNAVAILABLE_MESSAGE });
    expect(await matchesOf(business.id)).toHaveLength(0);

    // Back from the failure returns to the confirm step with the answers kept.
    const retry = await postForm(PAGE, wizardForm({ intent: "retry", page: "4", ...answers }), token);
    expect(retry.status).toBe(200);
    const retryText = await retry.text();
    expect(retryText).toContain("Confirm your match request");
    expect(retryText).toContain(PROBLEM);
  });
});

describe("attachMatchUploads (the no-JavaScript Finish's files)", () => {
  const pdf = () =>
    new File([new TextEncoder().encode("%PDF-1.7\n% one page\n%%EOF\n")], "Org chart.pdf", { type: "application/pdf" });

  it("refuses more than MATCH_MAX_FILES in all before storing anything; none chosen stores nothing", async () => {
    const { user, business } = await signedInClient();
    const viewer = await viewerOf(user.id, business.id);
    const tooMany = await attachMatchUploads(appAt(), viewer, { attachedCount: MATCH_MAX_FILES, uploads: [pdf()] });
    expect(tooMany).toEqual({ ok: false, status: 400, msg: MATCH_TOO_MANY_FILES_MESSAGE });
    expect(await attachMatchUploads(appAt(), viewer, { attachedCount: 2, uploads: [] })).toEqual({
      ok: true,
      fileNames: [],
    });
    expect(await filesOf(business.id)).toHaveLength(0);
    expect((await env.FILES.list({ prefix: `biz/${business.id}/` })).objects).toEqual([]);
  });

  it("stores the chosen files as the business's uploads for a match request and answers their names", async () => {
    const { user, business } = await signedInClient();
    const viewer = await viewerOf(user.id, business.id);
    const attached = await attachMatchUploads(appAt(), viewer, {
      attachedCount: MATCH_MAX_FILES - 1,
      uploads: [pdf()],
    });
    expect(attached).toMatchObject({ ok: true, fileNames: [expect.any(String)] });
    const [fileName] = attached.ok ? attached.fileNames : [];
    expect(await fileRow(business.id, fileName!)).toMatchObject({
      originalName: "Org chart.pdf",
      purpose: "match_request",
      matchRequestId: null,
    });
  });
});
