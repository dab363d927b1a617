import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiViewer } from "~/http/guards.server";
import { jsonResponse } from "~/http/http.server";
import { toClientBusiness, toClientUser } from "~/server/identity/serializers.server";
import { loadBusinessExtras } from "~/server/identity/business-entity.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * GET /api/client/auth → {user, business, member} of the session: the business the session works
 * in (null until created) and the user's role in it (`member: {role}`, docs/decisions/066; null
 * without a business). Two
 * sequential D1 round trips: the session (with the businesses row), then the business's
 * connection, benchmarking years and events in one batch.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireApiViewer(context.app, request);
  const extras = viewer.business ? await loadBusinessExtras(context.app, viewer.business.id) : null;
  return jsonResponse({
    user: toClientUser(viewer.user),
    business: viewer.business && extras ? toClientBusiness(viewer.business, viewer.user.role, extras) : null,
    member: viewer.member,
  });
}

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/client/auth",
    operationId: "getSession",
    tag: "identity",
    summary: "The signed-in user and their business (null until created).",
    access: "session",
    ok: {
      200:
        "{user, business, member}; member {role} is the user's role in that business (owner, admin, member, viewer; null without one); the business as spec §3 has it: its details, quickbooks {realmId} while connected (never a token, else null), " +
        "naicsReport, benchmarking {yearsPurchased}, insightMarketingPreferences and events {insights, valueInsights, engagements}, " +
        "each newest first (at most 100)",
    },
    errors: [401],
  },
];
