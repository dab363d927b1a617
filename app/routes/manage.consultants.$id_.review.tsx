import { actorOf } from "~/server/audit/audit.server";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProfileReviewView } from "~/components/consultants/profile-review";
import { consultantConsolePath, ProfileReviewActionSchema } from "~/lib/consultants/roster";
import { getProfileReview, reviewProfile } from "~/server/consultants/profile-review.server";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Review profile | Partwise" }];

/** /manage/consultants/{userId}/review: the consultant's waiting profile changes (managers only; anyone else, or an unknown id, 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const review = await getProfileReview(context.app, params.id ?? "");
  if (!review) throw notFound();
  return { review };
}

type Outcome = { error: string | null };

/**
 * intent=approve (notes optional) or intent=request_changes (notes required). A body that is not
 * a form, or an invalid one, is a 400/415 with the form's message; a decision lands on the
 * consultant's page, which says what happened.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  if (!body.ok) return data<Outcome>({ error: body.msg }, { status: body.status });
  const parsed = ProfileReviewActionSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return data<Outcome>({ error: parsed.error.issues[0]?.message ?? null }, { status: 400 });
  const id = params.id ?? "";
  const result = await reviewProfile(context.app, actorOf(viewer), id, parsed.data, appOrigin(context.app, request));
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data<Outcome>({ error: result.msg }, { status: result.status });
  }
  throw redirect(`${consultantConsolePath(id)}?reviewed=${result.outcome}`);
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ProfileReviewRoute() {
  const { review } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ProfileReviewView review={review} error={actionData?.error ?? null} />;
}
