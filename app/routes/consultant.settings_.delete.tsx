import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DataDeleteForm } from "~/components/settings/data-delete-form";
import { requireRole } from "~/http/guards.server";
import { readForm } from "~/http/http.server";
import { DELETE_TEXTS, PRIVACY_PATHS, deletedLoginPath } from "~/lib/privacy/privacy-copy";
import { DeleteConfirmSchema } from "~/lib/privacy/privacy-schemas";
import { signOut } from "~/server/identity/auth.server";
import { consultantDeletionBlocker, requestConsultantDeletion } from "~/server/privacy/deletion.server";

export const meta: MetaFunction = () => [{ title: `${DELETE_TEXTS.consultantHeading} | Partwise` }];

/** /consultant/settings/delete: a consultant confirms their account's deletion with their password (docs/decisions/069). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  return { blocker: await consultantDeletionBlocker(context.app, viewer.user.id) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireRole(app, request, "consultant");
  const body = await readForm(request);
  const parsed = body.ok ? DeleteConfirmSchema.safeParse(Object.fromEntries(body.form)) : null;
  if (!parsed?.success) return data({ error: DELETE_TEXTS.wrongPassword }, { status: 400 });
  const result = await requestConsultantDeletion(app, viewer, parsed.data.password);
  if (!result.ok) return data({ error: result.message }, { status: result.reason === "wrong_password" ? 400 : 409 });
  throw redirect(deletedLoginPath("account"), { headers: { "Set-Cookie": await signOut(app, request) } });
}

export default function DeleteConsultantAccount() {
  const { blocker } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="console-page">
      <DataDeleteForm
        heading={DELETE_TEXTS.consultantHeading}
        intro={DELETE_TEXTS.consultantIntro}
        confirmLabel={DELETE_TEXTS.confirmConsultant}
        blocker={blocker}
        error={answer?.error ?? null}
        action={PRIVACY_PATHS.consultantDelete}
        cancelHref="/consultant/settings#your-data"
      />
    </div>
  );
}
