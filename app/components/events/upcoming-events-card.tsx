import { Link } from "@remix-run/react";
import { DashboardCard } from "~/components/dashboard/dashboard-card";
import { EVENT_COPY } from "~/lib/events/event-copy";
import type { EventTeaser } from "~/lib/events/event-views";

/** The dashboard's Upcoming Events card: the next events, each linking to /events. */
export function UpcomingEventsCard({ events }: { events: EventTeaser[] }) {
  return (
    <DashboardCard id="events-card" title={EVENT_COPY.pageTitle}>
      {events.length === 0 ? (
        <p className="empty-state">{EVENT_COPY.noEvents}</p>
      ) : (
        <ul className="events-card-list">
          {events.map((event) => (
            <li key={event.id}>
              <Link to="/events" className="events-card-link">
                {event.title}
              </Link>
              <span className="events-card-meta">
                <time dateTime={event.startsAtIso}>{event.when}</time>
                {event.registered ? ` · ${EVENT_COPY.registered}` : event.full ? ` · ${EVENT_COPY.full}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/events" className="events-card-all">
        {EVENT_COPY.seeAll}
      </Link>
    </DashboardCard>
  );
}
