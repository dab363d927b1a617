import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryOutlines, matchRequests, sowSignatures } from "~db/schema";
import { MATCH_STATUS_TEXTS, matchStatusText } from "~/lib/matching/match-status";
import {
  CHANGES_REQUESTED_NEXT,
  CHANGES_REQUESTED_TITLE,
  NEXT_STEP_REVIEW_PLAN,
  OUTLINE_NOT_FOUND,
  OUTLINE_REVIEW_FAILED,
  OUTLINE_REVIEW_SENT,
  PLAN_ACCEPT_LABEL,
  PLAN_CHANGE_AWAITING_MANAGER,
  PLAN_REJECT_LABEL,
  PLAN_REJECTED_TITLE,
  PLAN_REVIEW_OUT_OF_TURN,
  PLAN_SIGNED_TITLE,
  REJECTION_NOTES_REQUIRED,
  REVIEW_CONFIRMATION_REQUIRED,
  SIGNATURE_LAST_NAME_REQUIRED,
} from "~/lib/engagements/engagement-copy";
import { consultantEngagementPath, managerEngagementPath } from "~/lib/engagements/engagement-paths";
import { SOW_HEADINGS } from "~/lib/engagements/sow";
import { loadSignedStatements, reviewPlanFromForm } from "~/server/engagements/plan-review.server";
import { CLIENTS_ONLY_MESSAGE, NOT_SIGNED_IN_MESSAGE } from "~/http/guards.server";
import {
  appAt,
  call,
  createPlanAwaitingBusiness,
  db,
  html,
  ORIGIN,
  planFields,
  postForm,
  viewerOf,
  noticesOf,
  auditOf,
} from "../helpers";
import { signedInClient, signedInConsultant, signedInManager, type SignedInClient } from "../../factories";
import { form } from "../../support/form";

const REVIEW = "/api/delivery-outline/submit-business-review";
const SIGNER = "Dana Reyes";
const DATE = "2026-11-23";

const review = (json: unknown, cookie?: string | null, headers: Record<string, string> = {}) =>
  call(REVIEW, { method: "PUT", json, cookie, headers });

const approve = (outlineId: string) => ({
  deliveryOutlineId: outlineId,
  decision: "approved",
  businessSignature: SIGNER,
  businessSignatureDate: DATE,
  notes: "",
});

async function outlineRow(id: string) {
  const [row] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, id));
  return row!;
}

async function signaturesOf(outlineId: string) {
  return db().select().from(sowSignatures).where(eq(sowSignatures.outlineId, outlineId));
}

