import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { InsightReportView } from "~/components/insights/insight-report-view";
import { MatchFromInsight } from "~/components/insights/match-from-insight";
import { RatingForm } from "~/components/insights/rating-form";
import { categoryLabel } from "~/lib/shared/format";
import {
  FeedbackFormSchema,
  INSIGHT_REPORT_NOT_FOUND_MESSAGE,
  VALUE_INSIGHT_NOT_FOUND_MESSAGE,
} from "~/lib/insights/insight-schemas";
import { parseInsightType, recommendationLines } from "~/lib/insights/insight-views";
import { type ClientViewer, requireClientBusiness, requireIntentPermission } from "~/http/guards.server";
import type { BusinessAction } from "~/lib/business/permissions";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
import {
  getReportForRequest,
  getValueInsight,
  saveReportFeedback,
  saveValueInsightFeedback,
} from "~/server/insights/insight-views.server";
import { createMatchFromReport, createMatchFromValueInsight } from "~/server/matching/match-requests.server";
import { appOrigin } from "~/server/platform/app-origin.server";

export const meta: MetaFunction = () => [{ title: "Insight Discovery | Partwise" }];

type Discovery = {
  type: "REPORT" | "VALUE";
  targetId: string;
  category: string;
  title: string;
  summary: string;
  recommendations: string[];
  clientSatisfaction: number | null;
  clientFeedback: string | null;
  /** The match request this insight was already turned into, else null (then 'Match with Consultant'). */
  matchRequestId: string | null;
};

/**
 * /insight-discovery?type=REPORT&id=<insight request id> or ?type=VALUE&id=<value insight id>
 * (spec §2, §4): the business's delivered report (published only; the request first, then its
 * report) or value insight. Anything else is a 404 page with the not-found text.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const url = new URL(request.url);
  const type = parseInsightType(url.searchParams.get("type")) ?? "REPORT";
  const id = (url.searchParams.get("id") ?? "").trim();
  if (type === "VALUE") {
    const insight = id ? await getValueInsight(context.app, viewer.business.id, id) : null;
    if (!insight) return data({ found: false as const, message: VALUE_INSIGHT_NOT_FOUND_MESSAGE }, { status: 404 });
    const view: Discovery = {
      type,
      targetId: insight._id,
      category: insight.category,
      title: insight.title,
      summary: insight.summary,
      recommendations: [],
      clientSatisfaction: insight.clientSatisfaction,
      clientFeedback: insight.clientFeedback,
      matchRequestId: insight.convertedToMatchRequestId,
    };
    return { found: true as const, view };
  }
  const report = id ? await getReportForRequest(context.app, viewer.business.id, id) : null;
  if (!report) return data({ found: false as const, message: INSIGHT_REPORT_NOT_FOUND_MESSAGE }, { status: 404 });
  const view: Discovery = {
    type,
    targetId: report._id,
    category: report.category,
    title: report.title,
    summary: report.highLevelSummary,
    recommendations: recommendationLines(report.recommendations),
    clientSatisfaction: report.clientSatisfaction,
    clientFeedback: report.clientFeedback,
    matchRequestId: report.convertedToMatchRequestId,
  };
  return { found: true as const, view };
}

/**
 * intent=feedback: the rating (1–5) and optional feedback, saved on the report or value insight
 * (last write wins). intent=match: 'Match with Consultant' (idempotent). The type comes from the
 * URL; the target id from the form, always scoped to the session's business. One function per
 * intent (DISCOVERY_INTENTS); a post with another intent, or none, is taken as the feedback form.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireClientBusiness(app, request);
  const type = parseInsightType(new URL(request.url).searchParams.get("type")) ?? "REPORT";
  const body = await readForm(request);
  if (!body.ok) {
    return data(
      { intent: "feedback" as const, result: formErrorReply(), saved: null, failed: true },
      { status: body.status },
    );
  }
  const formData = body.form;
  const targetId = String(formData.get("targetId") ?? "").trim();
  requireIntentPermission(viewer, formData.get("intent"), DISCOVERY_PERMISSIONS, "requestInsights");
  return runIntent(formData.get("intent"), DISCOVERY_INTENTS, feedbackPost, {
    app,
    viewer,
    request,
    formData,
    type,
    targetId,
  });
}

/** What each of the page's posts is given: the insight's type (from the URL) and id (from the form). */
type DiscoveryPost = {
  app: AppContext;
  viewer: ClientViewer;
  request: Request;
  formData: FormData;
  type: "REPORT" | "VALUE";
  targetId: string;
};

