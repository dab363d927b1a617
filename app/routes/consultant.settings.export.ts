import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/http/guards.server";
import { requestExport } from "~/server/privacy/data-exports.server";

const SECTION = "/consultant/settings#your-data";

/** POST /consultant/settings/export: a consultant asks for an export of their own account (docs/decisions/069). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant");
  await requestExport(context.app, { userId: viewer.user.id }, viewer);
  throw redirect(SECTION);
}

export async function loader() {
  throw redirect(SECTION);
}
