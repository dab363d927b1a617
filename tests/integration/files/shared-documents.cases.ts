import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { files, sowSignatures, users } from "~db/schema";
import { SHARED_DOCUMENTS_COPY as COPY } from "~/lib/files/shared-documents";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { call, createCandidateRow, createMatchRequestRow, createOutlineRows, db, html, sha256Hex } from "../helpers";

/**
 * The documents shared with a match or engagement: the consultant's /consultant/documents and the
 * "Documents" card of the console's match and engagement pages (listSharedDocuments).
 */

const rename = (id: string, firstName: string, lastName: string) =>
  db().update(users).set({ firstName, lastName }).where(eq(users.id, id));

/** A stored file of the business (R2 object and row), linked as `links` says. */
async function storeFile(
  businessId: string,
  uploaderId: string,
  originalName: string,
  links: { matchRequestId?: string; deliveryItemId?: string; purpose: "match_request" | "delivery_item" | "other" },
  createdAt = new Date("2026-11-20T10:00:00Z"),
) {
  const fileName = `${crypto.randomUUID()}.pdf`;
  const key = `biz/${businessId}/${fileName}`;
  await env.FILES.put(key, `%PDF-1.4 ${originalName}`);
  await db()
    .insert(files)
    .values({
      businessId,
      uploadedByUserId: uploaderId,
      r2Key: key,
      originalName,
      contentType: "application/pdf",
      sizeBytes: 2048,
      sha256: "0".repeat(64),
      createdAt,
      ...links,
    });
  return fileName;
}

/** A signed statement of version 1 of the outline, its PDF in R2 with the hash recorded. */
async function signStatement(outlineId: string, businessId: string) {
  const text = `%PDF-1.4 statement ${outlineId}`;
  const key = `sow/${outlineId}/1.pdf`;
  await env.FILES.put(key, text);
  await db()
    .insert(sowSignatures)
    .values({
      outlineId,
      businessId,
      outlineVersion: 1,
      signerName: "Dana Reyes",
      signatureDate: "2026-11-21",
      signedAt: new Date("2026-11-21T15:00:00Z"),
      pdfKey: key,
      pdfSha256: await sha256Hex(text),
      pdfSize: 12_345,
    });
}

/**
 * A business matched to `consultantId` with an engagement: a request attachment, a company
 * document shared later, a delivered file and a signed statement; assigned to `managerId`.
 */
async function engagementWithDocuments(consultantId: string, managerId: string | null) {
  const client = await signedInClient();
  await rename(client.user.id, "Dana", "Reyes");
  const match = await createMatchRequestRow(client.business.id, {
    status: "engagement_active",
    matchedConsultantId: consultantId,
    assignedManagerId: managerId,
  });
  const { outline, items } = await createOutlineRows(match, { outline: { consultantId } });
  const attachment = await storeFile(client.business.id, client.user.id, "margins-2026.pdf", {
    matchRequestId: match.id,
    purpose: "match_request",
  });
  const shared = await storeFile(
    client.business.id,
    client.user.id,
    "org-chart.pdf",
    { matchRequestId: match.id, purpose: "other" },
    new Date("2026-11-22T10:00:00Z"),
  );
  const delivered = await storeFile(
    client.business.id,
    consultantId,
    "phase-1-report.pdf",
    { deliveryItemId: items[0].id, purpose: "delivery_item" },
    new Date("2026-11-23T10:00:00Z"),
  );
  await signStatement(outline.id, client.business.id);
  return { client, match, outline, items, attachment, shared, delivered };
}