/** 'Match with Consultant': a match request from the report or value insight (idempotent). */
async function matchPost({ app, viewer, request, type, targetId }: DiscoveryPost) {
  const notFound = type === "VALUE" ? VALUE_INSIGHT_NOT_FOUND_MESSAGE : INSIGHT_REPORT_NOT_FOUND_MESSAGE;
  try {
    const result =
      type === "VALUE"
        ? await createMatchFromValueInsight(app, viewer, targetId, appOrigin(app, request))
        : await createMatchFromReport(app, viewer, targetId, appOrigin(app, request));
    if (!result.ok)
      return data({ intent: "match" as const, message: null, failed: true, msg: notFound }, { status: 404 });
    return { intent: "match" as const, message: result.message, failed: false, msg: null };
  } catch (error) {
    console.error("Could not create the match request from an insight:", error);
    return data({ intent: "match" as const, message: null, failed: true, msg: null }, { status: 500 });
  }
}

/** The rating and feedback form (also what any post that names no other intent is taken for). */
async function feedbackPost({ app, viewer, formData, type, targetId }: DiscoveryPost) {
  const submission = parseWithZod(formData, { schema: FeedbackFormSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "feedback" as const, result: submission.reply(), saved: null, failed: false },
      { status: 400 },
    );
  }
  try {
    const result =
      type === "VALUE"
        ? await saveValueInsightFeedback(app, viewer, targetId, submission.value)
        : await saveReportFeedback(app, viewer, targetId, submission.value);
    if (!result.ok) {
      return data(
        {
          intent: "feedback" as const,
          result: submission.reply({ formErrors: [result.msg] }),
          saved: null,
          failed: true,
        },
        { status: 404 },
      );
    }
    return { intent: "feedback" as const, result: submission.reply(), saved: result.message, failed: false };
  } catch (error) {
    console.error("Could not save insight feedback:", error);
    return data(
      { intent: "feedback" as const, result: submission.reply(), saved: null, failed: true },
      { status: 500 },
    );
  }
}

const DISCOVERY_INTENTS = { match: matchPost, feedback: feedbackPost };
/** What each intent is for the business (app/lib/business/permissions.ts); anything else is feedback. */
const DISCOVERY_PERMISSIONS = { match: "requestMatches", feedback: "requestInsights" } as const satisfies Record<
  keyof typeof DISCOVERY_INTENTS,
  BusinessAction
>;

export default function InsightDiscovery() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The rating and the match are offered to who may take them (docs/decisions/071).
  const may = useMemberCan();
  if (!loaded.found) {
    return (
      <div className="page insight-discovery">
        <section className="card" aria-labelledby="discovery-title">
          <h1 id="discovery-title">{loaded.message}</h1>
          <p>
            <Link to="/features?focus=Insights" className="button button-secondary">
              Back to your insights
            </Link>
          </p>
        </section>
      </div>
    );
  }
  const { view } = loaded;
  const feedback = actionData?.intent === "feedback" ? actionData : null;
  const match = actionData?.intent === "match" ? actionData : null;
  return (
    <div className="page insight-discovery">
      <InsightReportView
        report={{
          category: categoryLabel(view.category),
          title: view.title,
          summary: view.summary,
          recommendations: view.recommendations,
        }}
        aside={
          <aside className="card discovery-actions" aria-labelledby="discovery-feedback-title">
            <h2 id="discovery-feedback-title" className="card-title">
              Your feedback
            </h2>
            {may("requestInsights") ? (
              <RatingForm
                targetId={view.targetId}
                savedRating={view.clientSatisfaction}
                savedFeedback={view.clientFeedback}
                lastResult={feedback?.result}
                outcome={{ saved: feedback?.saved ?? null, failed: feedback?.failed ?? false }}
              />
            ) : (
              <RoleNotice action="requestInsights" />
            )}
            <h2 className="card-title">Work on it with an expert</h2>
            {may("requestMatches") || view.matchRequestId ? (
              <MatchFromInsight
                targetId={view.targetId}
                matchRequestId={view.matchRequestId}
                message={match?.message ?? null}
                failed={match?.failed ?? false}
              />
            ) : (
              <RoleNotice action="requestMatches" />
            )}
          </aside>
        }
      />
    </div>
  );
}
