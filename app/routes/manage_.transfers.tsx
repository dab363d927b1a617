import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MONEY_DESK_PATH } from "~/lib/payouts/console-copy";
import { requireRole } from "~/http/guards.server";

/**
 * /manage/transfers, the managers' Transfers page until the money desk took it over
 * (docs/decisions/080): a permanent redirect to /manage/money (its query kept), so old links and
 * bookmarks work. Outside the console's frame (no counts to read for a redirect); anyone but a
 * manager gets the console's plain 404, as before.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const { search } = new URL(request.url);
  return redirect(`${MONEY_DESK_PATH}${search}`, { status: 301, headers: { "Cache-Control": "private, no-store" } });
}
