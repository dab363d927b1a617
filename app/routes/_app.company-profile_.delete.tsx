import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DataDeleteForm } from "~/components/settings/data-delete-form";
import { requireClientBusiness } from "~/http/guards.server";
import { readForm } from "~/http/http.server";
import { DELETE_TEXTS, PRIVACY_PATHS, deletedLoginPath } from "~/lib/privacy/privacy-copy";
import { DeleteConfirmSchema } from "~/lib/privacy/privacy-schemas";
import { signOut } from "~/server/identity/auth.server";
import { businessDeletionBlocker, requestBusinessDeletion } from "~/server/privacy/deletion.server";

export const meta: MetaFunction = () => [{ title: `${DELETE_TEXTS.businessHeading} | Partwise` }];

const BACK = "/company-profile?tab=account#your-data";

/** /company-profile/delete: the owner confirms the business's deletion with their password (docs/decisions/069). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request, "deleteBusiness");
  return { blocker: await businessDeletionBlocker(context.app, viewer.business.id) };
}

/**
 * Owner only. A wrong password or a blocker answers 400/409 with its reason, nothing changed;
 * otherwise the deletion is recorded, every session of the business's people ends, and the owner
 * lands on the login page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireClientBusiness(app, request, "deleteBusiness");
  const body = await readForm(request);
  const parsed = body.ok ? DeleteConfirmSchema.safeParse(Object.fromEntries(body.form)) : null;
  if (!parsed?.success) return data({ error: DELETE_TEXTS.wrongPassword }, { status: 400 });
  const result = await requestBusinessDeletion(app, viewer, parsed.data.password);
  if (!result.ok) return data({ error: result.message }, { status: result.reason === "wrong_password" ? 400 : 409 });
  throw redirect(deletedLoginPath("business"), { headers: { "Set-Cookie": await signOut(app, request) } });
}

export default function DeleteBusiness() {
  const { blocker } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="page">
      <DataDeleteForm
        heading={DELETE_TEXTS.businessHeading}
        intro={DELETE_TEXTS.businessIntro}
        confirmLabel={DELETE_TEXTS.confirmBusiness}
        blocker={blocker}
        error={answer?.error ?? null}
        action={PRIVACY_PATHS.businessDelete}
        cancelHref={BACK}
      />
    </div>
  );
}
