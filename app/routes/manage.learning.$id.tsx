import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatFileSize } from "~/lib/shared/numbers";
import { LearningBody } from "~/components/learning/learning-content";
import { LearningForm, type LearningFormValues } from "~/components/learning/learning-form";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { ConsolePageHeader } from "~/components/manage/console-page-parts";
import { LEARNING_COPY, LEARNING_KIND_LABELS } from "~/lib/learning/learning-copy";
import { accessOf, plansText, videoView } from "~/lib/learning/learning-rules";
import { learningStatus } from "~/lib/learning/learning-views";
import { formatDate } from "~/lib/shared/dates";
import { categoryLabel } from "~/lib/shared/format";
import { learningFormFields } from "~/lib/learning/learning-schemas";
import { requireRole } from "~/http/guards.server";
import {
  changeLearningStatus,
  getConsoleLearningItem,
  LEARNING_FORM_MAX_BYTES,
  missingContent,
  readLearningSubmission,
  updateLearningItem,
  type StatusChange,
} from "~/server/learning/learning.server";
import { readForm } from "~/http/http.server";
import { notFound, runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
import { usePendingPost } from "~/components/ui/pending-post";

export const meta: MetaFunction = () => [{ title: "Learning item | Partwise" }];

/** /manage/learning/{id}: the item, its preview, its status buttons and edit form (managers only, else 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const found = await getConsoleLearningItem(context.app, params.id ?? "");
  if (!found) throw notFound();
  const { item, done } = found;
  return {
    item: {
      id: item.id,
      title: item.title,
      summary: item.summary,
      kind: item.kind,
      kindLabel: LEARNING_KIND_LABELS[item.kind],
      areaLabel: categoryLabel(item.area),
      plans: plansText(item.allowedTiers),
      status: learningStatus(item),
      published: item.publishedAt !== null,
      archived: item.archivedAt !== null,
      publishedOn: item.publishedAt ? formatDate(item.publishedAt) : null,
      updatedOn: formatDate(item.updatedAt),
      bodyMarkdown: item.kind === "article" ? item.bodyMarkdown : null,
      video: item.kind === "video" ? videoView(item.videoUrl) : null,
      file:
        item.fileName && item.fileSizeBytes !== null
          ? LEARNING_COPY.currentFile(item.fileName, formatFileSize(item.fileSizeBytes))
          : null,
      done,
    },
    form: {
      kind: item.kind,
      title: item.title,
      summary: item.summary,
      area: item.area,
      bodyMarkdown: item.bodyMarkdown,
      videoUrl: item.videoUrl ?? "",
      access: accessOf(item.kind, item.allowedTiers),
    } satisfies LearningFormValues,
  };
}

type ActionResult = { notice: string | null; error: string | null; errors: Record<string, string> };

const reply = (result: ActionResult, status = 200) => data<ActionResult>(result, { status });

/**
 * intent=update (the edit form), publish, unpublish or archive; an unknown item 404, anything else a 400.
 * One function per intent (LEARNING_INTENTS).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(context.app, request, "manager");
  // Only the multipart form with its template may be as large as an upload; any other body, 1 MB.
  const body = await readForm(request, { multipartMaxBytes: LEARNING_FORM_MAX_BYTES });
  if (!body.ok) return reply({ notice: null, error: body.msg, errors: {} }, body.status);
  const formData = body.form;
  const intent = learningFormFields(formData).intent ?? null;
  return runIntent(intent, LEARNING_INTENTS, otherPost, { app: context.app, id: params.id ?? "", formData });
}

/** What each of the page's posts is given: the item's id (from the URL). */
type LearningPost = { app: AppContext; id: string; formData: FormData };

/**
 * The item a post changes: an unknown id 404s; an archived item takes nothing but archive (a 409,
 * `refused`).
 */
async function itemToChange(app: AppContext, id: string, change: StatusChange | "update") {
  const found = await getConsoleLearningItem(app, id);
  if (!found) throw notFound();
  const refused =
    found.item.archivedAt && change !== "archive"
      ? reply({ notice: null, error: LEARNING_COPY.archivedEdit, errors: {} }, 409)
      : null;
  return { found, refused };
}

/** Publish, unpublish or archive (publishing needs the kind's content). */
async function statusPost({ app, id }: LearningPost, change: StatusChange) {
  const { found, refused } = await itemToChange(app, id, change);
  if (refused) return refused;
  if (change === "publish") {
    const missing = missingContent(found.item);
    if (missing) return reply({ notice: null, error: missing, errors: {} }, 400);
  }
  const outcome = await changeLearningStatus(app, found.item.id, change);
  return reply({ notice: outcome.msg, error: null, errors: {} });
}

const publishPost = (post: LearningPost) => statusPost(post, "publish");
const unpublishPost = (post: LearningPost) => statusPost(post, "unpublish");
const archivePost = (post: LearningPost) => statusPost(post, "archive");

/** The edit form (and a template's new file). */
async function updatePost({ app, id, formData }: LearningPost) {
  const { found, refused } = await itemToChange(app, id, "update");
  if (refused) return refused;
  const submission = await readLearningSubmission(formData, { hasFile: found.item.fileKey !== null });
  if (!submission.ok) return reply({ notice: null, error: submission.msg, errors: submission.errors }, 400);
  const saved = await updateLearningItem(app, found.item, submission.input, submission.file);
  if (!saved) return reply({ notice: null, error: LEARNING_COPY.archivedEdit, errors: {} }, 409);
  return reply({ notice: LEARNING_COPY.updated, error: null, errors: {} });
}

/** No button of the page posts this: a 400, before the item is looked up. */
async function otherPost(_post: LearningPost) {
  return reply({ notice: null, error: LEARNING_COPY.consoleChooseAction, errors: {} }, 400);
}

const LEARNING_INTENTS = {
  update: updatePost,
  publish: publishPost,
  unpublish: unpublishPost,
  archive: archivePost,
} satisfies Record<StatusChange | "update", unknown>;

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsoleLearningItemPage() {
  const { item, form } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = usePendingPost() !== null;
  return (
    <div className="console-page">
      <ConsolePageHeader
        eyebrow={<Link to="/manage/learning">{LEARNING_COPY.consoleTitle}</Link>}
        title={item.title}
        aside={<span className="badge">{item.status}</span>}
      />
      <ConsoleNotices notice={actionData?.notice} error={actionData?.error} />
      <section className="card stack" aria-labelledby="learning-details-heading">
        <h2 id="learning-details-heading" className="card-title">
          {LEARNING_COPY.details}
        </h2>
        <dl className="learning-facts">
          <div>
            <dt>Kind</dt>
            <dd>{item.kindLabel}</dd>
          </div>
          <div>
            <dt>Business area</dt>
            <dd>{item.areaLabel}</dd>
          </div>
          <div>
            <dt>Open to</dt>
            <dd>{item.plans}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{item.publishedOn ? `${item.status} (${item.publishedOn})` : item.status}</dd>
          </div>
          <div>
            <dt>Marked done</dt>
            <dd>{item.done}</dd>
          </div>
          <div>
            <dt>Last change</dt>
            <dd>{item.updatedOn}</dd>
          </div>
        </dl>
        {item.archived ? null : (
          <Form method="post" className="button-row">
            {item.published ? (
              <button type="submit" name="intent" value="unpublish" className="button button-secondary" disabled={busy}>
                {LEARNING_COPY.unpublish}
              </button>
            ) : (
              <button type="submit" name="intent" value="publish" className="button button-primary" disabled={busy}>
                {LEARNING_COPY.publish}
              </button>
            )}
            <button type="submit" name="intent" value="archive" className="button button-danger" disabled={busy}>
              {LEARNING_COPY.archive}
            </button>
          </Form>
        )}
      </section>
      <section className="card stack" aria-labelledby="learning-preview-heading">
        <h2 id="learning-preview-heading" className="card-title">
          {LEARNING_COPY.preview}
        </h2>
        {item.summary ? <p className="learning-summary">{item.summary}</p> : null}
        <LearningBody title={item.title} bodyMarkdown={item.bodyMarkdown} video={item.video} />
        {item.file ? <p>{item.file}</p> : null}
      </section>
      {item.archived ? null : (
        <section className="card stack" aria-labelledby="learning-edit-heading">
          <h2 id="learning-edit-heading" className="card-title">
            {LEARNING_COPY.editHeading}
          </h2>
          <LearningForm intent="update" values={form} errors={actionData?.errors} busy={busy} currentFile={item.file} />
        </section>
      )}
    </div>
  );
}
