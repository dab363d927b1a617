import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import {
  NothingToPreview,
  PublishPreview,
  type PublishPreviewData,
} from "~/components/insights/console/publish-preview";
import { recommendationLines } from "~/lib/insights/insight-views";
import {
  CONFIRM_PUBLISH_INVALID_MESSAGE,
  ConfirmPublishSchema,
  REPORT_PUBLISHED_MESSAGE,
} from "~/lib/insights/manager-insights-schemas";
import { requireRole } from "~/http/guards.server";
import { FORM_UNREADABLE_MESSAGE, readForm } from "~/http/http.server";
import { getInsightRequestDetail } from "~/server/insights/insight-request-detail.server";
import { publishInsightReport } from "~/server/insights/insight-review.server";

export const meta: MetaFunction = () => [{ title: "Publish preview | Partwise" }];

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * /manage/insights/{id}/preview: the report exactly as the client will see it, with 'Confirm
 * publish' for the manager reviewing it while it is a draft; a published report as the client
 * sees it. Managers only; anyone else, or an unknown id, 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const detail = await getInsightRequestDetail(context.app, viewer.user, params.id ?? "");
  if (!detail) throw notFound();
  const report = detail.report;
  if (!report) return { requestId: detail.id, preview: null };
  const publishable = report.status === "draft" && detail.status === "in_review" && detail.assignedToMe;
  const preview: PublishPreviewData = {
    requestId: detail.id,
    company: detail.business.name,
    state: report.status === "published" ? "published" : publishable ? "publishable" : "someone-else",
    published: report.published,
    version: report.version,
    report: {
      category: detail.category,
      title: report.title,
      summary: report.highLevelSummary,
      recommendations: recommendationLines(report.recommendations),
    },
  };
  return { requestId: detail.id, preview };
}

/**
 * intent=publish with the previewed `version`: publishes that draft (409 when it was published
 * already, or changed after the preview; 403 for someone else's review); anything else is a 400.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  if (!body.ok) return data({ notice: null, error: FORM_UNREADABLE_MESSAGE }, { status: body.status });
  const parsed = ConfirmPublishSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return data({ notice: null, error: CONFIRM_PUBLISH_INVALID_MESSAGE }, { status: 400 });
  const id = params.id ?? "";
  const result = await publishInsightReport(
    context.app,
    viewer.user,
    id,
    parsed.data.version,
    new URL(request.url).origin,
  );
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data({ notice: null, error: result.msg }, { status: result.status });
  }
  return { notice: REPORT_PUBLISHED_MESSAGE, error: null };
}

/** After a confirm, refused or not, show the report as it now is (a changed draft, or published). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? true : defaultShouldRevalidate;

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function PublishPreviewPage() {
  const { requestId, preview } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = actionData?.notice ?? null;
  const error = actionData?.error ?? null;
  if (!preview) return <NothingToPreview requestId={requestId} error={error} />;
  return <PublishPreview preview={preview} notice={notice} error={error} />;
}
