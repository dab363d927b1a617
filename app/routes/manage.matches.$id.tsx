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
import { managerSharedDocuments } from "~/server/files/shared-documents.server";
import { requireRole } from "~/http/guards.server";
import {
  assignMatch,
  getMatchRequestDetail,
  proposeCandidate,
  rerunMatching,
  skipSuggestion,
  type ActionFailure,
} from "~/server/matching/match-console.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Match request | Partwise" }];

/**
 * /manage/matches/{id}: one match request (managers only; anyone else, or an unknown id, 404),
 * with the documents shared with it and its engagement, read beside it (one round trip).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const id = params.id ?? "";
  const [detail, documents] = await Promise.all([
    getMatchRequestDetail(context.app, viewer.user, id),
    managerSharedDocuments(context.app, viewer.user.id, { matchRequestId: id }),
  ]);
  if (!detail || !documents) throw notFound();
  return { detail, documents };
}

type Outcome = { notice: string | null; error: string | null; suggestionId: string | null };

/** A refused move: an unknown request is the page's 404, anything else its reason (409). */
function refusal(failure: ActionFailure, suggestionId: string | null = null) {
  if (failure.status === 404) throw notFound();
  return data<Outcome>({ notice: null, error: failure.msg, suggestionId }, { status: failure.status });
}

/** What the page shows after a move; a shortlist move's outcome is shown on that consultant's card. */
const done = (notice: string, suggestionId: string | null = null): Outcome => ({ notice, error: null, suggestionId });

/**
 * intent=assign ('Assign to me'), propose / skip with the shortlist entry's suggestionId, or
 * rerun ('Re-run matching'). A body that is not a form, or another intent, is a 400 with the
 * form's message; the outcome is shown on the page it stays on (a shortlist move's on its card).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const id = params.id ?? "";
  const body = await readForm(request);
  if (!body.ok) return data<Outcome>({ notice: null, error: body.msg, suggestionId: null }, { status: body.status });
  const parsed = MatchConsoleActionSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) {
    return data<Outcome>({ notice: null, error: UNKNOWN_MATCH_ACTION_MESSAGE, suggestionId: null }, { status: 400 });
  }
  const move = parsed.data;
  const app = context.app;
  switch (move.intent) {
    case "assign": {
      const result = await assignMatch(app, viewer.user, id);
      return result.ok ? done(MATCH_ASSIGNED_MESSAGE) : refusal(result);
    }
    case "propose": {
      const result = await proposeCandidate(app, viewer.user, id, move.suggestionId, appOrigin(app, request));
      return result.ok
        ? done(candidateProposedMessage(result.consultant), move.suggestionId)
        : refusal(result, move.suggestionId);
    }
    case "skip": {
      const result = await skipSuggestion(app, viewer.user, id, move.suggestionId);
      return result.ok ? done(SUGGESTION_SKIPPED_MESSAGE, move.suggestionId) : refusal(result, move.suggestionId);
    }
    case "rerun": {
      const result = await rerunMatching(app, id, appOrigin(app, request));
      return result.ok ? done(MATCHING_RERUN_MESSAGE) : refusal(result);
    }
  }
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function MatchRequestPage() {
  const { detail, documents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <MatchRequestView
      detail={detail}
      documents={documents}
      outcome={{
        notice: actionData?.notice ?? null,
        error: actionData?.error ?? null,
        suggestionId: actionData?.suggestionId ?? null,
      }}
    />
  );
}
