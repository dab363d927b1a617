import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MatchRequestView } from "~/components/matching/console/match-request";
import {
  candidateProposedMessage,
  MATCH_ASSIGNED_MESSAGE,
  MatchConsoleActionSchema,
  MATCHING_RERUN_MESSAGE,
  SUGGESTION_SKIPPED_MESSAGE,
  UNKNOWN_MATCH_ACTION_MESSAGE,
} from "~/lib/matching/match-console-schemas";
import { requireRole } from "~/server/identity/guards.server";
import {
  assignMatch,
  getMatchRequestDetail,
  proposeCandidate,
  rerunMatching,
  skipSuggestion,
  type ActionFailure,
} from "~/server/matching/match-console.server";
import { appOrigin } from "~/server/payments/checkout.server";
import { readForm } from "~/server/platform/http.server";
import { notFound } from "~/server/platform/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Match request | Partwise" }];

/** /manage/matches/{id}: one match request (managers only; anyone else, or an unknown id, 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const detail = await getMatchRequestDetail(context.app, viewer.user, params.id ?? "");
  if (!detail) throw notFound();
  return { detail };
}

/** A refused move: an unknown request is the page's 404, anything else its reason (409). */
function refusal(failure: ActionFailure) {
  if (failure.status === 404) throw notFound();
  return data({ notice: null, error: failure.msg }, { status: failure.status });
}

/**
 * intent=assign ('Assign to me'), propose / skip with the shortlist entry's suggestionId, or
 * rerun ('Re-run matching'). A body that is not a form, or another intent, is a 400 with the
 * form's message; the outcome is shown on the page it stays on.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const id = params.id ?? "";
  const body = await readForm(request);
  if (!body.ok) return data({ notice: null, error: body.msg }, { status: body.status });
  const parsed = MatchConsoleActionSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return data({ notice: null, error: UNKNOWN_MATCH_ACTION_MESSAGE }, { status: 400 });
  const move = parsed.data;
  const app = context.app;
  switch (move.intent) {
    case "assign": {
      const result = await assignMatch(app, viewer.user, id);
      return result.ok ? { notice: MATCH_ASSIGNED_MESSAGE, error: null } : refusal(result);
    }
    case "propose": {
      const result = await proposeCandidate(app, viewer.user, id, move.suggestionId, appOrigin(app, request));
      return result.ok ? { notice: candidateProposedMessage(result.consultant), error: null } : refusal(result);
    }
    case "skip": {
      const result = await skipSuggestion(app, viewer.user, id, move.suggestionId);
      return result.ok ? { notice: SUGGESTION_SKIPPED_MESSAGE, error: null } : refusal(result);
    }
    case "rerun": {
      const result = await rerunMatching(app, id, appOrigin(app, request));
      return result.ok ? { notice: MATCHING_RERUN_MESSAGE, error: null } : refusal(result);
    }
  }
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function MatchRequestPage() {
  const { detail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <MatchRequestView detail={detail} notice={actionData?.notice ?? null} error={actionData?.error ?? null} />;
}
