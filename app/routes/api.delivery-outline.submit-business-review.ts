import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { DeliveryOutline } from "~db/schema";
import { BusinessReviewSchema } from "~/lib/engagements/engagement-schemas";
import { engagementStatus } from "~/lib/engagements/engagement-state";
import { signatureAudit, submitBusinessReview } from "~/server/engagements/plan-review.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/delivery-outline/submit-business-review {deliveryOutlineId, decision, businessSignature,
 * businessSignatureDate, notes} (spec §7) → the outline's review state. decision "approved" signs
 * the statement of work of the current version (the signed PDF kept with its SHA-256 and the audit
 * row); "revision" sends it back with the notes. Another business's outline → 404 {msg: 'Engagement
 * plan not found.'}; a plan not waiting for the business (not approved by a manager yet, already
 * signed, complete) → 409 {msg: 'This plan is not waiting for your decision.'}; 401 without a
 * session, 403 for staff. A repeat of the decision that stands answers the same outline.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "sign" });
  const input = await readBody(request, BusinessReviewSchema);
  const viewer = requireBusiness(signedIn);
  const result = await submitBusinessReview(
    context.app,
    viewer,
    input,
    signatureAudit(request),
    appOrigin(context.app, request),
  );
  if (!result.ok) return errorResponse(result.status, result.msg);
  return jsonResponse(reviewView(result.outline));
}

function reviewView(outline: DeliveryOutline) {
  return {
    _id: outline.id,
    matchRequestId: outline.matchRequestId,
    businessId: outline.businessId,
    title: outline.title,
    version: outline.version,
    signedVersion: outline.signedVersion,
    state: outline.state,
    complete: outline.complete,
    status: engagementStatus(outline),
    egmReview: { status: outline.egmReviewStatus },
    businessReview: { status: outline.businessReviewStatus, notes: outline.businessNotes },
    businessSignature: outline.businessSignature,
    businessSignatureDate: outline.businessSignatureDate,
    startedAt: outline.startedAt?.toISOString() ?? null,
  };
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/delivery-outline/submit-business-review",
    operationId: "submitBusinessReview",
    tag: "engagements",
    summary: "The business accepts (signs the statement of work) or rejects the engagement plan.",
    access: "session",
    body: { name: "BusinessReview", schema: BusinessReviewSchema, reader: "json" },
    ok: { 200: "the outline's review state" },
    errors: [400, ...CLIENT_ERRORS, 404, 409],
  },
];
