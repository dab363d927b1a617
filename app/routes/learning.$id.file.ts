import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { LEARNING_COPY } from "~/lib/learning/learning-copy";
import { requireClientBusiness } from "~/http/guards.server";
import { getTemplateDownload } from "~/server/learning/learning.server";
import { notFound } from "~/http/route-kit.server";
import { downloadResponse } from "~/http/http.server";

/**
 * /learning/{id}/file: a published template's file for a signed-in business whose plan may open it
 * (as an attachment, never sniffed); a plan that may not is refused with 403, anything else 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const file = await getTemplateDownload(context.app, viewer, params.id ?? "");
  if (!file) throw notFound();
  if (file === "locked") {
    return new Response(LEARNING_COPY.lockedBadge, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return downloadResponse(file);
}