async function sha256(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A signed-in business with a plan its manager approved, the consultant and the manager. */
async function setUp(client?: SignedInClient, outline: Parameters<typeof createPlanAwaitingBusiness>[3] = {}) {
  const business = client ?? (await signedInClient());
  const consultant = await signedInConsultant();
  const manager = await signedInManager();
  const { outline: row, items } = await createPlanAwaitingBusiness(
    business.business.id,
    consultant.user.id,
    manager.user.id,
    outline,
  );
  return { business, consultant, manager, outline: row, items };
}

describe("PUT /api/delivery-outline/submit-business-review: accepting signs the statement of work", () => {
  it("signs once: the PDF in R2 with its SHA-256, the audit row, the outline active, the consultant and manager told", async () => {
    const { business, consultant, manager, outline } = await setUp();
    const response = await review(approve(outline.id), business.token, {
      "CF-Connecting-IP": "203.0.113.7",
      "User-Agent": "PlanReviewTest/1.0",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      _id: outline.id,
      version: 1,
      signedVersion: 1,
      state: "active",
      status: "active",
      complete: false,
      egmReview: { status: "approved" },
      businessReview: { status: "approved", notes: null },
      businessSignature: SIGNER,
      businessSignatureDate: DATE,
    });

    const row = await outlineRow(outline.id);
    expect(row).toMatchObject({
      businessReviewStatus: "approved",
      businessSignature: SIGNER,
      businessSignatureDate: DATE,
      signedVersion: 1,
      state: "active",
    });
    expect(row.startedAt).toBeInstanceOf(Date);
    expect(row.businessReviewedAt).toBeInstanceOf(Date);
    // The match follows: its engagement is active (step FIVE, 'plan is active').
    const [match] = await db()
      .select({ status: matchRequests.status, nextCandidateBy: matchRequests.nextCandidateBy })
      .from(matchRequests)
      .where(eq(matchRequests.id, row.matchRequestId));
    expect(match).toEqual({ status: "engagement_active", nextCandidateBy: null });
    expect(matchStatusText(match!)).toBe(MATCH_STATUS_TEXTS.engagement_active);

    const [signature, ...others] = await signaturesOf(outline.id);
    expect(others).toHaveLength(0);
    expect(signature).toMatchObject({
      businessId: business.business.id,
      outlineVersion: 1,
      signerUserId: business.user.id,
      signerName: SIGNER,
      signatureDate: DATE,
      ipAddress: "203.0.113.7",
      userAgent: "PlanReviewTest/1.0",
    });
    expect(signature!.signedAt.getTime()).toBe(row.businessReviewedAt!.getTime());
    expect(signature!.pdfKey).toMatch(new RegExp(`^sow/${outline.id}/v1-[0-9a-f]{16}\\.pdf$`));

    const object = await env.FILES.get(signature!.pdfKey);
    expect(object).not.toBeNull();
    expect(object!.httpMetadata?.contentType).toBe("application/pdf");
    const bytes = await object!.arrayBuffer();
    expect(bytes.byteLength).toBe(signature!.pdfSize);
    expect(await sha256(bytes)).toBe(signature!.pdfSha256);
    const text = new TextDecoder("latin1").decode(bytes);
    expect(text.startsWith("%PDF-")).toBe(true);
    for (const heading of Object.values(SOW_HEADINGS)) expect(text).toContain(`(${heading}) Tj`);
    expect(text).toContain(`(Name: ${SIGNER}) Tj`);
    expect(text).toContain("(Date: Nov 23, 2026) Tj");
    expect(text).toContain("(Phase 1) Tj");
    expect(text).toContain(`Outline ${outline.id}`);

    const [toConsultant] = await noticesOf(consultant.user.id, "plan_signed");
    expect(toConsultant).toMatchObject({ title: PLAN_SIGNED_TITLE, link: consultantEngagementPath(outline.id) });
    const [toManager] = await noticesOf(manager.user.id, "plan_signed");
    expect(toManager).toMatchObject({ title: PLAN_SIGNED_TITLE, link: managerEngagementPath(outline.id) });
    expect(await noticesOf(business.user.id, "plan_signed")).toHaveLength(0);

    // The signed statements list of the outline.
    expect(await loadSignedStatements(appAt(), outline.id)).toEqual([
      {
        version: 1,
        signerName: SIGNER,
        signatureDate: DATE,
        signedAt: signature!.signedAt.toISOString(),
        sha256: signature!.pdfSha256,
        size: signature!.pdfSize,
        url: `/engagements/${outline.id}/sow/1.pdf`,
      },
    ]);
  });

  it("a double submission signs once; a later one is out of turn (409) and changes nothing", async () => {
    const { business, consultant, outline } = await setUp();
    const [first, second] = await Promise.all([
      review(approve(outline.id), business.token),
      review({ ...approve(outline.id), businessSignature: "Someone Else" }, business.token),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const signatures = await signaturesOf(outline.id);
    expect(signatures).toHaveLength(1);
    const row = await outlineRow(outline.id);
    expect(row.businessSignature).toBe(signatures[0]!.signerName);
    expect(await noticesOf(consultant.user.id, "plan_signed")).toHaveLength(1);
    // The audit trail has the one signature, by the business's person, with the winner's name.
    expect(await auditOf(business.business.id, outline.id)).toEqual([
      {
        action: "plan.signed",
        actorUserId: business.user.id,
        actorKind: "client",
        subjectType: "plan",
        subjectId: outline.id,
        detail: { title: outline.title, version: 1, signature: row.businessSignature },
      },
    ]);
    // The winner's PDF is the one referenced and it is intact.
    const object = await env.FILES.get(signatures[0]!.pdfKey);
    expect(await sha256(await object!.arrayBuffer())).toBe(signatures[0]!.pdfSha256);

    const again = await review(approve(outline.id), business.token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ msg: PLAN_REVIEW_OUT_OF_TURN });
    expect(await signaturesOf(outline.id)).toHaveLength(1);
    expect((await outlineRow(outline.id)).updatedAt.getTime()).toBe(row.updatedAt.getTime());
  });

  it("a later plan version needs and gets its own signature", async () => {
    const client = await signedInClient();
    const started = new Date("2026-10-01T12:00:00Z");
    const { outline } = await setUp(client, {
      state: "active",
      version: 2,
      signedVersion: 1,
      startedAt: started,
      businessSignature: "Old Signer",
      businessSignatureDate: "2026-10-01",
    });
    await db()
      .insert(sowSignatures)
      .values({
        outlineId: outline.id,
        businessId: client.business.id,
        outlineVersion: 1,
        signerUserId: client.user.id,
        signerName: "Old Signer",
        signatureDate: "2026-10-01",
        signedAt: started,
        pdfKey: `sow/${outline.id}/v1-old.pdf`,
        pdfSha256: "0".repeat(64),
        pdfSize: 10,
      });
    // The date as a client's JSON.stringify(new Date()) sends it, an ISO 8601 date-time: its
    // calendar date as written is kept (late on Nov 23 in New York is Nov 24 in UTC, not here).
    const response = await review(
      { ...approve(outline.id), businessSignatureDate: `${DATE}T23:30:00.000-05:00` },
      client.token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      version: 2,
      signedVersion: 2,
      businessSignature: SIGNER,
      businessSignatureDate: DATE,
    });
    const signatures = (await signaturesOf(outline.id)).sort((a, b) => a.outlineVersion - b.outlineVersion);
    expect(signatures.map((row) => [row.outlineVersion, row.signerName])).toEqual([
      [1, "Old Signer"],
      [2, SIGNER],
    ]);
    const row = await outlineRow(outline.id);
    expect(row.startedAt!.getTime()).toBe(started.getTime());
    const object = await env.FILES.get(signatures[1]!.pdfKey);
    const text = new TextDecoder("latin1").decode(await object!.arrayBuffer());
    expect(text).toContain("Version 2");
    expect(text).toContain("(Date: Nov 23, 2026) Tj");
    expect(signatures[1]!.signatureDate).toBe(DATE);
    expect((await loadSignedStatements(appAt(), outline.id)).map((statement) => statement.version)).toEqual([2, 1]);
  });
});

describe("PUT /api/delivery-outline/submit-business-review: rejecting, refusals", () => {
  it("a rejection keeps the notes, tells the consultant and manager once, and signs nothing", async () => {
    const { business, consultant, manager, outline } = await setUp();
    const body = {
      deliveryOutlineId: outline.id,
      decision: "revision",
      businessSignature: SIGNER,
      businessSignatureDate: DATE,
      notes: "Phase 2 is too expensive.",
    };
    const response = await review(body, business.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      _id: outline.id,
      state: "proposed",
      signedVersion: null,
      status: "awaiting_customer",
      businessReview: { status: "revision", notes: "Phase 2 is too expensive." },
    });
    const row = await outlineRow(outline.id);
    expect(row).toMatchObject({ businessReviewStatus: "revision", businessNotes: "Phase 2 is too expensive." });
    expect(row.businessSignature).toBeNull();
    expect(await signaturesOf(outline.id)).toHaveLength(0);
    expect(await noticesOf(consultant.user.id, "plan_rejected")).toMatchObject([{ title: PLAN_REJECTED_TITLE }]);
    expect(await noticesOf(manager.user.id, "plan_rejected")).toHaveLength(1);

    // The same rejection again: the same answer, nobody told twice.
    const again = await review(body, business.token);
    expect(again.status).toBe(200);
    expect(await noticesOf(consultant.user.id, "plan_rejected")).toHaveLength(1);
  });

  it("two rejections at once: one is recorded and told, both answer the rejection that stands", async () => {
    const { business, consultant, outline } = await setUp();
    const body = {
      deliveryOutlineId: outline.id,
      decision: "revision",
      businessSignature: SIGNER,
      businessSignatureDate: DATE,
      notes: "Too long.",
    };
    const responses = await Promise.all([review(body, business.token), review(body, business.token)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(await noticesOf(consultant.user.id, "plan_rejected")).toHaveLength(1);
    expect(await auditOf(business.business.id, outline.id)).toEqual([
      {
        action: "plan.revision_requested",
        actorUserId: business.user.id,
        actorKind: "client",
        subjectType: "plan",
        subjectId: outline.id,
        detail: { title: outline.title, version: 1, notes: "Too long." },
      },
    ]);
    // A new version the manager approved may be rejected again (and is told again).
    await db()
      .update(deliveryOutlines)
      .set({ version: 2, egmReviewedAt: new Date(Date.now() + 1000) })
      .where(eq(deliveryOutlines.id, outline.id));
    const second = await review({ ...body, notes: "Still too long." }, business.token);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({
      version: 2,
      businessReview: { status: "revision", notes: "Still too long." },
    });
    expect(await noticesOf(consultant.user.id, "plan_rejected")).toHaveLength(2);
  });

  it("a rejection needs notes; a malformed body is a 400 and nothing changes", async () => {
    const { business, outline } = await setUp();
    const noNotes = await review(
      { deliveryOutlineId: outline.id, decision: "revision", businessSignature: SIGNER, businessSignatureDate: DATE },
      business.token,
    );
    expect(noNotes.status).toBe(400);
    expect(await noNotes.json()).toEqual({
      msg: REJECTION_NOTES_REQUIRED,
      errors: { notes: REJECTION_NOTES_REQUIRED },
    });
    for (const date of [
      "2026-02-30",
      "2026-02-30T10:00:00.000Z",
      "2026-11-23T25:00:00Z",
      "2026-11-23 10:00",
      "Nov 23",
    ]) {
      const badDate = await review({ ...approve(outline.id), businessSignatureDate: date }, business.token);
      expect(badDate.status, date).toBe(400);
    }
    const junk = await call(REVIEW, {
      method: "PUT",
      cookie: business.token,
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(junk.status).toBe(400);
    expect((await outlineRow(outline.id)).businessReviewStatus).toBe("pending");
  });

  it("another business's plan → 404 and no write; anonymous → 401; staff → 403; other methods → 405", async () => {
    const { outline } = await setUp();
    const other = await signedInClient();
    const response = await review(approve(outline.id), other.token);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: OUTLINE_NOT_FOUND });
    expect((await outlineRow(outline.id)).businessReviewStatus).toBe("pending");
    expect(await signaturesOf(outline.id)).toHaveLength(0);

    const anonymous = await review(approve(outline.id), null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ msg: NOT_SIGNED_IN_MESSAGE });
    const consultant = await signedInConsultant();
    const staff = await review(approve(outline.id), consultant.token);
    expect(staff.status).toBe(403);
    expect(await staff.json()).toEqual({ msg: CLIENTS_ONLY_MESSAGE });
    const get = await call(REVIEW, { cookie: (await signedInClient()).token });
    expect(get.status).toBe(405);
  });

  it("before the manager's approval, while a new version waits for the manager, or complete → 409", async () => {
    const client = await signedInClient();
    const cases = [
      { state: "proposed" as const, egmReviewStatus: "pending" as const, egmReviewedAt: null },
      { state: "draft" as const, egmReviewStatus: "pending" as const, egmReviewedAt: null, submittedAt: null },
      { state: "proposed" as const, egmReviewStatus: "revision" as const },
      {
        state: "active" as const,
        version: 2,
        signedVersion: 1,
        businessReviewStatus: "pending" as const,
        egmReviewStatus: "pending" as const,
      },
      { state: "complete" as const, complete: true, businessReviewStatus: "approved" as const, signedVersion: 1 },
    ];
    for (const outline of cases) {
      const { outline: row } = await setUp(client, outline);
      const response = await review(approve(row.id), client.token);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ msg: PLAN_REVIEW_OUT_OF_TURN });
      expect(await signaturesOf(row.id)).toHaveLength(0);
      expect((await outlineRow(row.id)).businessSignature).toBeNull();
    }
  });
});

