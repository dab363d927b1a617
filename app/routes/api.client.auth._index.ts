import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiViewer } from "~/http/guards.server";
import { jsonResponse } from "~/http/http.server";
import { toClientBusiness, toClientUser } from "~/server/identity/serializers.server";
import { loadBusinessExtras } from "~/server/identity/business-entity.server";

/**
 * GET /api/client/auth → {user, business} of the session (business null until created). Two
 * sequential D1 round trips: the session (with the businesses row), then the business's
 * connection, benchmarking years and events in one batch.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireApiViewer(context.app, request);
  const extras = viewer.business ? await loadBusinessExtras(context.app, viewer.business.id) : null;
  return jsonResponse({
    user: toClientUser(viewer.user),
    business: viewer.business && extras ? toClientBusiness(viewer.business, viewer.user.role, extras) : null,
  });
}
