import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireClientBusiness } from "~/http/guards.server";
import { exportPost, toDataSection } from "~/http/privacy-routes.server";

/**
 * POST /company-profile/export: the owner asks for an export of the business (docs/decisions/069).
 * Owner only (exportData); back to Settings' "Your data" (the Account tab), which shows the progress.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request, "exportData");
  return exportPost(context.app, "business", { businessId: viewer.business.id }, viewer);
}

/** A GET goes to the section. */
export async function loader() {
  return toDataSection("business");
}
