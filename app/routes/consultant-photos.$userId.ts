import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadConsultantPhoto } from "~/server/consultants/profile.server";
import { getViewer } from "~/http/guards.server";
import { notFound } from "~/http/route-kit.server";

/**
 * /consultant-photos/{userId}[?version=draft]: a consultant's photo. The published one for the
 * consultant, managers and a business the consultant was proposed to or matched with, and for
 * anyone while the profile is shown in public (ADR 090); the draft only for the consultant and
 * managers. Anyone else, and an unknown consultant, get a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  const version = new URL(request.url).searchParams.get("version") === "draft" ? "draft" : "published";
  const object = await loadConsultantPhoto(context.app, viewer, params.userId ?? "", version);
  if (!object) throw notFound();
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
