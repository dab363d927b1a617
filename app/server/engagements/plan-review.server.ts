import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  businesses,
  deliveryItems,
  deliveryOutlines,
  matchRequests,
  sowSignatures,
  users,
  type DeliveryOutline,
} from "~db/schema";
import {
  OUTLINE_NOT_FOUND,
  OUTLINE_REVIEW_FAILED,
  OUTLINE_REVIEW_SENT,
  PLAN_REJECTED_TITLE,
  PLAN_REVIEW_OUT_OF_TURN,
  PLAN_SIGNED_TITLE,
  planRejectedBody,
  planSignedBody,
} from "~/lib/engagements/engagement-copy";
import { markEngagementActive } from "~/server/matching/match-status.server";
import { consultantEngagementPath, managerEngagementPath, sowPdfPath } from "~/lib/engagements/engagement-paths";
import { planReviewOfForm, PlanReviewFormSchema, type PlanReview } from "~/lib/engagements/engagement-schemas";
import { businessRejectedCurrentVersion, canBusinessReviewPlan, sortedItems } from "~/lib/engagements/engagement-state";
import { renderSowPdf } from "~/lib/engagements/sow-pdf";
import { sowRetainerOf, buildSowDocument } from "~/lib/engagements/sow";
import { fullName } from "~/lib/shared/format";
import type { ClientViewer, Viewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { managerIds, notify, type Notice } from "~/server/notifications/notify.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { actorOf, auditAfterChange } from "~/server/audit/audit.server";

/**
 * The business's review of the engagement plan (spec §4 "Engagement plan review", PUT
 * /api/delivery-outline/submit-business-review): reject it with notes, or accept it by signing
 * the statement of work. A signature renders the plan version as a PDF on the Worker, keeps it in
 * R2 with the SHA-256 of its bytes and writes the audit row (who, the typed name, the date, when,
 * IP, user agent) together with the outline's new state in one db.batch, each write conditional on
 * the state that allows it: a repeat or a race signs once and answers what stands.
 */

export type PlanReviewResult = { ok: true; outline: DeliveryOutline } | { ok: false; status: 404 | 409; msg: string };

export type SignatureAudit = { ipAddress: string | null; userAgent: string | null };

const USER_AGENT_MAX = 512;

/** The R2 key of a signed PDF: per version, with the start of its hash (a racing second render never overwrites the first). */
export function sowPdfKey(outlineId: string, version: number, sha256: string): string {
  return `sow/${outlineId}/v${version}-${sha256.slice(0, 16)}.pdf`;
}

/** Lowercase hex SHA-256 of the bytes. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The client's IP (Cloudflare's header) and user agent, as the audit row keeps them. */
export function signatureAudit(request: Request): SignatureAudit {
  return {
    ipAddress: request.headers.get("CF-Connecting-IP")?.trim().slice(0, 64) || null,
    userAgent: request.headers.get("User-Agent")?.slice(0, USER_AGENT_MAX) || null,
  };
}

/** The outline with what the statement needs (the match, the business's and consultant's names) and its items. */
async function loadForReview(app: AppContext, businessId: string, outlineId: string) {
  const [rows, items] = await app.db.batch([
    app.db
      .select({
        outline: deliveryOutlines,
        category: matchRequests.category,
        consultingType: matchRequests.consultingType,
        problemStatement: matchRequests.problemStatement,
        assignedManagerId: matchRequests.assignedManagerId,
        businessName: businesses.name,
        consultantFirstName: users.firstName,
        consultantLastName: users.lastName,
      })
      .from(deliveryOutlines)
      .innerJoin(matchRequests, eq(matchRequests.id, deliveryOutlines.matchRequestId))
      .innerJoin(businesses, eq(businesses.id, deliveryOutlines.businessId))
      .leftJoin(users, eq(users.id, deliveryOutlines.consultantId))
      .where(and(eq(deliveryOutlines.id, outlineId), eq(deliveryOutlines.businessId, businessId))),
    app.db
      .select()
      .from(deliveryItems)
      .where(and(eq(deliveryItems.outlineId, outlineId), eq(deliveryItems.businessId, businessId)))
      .orderBy(asc(deliveryItems.position)),
  ]);
  const row = rows[0];
  return row ? { ...row, items: sortedItems(items) } : null;
}

type ReviewState = NonNullable<Awaited<ReturnType<typeof loadForReview>>>;

/**
 * The state a review may change: the version the business read, approved by the manager, not yet
 * decided, and not a version the business rejected (ADR 049).
 */
function reviewable(outlineId: string, businessId: string, version: number) {
  return and(
    eq(deliveryOutlines.id, outlineId),
    eq(deliveryOutlines.businessId, businessId),
    eq(deliveryOutlines.version, version),
    eq(deliveryOutlines.egmReviewStatus, "approved"),
    eq(deliveryOutlines.complete, false),
    sql`${deliveryOutlines.businessReviewStatus} <> 'approved'`,
    sql`${deliveryOutlines.businessRejectedVersion} IS NOT ${version}`,
  );
}

export async function submitBusinessReview(
  app: AppContext,
  viewer: ClientViewer,
  input: PlanReview,
  audit: SignatureAudit,
  origin: string,
  options: { expectedVersion?: number } = {},
): Promise<PlanReviewResult> {
  const businessId = viewer.business.id;
  const state = await loadForReview(app, businessId, input.outlineId);
  if (!state) return { ok: false, status: 404, msg: OUTLINE_NOT_FOUND };
  const { outline } = state;
  if (
    input.decision === "revision" &&
    businessRejectedCurrentVersion(outline) &&
    outline.egmReviewStatus === "approved"
  ) {
    // The same rejection again: it stands, nobody is told twice.
    return { ok: true, outline };
  }
  if (!canBusinessReviewPlan(outline)) return { ok: false, status: 409, msg: PLAN_REVIEW_OUT_OF_TURN };
  // The page read another version than the one waiting now: the business must read this one first.
  if (options.expectedVersion !== undefined && options.expectedVersion !== outline.version) {
    return { ok: false, status: 409, msg: PLAN_REVIEW_OUT_OF_TURN };
  }
  return input.decision === "revision"
    ? reject(app, viewer, state, input, origin)
    : sign(app, viewer, state, input, audit, origin);
}

async function reject(
  app: AppContext,
  viewer: ClientViewer,
  state: ReviewState,
  input: PlanReview,
  origin: string,
): Promise<PlanReviewResult> {
  const { outline } = state;
  const now = app.now();
  const [[updated]] = await app.db.batch([
    app.db
      .update(deliveryOutlines)
      .set({
        businessReviewStatus: "revision",
        businessNotes: input.notes,
        businessRejectedVersion: outline.version,
        businessReviewedAt: now,
        updatedAt: now,
      })
      // Not a rejection of this version already (a racing repeat finds the first one's mark).
      .where(reviewable(outline.id, viewer.business.id, outline.version))
      .returning(),
    auditAfterChange(app, {
      actor: actorOf(viewer),
      action: "plan.revision_requested",
      businessId: viewer.business.id,
      subject: { type: "plan", id: outline.id },
      detail: { title: outline.title, version: outline.version, notes: input.notes },
    }),
  ]);
  if (!updated) return settled(app, viewer.business.id, outline.id, outline.version, "revision");
  await tell(app, origin, await notices(app, state, "plan_rejected"));
  return { ok: true, outline: updated };
}

async function sign(
  app: AppContext,
  viewer: ClientViewer,
  state: ReviewState,
  input: PlanReview,
  audit: SignatureAudit,
  origin: string,
): Promise<PlanReviewResult> {
  const { outline } = state;
  const businessId = viewer.business.id;
  const now = app.now();
  const signature = { name: input.signature, date: input.signatureDate };
  const consultantName = fullName(state.consultantFirstName, state.consultantLastName) || "Your consultant";
  const document = buildSowDocument({
    businessName: state.businessName,
    consultantName,
    category: state.category,
    consultingType: state.consultingType,
    problemStatement: state.problemStatement,
    title: outline.title,
    overview: outline.overview,
    version: outline.version,
    items: state.items,
    signature,
    today: now.toISOString().slice(0, 10),
    platformFeePercent: app.env.PLATFORM_FEE_PERCENT,
    retainer: sowRetainerOf(outline),
  });
  const pdf = renderSowPdf({
    document,
    outlineId: outline.id,
    signature,
    businessName: state.businessName,
    consultantName,
  });
  const hash = await sha256Hex(pdf);
  const key = sowPdfKey(outline.id, outline.version, hash);
  // The PDF first: a signature row never points at a missing file (a failed batch leaves an unused object).
  await app.files.put(key, pdf, {
    // R2 checks the bytes it stored against the hash.
    sha256: hash,
    httpMetadata: { contentType: "application/pdf" },
    customMetadata: { sha256: hash, outlineId: outline.id, version: String(outline.version) },
  });
  const nowMs = now.getTime();
  const [updatedRows] = await app.db.batch([
    app.db
      .update(deliveryOutlines)
      .set({
        businessReviewStatus: "approved",
        // Notes given with the acceptance; an earlier rejection's notes no longer apply.
        businessNotes: input.notes || null,
        businessSignature: signature.name,
        businessSignatureDate: signature.date,
        businessReviewedAt: now,
        signedVersion: outline.version,
        state: "active",
        startedAt: sql`coalesce(${deliveryOutlines.startedAt}, ${nowMs})`,
        updatedAt: now,
      })
      .where(reviewable(outline.id, businessId, outline.version))
      .returning(),
    auditAfterChange(app, {
      actor: actorOf(viewer),
      action: "plan.signed",
      businessId,
      subject: { type: "plan", id: outline.id },
      detail: { title: outline.title, version: outline.version, signature: signature.name },
    }),
    // The signature's record, only when this batch's UPDATE signed this version (a racing second one finds
    // the row of the first and writes nothing).
    // The select's values follow the table's column order (id … created_at).
    app.db
      .insert(sowSignatures)
      .select(
        sql`SELECT ${crypto.randomUUID()}, ${outline.id}, ${businessId}, ${outline.version}, ${viewer.user.id},
          ${signature.name}, ${signature.date}, ${nowMs}, ${audit.ipAddress}, ${audit.userAgent}, ${key}, ${hash},
          ${pdf.byteLength}, ${nowMs}
        FROM delivery_outlines
        WHERE id = ${outline.id} AND business_id = ${businessId} AND signed_version = ${outline.version}
          AND business_review_status = 'approved' AND business_reviewed_at = ${nowMs}`,
      )
      .onConflictDoNothing({ target: [sowSignatures.outlineId, sowSignatures.outlineVersion] }),
    // The match follows its first signature: the engagement is active (step FIVE on the match).
    markEngagementActive(
      app.db,
      outline.matchRequestId,
      now,
      sql`exists (SELECT 1 FROM delivery_outlines WHERE id = ${outline.id} AND signed_version = ${outline.version} AND business_reviewed_at = ${nowMs})`,
    ),
  ]);
  const updated = updatedRows[0];
  if (!updated) {
    // Another submission won: the object of this one is not referenced by anything.
    await app.files.delete(key).catch(() => {});
    return settled(app, businessId, outline.id, outline.version, "approved");
  }
  await tell(app, origin, await notices(app, state, "plan_signed"));
  return { ok: true, outline: updated };
}

/** When the conditional write changed nothing: the same decision on this version stands (success), else 409. */
async function settled(
  app: AppContext,
  businessId: string,
  outlineId: string,
  version: number,
  decision: "approved" | "revision",
): Promise<PlanReviewResult> {
  const [current] = await app.db
    .select()
    .from(deliveryOutlines)
    .where(and(eq(deliveryOutlines.id, outlineId), eq(deliveryOutlines.businessId, businessId)));
  if (!current) return { ok: false, status: 404, msg: OUTLINE_NOT_FOUND };
  const stands =
    decision === "approved"
      ? current.businessReviewStatus === "approved" && current.signedVersion === version && current.version === version
      : current.businessReviewStatus === "revision" &&
        current.version === version &&
        current.businessRejectedVersion === version;
  return stands ? { ok: true, outline: current } : { ok: false, status: 409, msg: PLAN_REVIEW_OUT_OF_TURN };
}

async function notices(app: AppContext, state: ReviewState, kind: "plan_signed" | "plan_rejected"): Promise<Notice[]> {
  const { outline } = state;
  const signed = kind === "plan_signed";
  const title = signed ? PLAN_SIGNED_TITLE : PLAN_REJECTED_TITLE;
  const body = (signed ? planSignedBody : planRejectedBody)(state.businessName, outline.title, outline.version);
  const named = [state.assignedManagerId, outline.egmReviewerId].filter((id): id is string => id !== null);
  const managers = named.length > 0 ? [...new Set(named)] : await managerIds(app);
  return [
    ...(outline.consultantId
      ? [
          {
            userId: outline.consultantId,
            businessId: outline.businessId,
            kind,
            title,
            body,
            link: consultantEngagementPath(outline.id),
            action: "Open the engagement",
            footer: "You get this email because you are the consultant on this engagement on Partwise.",
          } satisfies Notice,
        ]
      : []),
    ...managers.map((userId): Notice => ({
      userId,
      businessId: outline.businessId,
      kind,
      title,
      body,
      link: managerEngagementPath(outline.id),
      action: "Open the engagement",
      footer: "You get this email because you are an engagement manager on Partwise.",
    })),
  ];
}

/** The review has been saved: a notice that cannot be written is logged, never undoes it. */
async function tell(app: AppContext, origin: string, list: Notice[]): Promise<void> {
  try {
    await notify(app, origin, list);
  } catch (error) {
    console.error("The notices of a plan review could not be written:", error);
  }
}

// ---------------------------------------------------------------------------------------------
// The page action (intent=review-plan)
// ---------------------------------------------------------------------------------------------

export type PlanReviewActionData = {
  intent: "review-plan";
  result: SubmissionResult<string[]>;
  sent: string | null;
  failed: string[] | null;
};

/** The review dialog's outcome (ADR 019: the route answers `data` with `status`). */
export type PlanReviewReply = { status: number; data: PlanReviewActionData };

/**
 * The review dialog's post on a business page (intent=review-plan): the form checked with
 * PlanReviewFormSchema (400 with its field errors), the signature as "First Last", then
 * submitBusinessReview. Its data is `{ intent, result, sent, failed }`: the Conform reply; `sent`
 * the success text; `failed` the lines to show when the server refused or failed (spec §8: the
 * three lines of "Outline review failure", never the specific reason).
 */
export async function reviewPlanFromForm(
  app: AppContext,
  viewer: ClientViewer,
  formData: FormData,
  request: Request,
): Promise<PlanReviewReply> {
  const intent = "review-plan" as const;
  const submission = parseWithZod(formData, { schema: PlanReviewFormSchema });
  if (submission.status !== "success") {
    return { status: 400, data: { intent, result: submission.reply(), sent: null, failed: null } };
  }
  const input = planReviewOfForm(submission.value);
  try {
    const version = Number(formData.get("version"));
    const result = await submitBusinessReview(app, viewer, input, signatureAudit(request), appOrigin(app, request), {
      expectedVersion: Number.isInteger(version) && version > 0 ? version : undefined,
    });
    if (!result.ok) {
      // Spec §8: the three lines, never the specific reason (the API answers that).
      const lines = [...OUTLINE_REVIEW_FAILED];
      return {
        status: result.status,
        data: { intent, result: submission.reply({ formErrors: lines }), sent: null, failed: lines },
      };
    }
    return {
      status: 200,
      data: { intent, result: submission.reply({ resetForm: true }), sent: OUTLINE_REVIEW_SENT, failed: null },
    };
  } catch (error) {
    console.error("Could not save the business's plan review:", error);
    const lines = [...OUTLINE_REVIEW_FAILED];
    return {
      status: 500,
      data: { intent, result: submission.reply({ formErrors: lines }), sent: null, failed: lines },
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The signed statements and their PDFs
// ---------------------------------------------------------------------------------------------

export type SignedStatement = {
  version: number;
  signerName: string;
  /** YYYY-MM-DD as written. */
  signatureDate: string;
  /** ISO time of the signature. */
  signedAt: string;
  sha256: string;
  size: number;
  url: string;
};

/** The select of a signed statement's row (toSignedStatements reads it). */
export const signedStatementColumns = {
  outlineId: sowSignatures.outlineId,
  version: sowSignatures.outlineVersion,
  signerName: sowSignatures.signerName,
  signatureDate: sowSignatures.signatureDate,
  signedAt: sowSignatures.signedAt,
  sha256: sowSignatures.pdfSha256,
  size: sowSignatures.pdfSize,
};

/** The query of an outline's signatures, newest version first (to run inside a db.batch). */
export function signedStatementsQuery(app: AppContext, outlineId: string) {
  return app.db
    .select(signedStatementColumns)
    .from(sowSignatures)
    .where(eq(sowSignatures.outlineId, outlineId))
    .orderBy(desc(sowSignatures.outlineVersion));
}

/** The rows of signedStatementsQuery as SignedStatements props. */
export function toSignedStatements(rows: Awaited<ReturnType<typeof signedStatementsQuery>>): SignedStatement[] {
  return rows.map((row) => ({
    version: row.version,
    signerName: row.signerName,
    signatureDate: row.signatureDate,
    signedAt: row.signedAt.toISOString(),
    sha256: row.sha256,
    size: row.size,
    url: sowPdfPath(row.outlineId, row.version),
  }));
}

/** An outline's signed statements (one query). The caller has checked the viewer may see the outline. */
export async function loadSignedStatements(app: AppContext, outlineId: string): Promise<SignedStatement[]> {
  return toSignedStatements(await signedStatementsQuery(app, outlineId));
}

/**
 * The signed PDF of one version for someone allowed to see it: a member of the outline's business,
 * the outline's consultant or an engagement manager. Null for anyone else, a missing version or a
 * missing object alike.
 */
export async function getSowPdf(app: AppContext, viewer: Viewer, outlineId: string, version: number) {
  const [row] = await app.db
    .select({
      businessId: sowSignatures.businessId,
      consultantId: deliveryOutlines.consultantId,
      pdfKey: sowSignatures.pdfKey,
      sha256: sowSignatures.pdfSha256,
      size: sowSignatures.pdfSize,
      version: sowSignatures.outlineVersion,
    })
    .from(sowSignatures)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, sowSignatures.outlineId))
    .where(and(eq(sowSignatures.outlineId, outlineId), eq(sowSignatures.outlineVersion, version)));
  if (!row) return null;
  const role = viewer.user.role;
  const allowed =
    role === "manager" ||
    (role === "consultant" && row.consultantId === viewer.user.id) ||
    (role === "client" && viewer.business?.id === row.businessId);
  if (!allowed) return null;
  const object = await app.files.get(row.pdfKey);
  if (!object) return null;
  // The bytes must still be the ones signed: a copy that does not match its recorded hash is not served.
  const bytes = new Uint8Array(await object.arrayBuffer());
  const verified = (await sha256Hex(bytes)) === row.sha256;
  if (!verified) console.error(`The signed statement ${row.pdfKey} does not match its recorded SHA-256.`);
  return { bytes, verified, sha256: row.sha256, version: row.version };
}
