import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SOW_NOT_VERIFIED } from "~/lib/engagements/engagement-copy";
import { getSowPdf } from "~/server/engagements/plan-review.server";
import { requireViewer } from "~/http/guards.server";
import { notFound } from "~/http/route-kit.server";

/**
 * GET /engagements/{outlineId}/sow/{version}.pdf (sowPdfPath): the signed statement of work of
 * that version as a download, for a member of the outline's business, the outline's consultant
 * and engagement managers, after checking the bytes against the SHA-256 recorded at signing (sent
 * in X-Content-SHA256 and as the ETag). Anyone else, an unsigned version and a malformed name
 * alike → 404; no session → the login screen; bytes that no longer match their hash → 500, never
 * served.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const match = /^([1-9]\d{0,5})\.pdf$/.exec(params.file ?? "");
  if (!match || !params.id) throw notFound();
  const pdf = await getSowPdf(context.app, viewer, params.id, Number(match[1]));
  if (!pdf) throw notFound();
  if (!pdf.verified) {
    return new Response(SOW_NOT_VERIFIED, {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(pdf.bytes, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="statement-of-work-v${pdf.version}.pdf"`,
      "X-Content-SHA256": pdf.sha256,
      ETag: `"${pdf.sha256}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
