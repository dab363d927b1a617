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
import { notFound, runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
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

const reply = (result: ActionResult, status = 200) => data<ActionResult>(result, { status });

/**
 * intent=update (the edit form) or intent=cancel; an unknown event 404, anything else a 400. One
 * function per intent (EVENT_INTENTS).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  if (!body.ok) return reply({ notice: null, error: body.msg, errors: {} }, body.status);
  const fields = eventFormFields(body.form);
  const intent = typeof fields.intent === "string" ? fields.intent : null;
  return runIntent(intent, EVENT_INTENTS, otherPost, { app: context.app, id: params.id ?? "", fields });
}

/** What each of the page's posts is given: the event's id (from the URL) and the form's fields. */
type EventPost = { app: AppContext; id: string; fields: Record<string, unknown> };

/** The event a post changes: an unknown id 404s. */
async function eventToChange(app: AppContext, id: string) {
  const found = await getConsoleEvent(app, id);
  if (!found) throw notFound();
  return found.event;
}

async function cancelPost({ app, id }: EventPost) {
  const event = await eventToChange(app, id);
  const outcome = await cancelEvent(app, event.id);
  return reply({
    notice: outcome === "cancelled" ? EVENT_COPY.cancelled : EVENT_COPY.alreadyCancelled,
    error: null,
    errors: {},
  });
}

/** The edit form. */
async function updatePost({ app, id, fields }: EventPost) {
  const event = await eventToChange(app, id);
  const parsed = EventFormSchema.safeParse(fields);
  if (!parsed.success) {
    const { msg, errors } = describeIssues(parsed.error);
    return reply({ notice: null, error: msg, errors }, 400);
  }
  const saved = await updateEvent(app, event.id, parsed.data);
  if (!saved) return reply({ notice: null, error: EVENT_COPY.alreadyCancelled, errors: {} }, 409);
  return reply({ notice: EVENT_COPY.updated, error: null, errors: {} });
}

/** No button of the page posts this: a 400, before the event is looked up. */
async function otherPost(_post: EventPost) {
  return reply({ notice: null, error: EVENT_COPY.chooseAction, errors: {} }, 400);
}

const EVENT_INTENTS = { update: updatePost, cancel: cancelPost };

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
