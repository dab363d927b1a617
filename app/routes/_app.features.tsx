import { parseWithZod } from "@conform-to/zod/v4";
import { useMemberCan } from "~/components/business/role-gate";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Suspense, type ReactNode } from "react";
import * as z from "zod";
import { InsightTile } from "~/components/insights/insight-tile";
import { lazyTab } from "~/components/features/lazy-tab";
import { NoticeBanner } from "~/components/ui/notice-banner";
import { FEATURES, featureFromSearch, featureHref, type Feature } from "~/lib/shared/features";
import { FeedbackFormSchema } from "~/lib/insights/insight-schemas";
import { NO_INSIGHTS_LIST_MESSAGE } from "~/lib/insights/insight-views";
import { DECISION_NOT_SAVED_MESSAGE, MATCH_NOT_FOUND_MESSAGE } from "~/lib/matching/match-copy";
import { DecideIntentSchema } from "~/lib/matching/match-view";
import { type ClientViewer, requireClientBusiness, requireIntentPermission } from "~/http/guards.server";
import type { BusinessAction } from "~/lib/business/permissions";
import { describeIssues, errorResponse, isMultipartRequest, readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/lib/files/file-rules";
import { parseDocumentQuery, type DOCUMENT_INTENTS } from "~/lib/documents/document-rules";
import { DOCUMENT_COPY } from "~/lib/documents/document-copy";
import { documentsAction, documentsUploadRefused, loadDocumentsHub } from "~/server/documents/documents.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { loadClientInsightLists } from "~/server/insights/insight-views.server";
import { loadBusinessEngagement, loadEngagementTiles } from "~/server/engagements/engagement-views.server";
import { reviewPlanFromForm } from "~/server/engagements/plan-review.server";
import { DELIVERABLE_ACTIONS } from "~/server/engagements/item-review.server";
import type { DeliverableIntent } from "~/lib/engagements/deliverable-forms";
import { decideCandidate } from "~/server/matching/business-decision.server";
import { saveMatchFeedback } from "~/server/matching/match-feedback.server";
import { loadMatchRequest } from "~/server/matching/match-view.server";
import { BenchmarkingFeature, benchmarkingSummary } from "~/components/benchmarking/benchmarking-summary";
import { BENCHMARKING_TITLE } from "~/lib/benchmarking/benchmarking-copy";
import { loadBenchmarkingView } from "~/server/benchmarking/benchmarking-view.server";
import { startInsightCheckout } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { loadEngagementCosts } from "~/server/payments/receipts.server";

// The Matching, Engagements and Documents tabs carry forms (and their validation) the default
// Insights tab never shows: each is its own chunk, fetched when its tab is first rendered (see the
// Suspense boundary in Features).
const shownAt = (feature: Feature) => (url: URL) => featureFromSearch(url.searchParams) === feature;
const MatchingFeature = lazyTab(() => import("~/components/features/matching-feature"), shownAt("Matching"));
const EngagementsFeature = lazyTab(() => import("~/components/features/engagements-feature"), shownAt("Engagements"));
const DocumentsFeature = lazyTab(() => import("~/components/features/documents-feature"), shownAt("Documents"));

export const meta: MetaFunction = ({ location }) => [
  { title: `${featureFromSearch(new URLSearchParams(location.search))} | Partwise` },
];

/**
 * The business's insights (requests and value insights) and match requests, and with `?matchId=`
 * that match request; on the Engagements tab its engagements, and with `?engagementId=` that
 * engagement; on the Benchmarking tab the year's benchmarking; on the Documents tab the Documents
 * Hub (`?q=&sort=&folder=`): after the viewer, the lists' db.batch, the match's, the engagements',
 * the engagement's costs (issue #18), the benchmarking view's and the hub's reads run side by side
 * (two sequential D1 round trips in all).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const params = new URL(request.url).searchParams;
  const matchId = params.get("matchId")?.trim() ?? "";
  const engagementId = params.get("engagementId")?.trim() ?? "";
  const onEngagements = featureFromSearch(params) === "Engagements";
  const onBenchmarking = featureFromSearch(params) === "Benchmarking";
  const onDocuments = featureFromSearch(params) === "Documents";
  const [lists, match, engagements, engagement, costs, benchmarking, documents] = await Promise.all([
    loadClientInsightLists(context.app, viewer),
    matchId ? loadMatchRequest(context.app, viewer, matchId) : Promise.resolve(null),
    onEngagements ? loadEngagementTiles(context.app, viewer) : Promise.resolve([]),
    engagementId ? loadBusinessEngagement(context.app, viewer, engagementId) : Promise.resolve(null),
    // What each deliverable cost (issue #18), read beside the engagement's batch.
    engagementId ? loadEngagementCosts(context.app, viewer.business.id, engagementId) : Promise.resolve(null),
    onBenchmarking ? loadBenchmarkingView(context.app, viewer).then(benchmarkingSummary) : Promise.resolve(null),
    onDocuments ? loadDocumentsHub(context.app, viewer, parseDocumentQuery(params)) : Promise.resolve(null),
  ]);
  const tiles = [...lists.requests, ...lists.valueInsights].sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
  );
  return {
    tiles,
    matches: lists.matches,
    match,
    engagements,
    engagement,
    costs: engagement ? costs : null,
    benchmarking,
    documents,
  };
}

const PayIntentSchema = z.object({ intent: z.literal("pay"), insightId: z.string().trim().min(1).max(80) });

const FeedbackIntentSchema = z.object({ matchId: z.string().trim().min(1).max(80) });

/** A form a button posts with fixed values: anything else is refused with a 400 `{ msg, errors }`. */
function parseFixedForm<T extends z.ZodType>(form: FormData, schema: T): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const { msg, errors } = describeIssues(parsed.error);
    throw errorResponse(400, msg, { errors });
  }
  return parsed.data;
}

