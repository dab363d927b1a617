import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/http/guards.server";
import { exportPost, toDataSection } from "~/http/privacy-routes.server";

/** POST /consultant/settings/export: a consultant asks for an export of their own account (docs/decisions/069). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant");
  return exportPost(context.app, "consultant", { userId: viewer.user.id }, viewer);
}

/** A GET goes to the section. */
export async function loader() {
  return toDataSection("consultant");
}