describe("reviewPlanFromForm (the review dialog's intent=review-plan)", () => {
  const request = () =>
    new Request(`${ORIGIN}/features`, {
      method: "POST",
      headers: { "CF-Connecting-IP": "198.51.100.4", "User-Agent": "DialogTest" },
    });
  const fields = (outlineId: string, overrides: Record<string, string> = {}) => ({
    intent: "review-plan",
    deliveryOutlineId: outlineId,
    decision: "approved",
    confirm: "on",
    firstName: "Dana",
    lastName: "Reyes",
    signatureDate: DATE,
    notes: "",
    version: "1",
    ...overrides,
  });

  it("an invalid form answers 400 with the field errors and changes nothing", async () => {
    const { business, outline } = await setUp();
    const viewer = await viewerOf(business.user.id, business.business.id);
    const reply = await reviewPlanFromForm(
      appAt(),
      viewer,
      form(fields(outline.id, { confirm: "", lastName: "" })),
      request(),
    );
    expect(reply.status).toBe(400);
    expect(reply.data.sent).toBeNull();
    expect(reply.data.result.error).toMatchObject({
      confirm: [REVIEW_CONFIRMATION_REQUIRED],
      lastName: [SIGNATURE_LAST_NAME_REQUIRED],
    });
    const rejectWithoutNotes = await reviewPlanFromForm(
      appAt(),
      viewer,
      form(fields(outline.id, { decision: "revision" })),
      request(),
    );
    expect(rejectWithoutNotes.status).toBe(400);
    expect(rejectWithoutNotes.data.result.error).toMatchObject({ notes: [REJECTION_NOTES_REQUIRED] });
    expect((await outlineRow(outline.id)).businessReviewStatus).toBe("pending");
  });

  it("signs with 'First Last' and answers the sent message; then the out-of-turn lines", async () => {
    const { business, outline } = await setUp();
    const viewer = await viewerOf(business.user.id, business.business.id);
    const reply = await reviewPlanFromForm(appAt(), viewer, form(fields(outline.id)), request());
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ intent: "review-plan", sent: OUTLINE_REVIEW_SENT, failed: null });
    const [signature] = await signaturesOf(outline.id);
    expect(signature).toMatchObject({ signerName: "Dana Reyes", ipAddress: "198.51.100.4", userAgent: "DialogTest" });

    const again = await reviewPlanFromForm(appAt(), viewer, form(fields(outline.id)), request());
    expect(again.status).toBe(409);
    expect(again.data.failed).toEqual([...OUTLINE_REVIEW_FAILED]);
    expect(again.data.sent).toBeNull();
  });

  it("a form for another version than the one waiting is refused (409); another business's plan shows the three lines", async () => {
    const { business, outline } = await setUp(undefined, { version: 3 });
    const viewer = await viewerOf(business.user.id, business.business.id);
    const stale = await reviewPlanFromForm(appAt(), viewer, form(fields(outline.id, { version: "2" })), request());
    expect(stale.status).toBe(409);
    expect(await signaturesOf(outline.id)).toHaveLength(0);

    const other = await signedInClient();
    const otherViewer = await viewerOf(other.user.id, other.business.id);
    const refused = await reviewPlanFromForm(
      appAt(),
      otherViewer,
      form(fields(outline.id, { version: "3" })),
      request(),
    );
    expect(refused.status).toBe(404);
    expect(refused.data.failed).toEqual([...OUTLINE_REVIEW_FAILED]);
    expect(await signaturesOf(outline.id)).toHaveLength(0);
  });
});