describe("/consultant/documents", () => {
  it("lists per match the request's files, the deliverables and the signed statements, each downloadable", async () => {
    const consultant = await signedInConsultant();
    await rename(consultant.user.id, "Avery", "Stone");
    const { match, outline, attachment, shared, delivered } = await engagementWithDocuments(consultant.user.id, null);

    const page = await call("/consultant/documents", { cookie: consultant.token });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await page.text();
    expect(text).toContain(`<h1>${COPY.pageTitle}</h1>`);
    expect(text).toContain(html(COPY.groupLabel("Harbor Supply Co.", "Finance")));
    expect(text).toContain(`href="/consultant/engagements/${outline.id}"`);
    expect(text).toContain(COPY.openEngagement);
    // Every row: name, source, who added it, when, size, download.
    expect(text).toContain("margins-2026.pdf");
    expect(text).toContain(`href="/api/file-handling/get-file/${attachment}"`);
    expect(text).toContain("org-chart.pdf");
    expect(text).toContain(`href="/api/file-handling/get-file/${shared}"`);
    expect(text).toContain("phase-1-report.pdf");
    expect(text).toContain(`href="/api/file-handling/get-file/${delivered}"`);
    expect(text).toContain("statement-of-work-v1.pdf");
    expect(text).toContain(`href="/engagements/${outline.id}/sow/1.pdf"`);
    expect(text).toContain(">Match request</dd>");
    expect(text).toContain(">Shared by the business</dd>");
    expect(text).toContain(">Deliverable: Phase 1</dd>");
    expect(text).toContain(">Signed statement of work, version 1</dd>");
    expect(text).toContain(">Dana Reyes</dd>");
    expect(text).toContain(">Avery Stone</dd>");
    expect(text).toContain(">Nov 20, 2026</time>");
    expect(text).toContain(">Nov 21, 2026</time>");
    expect(text).toContain(">2 KB</dd>");
    expect(text).toContain(">12 KB</dd>");
    expect(text).toContain('aria-label="Download phase-1-report.pdf"');
    // In order: request files, shared documents, deliverables, statements.
    const order = ["margins-2026.pdf", "org-chart.pdf", "phase-1-report.pdf", "statement-of-work-v1.pdf"].map((name) =>
      text.indexOf(name),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    void match;

    // The links download (the routes authorise again).
    for (const name of [attachment, shared, delivered]) {
      expect((await call(`/api/file-handling/get-file/${name}`, { cookie: consultant.token })).status).toBe(200);
    }
    expect((await call(`/engagements/${outline.id}/sow/1.pdf`, { cookie: consultant.token })).status).toBe(200);
  });

  it("shows nothing of other businesses, other consultants' matches, or candidacies no longer in play", async () => {
    const consultant = await signedInConsultant();
    const other = await signedInConsultant();
    const { attachment, delivered } = await engagementWithDocuments(other.user.id, null);

    // A candidacy in play on another business's open request: its files, but not another consultant's deliverables there.
    const open = await signedInClient();
    const openMatch = await createMatchRequestRow(open.business.id, { status: "candidates_proposed" });
    const candidacy = await createCandidateRow(openMatch.id, open.business.id, consultant.user.id);
    const openFile = await storeFile(open.business.id, open.user.id, "open-request-brief.pdf", {
      matchRequestId: openMatch.id,
      purpose: "match_request",
    });
    // A candidacy the business rejected: nothing.
    const rejected = await signedInClient();
    const rejectedMatch = await createMatchRequestRow(rejected.business.id, { status: "awaiting_decision" });
    await createCandidateRow(rejectedMatch.id, rejected.business.id, consultant.user.id, {
      status: "accepted",
      businessDecisionStatus: "rejected",
    });
    await storeFile(rejected.business.id, rejected.user.id, "rejected-brief.pdf", {
      matchRequestId: rejectedMatch.id,
      purpose: "match_request",
    });
    // A declined candidacy: nothing.
    const declined = await signedInClient();
    const declinedMatch = await createMatchRequestRow(declined.business.id, { status: "candidates_proposed" });
    await createCandidateRow(declinedMatch.id, declined.business.id, consultant.user.id, { status: "declined" });
    await storeFile(declined.business.id, declined.user.id, "declined-brief.pdf", {
      matchRequestId: declinedMatch.id,
      purpose: "match_request",
    });

    const text = await (await call("/consultant/documents", { cookie: consultant.token })).text();
    expect(text).toContain("open-request-brief.pdf");
    expect(text).toContain(`href="/api/file-handling/get-file/${openFile}"`);
    expect(text).toContain(`href="/consultant/candidacies/${candidacy.id}"`);
    expect(text).toContain(COPY.openMatch);
    expect(text).not.toContain("declined-brief.pdf");
    expect(text).not.toContain("rejected-brief.pdf");
    expect(text).not.toContain("margins-2026.pdf");
    expect(text).not.toContain("phase-1-report.pdf");
    expect(text).not.toContain("statement-of-work-v1.pdf");
    for (const name of [attachment, delivered]) {
      expect((await call(`/api/file-handling/get-file/${name}`, { cookie: consultant.token })).status).toBe(404);
    }

    // A consultant with no match at all.
    const fresh = await signedInConsultant();
    const empty = await (await call("/consultant/documents", { cookie: fresh.token })).text();
    expect(empty).toContain(COPY.noneAtAll);
  });

  it("sends no session to the login screen and other roles to a 404", async () => {
    const anonymous = await call("/consultant/documents");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    const client = await signedInClient();
    expect((await call("/consultant/documents", { cookie: client.token })).status).toBe(404);
    const manager = await signedInManager();
    expect((await call("/consultant/documents", { cookie: manager.token })).status).toBe(404);
  });

  it("has a Documents entry in the portal's navigation", async () => {
    const consultant = await signedInConsultant();
    const text = await (await call("/consultant", { cookie: consultant.token })).text();
    expect(text).toContain('href="/consultant/documents"');
  });
});

describe("the console's Documents card", () => {
  it("lists the match's and engagement's documents to the assigned manager on both pages", async () => {
    const manager = await signedInManager();
    const consultant = await signedInConsultant();
    const { match, outline, attachment, delivered } = await engagementWithDocuments(
      consultant.user.id,
      manager.user.id,
    );
    for (const path of [`/manage/matches/${match.id}`, `/manage/engagements/${outline.id}`]) {
      const response = await call(path, { cookie: manager.token });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain(`>${COPY.heading}</h2>`);
      expect(text).toContain(`href="/api/file-handling/get-file/${attachment}"`);
      expect(text).toContain(`href="/api/file-handling/get-file/${delivered}"`);
      expect(text).toContain(`href="/engagements/${outline.id}/sow/1.pdf"`);
      expect(text).toContain(">Deliverable: Phase 1</dd>");
      expect(text).toContain("org-chart.pdf");
    }
    for (const name of [attachment, delivered]) {
      expect((await call(`/api/file-handling/get-file/${name}`, { cookie: manager.token })).status).toBe(200);
    }
  });

  it("shows another manager only how many documents there are", async () => {
    const assigned = await signedInManager();
    const other = await signedInManager();
    const consultant = await signedInConsultant();
    const { match, outline, attachment } = await engagementWithDocuments(consultant.user.id, assigned.user.id);
    for (const path of [`/manage/matches/${match.id}`, `/manage/engagements/${outline.id}`]) {
      const text = await (await call(path, { cookie: other.token })).text();
      expect(text).toContain(html(COPY.hiddenUntilAssigned(4)));
      expect(text).not.toContain("margins-2026.pdf");
      expect(text).not.toContain(attachment);
    }
    expect((await call(`/api/file-handling/get-file/${attachment}`, { cookie: other.token })).status).toBe(404);
  });

  it("says when nothing is shared, and answers 404 for unknown ids and non-managers", async () => {
    const manager = await signedInManager();
    const client = await signedInClient();
    const match = await createMatchRequestRow(client.business.id, { assignedManagerId: manager.user.id });
    const text = await (await call(`/manage/matches/${match.id}`, { cookie: manager.token })).text();
    expect(text).toContain(COPY.none);
    expect((await call("/manage/matches/no-such-request", { cookie: manager.token })).status).toBe(404);
    expect((await call("/manage/engagements/no-such-outline", { cookie: manager.token })).status).toBe(404);
    const consultant = await signedInConsultant();
    expect((await call(`/manage/matches/${match.id}`, { cookie: consultant.token })).status).toBe(404);
    expect((await call(`/manage/matches/${match.id}`, { cookie: client.token })).status).toBe(404);
    expect((await call(`/manage/matches/${match.id}`)).status).toBe(404);
  });
});
