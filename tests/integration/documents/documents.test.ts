import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { benchmarkReports, files, sowSignatures } from "~db/schema";
import { DOCUMENT_COPY } from "~/lib/documents/document-copy";
import { sweepUnlinkedFiles } from "~/server/files/sweep.server";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { pdf, png } from "../../support/sample-files";
import {
  appAt,
  call,
  createDeliveredInsight,
  createMatchedMatch,
  createMatchRequestRow,
  db,
  html,
  postForm,
  setPlan,
  uploadPdf,
} from "../helpers";
import { createSignedOutline } from "../helpers/deliverables";

const HUB = "/features?focus=Documents";
const DOCUMENT_SOURCE_LABELS_IN_ORDER = [
  "Company documents",
  "Insight requests",
  "Match requests",
  "Deliverables",
  "Signed statements of work",
  "Reports",
];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The hub's upload form as a browser without JavaScript posts it. */
function upload(
  token: string | null,
  parts: { name: string; bytes: Uint8Array<ArrayBuffer>; type: string }[],
  folder = "",
) {
  const body = new FormData();
  body.append("intent", "document-upload");
  body.append("folder", folder);
  for (const part of parts) body.append("files", new File([part.bytes], part.name, { type: part.type }));
  return call(HUB, { method: "POST", body, cookie: token });
}

const pdfPart = (name: string) => ({ name, bytes: pdf({ pageText: name }), type: "application/pdf" });

async function uploadOne(token: string, name: string, folder = "") {
  const response = await upload(token, [pdfPart(name)], folder);
  expect(
    response.status,
    await response
      .clone()
      .text()
      .then((t) => t.slice(0, 200)),
  ).toBe(200);
  const [row] = await db()
    .select()
    .from(files)
    .where(and(eq(files.originalName, name), eq(files.purpose, "company_document")));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const rowOf = async (id: string) => (await db().select().from(files).where(eq(files.id, id)))[0] ?? null;
const page = async (token: string, query = "") => (await call(`${HUB}${query}`, { cookie: token })).text();

describe("Documents Hub: access", () => {
  it("sends anonymous visitors to the login screen and staff to their console, reading and writing nothing", async () => {
    const anonymous = await call(HUB);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).not.toContain("features");
    const anonymousPost = await upload(null, [pdfPart("Anon.pdf")]);
    expect(anonymousPost.status).toBe(302);

    const manager = await signedInManager();
    const staff = await call(HUB, { cookie: manager.token });
    expect(staff.status).toBe(302);
    expect(staff.headers.get("Location")).toMatch(/^\/manage/);
    const staffPost = await upload(manager.token, [pdfPart("Staff.pdf")]);
    expect(staffPost.status).toBe(302);
    expect(await db().select().from(files).where(eq(files.originalName, "Staff.pdf"))).toHaveLength(0);
    expect(await db().select().from(files).where(eq(files.originalName, "Anon.pdf"))).toHaveLength(0);
  });
});

