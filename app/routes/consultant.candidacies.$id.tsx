import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CandidacyView } from "~/components/consultant/candidacy";
import { CandidacyAnswerSchema } from "~/lib/matching/candidacy-schemas";
import { requireRole } from "~/http/guards.server";
import { loadCandidacy, respondToCandidacy } from "~/server/matching/candidacies.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { describeIssues, FORM_UNREADABLE_MESSAGE, readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Candidacy | Consultant portal | Partwise" }];

/** /consultant/candidacies/{id}: one candidacy of the signed-in consultant; another's or an unknown id → 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const candidacy = await loadCandidacy(context.app, viewer.user.id, params.id ?? "");
  if (!candidacy) throw notFound();
  return { candidacy };
}

/**
 * intent=accept, or intent=decline with an optional reason. Answered, the page reloads with a
 * one-time notice (`?notice=`, ADR 018) so a reload does not post again; a candidacy no longer
 * waiting for an answer → 409 with the reason; an unreadable or wrong form → 400/415.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const body = await readForm(request);
  if (!body.ok) return data({ error: FORM_UNREADABLE_MESSAGE }, { status: body.status });
  const parsed = CandidacyAnswerSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return data({ error: describeIssues(parsed.error).msg }, { status: 400 });
  const id = params.id ?? "";
  const result = await respondToCandidacy(
    context.app,
    viewer.user.id,
    id,
    { response: parsed.data.intent, reason: parsed.data.reason ?? null },
    appOrigin(context.app, request),
  );
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data({ error: result.msg }, { status: result.status });
  }
  return redirect(`/consultant/candidacies/${encodeURIComponent(id)}?notice=${result.notice}`);
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function CandidacyPage() {
  const { candidacy } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CandidacyView candidacy={candidacy} error={actionData?.error ?? null} />;
}
