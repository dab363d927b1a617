import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { DeletionPage } from "~/components/settings/data-delete-form";
import { requireRole } from "~/http/guards.server";
import { deletionPost } from "~/http/privacy-routes.server";
import { PRIVACY_SCREENS, type DeletionPageData } from "~/lib/privacy/privacy-copy";
import { consultantDeletionBlocker, requestConsultantDeletion } from "~/server/privacy/deletion.server";

export const meta: MetaFunction = () => [{ title: `${PRIVACY_SCREENS.consultant.deleteHeading} | Partwise` }];

/** /consultant/settings/delete: a consultant confirms their account's deletion with their password (docs/decisions/069). */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<DeletionPageData> {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  return { blocker: await consultantDeletionBlocker(context.app, viewer.user.id) };
}

/** The business's deletion's answers, for the consultant's own account (the sign-out lands on the login page). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant");
  return deletionPost(context.app, request, "consultant", (password) =>
    requestConsultantDeletion(context.app, viewer, password),
  );
}

export default function DeleteConsultantAccount() {
  return <DeletionPage kind="consultant" />;
}