describe("after the business asks for changes (issue #36, ADR 049)", () => {
  const panel = (id: string) => `/features?focus=Engagements&engagementId=${encodeURIComponent(id)}`;
  const read = async (path: string, token: string) => {
    const response = await call(path, { cookie: token });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it("shows its notes as 'You asked for changes', offers no Accept until the consultant's new version is approved", async () => {
    const { business, consultant, manager, outline } = await setUp();
    const notes = "Phase 2 is too expensive & too long.";
    const rejected = await review(
      {
        deliveryOutlineId: outline.id,
        decision: "revision",
        businessSignature: SIGNER,
        businessSignatureDate: DATE,
        notes,
      },
      business.token,
    );
    expect(rejected.status).toBe(200);
    expect((await outlineRow(outline.id)).businessRejectedVersion).toBe(1);

    // The panel says what happened, with the notes, and offers neither Accept nor Reject.
    const page = await read(panel(outline.id), business.token);
    expect(page).toContain(`>${CHANGES_REQUESTED_TITLE}</h4>`);
    expect(page).toContain(html(notes));
    expect(page).toContain(CHANGES_REQUESTED_NEXT);
    expect(page).not.toContain(`>${PLAN_ACCEPT_LABEL}</button>`);
    expect(page).not.toContain(`>${PLAN_REJECT_LABEL}</button>`);
    // The tile keeps the spec's status; nothing asks the business to sign.
    expect(page).toContain("Approved (awaiting customer decision)");
    const dashboard = await read("/dashboard", business.token);
    expect(dashboard).not.toContain(NEXT_STEP_REVIEW_PLAN);

    // Accepting the version it rejected is refused and changes nothing.
    const accept = await review(approve(outline.id), business.token);
    expect(accept.status).toBe(409);
    expect(await accept.json()).toMatchObject({ msg: PLAN_REVIEW_OUT_OF_TURN });
    expect(await outlineRow(outline.id)).toMatchObject({ businessReviewStatus: "revision", signedVersion: null });
    expect(await signaturesOf(outline.id)).toHaveLength(0);

    // The consultant sends a new version, the manager approves it: the business decides again.
    const edit = await read(consultantEngagementPath(outline.id), consultant.token);
    expect(edit).toContain("Edit the plan");
    const sent = await postForm(
      consultantEngagementPath(outline.id),
      planFields({
        intent: "submit",
        items: [{ title: "Phase 1", deliveryDate: "2027-01-01", price: "1500" }],
      }),
      consultant.token,
    );
    expect(sent.status).toBe(302);
    const waiting = await read(panel(outline.id), business.token);
    expect(waiting).not.toContain(CHANGES_REQUESTED_TITLE);
    expect(waiting).toContain(html(PLAN_CHANGE_AWAITING_MANAGER));
    const approved = await postForm(managerEngagementPath(outline.id), { intent: "approve-plan" }, manager.token);
    expect(approved.status).toBe(302);
    const again = await read(panel(outline.id), business.token);
    expect(again).not.toContain(CHANGES_REQUESTED_TITLE);
    expect(again).toContain(`>${PLAN_ACCEPT_LABEL}</button>`);
    expect(await read("/dashboard", business.token)).toContain(NEXT_STEP_REVIEW_PLAN);
    const signed = await review({ ...approve(outline.id) }, business.token);
    expect(signed.status).toBe(200);
    expect(await outlineRow(outline.id)).toMatchObject({ businessReviewStatus: "approved", signedVersion: 2 });
  });
});
