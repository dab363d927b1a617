import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { EVENT_COPY } from "~/lib/events/event-copy";
import { eventCardView, type EventCardView } from "~/lib/events/event-views";
import { requireClientBusiness } from "~/http/guards.server";
import { cancelRegistration, listUpcomingEvents, registerForEvent } from "~/server/events/events.server";
import { readForm } from "~/http/http.server";
import { usePosting } from "~/components/ui/pending-post";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { accessTier } from "~/lib/payments/trial";

export const meta: MetaFunction = () => [{ title: "Upcoming Events | Partwise" }];

/** /events: the upcoming events, soonest first (one query after the session). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const now = context.app.now();
  const rows = await listUpcomingEvents(context.app, viewer.business.id);
  const tier = accessTier(viewer.business, now);
  return { events: rows.map((row) => eventCardView(row, tier, now)) };
}

const EventActionSchema = z.object({ intent: z.enum(["register", "cancel"]), eventId: z.string().uuid() });

type ActionResult = { eventId: string | null; notice: string | null; error: string | null };

/** intent=register or intent=cancel for one event; anything else is a 400 with the form's error. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request, "registerForEvents");
  const body = await readForm(request);
  if (!body.ok) return data<ActionResult>({ eventId: null, notice: null, error: body.msg }, { status: body.status });
  const parsed = EventActionSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) {
    return data<ActionResult>({ eventId: null, notice: null, error: EVENT_COPY.chooseAction }, { status: 400 });
  }
  const { intent, eventId } = parsed.data;
  const result =
    intent === "register"
      ? await registerForEvent(context.app, viewer, eventId)
      : await cancelRegistration(context.app, viewer, eventId);
  if (!result.ok) return data<ActionResult>({ eventId, notice: null, error: result.msg }, { status: result.status });
  return data<ActionResult>({ eventId, notice: result.msg, error: null });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function EventsPage() {
  const { events } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page events-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Community</p>
          <h1>{EVENT_COPY.pageTitle}</h1>
        </div>
      </header>
      <p className="events-intro">{EVENT_COPY.pageIntro}</p>
      {/* A role that may not register reads the events without Register or Cancel (docs/decisions/071). */}
      {events.length > 0 ? <RoleNotice action="registerForEvents" /> : null}
      {actionData?.error && !actionData.eventId ? (
        <p className="notice notice-danger" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {events.length === 0 ? (
        <p className="empty-state">{EVENT_COPY.noEvents}</p>
      ) : (
        <ul className="events-list">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard
                event={event}
                notice={actionData?.eventId === event.id ? actionData.notice : null}
                error={actionData?.eventId === event.id ? actionData.error : null}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EventCard({ event, notice, error }: { event: EventCardView; notice: string | null; error: string | null }) {
  const busy = usePosting({ eventId: event.id });
  const may = useMemberCan();
  const titleId = `event-${event.id}-title`;
  return (
    <article className="card event-card" aria-labelledby={titleId}>
      <p className="eyebrow">{event.kindLabel}</p>
      <h2 id={titleId} className="card-title">
        {event.title}
      </h2>
      <p className="event-when">
        <time dateTime={event.startsAtIso}>{event.when}</time>
      </p>
      {event.description ? <p className="event-description">{event.description}</p> : null}
      <dl className="event-facts">
        <div>
          <dt>{EVENT_COPY.openTo}</dt>
          <dd>{event.plans}</dd>
        </div>
        <div>
          <dt>Seats</dt>
          <dd>{event.full && !event.registered ? EVENT_COPY.full : event.seats}</dd>
        </div>
      </dl>
      {event.registered ? (
        <p className="badge event-badge-registered">{EVENT_COPY.registered}</p>
      ) : event.full ? (
        <p className="badge event-badge-full">{EVENT_COPY.full}</p>
      ) : null}
      {event.planMessage ? <p className="event-plan-message">{event.planMessage}</p> : null}
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
      <div className="event-actions">
        {event.joinUrl ? (
          <a className="button button-primary" href={event.joinUrl} target="_blank" rel="noreferrer noopener">
            {EVENT_COPY.joinLink}
            <span className="visually-hidden">: {event.title} (opens in a new tab)</span>
          </a>
        ) : null}
        {may("registerForEvents") ? (
          <Form method="post">
            <input type="hidden" name="eventId" value={event.id} />
            {event.registered ? (
              <button
                type="submit"
                name="intent"
                value="cancel"
                className="button button-secondary"
                disabled={busy}
                aria-label={EVENT_COPY.cancelRegistrationFor(event.title)}
              >
                {EVENT_COPY.cancelRegistration}
              </button>
            ) : (
              <button
                type="submit"
                name="intent"
                value="register"
                className="button button-primary"
                disabled={busy || event.block !== null}
                aria-label={EVENT_COPY.registerFor(event.title)}
              >
                {EVENT_COPY.register}
              </button>
            )}
          </Form>
        ) : null}
        <a className="button button-secondary" href={`/events/${event.id}.ics`} download>
          {EVENT_COPY.addToCalendar}
          <span className="visually-hidden">: {event.title}</span>
        </a>
      </div>
    </article>
  );
}
