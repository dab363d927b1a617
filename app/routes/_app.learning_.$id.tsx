import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatFileSize } from "~/lib/shared/numbers";
import { LearningBody } from "~/components/learning/learning-content";
import { ProgressForm } from "~/components/learning/progress-form";
import { LEARNING_COPY, LEARNING_KIND_LABELS } from "~/lib/learning/learning-copy";
import { canOpen, videoView } from "~/lib/learning/learning-rules";
import { thePlans } from "~/lib/shared/format";
import { formatDate } from "~/lib/shared/dates";
import { categoryLabel } from "~/lib/shared/format";
import { requireClientBusiness } from "~/http/guards.server";
import { getClientLearningItem, ProgressActionSchema, setLearningProgress } from "~/server/learning/learning.server";
import { readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";
import { accessTier } from "~/lib/payments/trial";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.item.title ?? LEARNING_COPY.pageTitle} | Partwise` },
];

/**
 * /learning/{id}: a published item (404 for a draft, an archived or an unknown one). A plan that
 * may not open it gets the title, summary and which plans include it: no text, video or file.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const found = await getClientLearningItem(context.app, viewer, params.id ?? "");
  if (!found) throw notFound();
  const { item, done } = found;
  const open = canOpen(item.allowedTiers, accessTier(viewer.business, context.app.now()));
  return {
    item: {
      id: item.id,
      title: item.title,
      summary: item.summary,
      kindLabel: LEARNING_KIND_LABELS[item.kind],
      areaLabel: categoryLabel(item.area),
      published: item.publishedAt ? formatDate(item.publishedAt) : "",
      locked: !open,
      lockedMessage: open ? null : LEARNING_COPY.lockedMessage(thePlans(item.allowedTiers)),
      bodyMarkdown: open && item.kind === "article" ? item.bodyMarkdown : null,
      video: open && item.kind === "video" ? videoView(item.videoUrl) : null,
      file:
        open && item.kind === "template" && item.fileName
          ? { name: item.fileName, size: formatFileSize(item.fileSizeBytes ?? 0) }
          : null,
      done,
    },
  };
}

type ActionResult = { notice: string | null; error: string | null };

/** intent=done or intent=undone for this item (idempotent); junk is a 400. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const body = await readForm(request);
  if (!body.ok) return data<ActionResult>({ notice: null, error: body.msg }, { status: body.status });
  const parsed = ProgressActionSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success || parsed.data.itemId !== params.id) {
    return data<ActionResult>({ notice: null, error: LEARNING_COPY.chooseAction }, { status: 400 });
  }
  const result = await setLearningProgress(context.app, viewer, parsed.data.itemId, parsed.data.intent === "done");
  if (!result.ok) return data<ActionResult>({ notice: null, error: result.msg }, { status: result.status });
  return data<ActionResult>({ notice: result.msg, error: null });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function LearningItemPage() {
  const { item } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page learning-item-page">
      <p>
        <Link to="/learning">{LEARNING_COPY.back}</Link>
      </p>
      <header className="page-header">
        <div>
          <p className="eyebrow">
            {item.kindLabel} · {item.areaLabel}
          </p>
          <h1>{item.title}</h1>
        </div>
        {item.done ? <span className="badge learning-badge-done">{LEARNING_COPY.doneBadge}</span> : null}
      </header>
      <p className="learning-published">{LEARNING_COPY.published(item.published)}</p>
      {item.summary ? <p className="learning-summary">{item.summary}</p> : null}
      {actionData?.notice ? (
        <p className="notice" role="status">
          {actionData.notice}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="notice notice-danger" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {item.locked ? (
        <p className="learning-locked">
          <span>{item.lockedMessage}</span> <Link to="/plan-select">{LEARNING_COPY.seePlans}</Link>
        </p>
      ) : (
        <>
          <LearningBody title={item.title} bodyMarkdown={item.bodyMarkdown} video={item.video} />
          {item.file ? (
            <p>
              <a className="button button-primary" href={`/learning/${item.id}/file`} download>
                {LEARNING_COPY.download}
              </a>{" "}
              <span className="field-hint">
                {item.file.name} ({item.file.size})
              </span>
            </p>
          ) : null}
          <ProgressForm itemId={item.id} title={item.title} done={item.done} />
        </>
      )}
    </div>
  );
}