/**
 * intent=pay (a tile's 'Pay Now'): opens the insight's checkout and goes to its url. The
 * insight must be the business's own unpaid request (startInsightCheckout checks it); a checkout
 * that cannot start comes back here with the payment-failed notice.
 * intent=decide (Continue on a decision's confirmation card): accepts or rejects a candidate and
 * answers the server's msg for the result card. intent=feedback: the matching feedback form.
 * intent=review-plan (the engagement plan's Reject / Accept dialog): reviewPlanFromForm.
 * intent=review-item, prepay, change-card, rate, dispute-item, give-notice, approve-hours, decline-hours, confirm-session, missed-session (the deliverables): their DELIVERABLE_ACTIONS, whose Stripe page (checkout, customer portal) is redirected to.
 * intent=document-* (the Documents Hub's upload and a company document's forms): documentsAction.
 * Every id is checked against the session's business by the domain functions. One function per
 * intent (FEATURES_INTENTS); any other post is refused as Pay Now's fixed form (a 400).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireClientBusiness(app, request);
  // The Documents Hub's upload is a multipart form with files, counted like the upload endpoint.
  const body = await readForm(request, { multipartMaxBytes: MAX_UPLOAD_REQUEST_BYTES });
  if (!body.ok) {
    // On this page only the Documents Hub's upload is a multipart form: a body too large (or
    // broken) to read is answered at that form; any other unreadable body is a 400 (or its 413/415).
    if (isMultipartRequest(request)) {
      const refused = documentsUploadRefused(body.status);
      return data(refused.data, { status: refused.status });
    }
    throw errorResponse(body.status, body.msg);
  }
  const formData = body.form;
  requireIntentPermission(viewer, formData.get("intent"), FEATURES_PERMISSIONS, "pay");
  return runIntent(formData.get("intent"), FEATURES_INTENTS, payPost, { app, viewer, request, formData });
}

/** What each of the page's posts is given. */
type FeaturesPost = { app: AppContext; viewer: ClientViewer; request: Request; formData: FormData };

/** The Documents Hub's upload and a company document's forms. */
async function documentsPost({ app, viewer, formData }: FeaturesPost) {
  const result = await documentsAction(app, viewer, formData);
  return data(result.data, { status: result.status });
}

/** The matching feedback form. */
async function feedbackPost({ app, viewer, formData }: FeaturesPost) {
  const submission = parseWithZod(formData, { schema: FeedbackFormSchema });
  const target = FeedbackIntentSchema.safeParse(Object.fromEntries(formData));
  if (submission.status !== "success" || !target.success) {
    const result =
      submission.status === "success"
        ? submission.reply({ formErrors: [MATCH_NOT_FOUND_MESSAGE] })
        : submission.reply();
    return data({ intent: "feedback" as const, result, saved: null, failed: false }, { status: 400 });
  }
  try {
    const result = await saveMatchFeedback(app, viewer, { ...submission.value, matchId: target.data.matchId });
    if (!result.ok) {
      return data(
        {
          intent: "feedback" as const,
          result: submission.reply({ formErrors: [result.msg] }),
          saved: null,
          failed: false,
        },
        { status: result.status },
      );
    }
    return { intent: "feedback" as const, result: submission.reply(), saved: result.message, failed: false };
  } catch (error) {
    console.error("Could not save the matching feedback:", error);
    return data({ intent: "feedback" as const, result: formErrorReply(), saved: null, failed: true }, { status: 500 });
  }
}

