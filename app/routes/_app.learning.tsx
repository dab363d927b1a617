import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BUSINESS_AREAS, LEARNING_KINDS } from "~db/enums";
import { ProgressForm } from "~/components/learning/progress-form";
import { LEARNING_COPY, LEARNING_KIND_LABELS } from "~/lib/learning/learning-copy";
import { learningCardView, learningFilter, type LearningCardView } from "~/lib/learning/learning-views";
import { categoryLabel } from "~/lib/shared/format";
import { requireClientBusiness } from "~/http/guards.server";
import { loadLearningCenter, ProgressActionSchema, setLearningProgress } from "~/server/learning/learning.server";
import { readForm } from "~/http/http.server";
import { accessTier } from "~/lib/payments/trial";
import { Field } from "~/components/ui/field";

export const meta: MetaFunction = () => [{ title: "Learning Center | Partwise" }];

/**
 * /learning: the published items, newest first, filtered by ?area= and ?kind= (works without
 * JavaScript); "New" marks items published since the previous visit. One db.batch after the session.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const filter = learningFilter(new URL(request.url).searchParams, BUSINESS_AREAS, LEARNING_KINDS);
  const { items, done, previousSeenAt } = await loadLearningCenter(context.app, viewer);
  const cards = items.map((row) =>
    learningCardView(row, { tier: accessTier(viewer.business, context.app.now()), done, since: previousSeenAt }),
  );
  const openable = cards.filter((card) => !card.locked);
  return {
    filter,
    total: items.length,
    progress: LEARNING_COPY.progress(openable.filter((card) => card.done).length, openable.length),
    items: cards.filter(
      (card) => (!filter.area || card.area === filter.area) && (!filter.kind || card.kind === filter.kind),
    ),
  };
}

type ActionResult = { itemId: string | null; notice: string | null; error: string | null };

/** intent=done or intent=undone for one item (idempotent); anything else is a 400 with the form's error. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const body = await readForm(request);
  if (!body.ok) return data<ActionResult>({ itemId: null, notice: null, error: body.msg }, { status: body.status });
  const parsed = ProgressActionSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) {
    return data<ActionResult>({ itemId: null, notice: null, error: LEARNING_COPY.chooseAction }, { status: 400 });
  }
  const { intent, itemId } = parsed.data;
  const result = await setLearningProgress(context.app, viewer, itemId, intent === "done");
  if (!result.ok) return data<ActionResult>({ itemId, notice: null, error: result.msg }, { status: result.status });
  return data<ActionResult>({ itemId, notice: result.msg, error: null });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function LearningCenterPage() {
  const { items, filter, total, progress } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page learning-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">{LEARNING_COPY.pageEyebrow}</p>
          <h1>{LEARNING_COPY.pageTitle}</h1>
        </div>
        {total > 0 ? <span className="badge">{progress}</span> : null}
      </header>
      <p className="learning-intro">{LEARNING_COPY.pageIntro}</p>
      {actionData?.error && !actionData.itemId ? (
        <p className="notice notice-danger" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <Form method="get" className="learning-filter" aria-label={LEARNING_COPY.filterHeading}>
        <Field id="learning-filter-area" label={LEARNING_COPY.areaLabel}>
          {(control) => (
            <select {...control} name="area" className="input" defaultValue={filter.area ?? ""}>
              <option value="">{LEARNING_COPY.allAreas}</option>
              {BUSINESS_AREAS.map((area) => (
                <option key={area} value={area}>
                  {categoryLabel(area)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="learning-filter-kind" label={LEARNING_COPY.kindLabel}>
          {(control) => (
            <select {...control} name="kind" className="input" defaultValue={filter.kind ?? ""}>
              <option value="">{LEARNING_COPY.allKinds}</option>
              {LEARNING_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {LEARNING_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button button-secondary">
          {LEARNING_COPY.applyFilter}
        </button>
      </Form>
      {total === 0 ? (
        <p className="empty-state">{LEARNING_COPY.noItems}</p>
      ) : items.length === 0 ? (
        <p className="empty-state">{LEARNING_COPY.noMatches}</p>
      ) : (
        <ul className="learning-list">
          {items.map((item) => (
            <li key={item.id}>
              <LearningCard
                item={item}
                notice={actionData?.itemId === item.id ? actionData.notice : null}
                error={actionData?.itemId === item.id ? actionData.error : null}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LearningCard({
  item,
  notice,
  error,
}: {
  item: LearningCardView;
  notice: string | null;
  error: string | null;
}) {
  const titleId = `learning-${item.id}-title`;
  return (
    <article className="card learning-card" aria-labelledby={titleId}>
      <p className="eyebrow">
        {item.kindLabel} · {item.areaLabel}
      </p>
      <h2 id={titleId} className="card-title">
        {item.locked ? item.title : <Link to={`/learning/${item.id}`}>{item.title}</Link>}
      </h2>
      <div className="learning-badges">
        {item.isNew ? <span className="badge learning-badge-new">{LEARNING_COPY.newBadge}</span> : null}
        {item.done ? <span className="badge learning-badge-done">{LEARNING_COPY.doneBadge}</span> : null}
        {item.locked ? <span className="badge learning-badge-locked">{LEARNING_COPY.lockedBadge}</span> : null}
      </div>
      {item.summary ? <p className="learning-summary">{item.summary}</p> : null}
      <p className="learning-published">{LEARNING_COPY.published(item.published)}</p>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice-danger" role="alert">
          {error}
        </p>
      ) : null}
      {item.locked ? (
        <p className="learning-locked">
          <span>{item.lockedText}</span> <Link to="/plan-select">{LEARNING_COPY.seePlans}</Link>
        </p>
      ) : (
        <div className="learning-actions">
          <Link
            className="button button-secondary"
            to={`/learning/${item.id}`}
            aria-label={`${LEARNING_COPY.open}: ${item.title}`}
          >
            {LEARNING_COPY.open}
          </Link>
          <ProgressForm itemId={item.id} title={item.title} done={item.done} />
        </div>
      )}
    </article>
  );
}
