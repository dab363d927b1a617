import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { DeletionPage } from "~/components/settings/data-delete-form";
import { requireClientBusiness } from "~/http/guards.server";
import { deletionPost } from "~/http/privacy-routes.server";
import { PRIVACY_SCREENS, type DeletionPageData } from "~/lib/privacy/privacy-copy";
import { businessDeletionBlocker, requestBusinessDeletion } from "~/server/privacy/deletion.server";

export const meta: MetaFunction = () => [{ title: `${PRIVACY_SCREENS.business.deleteHeading} | Partwise` }];

/** /company-profile/delete: the owner confirms the business's deletion with their password (docs/decisions/069). */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<DeletionPageData> {
  const viewer = await requireClientBusiness(context.app, request, "deleteBusiness");
  return { blocker: await businessDeletionBlocker(context.app, viewer.business.id) };
}

/**
 * Owner only. A wrong password or a blocker answers 400/409 with its reason, nothing changed;
 * otherwise the deletion is recorded, every session of the business's people ends, and the owner
 * lands on the login page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request, "deleteBusiness");
  return deletionPost(context.app, request, "business", (password) =>
    requestBusinessDeletion(context.app, viewer, password),
  );
}

export default function DeleteBusiness() {
  return <DeletionPage kind="business" />;
}