describe("Documents Hub: the list", () => {
  it("groups every document of the business by source, with who and when, size and the download", async () => {
    const client = await signedInClient();
    const businessId = client.business.id;
    const consultant = await signedInClient(); // any user id works as the outline's consultant row
    const own = await uploadOne(client.token, "Board minutes.pdf", "Board");

    // An insight request's file and a match request's file (uploaded, then linked as the wizards do).
    const insight = await createDeliveredInsight(businessId, { title: "Reorder weekly" });
    const insightFile = await uploadPdf(client.token, "Stock counts.pdf");
    await db()
      .update(files)
      .set({ insightRequestId: insight.requestId, purpose: "insight_request" })
      .where(eq(files.r2Key, `biz/${businessId}/${insightFile}`));
    const match = await createMatchRequestRow(businessId, { category: "operations" });
    const matchFile = await uploadPdf(client.token, "Org chart.pdf");
    await db()
      .update(files)
      .set({ matchRequestId: match.id, purpose: "match_request" })
      .where(eq(files.r2Key, `biz/${businessId}/${matchFile}`));
    // A deliverable's file and a signed statement of work.
    const engagement = await createSignedOutline(businessId, consultant.user.id, {
      outline: { title: "Cash flow turnaround" },
    });
    const deliveredFile = await uploadPdf(client.token, "Cash flow model.pdf");
    await db()
      .update(files)
      .set({ deliveryItemId: engagement.items[0]!.id, purpose: "delivery_item" })
      .where(eq(files.r2Key, `biz/${businessId}/${deliveredFile}`));
    await db()
      .insert(sowSignatures)
      .values({
        outlineId: engagement.outline.id,
        businessId,
        outlineVersion: 1,
        signerName: "Dana Reyes",
        signatureDate: "2026-10-20",
        signedAt: new Date("2026-10-20T15:00:00Z"),
        pdfKey: `sow/${engagement.outline.id}/1.pdf`,
        pdfSha256: "0".repeat(64),
        pdfSize: 48_213,
      });
    await db().insert(benchmarkReports).values({ businessId, naics: "423", period: "2025", data: {} });
    // A wizard's upload not yet sent with a request is no document of the hub.
    await uploadPdf(client.token, "Half finished.pdf");

    const text = await page(client.token);
    const headings = ["company", "insight", "match", "deliverable", "sow", "report"].map((source) =>
      text.indexOf(`id="documents-group-${source}"`),
    );
    for (const label of DOCUMENT_SOURCE_LABELS_IN_ORDER) expect(text).toContain(label);
    expect(headings.every((at) => at > 0)).toBe(true);
    expect([...headings].sort((a, b) => a - b)).toEqual(headings);
    const order = [
      "Board minutes.pdf",
      "Stock counts.pdf",
      "Org chart.pdf",
      "Cash flow model.pdf",
      html(DOCUMENT_COPY.sowName("Cash flow turnaround", 1)),
      // Reports, newest first: the benchmarking report (made now) before the October insight report.
      DOCUMENT_COPY.benchmarkingName("2025"),
      "Reorder weekly",
    ].map((name) => text.indexOf(name));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).not.toContain("Half finished.pdf");
    expect(text).toContain(html(DOCUMENT_COPY.folderLabel("Board")));
    expect(text).toContain(html(DOCUMENT_COPY.insightSource("Operations")));
    expect(text).toContain(html(DOCUMENT_COPY.matchSource("Operations")));
    expect(text).toContain(html(DOCUMENT_COPY.deliverableSource(engagement.items[0]!.title)));
    expect(text).toContain(`href="/api/file-handling/get-file/${own.r2Key.split("/").pop()}"`);
    expect(text).toContain(`href="/engagements/${engagement.outline.id}/sow/1.pdf"`);
    expect(text).toContain(`href="/insight-discovery?type=REPORT&amp;id=${insight.requestId}"`);
    expect(text).toContain('href="/benchmarking"');
    expect(text).toContain("48 KB");
    expect(text).toContain(html(DOCUMENT_COPY.uploadedBy("Dana Reyes", "Oct 20, 2026")));
    expect(text).toContain(html(`${client.user.firstName} ${client.user.lastName}, `));

    // Another business sees none of it.
    const other = await signedInClient();
    const otherText = await page(other.token);
    expect(otherText).not.toContain("Board minutes.pdf");
    expect(otherText).not.toContain("Cash flow model.pdf");
    expect(otherText).toContain(html(DOCUMENT_COPY.noDocuments));
  });

  it("searches by name, sorts by date or name and filters by folder through GET parameters", async () => {
    const client = await signedInClient();
    const invoices = await uploadOne(client.token, "b Invoices 2026.pdf", "Finance");
    await db()
      .update(files)
      .set({ createdAt: new Date(Date.now() - 3 * DAY_MS) })
      .where(eq(files.id, invoices.id));
    const contract = await uploadOne(client.token, "a Lease contract.pdf", "Legal");
    await db()
      .update(files)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(files.id, contract.id));
    await uploadOne(client.token, "c Invoice template.pdf", "Finance");

    const at = (text: string, names: string[]) => names.map((name) => text.indexOf(name));
    const newest = at(await page(client.token), ["c Invoice template", "a Lease contract", "b Invoices 2026"]);
    expect([...newest].sort((a, b) => a - b)).toEqual(newest);
    const oldest = at(await page(client.token, "&sort=oldest"), [
      "b Invoices 2026",
      "a Lease contract",
      "c Invoice template",
    ]);
    expect([...oldest].sort((a, b) => a - b)).toEqual(oldest);
    const byName = at(await page(client.token, "&sort=name"), [
      "a Lease contract",
      "b Invoices 2026",
      "c Invoice template",
    ]);
    expect([...byName].sort((a, b) => a - b)).toEqual(byName);

    const search = await page(client.token, "&q=INVOICE");
    expect(search).toContain("b Invoices 2026.pdf");
    expect(search).toContain("c Invoice template.pdf");
    expect(search).not.toContain("a Lease contract.pdf");
    const folder = await page(client.token, "&folder=Legal");
    expect(folder).toContain("a Lease contract.pdf");
    expect(folder).not.toContain("b Invoices 2026.pdf");
    const none = await page(client.token, "&q=zzz-nothing");
    expect(none).toContain(html(DOCUMENT_COPY.noMatches));
    // Unknown values fall back to the defaults rather than failing.
    expect((await call(`${HUB}&sort=sideways&folder=${"x".repeat(500)}`, { cookie: client.token })).status).toBe(200);
  });

  it("shows the count, the storage and the three newest on the dashboard card, and the quota on the plan page", async () => {
    const client = await signedInClient();
    await setPlan(client.business.id, "BASIC");
    for (const name of ["One.pdf", "Two.pdf", "Three.pdf", "Four.pdf"]) {
      const row = await uploadOne(client.token, name);
      await db()
        .update(files)
        .set({
          createdAt: new Date(Date.now() - ["One.pdf", "Two.pdf", "Three.pdf", "Four.pdf"].indexOf(name) * DAY_MS),
        })
        .where(eq(files.id, row.id));
    }
    const dashboard = await (await call("/dashboard", { cookie: client.token })).text();
    expect(dashboard).toContain(DOCUMENT_COPY.cardCount(4));
    expect(dashboard).toMatch(/KB of 1 GB used/);
    expect(dashboard).toContain("One.pdf");
    expect(dashboard).toContain("Three.pdf");
    expect(dashboard).not.toContain("Four.pdf");
    expect(dashboard).toContain('href="/features?focus=Documents"');

    const plans = await (await call("/plan-select", { cookie: client.token })).text();
    expect(plans).toContain(html(DOCUMENT_COPY.storageIncluded("1 GB")));
    expect(plans).toContain(html(DOCUMENT_COPY.storageIncluded("10 GB")));
    expect(plans).toContain(html(DOCUMENT_COPY.storageIncluded("50 GB")));
  });
});

