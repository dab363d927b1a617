import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireClientBusiness } from "~/http/guards.server";
import { readFormAs, requireMethod, seeOther } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";
import { SwitchBusinessSchema } from "~/lib/business/switch-business-schema";
import { switchSessionBusiness } from "~/server/identity/session.server";

/**
 * POST /switch-business {businessId} (docs/decisions/068): the business this session works in
 * becomes `businessId`, then the dashboard (303). Only this session changes; a business the person
 * is not a member of (or that does not exist) is a 404 and nothing is written. Switching is not a
 * business action: every member may switch among their own businesses.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireClientBusiness(context.app, request);
  const { businessId } = await readFormAs(request, SwitchBusinessSchema);
  if (!(await switchSessionBusiness(context.app, viewer, businessId))) throw notFound();
  return seeOther("/dashboard");
}

/** A GET switches nothing (a link or prefetch must not change the session): the dashboard. */
export async function loader() {
  throw redirect("/dashboard");
}