// The engagement panel's forms (here and in /engagement-portal): the plan's review dialog and the
// deliverables' actions; their domain functions check the outline belongs to the business.

async function reviewPlanPost({ app, viewer, request, formData }: FeaturesPost) {
  const reply = await reviewPlanFromForm(app, viewer, formData, request);
  return data(reply.data, { status: reply.status });
}

/** review-item, prepay, change-card, rate or dispute-item: the deliverable's own DELIVERABLE_ACTIONS function. */
async function deliverablePost({ app, viewer, request, formData }: FeaturesPost) {
  // runIntent sends only the deliverables' intents here.
  const intent = formData.get("intent") as DeliverableIntent;
  const outcome = await DELIVERABLE_ACTIONS[intent](app, viewer, formData, request);
  if (outcome.kind === "checkout") return redirect(outcome.url);
  return data(outcome.data, { status: outcome.status });
}

/** Continue on a decision's confirmation card (fixed values: a wrong shape is a 400). */
async function decidePost({ app, viewer, request, formData }: FeaturesPost) {
  const input = parseFixedForm(formData, DecideIntentSchema);
  const origin = appOrigin(app, request);
  try {
    const result = await decideCandidate(app, viewer, input.matchId, input, origin);
    return data(
      { intent: "decide" as const, msg: result.msg, decision: input.decision },
      { status: result.ok ? 200 : result.status },
    );
  } catch (error) {
    console.error("Could not save the business's decision:", error);
    return data(
      { intent: "decide" as const, msg: DECISION_NOT_SAVED_MESSAGE, decision: input.decision },
      { status: 500 },
    );
  }
}

/**
 * Pay Now (fixed values: a wrong shape is a 400), and any post no form of the page makes, which
 * PayIntentSchema refuses (it wants intent=pay).
 */
async function payPost({ app, viewer, request, formData }: FeaturesPost): Promise<never> {
  const { insightId } = parseFixedForm(formData, PayIntentSchema);
  const failed = "/features?focus=Insights&notice=payment-failed";
  const result = await startInsightCheckout(app, viewer, insightId, appOrigin(app, request)).catch((error: unknown) => {
    console.error("Could not start the insight checkout:", error);
    return null;
  });
  if (result && !result.ok && result.code === "email_unverified") {
    throw redirect("/features?focus=Insights&notice=email-unverified");
  }
  if (!result?.ok) throw redirect(failed);
  throw redirect(result.url);
}

/** Every document and deliverable intent has its function (the satisfies clause checks it). */
const FEATURES_INTENTS = {
  "document-upload": documentsPost,
  "document-rename": documentsPost,
  "document-move": documentsPost,
  "document-delete": documentsPost,
  "document-share": documentsPost,
  "document-unshare": documentsPost,
  feedback: feedbackPost,
  "review-plan": reviewPlanPost,
  "review-item": deliverablePost,
  prepay: deliverablePost,
  "change-card": deliverablePost,
  rate: deliverablePost,
  "dispute-item": deliverablePost,
  "give-notice": deliverablePost,
  "approve-hours": deliverablePost,
  "decline-hours": deliverablePost,
  "confirm-session": deliverablePost,
  "missed-session": deliverablePost,
  decide: decidePost,
  pay: payPost,
} satisfies Record<(typeof DOCUMENT_INTENTS)[number] | DeliverableIntent, unknown> & Record<string, unknown>;

/** What each intent is for the business (app/lib/business/permissions.ts); anything else pays. */
const FEATURES_PERMISSIONS = {
  "document-upload": "useHub",
  "document-rename": "useHub",
  "document-move": "useHub",
  "document-delete": "useHub",
  "document-share": "useHub",
  "document-unshare": "useHub",
  feedback: "requestInsights",
  "review-plan": "sign",
  "review-item": "reviewDeliverables",
  prepay: "pay",
  "change-card": "pay",
  rate: "reviewDeliverables",
  "dispute-item": "disputeDeliverables",
  "give-notice": "sign",
  // Extra hours on a retainer are a purchase (docs/decisions/084).
  "approve-hours": "pay",
  "decline-hours": "pay",
  // A coaching session marked held is answered like a delivery (docs/decisions/085).
  "confirm-session": "reviewDeliverables",
  "missed-session": "reviewDeliverables",
  decide: "decideCandidates",
  pay: "pay",
} as const satisfies Record<keyof typeof FEATURES_INTENTS, BusinessAction>;

