import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiViewer } from "~/server/identity/guards.server";
import { jsonResponse } from "~/server/platform/http.server";
import { toClientBusiness, toClientUser } from "~/server/identity/serializers.server";

/** GET /api/client/auth → {user, business} of the session (business null until created). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireApiViewer(context.app, request);
  return jsonResponse({
    user: toClientUser(viewer.user),
    business: viewer.business ? toClientBusiness(viewer.business, viewer.user.role) : null,
  });
}
