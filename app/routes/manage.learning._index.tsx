import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { ConsolePageHeader, ConsoleTableCard, type ConsoleColumn } from "~/components/manage/console-page-parts";
import {
  EMPTY_LEARNING_FORM,
  LearningForm,
  learningFormValues,
  type LearningFormValues,
} from "~/components/learning/learning-form";
import { LEARNING_COPY, LEARNING_KIND_LABELS } from "~/lib/learning/learning-copy";
import { plansText } from "~/lib/learning/learning-rules";
import { learningStatus } from "~/lib/learning/learning-views";
import { formatDate } from "~/lib/shared/dates";
import { categoryLabel } from "~/lib/shared/format";
import { learningFormFields } from "~/lib/learning/learning-schemas";
import { requireRole } from "~/http/guards.server";
import {
  createLearningItem,
  LEARNING_FORM_MAX_BYTES,
  listConsoleLearningItems,
  readLearningSubmission,
} from "~/server/learning/learning.server";
import { readForm } from "~/http/http.server";
import { usePendingPost } from "~/components/ui/pending-post";

export const meta: MetaFunction = () => [{ title: "Learning | Partwise" }];

/** /manage/learning: every learning item with its status, and the add form (managers only, else 404). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const rows = await listConsoleLearningItems(context.app);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      kindLabel: LEARNING_KIND_LABELS[row.kind],
      areaLabel: categoryLabel(row.area),
      plans: plansText(row.allowedTiers),
      status: learningStatus(row),
      updated: formatDate(row.updatedAt),
      done: Number(row.done),
    })),
  };
}

type ConsoleLearningRow = Awaited<ReturnType<typeof loader>>["items"][number];

const LEARNING_COLUMNS: readonly ConsoleColumn<ConsoleLearningRow>[] = [
  { label: "Item", cell: (item) => <Link to={`/manage/learning/${item.id}`}>{item.title}</Link> },
  { label: "Kind", cell: (item) => item.kindLabel },
  { label: "Area", cell: (item) => item.areaLabel },
  { label: "Open to", cell: (item) => item.plans },
  { label: "Status", cell: (item) => item.status },
  { label: "Marked done", cell: (item) => item.done },
];

type ActionResult = {
  notice: string | null;
  error: string | null;
  errors: Record<string, string>;
  values: LearningFormValues | null;
  createdId: string | null;
};

/** intent=create with the item's fields (and a template's file); anything else, or invalid fields, is a 400. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  // Only the multipart form with its template may be as large as an upload; any other body, 1 MB.
  const body = await readForm(request, { multipartMaxBytes: LEARNING_FORM_MAX_BYTES });
  const fail = (error: string, errors: Record<string, string>, values: LearningFormValues | null, status: number) =>
    data<ActionResult>({ notice: null, error, errors, values, createdId: null }, { status });
  if (!body.ok) return fail(body.msg, {}, null, body.status);
  const fields = learningFormFields(body.form);
  const values = learningFormValues(fields);
  if (fields.intent !== "create") return fail(LEARNING_COPY.consoleChooseAction, {}, values, 400);
  const submission = await readLearningSubmission(body.form, { hasFile: false });
  if (!submission.ok) return fail(submission.msg, submission.errors, values, 400);
  const id = await createLearningItem(context.app, viewer.user.id, submission.input, submission.file);
  return data<ActionResult>({ notice: LEARNING_COPY.created, error: null, errors: {}, values: null, createdId: id });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsoleLearningPage() {
  const { items } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = usePendingPost() !== null;
  return (
    <div className="console-page">
      <ConsolePageHeader eyebrow={LEARNING_COPY.consoleEyebrow} title={LEARNING_COPY.consoleTitle} />
      <ConsoleNotices notice={actionData?.notice} error={actionData?.error} />
      {actionData?.createdId ? (
        <p>
          <Link to={`/manage/learning/${actionData.createdId}`}>{LEARNING_COPY.openNew}</Link>
        </p>
      ) : null}
      <ConsoleTableCard
        headingId="learning-table-heading"
        title={LEARNING_COPY.allItems}
        emptyText={LEARNING_COPY.noConsoleItems}
        columns={LEARNING_COLUMNS}
        rows={items}
        rowKey={(item) => item.id}
      />
      <section className="card stack" aria-labelledby="learning-create-heading">
        <h2 id="learning-create-heading" className="card-title">
          {LEARNING_COPY.createHeading}
        </h2>
        <LearningForm
          key={actionData?.createdId ?? "new"}
          intent="create"
          values={actionData?.values ?? EMPTY_LEARNING_FORM}
          errors={actionData?.errors}
          busy={busy}
          currentFile={null}
        />
      </section>
    </div>
  );
}
