import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireClientBusiness } from "~/http/guards.server";
import { requestExport } from "~/server/privacy/data-exports.server";

/** Where the owner's Settings show the export (the Account tab's "Your data"). */
export const BUSINESS_DATA_SECTION = "/company-profile?tab=account#your-data";

/**
 * POST /company-profile/export: the owner asks for an export of the business (docs/decisions/069).
 * Owner only (exportData); an open export is reused (a double click builds one). Back to Settings,
 * which shows the progress.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request, "exportData");
  await requestExport(context.app, { businessId: viewer.business.id }, viewer);
  throw redirect(BUSINESS_DATA_SECTION);
}

/** A GET goes to the section. */
export async function loader() {
  throw redirect(BUSINESS_DATA_SECTION);
}