/**
 * /features (spec §2): a left menu and one feature at a time, chosen by `?focus=` (any case,
 * default Insights). Insights lists the business's insight tiles; Matching its match requests
 * (Active = still looking for a consultant; Completed = matched or cancelled), or with `?matchId=` that request's match view (status
 * bar, candidates, decision, feedback); Engagements its engagements (Active / Completed), or with
 * `?engagementId=` that engagement's panel (Match Info, Consultant, Deliverables).
 */
export default function Features() {
  const [params] = useSearchParams();
  const focus = featureFromSearch(params);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page features">
      <nav aria-label="Features" className="feature-menu">
        <ul>
          {FEATURES.map((feature) => (
            <li key={feature}>
              <Link
                to={featureHref(feature)}
                className="feature-link"
                aria-current={feature === focus ? "page" : undefined}
                preventScrollReset
              >
                {feature}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="feature-content">
        <NoticeBanner />
        {/* key: a new feature starts with its own toggles at their defaults. The boundary is for the
            lazily loaded tabs: while one's chunk loads, the server's HTML (on a document load) or the
            current tab (on a tab change, a transition) stays on screen; it has no visible fallback. */}
        <Suspense fallback={null}>
          <FeaturePanel key={focus} focus={focus} params={params} data={data} actionData={actionData} />
        </Suspense>
      </div>
    </div>
  );
}

type FeatureData = ReturnType<typeof useLoaderData<typeof loader>>;
type FeatureActionData = ReturnType<typeof useActionData<typeof action>>;

function FeaturePanel({
  focus,
  params,
  data,
  actionData,
}: {
  focus: Feature;
  params: URLSearchParams;
  data: FeatureData;
  actionData: FeatureActionData;
}) {
  // What the member's role may not do is not offered (docs/decisions/068).
  const may = useMemberCan();
  switch (focus) {
    case "Insights":
      return (
        <FeaturePanelFrame
          title="Insights"
          action={
            may("requestInsights") ? (
              <Link to="/create-insight" className="button button-primary">
                Create New Insight
              </Link>
            ) : null
          }
        >
          {data.tiles.length === 0 ? (
            <p className="empty-state">{NO_INSIGHTS_LIST_MESSAGE}</p>
          ) : (
            <ul className="insight-list" aria-label="Your insights">
              {data.tiles.map((tile) => (
                <li key={`${tile.type}-${tile.id}`}>
                  <InsightTile tile={tile} headingLevel={3} />
                </li>
              ))}
            </ul>
          )}
        </FeaturePanelFrame>
      );
    case "Matching":
      return (
        <FeaturePanelFrame
          title="Matching"
          action={
            may("requestMatches") ? (
              <Link to="/create-match" className="button button-primary">
                Create New Match
              </Link>
            ) : null
          }
        >
          <MatchingFeature
            params={params}
            match={data.match}
            matches={data.matches}
            decision={actionData?.intent === "decide" ? { msg: actionData.msg, decision: actionData.decision } : null}
            feedback={
              actionData?.intent === "feedback"
                ? { result: actionData.result, saved: actionData.saved, failed: actionData.failed }
                : { result: undefined, saved: null, failed: false }
            }
          />
        </FeaturePanelFrame>
      );
    case "Engagements":
      return (
        <FeaturePanelFrame title="Engagements">
          <EngagementsFeature
            params={params}
            engagement={data.engagement}
            engagements={data.engagements}
            costs={data.costs}
            actionData={actionData}
          />
        </FeaturePanelFrame>
      );
    case "Benchmarking":
      return (
        <FeaturePanelFrame title={BENCHMARKING_TITLE}>
          {data.benchmarking ? <BenchmarkingFeature summary={data.benchmarking} /> : null}
        </FeaturePanelFrame>
      );
    case "Documents":
      return (
        <FeaturePanelFrame title={DOCUMENT_COPY.title}>
          {data.documents ? (
            <DocumentsFeature hub={data.documents} result={actionData?.intent === "documents" ? actionData : null} />
          ) : null}
        </FeaturePanelFrame>
      );
  }
}

/** One feature's panel: its title (the page's h1), an optional action beside it, then its content. */
function FeaturePanelFrame({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="card feature-panel" aria-labelledby="feature-title">
      <div className="feature-head">
        <h1 id="feature-title">{title}</h1>
        {action}
      </div>
      {children}
    </section>
  );
}
