import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EventForm, type EventFormValues } from "~/components/events/event-form";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { ConsolePageHeader, ConsoleTableCard, type ConsoleColumn } from "~/components/manage/console-page-parts";
import { EVENT_COPY, EVENT_KIND_LABELS } from "~/lib/events/event-copy";
import { plansText } from "~/lib/events/event-rules";
import { formatEventTime, utcToWallTime } from "~/lib/events/event-time";
import { formatDate } from "~/lib/shared/dates";
import { fullName, planLabel } from "~/lib/shared/format";
import { requireRole } from "~/http/guards.server";
import { eventFormFields, EventFormSchema } from "~/lib/events/event-schemas";
import { cancelEvent, getConsoleEvent, updateEvent } from "~/server/events/events.server";
import { describeIssues, readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";
import { usePendingPost } from "~/components/ui/pending-post";

export const meta: MetaFunction = () => [{ title: "Event | Partwise" }];

/** /manage/events/{id}: the event, its edit form and its registrations (one db.batch; managers only, else 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const found = await getConsoleEvent(context.app, params.id ?? "");
  if (!found) throw notFound();
  const { event, registrations } = found;
  return {
    event: {
      id: event.id,
      title: event.title,
      description: event.description,
      kindLabel: EVENT_KIND_LABELS[event.kind],
      when: formatEventTime(event.startsAt, event.endsAt, event.timeZone),
      timeZone: event.timeZone,
      capacity: event.capacity,
      joinUrl: event.joinUrl,
      plans: plansText(event.allowedTiers),
      cancelled: event.cancelledAt !== null,
      cancelledOn: event.cancelledAt ? formatDate(event.cancelledAt) : null,
    },
    form: {
      title: event.title,
      description: event.description,
      kind: event.kind,
      timeZone: event.timeZone,
      startsAt: utcToWallTime(event.startsAt, event.timeZone),
      endsAt: utcToWallTime(event.endsAt, event.timeZone),
      capacity: String(event.capacity),
      joinUrl: event.joinUrl,
      allowedTiers: event.allowedTiers,
    } satisfies EventFormValues,
    registrations: registrations.map((row) => ({
      id: row.id,
      business: row.businessName,
      plan: planLabel(row.memberTier),
      person: fullName(row.firstName, row.lastName),
      email: row.email,
      registeredOn: formatDate(row.createdAt),
      cancelledOn: row.cancelledAt ? formatDate(row.cancelledAt) : null,
    })),
    active: registrations.filter((row) => row.cancelledAt === null).length,
  };
}

type RegistrationRow = Awaited<ReturnType<typeof loader>>["registrations"][number];

const REGISTRATION_COLUMNS: readonly ConsoleColumn<RegistrationRow>[] = [
  { label: "Business", cell: (row) => row.business },
  { label: "Plan", cell: (row) => row.plan },
  { label: "Registered by", cell: (row) => `${row.person} (${row.email})` },
  {
    label: "Registered",
    cell: (row) => (row.cancelledOn ? `${row.registeredOn} (cancelled ${row.cancelledOn})` : row.registeredOn),
  },
];

type ActionResult = { notice: string | null; error: string | null; errors: Record<string, string> };

/** intent=update (the edit form) or intent=cancel; an unknown event 404, anything else a 400. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  const reply = (result: ActionResult, status = 200) => data<ActionResult>(result, { status });
  if (!body.ok) return reply({ notice: null, error: body.msg, errors: {} }, body.status);
  const fields = eventFormFields(body.form);
  if (fields.intent !== "update" && fields.intent !== "cancel") {
    return reply({ notice: null, error: EVENT_COPY.chooseAction, errors: {} }, 400);
  }
  const found = await getConsoleEvent(context.app, params.id ?? "");
  if (!found) throw notFound();
  if (fields.intent === "cancel") {
    const outcome = await cancelEvent(context.app, found.event.id);
    return reply({
      notice: outcome === "cancelled" ? EVENT_COPY.cancelled : EVENT_COPY.alreadyCancelled,
      error: null,
      errors: {},
    });
  }
  const parsed = EventFormSchema.safeParse(fields);
  if (!parsed.success) {
    const { msg, errors } = describeIssues(parsed.error);
    return reply({ notice: null, error: msg, errors }, 400);
  }
  const saved = await updateEvent(context.app, found.event.id, parsed.data);
  if (!saved) return reply({ notice: null, error: EVENT_COPY.alreadyCancelled, errors: {} }, 409);
  return reply({ notice: EVENT_COPY.updated, error: null, errors: {} });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsoleEventPage() {
  const { event, form, registrations, active } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = usePendingPost() !== null;
  return (
    <div className="console-page">
      <ConsolePageHeader
        eyebrow={<Link to="/manage/events">{EVENT_COPY.consoleTitle}</Link>}
        title={event.title}
        aside={
          event.cancelled ? <span className="badge event-badge-cancelled">{EVENT_COPY.cancelledBadge}</span> : null
        }
      />
      <ConsoleNotices notice={actionData?.notice} error={actionData?.error} />
      <section className="card stack" aria-labelledby="event-details-heading">
        <h2 id="event-details-heading" className="card-title">
          Details
        </h2>
        <dl className="event-facts">
          <div>
            <dt>Kind</dt>
            <dd>{event.kindLabel}</dd>
          </div>
          <div>
            <dt>When</dt>
            <dd>{event.when}</dd>
          </div>
          <div>
            <dt>{EVENT_COPY.openTo}</dt>
            <dd>{event.plans}</dd>
          </div>
          <div>
            <dt>Registrations</dt>
            <dd>{`${active} / ${event.capacity}`}</dd>
          </div>
          <div>
            <dt>Join link</dt>
            <dd className="event-join-url">{event.joinUrl}</dd>
          </div>
          {event.cancelledOn ? (
            <div>
              <dt>{EVENT_COPY.cancelledBadge}</dt>
              <dd>{event.cancelledOn}</dd>
            </div>
          ) : null}
        </dl>
        {event.description ? <p>{event.description}</p> : null}
        {event.cancelled ? null : (
          <Form method="post">
            <button type="submit" name="intent" value="cancel" className="button button-danger" disabled={busy}>
              {EVENT_COPY.cancelEvent}
            </button>
          </Form>
        )}
      </section>
      <ConsoleTableCard
        headingId="event-registrations-heading"
        title={EVENT_COPY.registrationsHeading}
        emptyText={EVENT_COPY.noRegistrations}
        columns={REGISTRATION_COLUMNS}
        rows={registrations}
        rowKey={(row) => row.id}
      />
      {event.cancelled ? null : (
        <section className="card stack" aria-labelledby="event-edit-heading">
          <h2 id="event-edit-heading" className="card-title">
            {EVENT_COPY.editHeading}
          </h2>
          <EventForm intent="update" values={form} errors={actionData?.errors} busy={busy} />
        </section>
      )}
    </div>
  );
}
