import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InsightRequestView } from "~/components/insights/console/insight-request";
import {
  DRAFT_SAVED_MESSAGE,
  InsightReportEditorSchema,
  publishPreviewPath,
  REVIEW_STARTED_MESSAGE,
  UNKNOWN_ACTION_MESSAGE,
} from "~/lib/insights/manager-insights-schemas";
import { requireRole } from "~/http/guards.server";
import { FORM_UNREADABLE_MESSAGE, readForm } from "~/http/http.server";
import { getInsightRequestDetail } from "~/server/insights/insight-request-detail.server";
import { saveInsightDraft, startInsightReview } from "~/server/insights/insight-review.server";
import { notFound, runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";

export const meta: MetaFunction = () => [{ title: "Insight request | Partwise" }];

/** /manage/insights/{id}: one insight request (managers only; anyone else, or an unknown id, 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const detail = await getInsightRequestDetail(context.app, viewer.user, params.id ?? "");
  if (!detail) throw notFound();
  return { detail };
}

/**
 * intent=start ('Start review' / 'Take over'), intent=save ('Save draft') or intent=preview
 * ('Preview and publish': saves the draft, then opens the preview, where publishing is
 * confirmed); the editor's fields are checked with the shared schema (400 with field errors).
 * Refused state changes answer 409 (403 for someone else's review) with the reason. One function
 * per intent (REVIEW_INTENTS).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const id = params.id ?? "";
  const body = await readForm(request);
  if (!body.ok)
    return data({ notice: null, error: FORM_UNREADABLE_MESSAGE, result: undefined }, { status: body.status });
  const formData = body.form;
  return runIntent(formData.get("intent"), REVIEW_INTENTS, otherPost, { app: context.app, viewer, id, formData });
}

/** What each of the page's posts is given: the insight request's id (from the URL). */
type ReviewPost = { app: AppContext; viewer: Viewer; id: string; formData: FormData };

async function startPost({ app, viewer, id }: ReviewPost) {
  const result = await startInsightReview(app, viewer.user, id);
  if (!result.ok && result.status === 404) throw notFound();
  if (!result.ok) return data({ notice: null, error: result.msg, result: undefined }, { status: result.status });
  return { notice: REVIEW_STARTED_MESSAGE, error: null, result: undefined };
}

/** Save draft, or Preview and publish (the draft saved, then the preview). */
async function draftPost({ app, viewer, id, formData }: ReviewPost) {
  const submission = parseWithZod(formData, {
    schema: InsightReportEditorSchema,
  });
  if (submission.status !== "success") {
    return data({ notice: null, error: null, result: submission.reply() }, { status: 400 });
  }
  const { intent: chosen, ...content } = submission.value;
  const result = await saveInsightDraft(app, viewer.user, id, content);
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data({ notice: null, error: result.msg, result: undefined }, { status: result.status });
  }
  if (chosen === "preview") throw redirect(publishPreviewPath(id));
  return { notice: DRAFT_SAVED_MESSAGE, error: null, result: undefined };
}

async function otherPost(_post: ReviewPost) {
  return data({ notice: null, error: UNKNOWN_ACTION_MESSAGE, result: undefined }, { status: 400 });
}

const REVIEW_INTENTS = { start: startPost, save: draftPost, preview: draftPost };

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

export default function InsightRequestPage() {
  const { detail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <InsightRequestView
      detail={detail}
      notice={actionData?.notice ?? null}
      error={actionData?.error ?? null}
      lastResult={actionData?.result}
    />
  );
}
