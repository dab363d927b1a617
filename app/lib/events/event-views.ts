/** Shapes the client's events for the page and the dashboard card (plain data, no JSX). */
import { EVENT_COPY, EVENT_KIND_LABELS } from "~/lib/events/event-copy";
import { plansText, registrationBlock, seatsLeft } from "~/lib/events/event-rules";
import { thePlans } from "~/lib/shared/format";
import { formatEventTime } from "~/lib/events/event-time";
import type { EventKind } from "~db/enums";

/** One upcoming event as listUpcomingEvents reads it. */
export type ClientEvent = {
  id: string;
  title: string;
  description: string;
  kind: EventKind;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  capacity: number;
  joinUrl: string;
  allowedTiers: string[];
  registrations: number;
  registered: number | boolean;
};

export type EventCardView = ReturnType<typeof eventCardView>;

/** What the dashboard's Upcoming Events card shows of an event (the /events page shows the rest). */
export type EventTeaser = Pick<EventCardView, "id" | "title" | "when" | "startsAtIso" | "registered" | "full">;

export function eventTeaser({ id, title, when, startsAtIso, registered, full }: EventCardView): EventTeaser {
  return { id, title, when, startsAtIso, registered, full };
}

/** What a business sees of one event; the join link only once it is registered. */
export function eventCardView(event: ClientEvent, tier: string, now: Date) {
  const registrations = Number(event.registrations);
  const registered = Boolean(event.registered);
  const block = registered ? null : registrationBlock({ cancelledAt: null, ...event, now, tier, registrations });
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    kindLabel: EVENT_KIND_LABELS[event.kind],
    when: formatEventTime(event.startsAt, event.endsAt, event.timeZone),
    startsAtIso: new Date(event.startsAt).toISOString(),
    timeZone: event.timeZone,
    plans: plansText(event.allowedTiers),
    seats: EVENT_COPY.seats(seatsLeft(event.capacity, registrations), event.capacity),
    full: registrations >= event.capacity,
    registered,
    block,
    planMessage: block === "plan" ? EVENT_COPY.planMessage(thePlans(event.allowedTiers)) : null,
    joinUrl: registered ? event.joinUrl : null,
  };
}
