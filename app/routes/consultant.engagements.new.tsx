import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { NewPlanView } from "~/components/engagements/plan-editor";
import { consultantEngagementPath } from "~/lib/engagements/engagement-paths";
import { requireRole } from "~/http/guards.server";
import { createPlan, loadDraftableMatch } from "~/server/engagements/plan-drafting.server";
import { FORM_UNREADABLE_MESSAGE, readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Draft the plan | Consultant portal | Partwise" }];

const NewPlanSchema = z.object({ matchId: z.string().trim().min(1).max(80) });

/**
 * /consultant/engagements/new?matchId=: the start of the plan of a match the consultant was
 * chosen for. A match that already has its plan opens it; another consultant's match, one not
 * matched, or none → 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const matchId = new URL(request.url).searchParams.get("matchId") ?? "";
  const match = matchId ? await loadDraftableMatch(context.app, viewer.user.id, matchId) : null;
  if (!match) throw notFound();
  if (match.outlineId) throw redirect(consultantEngagementPath(match.outlineId));
  return { match };
}

/** Creates the plan (one per match: a second post opens the one that exists) and opens the editor. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const body = await readForm(request);
  if (!body.ok) return data({ error: FORM_UNREADABLE_MESSAGE }, { status: body.status });
  const parsed = NewPlanSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return data({ error: FORM_UNREADABLE_MESSAGE }, { status: 400 });
  const result = await createPlan(context.app, viewer.user.id, parsed.data.matchId);
  if (!result.ok) throw notFound();
  return redirect(consultantEngagementPath(result.outlineId));
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function NewPlanPage() {
  const { match } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <NewPlanView match={match} error={actionData?.error ?? null} />;
}
