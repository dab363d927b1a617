import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePermission, requireViewer } from "~/http/guards.server";
import { notFound } from "~/http/route-kit.server";
import { EXPORT_TEXTS } from "~/lib/privacy/privacy-copy";
import { getClientBusiness } from "~/server/identity/session.server";
import { exportDownload, type ExportOwner } from "~/server/privacy/data-exports.server";

/** The plain page of an expired link: the sentence and the way back to ask for a new export. */
function expiredPage(back: string): Response {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your export | Partwise</title></head><body><main><h1>Your export</h1><p>${EXPORT_TEXTS.expired}</p><p><a href="${back}">${EXPORT_TEXTS.heading}</a></p></main></body></html>`;
  return new Response(page, {
    status: 410,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * GET /exports/:id (the export email's link, docs/decisions/069): the ZIP, to the owner of the
 * business it is of (or to the consultant it is of), while its 7 days last. No session → the login
 * screen; a member who is not the owner → 403; an id of someone else's → 404; after 7 days the
 * page says it expired (410).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const app = context.app;
  const viewer = await requireViewer(app, request);
  const client = viewer.user.role === "client" ? getClientBusiness(viewer) : null;
  let owner: ExportOwner;
  if (client) owner = { businessId: requirePermission(client, "exportData").business.id };
  else if (viewer.user.role === "consultant") owner = { userId: viewer.user.id };
  else throw notFound();
  const found = await exportDownload(app, params.id ?? "", owner);
  if (!found.ok) {
    if (found.reason === "not_found") throw notFound();
    return expiredPage(client ? "/company-profile?tab=account#your-data" : "/consultant/settings#your-data");
  }
  return new Response(found.object.body, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${found.fileName}"`,
      "Content-Length": String(found.object.size),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