describe("Documents Hub: company documents", () => {
  it("uploads into a folder with the upload rules: a refused file stores nothing", async () => {
    const client = await signedInClient();
    const response = await upload(
      client.token,
      [pdfPart("Plan.pdf"), { name: "Logo.png", bytes: png(), type: "image/png" }],
      "  Brand   assets ",
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(html(DOCUMENT_COPY.uploaded(2)));
    const rows = await db().select().from(files).where(eq(files.businessId, client.business.id));
    expect(rows.map((row) => [row.originalName, row.folder, row.purpose]).sort()).toEqual([
      ["Logo.png", "Brand assets", "company_document"],
      ["Plan.pdf", "Brand assets", "company_document"],
    ]);
    for (const row of rows) expect(await env.FILES.head(row.r2Key)).not.toBeNull();

    // A PDF that is not one, beside a real one: nothing stored.
    const fake = await upload(client.token, [
      pdfPart("Real.pdf"),
      { name: "Fake.pdf", bytes: new TextEncoder().encode("MZ not a pdf"), type: "application/pdf" },
    ]);
    expect(fake.status).toBe(400);
    expect(await fake.text()).toContain(
      html("File was not added. Accepted file types: .doc, .docx, .pdf, .xlsx, .csv, .odt, .ods, .odg, .png, & .jpg"),
    );
    expect(await db().select().from(files).where(eq(files.businessId, client.business.id))).toHaveLength(2);
    const empty = await upload(client.token, []);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(html("Choose a file to upload."));
    const longFolder = await upload(client.token, [pdfPart("Long.pdf")], "f".repeat(200));
    expect(longFolder.status).toBe(400);
    expect(await longFolder.text()).toContain(html(DOCUMENT_COPY.folderInvalid));
  });

  it("refuses an upload over the plan's quota, counting every file of the business, and stores nothing", async () => {
    const client = await signedInClient();
    const businessId = client.business.id;
    await setPlan(businessId, "BASIC");
    // 62 files of 16 MB and one of 7,999,800 bytes: 200 bytes under BASIC's 1 GB.
    const filler = Array.from({ length: 63 }, (_, i) => ({
      businessId,
      r2Key: `biz/${businessId}/filler-${i}`,
      originalName: `Filler ${i}.pdf`,
      contentType: "application/pdf",
      sizeBytes: i < 62 ? 16_000_000 : 7_999_800,
      sha256: "0".repeat(64),
      purpose: (i % 2 === 0 ? "other" : "company_document") as "other" | "company_document",
    }));
    for (let i = 0; i < filler.length; i += 8)
      await db()
        .insert(files)
        .values(filler.slice(i, i + 8));
    const before = await db().select().from(files).where(eq(files.businessId, businessId));
    const listed = (await env.FILES.list({ prefix: `biz/${businessId}/` })).objects.length;

    const refused = await upload(client.token, [pdfPart("One too many.pdf")], "Board");
    expect(refused.status).toBe(400);
    const message = DOCUMENT_COPY.quotaExceeded("1 GB");
    expect(await refused.text()).toContain(html(message));
    // The upload endpoint counts the same quota.
    const body = new FormData();
    body.append("files", new File([pdf()], "Api.pdf", { type: "application/pdf" }));
    const api = await call("/api/file-handling/upload-files", { method: "POST", body, cookie: client.token });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ msg: message });

    expect(await db().select().from(files).where(eq(files.businessId, businessId))).toHaveLength(before.length);
    expect((await env.FILES.list({ prefix: `biz/${businessId}/` })).objects.length).toBe(listed);
    const text = await page(client.token);
    expect(text).toContain(html(DOCUMENT_COPY.storageUsed("1 GB", "1 GB")));

    // A bigger plan makes room.
    await setPlan(businessId, "STANDARD");
    expect((await upload(client.token, [pdfPart("Fits now.pdf")])).status).toBe(200);
  });

  it("renames (keeping the extension), moves between folders, only the business's own company documents", async () => {
    const client = await signedInClient();
    const doc = await uploadOne(client.token, "Q3 report.pdf", "Finance");
    const renamed = await postForm(
      HUB,
      { intent: "document-rename", fileId: doc.id, name: "Board pack.docx" },
      client.token,
    );
    expect(renamed.status).toBe(200);
    expect(await renamed.text()).toContain(html(DOCUMENT_COPY.renamed));
    expect((await rowOf(doc.id))?.originalName).toBe("Board pack.docx.pdf");
    await postForm(HUB, { intent: "document-rename", fileId: doc.id, name: "Board pack.PDF" }, client.token);
    expect((await rowOf(doc.id))?.originalName).toBe("Board pack.pdf");
    const blank = await postForm(HUB, { intent: "document-rename", fileId: doc.id, name: "   " }, client.token);
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(html(DOCUMENT_COPY.nameInvalid));

    const moved = await postForm(HUB, { intent: "document-move", fileId: doc.id, folder: "Board" }, client.token);
    expect(await moved.text()).toContain(html(DOCUMENT_COPY.moved));
    expect((await rowOf(doc.id))?.folder).toBe("Board");
    await postForm(HUB, { intent: "document-move", fileId: doc.id, folder: "" }, client.token);
    expect((await rowOf(doc.id))?.folder).toBeNull();

    // Another business: 404, nothing written.
    const other = await signedInClient();
    const attempts: Record<string, string>[] = [
      { intent: "document-rename", fileId: doc.id, name: "Mine now" },
      { intent: "document-move", fileId: doc.id, folder: "Stolen" },
      { intent: "document-delete", fileId: doc.id },
    ];
    for (const fields of attempts) {
      const response = await postForm(HUB, fields, other.token);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(html(DOCUMENT_COPY.notFound));
    }
    expect(await rowOf(doc.id)).toMatchObject({ originalName: "Board pack.pdf", folder: null });
    expect(await env.FILES.head(doc.r2Key)).not.toBeNull();

    // Junk: a 400 with the form's message.
    const junk = await postForm(HUB, { intent: "document-move", fileId: "not-an-id" }, client.token);
    expect(junk.status).toBe(400);
    expect(await junk.text()).toContain(html(DOCUMENT_COPY.chooseAction));
  });

  it("deletes own company documents (row and object), never a request's file, and a second delete is a 404", async () => {
    const client = await signedInClient();
    const doc = await uploadOne(client.token, "Old policy.pdf");
    const insight = await createDeliveredInsight(client.business.id);
    const requestFile = await uploadPdf(client.token, "Attached.pdf");
    const key = `biz/${client.business.id}/${requestFile}`;
    await db()
      .update(files)
      .set({ insightRequestId: insight.requestId, purpose: "insight_request" })
      .where(eq(files.r2Key, key));
    const [attached] = await db().select().from(files).where(eq(files.r2Key, key));

    const refused = await postForm(HUB, { intent: "document-delete", fileId: attached!.id }, client.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(DOCUMENT_COPY.notCompanyDocument));
    expect(await rowOf(attached!.id)).not.toBeNull();
    const renameRequestFile = await postForm(
      HUB,
      { intent: "document-rename", fileId: attached!.id, name: "X" },
      client.token,
    );
    expect(renameRequestFile.status).toBe(409);

    const deleted = await postForm(HUB, { intent: "document-delete", fileId: doc.id }, client.token);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(html(DOCUMENT_COPY.removed));
    expect(await rowOf(doc.id)).toBeNull();
    expect(await env.FILES.head(doc.r2Key)).toBeNull();
    const again = await postForm(HUB, { intent: "document-delete", fileId: doc.id }, client.token);
    expect(again.status).toBe(404);
  });

  it("shares with the business's own match request only; its manager, then its consultant, can download it; unshare clears it", async () => {
    const client = await signedInClient();
    const manager = await signedInManager();
    const doc = await uploadOne(client.token, "Supplier list.pdf");
    const match = await createMatchRequestRow(client.business.id, { assignedManagerId: manager.user.id });
    const other = await signedInClient();
    const otherMatch = await createMatchRequestRow(other.business.id);
    const fileName = doc.r2Key.split("/").pop()!;

    expect((await call(`/api/file-handling/get-file/${fileName}`, { cookie: manager.token })).status).toBe(404);
    const foreign = await postForm(
      HUB,
      { intent: "document-share", fileId: doc.id, matchId: otherMatch.id },
      client.token,
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain(html(DOCUMENT_COPY.matchNotFound));
    expect((await rowOf(doc.id))?.matchRequestId).toBeNull();
    const byOther = await postForm(
      HUB,
      { intent: "document-share", fileId: doc.id, matchId: otherMatch.id },
      other.token,
    );
    expect(byOther.status).toBe(404);

    for (let i = 0; i < 2; i++) {
      const shared = await postForm(HUB, { intent: "document-share", fileId: doc.id, matchId: match.id }, client.token);
      expect(shared.status).toBe(200);
      expect(await shared.text()).toContain(html(DOCUMENT_COPY.shared));
    }
    expect((await rowOf(doc.id))?.matchRequestId).toBe(match.id);
    const listed = await page(client.token);
    expect(listed).toContain(html("Shared with Finance match request of "));
    // Still a company document: listed there, and still not taken by a wizard or the sweep.
    const download = await call(`/api/file-handling/get-file/${fileName}`, { cookie: manager.token });
    expect(download.status).toBe(200);

    // The consultant matched to another of the business's requests: nothing until it is shared there.
    const consultant = await signedInConsultant();
    const matched = await createMatchedMatch(client.business.id, consultant.user.id);
    const asConsultant = () => call(`/api/file-handling/get-file/${fileName}`, { cookie: consultant.token });
    expect((await asConsultant()).status).toBe(404);
    await postForm(HUB, { intent: "document-share", fileId: doc.id, matchId: matched.id }, client.token);
    expect((await asConsultant()).status).toBe(200);
    expect((await call(`/api/file-handling/get-file/${fileName}`, { cookie: manager.token })).status).toBe(404);

    const unshared = await postForm(HUB, { intent: "document-unshare", fileId: doc.id }, client.token);
    expect(await unshared.text()).toContain(html(DOCUMENT_COPY.unshared));
    expect((await rowOf(doc.id))?.matchRequestId).toBeNull();
    expect((await asConsultant()).status).toBe(404);
  });

  it("keeps company documents out of the monthly sweep of abandoned uploads and out of the delete-file endpoint", async () => {
    const client = await signedInClient();
    const doc = await uploadOne(client.token, "Keep me.pdf");
    const abandoned = await uploadPdf(client.token, "Abandoned.pdf");
    await db()
      .update(files)
      .set({ createdAt: new Date(Date.now() - 30 * DAY_MS) })
      .where(eq(files.businessId, client.business.id));
    await sweepUnlinkedFiles(appAt());
    expect(await rowOf(doc.id)).not.toBeNull();
    expect(
      await db()
        .select()
        .from(files)
        .where(eq(files.r2Key, `biz/${client.business.id}/${abandoned}`)),
    ).toHaveLength(0);
    const fileName = doc.r2Key.split("/").pop()!;
    const removal = await call(`/api/file-handling/delete-file/${fileName}`, {
      method: "DELETE",
      cookie: client.token,
    });
    expect(removal.status).toBe(409);
    expect(await rowOf(doc.id)).not.toBeNull();
  });
});
