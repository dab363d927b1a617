import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EMPTY_EVENT_FORM, EventForm, type EventFormValues } from "~/components/events/event-form";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { ConsolePageHeader, ConsoleTableCard, type ConsoleColumn } from "~/components/manage/console-page-parts";
import { EVENT_COPY, EVENT_KIND_LABELS } from "~/lib/events/event-copy";
import { formatEventTime } from "~/lib/events/event-time";
import { requireRole } from "~/http/guards.server";
import { eventFormFields, EventFormSchema } from "~/lib/events/event-schemas";
import { createEvent, listConsoleEvents } from "~/server/events/events.server";
import { describeIssues, readForm } from "~/http/http.server";
import { usePendingPost } from "~/components/ui/pending-post";

export const meta: MetaFunction = () => [{ title: "Events | Partwise" }];

/** /manage/events: every event with its registrations, and the create form (managers only, else 404). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const rows = await listConsoleEvents(context.app);
  return {
    events: rows.map((row) => ({
      id: row.id,
      title: row.title,
      kindLabel: EVENT_KIND_LABELS[row.kind],
      when: formatEventTime(row.startsAt, row.endsAt, row.timeZone),
      registrations: Number(row.registrations),
      capacity: row.capacity,
      cancelled: row.cancelledAt !== null,
    })),
  };
}

type ConsoleEventRow = Awaited<ReturnType<typeof loader>>["events"][number];

const EVENT_COLUMNS: readonly ConsoleColumn<ConsoleEventRow>[] = [
  {
    label: "Event",
    cell: (event) => (
      <>
        <Link to={`/manage/events/${event.id}`}>{event.title}</Link>
        {event.cancelled ? <span className="badge event-badge-cancelled">{EVENT_COPY.cancelledBadge}</span> : null}
      </>
    ),
  },
  { label: "Kind", cell: (event) => event.kindLabel },
  { label: "When", cell: (event) => event.when },
  { label: "Registrations", cell: (event) => `${event.registrations} / ${event.capacity}` },
];

type ActionResult = {
  notice: string | null;
  error: string | null;
  errors: Record<string, string>;
  values: EventFormValues | null;
  createdId: string | null;
};

/** intent=create with the event's fields; anything else, or invalid fields, is a 400 with the form's errors. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  const fail = (error: string, errors: Record<string, string>, values: EventFormValues | null, status: number) =>
    data<ActionResult>({ notice: null, error, errors, values, createdId: null }, { status });
  if (!body.ok) return fail(body.msg, {}, null, body.status);
  const fields = eventFormFields(body.form);
  const values: EventFormValues = {
    ...EMPTY_EVENT_FORM,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === "string")),
    allowedTiers: body.form.getAll("allowedTiers").map(String),
  };
  if (fields.intent !== "create") return fail(EVENT_COPY.chooseAction, {}, values, 400);
  const parsed = EventFormSchema.safeParse(fields);
  if (!parsed.success) {
    const { msg, errors } = describeIssues(parsed.error);
    return fail(msg, errors, values, 400);
  }
  const id = await createEvent(context.app, viewer.user.id, parsed.data);
  return data<ActionResult>({ notice: EVENT_COPY.created, error: null, errors: {}, values: null, createdId: id });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsoleEventsPage() {
  const { events } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = usePendingPost() !== null;
  return (
    <div className="console-page">
      <ConsolePageHeader eyebrow={EVENT_COPY.consoleEyebrow} title={EVENT_COPY.consoleTitle} />
      <ConsoleNotices notice={actionData?.notice} error={actionData?.error} />
      <ConsoleTableCard
        headingId="events-table-heading"
        title="All events"
        emptyText={EVENT_COPY.noConsoleEvents}
        columns={EVENT_COLUMNS}
        rows={events}
        rowKey={(event) => event.id}
      />
      <section className="card stack" aria-labelledby="event-create-heading">
        <h2 id="event-create-heading" className="card-title">
          {EVENT_COPY.createHeading}
        </h2>
        <EventForm
          key={actionData?.createdId ?? "new"}
          intent="create"
          values={actionData?.values ?? EMPTY_EVENT_FORM}
          errors={actionData?.errors}
          busy={busy}
        />
      </section>
    </div>
  );
}
